/*
 * Check suites of the deck report (include/manaflow/report.h): the limits
 * and refusals, hand-checked colour tables (a fetch beside a shock land of
 * another colour, a mono-colour deck, a deck short of a colour), spells
 * answered once per cost and turn, a commander, the budget and the stop,
 * and whole reports with advice against the reference (report_check.c).
 * The randomised differential suite is in test_report_diff.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/report.h"
#include "report_check.h"

Suite *report_diff_suite(void);

/* ------------------------------------------------------------------ */
/* Limits and refusals                                                 */

static void mono_red(struct rc_deck *d)
{
	memset(d, 0, sizeof(*d));
	d->size = 40;
	rc_land(d, "Mountain", 17);
	rc_spell(d, "{R}", 4, false);
	rc_spell(d, "{1}{R}", 4, false);
	rc_spell(d, "{2}{R}{R}", 4, false);
}

START_TEST(test_limits)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	mono_red(&d);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.size = MF_REPORT_DECK_MAX + 1;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_LIMIT);
	ck_assert_int_eq(r.limit, MF_REPORT_LIMIT_DECK);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.n_spells = MF_REPORT_SPELLS_MAX + 1;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_LIMIT);
	ck_assert_int_eq(r.limit, MF_REPORT_LIMIT_SPELLS);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.n_lands = MF_ODDS_LAND_KINDS_MAX + 1;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_LIMIT);
	ck_assert_int_eq(r.limit, MF_REPORT_LIMIT_LAND_KINDS);
	/* at the limits: 250 cards, 100 distinct spells */
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.size = MF_REPORT_DECK_MAX;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	mf_report_free(&r);
	/* refusals */
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.size = MF_ODDS_DECK_MIN - 1;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.size = 28;  /* 17 lands + 12 spells do not fit (and too small) */
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	d.spells[0].count = 0;
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	mono_red(&d);
	rc_land(&d, "Mountain", 1);  /* given twice */
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	mono_red(&d);
	d.lands[0] = (int32_t)mf_mana_catalogue_size(rc_catalogue());
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	mono_red(&d);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	q.n_spells = 0;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
	mf_report_free(&r);   /* harmless on a failed report */
	mf_report_free(NULL);
}
END_TEST

START_TEST(test_hundred_spells)
{
	static const char *const costs[] = { "{R}", "{1}{R}", "{2}{R}", "{R}{R}", "{1}{R}{R}" };
	static char names[MF_REPORT_SPELLS_MAX][16];
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	memset(&d, 0, sizeof(d));
	d.size = 250;
	rc_land(&d, "Mountain", 100);
	for (int i = 0; i < MF_REPORT_SPELLS_MAX; i++) {
		rc_spell(&d, costs[i % 5], 1, false);
		snprintf(names[i], sizeof(names[i]), "card %d", i);
		d.spells[i].name = names[i];
	}
	q = rc_query(&d, MF_ODDS_AUTO, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.n_spells, MF_REPORT_SPELLS_MAX);
	for (int i = 0; i < MF_REPORT_SPELLS_MAX; i++) {
		ck_assert_str_eq(r.spells[i].name, names[i]);
		ck_assert_uint_eq(r.spells[i].same_as, (size_t)(i % 5));
		ck_assert_double_eq(r.spells[i].odds.p_castable, r.spells[i % 5].odds.p_castable);
	}
	ck_assert_uint_eq(r.n_exact, 5);
	mf_report_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Colours by hand                                                     */

START_TEST(test_fetch_beside_shock)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	/* Wooded Foothills finds Mountain or Forest: beside Blood Crypt (a
	 * Swamp Mountain) it is a black source too */
	memset(&d, 0, sizeof(d));
	d.size = 40;
	rc_land(&d, "Wooded Foothills", 4);
	rc_land(&d, "Blood Crypt", 4);
	rc_land(&d, "Mountain", 9);
	rc_spell(&d, "{B}", 4, false);
	rc_spell(&d, "{1}{R}", 4, false);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.n_colors, 2);
	ck_assert_int_eq(r.colors[0].color, MF_MANA_B);
	ck_assert_uint_eq(r.colors[0].sources, 8);
	ck_assert_int_eq(r.colors[1].color, MF_MANA_R);
	ck_assert_uint_eq(r.colors[1].sources, 17);
	rc_check(&d, &r, false);
	mf_report_free(&r);
	/* beside a Swamp instead, it finds no black land: 4 sources */
	memset(&d, 0, sizeof(d));
	d.size = 40;
	rc_land(&d, "Wooded Foothills", 4);
	rc_land(&d, "Swamp", 4);
	rc_land(&d, "Mountain", 9);
	rc_spell(&d, "{B}", 4, false);
	rc_spell(&d, "{1}{R}", 4, false);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.colors[0].sources, 4);
	ck_assert_uint_eq(r.colors[1].sources, 13);
	rc_check(&d, &r, false);
	mf_report_free(&r);
}
END_TEST

