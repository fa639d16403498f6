/*
 * The odds solver's land-drop model against its independent reference
 * (tests/reference/odds_play) on random queries from fixed seeds
 * (odds_random); the hand-checkable cases and main are in test_odds_play.c.
 *
 * "exact-diff": mf_odds_compute (MF_ODDS_EXACT) and odds_play_exact on
 * random small queries with fixed seeds: 1-4 lands drawn from every family
 * of the built-in catalogue, turns 1-4, every policy, play or draw, life
 * 1-20, costs from a list. Within 1e-9; a disagreement prints the query.
 *
 * "sample-diff": mf_odds_compute (MF_ODDS_AUTO, then MF_ODDS_SAMPLE: its
 * estimate post-stratified by the lands seen) and odds_play_sample on
 * random larger decks (5-12 lands from every family, 40/60/99 cards, turns
 * 1-7): within 4 standard errors of the difference.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_play.h"
#include "odds_random.h"
#include "test_odds_play.h"

/* Overridable for longer runs by hand (-DEXACT_SEEDS=.. and so on). */
#ifndef EXACT_SEEDS
#define EXACT_SEEDS 6
#endif
#ifndef EXACT_QUERIES
#define EXACT_QUERIES 300
#endif
#ifndef CURVE_QUERIES
#define CURVE_QUERIES 60
#endif
#ifndef SAMPLE_SEEDS
#define SAMPLE_SEEDS 4
#endif
#ifndef SAMPLE_QUERIES
#define SAMPLE_QUERIES 6
#endif
#ifndef SAMPLE_GAMES
#define SAMPLE_GAMES 20000
#endif

#define SIGMAS 4.0

/* n, or a 25th of it under valgrind (tests/meson.build's setup). */
static uint32_t scaled(uint32_t n)
{
	return getenv("MANAFLOW_UNDER_VALGRIND") ? n / 25 + 1 : n;
}

START_TEST(test_exact_diff)
{
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x706c6179u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(EXACT_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS];
		struct mf_odds_query q;
		struct mf_odds_result got;
		struct odds_play_result want;
		char text[1024];
		int rc;

		odds_random_small(&r, &q, idx, counts);
		odds_random_print(&q, text, sizeof(text));
		rc = odds_play_exact(&q, &want);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", _i, n,
			      mf_status_str(rc), text);
		rc = mf_odds_compute(&q, &got);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: engine %s%s: %s", _i, n,
			      mf_status_str(rc), got.over_budget ? " (over budget)" : "", text);
		ck_assert_msg(got.lands_needed == want.lands_needed &&
			      fabs(got.p_lands - want.p_lands) <= TOLERANCE &&
			      fabs(got.p_castable - want.p_castable) <= TOLERANCE &&
			      fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
				      TOLERANCE &&
			      got.given_defined == want.given_defined,
			      "seed %d query %d: %s\n  engine    needed %u lands %.12f castable %.12f "
			      "given %.12f (defined %d)\n  reference needed %u lands %.12f castable "
			      "%.12f given %.12f",
			      _i, n, text, got.lands_needed, got.p_lands, got.p_castable,
			      got.p_castable_given_lands, got.given_defined, want.lands_needed,
			      want.p_lands, want.p_castable, want.p_castable_given_lands);
	}
}
END_TEST

/* A curve's turns against the reference asked at each turn: the exact
 * count's by_turn[t - 1] is the same game's p_castable on turn t, so the
 * walks that stop early (the grid's cast cells) must agree with one asked
 * at t. Two turns of each curve, the reference's limits bounding it by the
 * turn asked. */
