/*
 * Frank Karsten's published "how many coloured sources" tables, cell by
 * cell, against manaflow's odds solver (manaflow/odds.h). Every number below
 * is a published (or, where marked, an exactly recomputed) figure; manaflow
 * must compute it, never store it.
 *
 * Sources (the research notes behind the odds feature):
 *  - 2022: "How Many Sources Do You Need to Consistently Cast Your Spells?
 *    A 2022 Update" (TCGplayer/CFB, 2022-08-02): the summary table (60, 80,
 *    99 and 40 cards with 25, 35, 41 and 17 lands), the table of 60-card
 *    decks with 20/25/30 lands, and six quoted point probabilities. Target
 *    89 + mana value per cent, conditioned on mana value lands by that turn.
 *  - 2013: "Frank Analysis - How Many Colored Mana Sources Do You Need to
 *    Consistently Cast Your Spells?" (ChannelFireball, 2013-12-31): Paris
 *    mulligan, 90%, conditioned on as many lands as coloured pips.
 *
 * Two published 2022 cells disagree with the exact model by far more than
 * the article's simulation noise (notes section 1.6); they are asserted
 * at the exact value, with a comment at the cell.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/odds.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/* "1CC" -> generic 1, pips 2; "CCC" -> 0, 3. False for anything else. */
static bool pattern_parse(const char *text, unsigned *generic, unsigned *pips)
{
	unsigned g = 0, p = 0;
	const char *c = text;

	while (*c >= '0' && *c <= '9')
		g = g * 10u + (unsigned)(*c++ - '0');
	while (*c == 'C') {
		p++;
		c++;
	}
	if (*c != '\0' || p == 0)
		return false;
	*generic = g;
	*pips = p;
	return true;
}

static void pattern_format(unsigned generic, unsigned pips, char *buf, size_t size)
{
	char cs[8] = "";

	for (unsigned i = 0; i < pips && i + 1 < sizeof cs; i++)
		cs[i] = 'C';
	if (generic > 0)
		snprintf(buf, size, "%u%s", generic, cs);
	else
		snprintf(buf, size, "%s", cs);
}

static const struct mf_odds_sources_row *
row_find(const struct mf_odds_sources_row *rows, size_t n_rows, unsigned generic,
	 unsigned pips, unsigned turn)
{
	for (size_t i = 0; i < n_rows; i++)
		if (rows[i].generic == generic && rows[i].pips == pips && rows[i].turn == turn)
			return &rows[i];
	return NULL;
}

static size_t run_sources(uint32_t size, uint32_t lands, enum mf_odds_policy policy,
			  struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX])
{
	struct mf_odds_sources_query q;
	size_t n_rows = 0;
	int rc;

	memset(&q, 0, sizeof q);
	q.size = size;
	q.lands = lands;
	q.on_draw = false;
	q.policy = policy;
	q.target = 0; /* Karsten's own: 0.89 + turn/100 (karsten2022), 0.90 (paris2013) */
	memset(rows, 0, sizeof(struct mf_odds_sources_row) * MF_ODDS_SOURCES_ROWS_MAX);
	rc = mf_odds_sources(&q, rows, &n_rows);
	ck_assert_msg(rc == MF_OK, "mf_odds_sources(%s, %u/%u) returned %d",
		      mf_odds_policy_name(policy), size, lands, rc);
	ck_assert_msg(n_rows <= MF_ODDS_SOURCES_ROWS_MAX, "n_rows %zu", n_rows);
	return n_rows;
}

/* Every row's own consistency: the target it used, its sources within the
 * deck's lands, and p reaching the target at those sources. */
static void row_sane(const struct mf_odds_sources_row *r, double target, uint32_t lands)
{
	ck_assert_msg(fabs(r->target - target) < 1e-9,
		      "%u+%u pips turn %u: target %.6f, expected %.6f", r->generic, r->pips,
		      r->turn, r->target, target);
	ck_assert_msg(r->sources >= r->pips && r->sources <= lands,
		      "%u+%u pips turn %u: %u sources out of %u..%u", r->generic, r->pips,
		      r->turn, r->sources, r->pips, lands);
	ck_assert_msg(r->p >= target - 1e-12 && r->p <= 1.0 + 1e-12,
		      "%u+%u pips turn %u: p %.6f below target %.6f", r->generic, r->pips,
		      r->turn, r->p, target);
}

