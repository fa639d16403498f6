/* The solver on the statement's examples and on hand-made boards whose
 * least life and plan are known. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"

static struct mf_mana_catalogue *cat;

/* The built-in catalogue, and after it "Hammer Mountain": a Mountain that
 * may pay 3 life to enter untapped, as a modal double-faced card's land
 * face does (those have no basic land type, so no fetch finds them: this
 * one stands for the rule, were one ever found). */
static void setup(void)
{
	struct mf_mana_land hammer = { .name = "Hammer Mountain", .kind = MF_MANA_KIND_OTHER,
				       .basic_types = 1u << MF_MANA_R, .etb = MF_MANA_ETB_UNTAPPED,
				       .untap_life = 3, .n_options = 1 };
	struct mf_mana_catalogue *base;
	struct mf_mana_parse_error err;

	hammer.options[0].mana[MF_MANA_R] = 1;
	ck_assert_int_eq(mf_mana_catalogue_builtin(&base, &err), MF_OK);
	ck_assert_int_eq(mf_mana_catalogue_extend(base, &hammer, 1, &cat, &err), MF_OK);
	mf_mana_catalogue_free(base);
}

static void teardown(void)
{
	mf_mana_catalogue_free(cat);
	cat = NULL;
}

/* names: ';'-separated, "" for none. Returns the count written. */
static size_t ids(const char *names, int32_t *out)
{
	size_t n = 0;

	while (*names) {
		const char *e = strchr(names, ';');
		size_t len = e ? (size_t)(e - names) : strlen(names);

		out[n] = mf_mana_catalogue_find(cat, names, len);
		ck_assert_msg(out[n] >= 0, "unknown %.*s", (int)len, names);
		n++;
		names += len + (e != NULL);
	}
	return n;
}

static struct mf_mana_result solve(const char *field, const char *library, uint32_t life,
			      const char *cost)
{
	int32_t f[64], l[64];
	struct mf_mana_query q = { .cat = cat, .battlefield = f, .library = l, .life = life };
	struct mf_mana_parse_error err;
	struct mf_mana_result res;

	q.n_battlefield = ids(field, f);
	q.n_library = ids(library, l);
	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &q.cost, &err), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_OK);
	return res;
}

/* The plan as "Land:MANA:life[>Fetched]" joined by spaces. */
static const char *plan_text(const struct mf_mana_result *res, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < res->n_plan; i++) {
		const struct mf_mana_step *s = &res->plan[i];
		char mana[16];
		size_t m = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			for (uint32_t k = 0; k < s->mana[t]; k++)
				mana[m++] = mf_mana_letter((enum mf_mana_type)t);
		mana[m] = '\0';
		if (s->land < 0) {
			char sym[8];

			mf_mana_phyrexian_format(s->phyrexian, sym);
			n += (size_t)snprintf(buf + n, size - n, "%s%s:%u", i ? " " : "", sym, s->life);
			continue;
		}
		n += (size_t)snprintf(buf + n, size - n, "%s%s:%s:%u%s%s", i ? " " : "",
				      mf_mana_catalogue_land(cat, (size_t)s->land)->name, mana, s->life,
				      s->fetch >= 0 ? ">" : "",
				      s->fetch >= 0 ? mf_mana_catalogue_land(cat, (size_t)s->fetch)->name : "");
	}
	return buf;
}

static const struct {
	const char *field, *library;
	uint32_t life;
	const char *cost;
	bool castable;
} examples[] = {
	{ "Forest;Forest;Plains", "", 20, "GGW", true },
	{ "Forest;Forest;Plains", "", 20, "2", true },
	{ "Wooded Foothills;Forest", "Steam Vents", 7, "RG", true },
	{ "Wooded Foothills;Forest", "Steam Vents", 3, "RG", false },
	{ "Wooded Foothills;Forest", "Steam Vents;Mountain", 3, "RG", true },
	{ "Steam Vents;Steam Vents;Battlefield Forge;Azorius Chancery", "", 1, "1RWUU", true },
	{ "Steam Vents;Steam Vents;Battlefield Forge;Azorius Chancery", "", 1, "RRWUU", false },
	{ "Wooded Foothills", "Forest;Battlefield Forge;City of Brass;Gemstone Mine", 20, "R", false },
	{ "Wooded Foothills", "Mountain;Mountain", 20, "RR", false },
	{ "Wooded Foothills;Wooded Foothills", "Mountain", 20, "RR", false },
	{ "Urza's Power Plant;Urza's Tower;Urza's Mine;Urza's Tower", "", 20, "19", true },
	{ "Tundra;Underground Sea;Volcanic Island", "", 20, "UUB", true },
};

