/*
 * MF_ODDS_WORKING_SET_MAX against the heap mf_odds_compute() really holds,
 * measured through the wrapped allocator (tests/unit/heap_peak.h), on the
 * heaviest queries found: an exact count whose hash tables grew to 379 MB
 * before they were capped (now over budget, and sampled under auto), the
 * dense grid of a deck of basic lands, a deck with a bounce land (states
 * by sequence of draws), 32 kinds of land sampled (both memos full), and
 * seven spells counted together on one grid. And the work a sampled game
 * is charged, which grows with the cards its deal looks at.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heap_peak.h"
#include "manaflow/odds.h"

static struct mf_mana_catalogue *cat;

/* An odds query: n lands named (count copies each), deck size, turn,
 * curve, cost, method and games (sampling). */
struct query {
	const char *const *names;
	size_t n;
	uint32_t count, size, turn, curve, games;
	const char *cost;
	enum mf_odds_method method;
};

/* The odds query of t into *q, its lands and counts in the arrays given
 * (MF_ODDS_LAND_KINDS_MAX each). */
static void query_of(const struct query *t, struct mf_odds_query *q, int32_t *lands,
		     uint32_t *counts)
{
	struct mf_mana_parse_error err;

	memset(q, 0, sizeof(*q));
	for (size_t i = 0; i < t->n; i++) {
		lands[i] = mf_mana_catalogue_find(cat, t->names[i], strlen(t->names[i]));
		ck_assert_msg(lands[i] >= 0, "%s: not in the catalogue", t->names[i]);
		counts[i] = t->count;
	}
	q->cat = cat;
	q->size = t->size;
	q->lands = lands;
	q->counts = counts;
	q->n_lands = t->n;
	ck_assert_int_eq(mf_mana_cost_parse(t->cost, strlen(t->cost), &q->cost, &err), MF_OK);
	q->turn = t->turn;
	q->curve = t->curve;
	q->life = 20;
	q->policy = MF_ODDS_KARSTEN2022;
	q->method = t->method;
	q->games = t->games;
	q->seed = 5;
}

/* Computes q under measure: its status into *rc, over_budget into *over;
 * returns the peak. */
static size_t compute_measured(const struct query *t, int *rc, bool *over)
{
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	struct mf_odds_result res;
	struct mf_odds_query q;
	size_t peak;

	query_of(t, &q, lands, counts);
	heap_peak_start();
	*rc = mf_odds_compute(&q, &res);
	peak = heap_peak_bytes();
	*over = res.over_budget;
	return peak;
}

static const char *const first32[] = {
	"Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Underground Sea",
	"Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island", "Bayou", "Plateau",
	"Tropical Island", "Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground",
	"Temple Garden", "Godless Shrine", "Steam Vents", "Overgrown Tomb", "Sacred Foundry",
	"Breeding Pool", "Flooded Strand", "Polluted Delta", "Bloodstained Mire",
	"Wooded Foothills", "Windswept Heath", "Marsh Flats", "Scalding Tarn",
};

/* The exact count that held 379 MB: now over budget past the cap, with the
 * heap within the bound; under auto it samples instead. */
START_TEST(exact_count_is_capped)
{
	struct query q = { first32, 12, 3, 60, 8, 0, 0, "{1}{W}{U}", MF_ODDS_EXACT };
	size_t peak;
	bool over;
	int rc;

	peak = compute_measured(&q, &rc, &over);
	ck_assert_msg(rc == MF_ERR_LIMIT && over, "exact: %d, over budget %d", rc, over);
	ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX, "exact: %zu bytes held, bound %zu", peak,
		      MF_ODDS_WORKING_SET_MAX);
	q.method = MF_ODDS_AUTO;
	q.games = 20000;
	peak = compute_measured(&q, &rc, &over);
	ck_assert_int_eq(rc, MF_OK);
	ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX, "auto: %zu bytes held, bound %zu", peak,
		      MF_ODDS_WORKING_SET_MAX);
}
END_TEST

/* Counted exactly, on the grid and with a bounce land: within the bound,
 * and large (more than half of it), so that the bound is not idle. */
START_TEST(exact_counts_within_the_bound)
{
	static const char *const bounce[] = { "Raugrin Triome", "Prismatic Vista",
					      "Golgari Rot Farm", "Elegant Parlor" };
	const struct query queries[] = {
		{ first32, 8, 5, 60, 10, 10, 0, "{W}{U}", MF_ODDS_EXACT },
		{ bounce, 4, 10, 100, 4, 0, 0, "{2}", MF_ODDS_EXACT },
	};
	size_t most = 0;

	for (size_t i = 0; i < sizeof(queries) / sizeof(queries[0]); i++) {
		bool over;
		int rc;
		size_t peak = compute_measured(&queries[i], &rc, &over);

		ck_assert_msg(rc == MF_OK, "query %zu: %d", i, rc);
		ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX, "query %zu: %zu bytes held, bound %zu",
			      i, peak, MF_ODDS_WORKING_SET_MAX);
		if (peak > most)
			most = peak;
	}
	ck_assert_msg(most > MF_ODDS_WORKING_SET_MAX / 2, "the largest held only %zu bytes", most);
}
END_TEST

