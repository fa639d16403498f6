/*
 * The rules beyond the contest's, on a catalogue of this file's own
 * so that they are tested whatever data/lands.txt holds: lands that enter
 * tapped when fetched (triomes, surveil lands), basic-only fetches
 * (Prismatic Vista finds basics untapped, Evolving Wilds and Fabled Passage
 * find them tapped), basic supertypes (snow-covered basics, Wastes), {C}
 * alternatives, and lands of several mana for life (Ancient Tomb; two made
 * up ones so that several kinds meet). Named cases answered by hand, then
 * plan_check refusing plans that break these rules, then a random
 * comparison of mf_mana_solve with the exhaustive reference over this
 * catalogue (fixed seeds).
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "../../reference/mana_brute.h"
#include "../../reference/plan_check.h"
#include "common/random.h"

#define LANDS_MAX 12
#ifndef SEEDS
#define SEEDS 4
#endif
#ifndef BOARDS_PER_SEED
#define BOARDS_PER_SEED 5000
#endif

static const char catalogue_text[] =
	"Plains;Plains;W;\n"
	"Island;Island;U;\n"
	"Swamp;Swamp;B;\n"
	"Mountain;Mountain;R;\n"
	"Forest;Forest;G;\n"
	"Wastes;;C;basic\n"
	"Snow-Covered Island;Island;U;basic snow\n"
	"Snow-Covered Mountain;Mountain;R;basic snow\n"
	"Tundra;Plains,Island;W|U;\n"
	"Volcanic Island;Island,Mountain;U|R;\n"
	"Steam Vents;Island,Mountain;U|R;--shock\n"
	"Flooded Strand;;-fetchPlains|-fetchIsland;\n"
	"Scalding Tarn;;-fetchIsland|-fetchMountain;\n"
	"Prismatic Vista;;-fetchBasic;\n"
	"Evolving Wilds;;fetchBasic;fetch=tapped\n"
	"Fabled Passage;;fetchBasic;fetch=tapped\n"
	"Raugrin Triome;Island,Mountain,Plains;U|R|W;etb=tapped kind=triome\n"
	"Thundering Falls;Island,Mountain;U|R;etb=tapped kind=surveil\n"
	"Spirebluff Canal;;U|R;etb=conditional kind=fast\n"
	"Izzet Guildgate;;U|R;etb=tapped kind=gate\n"
	"Fiery Islet;;-U|-R;kind=horizon\n"
	"Riverglide Pathway;;U;kind=pathway\n"
	"Ancient Tomb;;--CC;\n"
	"Test Tomb WU;;-WU;\n"
	"Test Tomb CCC;;---CCC;\n"
	"Mana Confluence;;-W|-U|-B|-R|-G;\n"
	"Grove of the Burnwillows;;1|R|G;\n"
	"Battlefield Forge;;1|-R|-W;\n"
	"Azorius Chancery;;WU;\n";

static struct mf_mana_catalogue *cat;

static void setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_msg(mf_mana_catalogue_parse(catalogue_text, strlen(catalogue_text), &cat, &err) == MF_OK,
		      "line %zu: %s", err.line, err.reason);
}

static void teardown(void)
{
	mf_mana_catalogue_free(cat);
	cat = NULL;
}

static int32_t land_index(const char *name, size_t len)
{
	int32_t i = mf_mana_catalogue_find(cat, name, len);

	ck_assert_msg(i >= 0, "unknown %.*s", (int)len, name);
	return i;
}

struct board {
	int32_t battlefield[LANDS_MAX];
	int32_t library[LANDS_MAX];
	struct mf_mana_query q;
};

/* field, library: ';'-separated names ("" for none); cost in either notation. */
static void board_make(struct board *b, const char *field, const char *library, uint32_t life,
		       const char *cost)
{
	struct mf_mana_parse_error err;

	memset(b, 0, sizeof(*b));
	b->q.cat = cat;
	b->q.battlefield = b->battlefield;
	b->q.library = b->library;
	for (int zone = 0; zone < 2; zone++) {
		const char *p = zone ? library : field;
		int32_t *ids = zone ? b->library : b->battlefield;
		size_t *n = zone ? &b->q.n_library : &b->q.n_battlefield;

		while (*p) {
			const char *e = strchr(p, ';');
			size_t len = e ? (size_t)(e - p) : strlen(p);

			ck_assert_uint_lt(*n, LANDS_MAX);
			ids[(*n)++] = land_index(p, len);
			p += len + (e != NULL);
		}
	}
	b->q.life = life;
	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &b->q.cost, &err), MF_OK);
}

