/*
 * "many": the spells of one random deck asked together with
 * mf_odds_compute_many() and one by one with mf_odds_compute() give the
 * same answers: the same status and method, and figures equal to 1e-9
 * (a batch adds its terms in another order). Decks from odds_random_large
 * (5-12 lands of every family, MF_ODDS_AUTO); their spells mostly of one
 * colour, so that they share kept hands and are counted in batches, with
 * costs that ask for part of each other, a few repeated, random curves,
 * and now and then a tight budget (then a batch may fail, and is counted
 * spell by spell; or a spell fails, and those after it are skipped).
 *
 * "cost-within": the one cost implication both methods use
 * (mf_odds_cost_within): {X} as its x, life and the costs with a choice.
 *
 * "many-sampled": the same for sampled spells, which share their games:
 * each answer equal to the bit to the spell's own, so that the costs'
 * implications (sample.c) and the shared deal change nothing.
 *
 * "many-reuse": a deck a few cards from one sampled through the same cache
 * (a swap of lands, one land more or fewer), sampled with the cache's
 * record of the first deck's games and without it: the same answers to
 * the bit, fewer searches with it. And the order the lands are listed in
 * changes no sampled answer.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/odds.h"
#include "odds/odds_internal.h"
#include "odds_random.h"
#include "test_odds_play.h"

#define MANY_SEEDS 6
#define MANY_SPELLS 14
#define MANY_SAMPLED_SEEDS 8
#define MANY_REUSE_SEEDS 12

/* A cost of colour c (one of "WUBRG"): generic g and pips p. */
static void colour_cost(char c, unsigned g, unsigned p, struct mf_mana_cost *cost)
{
	struct mf_mana_parse_error err;
	char text[64];
	size_t n = 0;

	if (g)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "{%u}", g);
	for (unsigned i = 0; i < p; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "{%c}", c);
	ck_assert_int_eq(mf_mana_cost_parse(text, n, cost, &err), MF_OK);
}

/* Whether a and b are the same answer, figures to 1e-9. */
static bool same(const struct mf_odds_result *a, const struct mf_odds_result *b)
{
	bool ok = a->method == b->method && a->lands_needed == b->lands_needed &&
		  a->groups == b->groups && a->curve == b->curve &&
		  a->given_defined == b->given_defined &&
		  fabs(a->p_lands - b->p_lands) < 1e-9 && fabs(a->p_castable - b->p_castable) < 1e-9 &&
		  fabs(a->p_castable_given_lands - b->p_castable_given_lands) < 1e-9;

	for (uint32_t t = 0; t < a->curve && ok; t++)
		ok = fabs(a->by_turn[t] - b->by_turn[t]) < 1e-9;
	return ok;
}