static struct mf_mana_catalogue *builtin(void)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
	ck_assert_ptr_nonnull(cat);
	return cat;
}

static int32_t land_index(const struct mf_mana_catalogue *cat, const char *name)
{
	int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

	ck_assert_msg(i >= 0, "%s missing from the built-in catalogue", name);
	return i;
}

/* A 60-card deck with 25 lands: k Mountains and 25 - k Wastes; cost cast on
 * the turn of its mana value, on the play, life 20, karsten2022, exact. */
static void karsten60_red(const struct mf_mana_catalogue *cat, uint32_t k, const char *cost,
			  struct mf_odds_result *out)
{
	struct mf_odds_query q;
	struct mf_mana_parse_error err;
	int32_t lands[2];
	uint32_t counts[2];
	size_t n = 0;
	int rc;

	ck_assert(k <= 25);
	if (k > 0) {
		lands[n] = land_index(cat, "Mountain");
		counts[n++] = k;
	}
	if (k < 25) {
		lands[n] = land_index(cat, "Wastes");
		counts[n++] = 25 - k;
	}
	memset(&q, 0, sizeof q);
	q.cat = cat;
	q.size = 60;
	q.lands = lands;
	q.counts = counts;
	q.n_lands = n;
	rc = mf_mana_cost_parse(cost, strlen(cost), &q.cost, &err);
	ck_assert_msg(rc == MF_OK, "cost %s: %d", cost, rc);
	q.x = 0;
	q.turn = (uint32_t)mf_mana_cost_total(&q.cost);
	q.on_draw = false;
	q.life = 20;
	q.policy = MF_ODDS_KARSTEN2022;
	q.method = MF_ODDS_EXACT;
	memset(out, 0, sizeof *out);
	rc = mf_odds_compute(&q, out);
	ck_assert_msg(rc == MF_OK, "mf_odds_compute(%s, %u Mountains): %d", cost, k, rc);
	ck_assert_msg(out->method == MF_ODDS_EXACT, "%s: method %d", cost, (int)out->method);
	ck_assert_uint_eq(out->lands_needed, q.turn);
	ck_assert(out->given_defined);
}

/* ------------------------------------------------------------------ */
/* 2022: the summary table ("Number of colored sources required")      */

struct summary_row {
	const char *cost;      /* generic + pips, Karsten's notation */
	uint8_t c60, c80, c99, c40;
	bool exact_only;       /* not in the summary; the exact model's value */
};

static const struct summary_row summary2022[] = {
	/* cost     60  80  99  40       example spell */
	{ "5C",      9, 12, 14,  6, false }, /* Drowner of Hope */
	/* 80-card 4C: published 14. Known published deviation (notes 1.6):
	 * exactly, 13 sources give 94.34% >= 94% (14 give 95.75%), about 30
	 * standard errors of his 5M-game run, so the exact 13 is asserted. */
	{ "4C",      9, 13, 15,  6, false }, /* Doubling Season */
	{ "3C",     10, 15, 16,  7, false }, /* Collected Company */
	{ "2C",     12, 16, 18,  8, false }, /* Reckless Stormseeker */
	{ "5CC",    12, 17, 20,  8, false }, /* Hullbreaker Horror */
	{ "1C",     13, 18, 19,  9, false }, /* Ledger Shredder */
	{ "4CC",    13, 19, 22,  9, false }, /* Primeval Titan */
	{ "C",      14, 19, 19,  9, false }, /* Monastery Swiftspear */
	{ "3CC",    15, 20, 23, 10, false }, /* Baneslayer Angel */
	{ "4CCC",   16, 22, 26, 10, false }, /* Nyxbloom Ancient */
	{ "2CC",    16, 23, 26, 11, false }, /* Wrath of God */
	{ "3CCC",   17, 24, 28, 11, false }, /* Massacre Wurm */
	{ "1CC",    18, 25, 28, 12, false }, /* Narset, Parter of Veils */
	{ "2CCC",   19, 26, 30, 13, false }, /* Garruk, Primal Hunter */
	{ "CC",     21, 28, 30, 14, false }, /* Lord of Atlantis */
	{ "1CCC",   21, 29, 33, 14, false }, /* Cryptic Command */
	{ "1CCCC",  22, 31, 36, 15, false }, /* Unnatural Growth */
	{ "CCC",    23, 32, 36, 16, false }, /* Goblin Chainwhirler */
	{ "CCCC",   24, 34, 39, 17, false }, /* Dawn Elemental */
	/* Not in the summary; the exact model's value (notes 1.7). His script
	 * computes them; they would only be in the article's image grids. */
	{ "6C",      8, 12, 14,  5, true },
	{ "2CCCC",  20, 28, 33, 14, true },
	{ "3CCCC",  19, 26, 31, 13, true },
};

