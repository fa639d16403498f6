/*
 * The engine's mana that is no land (src/odds/ramp*.c) against the
 * independent reference (tests/reference/odds_ramp), on random decks from
 * fixed seeds: lands of every family of the catalogue (odds_random) with
 * dorks and rocks of the list (ramp_pool_source).
 *
 * "engine-games": game by game. A model is built for the deck
 * (mf_odds_model) and each random game is asked of mf_odds_castable turn
 * after turn, 1 .. T, as the sampler asks it (the engine keeps a game's
 * lines of play from one turn to the next), then of odds_ramp_castable
 * with the query's turn set to each; the answers must be the same. Every
 * fourth game is asked at T alone, its lines made afresh.
 *
 * "engine-sample": the figures. mf_odds_compute (MF_ODDS_AUTO, which
 * samples a deck with sources) against odds_ramp_exact on small decks (1-3
 * lands and 1-2 sources, turns 1-4, every policy): p_lands exactly,
 * p_castable and the given figure within 4 standard errors.
 *
 * "engine-loose": a query that lets its given figure be loose (the report's
 * advice) stops sooner, on the same games, once p_castable is precise, and
 * a 5-drop on turn 5 is such a query: p_lands about a half widens the
 * given figure's error.
 *
 * "engine-strata": the exact law the sample is post-stratified by (lands,
 * lands of a cost colour, source cards seen, src/odds/strata.c) sums to 1
 * on every turn, and without mulligans its count of sources seen is the
 * hypergeometric law, counted here apart.
 *
 * "engine-table": the hash table a turn's search empties before each
 * board (src/odds/table.c: emptied by moving its generation on, its slots
 * cleared once in 255 times) finds, after each of 600 emptyings, exactly
 * the keys put since, with their values, and walks only those.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_ramp.h"
#include "odds/sample_int.h"
#include "odds_random.h"
#include "test_odds_ramp_ref.h"

#ifndef ENGINE_SEEDS
#define ENGINE_SEEDS 4
#endif
#ifndef ENGINE_QUERIES
#define ENGINE_QUERIES 30
#endif
#ifndef SAMPLE_QUERIES
#define SAMPLE_QUERIES 12
#endif

#define TURN_CAP 5    /* the reference's lines of play grow fast with the turn */
#define GAMES 12      /* games of each deck */
#define SIGMAS 4.0

/* The engine's game of reference game g on c's model: hand by group and
 * by source kind, draws as codes. */
static void engine_game(const struct odds_ctx *c, const struct mf_odds_query *q,
			const struct odds_ramp_game *g, uint8_t *hand, uint8_t *hand_src,
			uint8_t *draws)
{
	memset(hand, 0, MF_ODDS_LAND_KINDS_MAX);
	memset(hand_src, 0, MF_ODDS_SOURCE_KINDS_MAX);
	for (size_t k = 0; k < q->n_lands; k++)
		hand[c->kind_group[k]] = (uint8_t)(hand[c->kind_group[k]] + g->hand[k]);
	for (size_t s = 0; s < q->n_sources; s++)
		hand_src[s] = (uint8_t)g->hand_sources[s];
	for (uint32_t t = 1; t <= q->turn; t++) {
		int32_t d = g->drawn[t];

		if (d < 0)
			draws[t - 1] = ODDS_SPELL;
		else if ((size_t)d < q->n_lands)
			draws[t - 1] = c->kind_group[d];
		else
			draws[t - 1] = (uint8_t)(ODDS_SOURCE_CARD + (size_t)d - q->n_lands);
	}
}

/* The sources of q, as "4 Sol Ring; 3 Dud;", into buf of size bytes. */
static void print_sources(const struct mf_odds_query *q, char *buf, size_t size)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t s = 0; s < q->n_sources && at < size; s++) {
		int n = snprintf(buf + at, size - at, "%u %s; ", q->source_counts[s],
				 q->sources[s].name);

		if (n < 0)
			break;
		at += (size_t)n;
	}
}

/* Whether the reference casts game g of q on turn t; fails on an error. */
static bool ref_casts(const struct mf_odds_query *q, const struct odds_ramp_game *g, uint32_t t,
		      const char *where)
{
	struct mf_odds_query at = *q;
	bool out;
	int rc;

	at.turn = t;
	rc = odds_ramp_castable(&at, g, &out);
	ck_assert_msg(rc == MF_OK, "%s: odds_ramp_castable %s", where, mf_status_str(rc));
	return out;
}