/* 32 kinds of land, sampled (too many to count) to turn 7: both memos at their
 * cap, emptied and filled again. */
START_TEST(sample_within_the_bound)
{
	struct query q = { first32, 32, 3, 250, 7, 0, 0, "{2}{W}{U}{B}", MF_ODDS_AUTO };
	size_t peak;
	bool over;
	int rc;

	peak = compute_measured(&q, &rc, &over);
	ck_assert_int_eq(rc, MF_OK);
	ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX, "%zu bytes held, bound %zu", peak,
		      MF_ODDS_WORKING_SET_MAX);
}
END_TEST

/* Seven spells of one colour counted together on one grid to turn 10
 * (mf_odds_compute_many()): the grid's memo has a bit per spell, and the
 * seven spells' memos are held at once, all in one computation's bound. */
START_TEST(batch_within_the_bound)
{
	static const char *const costs[] = { "{W}", "{1}{W}", "{W}{W}", "{2}{W}", "{1}{W}{W}",
					     "{3}{W}", "{2}{W}{W}" };
	static const char *const azorius[] = { "Flooded Strand", "Hallowed Fountain",
		"Glacial Fortress", "Seachrome Coast", "Raffine's Tower",
		"Hengegate Pathway // Mistgate Pathway", "Island", "Plains" };
	int32_t lands[8];
	uint32_t counts[8];
	struct mf_mana_parse_error err;
	struct mf_odds_query qs[7];
	struct mf_odds_result out[7];
	int rcs[7];
	size_t peak;

	for (size_t i = 0; i < 8; i++) {
		lands[i] = mf_mana_catalogue_find(cat, azorius[i], strlen(azorius[i]));
		ck_assert_int_ge(lands[i], 0);
		counts[i] = i < 4 ? 4 : 2;
	}
	for (size_t k = 0; k < 7; k++) {
		memset(&qs[k], 0, sizeof(qs[k]));
		qs[k].cat = cat;
		qs[k].size = 60;
		qs[k].lands = lands;
		qs[k].counts = counts;
		qs[k].n_lands = 8;
		ck_assert_int_eq(mf_mana_cost_parse(costs[k], strlen(costs[k]), &qs[k].cost, &err),
				 MF_OK);
		qs[k].turn = 1 + (uint32_t)k % 4;
		qs[k].curve = 10;
		qs[k].life = 20;
		qs[k].policy = MF_ODDS_KARSTEN2022;
		qs[k].method = MF_ODDS_EXACT;
	}
	heap_peak_start();
	mf_odds_compute_many(qs, 7, out, rcs);
	peak = heap_peak_bytes();
	for (size_t k = 0; k < 7; k++)
		ck_assert_msg(rcs[k] == MF_OK && out[k].method == MF_ODDS_EXACT, "spell %zu: %d", k,
			      rcs[k]);
	ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX, "%zu bytes held, bound %zu", peak,
		      MF_ODDS_WORKING_SET_MAX);
	ck_assert_msg(peak > MF_ODDS_WORKING_SET_MAX / 4, "only %zu bytes held", peak);
}
END_TEST

/* Sixty-four spells of a 32-kind deck sampled together to turn 20
 * (mf_odds_compute_many(): their games shared, their memos and strata
 * held at once, their answers recorded in the request's cache): all
 * answered, in one computation's bound and its cache's. */
