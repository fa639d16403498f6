/*
 * "cache": the spells of one random deck asked with one shared
 * mf_odds_cache and without any give the same results field for field,
 * the same failures and the same work, also when a tight budget runs out
 * part-way; but a sampled spell may reuse the games a spell of the same
 * deck recorded in the cache (odds.h), with the same figures and no more
 * work (decks from odds_random_large: 5-12 lands of every family,
 * MF_ODDS_AUTO, so most are counted exactly on the dense grid whose kept
 * hands the cache keeps); and so do the spells of decks with a bounce land,
 * counted exactly without the grid, whose first states the cache keeps.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/odds.h"
#include "odds_random.h"
#include "test_odds_play.h"

#define CACHE_SEEDS 4
#define CACHE_DECKS 2
#define CACHE_SPELLS 8

START_TEST(test_cache_same)
{
	/* a deck of three spells under valgrind (tests/meson.build's setup) */
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int decks = slow ? 1 : CACHE_DECKS, spells = slow ? 3 : CACHE_SPELLS;
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x63616368u + (uint64_t)_i);
	for (int d = 0; d < decks; d++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS], idx2[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS], counts2[ODDS_RANDOM_LARGE_KINDS];
		struct mf_odds_cache *cache = mf_odds_cache_new();
		struct mf_odds_query q, spell;

		ck_assert_ptr_nonnull(cache);
		odds_random_large(&r, &q, idx, counts);
		for (int n = 0; n < spells; n++) {
			struct mf_odds_result with, without;
			char text[1024];
			int rc_with, rc_without;

			/* another spell of the same deck: the next query's cost and turn */
			odds_random_large(&r, &spell, idx2, counts2);
			q.cost = spell.cost;
			q.x = spell.x;
			q.turn = spell.turn;
			q.curve = (uint32_t)(odds_random_bits(&r) % 8);
			/* one spell in four on a budget that may run out part-way */
			q.budget = odds_random_bits(&r) % 4 ? 0 : 1 + odds_random_bits(&r) % 400000;
			odds_random_print(&q, text, sizeof(text));
			q.cache = NULL;
			rc_without = mf_odds_compute(&q, &without);
			q.cache = cache;
			rc_with = mf_odds_compute(&q, &with);
			/* a recorded sample spends less: one stopped by its
			 * budget without the cache may be answered with it */
			if (rc_with == MF_OK && rc_without == MF_ERR_LIMIT &&
			    with.method == MF_ODDS_SAMPLE)
				continue;
			ck_assert_msg(rc_with == rc_without, "seed %d deck %d spell %d: %d with the cache, "
				      "%d without: %s", _i, d, n, rc_with, rc_without, text);
			if (rc_with == MF_OK && with.method == MF_ODDS_SAMPLE) {
				ck_assert_msg(with.work <= without.work, "seed %d deck %d spell %d: "
					      "work %llu with the record, %llu without: %s", _i, d, n,
					      (unsigned long long)with.work,
					      (unsigned long long)without.work, text);
				with.work = without.work;
				with.solver_calls = without.solver_calls;
			}
			ck_assert_msg(memcmp(&with, &without, sizeof(with)) == 0,
				      "seed %d deck %d spell %d: results differ (p_castable %.12f and "
				      "%.12f, work %llu and %llu; curve %u, budget %llu): %s", _i, d, n,
				      with.p_castable, without.p_castable, (unsigned long long)with.work,
				      (unsigned long long)without.work, q.curve,
				      (unsigned long long)q.budget, text);
		}
		mf_odds_cache_free(cache);
	}
}
END_TEST

/* Decks with a bounce land (no grid): the exact count's first states. */
static const char *const bounce_decks[][4] = {
	{ "Azorius Chancery", "Hallowed Fountain", "Plains", "Island" },
	{ "Golgari Rot Farm", "Overgrown Tomb", "Forest", "Swamp" },
};
static const uint32_t bounce_counts[] = { 2, 4, 9, 9 };

/* Spells of one deck: some share kept hands (their colours), some not. */
static const struct {
	const char *cost;
	uint32_t turn;
} bounce_spells[] = {
	{ "{W}", 1 }, { "{1}{W}", 2 }, { "{W}{W}", 2 }, { "{1}{U}", 2 },
	{ "{W}{U}", 2 }, { "{2}{W}", 3 }, { "{B}{G}", 2 }, { "{1}{G}", 2 },
};

START_TEST(test_cache_same_exact)
{
	struct mf_odds_cache *cache = mf_odds_cache_new();
	int32_t idx[4];
	uint32_t counts[4];
	struct mf_odds_query q = { .cat = play_cat, .size = 60, .lands = idx, .counts = counts,
				   .n_lands = 4, .life = 20, .policy = MF_ODDS_KARSTEN2022,
				   .method = MF_ODDS_EXACT };

	ck_assert_ptr_nonnull(cache);
	for (size_t k = 0; k < 4; k++) {
		const char *name = bounce_decks[_i][k];

		idx[k] = mf_mana_catalogue_find(play_cat, name, strlen(name));
		ck_assert_msg(idx[k] >= 0, "no land %s", name);
		counts[k] = bounce_counts[k];
	}
	for (size_t n = 0; n < sizeof(bounce_spells) / sizeof(bounce_spells[0]); n++) {
		struct mf_odds_result with, without;
		struct mf_mana_parse_error err;
		const char *cost = bounce_spells[n].cost;
		int rc_with, rc_without;

		ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &q.cost, &err), MF_OK);
		q.turn = bounce_spells[n].turn;
		q.curve = (uint32_t)(n % 3);
		q.cache = NULL;
		rc_without = mf_odds_compute(&q, &without);
		q.cache = cache;
		rc_with = mf_odds_compute(&q, &with);
		ck_assert_msg(rc_with == MF_OK && rc_without == MF_OK, "deck %d %s: %d and %d", _i, cost,
			      rc_with, rc_without);
		ck_assert_msg(memcmp(&with, &without, sizeof(with)) == 0,
			      "deck %d %s: results differ (p_castable %.17g and %.17g, work %llu and "
			      "%llu)", _i, cost, with.p_castable, without.p_castable,
			      (unsigned long long)with.work, (unsigned long long)without.work);
	}
	mf_odds_cache_free(cache);
}
END_TEST

void play_add_cache_tcases(Suite *s)
{
	TCase *tc = tcase_create("cache");

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_cache_same, 0, CACHE_SEEDS);
	tcase_add_loop_test(tc, test_cache_same_exact, 0, 2);
	suite_add_tcase(s, tc);
}
