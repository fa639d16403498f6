/*
 * The brute-force reference and the plan validator on their own: the
 * statement's 12 examples (answers and the least life the statement's
 * explanations imply), Tron and fetch corner cases, and plan_check refusing
 * every kind of broken plan.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "../../reference/mana_brute.h"
#include "../../reference/plan_check.h"

#define LANDS_MAX 40

static struct mf_mana_catalogue *cat;

static void catalogue_setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
}

static void catalogue_teardown(void)
{
	mf_mana_catalogue_free(cat);
	cat = NULL;
}

/* Contest notation only, parsed here so that the reference tests do not
 * lean on the library's cost parser. */
static struct mf_mana_cost cost_of(const char *text)
{
	struct mf_mana_cost cost = { 0 };

	for (const char *p = text; *p; p++) {
		const char *at = strchr("WUBRGC", *p);

		if (*p >= '1' && *p <= '9')
			cost.generic += (uint32_t)(*p - '0');
		else if (at)
			cost.need[at - "WUBRGC"]++;
		else
			ck_abort_msg("bad cost symbol %c", *p);
	}
	return cost;
}

struct board {
	int32_t battlefield[LANDS_MAX];
	int32_t library[LANDS_MAX];
	struct mf_mana_query q;
};

/* names: battlefield names, then NULL, then library names, then NULL. */
static void board_make(struct board *b, const char *const *names, uint32_t life,
		       const char *cost)
{
	size_t k = 0;

	memset(b, 0, sizeof(*b));
	b->q.cat = cat;
	b->q.battlefield = b->battlefield;
	b->q.library = b->library;
	for (; names[k]; k++) {
		b->battlefield[b->q.n_battlefield] = mf_mana_catalogue_find(cat, names[k], strlen(names[k]));
		ck_assert_msg(b->battlefield[b->q.n_battlefield] >= 0, "unknown %s", names[k]);
		b->q.n_battlefield++;
	}
	for (k++; names[k]; k++) {
		b->library[b->q.n_library] = mf_mana_catalogue_find(cat, names[k], strlen(names[k]));
		ck_assert_msg(b->library[b->q.n_library] >= 0, "unknown %s", names[k]);
		b->q.n_library++;
	}
	b->q.life = life;
	b->q.cost = cost_of(cost);
}

/* The brute force's answer as an mf_mana_result (the plan borrowed, not owned). */
static struct mf_mana_result as_result(const struct board *b, const struct mana_brute_result *r)
{
	struct mf_mana_result out = {
		.payable = r->payable,
		.castable = r->castable,
		.min_life_paid = r->min_life,
	};

	if (r->castable) {
		out.life_left = b->q.life - r->min_life;
		out.plan = r->plan;
		out.n_plan = r->n_plan;
	}
	return out;
}

struct example {
	const char *names[LANDS_MAX];
	uint32_t life;
	const char *cost;
	bool yes;
	int min_life;  /* -1: no payment at all */
};

/* The 12 examples of the statement, in order. min_life follows from the
 * explanations ("still alive with 4 lives left" from 7, ...). */
static const struct example examples[] = {
	{ { "Forest", "Forest", "Plains", NULL, NULL }, 20, "GGW", true, 0 },
	{ { "Forest", "Forest", "Plains", NULL, NULL }, 20, "2", true, 0 },
	{ { "Wooded Foothills", "Forest", NULL, "Steam Vents", NULL }, 7, "RG", true, 3 },
	{ { "Wooded Foothills", "Forest", NULL, "Steam Vents", NULL }, 3, "RG", false, 3 },
	{ { "Wooded Foothills", "Forest", NULL, "Steam Vents", "Mountain", NULL }, 3, "RG",
	  true, 1 },
	{ { "Steam Vents", "Steam Vents", "Battlefield Forge", "Azorius Chancery", NULL, NULL },
	  1, "1RWUU", true, 0 },
	{ { "Steam Vents", "Steam Vents", "Battlefield Forge", "Azorius Chancery", NULL, NULL },
	  1, "RRWUU", false, 1 },
	{ { "Wooded Foothills", NULL, "Forest", "Battlefield Forge", "City of Brass",
	    "Gemstone Mine", NULL }, 20, "R", false, -1 },
	{ { "Wooded Foothills", NULL, "Mountain", "Mountain", NULL }, 20, "RR", false, -1 },
	{ { "Wooded Foothills", "Wooded Foothills", NULL, "Mountain", NULL }, 20, "RR",
	  false, -1 },
	{ { "Urza's Power Plant", "Urza's Tower", "Urza's Mine", "Urza's Tower", NULL, NULL },
	  20, "19", true, 0 },
	{ { "Tundra", "Underground Sea", "Volcanic Island", NULL, NULL }, 20, "UUB", true, 0 },
};