/* Whether the engine casts game (hand, hand_src, draws) on turn t. */
static bool engine_casts(struct odds_ctx *c, const uint8_t *hand, const uint8_t *hand_src,
			 const uint8_t *draws, uint32_t t, const char *where)
{
	struct odds_game eg = { .hand = hand, .hand_src = hand_src, .draws = draws, .turn = t };
	int rc = mf_odds_castable(c, &eg);

	ck_assert_msg(rc >= 0, "%s: mf_odds_castable %s", where, mf_status_str(rc));
	return rc == 1;
}

START_TEST(test_engine_games)
{
	struct odds_random r;
	uint32_t cast = 0, asked = 0;

	odds_random_init(&r, ramp_cat, 0x656e6769u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < (int)ramp_scaled(ENGINE_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS], src_counts[4];
		struct mf_odds_source src[4];
		struct mf_odds_query q;
		struct odds_ctx c;
		uint64_t rng = odds_random_bits(&r);
		char text[1024], names[256], where[1400];
		int rc;

		odds_random_large(&r, &q, idx, counts);
		if (q.turn > TURN_CAP)
			q.turn = TURN_CAP;
		ramp_add_sources(&r, &q, 3, src, src_counts);
		odds_random_print(&q, text, sizeof(text));
		print_sources(&q, names, sizeof(names));
		rc = mf_odds_model(&c, &q);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: model %s: %s", _i, n,
			      mf_status_str(rc), text);
		c.budget = UINT64_MAX;
		for (int i = 0; i < GAMES; i++) {
			struct odds_ramp_game g;
			uint8_t hand[MF_ODDS_LAND_KINDS_MAX], hand_src[MF_ODDS_SOURCE_KINDS_MAX];
			uint8_t draws[MF_ODDS_TURN_MAX];
			uint32_t from = i % 4 == 3 ? q.turn : 1;

			ramp_deal_sources(&q, &rng, &g);
			engine_game(&c, &q, &g, hand, hand_src, draws);
			for (uint32_t t = from; t <= q.turn; t++) {
				bool want, got;

				snprintf(where, sizeof(where),
					 "seed %d query %d game %d turn %u: %s sources: %s", _i, n, i,
					 t, text, names);
				want = ref_casts(&q, &g, t, where);
				got = engine_casts(&c, hand, hand_src, draws, t, where);
				ck_assert_msg(got == want, "%s: engine %d, reference %d", where, got,
					      want);
				cast += want;
				asked++;
			}
		}
		mf_odds_model_free(&c);
	}
	/* a test that cannot fail on one side only is no test */
	ck_assert_msg(cast > asked / 20 && cast < asked - asked / 20,
		      "seed %d: %u castable of %u asked", _i, cast, asked);
}
END_TEST

/* A small deck for the exact reference: 1-3 lands and 1-2 sources of the
 * list (a dud counted as a source kind too), turns 1-4, any policy. */
static void small_deck(struct odds_random *r, struct mf_odds_query *q, int32_t *idx,
		       uint32_t *counts, struct mf_odds_source *src, uint32_t *src_counts)
{
	enum mf_odds_policy policy;
	struct mf_odds_custom custom;

	odds_random_small(r, q, idx, counts);
	policy = q->policy;
	custom = q->custom;
	if (q->n_lands > 2)
		q->n_lands = 1 + (size_t)(odds_random_bits(r) % 2);
	ramp_add_sources(r, q, ODDS_RAMP_EXACT_KINDS_MAX - q->n_lands - 1, src, src_counts);
	q->policy = policy;
	q->custom = custom;
	q->method = MF_ODDS_AUTO;
	q->seed = odds_random_bits(r);
}

