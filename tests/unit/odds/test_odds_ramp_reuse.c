/*
 * "engine-reuse": a deck with mana that is no land, a few cards from one
 * sampled through the same cache (the deck report's changes: a land for
 * another, a land for one more source, a source for a land, a source for
 * one of a kind the deck lacks), sampled with the cache's record of the
 * first deck's games and without it: the same answers to the bit, and less
 * work with it. Decks: 1-4 lands of every family (odds_random_small) with
 * 1-3 sources of the list and a dud (ramp_add_sources), under karsten2022
 * half the time (a London mulligan bottoms sources too), from fixed seeds.
 *
 * "engine-many": two decks of the same lands and other sources, asked in
 * one mf_odds_compute_many(), answer as each asked alone (they were put
 * in one sample, dealt the first deck's cards).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "odds_random.h"
#include "test_odds_ramp_ref.h"

#define REUSE_SEEDS 8
#define REUSE_SPELLS 6

static const char *const reuse_costs[] = {
	"{G}", "{1}{G}", "{2}{G}", "{U}{U}", "{2}", "{3}{B}", "{1}{W}{U}", "{4}", "{R}", "{2}{C}",
};

static bool same_answer(const struct mf_odds_result *a, const struct mf_odds_result *b)
{
	bool ok = a->method == b->method && a->games == b->games &&
		  a->games_with_lands == b->games_with_lands && a->curve == b->curve &&
		  a->p_lands == b->p_lands && a->p_castable == b->p_castable &&
		  a->p_castable_given_lands == b->p_castable_given_lands &&
		  a->se[1] == b->se[1] && a->se[2] == b->se[2];

	for (uint32_t t = 0; t < a->curve && ok; t++)
		ok = a->by_turn[t] == b->by_turn[t] && a->by_turn_se[t] == b->by_turn_se[t];
	return ok;
}

/* Deck q changed one of four ways (how), into lands/counts and src/src_counts,
 * which the changed query v points to. */
static void changed(struct odds_random *r, const struct mf_odds_query *q, unsigned how,
		    struct mf_odds_query *v, int32_t *lands, uint32_t *counts,
		    struct mf_odds_source *src, uint32_t *src_counts)
{
	size_t out = (size_t)(odds_random_bits(r) % q->n_lands);
	size_t s = (size_t)(odds_random_bits(r) % q->n_sources);

	while (q->counts[out] < 2)  /* the land taken out keeps a copy */
		out = (out + 1) % q->n_lands;

	*v = *q;
	memcpy(lands, q->lands, q->n_lands * sizeof(*lands));
	memcpy(counts, q->counts, q->n_lands * sizeof(*counts));
	memcpy(src, q->sources, q->n_sources * sizeof(*src));
	memcpy(src_counts, q->source_counts, q->n_sources * sizeof(*src_counts));
	v->lands = lands;
	v->counts = counts;
	v->sources = src;
	v->source_counts = src_counts;
	switch (how) {
	case 0:  /* a land for another of the catalogue, put last */
		counts[out]--;
		lands[v->n_lands] = r->land[0][odds_random_bits(r) % r->n[0]];
		counts[v->n_lands++] = 1;
		break;
	case 1:  /* a land for one more source */
		counts[out]--;
		src_counts[s]++;
		break;
	case 2:  /* a source for a land */
		src_counts[s]--;
		counts[out]++;
		break;
	default:  /* a land for a source the deck lacks, put last */
		for (size_t i = 0; i < RAMP_POOL_SOURCES; i++) {
			struct mf_odds_source x = ramp_pool_source((i + s) % RAMP_POOL_SOURCES);
			bool have = false;

			for (size_t k = 0; k < q->n_sources; k++)
				have |= strcmp(q->sources[k].name, x.name) == 0;
			if (have)
				continue;
			counts[out]--;
			src[v->n_sources] = x;
			src_counts[v->n_sources++] = 1;
			break;
		}
		break;
	}
}