START_TEST(test_statement_example)
{
	const struct example *e = &examples[_i];
	struct mana_brute_result r;
	struct mf_mana_result as;
	struct board b;
	char why[256];

	board_make(&b, e->names, e->life, e->cost);
	ck_assert_int_eq(mana_brute_solve(&b.q, &r), MF_OK);
	ck_assert_msg(r.castable == e->yes, "example %d: castable %d", _i + 1, r.castable);
	ck_assert_int_eq(r.payable, e->min_life >= 0);
	if (r.payable)
		ck_assert_uint_eq(r.min_life, (uint64_t)e->min_life);
	as = as_result(&b, &r);
	ck_assert_msg(plan_check(&b.q, &as, why, sizeof(why)), "example %d: %s", _i + 1, why);
	mana_brute_result_free(&r);
}
END_TEST

static const struct mf_mana_land *land_named(const char *name)
{
	int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

	ck_assert_msg(i >= 0, "catalogue lacks %s", name);
	return mf_mana_catalogue_land(cat, (size_t)i);
}

/* The reference trusts the catalogue; pin what it reads to the statement's
 * sample cards, so that a catalogue mistake cannot hide behind an agreement
 * of reference and solver. */
START_TEST(test_statement_cards)
{
	const struct mf_mana_land *l;

	l = land_named("Forest");
	ck_assert_uint_eq(l->basic_types, 1u << MF_MANA_G);
	ck_assert_uint_eq(l->n_options, 1);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_G], 1);
	l = land_named("Bayou");
	ck_assert_uint_eq(l->basic_types, 1u << MF_MANA_B | 1u << MF_MANA_G);
	ck_assert_uint_eq(l->n_options, 2);
	ck_assert_uint_eq(l->untap_life, 0);
	l = land_named("Wooded Foothills");
	ck_assert_uint_eq(l->fetch_types, 1u << MF_MANA_R | 1u << MF_MANA_G);
	ck_assert_uint_eq(l->fetch_life, 1);
	ck_assert_uint_eq(l->n_options, 0);
	ck_assert_uint_eq(l->basic_types, 0);
	l = land_named("Steam Vents");
	ck_assert_uint_eq(l->untap_life, 2);
	ck_assert_uint_eq(l->basic_types, 1u << MF_MANA_U | 1u << MF_MANA_R);
	l = land_named("Battlefield Forge");
	ck_assert_uint_eq(l->n_options, 3);
	ck_assert_uint_eq(l->basic_types, 0);
	for (size_t o = 0; o < 3; o++)
		ck_assert_uint_eq(l->options[o].life, l->options[o].mana[MF_MANA_C] ? 0 : 1);
	l = land_named("Azorius Chancery");
	ck_assert_uint_eq(l->n_options, 1);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_W] + l->options[0].mana[MF_MANA_U], 2);
	l = land_named("City of Brass");
	ck_assert_uint_eq(l->n_options, 5);
	for (size_t o = 0; o < 5; o++) {
		ck_assert_uint_eq(l->options[o].life, 1);
		ck_assert_uint_eq(l->options[o].mana[MF_MANA_C], 0);
	}
	l = land_named("Gemstone Mine");
	ck_assert_uint_eq(l->n_options, 5);
	for (size_t o = 0; o < 5; o++)
		ck_assert_uint_eq(l->options[o].life, 0);
	ck_assert_uint_eq(land_named("Urza's Mine")->tron, 2);
	ck_assert_uint_eq(land_named("Urza's Power Plant")->tron, 2);
	ck_assert_uint_eq(land_named("Urza's Tower")->tron, 3);
	ck_assert_uint_eq(land_named("Urza's Tower")->options[0].mana[MF_MANA_C], 1);
	ck_assert_uint_eq(land_named("Mystic Monastery")->basic_types, 0);
}
END_TEST

