/*
 * What the two files of the odds-ramp-ref test share (test_odds_ramp_ref.c,
 * the hand-worked cases and main; test_odds_ramp_diff.c, the random cases):
 * the catalogue every case runs on, how a case names costs and sources,
 * and the random tcases for main to add.
 */
#ifndef MF_TEST_ODDS_RAMP_REF_H
#define MF_TEST_ODDS_RAMP_REF_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"

/* Exact figures agree to this much. */
#define TOLERANCE 1e-9

/* The built-in catalogue and Zendikar Rising's five land faces untapped
 * for 3 life (which odds_random draws too) while a case runs (ramp_setup
 * to ramp_teardown), NULL otherwise. */
extern struct mf_mana_catalogue *ramp_cat;

/* Every case's fixture: loads ramp_cat, failing the running test if it
 * does not load. */
void ramp_setup(void);

/* Frees ramp_cat and sets it to NULL. */
void ramp_teardown(void);

/* n, or a 25th of it under valgrind (tests/meson.build's setup). */
uint32_t ramp_scaled(uint32_t n);

/* The parsed cost; fails the running test if it does not parse. */
struct mf_mana_cost ramp_cost(const char *text);

/* A source: its name (borrowed) and cost, creature or artifact, entering
 * tapped or not, its filter, and its options as "letters[!life]" strings
 * (WUBRGC; "W!1": {W} for 1 life), ending with NULL. */
struct mf_odds_source ramp_source(const char *name, const char *cost, bool creature,
				  bool tapped, unsigned filter, ...);

/* Adds the tcases "no-sources" (odds_play's answers on decks without
 * sources) and "identities" (what a source in a game must and must not
 * change) to s, which owns them then (test_odds_ramp_diff.c). */
void ramp_add_diff_tcases(Suite *s);

#endif
