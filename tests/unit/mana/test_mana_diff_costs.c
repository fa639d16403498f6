/*
 * Real Magic costs (hybrid, Phyrexian, {2/C}, {X}), case by case: one case
 * per symbol and the ones that combine them, whose answers follow from the
 * rules by hand, each asked of both
 * mf_mana_solve and the exhaustive reference, every plan checked by plan_check;
 * then plan_check refusing broken plans that pay Phyrexian symbols with
 * life. The random comparison is in test_mana_diff.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "../../reference/mana_brute.h"
#include "../../reference/plan_check.h"

#define LANDS_MAX 16
#define NO_PAYMENT (-1)

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

static int colour_index(char letter)
{
	const char *at = strchr("WUBRG", letter);

	ck_assert_msg(letter && at, "not a colour: %c", letter);
	return (int)(at - "WUBRG");
}

/* Brace notation, parsed here so that these tests do not lean on the
 * library's cost parser: {N}, {X}, {W} .. {C}, {W/U}, {W/P}, {G/U/P}, {2/W}. */
static struct mf_mana_cost braces(const char *text)
{
	struct mf_mana_cost cost = { 0 };
	const char *p = text;

	while (*p) {
		char sym[8];
		size_t n = 0;

		ck_assert_msg(*p == '{', "%s: expected {", text);
		for (p++; *p && *p != '}'; p++) {
			ck_assert_msg(n + 1 < sizeof(sym), "%s: long symbol", text);
			sym[n++] = *p;
		}
		ck_assert_msg(*p == '}', "%s: unclosed symbol", text);
		p++;
		sym[n] = '\0';
		if (sym[0] >= '0' && sym[0] <= '9' && sym[1] != '/') {
			cost.generic += (uint32_t)atoi(sym);
		} else if (!strcmp(sym, "X")) {
			cost.x_count++;
		} else if (!strcmp(sym, "C")) {
			cost.need[MF_MANA_C]++;
		} else if (n == 1) {
			cost.need[colour_index(sym[0])]++;
		} else if (sym[0] == '2') {
			cost.twobrid[colour_index(sym[2])]++;
		} else {
			unsigned mask = 0;
			bool phyrexian = false;

			for (size_t k = 0; k < n; k += 2) {
				if (sym[k] == 'P')
					phyrexian = true;
				else
					mask |= 1u << colour_index(sym[k]);
			}
			if (phyrexian)
				cost.phyrexian[mask]++;
			else
				cost.hybrid[mask]++;
		}
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
		       const char *cost, uint32_t x)
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
	b->q.cost = braces(cost);
	b->q.x = x;
}

/* The reference's answer as an mf_mana_result (the plan borrowed, not owned). */
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

struct named {
	const char *what;
	const char *names[LANDS_MAX];
	const char *cost;
	uint32_t x;
	int min_life;  /* NO_PAYMENT: nothing pays, whatever the life */
	int life_steps;  /* Phyrexian symbols every least plan pays with life */
};