/* 2022: "60-card decks with other land counts". */
struct lands_row {
	const char *cost;
	uint8_t l20, l25, l30;
};

static const struct lands_row lands2022[] = {
	/* cost    20  25  30 */
	{ "5C",     7,  9, 10 },
	{ "4C",     8,  9, 11 },
	{ "3C",     9, 10, 12 },
	{ "2C",    10, 12, 13 },
	{ "5CC",   10, 12, 15 },
	{ "1C",    11, 13, 14 },
	{ "4CC",   11, 13, 16 },
	{ "C",     12, 14, 15 },
	{ "3CC",   12, 15, 17 },
	/* 4CCC with 20 lands: published 12. Known published deviation (notes
	 * 1.6): exactly, 12 sources give 95.80% < 96% and 13 give 98.25%, so
	 * the exact 13 is asserted. */
	{ "4CCC",  13, 16, 19 },
	{ "2CC",   13, 16, 19 },
	{ "3CCC",  14, 17, 20 },
	{ "1CC",   15, 18, 21 },
	{ "2CCC",  15, 19, 22 },
	{ "CC",    18, 21, 23 },
	{ "1CCC",  17, 21, 24 },
	{ "1CCCC", 18, 22, 26 },
	{ "CCC",   19, 23, 27 },
	{ "CCCC",  20, 24, 29 },
};

#define N_SUMMARY (sizeof summary2022 / sizeof summary2022[0])
#define N_LANDS (sizeof lands2022 / sizeof lands2022[0])

/* One column of one table, run as one loop iteration. */
enum table_kind { TABLE_SUMMARY, TABLE_LANDS };

struct column {
	const char *label;
	uint32_t size, lands;
	enum table_kind table;
	unsigned col;  /* summary: 0..3 = 60, 80, 99, 40; lands: 0..2 = 20, 25, 30 */
};

static const struct column columns2022[] = {
	{ "karsten2022 summary, 60 cards / 25 lands", 60, 25, TABLE_SUMMARY, 0 },
	{ "karsten2022 summary, 80 cards / 35 lands", 80, 35, TABLE_SUMMARY, 1 },
	{ "karsten2022 summary, 99 cards / 41 lands", 99, 41, TABLE_SUMMARY, 2 },
	{ "karsten2022 summary, 40 cards / 17 lands", 40, 17, TABLE_SUMMARY, 3 },
	{ "karsten2022 other land counts, 60 cards / 20 lands", 60, 20, TABLE_LANDS, 0 },
	{ "karsten2022 other land counts, 60 cards / 25 lands", 60, 25, TABLE_LANDS, 1 },
	{ "karsten2022 other land counts, 60 cards / 30 lands", 60, 30, TABLE_LANDS, 2 },
};

#define N_COLUMNS2022 ((int)(sizeof columns2022 / sizeof columns2022[0]))

static unsigned summary_cell(const struct summary_row *r, unsigned col)
{
	switch (col) {
	case 0: return r->c60;
	case 1: return r->c80;
	case 2: return r->c99;
	default: return r->c40;
	}
}

