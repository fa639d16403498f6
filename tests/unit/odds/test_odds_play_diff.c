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
 * "fetch-diff": the same on small decks of fetches and the few lands they
 * find (tapped, for life or untapped), so that a land drawn takes the last
 * of its group from the fetches' library: every turn of a curve to 4,
 * within 1e-9 (the grid's shortcuts must heed what fetches lose).
 *
 * "sample-diff" also holds the sample on those fetch decks to the exact
 * count, every turn of the curve within 4 standard errors.
 *
 * "fetch-carry": the sampler's shortcut, exactly. On those fetch decks,
 * with 3-4 of each fetch and 1-2 of each land found, alone and with an
 * Elf and a Sol Ring, each turn of a sampled curve is
 * the same figure, to the bit, as a query of that turn alone over the same
 * games: a game that cast on a turn before is carried, not searched,
 * only where the search would cast too.
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
#include <string.h>

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
#ifndef FETCH_SEEDS
#define FETCH_SEEDS 4
#endif
#ifndef FETCH_QUERIES
#define FETCH_QUERIES 150
#endif
#ifndef FETCH_SAMPLED
#define FETCH_SAMPLED 15
#endif
#ifndef FETCH_GAMES
#define FETCH_GAMES 100000
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

/* Turn t of got's curve (the engine's answer to q) against the reference
 * asked on turn t alone, within TOLERANCE; seed, n and text name the
 * query in a failure. */
static void turn_is_reference(const struct mf_odds_query *q, const struct mf_odds_result *got, uint32_t t,
			      int seed, int n, const char *text)
{
	struct mf_odds_query at = *q;
	struct odds_play_result want;
	int rc;

	at.turn = t;
	at.curve = 0;
	rc = odds_play_exact(&at, &want);
	ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", seed, n, mf_status_str(rc), text);
	ck_assert_msg(fabs(got->by_turn[t - 1] - want.p_castable) <= TOLERANCE,
		      "seed %d query %d, turn %u of the curve: engine %.12f, reference %.12f: %s", seed, n, t,
		      got->by_turn[t - 1], want.p_castable, text);
}

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
		for (int k = 0; k < 2; k++)
			turn_is_reference(&q, &got, 1 + (uint32_t)(odds_random_bits(&r) % q.curve), _i, n,
					  text);
	}
}
END_TEST

/* The fetches and the lands they find (Forest, Plains or Island types:
 * a surveil land and a triome enter tapped, shock lands for life, basics
 * untapped), and check lands that look for those types. */
static const char *const fetch_lands[] = { "Windswept Heath", "Flooded Strand", "Evolving Wilds",
					   "Fabled Passage" };
static const char *const found_lands[] = { "Lush Portico", "Meticulous Archive",
					   "Spara's Headquarters", "Temple Garden", "Hallowed Fountain",
					   "Forest", "Plains", "Island", "Sunpetal Grove",
					   "Glacial Fortress" };
static const char *const fetch_costs[] = { "{G}{G}", "{W}{W}", "{G}{W}", "{W}{U}", "{1}{G}",
					   "{1}{W}{W}", "{G}{W}{U}", "{U}{U}" };

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A catalogue index by name, failing the test when there is none. */
static int32_t land_named(const char *name)
{
	int32_t i = mf_mana_catalogue_find(play_cat, name, strlen(name));

	ck_assert_msg(i >= 0, "no land %s in the built-in catalogue", name);
	return i;
}

/* A random small deck of one or two fetches and lands they find, one to
 * three of each, into q (idx, counts: room for 4): a cost of their
 * colours, turn 2-4, a curve to 4, life 1-20, exact. */
static void fetch_deck(struct odds_random *r, struct mf_odds_query *q, int32_t *idx, uint32_t *counts)
{
	size_t kinds = 2 + (size_t)(odds_random_bits(r) % 3);
	const char *cost = fetch_costs[odds_random_bits(r) % N_OF(fetch_costs)];
	struct mf_mana_parse_error err;

	*q = (struct mf_odds_query){ .cat = play_cat, .lands = idx, .counts = counts, .n_lands = kinds,
				     .method = MF_ODDS_EXACT };
	for (size_t k = 0; k < kinds; k++) {
		bool fetch = k == 0 || (k == 1 && kinds == 4 && odds_random_bits(r) % 2);
		const char *name = fetch ? fetch_lands[odds_random_bits(r) % N_OF(fetch_lands)] :
				   found_lands[odds_random_bits(r) % N_OF(found_lands)];

		idx[k] = land_named(name);
		counts[k] = 1 + (uint32_t)(odds_random_bits(r) % 3);
		for (size_t j = 0; j < k; j++)
			if (idx[j] == idx[k])
				idx[k] = land_named(found_lands[(k + j) % N_OF(found_lands)]);
	}
	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &q->cost, &err), MF_OK);
	q->size = 40 + (uint32_t)(odds_random_bits(r) % 11);
	q->turn = 2 + (uint32_t)(odds_random_bits(r) % 3);
	q->curve = 4;
	q->on_draw = odds_random_bits(r) % 2;
	q->life = 1 + (uint32_t)(odds_random_bits(r) % 20);
	q->policy = odds_random_bits(r) % 2 ? MF_ODDS_NONE : MF_ODDS_KARSTEN2022;
}