/* Least life by hand, from the rules alone. */
static const struct named cases[] = {
	/* The four. */
	{ "one Forest, two {G/P}: one by the Forest, one by life",
	  { "Forest", NULL, NULL }, "{G/P}{G/P}", 0, 2, 1 },
	{ "Battlefield Forge pays {R/P} for 1 life, not 2",
	  { "Battlefield Forge", NULL, NULL }, "{R/P}", 0, 1, 0 },
	{ "{2/W}{2/W}: Plains for one, two Forests for the other",
	  { "Plains", "Forest", "Forest", NULL, NULL }, "{2/W}{2/W}", 0, 0, 0 },
	{ "one Tundra cannot pay a hybrid pair twice",
	  { "Tundra", NULL, NULL }, "{W/U}{W/U}", 0, NO_PAYMENT, 0 },
	/* Around them. */
	{ "Tundra and Island pay the pair", { "Tundra", "Island", NULL, NULL },
	  "{W/U}{W/U}", 0, 0, 0 },
	{ "Tundra and Forest do not", { "Tundra", "Forest", NULL, NULL },
	  "{W/U}{W/U}", 0, NO_PAYMENT, 0 },
	{ "a bounce land makes two mana: both halves", { "Azorius Chancery", NULL, NULL },
	  "{W/U}{W/U}", 0, 0, 0 },
	{ "one Tundra, two {W/U/P}", { "Tundra", NULL, NULL }, "{W/U/P}{W/U/P}", 0, 2, 1 },
	{ "hybrid Phyrexian by its second colour", { "Island", NULL, NULL },
	  "{G/U/P}", 0, 0, 0 },
	{ "City of Brass pays {B/P} for 1", { "City of Brass", NULL, NULL }, "{B/P}", 0, 1, 0 },
	{ "no lands: three {B/P} for 6 life", { NULL, NULL }, "{B/P}{B/P}{B/P}", 0, 6, 3 },
	{ "{2/W} from one Forest: neither W nor two mana", { "Forest", NULL, NULL },
	  "{2/W}", 0, NO_PAYMENT, 0 },
	{ "{2/G}{2/G} from assembled Tron: four generic", { "Urza's Mine",
	  "Urza's Power Plant", "Urza's Tower", NULL, NULL }, "{2/G}{2/G}", 0, 0, 0 },
	{ "Forge makes one mana: C for {C}, life for {R/P}", { "Battlefield Forge", NULL,
	  NULL }, "{C}{R/P}", 0, 2, 1 },
	{ "one budget: a fetched shock for U, life for {B/P}", { "Polluted Delta", NULL,
	  "Watery Grave", NULL }, "{U}{B/P}", 0, 5, 1 },
	{ "one budget: two {R/P} from Forge and City of Brass", { "Battlefield Forge",
	  "City of Brass", NULL, NULL }, "{R/P}{R/P}", 0, 2, 0 },
	{ "{X}{X}{G} with x = 2 asks for five", { "Forest", "Forest", "Forest", "Forest",
	  NULL, NULL }, "{X}{X}{G}", 2, NO_PAYMENT, 0 },
	{ "{X}{X}{G} with x = 2 from five Forests", { "Forest", "Forest", "Forest", "Forest",
	  "Forest", NULL, NULL }, "{X}{X}{G}", 2, 0, 0 },
	{ "{X}{G} with x = 0 is {G}", { "Forest", NULL, NULL }, "{X}{G}", 0, 0, 0 },
	{ "{0} from nothing", { NULL, NULL }, "{0}", 0, 0, 0 },
	{ "{12}: Tron with two Towers and two Forests", { "Urza's Mine", "Urza's Power Plant",
	  "Urza's Tower", "Urza's Tower", "Forest", "Forest", NULL, NULL }, "{12}", 0, 0, 0 },
	{ "{12}: one Forest short", { "Urza's Mine", "Urza's Power Plant", "Urza's Tower",
	  "Urza's Tower", "Forest", NULL, NULL }, "{12}", 0, NO_PAYMENT, 0 },
	/* The lands beyond the contest's (Ancient Tomb, snow basics, ...) with
	 * real costs. */
	{ "Ancient Tomb pays {2/W} as two generic for 2", { "Ancient Tomb", NULL, NULL },
	  "{2/W}", 0, 2, 0 },
	{ "Ancient Tomb's C cannot pay {W/P}: life does", { "Ancient Tomb", NULL, NULL },
	  "{C}{W/P}", 0, 4, 1 },
	{ "Mana Confluence pays {B/P} for 1", { "Mana Confluence", NULL, NULL }, "{B/P}", 0, 1, 0 },
	{ "horizon land pays {G/W} for 1, a pathway for nothing", { "Horizon Canopy",
	  "Branchloft Pathway", NULL, NULL }, "{G/W}{G/W}", 0, 1, 0 },
	{ "Prismatic Vista fetches a snow-covered basic for {U/R}", { "Prismatic Vista", NULL,
	  "Snow-Covered Mountain", NULL }, "{U/R}", 0, 1, 0 },
	{ "Evolving Wilds' basic enters tapped: {G/P} by life", { "Evolving Wilds", NULL,
	  "Forest", NULL }, "{G/P}", 0, 2, 1 },
	{ "a fetched triome enters tapped: {X} with x = 1 unpaid", { "Windswept Heath", NULL,
	  "Indatha Triome", NULL }, "{X}", 1, NO_PAYMENT, 0 },
	{ "Wastes pays {C}, a fast land the hybrid", { "Wastes", "Seachrome Coast", NULL, NULL },
	  "{C}{W/B}", 0, 0, 0 },
};

