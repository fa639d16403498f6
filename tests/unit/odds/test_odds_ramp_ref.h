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

/* The dorks and rocks of the random decks (test_odds_ramp_diff.c): source
 * i < RAMP_POOL_SOURCES of the list (Llanowar Elves, Birds of Paradise, Sol
 * Ring, two Signets, a Talisman, Mind Stone, Guardian Idol, Fellwar Stone,
 * Gitaxian Rock, Coalition Relic, and a creature costing {2/G}). */
#define RAMP_POOL_SOURCES 12
struct mf_odds_source ramp_pool_source(size_t i);

/* Adds to q (which must play MF_ODDS_NONE afterwards: set here) 1 to `most`
 * distinct sources of the list, 4 copies each, and a source that makes
 * nothing last (3 copies), into src and counts (most + 1 each at least);
 * q points to them. */
struct odds_random;
void ramp_add_sources(struct odds_random *r, struct mf_odds_query *q, size_t most,
		      struct mf_odds_source *src, uint32_t *counts);

/* Deals a random game of q (lands, sources, other cards) from rng: the
 * first 7 of a shuffled deck, kept as they are, and its draws. */
struct odds_ramp_game;
void ramp_deal_sources(const struct mf_odds_query *q, uint64_t *rng, struct odds_ramp_game *g);

/* Adds the tcases "no-sources" (odds_play's answers on decks without
 * sources) and "identities" (what a source in a game must and must not
 * change) to s, which owns them then (test_odds_ramp_diff.c). */
void ramp_add_diff_tcases(Suite *s);

/* Adds the tcases "engine-games" (mf_odds_castable on a model with
 * sources, game by game, against odds_ramp_castable) and "engine-sample"
 * (mf_odds_compute against odds_ramp_exact within 4 standard errors) to s
 * (test_odds_ramp_engine.c). */
void ramp_add_engine_tcases(Suite *s);

/* Adds the tcase "engine-reuse" (a deck a few cards from a recorded one
 * answers the same with the record and without, for less work) to s
 * (test_odds_ramp_reuse.c). */
void ramp_add_reuse_tcases(Suite *s);

/* Adds the tcase "engine-hall" (mf_odds_ramp_pays() against a search of
 * every payment, on random costs and pools) to s (test_odds_ramp_pool.c). */
void ramp_add_pool_tcases(Suite *s);

#endif