START_TEST(statement_examples)
{
	struct mf_mana_result res = solve(examples[_i].field, examples[_i].library, examples[_i].life,
				     examples[_i].cost);

	ck_assert_int_eq(res.castable, examples[_i].castable);
	ck_assert_int_eq(res.n_plan > 0, examples[_i].castable);
	mf_mana_result_free(&res);
}
END_TEST

static const struct {
	const char *field, *library;
	uint32_t life;
	const char *cost;
	bool payable;
	uint64_t min_life;
	const char *plan;  /* NULL: not castable */
} known[] = {
	/* Statement example 3: fetch the shock land for 3 life. */
	{ "Wooded Foothills;Forest", "Steam Vents", 7, "RG", true, 3,
	  "Wooded Foothills::1>Steam Vents Steam Vents:R:2 Forest:G:0" },
	/* Example 4: the same needs 3 life, and 3 is not enough. */
	{ "Wooded Foothills;Forest", "Steam Vents", 3, "RG", true, 3, NULL },
	/* A land that pays 3 to enter untapped, fetched: 1 + 3; with 4 life
	 * not castable, the shock's 1 + 2 is; on the battlefield, free. */
	{ "Wooded Foothills;Forest", "Hammer Mountain", 20, "RG", true, 4,
	  "Wooded Foothills::1>Hammer Mountain Hammer Mountain:R:3 Forest:G:0" },
	{ "Wooded Foothills;Forest", "Hammer Mountain", 4, "RG", true, 4, NULL },
	{ "Wooded Foothills;Forest", "Hammer Mountain;Steam Vents", 4, "RG", true, 3,
	  "Wooded Foothills::1>Steam Vents Steam Vents:R:2 Forest:G:0" },
	{ "Hammer Mountain;Forest", "", 1, "RG", true, 0, "Hammer Mountain:R:0 Forest:G:0" },
	/* Example 5: the basic Mountain is the cheaper target. */
	{ "Wooded Foothills;Forest", "Steam Vents;Mountain", 3, "RG", true, 1,
	  "Wooded Foothills::1>Mountain Mountain:R:0 Forest:G:0" },
	/* Example 6: Forge taps for C, the Chancery makes WU at once. */
	{ "Steam Vents;Steam Vents;Battlefield Forge;Azorius Chancery", "", 1, "1RWUU", true, 0,
	  "Steam Vents:U:0 Steam Vents:R:0 Battlefield Forge:C:0 Azorius Chancery:WU:0" },
	{ "Steam Vents;Steam Vents;Battlefield Forge;Azorius Chancery", "", 1, "RRWUU", true, 1, NULL },
	{ "Wooded Foothills", "Forest;Battlefield Forge;City of Brass;Gemstone Mine", 20, "R",
	  false, 0, NULL },
	/* Example 11: Tron makes 10; every piece is needed. */
	{ "Urza's Power Plant;Urza's Tower;Urza's Mine;Urza's Tower", "", 20, "19", true, 0,
	  "Urza's Power Plant:CC:0 Urza's Tower:CCC:0 Urza's Tower:CCC:0 Urza's Mine:CC:0" },
	/* Without the Mine there is no Tron: 3 colourless only. */
	{ "Urza's Power Plant;Urza's Tower;Urza's Tower", "", 20, "3", true, 0,
	  "Urza's Power Plant:C:0 Urza's Tower:C:0 Urza's Tower:C:0" },
	/* Needless lands stay untapped: two of three Forests pay {2}. */
	{ "Forest;Forest;Plains", "", 20, "2", true, 0, "Forest:G:0 Forest:G:0" },
	/* The pain land pays C for free and R for 1; City of Brass always 1. */
	{ "Battlefield Forge;City of Brass;Mountain", "", 20, "RW", true, 1,
	  "City of Brass:W:1 Mountain:R:0" },
	{ "Battlefield Forge;City of Brass", "", 20, "RW", true, 2,
	  "Battlefield Forge:W:1 City of Brass:R:1" },
	/* Gemstone Mine is free; prefer it over City of Brass. */
	{ "City of Brass;Gemstone Mine", "", 1, "B", true, 0, "Gemstone Mine:B:0" },
	/* A fetched dual is not a shock: 1 life. */
	{ "Polluted Delta", "Bayou;Watery Grave", 2, "B", true, 1,
	  "Polluted Delta::1>Bayou Bayou:B:0" },
	/* Two fetches, one Mountain: only one fetch can find it. */
	{ "Wooded Foothills;Bloodstained Mire", "Mountain;Blood Crypt", 5, "RR", true, 4,
	  "Wooded Foothills::1>Blood Crypt Blood Crypt:R:2 Bloodstained Mire::1>Mountain Mountain:R:0" },
	{ "Wooded Foothills;Bloodstained Mire", "Mountain;Blood Crypt", 4, "RR", true, 4, NULL },
	/* C must be colourless: Gemstone Mine cannot pay it. */
	{ "Gemstone Mine;Gemstone Mine", "", 20, "1C", false, 0, NULL },
	{ "Gemstone Mine;Adarkar Wastes", "", 20, "1C", true, 0,
	  "Gemstone Mine:G:0 Adarkar Wastes:C:0" },
	/* Nothing to pay: castable, empty plan. */
	{ "", "", 1, "{0}", true, 0, "" },
};