static int count_life_steps(const struct mf_mana_step *plan, size_t n)
{
	int count = 0;

	for (size_t s = 0; s < n; s++)
		count += plan[s].land == -1;
	return count;
}

/* At life min + 1 the spell is castable with a checked plan; at min not. */
START_TEST(test_named_case)
{
	const struct named *c = &cases[_i];
	uint32_t lives[2] = { 20, 20 };

	if (c->min_life >= 0) {
		lives[0] = (uint32_t)c->min_life + 1;
		lives[1] = c->min_life ? (uint32_t)c->min_life : lives[0];
	}
	for (size_t k = 0; k < 2; k++) {
		struct mana_brute_result want;
		struct mf_mana_result got, as;
		struct board b;
		char why[256];

		board_make(&b, c->names, lives[k], c->cost, c->x);
		ck_assert_int_eq(mf_mana_solve(&b.q, &got), MF_OK);
		ck_assert_int_eq(mana_brute_solve(&b.q, &want), MF_OK);
		ck_assert_msg(got.payable == (c->min_life >= 0), "%s: solver payable %d",
			      c->what, got.payable);
		ck_assert_msg(want.payable == (c->min_life >= 0), "%s: reference payable %d",
			      c->what, want.payable);
		if (c->min_life >= 0) {
			ck_assert_msg(got.min_life_paid == (uint64_t)c->min_life,
				      "%s: solver pays %llu life", c->what,
				      (unsigned long long)got.min_life_paid);
			ck_assert_msg(want.min_life == (uint64_t)c->min_life,
				      "%s: reference pays %llu life", c->what,
				      (unsigned long long)want.min_life);
			ck_assert_int_eq(got.castable, k == 0 || c->min_life == 0);
			ck_assert_int_eq(want.castable, got.castable);
		}
		ck_assert_msg(plan_check(&b.q, &got, why, sizeof(why)), "%s: solver plan: %s",
			      c->what, why);
		as = as_result(&b, &want);
		ck_assert_msg(plan_check(&b.q, &as, why, sizeof(why)), "%s: reference plan: %s",
			      c->what, why);
		if (got.castable) {
			ck_assert_int_eq(count_life_steps(got.plan, got.n_plan), c->life_steps);
			ck_assert_int_eq(count_life_steps(want.plan, want.n_plan), c->life_steps);
		}
		mf_mana_result_free(&got);
		mana_brute_result_free(&want);
	}
}
END_TEST

START_TEST(test_reference_limits)
{
	static const char *const forest[] = { "Forest", NULL, NULL };
	struct mana_brute_result r;
	struct board b;

	board_make(&b, forest, 20, "{G/P}", 0);
	b.q.cost.phyrexian[1u << MF_MANA_G] = 4096;  /* 4097 ways: too many */
	ck_assert_int_eq(mana_brute_solve(&b.q, &r), MF_ERR_LIMIT);
	b.q.cost.phyrexian[1u << MF_MANA_G] = 63;
	b.q.cost.twobrid[MF_MANA_W] = 63;            /* 64 * 64 = 4096 ways: fine */
	ck_assert_int_eq(mana_brute_solve(&b.q, &r), MF_OK);
	ck_assert(!r.payable);
	mana_brute_result_free(&r);
}
END_TEST