START_TEST(test_many_same)
{
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int spells = slow ? 4 : MANY_SPELLS;
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_LARGE_KINDS], idx2[ODDS_RANDOM_LARGE_KINDS];
	uint32_t counts[ODDS_RANDOM_LARGE_KINDS], counts2[ODDS_RANDOM_LARGE_KINDS];
	struct mf_odds_query q, other, qs[MANY_SPELLS];
	struct mf_odds_result many[MANY_SPELLS], one;
	int rcs[MANY_SPELLS];
	char c, text[1024];
	bool tight, failed = false;

	odds_random_init(&r, play_cat, 0x6d616e79u + (uint64_t)_i);
	odds_random_large(&r, &q, idx, counts);
	c = "WUBRG"[odds_random_bits(&r) % 5];
	tight = _i % 3 == 2;
	for (int s = 0; s < spells; s++) {
		unsigned kind = (unsigned)(odds_random_bits(&r) % 8);

		qs[s] = q;
		if (kind == 0 && s) {
			qs[s] = qs[odds_random_bits(&r) % (uint64_t)s];  /* asked again */
		} else if (kind == 1) {
			/* another deck's cost: another colour, or a hybrid */
			odds_random_large(&r, &other, idx2, counts2);
			qs[s].cost = other.cost;
			qs[s].x = other.x;
			qs[s].turn = other.turn;
		} else {
			unsigned p = 1 + (unsigned)(odds_random_bits(&r) % 3);
			unsigned g = (unsigned)(odds_random_bits(&r) % 4);

			colour_cost(c, g, p, &qs[s].cost);
			qs[s].x = 0;
			qs[s].turn = g + p;
			if (kind == 2) {  /* {X} as so much generic mana, implied like it */
				qs[s].cost.x_count = 1;
				qs[s].x = (uint32_t)(odds_random_bits(&r) % 3);
				qs[s].turn += qs[s].x;
			}
		}
		qs[s].curve = (uint32_t)(odds_random_bits(&r) % 8);
		qs[s].budget = tight ? 200000 + odds_random_bits(&r) % 2000000 : 0;
		qs[s].cache = NULL;
	}
	mf_odds_compute_many(qs, (size_t)spells, many, rcs);
	for (int s = 0; s < spells; s++) {
		int rc;

		odds_random_print(&qs[s], text, sizeof(text));
		if (rcs[s] == MF_ODDS_SKIPPED) {
			ck_assert_msg(failed || tight, "seed %d spell %d skipped, no spell failed: %s",
				      _i, s, text);
			continue;
		}
		rc = mf_odds_compute(&qs[s], &one);
		failed |= rcs[s] != MF_OK;
		if (tight && (rc != rcs[s] || (!rc && one.method != many[s].method)))
			continue;  /* a batch is charged its walk: a budget may end elsewhere */
		ck_assert_msg(rc == rcs[s], "seed %d spell %d: %d alone, %d together: %s", _i, s, rc,
			      rcs[s], text);
		ck_assert_msg(rc || same(&one, &many[s]),
			      "seed %d spell %d: p_castable %.12f alone, %.12f together: %s", _i, s,
			      one.p_castable, many[s].p_castable, text);
	}
}
END_TEST

/* The model of a 60-card deck of 24 Forests and 0 Islands asking cost
 * (x each {X}) with life; fails the running test if it cannot be made. */
static void within_model(struct odds_ctx *c, struct mf_odds_query *q, const char *cost, uint32_t x,
			 uint32_t life, const int32_t *lands, const uint32_t *counts)
{
	struct mf_mana_parse_error err;

	memset(q, 0, sizeof(*q));
	q->cat = play_cat;
	q->size = 60;
	q->lands = lands;
	q->counts = counts;
	q->n_lands = 1;
	q->turn = 3;
	q->x = x;
	q->life = life;
	q->policy = MF_ODDS_NONE;
	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &q->cost, &err), MF_OK);
	ck_assert_int_eq(mf_odds_model(c, q), MF_OK);
}

START_TEST(test_cost_within)
{
	static const struct {
		const char *a;
		uint32_t xa, life_a;
		const char *b;
		uint32_t xb, life_b;
		bool within;  /* every payment of b pays a */
	} cases[] = {
		{ "{1}{G}", 0, 20, "{2}{G}", 0, 20, true },
		{ "{2}{G}", 0, 20, "{1}{G}", 0, 20, false },
		{ "{G}{G}", 0, 20, "{2}{G}", 0, 20, false },   /* a second {G} is not any mana */
		{ "{X}{G}", 2, 20, "{3}{G}", 0, 20, true },    /* {X} as its x */
		{ "{X}{G}", 4, 20, "{3}{G}", 0, 20, false },
		{ "{3}{G}", 0, 20, "{X}{X}{G}", 2, 20, true },
		{ "{1}{G}", 0, 20, "{2}{G}", 0, 5, false },    /* another life */
		{ "{G/P}", 0, 20, "{2}{G}", 0, 20, false },    /* a choice: life or mana */
		{ "{1}{G}", 0, 20, "{G/U}{G}{1}", 0, 20, false },
		{ "{C}", 0, 20, "{1}", 0, 20, false },         /* {C} is not any mana */
		{ "{1}", 0, 20, "{C}", 0, 20, true },
	};
	int32_t forest[1];
	uint32_t count[1] = { 24 };

	forest[0] = mf_mana_catalogue_find(play_cat, "Forest", 6);
	ck_assert_int_ge(forest[0], 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct odds_ctx a, b;
		struct mf_odds_query qa, qb;

		within_model(&a, &qa, cases[i].a, cases[i].xa, cases[i].life_a, forest, count);
		within_model(&b, &qb, cases[i].b, cases[i].xb, cases[i].life_b, forest, count);
		ck_assert_msg(mf_odds_cost_within(&a, &b) == cases[i].within, "%s (x %u) within %s (x %u): %d",
			      cases[i].a, cases[i].xa, cases[i].b, cases[i].xb, !cases[i].within);
		mf_odds_model_free(&a);
		mf_odds_model_free(&b);
	}
}
END_TEST