START_TEST(least_life_and_plan)
{
	struct mf_mana_result res = solve(known[_i].field, known[_i].library, known[_i].life,
				     known[_i].cost);
	char buf[1024];

	ck_assert_int_eq(res.payable, known[_i].payable);
	if (known[_i].payable)
		ck_assert_uint_eq(res.min_life_paid, known[_i].min_life);
	ck_assert_int_eq(res.castable, known[_i].plan != NULL);
	if (known[_i].plan) {
		ck_assert_str_eq(plan_text(&res, buf, sizeof(buf)), known[_i].plan);
		ck_assert_uint_eq(res.life_left, known[_i].life - known[_i].min_life);
	}
	mf_mana_result_free(&res);
}
END_TEST

/* Costs of real cards: hybrid, Phyrexian, {2/C}, {X}; life from symbols and
 * from lands in one budget. The plan text writes a life payment as
 * "{B/P}:2". */
static const struct {
	const char *field;
	uint32_t life, x;
	const char *cost;
	bool payable;
	uint64_t min_life;
	const char *plan;
} real_costs[] = {
	/* One Forest pays one {G/P}; the other costs 2 life. */
	{ "Forest", 20, 0, "{G/P}{G/P}", true, 2, "Forest:G:0 {G/P}:2" },
	/* Battlefield Forge pays {R/P} for 1 life rather than 2. */
	{ "Battlefield Forge", 20, 0, "{R/P}", true, 1, "Battlefield Forge:R:1" },
	/* Plains pays one {2/W}, two Forests the other as two generic. */
	{ "Plains;Forest;Forest", 20, 0, "{2/W}{2/W}", true, 0,
	  "Plains:W:0 Forest:G:0 Forest:G:0" },
	{ "Plains;Forest", 20, 0, "{2/W}{2/W}", false, 0, NULL },
	/* A hybrid pair is never paid twice by one land. */
	{ "Tundra", 20, 0, "{W/U}{W/U}", false, 0, NULL },
	{ "Tundra;Plains", 20, 0, "{W/U}{W/U}", true, 0, "Tundra:U:0 Plains:W:0" },
	/* Spare pre-tapped mana pays a hybrid, so no City of Brass life. */
	{ "Plains;City of Brass", 20, 0, "{W/U}{1}", true, 1, "Plains:W:0 City of Brass:G:1" },
	{ "Plains;Plains;City of Brass", 20, 0, "{W/U}{1}", true, 0, "Plains:W:0 Plains:W:0" },
	/* With life 2, {B/P} from life would kill: a Swamp must pay it. */
	{ "Swamp", 3, 0, "{B/P}{B/P}", true, 2, "Swamp:B:0 {B/P}:2" },
	{ "Swamp", 2, 0, "{B/P}{B/P}", true, 2, NULL },
	{ "Forest;Island", 5, 0, "{G/U/P}{G/U/P}{G/U/P}", true, 2,
	  "Forest:G:0 Island:U:0 {G/U/P}:2" },
	/* {X} is x generic; {0} nothing. */
	{ "Forest;Forest;Forest", 20, 2, "{X}{G}", true, 0, "Forest:G:0 Forest:G:0 Forest:G:0" },
	{ "Forest;Forest", 20, 2, "{X}{G}", false, 0, NULL },
	{ "", 1, 0, "{0}", true, 0, "" },
};