/* A valid plan to break: {G/P}{G/P}{G} from two Forests is the Forests and
 * one {G/P} paid with life (2 life). */
struct broken {
	struct board b;
	struct mf_mana_result res;
	struct mf_mana_step steps[8];
	size_t life_step;
};

static void broken_make(struct broken *k)
{
	static const char *const names[] = { "Forest", "Forest", NULL, NULL };
	struct mana_brute_result r;
	char why[256];

	board_make(&k->b, names, 20, "{G/P}{G/P}{G}", 0);
	ck_assert_int_eq(mana_brute_solve(&k->b.q, &r), MF_OK);
	ck_assert_uint_eq(r.min_life, 2);
	ck_assert_uint_eq(r.n_plan, 3);
	memcpy(k->steps, r.plan, 3 * sizeof(*k->steps));
	mana_brute_result_free(&r);
	k->res = (struct mf_mana_result){ .payable = true, .castable = true, .min_life_paid = 2,
		.life_left = 18, .plan = k->steps, .n_plan = 3 };
	ck_assert_msg(plan_check(&k->b.q, &k->res, why, sizeof(why)), "%s", why);
	for (k->life_step = 0; k->steps[k->life_step].land != -1; k->life_step++)
		ck_assert_uint_lt(k->life_step, 2);
	ck_assert_uint_eq(k->steps[k->life_step].phyrexian, 1u << MF_MANA_G);
}

enum breakage {
	BREAK_LIFE_ONE, BREAK_WRONG_SYMBOL, BREAK_TOO_MANY, BREAK_MANA, BREAK_FETCH,
	BREAK_LAND_NAMES_SYMBOL, BREAK_DROP_LIFE, BREAK_NEEDLESS_LIFE, BREAK_MASK_RANGE,
	BREAK_COUNT,
};

static const char *const break_reason[BREAK_COUNT] = {
	[BREAK_LIFE_ONE] = "pays 1 life for {G/P}, not 2",
	[BREAK_WRONG_SYMBOL] = "mask 4, not in the cost",
	[BREAK_TOO_MANY] = "more {G/P} paid with life than the cost has",
	[BREAK_MANA] = "paying {G/P} with life makes mana",
	[BREAK_FETCH] = "paying {G/P} with life fetches",
	[BREAK_LAND_NAMES_SYMBOL] = "a land step names Phyrexian mask 16",
	[BREAK_DROP_LIFE] = "does not pay",
	[BREAK_NEEDLESS_LIFE] = "is needless",
	[BREAK_MASK_RANGE] = "mask 200, not in the cost",
};