/* Runs the reference and checks payable / least life. */
static void expect(const char *const *names, const char *cost, int min_life)
{
	struct mana_brute_result r;
	struct mf_mana_result as;
	struct board b;
	char why[256];

	board_make(&b, names, 20, cost);
	ck_assert_int_eq(mana_brute_solve(&b.q, &r), MF_OK);
	ck_assert_msg(r.payable == (min_life >= 0), "%s: payable %d", cost, r.payable);
	if (min_life >= 0)
		ck_assert_uint_eq(r.min_life, (uint64_t)min_life);
	as = as_result(&b, &r);
	ck_assert_msg(plan_check(&b.q, &as, why, sizeof(why)), "%s: %s", cost, why);
	mana_brute_result_free(&r);
}

START_TEST(test_tron)
{
	static const char *const all[] = { "Urza's Mine", "Urza's Power Plant",
		"Urza's Tower", NULL, NULL };
	static const char *const two[] = { "Urza's Mine", "Urza's Mine",
		"Urza's Tower", "Urza's Tower", NULL, NULL };

	expect(all, "7", 0);
	expect(all, "8", -1);
	expect(all, "CCCCCC2", -1);
	expect(all, "CCCCC2", 0);
	expect(all, "W", -1);
	/* No Power Plant: each piece makes a single C. */
	expect(two, "4", 0);
	expect(two, "5", -1);
}
END_TEST

START_TEST(test_fetch)
{
	/* A fetched shock costs 1 + 2; a fetched dual only 1. */
	static const char *const shock[] = { "Polluted Delta", NULL, "Watery Grave", NULL };
	static const char *const dual[] = { "Polluted Delta", NULL, "Watery Grave",
		"Underground Sea", NULL };
	static const char *const cannot[] = { "Polluted Delta", NULL, "Mountain",
		"Dimir Aqueduct", "Opulent Palace", NULL };
	/* Two fetches, one Island: the second needs the Swamp. */
	static const char *const pair[] = { "Polluted Delta", "Flooded Strand", NULL,
		"Island", "Swamp", NULL };
	static const char *const pain[] = { "City of Brass", "Shivan Reef",
		"Gemstone Mine", NULL, NULL };

	expect(shock, "B", 3);
	expect(dual, "B", 1);
	expect(dual, "UB", -1);  /* one fetch, one mana */
	expect(cannot, "1", -1);
	expect(pair, "UB", 2);
	expect(pair, "UU", -1);
	expect(pain, "RRR", 2);
	expect(pain, "1RC", 1);
	expect(pain, "RRC", 1);
	expect(pain, "RR", 1);
	expect(pain, "R", 0);
	expect(pain, "CC", -1);
}
END_TEST

/* A valid plan to break: fetch Steam Vents (3 life), Forest for G. */
struct broken {
	struct board b;
	struct mana_brute_result r;
	struct mf_mana_result res;
	struct mf_mana_step steps[8];
};

static void broken_make(struct broken *k)
{
	static const char *const names[] = { "Wooded Foothills", "Forest", "Forest",
		NULL, "Steam Vents", "Mountain", NULL };
	char why[256];

	board_make(&k->b, names, 7, "RG");
	/* Mountain would be cheaper: take it out to force the shock. */
	k->b.q.n_library = 1;
	ck_assert_int_eq(mana_brute_solve(&k->b.q, &k->r), MF_OK);
	ck_assert_uint_eq(k->r.min_life, 3);
	ck_assert_uint_eq(k->r.n_plan, 3);
	memcpy(k->steps, k->r.plan, 3 * sizeof(*k->steps));
	mana_brute_result_free(&k->r);
	k->res = (struct mf_mana_result){ .payable = true, .castable = true, .min_life_paid = 3,
		.life_left = 4, .plan = k->steps, .n_plan = 3 };
	ck_assert_msg(plan_check(&k->b.q, &k->res, why, sizeof(why)), "%s", why);
}

