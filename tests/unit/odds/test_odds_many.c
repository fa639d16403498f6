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
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/odds.h"
#include "odds_random.h"
#include "test_odds_play.h"

#define MANY_SEEDS 6
#define MANY_SPELLS 14

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
}