START_TEST(test_engine_reuse)
{
	struct odds_random r;
	uint64_t work_with = 0, work_without = 0;
	int queries = (int)ramp_scaled(12);

	odds_random_init(&r, ramp_cat, 0x72657573u + (uint64_t)_i);
	for (int n = 0; n < (queries < 2 ? 2 : queries) / 2; n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS], lands[ODDS_RANDOM_SMALL_KINDS + 1];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS], counts2[ODDS_RANDOM_SMALL_KINDS + 1];
		struct mf_odds_source src[8], src2[9];
		uint32_t src_counts[8], src_counts2[9];
		struct mf_odds_query q, qs[REUSE_SPELLS], vs[REUSE_SPELLS];
		struct mf_odds_result first[REUSE_SPELLS], with[REUSE_SPELLS], without[REUSE_SPELLS];
		int rc1[REUSE_SPELLS], rc2[REUSE_SPELLS], rc3[REUSE_SPELLS];
		struct mf_odds_cache *cache = mf_odds_cache_new();
		unsigned how = (unsigned)(odds_random_bits(&r) % 4);
		char text[1024];

		ck_assert_ptr_nonnull(cache);
		odds_random_small(&r, &q, idx, counts);
		ramp_add_sources(&r, &q, 3, src, src_counts);
		q.policy = odds_random_bits(&r) % 2 ? MF_ODDS_KARSTEN2022 : MF_ODDS_NONE;
		q.life = 20;
		q.method = MF_ODDS_SAMPLE;
		q.seed = odds_random_bits(&r);
		if (counts[0] < 2)  /* a land to take out keeps a copy */
			counts[0] = 2;
		for (int s = 0; s < REUSE_SPELLS; s++) {
			struct mf_mana_parse_error err;
			const char *cost = reuse_costs[odds_random_bits(&r) % 10];

			qs[s] = q;
			ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &qs[s].cost, &err), MF_OK);
			qs[s].turn = 1 + (uint32_t)(odds_random_bits(&r) % 4);
			qs[s].curve = (uint32_t)(odds_random_bits(&r) % 4);
			qs[s].games = ramp_scaled(3000);
			qs[s].cache = cache;
		}
		mf_odds_compute_many(qs, REUSE_SPELLS, first, rc1);  /* the record */
		changed(&r, &q, how, &vs[0], lands, counts2, src2, src_counts2);
		for (int s = 0; s < REUSE_SPELLS; s++) {
			struct mf_odds_query v = vs[0];

			v.cost = qs[s].cost;
			v.turn = qs[s].turn;
			v.curve = qs[s].curve;
			v.games = qs[s].games;
			v.cache = NULL;
			vs[s] = v;
		}
		mf_odds_compute_many(vs, REUSE_SPELLS, without, rc2);
		for (int s = 0; s < REUSE_SPELLS; s++)
			vs[s].cache = cache;
		mf_odds_compute_many(vs, REUSE_SPELLS, with, rc3);
		for (int s = 0; s < REUSE_SPELLS; s++) {
			odds_random_print(&vs[s], text, sizeof(text));
			ck_assert_msg(rc1[s] == MF_OK && rc2[s] == MF_OK && rc3[s] == MF_OK,
				      "seed %d query %d spell %d (change %u): %d %d %d: %s", _i, n, s, how,
				      rc1[s], rc2[s], rc3[s], text);
			ck_assert_msg(same_answer(&with[s], &without[s]),
				      "seed %d query %d spell %d (change %u): p_castable %.12f with the "
				      "record, %.12f without: %s", _i, n, s, how, with[s].p_castable,
				      without[s].p_castable, text);
			work_with += with[s].work;
			work_without += without[s].work;
		}
		mf_odds_cache_free(cache);
	}
	ck_assert_msg(work_with < work_without, "seed %d: work %llu with the record, %llu without",
		      _i, (unsigned long long)work_with, (unsigned long long)work_without);
}
END_TEST

START_TEST(test_engine_many)
{
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_SMALL_KINDS];
	uint32_t counts[ODDS_RANDOM_SMALL_KINDS], src_counts[2][8];
	struct mf_odds_source src[2][8];
	struct mf_odds_query qs[2];
	struct mf_odds_result alone[2], together[2];
	int rcs[2];
	char text[1024];

	odds_random_init(&r, ramp_cat, 0x6d616e79u + (uint64_t)_i);
	odds_random_small(&r, &qs[0], idx, counts);
	qs[1] = qs[0];
	for (int k = 0; k < 2; k++) {
		ramp_add_sources(&r, &qs[k], 3, src[k], src_counts[k]);
		qs[k].policy = MF_ODDS_KARSTEN2022;
		qs[k].life = 20;
		qs[k].method = MF_ODDS_SAMPLE;
		qs[k].games = ramp_scaled(2000);
		qs[k].seed = 7;
	}
	src[1][0] = ramp_pool_source((size_t)_i);  /* surely another deck */
	src_counts[1][0] = 2;
	for (int k = 0; k < 2; k++)
		ck_assert_int_eq(mf_odds_compute(&qs[k], &alone[k]), MF_OK);
	mf_odds_compute_many(qs, 2, together, rcs);
	for (int k = 0; k < 2; k++) {
		odds_random_print(&qs[k], text, sizeof(text));
		ck_assert_msg(rcs[k] == MF_OK && same_answer(&alone[k], &together[k]),
			      "seed %d deck %d: %d, p_castable %.12f together, %.12f alone: %s", _i, k,
			      rcs[k], together[k].p_castable, alone[k].p_castable, text);
	}
}
END_TEST

void ramp_add_reuse_tcases(Suite *s)
{
	TCase *tc = tcase_create("engine-reuse");

	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_engine_reuse, 0, REUSE_SEEDS);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);

	tc = tcase_create("engine-many");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_engine_many, 0, 6);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);
}