static const struct {
	const char *field, *library, *cost;
	int min_life;  /* -1: no payment */
} cases[] = {
	/* A fetch finds a triome or a surveil land, which enters tapped. */
	{ "Flooded Strand", "Raugrin Triome", "U", -1 },
	{ "Scalding Tarn", "Thundering Falls", "R", -1 },
	{ "Flooded Strand", "Raugrin Triome;Island", "U", 1 },
	{ "Scalding Tarn", "Snow-Covered Mountain", "R", 1 },
	{ "Scalding Tarn", "Steam Vents;Thundering Falls", "R", 3 },
	/* Prismatic Vista finds basics only, untapped. */
	{ "Prismatic Vista", "Snow-Covered Island", "U", 1 },
	{ "Prismatic Vista", "Wastes", "C", 1 },
	{ "Prismatic Vista", "Island", "U", 1 },
	{ "Prismatic Vista", "Tundra;Steam Vents;Raugrin Triome", "U", -1 },
	{ "Prismatic Vista;Prismatic Vista", "Island;Mountain", "UR", 2 },
	{ "Prismatic Vista;Flooded Strand", "Snow-Covered Island;Tundra", "WU", 2 },
	/* Evolving Wilds and Fabled Passage: the basic enters tapped. */
	{ "Evolving Wilds", "Island", "U", -1 },
	{ "Fabled Passage;Evolving Wilds;Island", "Island;Island", "UU", -1 },
	{ "Fabled Passage;Island", "Island", "U", 0 },
	/* Lands that only enter tapped sometimes are plain duals once there. */
	{ "Spirebluff Canal;Izzet Guildgate;Thundering Falls", "", "UUR", 0 },
	{ "Raugrin Triome;Riverglide Pathway", "", "WU", 0 },
	/* {C}, horizon lands, Grove, Mana Confluence. */
	{ "Wastes;Mountain", "", "CR", 0 },
	{ "Wastes", "", "U", -1 },
	{ "Fiery Islet;Fiery Islet", "", "UR", 2 },
	{ "Fiery Islet", "", "C", -1 },
	{ "Grove of the Burnwillows;Grove of the Burnwillows", "", "RG", 0 },
	{ "Mana Confluence", "", "B", 1 },
	/* Ancient Tomb: 2 mana for 2 life, however little of it is spent. */
	{ "Ancient Tomb", "", "1", 2 },
	{ "Ancient Tomb", "", "CC", 2 },
	{ "Ancient Tomb", "", "CCC", -1 },
	{ "Ancient Tomb;Ancient Tomb", "", "3", 4 },
	{ "Ancient Tomb;Ancient Tomb;Battlefield Forge", "", "3", 2 },
	{ "Ancient Tomb;Ancient Tomb;Battlefield Forge", "", "4", 4 },
	{ "Ancient Tomb;Mana Confluence", "", "1", 1 },
	{ "Ancient Tomb;Mana Confluence;Mana Confluence", "", "2", 2 },
	{ "Ancient Tomb;Mana Confluence;Mana Confluence;Mana Confluence", "", "3R", 4 },
	{ "Ancient Tomb;Wastes;Island", "", "{1}{U}", 0 },
	{ "Ancient Tomb;Wastes;Island", "", "{2}{U}", 2 },
	{ "Ancient Tomb;Scalding Tarn", "Steam Vents", "2", 2 },
	{ "Ancient Tomb;Scalding Tarn", "Steam Vents", "{2}{R}", 5 },
	{ "Ancient Tomb;Fiery Islet", "", "{C}{U/P}", 3 },
	{ "Ancient Tomb;Fiery Islet", "", "{2/U}", 1 },
	/* Several kinds of such lands together. */
	{ "Test Tomb WU;Test Tomb WU;Test Tomb CCC", "", "WW", 2 },
	{ "Test Tomb WU;Test Tomb CCC;Ancient Tomb", "", "4", 3 },
	{ "Test Tomb WU;Test Tomb CCC;Ancient Tomb", "", "5", 4 },
	{ "Test Tomb WU;Test Tomb CCC;Ancient Tomb", "", "WU5", 6 },
};