/* A random cost over colours a, b, c (letters of "WUBRG"): one of a few
 * shapes, plain or with choices. */
static void random_cost(struct odds_random *r, char a, char b, char c, struct mf_mana_cost *cost)
{
	static const char *const shapes[] = {
		"{a}", "{1}{a}", "{a}{a}", "{a}{b}", "{2}{a}{b}", "{1}{a}{a}{b}", "{X}{a}",
		"{a/b}{a/b}", "{2}{a/P}", "{3}", "{C}", "{1}{a}{b}{c}", "{2}{a}", "{4}{b}",
		"{a}{b}{c}", "{3}{a}{a}", "{2/a}{b}", "{5}{a}{b}",
	};
	const char *shape = shapes[odds_random_bits(r) % (sizeof(shapes) / sizeof(shapes[0]))];
	struct mf_mana_parse_error err;
	char text[64];
	size_t n = 0;

	for (; *shape && n + 1 < sizeof(text); shape++)
		text[n++] = *shape == 'a' ? a : *shape == 'b' ? b : *shape == 'c' ? c : *shape;
	ck_assert_int_eq(mf_mana_cost_parse(text, n, cost, &err), MF_OK);
}

/* Whether a and b are the same sampled answer, to the bit. */
static bool same_sample(const struct mf_odds_result *a, const struct mf_odds_result *b)
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

START_TEST(test_many_sampled_same)
{
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int spells = slow ? 5 : MANY_SPELLS + 6;
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_LARGE_KINDS];
	uint32_t counts[ODDS_RANDOM_LARGE_KINDS];
	struct mf_odds_query q, qs[MANY_SPELLS + 6];
	struct mf_odds_result many[MANY_SPELLS + 6], one;
	int rcs[MANY_SPELLS + 6];
	char a, b, c, text[1024];
	unsigned ia, ib, ic;
	bool tight, failed = false;

	odds_random_init(&r, play_cat, 0x73616d70u + (uint64_t)_i);
	odds_random_large(&r, &q, idx, counts);
	/* three different colours */
	ia = (unsigned)(odds_random_bits(&r) % 5);
	ib = (ia + 1 + (unsigned)(odds_random_bits(&r) % 4)) % 5;
	ic = (ib + 1) % 5 != ia ? (ib + 1) % 5 : (ib + 2) % 5;
	a = "WUBRG"[ia];
	b = "WUBRG"[ib];
	c = "WUBRG"[ic];
	tight = _i % 4 == 3;
	for (int s = 0; s < spells; s++) {
		uint64_t mv;

		qs[s] = q;
		random_cost(&r, a, b, c, &qs[s].cost);
		qs[s].x = qs[s].cost.x_count ? 1 + (uint32_t)(odds_random_bits(&r) % 2) : 0;
		mv = mf_mana_cost_total(&qs[s].cost) + (uint64_t)qs[s].cost.x_count * qs[s].x;
		qs[s].turn = odds_random_bits(&r) % 4 ? (uint32_t)(mv < 1 ? 1 : mv) :
			     1 + (uint32_t)(odds_random_bits(&r) % 7);
		qs[s].curve = (uint32_t)(odds_random_bits(&r) % 3 ? odds_random_bits(&r) % 9 : 0);
		qs[s].method = MF_ODDS_SAMPLE;
		qs[s].games = _i % 2 ? 0 : 1000 + (uint32_t)(odds_random_bits(&r) % 3000);
		if (slow)
			qs[s].games = 300;
		qs[s].budget = tight ? 20000 + odds_random_bits(&r) % 200000 : 0;
		qs[s].cache = NULL;
	}
	mf_odds_compute_many(qs, (size_t)spells, many, rcs);
	for (int s = 0; s < spells; s++) {
		int rc;

		odds_random_print(&qs[s], text, sizeof(text));
		if (rcs[s] == MF_ODDS_SKIPPED) {
			ck_assert_msg(failed, "seed %d spell %d skipped, no spell failed: %s", _i, s,
				      text);
			continue;
		}
		rc = mf_odds_compute(&qs[s], &one);
		failed |= rcs[s] != MF_OK;
		ck_assert_msg(rc == rcs[s], "seed %d spell %d: %d alone, %d together: %s", _i, s, rc,
			      rcs[s], text);
		ck_assert_msg(rc || same_sample(&one, &many[s]),
			      "seed %d spell %d: p_castable %.12f alone, %.12f together (games %llu, "
			      "%llu): %s", _i, s, one.p_castable, many[s].p_castable,
			      (unsigned long long)one.games, (unsigned long long)many[s].games, text);
	}
}
END_TEST