START_TEST(test_fetch_diff)
{
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x66657463u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(FETCH_QUERIES); n++) {
		int32_t idx[4];
		uint32_t counts[4];
		struct mf_odds_query q;
		struct mf_odds_result got;
		char text[1024];
		int rc;

		fetch_deck(&r, &q, idx, counts);
		odds_random_print(&q, text, sizeof(text));
		rc = mf_odds_compute(&q, &got);
		if (rc == MF_ERR_INVALID)
			continue;  /* two kinds drawn alike: a deck the query refuses */
		ck_assert_msg(rc == MF_OK, "seed %d query %d: engine %s: %s", _i, n, mf_status_str(rc),
			      text);
		for (uint32_t t = 1; t <= q.curve; t++)
			turn_is_reference(&q, &got, t, _i, n, text);
	}
}
END_TEST

/* The sample on the same decks: every turn of the curve within SIGMAS of
 * its standard error from the exact count (held to the reference above),
 * so that the sampler's shortcut (a game that cast keeps casting while the
 * fetches' library keeps enough of each land, "fetch-carry") loses nothing
 * either. */
START_TEST(test_fetch_sample)
{
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x66736d70u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(FETCH_SAMPLED); n++) {
		int32_t idx[4];
		uint32_t counts[4];
		struct mf_odds_query q;
		struct mf_odds_result exact, sampled;
		char text[1024];
		int rc;

		fetch_deck(&r, &q, idx, counts);
		odds_random_print(&q, text, sizeof(text));
		if (mf_odds_compute(&q, &exact) == MF_ERR_INVALID)
			continue;
		q.method = MF_ODDS_SAMPLE;
		q.games = FETCH_GAMES;
		q.seed = odds_random_bits(&r);
		rc = mf_odds_compute(&q, &sampled);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: sample %s: %s", _i, n, mf_status_str(rc),
			      text);
		for (uint32_t t = 1; t <= q.curve; t++)
			ck_assert_msg(fabs(sampled.by_turn[t - 1] - exact.by_turn[t - 1]) <=
					      SIGMAS * sampled.by_turn_se[t - 1] + 1e-9,
				      "seed %d query %d, turn %u: sampled %.6f (se %.6f), exact %.6f: %s",
				      _i, n, t, sampled.by_turn[t - 1], sampled.by_turn_se[t - 1],
				      exact.by_turn[t - 1], text);
	}
}
END_TEST

/* An Elf ({G}, a creature making {G}) or a Sol Ring ({1}, an artifact
 * making {C}{C}), for the carry's decks with sources. */
static struct mf_odds_source carry_source(bool elf)
{
	struct mf_odds_source s = { .name = elf ? "Elf" : "Ring", .creature = elf, .n_options = 1 };
	struct mf_mana_parse_error err;
	const char *cost = elf ? "{G}" : "{1}";

	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &s.cost, &err), MF_OK);
	s.options[0].mana[elf ? MF_MANA_G : MF_MANA_C] = elf ? 1 : 2;
	return s;
}

START_TEST(test_fetch_carry)
{
	struct mf_odds_source src[2] = { carry_source(true), carry_source(false) };
	uint32_t src_counts[2] = { 3, 2 };
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x63617272u + (uint64_t)_i);
	for (int n = 0; n < (int)scaled(FETCH_SAMPLED); n++) {
		int32_t idx[4];
		uint32_t counts[4];
		struct mf_odds_query q, alone;
		struct mf_odds_result curve, turn;
		char text[1024];
		int rc;

		fetch_deck(&r, &q, idx, counts);
		/* more fetches, fewer lands to find: libraries run dry */
		for (size_t k = 0; k < q.n_lands; k++)
			counts[k] = mf_mana_catalogue_land(play_cat, (size_t)idx[k])->fetch_types ?
					    3 + (uint32_t)(odds_random_bits(&r) % 2) :
					    1 + (uint32_t)(odds_random_bits(&r) % 2);
		if (n % 2) {
			q.sources = src;
			q.source_counts = src_counts;
			q.n_sources = 2;
		}
		odds_random_print(&q, text, sizeof(text));
		q.method = MF_ODDS_SAMPLE;
		q.games = scaled(4000);
		q.seed = odds_random_bits(&r);
		q.curve = 6;
		rc = mf_odds_compute(&q, &curve);
		if (rc == MF_ERR_INVALID)
			continue;  /* two kinds drawn alike */
		ck_assert_msg(rc == MF_OK, "seed %d query %d: curve %s: %s", _i, n, mf_status_str(rc),
			      text);
		for (uint32_t t = 1; t <= q.curve; t++) {
			alone = q;
			alone.turn = t;
			alone.curve = 0;
			rc = mf_odds_compute(&alone, &turn);
			ck_assert_msg(rc == MF_OK, "seed %d query %d: turn %u %s: %s", _i, n, t,
				      mf_status_str(rc), text);
			ck_assert_msg(curve.by_turn[t - 1] == turn.p_castable,
				      "seed %d query %d (%s), turn %u: on the curve %.9f, alone %.9f: %s",
				      _i, n, n % 2 ? "with sources" : "lands", t, curve.by_turn[t - 1],
				      turn.p_castable, text);
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

/* Adds "exact-diff", "sample-diff" and "fetch-carry" to s (see
 * test_odds_play.h). */
void play_add_diff_tcases(Suite *s)
{
	TCase *tc = tcase_create("exact-diff");

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_exact_diff, 0, EXACT_SEEDS);
	tcase_add_loop_test(tc, test_curve_diff, 0, EXACT_SEEDS);
	tcase_add_loop_test(tc, test_fetch_diff, 0, FETCH_SEEDS);
	suite_add_tcase(s, tc);
	tc = tcase_create("sample-diff");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_sample_diff, 0, SAMPLE_SEEDS);
	tcase_add_loop_test(tc, test_fetch_sample, 0, FETCH_SEEDS);
	suite_add_tcase(s, tc);
	tc = tcase_create("fetch-carry");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_fetch_carry, 0, FETCH_SEEDS);
	suite_add_tcase(s, tc);
}