START_TEST(test_engine_sample)
{
	struct odds_random r;

	odds_random_init(&r, ramp_cat, 0x73616d65u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < (int)ramp_scaled(SAMPLE_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS], src_counts[4];
		struct mf_odds_source src[4];
		struct mf_odds_query q;
		struct odds_play_result want;
		struct mf_odds_result got;
		char text[1024], names[256];
		int rc;

		small_deck(&r, &q, idx, counts, src, src_counts);
		odds_random_print(&q, text, sizeof(text));
		print_sources(&q, names, sizeof(names));
		rc = odds_ramp_exact(&q, &want);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", _i, n,
			      mf_status_str(rc), text);
		rc = mf_odds_compute(&q, &got);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: engine %s: %s", _i, n,
			      mf_status_str(rc), text);
		ck_assert_msg(got.method == MF_ODDS_SAMPLE, "seed %d query %d: not sampled", _i, n);
		ck_assert_msg(fabs(got.p_lands - want.p_lands) <= 1e-9,
			      "seed %d query %d: p_lands %.9f, reference %.9f: %s", _i, n,
			      got.p_lands, want.p_lands, text);
		ck_assert_msg(fabs(got.p_castable - want.p_castable) <= SIGMAS * got.se[1] + 1e-9,
			      "seed %d query %d: p_castable %.5f (se %.5f), reference %.5f: %s sources: %s",
			      _i, n, got.p_castable, got.se[1], want.p_castable, text, names);
		if (got.given_defined && want.given_defined)
			ck_assert_msg(fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
					      SIGMAS * got.se[2] + 1e-9,
				      "seed %d query %d: given %.5f (se %.5f), reference %.5f: %s sources: %s",
				      _i, n, got.p_castable_given_lands, got.se[2],
				      want.p_castable_given_lands, text, names);
	}
}
END_TEST

/* P(k of the `have` cards among d drawn from n), by the product form. */
static double hypergeometric(uint32_t n, uint32_t have, uint32_t d, uint32_t k)
{
	double p = 1;

	if (k > have || d - k > n - have)
		return 0;
	/* C(have, k) C(n - have, d - k) / C(n, d), term by term */
	for (uint32_t i = 0; i < k; i++)
		p *= (double)(have - i) / (double)(k - i);
	for (uint32_t i = 0; i < d - k; i++)
		p *= (double)(n - have - i) / (double)(d - k - i);
	for (uint32_t i = 0; i < d; i++)
		p *= (double)(d - i) / (double)(n - i);
	return p;
}

/* The law of the strata of a 60-card deck of 20 Forests and 10 Islands
 * with `sources` Llanowar Elves, {1}{G} on turn 6 with a curve, on the play
 * or the draw, under `policy`. */
static void check_law(uint32_t sources, bool on_draw, enum mf_odds_policy policy)
{
	int32_t lands[2] = { mf_mana_catalogue_find(ramp_cat, "Forest", 6),
			     mf_mana_catalogue_find(ramp_cat, "Island", 6) };
	uint32_t counts[2] = { 20, 10 }, src_counts[1] = { sources };
	struct mf_odds_source elf = ramp_source("Llanowar Elves", "{G}", true, false, 0, "G", NULL);
	struct mf_odds_query q = { .cat = ramp_cat, .size = 60, .lands = lands, .counts = counts,
				   .n_lands = 2, .sources = &elf, .source_counts = src_counts,
				   .n_sources = sources ? 1 : 0, .cost = ramp_cost("{1}{G}"), .turn = 6,
				   .curve = 8, .on_draw = on_draw, .life = 20, .policy = policy,
				   .method = MF_ODDS_SAMPLE };
	struct odds_strata s;
	struct odds_ctx c;

	ck_assert(lands[0] >= 0 && lands[1] >= 0);
	ck_assert_int_eq(mf_odds_model(&c, &q), MF_OK);
	ck_assert_int_eq(mf_odds_strata_init(&c, &s, NULL, NULL), MF_OK);
	ck_assert_uint_eq(s.depth, sources ? ODDS_STRATA_SOURCES : 1);
	for (uint32_t t = 1; t <= c.last_turn; t++) {
		double all = 0, by[ODDS_STRATA_SOURCES] = { 0 };
		uint32_t drawn = 7 + t - (on_draw ? 0 : 1);

		for (uint32_t l = 0; l < s.width; l++)
			for (uint32_t m = 0; m <= l; m++)
				for (uint32_t k = 0; k < s.depth; k++) {
					all += s.law[odds_stratum(&s, t, l, m, k)];
					by[k] += s.law[odds_stratum(&s, t, l, m, k)];
				}
		ck_assert_msg(fabs(all - 1) < 1e-9, "turn %u: the law sums to %.12f", t, all);
		if (!sources || policy != MF_ODDS_NONE)
			continue;
		/* 0, 1, ...: the hypergeometric law; the last count, the rest */
		for (uint32_t k = 0; k < ODDS_STRATA_SOURCES; k++) {
			double want = 1;

			if (k + 1 < ODDS_STRATA_SOURCES)
				want = hypergeometric(60, sources, drawn, k);
			else
				for (uint32_t j = 0; j < k; j++)
					want -= hypergeometric(60, sources, drawn, j);
			ck_assert_msg(fabs(by[k] - want) < 1e-9, "turn %u: %u sources seen %.12f, want %.12f",
				      t, k, by[k], want);
		}
	}
	mf_odds_strata_free(&s);
	mf_odds_model_free(&c);
}