/* The spells of test_many_sampled_same's seed `seed` (sampled, no budget,
 * curves and games random) over deck q into qs[0 .. n). */
static void sampled_spells(struct odds_random *r, const struct mf_odds_query *q,
			   struct mf_odds_query *qs, int n)
{
	unsigned ia = (unsigned)(odds_random_bits(r) % 5);
	unsigned ib = (ia + 1 + (unsigned)(odds_random_bits(r) % 4)) % 5;
	unsigned ic = (ib + 1) % 5 != ia ? (ib + 1) % 5 : (ib + 2) % 5;

	for (int s = 0; s < n; s++) {
		uint64_t mv;

		qs[s] = *q;
		random_cost(r, "WUBRG"[ia], "WUBRG"[ib], "WUBRG"[ic], &qs[s].cost);
		qs[s].x = qs[s].cost.x_count ? 1 : 0;
		mv = mf_mana_cost_total(&qs[s].cost) + qs[s].cost.x_count;
		qs[s].turn = (uint32_t)(mv < 1 ? 1 : mv > 8 ? 8 : mv);
		qs[s].curve = odds_random_bits(r) % 3 ? 0 : (uint32_t)(odds_random_bits(r) % 9);
		qs[s].method = MF_ODDS_SAMPLE;
		qs[s].games = odds_random_bits(r) % 2 ? 0 : 500 + (uint32_t)(odds_random_bits(r) % 2000);
		qs[s].budget = 0;
		qs[s].cache = NULL;
	}
}

/* Deck q changed as the advice changes one: k copies of a land swapped for
 * a land of any family (one of the deck's, or a new one put last), or one
 * land more (a new one, or a copy of one of the deck's) or one fewer, into
 * lands[] and counts[]. */
static void changed_deck(struct odds_random *r, const struct mf_odds_query *q, int32_t *lands,
			 uint32_t *counts, size_t *n)
{
	size_t out = (size_t)(odds_random_bits(r) % q->n_lands), f;
	unsigned how = (unsigned)(odds_random_bits(r) % 3);
	uint32_t k = 1 + (uint32_t)(odds_random_bits(r) % 2);
	int32_t in;

	do {
		f = (size_t)(odds_random_bits(r) % r->families);
	} while (!r->n[f]);
	in = r->land[f][odds_random_bits(r) % r->n[f]];
	memcpy(lands, q->lands, q->n_lands * sizeof(*lands));
	memcpy(counts, q->counts, q->n_lands * sizeof(*counts));
	*n = q->n_lands;
	if (how == 2) {  /* one fewer: a spell instead */
		if (counts[out] > 1)
			counts[out]--;
		return;
	}
	if (how == 0) {  /* a swap */
		k = k < counts[out] ? k : counts[out] - 1;
		counts[out] -= k;
	} else {
		k = 1;   /* one more: a spell out */
	}
	for (size_t i = 0; i < *n; i++)
		if (lands[i] == in) {
			counts[i] += k;
			return;
		}
	if (*n < MF_ODDS_LAND_KINDS_MAX && k) {
		lands[*n] = in;
		counts[(*n)++] = k;
	}
}