START_TEST(test_mono_colour)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	mono_red(&d);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.n_colors, 1);
	ck_assert_int_eq(r.colors[0].color, MF_MANA_R);
	ck_assert_uint_eq(r.colors[0].sources, 17);
	ck_assert_uint_eq(r.colors[0].short_by, 0);
	/* {2}{R}{R} on turn 4 is the row 2+2 on turn 4 */
	ck_assert_uint_eq(r.colors[0].demand, 2);
	ck_assert_uint_eq(r.colors[0].pips, 2);
	ck_assert_uint_eq(r.colors[0].turn, 4);
	ck_assert_uint_eq(r.colors[0].generic, 2);
	ck_assert_uint_eq(r.land_cards, 17);
	ck_assert_uint_eq(r.n_advice, 0);  /* not asked */
	rc_check(&d, &r, false);
	mf_report_free(&r);
}
END_TEST

START_TEST(test_short_of_a_colour)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	memset(&d, 0, sizeof(d));
	d.size = 40;
	rc_land(&d, "Mountain", 13);
	rc_land(&d, "Island", 4);
	rc_spell(&d, "{R}", 8, false);
	rc_spell(&d, "{1}{U}{U}", 4, false);
	rc_spell(&d, "{U}", 4, false);
	q = rc_query(&d, MF_ODDS_EXACT, true);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.n_colors, 2);
	ck_assert_int_eq(r.colors[0].color, MF_MANA_U);
	ck_assert_uint_eq(r.colors[0].sources, 4);
	ck_assert_uint_eq(r.colors[0].demand, 1);
	ck_assert_uint_gt(r.colors[0].short_by, 0);
	ck_assert_int_eq(r.colors[1].color, MF_MANA_R);
	ck_assert_uint_eq(r.colors[1].short_by, 0);
	ck_assert(r.advice_complete);
	/* the best swap gives the deck blue */
	ck_assert_uint_gt(r.n_advice, 0);
	ck_assert_uint_gt(mf_odds_land_colors(rc_catalogue(), &r.advice[0].in.index, 1, 0) &
				  (1u << MF_MANA_U), 0);
	ck_assert_uint_ge(rc_check(&d, &r, true), 3);
	mf_report_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Spells                                                              */

START_TEST(test_once_per_cost_and_turn)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	memset(&d, 0, sizeof(d));
	d.size = 40;
	rc_land(&d, "Hallowed Fountain", 4);
	rc_land(&d, "Plains", 7);
	rc_land(&d, "Island", 6);
	rc_spell(&d, "{1}{W}", 2, false);
	rc_spell(&d, "{X}{U}", 2, false);   /* {X} as 1: turn 2 */
	rc_spell(&d, "{1}{W}", 3, false);   /* another card of the same cost */
	rc_spell(&d, "{W}{U}", 2, false);
	rc_spell(&d, "{X}{X}{U}", 1, false);  /* turn 3 */
	q = rc_query(&d, MF_ODDS_AUTO, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert_uint_eq(r.spells[2].same_as, 0);
	ck_assert_uint_eq(r.spells[1].same_as, 1);
	ck_assert_uint_eq(r.spells[1].turn, 2);
	ck_assert_uint_eq(r.spells[1].x, 1);
	ck_assert_uint_eq(r.spells[4].turn, 3);
	ck_assert_uint_eq(r.n_exact, 4);
	ck_assert_uint_eq(r.spells[2].count, 3);
	rc_check(&d, &r, false);
	mf_report_free(&r);
}
END_TEST

START_TEST(test_commander)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	/* 17 lands and 23 spells fill the 40 cards: the commander is beyond
	 * them, asked like any spell on the turn of its mana value */
	memset(&d, 0, sizeof(d));
	d.size = 40;
	rc_land(&d, "Forest", 9);
	rc_land(&d, "Island", 8);
	rc_spell(&d, "{G}", 12, false);
	rc_spell(&d, "{1}{U}", 11, false);
	rc_spell(&d, "{2}{G}{U}", 1, true);
	q = rc_query(&d, MF_ODDS_EXACT, true);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert(r.spells[2].commander);
	ck_assert_uint_eq(r.spells[2].turn, 4);
	rc_check(&d, &r, true);
	/* one more land cuts a main-deck spell, never the commander */
	ck_assert(r.has_more_land);
	ck_assert_int_ne(r.more_land.out.index, 2);
	mf_report_free(&r);
	/* as a main-deck card it would not fit the 40 */
	d.spells[2].commander = false;
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_INVALID);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Advice, budget and stop                                             */