START_TEST(test_engine_strata)
{
	static const enum mf_odds_policy policies[] = { MF_ODDS_NONE, MF_ODDS_KARSTEN2022 };

	for (size_t i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
		for (int draw = 0; draw < 2; draw++) {
			check_law(0, draw, policies[i]);
			check_law(1, draw, policies[i]);
			check_law(8, draw, policies[i]);
		}
}
END_TEST

START_TEST(test_engine_loose)
{
	int32_t forest = mf_mana_catalogue_find(ramp_cat, "Forest", 6);
	uint32_t lands = 17, elves = 4;
	struct mf_odds_source elf = ramp_source("Llanowar Elves", "{G}", true, false, 0, "G", NULL);
	struct mf_odds_query q = { .cat = ramp_cat, .size = 60, .lands = &forest, .counts = &lands,
				   .n_lands = 1, .cost = ramp_cost("{3}{G}{G}"), .turn = 5, .life = 20,
				   .policy = MF_ODDS_KARSTEN2022, .method = MF_ODDS_SAMPLE, .seed = 7,
				   .sources = &elf, .source_counts = &elves, .n_sources = 1 };
	const double most = MF_ODDS_PRECISION / 1.959963984540054;
	struct mf_odds_result strict, loose;

	ck_assert_int_eq(mf_odds_compute(&q, &strict), MF_OK);
	q.given_loose = true;
	ck_assert_int_eq(mf_odds_compute(&q, &loose), MF_OK);
	ck_assert_msg(strict.se[2] <= most && loose.se[1] <= most, "given %.5f, castable %.5f",
		      strict.se[2], loose.se[1]);
	ck_assert_msg(loose.games < strict.games && loose.se[2] > most,
		      "loose: %llu games (given's error %.5f), strict: %llu",
		      (unsigned long long)loose.games, loose.se[2], (unsigned long long)strict.games);
	/* the same games, fewer: the strict answer's first ones */
	q.given_loose = false;
	q.games = (uint32_t)loose.games;
	ck_assert_int_eq(mf_odds_compute(&q, &strict), MF_OK);
	ck_assert(strict.p_castable == loose.p_castable && strict.se[1] == loose.se[1]);
}
END_TEST

START_TEST(test_engine_table)
{
	struct odds_table t;
	uint8_t key[5];

	ck_assert_int_eq(mf_odds_table_init(&t, sizeof(key), NULL), MF_OK);
	for (uint32_t round = 0; round < 600; round++) {
		uint32_t n = 1 + round % 7 * 300, walked = 0;  /* past the first slots now and then */

		for (uint32_t i = 0; i < n; i++) {
			union odds_value *v;
			bool added;

			memcpy(key, &i, 4);
			key[4] = (uint8_t)round;
			v = mf_odds_table_put(&t, key, &added);
			ck_assert_msg(v && added, "round %u: key %u not new", round, i);
			v->u = (uint64_t)round << 32 | i;
		}
		for (uint32_t i = 0; i < n + 50; i++) {
			union odds_value *v;

			memcpy(key, &i, 4);
			key[4] = (uint8_t)round;
			v = mf_odds_table_find(&t, key);
			ck_assert_msg(i < n ? v && v->u == ((uint64_t)round << 32 | i) : !v,
				      "round %u: key %u of %u", round, i, n);
			key[4] = (uint8_t)(round - 1);  /* the round before's: gone */
			ck_assert_msg(!mf_odds_table_find(&t, key), "round %u: old key %u found", round, i);
		}
		for (size_t i = 0; i < t.n_slots; i++)
			walked += mf_odds_table_key(&t, i) != NULL;
		ck_assert_uint_eq(walked, n);
		ck_assert_uint_eq(t.n_used, n);
		mf_odds_table_clear(&t);
		ck_assert_uint_eq(t.n_used, 0);
	}
	mf_odds_table_free(&t);
}
END_TEST

void ramp_add_engine_tcases(Suite *s)
{
	TCase *tc = tcase_create("engine-games");

	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_engine_games, 0, ENGINE_SEEDS);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);

	tc = tcase_create("engine-loose");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_engine_loose);
	suite_add_tcase(s, tc);

	tc = tcase_create("engine-strata");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_engine_strata);
	suite_add_tcase(s, tc);

	tc = tcase_create("engine-table");
	tcase_add_test(tc, test_engine_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("engine-sample");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_engine_sample, 0, 3);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);
}