START_TEST(real_card_costs)
{
	int32_t f[16];
	struct mf_mana_query q = { .cat = cat, .battlefield = f, .life = real_costs[_i].life,
			      .x = real_costs[_i].x };
	struct mf_mana_parse_error err;
	struct mf_mana_result res;
	char buf[512];

	q.n_battlefield = ids(real_costs[_i].field, f);
	ck_assert_int_eq(mf_mana_cost_parse(real_costs[_i].cost, strlen(real_costs[_i].cost), &q.cost,
				       &err), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_OK);
	ck_assert_int_eq(res.payable, real_costs[_i].payable);
	if (res.payable)
		ck_assert_uint_eq(res.min_life_paid, real_costs[_i].min_life);
	ck_assert_int_eq(res.castable, real_costs[_i].plan != NULL);
	if (real_costs[_i].plan)
		ck_assert_str_eq(plan_text(&res, buf, sizeof(buf)), real_costs[_i].plan);
	mf_mana_result_free(&res);
}
END_TEST

/* 10,000 lands: the answer comes from counts, the plan lists only what pays. */
START_TEST(huge_board)
{
	size_t n = 10000;
	int32_t *f = malloc(n * sizeof(*f));
	int32_t forge = mf_mana_catalogue_find(cat, "Battlefield Forge", 17);
	int32_t forest = mf_mana_catalogue_find(cat, "Forest", 6);
	struct mf_mana_query q = { .cat = cat, .battlefield = f, .n_battlefield = n, .life = 1000 };
	struct mf_mana_parse_error err;
	struct mf_mana_result res;

	for (size_t i = 0; i < n; i++)
		f[i] = i % 2 ? forge : forest;
	ck_assert_int_eq(mf_mana_cost_parse("{6000}{W}{W}{W}", 15, &q.cost, &err), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_OK);
	ck_assert(res.castable);
	ck_assert_uint_eq(res.min_life_paid, 3);
	ck_assert_uint_eq(res.n_plan, 6003);
	mf_mana_result_free(&res);
	free(f);
}
END_TEST

START_TEST(bad_queries_are_refused)
{
	int32_t f[1] = { 9999 };
	struct mf_mana_query q = { .cat = cat, .battlefield = f, .n_battlefield = 1, .life = 20 };
	struct mf_mana_result res;

	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_ERR_INVALID);
	f[0] = 0;
	q.life = 0;
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_ERR_INVALID);
	q.life = MF_MANA_LIFE_MAX + 1;
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_ERR_INVALID);
	q.life = 1;
	q.n_battlefield = MF_MANA_QUERY_LANDS_MAX + 1;
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_ERR_LIMIT);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("solve");
	TCase *tc = tcase_create("statement");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, statement_examples, 0, (int)(sizeof(examples) / sizeof(examples[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("plans");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, least_life_and_plan, 0, (int)(sizeof(known) / sizeof(known[0])));
	tcase_add_test(tc, huge_board);
	tcase_add_loop_test(tc, real_card_costs, 0, (int)(sizeof(real_costs) / sizeof(real_costs[0])));
	tcase_add_test(tc, bad_queries_are_refused);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