/* The reference's answer as an mf_mana_result (the plan borrowed). */
static struct mf_mana_result as_result(const struct board *b, const struct mana_brute_result *r)
{
	struct mf_mana_result out = {
		.payable = r->payable, .castable = r->castable, .min_life_paid = r->min_life,
	};

	if (r->castable) {
		out.life_left = b->q.life - r->min_life;
		out.plan = r->plan;
		out.n_plan = r->n_plan;
	}
	return out;
}

START_TEST(named_case)
{
	struct board b;
	struct mana_brute_result want;
	struct mf_mana_result got, ref;
	char why[256];
	int min = cases[_i].min_life;

	board_make(&b, cases[_i].field, cases[_i].library, 20, cases[_i].cost);
	ck_assert_int_eq(mana_brute_solve(&b.q, &want), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&b.q, &got), MF_OK);
	ck_assert_msg(want.payable == (min >= 0), "reference payable %d", want.payable);
	ck_assert_msg(got.payable == (min >= 0), "solver payable %d", got.payable);
	if (min >= 0) {
		ck_assert_uint_eq(want.min_life, (uint64_t)min);
		ck_assert_uint_eq(got.min_life_paid, (uint64_t)min);
	}
	ref = as_result(&b, &want);
	ck_assert_msg(plan_check(&b.q, &ref, why, sizeof(why)), "reference plan: %s", why);
	ck_assert_msg(plan_check(&b.q, &got, why, sizeof(why)), "solver plan: %s", why);
	mf_mana_result_free(&got);
	mana_brute_result_free(&want);
}
END_TEST

static void step_set(struct mf_mana_step *s, const char *land, enum mf_mana_zone from,
		     int type, uint32_t amount, uint32_t life, const char *fetch)
{
	memset(s, 0, sizeof(*s));
	s->land = land_index(land, strlen(land));
	s->from = from;
	if (type >= 0)
		s->mana[type] = amount;
	s->life = life;
	s->fetch = fetch ? land_index(fetch, strlen(fetch)) : -1;
}

/* A one-land plan of a fetch and its card: plan_check must name the rule. */
static void expect_refused(const char *field, const char *library, const char *cost,
			   const struct mf_mana_step *steps, size_t n, uint64_t life,
			   const char *reason)
{
	struct board b;
	struct mf_mana_result res = { .payable = true, .castable = true, .min_life_paid = life,
		.life_left = 20 - life, .plan = (struct mf_mana_step *)steps, .n_plan = n };
	char why[256];

	board_make(&b, field, library, 20, cost);
	ck_assert_msg(!plan_check(&b.q, &res, why, sizeof(why)), "accepted: %s", reason);
	ck_assert_msg(strstr(why, reason), "said \"%s\", not \"%s\"", why, reason);
}

