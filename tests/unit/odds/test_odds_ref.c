/*
 * The first model's exact reference (tests/reference/odds_brute: every land
 * enters untapped, any `turn` of the lands seen pay) against figures
 * computed outside this project: Karsten's 2022 model (60 cards, 25 lands,
 * K Mountains and the rest Wastes, on the play) and the Paris 2013 table's
 * source counts (60 cards, 24 lands); and a few facts of the model that
 * follow by hand.
 *
 * The engine now plays the land drops; its reference is odds_play
 * (test_odds_play.c), which must equal odds_brute on decks of basic lands,
 * where the two models agree. This file keeps odds_brute itself honest.
 */
#include <check.h>
#include <math.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_brute.h"

#define SANITY_TOLERANCE 5e-5

static struct mf_mana_catalogue *cat;

static void setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
}

static void teardown(void)
{
	mf_mana_catalogue_free(cat);
	cat = NULL;
}

static int32_t land(const char *name)
{
	int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

	ck_assert_msg(i >= 0, "no land %s in the built-in catalogue", name);
	return i;
}

static struct mf_mana_cost cost_of(const char *text)
{
	struct mf_mana_cost cost;
	struct mf_mana_parse_error err;

	ck_assert_msg(mf_mana_cost_parse(text, strlen(text), &cost, &err) == MF_OK,
		      "cost %s: %s", text, err.reason);
	return cost;
}

/* p_castable_given_lands of `cost` on `turn` for a deck of `size` cards and
 * `lands` lands, `sources` Mountains and the others Wastes, on the play. */
static double mountains(enum mf_odds_policy policy, uint32_t size, uint32_t lands,
			uint32_t sources, const char *cost, uint32_t turn)
{
	int32_t idx[2];
	uint32_t counts[2];
	size_t n = 0;
	struct mf_odds_query q;
	struct odds_brute_result r;
	int rc;

	if (sources) {
		idx[n] = land("Mountain");
		counts[n++] = sources;
	}
	if (lands > sources) {
		idx[n] = land("Wastes");
		counts[n++] = lands - sources;
	}
	q = (struct mf_odds_query){ .cat = cat, .size = size, .lands = idx, .counts = counts,
				    .n_lands = n, .cost = cost_of(cost), .turn = turn,
				    .life = 20, .policy = policy, .method = MF_ODDS_EXACT };
	rc = odds_brute_compute(&q, &r);
	ck_assert_msg(rc == MF_OK, "%s turn %u, %u of %u: %s", cost, turn, sources, lands,
		      mf_status_str(rc));
	ck_assert(r.p_lands >= 0 && r.p_lands <= 1 + 1e-12);
	ck_assert(r.p_castable >= 0 && r.p_castable <= 1 + 1e-12);
	return r.p_castable_given_lands;
}

struct karsten_fact {
	const char *cost;
	uint32_t turn, sources;
	double given;
};

/* Karsten 2022: 60 cards, 25 lands, on the play, life 20. */
static const struct karsten_fact karsten2022[] = {
	{ "{R}", 1, 14, 0.9129 },
	{ "{R}", 1, 15, 0.9325 },
	{ "{1}{R}{R}", 3, 19, 0.9482 },
	{ "{1}{R}{R}", 3, 18, 0.9249 },
	{ "{2}{R}{R}", 4, 18, 0.9742 },
};

START_TEST(test_karsten2022)
{
	const struct karsten_fact *f = &karsten2022[_i];
	double got = mountains(MF_ODDS_KARSTEN2022, 60, 25, f->sources, f->cost, f->turn);

	ck_assert_msg(fabs(got - f->given) <= SANITY_TOLERANCE,
		      "%s turn %u with %u Mountains: %.6f, expected %.4f", f->cost, f->turn,
		      f->sources, got, f->given);
}
END_TEST

/* Paris 2013, 60 cards, 24 lands: the fewest Mountains for 90%. */
START_TEST(test_paris2013)
{
	static const struct {
		const char *cost;
		uint32_t turn, fewest;
	} facts[] = { { "{R}", 1, 14 }, { "{R}{R}", 2, 20 } };
	uint32_t k = 1;

	while (k <= 24 && mountains(MF_ODDS_PARIS2013, 60, 24, k, facts[_i].cost,
				    facts[_i].turn) < 0.90)
		k++;
	ck_assert_msg(k == facts[_i].fewest, "%s turn %u: %u Mountains reach 90%%, expected %u",
		      facts[_i].cost, facts[_i].turn, k, facts[_i].fewest);
}
END_TEST

/* Plain facts of the model: no lands needed ({X} with x = 0) means p_lands 1;
 * a deck of one land kind that makes the colour casts whenever enough lands
 * are seen; none keeps any 7, so p_lands of one land on turn 1 on the play is
 * 1 - C(spells, 7) / C(size, 7). */
START_TEST(test_model_facts)
{
	int32_t idx[1];
	uint32_t counts[1] = { 17 };
	struct mf_odds_query q;
	struct odds_brute_result r;
	double none = 1;

	idx[0] = land("Mountain");
	q = (struct mf_odds_query){ .cat = cat, .size = 40, .lands = idx, .counts = counts,
				    .n_lands = 1, .cost = cost_of("{X}"), .x = 0, .turn = 3,
				    .life = 20, .policy = MF_ODDS_KARSTEN2022 };
	ck_assert_int_eq(odds_brute_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.lands_needed, 0);
	ck_assert(fabs(r.p_lands - 1) < 1e-15 && fabs(r.p_castable - 1) < 1e-15);

	q.cost = cost_of("{1}{R}{R}");
	ck_assert_int_eq(odds_brute_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.lands_needed, 3);
	ck_assert(fabs(r.p_lands - r.p_castable) < 1e-15);
	ck_assert(fabs(r.p_castable_given_lands - 1) < 1e-15);

	q.cost = cost_of("{R}");
	q.turn = 1;
	q.policy = MF_ODDS_NONE;
	ck_assert_int_eq(odds_brute_compute(&q, &r), MF_OK);
	for (int i = 0; i < 7; i++)
		none *= (23.0 - i) / (40.0 - i);
	ck_assert_msg(fabs(r.p_lands - (1 - none)) < 1e-15, "%.17g vs %.17g", r.p_lands, 1 - none);

	/* Refusals: turn 5 is beyond the reference, 41 lands beyond the deck. */
	q.turn = 5;
	ck_assert_int_eq(odds_brute_compute(&q, &r), MF_ERR_LIMIT);
	q.turn = 1;
	counts[0] = 41;
	ck_assert_int_eq(odds_brute_compute(&q, &r), MF_ERR_INVALID);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("odds-ref");
	TCase *tc = tcase_create("sanity");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_karsten2022, 0,
			    (int)(sizeof(karsten2022) / sizeof(karsten2022[0])));
	tcase_add_loop_test(tc, test_paris2013, 0, 2);
	tcase_add_test(tc, test_model_facts);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