START_TEST(test_plan_check_refuses_life)
{
	struct broken k;
	struct mf_mana_step *life;
	char why[256];

	broken_make(&k);
	life = &k.steps[k.life_step];
	switch ((enum breakage)_i) {
	case BREAK_LIFE_ONE:
		life->life = 1;
		k.res.min_life_paid = 1;
		k.res.life_left = 19;
		break;
	case BREAK_WRONG_SYMBOL:
		life->phyrexian = 1u << MF_MANA_B;
		break;
	case BREAK_TOO_MANY:
		/* Three {G/P} paid with life for a cost with two. */
		k.steps[k.res.n_plan++] = *life;
		k.steps[k.res.n_plan++] = *life;
		k.res.min_life_paid = 6;
		k.res.life_left = 14;
		break;
	case BREAK_MANA:
		life->mana[MF_MANA_G] = 1;
		break;
	case BREAK_FETCH:
		life->fetch = k.b.battlefield[0];
		break;
	case BREAK_LAND_NAMES_SYMBOL:
		k.steps[k.life_step == 0 ? 1 : 0].phyrexian = 1u << MF_MANA_G;
		break;
	case BREAK_DROP_LIFE:
		k.steps[k.life_step] = k.steps[--k.res.n_plan];
		k.res.min_life_paid = 0;
		k.res.life_left = 20;
		break;
	case BREAK_NEEDLESS_LIFE:
		/* A third Forest pays the {G/P} paid with life: the life step
		 * is needless whatever min_life_paid claims. */
		k.b.battlefield[k.b.q.n_battlefield++] = k.b.battlefield[0];
		k.steps[k.res.n_plan++] = k.steps[k.life_step == 0 ? 1 : 0];
		break;
	case BREAK_MASK_RANGE:
		life->phyrexian = 200;
		break;
	case BREAK_COUNT:
		break;
	}
	ck_assert_msg(!plan_check(&k.b.q, &k.res, why, sizeof(why)), "breakage %d accepted", _i);
	ck_assert_msg(strstr(why, break_reason[_i]), "breakage %d: reason \"%s\", wanted \"%s\"",
		      _i, why, break_reason[_i]);
}
END_TEST

/* plan_check's own search for an assignment of mana to symbols. */
START_TEST(test_plan_mana_pays)
{
	static const char *const none[] = { NULL, NULL };
	const uint32_t no_life[32] = { 0 };
	uint32_t life[32] = { 0 };
	struct board b;
	/* W U B R G C */
	const uint64_t w_gg[MF_MANA_TYPES] = { 1, 0, 0, 0, 2, 0 };
	const uint64_t w_g[MF_MANA_TYPES] = { 1, 0, 0, 0, 1, 0 };
	const uint64_t wu[MF_MANA_TYPES] = { 1, 1, 0, 0, 0, 0 };
	const uint64_t u[MF_MANA_TYPES] = { 0, 1, 0, 0, 0, 0 };
	const uint64_t ccc[MF_MANA_TYPES] = { 0, 0, 0, 0, 0, 3 };

	board_make(&b, none, 20, "{2/W}{2/W}", 0);
	ck_assert(plan_mana_pays(&b.q, w_gg, no_life));
	ck_assert(!plan_mana_pays(&b.q, w_g, no_life));
	board_make(&b, none, 20, "{W/U}{W/U}", 0);
	ck_assert(plan_mana_pays(&b.q, wu, no_life));
	ck_assert(!plan_mana_pays(&b.q, u, no_life));
	board_make(&b, none, 20, "{W/U/P}{W/U/P}", 0);
	ck_assert(!plan_mana_pays(&b.q, u, no_life));
	life[1u << MF_MANA_W | 1u << MF_MANA_U] = 1;
	ck_assert(plan_mana_pays(&b.q, u, life));
	life[1u << MF_MANA_W | 1u << MF_MANA_U] = 3;  /* more than the cost has */
	ck_assert(!plan_mana_pays(&b.q, wu, life));
	board_make(&b, none, 20, "{X}{X}{C}", 1);
	ck_assert(plan_mana_pays(&b.q, ccc, no_life));
	b.q.x = 2;
	ck_assert(!plan_mana_pays(&b.q, ccc, no_life));
	board_make(&b, none, 20, "{W/U}{U/B}{B/R}{R/G}{G/W}", 0);
	ck_assert(!plan_mana_pays(&b.q, w_gg, no_life));
	{
		const uint64_t ubrgw[MF_MANA_TYPES] = { 1, 1, 1, 1, 1, 0 };

		ck_assert(plan_mana_pays(&b.q, ubrgw, no_life));
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mana-diff-costs");
	TCase *tc = tcase_create("named");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_named_case, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_reference_limits);
	suite_add_tcase(s, tc);
	tc = tcase_create("plan_check");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_plan_check_refuses_life, 0, BREAK_COUNT);
	tcase_add_test(tc, test_plan_mana_pays);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