START_TEST(shared_sample_within_the_bound)
{
	enum { SPELLS = 64 };
	int32_t lands[32];
	uint32_t counts[32];
	struct mf_mana_parse_error err;
	struct mf_odds_query *qs = calloc(SPELLS, sizeof(*qs));
	struct mf_odds_result *out = calloc(SPELLS, sizeof(*out));
	struct mf_odds_cache *cache = mf_odds_cache_new();
	int rcs[SPELLS];
	size_t peak;

	ck_assert(qs && out && cache);
	for (size_t i = 0; i < 32; i++) {
		lands[i] = mf_mana_catalogue_find(cat, first32[i], strlen(first32[i]));
		ck_assert_int_ge(lands[i], 0);
		counts[i] = 3;
	}
	for (size_t k = 0; k < SPELLS; k++) {
		char c = "WUBRG"[k % 5], text[32];
		/* {g} and one or two pips of c: g from 0 to 6 */
		int n = snprintf(text, sizeof(text), "{%u}{%c}", (unsigned)(k / 8 % 7), c);

		if (k % 3 == 0)
			n += snprintf(text + n, sizeof(text) - (size_t)n, "{%c}", c);

		qs[k].cat = cat;
		qs[k].size = 250;
		qs[k].lands = lands;
		qs[k].counts = counts;
		qs[k].n_lands = 32;
		ck_assert_int_eq(mf_mana_cost_parse(text, (size_t)n, &qs[k].cost, &err), MF_OK);
		qs[k].turn = 1 + (uint32_t)k % 20;
		qs[k].curve = 20;
		qs[k].life = 20;
		qs[k].policy = MF_ODDS_KARSTEN2022;
		qs[k].method = MF_ODDS_SAMPLE;
		qs[k].games = 1000;
		/* the heaviest games (32 kinds, seven fetches, turn 9 and later) take
		 * over 10^8 units with some seeds: the bound is memory, not work */
		qs[k].budget = 2000000000;
		qs[k].cache = cache;
		qs[k].seed = 9;
	}
	heap_peak_start();
	mf_odds_compute_many(qs, SPELLS, out, rcs);
	peak = heap_peak_bytes();
	for (size_t k = 0; k < SPELLS; k++)
		ck_assert_msg(rcs[k] == MF_OK && out[k].games == 1000, "spell %zu: %d over %d", k, rcs[k], out[k].over_budget);
	ck_assert_msg(peak <= MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX, "%zu bytes held, bound %zu",
		      peak, MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX);
	mf_odds_cache_free(cache);
	free(qs);
	free(out);
}
END_TEST

/* The work of sampling t's 1,000 games. */
static uint64_t sampled_work(const struct query *t)
{
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	struct mf_odds_result res;
	struct mf_odds_query q;

	query_of(t, &q, lands, counts);
	ck_assert_int_eq(mf_odds_compute(&q, &res), MF_OK);
	ck_assert_int_eq(res.games, 1000);
	return res.work;
}

/* The budget bounds time only if a unit takes about as long in any deck:
 * a game's deal looks at every card of the deck, so a 250-card deck's game
 * costs at least 1 + (250 - 64) / 16 units, and a 100-card deck of lands
 * alone (mulligans to four, 100 cards looked at a hand) at least
 * 1 + (4 * 100 - 64) / 16. Charged one unit a game, the fuzzers' budget
 * let one such query run 80 s under ASan. */
START_TEST(a_game_costs_its_deal)
{
	static const char *const five[] = { "Plains", "Island", "Temple Garden",
					     "Godless Shrine", "Steam Vents" };
	struct query wide = { five, 5, 20, 250, 20, 0, 1000, "{W}{U}{B}{R}{G}", MF_ODDS_SAMPLE };
	struct query lands = { five, 5, 20, 100, 4, 0, 1000, "{W}{U}{B}{R}{G}", MF_ODDS_SAMPLE };
	struct query small = { five, 5, 3, 40, 4, 0, 1000, "{W}{U}{B}{R}{G}", MF_ODDS_SAMPLE };
	uint64_t w = sampled_work(&wide), l = sampled_work(&lands), s = sampled_work(&small);

	ck_assert_msg(w >= 1000 * (1 + (250 - 64) / 16), "250 cards: %llu units", (unsigned long long)w);
	ck_assert_msg(l >= 1000 * (1 + (4 * 100 - 64) / 16), "100 lands: %llu units",
		      (unsigned long long)l);
	/* a 40-card deck that keeps most hands: a unit and a turn asked, a
	 * mulligan now and then, and its solver calls */
	ck_assert_msg(s < w / 2, "40 cards: %llu units, 250: %llu", (unsigned long long)s,
		      (unsigned long long)w);
}
END_TEST

int main(void)
{
	struct mf_mana_parse_error err;
	Suite *s = suite_create("odds-memory");
	TCase *tc = tcase_create("working-set");
	SRunner *sr;
	int failed;

	if (mf_mana_catalogue_builtin(&cat, &err) != MF_OK)
		return EXIT_FAILURE;
	tcase_set_timeout(tc, 900);
	tcase_add_test(tc, exact_count_is_capped);
	tcase_add_test(tc, exact_counts_within_the_bound);
	tcase_add_test(tc, sample_within_the_bound);
	tcase_add_test(tc, batch_within_the_bound);
	tcase_add_test(tc, shared_sample_within_the_bound);
	tcase_add_test(tc, a_game_costs_its_deal);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	mf_mana_catalogue_free(cat);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