START_TEST(plan_check_knows_the_rules)
{
	struct mf_mana_step s[3];

	step_set(&s[0], "Evolving Wilds", MF_MANA_FROM_BATTLEFIELD, -1, 0, 0, "Island");
	step_set(&s[1], "Island", MF_MANA_FROM_LIBRARY, MF_MANA_U, 1, 0, NULL);
	expect_refused("Evolving Wilds", "Island", "U", s, 2, 0,
		       "Evolving Wilds puts its land onto the battlefield tapped");
	step_set(&s[0], "Prismatic Vista", MF_MANA_FROM_BATTLEFIELD, -1, 0, 1, "Tundra");
	step_set(&s[1], "Tundra", MF_MANA_FROM_LIBRARY, MF_MANA_U, 1, 0, NULL);
	expect_refused("Prismatic Vista", "Tundra", "U", s, 2, 1, "Prismatic Vista cannot fetch Tundra");
	step_set(&s[0], "Flooded Strand", MF_MANA_FROM_BATTLEFIELD, -1, 0, 1, "Raugrin Triome");
	step_set(&s[1], "Raugrin Triome", MF_MANA_FROM_LIBRARY, MF_MANA_U, 1, 0, NULL);
	expect_refused("Flooded Strand", "Raugrin Triome", "U", s, 2, 1,
		       "Raugrin Triome enters tapped when fetched");
	step_set(&s[0], "Ancient Tomb", MF_MANA_FROM_BATTLEFIELD, MF_MANA_C, 2, 0, NULL);
	expect_refused("Ancient Tomb", "", "2", s, 1, 0, "Ancient Tomb cannot make");
	step_set(&s[0], "Ancient Tomb", MF_MANA_FROM_BATTLEFIELD, MF_MANA_C, 1, 2, NULL);
	expect_refused("Ancient Tomb", "", "1", s, 1, 2, "Ancient Tomb cannot make");
	step_set(&s[0], "Ancient Tomb", MF_MANA_FROM_BATTLEFIELD, MF_MANA_C, 2, 2, NULL);
	step_set(&s[1], "Ancient Tomb", MF_MANA_FROM_BATTLEFIELD, MF_MANA_C, 2, 2, NULL);
	expect_refused("Ancient Tomb;Ancient Tomb", "", "C", s, 2, 4, "is needless");
}
END_TEST

/* Two kinds of land of several mana for life, thousands of each: every
 * count of one times a bisection of the other is over the limit. */
START_TEST(bundle_tries_are_limited)
{
	static int32_t field[10000];
	struct mf_mana_query q = { .cat = cat, .battlefield = field, .n_battlefield = 10000, .life = 20 };
	struct mf_mana_parse_error err;
	struct mf_mana_result res;

	for (size_t i = 0; i < 10000; i++)
		field[i] = land_index(i % 2 ? "Ancient Tomb" : "Test Tomb CCC",
				      strlen(i % 2 ? "Ancient Tomb" : "Test Tomb CCC"));
	ck_assert_int_eq(mf_mana_cost_parse("{20000}", 7, &q.cost, &err), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_ERR_LIMIT);
	/* One kind alone is bisected, whatever its count: 3000 Tombs make 6000. */
	for (size_t i = 0; i < 3000; i++)
		field[i] = land_index("Ancient Tomb", 12);
	q.n_battlefield = 3000;
	ck_assert_int_eq(mf_mana_cost_parse("{5999}", 6, &q.cost, &err), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &res), MF_OK);
	ck_assert(res.payable);
	ck_assert_uint_eq(res.min_life_paid, 6000);
	mf_mana_result_free(&res);
}
END_TEST

/* ---- random comparison over this catalogue ---- */

static uint32_t below(uint64_t *rng, uint32_t n)
{
	return (uint32_t)(mf_splitmix64(rng) % n);
}