START_TEST(test_many_reuse)
{
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int spells = slow ? 4 : 12;
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_LARGE_KINDS], lands[MF_ODDS_LAND_KINDS_MAX];
	int32_t back[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[ODDS_RANDOM_LARGE_KINDS], counts2[MF_ODDS_LAND_KINDS_MAX];
	uint32_t back_counts[MF_ODDS_LAND_KINDS_MAX];
	struct mf_odds_query q, qs[12], vs[12];
	struct mf_odds_result first[12], with[12], without[12];
	int rc1[12], rc2[12], rc3[12];
	struct mf_odds_cache *cache = mf_odds_cache_new();
	uint64_t calls_with = 0, calls_without = 0;
	size_t n2;
	char text[1024];

	ck_assert_ptr_nonnull(cache);
	odds_random_init(&r, play_cat, 0x72657573u + (uint64_t)_i);
	odds_random_large(&r, &q, idx, counts);
	sampled_spells(&r, &q, qs, spells);
	for (int s = 0; s < spells; s++) {
		qs[s].cache = cache;
		if (slow)
			qs[s].games = 300;
	}
	mf_odds_compute_many(qs, (size_t)spells, first, rc1);  /* the record */
	changed_deck(&r, &q, lands, counts2, &n2);
	for (int s = 0; s < spells; s++) {
		vs[s] = qs[s];
		vs[s].lands = lands;
		vs[s].counts = counts2;
		vs[s].n_lands = n2;
		vs[s].cache = NULL;
	}
	mf_odds_compute_many(vs, (size_t)spells, without, rc2);
	for (int s = 0; s < spells; s++)
		vs[s].cache = cache;
	mf_odds_compute_many(vs, (size_t)spells, with, rc3);
	for (int s = 0; s < spells; s++) {
		odds_random_print(&vs[s], text, sizeof(text));
		ck_assert_msg(rc1[s] == MF_OK && rc2[s] == MF_OK && rc3[s] == MF_OK,
			      "seed %d spell %d: %d %d %d: %s", _i, s, rc1[s], rc2[s], rc3[s], text);
		ck_assert_msg(same_sample(&with[s], &without[s]),
			      "seed %d spell %d: p_castable %.12f with the record, %.12f without: %s",
			      _i, s, with[s].p_castable, without[s].p_castable, text);
		calls_with += with[s].solver_calls;
		calls_without += without[s].solver_calls;
	}
	ck_assert_msg(calls_with < calls_without, "seed %d: %llu solver calls with the record, "
		      "%llu without", _i, (unsigned long long)calls_with,
		      (unsigned long long)calls_without);
	/* the lands listed backwards: the same games */
	for (size_t i = 0; i < n2; i++) {
		back[i] = lands[n2 - 1 - i];
		back_counts[i] = counts2[n2 - 1 - i];
	}
	for (int s = 0; s < spells; s++) {
		vs[s].lands = back;
		vs[s].counts = back_counts;
		vs[s].cache = NULL;
	}
	mf_odds_compute_many(vs, (size_t)spells, with, rc3);
	for (int s = 0; s < spells; s++)
		ck_assert_msg(rc3[s] == MF_OK && same_sample(&with[s], &without[s]),
			      "seed %d spell %d: p_castable %.12f listed backwards, %.12f: %s", _i, s,
			      with[s].p_castable, without[s].p_castable, text);
	mf_odds_cache_free(cache);
}
END_TEST

/* Two threads answer as one (query.lanes): two decks a swap apart, their
 * spells interleaved in one call (two shared samples, each with the
 * cache), answered the same, work and solver calls too, and the record
 * they leave the same: the near deck asked again through it answers and
 * works alike. */