static void izzet(struct rc_deck *d)
{
	memset(d, 0, sizeof(*d));
	d->size = 40;
	rc_land(d, "Island", 7);
	rc_land(d, "Mountain", 6);
	rc_land(d, "Swiftwater Cliffs", 2);
	rc_land(d, "Scalding Tarn", 2);
	rc_spell(d, "{U}", 4, false);
	rc_spell(d, "{1}{R}", 4, false);
	rc_spell(d, "{U}{R}", 4, false);
	rc_spell(d, "{2}{U}{U}", 4, false);
	rc_spell(d, "{3}{R}", 3, false);
}

START_TEST(test_advice_reference)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;

	izzet(&d);
	q = rc_query(&d, MF_ODDS_EXACT, true);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert(r.advice_complete);
	ck_assert_uint_gt(r.candidates, r.screened_exact);
	ck_assert_uint_gt(r.n_advice, 0);
	ck_assert(r.has_more_land && r.has_fewer_land);
	ck_assert_uint_eq(rc_check(&d, &r, true), r.n_advice + 2);
	/* the land line's cards: one copy each */
	ck_assert_uint_eq(r.more_land.out.count, 1);
	ck_assert_uint_eq(r.fewer_land.in.count, 1);
	mf_report_free(&r);
}
END_TEST

/* Whether reports a and b gave the same advice, as far as their work. */
static bool same_advice(const struct mf_report *a, const struct mf_report *b)
{
	bool same = a->work == b->work && a->advice_complete == b->advice_complete &&
		    a->candidates == b->candidates && a->screened_exact == b->screened_exact &&
		    a->n_advice == b->n_advice && a->has_more_land == b->has_more_land &&
		    a->has_fewer_land == b->has_fewer_land;

	for (size_t i = 0; i < a->n_advice && same; i++)
		same = a->advice[i].gain == b->advice[i].gain &&
		       a->advice[i].in.index == b->advice[i].in.index;
	return same;
}

START_TEST(test_budget_and_stop)
{
	struct rc_deck d;
	struct mf_report r;
	struct mf_report_query q;
	struct mf_stop stop = { 0 };
	uint64_t spells_work, full_work;

	izzet(&d);
	q = rc_query(&d, MF_ODDS_EXACT, false);
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	spells_work = r.work;
	mf_report_free(&r);
	/* too little for the spells: refused, naming the budget */
	q.budget = spells_work / 2;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_LIMIT);
	ck_assert_int_eq(r.limit, MF_REPORT_LIMIT_BUDGET);
	/* enough for the spells, not for the advice: the spells stand, the
	 * advice says it is not complete */
	q.advice = true;
	q.budget = spells_work + 1000;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert(!r.advice_complete);
	ck_assert_uint_le(r.work, q.budget);
	rc_check(&d, &r, false);
	mf_report_free(&r);
	/* any budget between: what the advice finished is still the engine's
	 * count, line for line */
	q.budget = 0;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
	ck_assert(r.advice_complete);
	full_work = r.work;
	mf_report_free(&r);
	for (int step = 1; step < 8; step++) {
		struct mf_report two;

		q.budget = spells_work + (full_work - spells_work) * (uint64_t)step / 8;
		ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
		ck_assert(!r.advice_complete);
		ck_assert_uint_le(r.work, q.budget);
		rc_check(&d, &r, true);
		/* on two threads, the advice stops where it stopped on one */
		q.lanes = 2;
		ck_assert_int_eq(mf_report_compute(&q, &two), MF_OK);
		q.lanes = 0;
		ck_assert_msg(same_advice(&r, &two), "step %d: work %llu on one thread, %llu on two",
			      step, (unsigned long long)r.work, (unsigned long long)two.work);
		mf_report_free(&two);
		mf_report_free(&r);
	}
	/* a raised stop */
	atomic_store(&stop.cancelled, true);
	q = rc_query(&d, MF_ODDS_EXACT, true);
	q.stop = &stop;
	ck_assert_int_eq(mf_report_compute(&q, &r), MF_ERR_STOPPED);
}
END_TEST

static Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *limits = tcase_create("limits"), *colors = tcase_create("colors");
	TCase *spells = tcase_create("spells"), *advice = tcase_create("advice");

	tcase_add_test(limits, test_limits);
	tcase_add_test(limits, test_hundred_spells);
	suite_add_tcase(s, limits);
	tcase_add_test(colors, test_fetch_beside_shock);
	tcase_add_test(colors, test_mono_colour);
	tcase_add_test(colors, test_short_of_a_colour);
	suite_add_tcase(s, colors);
	tcase_add_test(spells, test_once_per_cost_and_turn);
	tcase_add_test(spells, test_commander);
	suite_add_tcase(s, spells);
	tcase_add_test(advice, test_advice_reference);
	tcase_add_test(advice, test_budget_and_stop);
	suite_add_tcase(s, advice);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(report_suite());
	int failed;

	srunner_add_suite(runner, report_diff_suite());
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