static size_t step_of(const struct broken *k, int32_t fetch_or_from)
{
	for (size_t s = 0; s < k->res.n_plan; s++)
		if ((fetch_or_from == -1 && k->steps[s].from == MF_MANA_FROM_LIBRARY) ||
		    (fetch_or_from == -2 && k->steps[s].fetch >= 0) ||
		    (fetch_or_from == -3 && k->steps[s].from == MF_MANA_FROM_BATTLEFIELD &&
		     k->steps[s].fetch < 0))
			return s;
	ck_abort_msg("no such step");
	return 0;
}

enum breakage {
	BREAK_MANA, BREAK_LIFE, BREAK_SHOCK_FREE, BREAK_FETCH_LIFE, BREAK_LIFE_LEFT,
	BREAK_MIN_LIFE, BREAK_CASTABLE, BREAK_DROP_FETCHED, BREAK_DOUBLE_FOREST,
	BREAK_NEEDLESS, BREAK_UNPAID, BREAK_WRONG_CARD, BREAK_ZONE, BREAK_ORDER,
	BREAK_PLAN_WHEN_NOT_CASTABLE, BREAK_UNFETCHABLE, BREAK_COUNT,
};

/* What plan_check must say about each breakage. */
static const char *const break_reason[BREAK_COUNT] = {
	[BREAK_MANA] = "Forest cannot make",
	[BREAK_LIFE] = "Forest cannot make",
	[BREAK_SHOCK_FREE] = "fetched Steam Vents cannot make",
	[BREAK_FETCH_LIFE] = "pays 0 life, not 1",
	[BREAK_LIFE_LEFT] = "life_left is 5",
	[BREAK_MIN_LIFE] = "min_life_paid is 2",
	[BREAK_CASTABLE] = "castable is 1",
	[BREAK_DROP_FETCHED] = "is not followed",
	[BREAK_DOUBLE_FOREST] = "no Forest left on the battlefield",
	[BREAK_NEEDLESS] = "is needless",
	[BREAK_UNPAID] = "does not pay",
	[BREAK_WRONG_CARD] = "no Mountain left in the library",
	[BREAK_ZONE] = "is not followed",
	[BREAK_ORDER] = "is not followed",
	[BREAK_PLAN_WHEN_NOT_CASTABLE] = "not castable",
	[BREAK_UNFETCHABLE] = "cannot fetch Gemstone Mine",
};