START_TEST(test_many_lanes)
{
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int spells = slow ? 3 : 8;
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_LARGE_KINDS], lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[ODDS_RANDOM_LARGE_KINDS], counts2[MF_ODDS_LAND_KINDS_MAX];
	struct mf_odds_query q, qs[16], near[8];
	struct mf_odds_result res[2][16];
	int rcs[2][16];
	struct mf_odds_cache *cache[2] = { mf_odds_cache_new(), mf_odds_cache_new() };
	size_t n2;
	char text[1024];

	ck_assert(cache[0] && cache[1]);
	odds_random_init(&r, play_cat, 0x6c616e65u + (uint64_t)_i);
	odds_random_large(&r, &q, idx, counts);
	sampled_spells(&r, &q, near, spells);
	changed_deck(&r, &q, lands, counts2, &n2);
	for (int s = 0; s < spells; s++) {
		qs[2 * s] = near[s];
		qs[2 * s + 1] = near[s];
		qs[2 * s + 1].lands = lands;
		qs[2 * s + 1].counts = counts2;
		qs[2 * s + 1].n_lands = n2;
		if (slow)
			qs[2 * s].games = qs[2 * s + 1].games = 300;
		near[s] = qs[2 * s + 1];
	}
	for (int pass = 0; pass < 2; pass++) {
		for (int l = 0; l < 2; l++) {
			/* first both decks at once, then the near deck through the record */
			struct mf_odds_query *ask = pass ? near : qs;
			int n = pass ? spells : 2 * spells;

			for (int s = 0; s < n; s++) {
				ask[s].cache = cache[l];
				ask[s].lanes = l ? 2 : 1;
			}
			mf_odds_compute_many(ask, (size_t)n, res[l], rcs[l]);
		}
		for (int s = 0; s < (pass ? spells : 2 * spells); s++) {
			odds_random_print(pass ? &near[s] : &qs[s], text, sizeof(text));
			ck_assert_msg(rcs[0][s] == rcs[1][s] &&
				      (rcs[0][s] || (same_sample(&res[0][s], &res[1][s]) &&
						     res[0][s].work == res[1][s].work &&
						     res[0][s].solver_calls == res[1][s].solver_calls)),
				      "seed %d pass %d spell %d: %d, p %.12f, work %llu on one thread; "
				      "%d, p %.12f, work %llu on two: %s", _i, pass, s, rcs[0][s],
				      res[0][s].p_castable, (unsigned long long)res[0][s].work, rcs[1][s],
				      res[1][s].p_castable, (unsigned long long)res[1][s].work, text);
		}
	}
	mf_odds_cache_free(cache[0]);
	mf_odds_cache_free(cache[1]);
}
END_TEST

/* A spell that fails stops the rest: those after it, not in a batch, are
 * skipped, and an empty call writes nothing. */
START_TEST(test_many_skips_after_failure)
{
	struct odds_random r;
	int32_t idx[ODDS_RANDOM_LARGE_KINDS];
	uint32_t counts[ODDS_RANDOM_LARGE_KINDS];
	struct mf_odds_query q, qs[3];
	struct mf_odds_result out[3];
	int rcs[3];

	odds_random_init(&r, play_cat, 0x736b6970u);
	odds_random_large(&r, &q, idx, counts);
	for (int s = 0; s < 3; s++)
		qs[s] = q;
	qs[0].method = qs[1].method = qs[2].method = MF_ODDS_SAMPLE;
	qs[0].games = 1000;
	qs[1].games = 1000;
	qs[1].budget = 1;  /* a sample that cannot fit its games */
	qs[2].games = 1000;
	mf_odds_compute_many(qs, 3, out, rcs);
	ck_assert_int_eq(rcs[0], MF_OK);
	ck_assert_int_eq(rcs[1], MF_ERR_LIMIT);
	ck_assert(out[1].over_budget);
	ck_assert_int_eq(rcs[2], MF_ODDS_SKIPPED);
	mf_odds_compute_many(qs, 0, out, rcs);
}
END_TEST

void play_add_many_tcases(Suite *s)
{
	TCase *tc = tcase_create("many");

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_many_same, 0, MANY_SEEDS);
	tcase_add_test(tc, test_many_skips_after_failure);
	suite_add_tcase(s, tc);
	tc = tcase_create("cost-within");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_add_test(tc, test_cost_within);
	suite_add_tcase(s, tc);
	tc = tcase_create("many-sampled");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_many_sampled_same, 0, MANY_SAMPLED_SEEDS);
	suite_add_tcase(s, tc);
	tc = tcase_create("many-reuse");
	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_many_reuse, 0, MANY_REUSE_SEEDS);
	tcase_add_loop_test(tc, test_many_lanes, 0, MANY_REUSE_SEEDS);
	suite_add_tcase(s, tc);
}