static unsigned lands_cell(const struct lands_row *r, unsigned col)
{
	switch (col) {
	case 0: return r->l20;
	case 1: return r->l25;
	default: return r->l30;
	}
}

/* The karsten2022 rows are exactly the 22 costs of mana value 1..7 with
 * 1..min(4, T) pips, each once, cast on the turn of its mana value. */
static void rows_are_the_22_patterns(const struct mf_odds_sources_row *rows, size_t n_rows,
				     uint32_t lands)
{
	size_t expected = 0;

	for (size_t i = 0; i < n_rows; i++) {
		const struct mf_odds_sources_row *r = &rows[i];

		ck_assert_msg(r->turn >= 1 && r->turn <= 7, "row %zu: turn %u", i, r->turn);
		ck_assert_msg(r->pips >= 1 && r->pips <= 4 && r->pips <= r->turn,
			      "row %zu: %u pips on turn %u", i, r->pips, r->turn);
		ck_assert_msg((unsigned)r->generic + r->pips == r->turn,
			      "row %zu: %u generic + %u pips cast on turn %u", i, r->generic,
			      r->pips, r->turn);
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(rows[j].generic != r->generic || rows[j].pips != r->pips ||
				      rows[j].turn != r->turn,
				      "rows %zu and %zu are the same cost", j, i);
		row_sane(r, 0.89 + r->turn / 100.0, lands);
	}
	for (unsigned t = 1; t <= 7; t++)
		for (unsigned p = 1; p <= (t < 4 ? t : 4); p++) {
			ck_assert_msg(row_find(rows, n_rows, t - p, p, t) != NULL,
				      "no row for %u generic + %u pips on turn %u", t - p, p, t);
			expected++;
		}
	ck_assert_uint_eq(expected, 22);
	ck_assert_uint_eq(n_rows, expected);
}

START_TEST(karsten2022_sources_column)
{
	const struct column *c = &columns2022[_i];
	struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX];
	size_t n_rows = run_sources(c->size, c->lands, MF_ODDS_KARSTEN2022, rows);
	size_t n = c->table == TABLE_SUMMARY ? N_SUMMARY : N_LANDS;
	size_t checked = 0, exact_only = 0;

	rows_are_the_22_patterns(rows, n_rows, c->lands);
	for (size_t i = 0; i < n; i++) {
		const char *cost;
		unsigned want, generic, pips;
		const struct mf_odds_sources_row *r;

		if (c->table == TABLE_SUMMARY) {
			cost = summary2022[i].cost;
			want = summary_cell(&summary2022[i], c->col);
			exact_only += summary2022[i].exact_only;
		} else {
			cost = lands2022[i].cost;
			want = lands_cell(&lands2022[i], c->col);
		}
		ck_assert_msg(pattern_parse(cost, &generic, &pips), "bad pattern %s", cost);
		r = row_find(rows, n_rows, generic, pips, generic + pips);
		ck_assert_msg(r != NULL, "%s: %s has no row", c->label, cost);
		ck_assert_msg(r->sources == want, "%s: %s needs %u sources, manaflow says %u (p %.4f%%)",
			      c->label, cost, want, r->sources, r->p * 100.0);
		checked++;
	}
	printf("%s: %zu cells checked (%zu of them the exact model's, not in the summary)\n",
	       c->label, checked, exact_only);
	fflush(stdout);
}
END_TEST

/* The minimum is a minimum: one source fewer falls short of the target.
 * Checked through mf_odds_compute on the one column the point figures use. */