START_TEST(test_curve_diff)
{
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x63757276u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(CURVE_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS];
		struct mf_odds_query q;
		struct mf_odds_result got;
		char text[1024];
		int rc;

		odds_random_small(&r, &q, idx, counts);
		q.curve = q.turn;
		odds_random_print(&q, text, sizeof(text));
		rc = mf_odds_compute(&q, &got);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: engine %s: %s", _i, n, mf_status_str(rc),
			      text);
		ck_assert_uint_eq(got.curve, q.curve);
		ck_assert_msg(fabs(got.by_turn[q.turn - 1] - got.p_castable) <= TOLERANCE,
			      "seed %d query %d: by_turn[T] %.12f, p_castable %.12f: %s", _i, n,
			      got.by_turn[q.turn - 1], got.p_castable, text);
		for (int k = 0; k < 2; k++) {
			struct mf_odds_query at = q;
			struct odds_play_result want;

			at.turn = 1 + (uint32_t)(odds_random_bits(&r) % q.curve);
			at.curve = 0;
			rc = odds_play_exact(&at, &want);
			ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", _i, n,
				      mf_status_str(rc), text);
			ck_assert_msg(fabs(got.by_turn[at.turn - 1] - want.p_castable) <= TOLERANCE,
				      "seed %d query %d, turn %u of the curve: engine %.12f, reference "
				      "%.12f: %s", _i, n, at.turn, got.by_turn[at.turn - 1],
				      want.p_castable, text);
		}
	}
}
END_TEST

/* Whether a (reference, sampled) and b (engine, se_b 0 when exact) agree
 * within SIGMAS standard errors of their difference. The reference's error
 * is taken at (k + 1) / (n + 2) so that a figure of 0 or 1 still has one. */
static bool close_enough(double a, uint64_t n, double b, double se_b, double *bound)
{
	double p = (a * (double)n + 1) / ((double)n + 2);
	double se_a = n ? sqrt(p * (1 - p) / (double)n) : 0;

	*bound = SIGMAS * sqrt(se_a * se_a + se_b * se_b);
	return fabs(a - b) <= *bound;
}

START_TEST(test_sample_diff)
{
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x73616d70u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(SAMPLE_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS];
		struct mf_odds_query q;
		struct mf_odds_result got;
		struct odds_play_result want;
		double se_lands, se_cast, bound_lands, bound_cast;
		char text[2048];
		int rc;

		odds_random_large(&r, &q, idx, counts);
		if (scaled(2) == 1)  /* under valgrind: fewer engine games too, if it samples */
			q.games = scaled(MF_ODDS_GAMES_DEFAULT);
		odds_random_print(&q, text, sizeof(text));
		rc = odds_play_sample(&q, odds_random_bits(&r), scaled(SAMPLE_GAMES), &want);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", _i, n,
			      mf_status_str(rc), text);
		for (int sampled = 0; sampled < 2; sampled++) {
			if (sampled) {
				q.method = MF_ODDS_SAMPLE;
				q.seed = odds_random_bits(&r);
			}
			rc = mf_odds_compute(&q, &got);
			ck_assert_msg(rc == MF_OK, "seed %d query %d: engine %s: %s", _i, n,
				      mf_status_str(rc), text);
			ck_assert(!sampled || got.method == MF_ODDS_SAMPLE);
			se_lands = got.method == MF_ODDS_SAMPLE ? got.se[0] : 0;
			se_cast = got.method == MF_ODDS_SAMPLE ? got.se[1] : 0;
			ck_assert_msg(got.lands_needed == want.lands_needed &&
				      close_enough(want.p_lands, want.games, got.p_lands, se_lands,
						   &bound_lands) &&
				      close_enough(want.p_castable, want.games, got.p_castable, se_cast,
						   &bound_cast),
				      "seed %d query %d: %s\n  engine (%s) needed %u lands %.6f castable "
				      "%.6f\n  reference   needed %u lands %.6f castable %.6f (bounds %.6f "
				      "%.6f)",
				      _i, n, text, got.method == MF_ODDS_EXACT ? "exact" : "sampled",
				      got.lands_needed, got.p_lands, got.p_castable, want.lands_needed,
				      want.p_lands, want.p_castable, bound_lands, bound_cast);
		}
	}
}
END_TEST

/* Adds "exact-diff" and "sample-diff" to s (see test_odds_play.h). */
void play_add_diff_tcases(Suite *s)
{
	TCase *tc = tcase_create("exact-diff");

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_exact_diff, 0, EXACT_SEEDS);
	tcase_add_loop_test(tc, test_curve_diff, 0, EXACT_SEEDS);
	suite_add_tcase(s, tc);
	tc = tcase_create("sample-diff");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_sample_diff, 0, SAMPLE_SEEDS);
	suite_add_tcase(s, tc);
}
