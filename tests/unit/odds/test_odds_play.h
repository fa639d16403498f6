/*
 * What the two files of the odds-play test share (test_odds_play.c, the
 * hand-checked cases and main; test_odds_play_diff.c, the random
 * differential cases): the catalogue every case runs on, the tolerance of
 * exact figures, and the differential tcases for main to add.
 */
#ifndef MF_TEST_ODDS_PLAY_H
#define MF_TEST_ODDS_PLAY_H

#include <check.h>

#include "manaflow/mana.h"

/* Exact figures agree to this much. */
#define TOLERANCE 1e-9

/* The built-in catalogue and five modal double-faced land faces
 * (play_add_mdfc_lands) while a case runs (play_setup to play_teardown),
 * NULL otherwise. */
extern struct mf_mana_catalogue *play_cat;

/* Every case's fixture: loads the built-in catalogue and the faces into
 * play_cat, failing the running test if it does not load. */
void play_setup(void);

/* Replaces *cat with a copy that also holds the five land faces of Zendikar
 * Rising's mythic modal double-faced cards (Emeria, Shattered Skyclave ...
 * Turntimber, Serpentine Wood: one colour each, untapped for 3 life), at
 * the end; fails the running test if it cannot (test_odds_mdfc.c). */
void play_add_mdfc_lands(struct mf_mana_catalogue **cat);

/* Frees play_cat and sets it to NULL. */
void play_teardown(void);

/* Adds the tcases "exact-diff" (mf_odds_compute MF_ODDS_EXACT against
 * odds_play_exact, and a curve's turns), "sample-diff" (MF_ODDS_AUTO and
 * MF_ODDS_SAMPLE against odds_play_sample) and "fetch-carry" (a sampled
 * curve's turns against each turn asked alone, to the bit) to s, which
 * owns them then (test_odds_play_diff.c). */
void play_add_diff_tcases(Suite *s);

/* Adds the tcase "cache" (the same results with a shared mf_odds_cache
 * as without) to s, which owns it then (test_odds_cache.c). */
void play_add_cache_tcases(Suite *s);

/* Adds the tcase "many" (mf_odds_compute_many() against the spells asked
 * one by one) to s, which owns it then (test_odds_many.c). */
void play_add_many_tcases(Suite *s);

/* Adds the tcase "mdfc" (a land face that may pay 3 life against a shock
 * land and a tapped land, engine and reference) to s, which owns it then
 * (test_odds_mdfc.c). */
void play_add_mdfc_tcases(Suite *s);

#endif