START_TEST(karsten2022_60_25_minimum_is_tight)
{
	struct mf_mana_catalogue *cat = builtin();
	size_t checked = 0;

	for (size_t i = 0; i < N_SUMMARY; i++) {
		unsigned generic, pips;
		char text[64];
		size_t len = 0;
		struct mf_odds_result at, below;
		unsigned k = summary2022[i].c60;
		double target;

		ck_assert(pattern_parse(summary2022[i].cost, &generic, &pips));
		if (generic > 0)
			len += (size_t)snprintf(text + len, sizeof text - len, "{%u}", generic);
		for (unsigned p = 0; p < pips; p++)
			len += (size_t)snprintf(text + len, sizeof text - len, "{R}");
		target = 0.89 + (generic + pips) / 100.0;
		karsten60_red(cat, k, text, &at);
		ck_assert_msg(at.p_castable_given_lands >= target,
			      "%s with %u sources: %.4f%% < target", summary2022[i].cost, k,
			      at.p_castable_given_lands * 100.0);
		karsten60_red(cat, k - 1, text, &below);
		ck_assert_msg(below.p_castable_given_lands < target,
			      "%s with %u sources: %.4f%% already reaches the target",
			      summary2022[i].cost, k - 1, below.p_castable_given_lands * 100.0);
		checked++;
	}
	mf_mana_catalogue_free(cat);
	printf("karsten2022 60/25 minimum tight via mf_odds_compute: %zu cells checked\n", checked);
	fflush(stdout);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 2022: the six point probabilities quoted in the article (60/25)     */

struct point {
	uint32_t mountains;
	const char *cost;
	double published;  /* per cent, one decimal */
};

static const struct point points2022[] = {
	{ 14, "{R}", 91.3 },         /* Thoughtseize-like 1-drop on turn 1 */
	{ 15, "{R}", 93.2 },
	{ 19, "{1}{R}{R}", 94.8 },   /* Lifebane Zombie on turn 3 */
	{ 18, "{1}{R}{R}", 92.5 },
	{ 19, "{2}{R}{R}", 98.5 },   /* Chandra on turn 4 (18 red lands + Fables as 1) */
	{ 18, "{2}{R}{R}", 97.4 },
};

#define N_POINTS ((int)(sizeof points2022 / sizeof points2022[0]))

START_TEST(karsten2022_point_probabilities)
{
	struct mf_mana_catalogue *cat = builtin();
	struct mf_odds_result res;
	size_t checked = 0;

	for (int i = 0; i < N_POINTS; i++) {
		const struct point *pt = &points2022[i];
		double got;

		karsten60_red(cat, pt->mountains, pt->cost, &res);
		got = res.p_castable_given_lands * 100.0;
		ck_assert_msg(fabs(got - pt->published) <= 0.05 + 1e-9,
			      "%s with %u Mountains: %.4f%%, published %.1f%%", pt->cost,
			      pt->mountains, got, pt->published);
		checked++;
	}
	mf_mana_catalogue_free(cat);
	printf("karsten2022 quoted point probabilities, 60 cards / 25 lands: %zu cells checked\n",
	       checked);
	fflush(stdout);
}
END_TEST

/* p_castable_given_lands never drops as Mountains replace Wastes. */
START_TEST(karsten2022_monotone_in_sources)
{
	struct mf_mana_catalogue *cat = builtin();
	struct mf_odds_result res;
	double prev = -1.0;
	size_t checked = 0;

	for (uint32_t k = 3; k <= 25; k++) {
		karsten60_red(cat, k, "{1}{R}{R}", &res);
		ck_assert_msg(res.p_castable_given_lands >= prev - 1e-12,
			      "{1}{R}{R} turn 3: %u Mountains %.6f < %u Mountains %.6f", k,
			      res.p_castable_given_lands, k - 1, prev);
		ck_assert_msg(res.p_castable_given_lands <= 1.0 + 1e-12, "p > 1");
		prev = res.p_castable_given_lands;
		checked++;
	}
	/* Every land a Mountain: two of the three lands seen are always red. */
	ck_assert_msg(fabs(prev - 1.0) < 1e-9, "25 Mountains: %.9f", prev);
	mf_mana_catalogue_free(cat);
	printf("karsten2022 monotonicity, {1}{R}{R} turn 3, 3..25 Mountains: %zu values checked\n",
	       checked);
	fflush(stdout);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 2013 (Paris mulligan, 90%): coloured pips x turn                    */

/* Row p - 1 is p pips; column t - 1 is turn t; 0 where t < p (no row). */
struct paris_table {
	const char *label;
	uint32_t size, lands;
	uint8_t cell[3][7];
};

static const struct paris_table paris2013[] = {
	/* Published (notes 4.2; all 18 cells also reproduced by the exact
	 * recomputation of the 2013 model). */
	{ "paris2013, 60 cards / 24 lands (published)", 60, 24,
	  { { 14, 13, 12, 11, 10,  9,  9 },
	    {  0, 20, 19, 18, 16, 15, 14 },
	    {  0,  0, 22, 22, 21, 20, 19 } } },
	/* 40/17 and 99/40 come from the exact recomputation of the 2013 model
	 * (notes 4.3), not from the article: its body was not retrievable. The
	 * same model reproduces the published 60/24 table above cell for cell. */
	{ "paris2013, 40 cards / 17 lands (exact 2013 model)", 40, 17,
	  { { 10,  9,  8,  7,  7,  6,  6 },
	    {  0, 14, 13, 12, 11, 10, 10 },
	    {  0,  0, 16, 15, 14, 14, 13 } } },
	{ "paris2013, 99 cards / 40 lands (exact 2013 model)", 99, 40,
	  { { 23, 21, 20, 18, 17, 16, 15 },
	    {  0, 33, 31, 29, 27, 26, 24 },
	    {  0,  0, 37, 36, 34, 33, 32 } } },
};

#define N_PARIS ((int)(sizeof paris2013 / sizeof paris2013[0]))

START_TEST(paris2013_sources_table)
{
	const struct paris_table *t = &paris2013[_i];
	struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX];
	size_t n_rows = run_sources(t->size, t->lands, MF_ODDS_PARIS2013, rows);
	size_t checked = 0;

	/* Rows: pips 1..3 at turns pips..7, no generic, nothing else. */
	for (size_t i = 0; i < n_rows; i++) {
		const struct mf_odds_sources_row *r = &rows[i];

		ck_assert_msg(r->generic == 0, "row %zu: generic %u", i, r->generic);
		ck_assert_msg(r->pips >= 1 && r->pips <= 3, "row %zu: %u pips", i, r->pips);
		ck_assert_msg(r->turn >= r->pips && r->turn <= 7, "row %zu: %u pips on turn %u", i,
			      r->pips, r->turn);
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(rows[j].pips != r->pips || rows[j].turn != r->turn,
				      "rows %zu and %zu are the same cell", j, i);
		row_sane(r, 0.90, t->lands);
	}
	ck_assert_uint_eq(n_rows, 7 + 6 + 5);
	for (unsigned p = 1; p <= 3; p++)
		for (unsigned turn = p; turn <= 7; turn++) {
			const struct mf_odds_sources_row *r = row_find(rows, n_rows, 0, p, turn);
			unsigned want = t->cell[p - 1][turn - 1];
			char name[16];

			pattern_format(0, p, name, sizeof name);
			ck_assert_msg(want > 0, "table hole at %u pips turn %u", p, turn);
			ck_assert_msg(r != NULL, "%s: no row for %s on turn %u", t->label, name, turn);
			ck_assert_msg(r->sources == want,
				      "%s: %s on turn %u needs %u sources, manaflow says %u (p %.4f%%)",
				      t->label, name, turn, want, r->sources, r->p * 100.0);
			checked++;
		}
	printf("%s: %zu cells checked\n", t->label, checked);
	fflush(stdout);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *karsten_suite(void)
{
	Suite *s = suite_create("odds-karsten-tables");
	TCase *tc;

	tc = tcase_create("karsten2022-sources");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, karsten2022_sources_column, 0, N_COLUMNS2022);
	suite_add_tcase(s, tc);

	tc = tcase_create("karsten2022-compute");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, karsten2022_point_probabilities);
	tcase_add_test(tc, karsten2022_60_25_minimum_is_tight);
	tcase_add_test(tc, karsten2022_monotone_in_sources);
	suite_add_tcase(s, tc);

	tc = tcase_create("paris2013-sources");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, paris2013_sources_table, 0, N_PARIS);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(karsten_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