START_TEST(test_plan_check_refuses)
{
	struct broken k;
	size_t forest, fetch, fetched;
	struct mf_mana_step moved;
	char why[256];

	broken_make(&k);
	forest = step_of(&k, -3);
	fetch = step_of(&k, -2);
	fetched = step_of(&k, -1);
	ck_assert_uint_eq(fetched, fetch + 1);
	switch ((enum breakage)_i) {
	case BREAK_MANA:
		k.steps[forest].mana[MF_MANA_G] = 2;
		break;
	case BREAK_LIFE:
		k.steps[forest].life = 1;
		k.res.min_life_paid++;
		k.res.life_left--;
		break;
	case BREAK_SHOCK_FREE:
		k.steps[fetched].life = 0;
		k.res.min_life_paid -= 2;
		k.res.life_left += 2;
		break;
	case BREAK_FETCH_LIFE:
		k.steps[fetch].life = 0;
		k.res.min_life_paid -= 1;
		k.res.life_left += 1;
		break;
	case BREAK_LIFE_LEFT:
		k.res.life_left = 5;
		break;
	case BREAK_MIN_LIFE:
		k.res.min_life_paid = 2;
		k.res.life_left = 5;
		break;
	case BREAK_CASTABLE:
		k.b.q.life = 3;
		k.res.life_left = 0;
		break;
	case BREAK_DROP_FETCHED:
		memmove(&k.steps[fetched], &k.steps[fetched + 1],
			(k.res.n_plan - fetched - 1) * sizeof(moved));
		k.res.n_plan--;
		break;
	case BREAK_DOUBLE_FOREST:
		k.b.q.n_battlefield = 2;  /* one Forest only, used twice */
		k.b.q.cost.need[MF_MANA_G] = 2;
		k.steps[k.res.n_plan++] = k.steps[forest];
		break;
	case BREAK_NEEDLESS:
		k.steps[k.res.n_plan++] = k.steps[forest];
		break;
	case BREAK_UNPAID:
		k.b.q.cost.need[MF_MANA_W] = 1;
		break;
	case BREAK_WRONG_CARD:
		/* Fetch a Mountain that is not in the library (it was cut off). */
		k.steps[fetch].fetch = k.b.library[1];
		k.steps[fetched].land = k.b.library[1];
		k.steps[fetched].life = 0;
		k.res.min_life_paid = 1;
		k.res.life_left = 6;
		break;
	case BREAK_ZONE:
		k.steps[fetched].from = MF_MANA_FROM_BATTLEFIELD;
		break;
	case BREAK_ORDER:
		moved = k.steps[fetched];
		memmove(&k.steps[fetched], &k.steps[fetched + 1],
			(k.res.n_plan - fetched - 1) * sizeof(moved));
		k.steps[k.res.n_plan - 1] = moved;
		ck_assert_uint_ne(fetched, k.res.n_plan - 1);
		break;
	case BREAK_PLAN_WHEN_NOT_CASTABLE:
		k.b.q.life = 3;
		k.res.castable = false;
		break;
	case BREAK_UNFETCHABLE:
		/* Gemstone Mine has no basic land type. */
		k.b.library[0] = mf_mana_catalogue_find(cat, "Gemstone Mine", 13);
		k.steps[fetch].fetch = k.b.library[0];
		k.steps[fetched].land = k.b.library[0];
		k.steps[fetched].life = 0;
		k.res.min_life_paid = 1;
		k.res.life_left = 6;
		break;
	case BREAK_COUNT:
		break;
	}
	ck_assert_msg(!plan_check(&k.b.q, &k.res, why, sizeof(why)), "breakage %d accepted", _i);
	ck_assert_msg(strstr(why, break_reason[_i]), "breakage %d: reason \"%s\", wanted \"%s\"",
		      _i, why, break_reason[_i]);
}
END_TEST

START_TEST(test_plan_check_unpayable)
{
	static const char *const names[] = { "Forest", NULL, NULL };
	struct mf_mana_result res = { 0 };
	struct board b;
	char why[256];

	board_make(&b, names, 20, "W");
	ck_assert(plan_check(&b.q, &res, why, sizeof(why)));
	res.castable = true;
	ck_assert(!plan_check(&b.q, &res, why, sizeof(why)));
}
END_TEST

static Suite *brute_suite(void)
{
	Suite *s = suite_create("mana-brute");
	TCase *tc = tcase_create("statement");

	tcase_add_checked_fixture(tc, catalogue_setup, catalogue_teardown);
	tcase_add_loop_test(tc, test_statement_example, 0,
			    (int)(sizeof(examples) / sizeof(examples[0])));
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, catalogue_setup, catalogue_teardown);
	tcase_add_test(tc, test_statement_cards);
	tcase_add_test(tc, test_tron);
	tcase_add_test(tc, test_fetch);
	suite_add_tcase(s, tc);

	tc = tcase_create("plan_check");
	tcase_add_checked_fixture(tc, catalogue_setup, catalogue_teardown);
	tcase_add_loop_test(tc, test_plan_check_refuses, 0, BREAK_COUNT);
	tcase_add_test(tc, test_plan_check_unpayable);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(brute_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