/* Battlefield draws: every land but the library-only ones, fetches often. */
static const char *const field_pool[] = {
	"Island", "Mountain", "Plains", "Wastes", "Snow-Covered Island", "Tundra", "Volcanic Island",
	"Steam Vents", "Flooded Strand", "Scalding Tarn", "Prismatic Vista", "Prismatic Vista",
	"Evolving Wilds", "Fabled Passage", "Raugrin Triome", "Thundering Falls", "Spirebluff Canal",
	"Izzet Guildgate", "Fiery Islet", "Riverglide Pathway", "Ancient Tomb", "Ancient Tomb",
	"Test Tomb WU", "Test Tomb CCC", "Mana Confluence", "Grove of the Burnwillows",
	"Battlefield Forge", "Azorius Chancery",
};
/* Library draws: mostly what some fetch finds, tapped or not. */
static const char *const library_pool[] = {
	"Island", "Mountain", "Plains", "Forest", "Wastes", "Snow-Covered Island",
	"Snow-Covered Mountain", "Tundra", "Volcanic Island", "Steam Vents", "Raugrin Triome",
	"Thundering Falls", "Spirebluff Canal", "Izzet Guildgate",
};
#define POOL(a) (uint32_t)(sizeof(a) / sizeof(a[0]))

/* Mostly W U R C and generic, sometimes a {2/U} or a {U/P}; at most 8 mana. */
static void random_cost(uint64_t *rng, struct mf_mana_cost *c)
{
	uint32_t symbols = 1 + below(rng, 6), total = 0;

	memset(c, 0, sizeof(*c));
	for (uint32_t s = 0; s < symbols && total < 8; s++) {
		uint32_t roll = below(rng, 20);

		if (roll < 9)
			c->need[(uint32_t[]){ MF_MANA_W, MF_MANA_U, MF_MANA_R }[below(rng, 3)]]++;
		else if (roll < 12)
			c->need[MF_MANA_C]++;
		else if (roll < 17)
			c->generic += 1 + below(rng, 3);
		else if (roll < 18)
			c->twobrid[MF_MANA_U]++;
		else
			c->phyrexian[1u << MF_MANA_U | (roll == 19 ? 1u << MF_MANA_R : 0)]++;
		total = (uint32_t)mf_mana_cost_total(c);
	}
}

struct tally {
	uint64_t queries, castable, basic_fetched, tomb_taps, tapped_offered, failures;
};

static void tally_plan(const struct board *b, const struct mf_mana_result *r, struct tally *t)
{
	t->queries++;
	t->castable += r->castable;
	for (size_t s = 0; r->castable && s < r->n_plan; s++) {
		const struct mf_mana_step *st = &r->plan[s];
		const struct mf_mana_land *l;

		if (st->land < 0)
			continue;
		l = mf_mana_catalogue_land(cat, (size_t)st->land);
		t->basic_fetched += st->fetch >= 0 && (l->fetch_types & MF_MANA_FETCH_BASIC);
		t->tomb_taps += l->n_options == 1 && l->options[0].life >= 1 &&
				l->options[0].mana[MF_MANA_C] + l->options[0].mana[MF_MANA_W] >= 2;
	}
	for (size_t i = 0; i < b->q.n_library; i++)
		t->tapped_offered += mf_mana_catalogue_land(cat, (size_t)b->library[i])->etb != 0;
}

static void print_board(const struct board *b, const char *why)
{
	char cost[128];

	mf_mana_cost_format(&b->q.cost, cost, sizeof(cost));
	fprintf(stderr, "mana-rules DISAGREEMENT: %s\n  battlefield:", why);
	for (size_t i = 0; i < b->q.n_battlefield; i++)
		fprintf(stderr, " [%s]", mf_mana_catalogue_land(cat, (size_t)b->battlefield[i])->name);
	fprintf(stderr, "\n  library:");
	for (size_t i = 0; i < b->q.n_library; i++)
		fprintf(stderr, " [%s]", mf_mana_catalogue_land(cat, (size_t)b->library[i])->name);
	fprintf(stderr, "\n  life %u, cost %s\n", b->q.life, cost);
}

/* Compares solver and reference on b; returns the disagreement or NULL. */
static const char *compare(const struct board *b, struct tally *t, char *why, size_t size)
{
	struct mana_brute_result want;
	struct mf_mana_result got;
	char reason[256];
	const char *bad = why;

	ck_assert_int_eq(mana_brute_solve(&b->q, &want), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&b->q, &got), MF_OK);
	if (got.payable != want.payable || got.castable != want.castable)
		snprintf(why, size, "payable %d/%d castable %d/%d (solver/reference)", got.payable,
			 want.payable, got.castable, want.castable);
	else if (want.payable && got.min_life_paid != want.min_life)
		snprintf(why, size, "least life %" PRIu64 "/%" PRIu64 " (solver/reference)",
			 got.min_life_paid, want.min_life);
	else if (!plan_check(&b->q, &got, reason, sizeof(reason)))
		snprintf(why, size, "plan: %s", reason);
	else
		bad = NULL;
	tally_plan(b, &got, t);
	mf_mana_result_free(&got);
	mana_brute_result_free(&want);
	return bad;
}

START_TEST(random_boards)
{
	uint64_t seed = 0x72756c65u + (uint64_t)_i * 1000037u, rng = seed;
	struct tally t = { 0 };
	char why[320];

	for (size_t n = 0; n < BOARDS_PER_SEED; n++) {
		struct board b;
		struct mana_brute_result want;
		uint32_t lives[3];
		size_t n_field = 1 + below(&rng, 7), n_library = below(&rng, 5);

		memset(&b, 0, sizeof(b));
		b.q.cat = cat;
		b.q.battlefield = b.battlefield;
		b.q.library = b.library;
		while (b.q.n_battlefield < n_field) {
			const char *name = field_pool[below(&rng, POOL(field_pool))];

			b.battlefield[b.q.n_battlefield++] = land_index(name, strlen(name));
		}
		while (b.q.n_library < n_library) {
			const char *name = library_pool[below(&rng, POOL(library_pool))];

			b.library[b.q.n_library++] = land_index(name, strlen(name));
		}
		random_cost(&rng, &b.q.cost);
		/* A random life, then the least that casts and one less. */
		b.q.life = 1000;
		ck_assert_int_eq(mana_brute_solve(&b.q, &want), MF_OK);
		lives[0] = 1 + below(&rng, 8);
		lives[1] = want.payable ? (uint32_t)want.min_life + 1 : 0;
		lives[2] = want.payable ? (uint32_t)want.min_life : 0;
		mana_brute_result_free(&want);
		for (size_t k = 0; k < 3; k++) {
			if (!lives[k])
				continue;
			b.q.life = lives[k];
			if (compare(&b, &t, why, sizeof(why)) && ++t.failures <= 3)
				print_board(&b, why);
		}
	}
	fprintf(stderr, "mana-rules seed %" PRIu64 ": %" PRIu64 " queries, %" PRIu64 " castable, %"
		PRIu64 " basic-only fetches and %" PRIu64 " taps of several mana for life in plans, %"
		PRIu64 " library lands that enter tapped, %" PRIu64 " disagreements\n", seed, t.queries,
		t.castable, t.basic_fetched, t.tomb_taps, t.tapped_offered, t.failures);
	ck_assert_uint_eq(t.failures, 0);
	ck_assert_uint_gt(t.castable, t.queries / 5);
	ck_assert_uint_lt(t.castable, t.queries * 4 / 5);
	ck_assert_uint_gt(t.basic_fetched, 100);
	ck_assert_uint_gt(t.tomb_taps, 500);
	ck_assert_uint_gt(t.tapped_offered, 2000);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mana-rules");
	TCase *tc = tcase_create("rules");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, named_case, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, plan_check_knows_the_rules);
	tcase_add_test(tc, bundle_tries_are_limited);
	suite_add_tcase(s, tc);
	tc = tcase_create("random");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, random_boards, 0, SEEDS);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
