/*
 * mf_mana_solve against the solution sketch's pipeline (tests/reference/
 * mana_sketch): pre-tap, every count of pain lands tapped for colourless,
 * every multiset of shock lands fetched, one max flow each. The two must
 * give the same `castable` on the statement's examples (and both the
 * statement's answer), and on random contest-size boards from fixed seeds:
 * up to 34 lands from the built-in catalogue, life 1..20, costs in the
 * contest's notation. Each payable board is also asked at the boundary the
 * solver reports: its least life + 1 and its least life, when within 20.
 * A disagreement is shrunk to a smallest case, printed in the contest's
 * input format, and fails the test.
 *
 * The comparison of one case, its tally and its shrinking are in
 * sketch_report.c; the cases and the board generator are here.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "manaflow/mana.h"
#include "../../reference/mana_sketch.h"
#include "common/random.h"
#include "sketch_report.h"

#ifndef MF_SKETCH_EXAMPLES
#error "the build defines MF_SKETCH_EXAMPLES (the statement's examples, without .txt)"
#endif

/* Overridable for longer runs by hand (-DSEEDS=.. -DBOARDS_PER_SEED=..). */
#ifndef SEEDS
#define SEEDS 8
#endif
#ifndef BOARDS_PER_SEED
#define BOARDS_PER_SEED 5000
#endif
#define LIFE_MAX 20

/* Every case's catalogue, the built-in one, into sketch_cat; fails the
 * test if it does not load. */
static void setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&sketch_cat, &err), MF_OK);
}

/* Frees the catalogue of setup(). */
static void teardown(void)
{
	mf_mana_catalogue_free(sketch_cat);
	sketch_cat = NULL;
}

/* Valgrind runs the unit suite some 20 to 50 times slower: a 25th there. */
static size_t scaled(size_t n)
{
	return getenv("MANAFLOW_UNDER_VALGRIND") ? n / 25 + 1 : n;
}

/* The catalogue index of the land named name[len]; fails the test if none. */
static int32_t land_index(const char *name, size_t len)
{
	int32_t i = mf_mana_catalogue_find(sketch_cat, name, len);

	ck_assert_msg(i >= 0, "catalogue lacks %.*s", (int)len, name);
	return i;
}

/* ------------------------------------------------------------------ */
/* The statement's examples                                            */

/* The whole file at path, NUL-terminated, which the caller frees; fails the
 * test if it cannot be read. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long size;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_ge(size, 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	text[size] = '\0';
	return text;
}

/* The next non-blank line, its end cut off; NULL at the end of the text. */
static char *next_line(char **cursor)
{
	while (**cursor) {
		char *line = *cursor, *end = strchr(line, '\n');

		*cursor = end ? end + 1 : line + strlen(line);
		if (end)
			*end = '\0';
		if (end && end > line && end[-1] == '\r')
			end[-1] = '\0';
		if (*line)
			return line;
	}
	return NULL;
}

/* The number on the next non-blank line; fails the test at the end. */
static size_t read_count(char **cursor)
{
	char *line = next_line(cursor);

	ck_assert_ptr_nonnull(line);
	return strtoul(line, NULL, 10);
}

START_TEST(statement_examples)
{
	char *text = read_text(MF_SKETCH_EXAMPLES ".txt");
	char *answers = read_text(MF_SKETCH_EXAMPLES ".expected");
	char *cur = text, *acur = answers, *line;
	struct tally t = { 0 };
	size_t n = read_count(&cur);

	ck_assert_uint_eq(n, 12);
	for (size_t i = 0; i < n; i++) {
		struct board b = { .n_field = read_count(&cur) };
		struct mf_mana_result res;
		char *answer;

		ck_assert_uint_le(b.n_field, REF_SKETCH_LANDS_MAX);
		for (size_t k = 0; k < b.n_field; k++) {
			line = next_line(&cur);
			b.field[k] = land_index(line, strlen(line));
		}
		b.n_library = read_count(&cur);
		ck_assert_uint_le(b.n_library, REF_SKETCH_LANDS_MAX - b.n_field);
		for (size_t k = 0; k < b.n_library; k++) {
			line = next_line(&cur);
			b.library[k] = land_index(line, strlen(line));
		}
		b.life = (uint32_t)read_count(&cur);
		line = next_line(&cur);
		ck_assert_ptr_nonnull(line);
		ck_assert_uint_le(strlen(line), COST_TEXT_MAX);
		strcpy(b.cost, line);
		answer = next_line(&acur);
		ck_assert_ptr_nonnull(answer);
		sketch_check_case(&b, 0, &t, &res);
		ck_assert_msg(res.castable == (strcmp(answer, "YES") == 0),
			      "example %zu: solver and sketch say %s, the statement %s", i + 1,
			      res.castable ? "YES" : "NO", answer);
		mf_mana_result_free(&res);
	}
	ck_assert_ptr_null(next_line(&acur));
	fprintf(stderr, "mana-sketch examples: %" PRIu64 " cases compared, %" PRIu64
		" castable, %" PRIu64 " max flows, %" PRIu64 " disagreements\n",
		t.cases, t.castable, t.flows, t.failures);
	ck_assert_uint_eq(t.failures, 0);
	free(text);
	free(answers);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The reference's own edges: what it reads and what it refuses         */

START_TEST(cost_notation)
{
	struct mf_mana_cost c;
	static const char *const bad[] = { "", "0", "2W0", "{W}", "w", "X", "W/U", "2 W" };

	ck_assert_int_eq(ref_sketch_cost_parse("99", 2, &c), MF_OK);
	ck_assert_uint_eq(c.generic, 18);
	ck_assert_int_eq(ref_sketch_cost_parse("2WWUC1", 6, &c), MF_OK);
	ck_assert_uint_eq(c.generic, 3);
	ck_assert_uint_eq(c.need[MF_MANA_W], 2);
	ck_assert_uint_eq(c.need[MF_MANA_U], 1);
	ck_assert_uint_eq(c.need[MF_MANA_C], 1);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(ref_sketch_cost_parse(bad[i], strlen(bad[i]), &c), MF_ERR_INVALID);
		ck_assert_uint_eq(c.generic + c.need[MF_MANA_W], 0);
	}
}
END_TEST

START_TEST(out_of_scope)
{
	int32_t lands[REF_SKETCH_LANDS_MAX + 1];
	struct mf_mana_query q = { .cat = sketch_cat, .battlefield = lands, .n_battlefield = 1,
				   .life = 20 };
	struct mf_mana_catalogue *odd;
	struct mf_mana_parse_error err;
	/* 0 Forest, 1 free colours beside a painful C, 2 a fetchable card with a
	 * painful colour, 3 a fetch costing 2, 4 a fetch costing 1. */
	static const char odd_lands[] = "Forest;Forest;G;\nBloodfell Caves;;B|R|-1;\n"
		"Sapseep Forest;Forest;G|-B;\nSlow Fetch;;--fetchForest;\n"
		"Quick Fetch;;-fetchForest;\n";
	static const struct {
		int32_t field, library;  /* -1: none */
		int rc;
	} odd_cases[] = {
		{ 4, 0, MF_OK }, { 1, -1, MF_ERR_LIMIT }, { 4, 2, MF_ERR_LIMIT },
		{ 3, 0, MF_ERR_LIMIT }, { 0, 2, MF_OK },  /* nothing fetches it: never read */
	};
	bool yes = true;

	for (size_t i = 0; i <= REF_SKETCH_LANDS_MAX; i++)
		lands[i] = land_index("Forest", 6);
	q.cost.need[MF_MANA_G] = 1;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_OK);
	ck_assert(yes);
	/* Symbols beyond the contest's notation. */
	q.cost.hybrid[0x11] = 1;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_ERR_LIMIT);
	ck_assert(!yes);
	q.cost.hybrid[0x11] = 0;
	q.cost.x_count = 1;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_ERR_LIMIT);
	q.cost.x_count = 0;
	/* More than the contest's 34 cards, a bad index, no life. */
	q.n_battlefield = REF_SKETCH_LANDS_MAX;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_OK);
	q.n_battlefield = REF_SKETCH_LANDS_MAX + 1;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_ERR_LIMIT);
	q.n_battlefield = 1;
	lands[0] = (int32_t)mf_mana_catalogue_size(sketch_cat);
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_ERR_INVALID);
	lands[0] = land_index("Forest", 6);
	q.life = 0;
	ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), MF_ERR_INVALID);
	q.life = 20;
	/* Lands the sketch has no place for, beside ones it has. */
	ck_assert_int_eq(mf_mana_catalogue_parse(odd_lands, strlen(odd_lands), &odd, &err), MF_OK);
	q.cat = odd;
	q.library = &lands[1];
	for (size_t i = 0; i < sizeof(odd_cases) / sizeof(odd_cases[0]); i++) {
		lands[0] = odd_cases[i].field;
		lands[1] = odd_cases[i].library;
		q.n_library = odd_cases[i].library >= 0;
		ck_assert_int_eq(ref_sketch_castable(&q, &yes, NULL), odd_cases[i].rc);
		ck_assert_int_eq(yes, odd_cases[i].rc == MF_OK);
	}
	mf_mana_catalogue_free(odd);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random contest-size boards                                          */

/* Uniform in [0, n), n > 0, from the stream *rng. */
static uint32_t below(uint64_t *rng, uint32_t n)
{
	return (uint32_t)(mf_splitmix64(rng) % n);
}

/* True with probability percent / 100. */
static bool chance(uint64_t *rng, uint32_t percent)
{
	return below(rng, 100) < percent;
}

/* The contest's lands by kind, each kind one ';'-separated list, named here
 * so that the boards do not depend on how the catalogue classifies them. */
enum { K_BASIC, K_DUAL, K_SHOCK, K_FETCH, K_PAIN, K_BOUNCE, K_TRI, K_FIVE, K_TRON, K_KINDS };
static const char *const kind_names[K_KINDS] = {
	"Plains;Island;Swamp;Mountain;Forest",
	"Tundra;Underground Sea;Badlands;Taiga;Savannah;Scrubland;Volcanic Island;Bayou;"
	"Plateau;Tropical Island",
	"Hallowed Fountain;Watery Grave;Blood Crypt;Stomping Ground;Temple Garden;"
	"Godless Shrine;Steam Vents;Overgrown Tomb;Sacred Foundry;Breeding Pool",
	"Flooded Strand;Polluted Delta;Bloodstained Mire;Wooded Foothills;Windswept Heath;"
	"Marsh Flats;Scalding Tarn;Verdant Catacombs;Arid Mesa;Misty Rainforest",
	"Adarkar Wastes;Underground River;Sulfurous Springs;Karplusan Forest;Brushland;"
	"Caves of Koilos;Shivan Reef;Llanowar Wastes;Battlefield Forge;Yavimaya Coast",
	"Azorius Chancery;Dimir Aqueduct;Rakdos Carnarium;Gruul Turf;Selesnya Sanctuary;"
	"Orzhov Basilica;Izzet Boilerworks;Golgari Rot Farm;Boros Garrison;Simic Growth Chamber",
	"Mystic Monastery;Nomad Outpost;Opulent Palace;Sandsteppe Citadel;Frontier Bivouac;"
	"Arcane Sanctum;Crumbling Necropolis;Jungle Shrine;Savage Lands;Seaside Citadel",
	"City of Brass;Gemstone Mine",
	"Urza's Mine;Urza's Power Plant;Urza's Tower",
};
static int32_t kinds[K_KINDS][10];
static uint32_t kind_size[K_KINDS];

/* Battlefield weights leave room for decisions: few lands that pre-tap.
 * The library is mostly what fetches find, shocks first. */
static const uint32_t field_weight[K_KINDS] = { 8, 10, 10, 14, 16, 5, 10, 12, 3 };
static const uint32_t library_weight[K_KINDS] = { 22, 18, 40, 3, 6, 3, 4, 3, 1 };

/* The random tcase's fixture: setup(), then kinds[] and kind_size[] from
 * kind_names; fails the test if a land is not in the catalogue. */
static void kinds_setup(void)
{
	setup();
	for (int k = 0; k < K_KINDS; k++) {
		const char *p = kind_names[k];

		kind_size[k] = 0;
		while (*p) {
			const char *e = strchr(p, ';');
			size_t len = e ? (size_t)(e - p) : strlen(p);

			ck_assert_uint_lt(kind_size[k], 10);
			kinds[k][kind_size[k]++] = land_index(p, len);
			p += len + (e != NULL);
		}
	}
}

/* A land of a kind drawn by weight, uniform within the kind. */
static int32_t pick(uint64_t *rng, const uint32_t weight[K_KINDS])
{
	uint32_t total = 0, roll;
	int k = 0;

	for (int j = 0; j < K_KINDS; j++)
		total += weight[j];
	roll = below(rng, total);
	while (roll >= weight[k])
		roll -= weight[k++];
	return kinds[k][below(rng, kind_size[k])];
}

/* A cost in the contest's notation sized to the board, its colours mostly
 * from two or three, so that symbols compete for the same lands. */
static void random_cost(uint64_t *rng, size_t n_lands, char *out)
{
	static const char colours[] = "WUBRG";
	uint32_t main_colour[3] = { below(rng, 5), below(rng, 5), below(rng, 5) };
	uint32_t symbols = 1 + below(rng, (uint32_t)n_lands + 2);
	size_t n = 0;

	for (uint32_t s = 0; s < symbols && n < COST_TEXT_MAX; s++) {
		uint32_t roll = below(rng, 20);

		if (roll < 14)
			out[n++] = colours[chance(rng, 80) ? main_colour[below(rng, 3)] : below(rng, 5)];
		else if (roll < 16)
			out[n++] = 'C';
		else
			out[n++] = (char)('1' + below(rng, chance(rng, 80) ? 3 : 9));
	}
	out[n] = '\0';
}

/* Up to 34 lands: a battlefield of up to 20 with some fetches, Tron now and
 * then, and a library the fetches can search. */
static void random_board(uint64_t *rng, struct board *b)
{
	size_t n_field = 1 + below(rng, 20), n_library, n_fetch = 0;
	bool repeat = chance(rng, 25);
	int32_t field_pool[4], library_pool[4];

	memset(b, 0, sizeof(*b));
	for (int k = 0; k < 4; k++) {
		field_pool[k] = pick(rng, field_weight);
		library_pool[k] = pick(rng, library_weight);
	}
	if (chance(rng, 12)) {
		/* Tron, assembled or one piece short. */
		uint32_t missing = chance(rng, 60) ? 3 : below(rng, 3);

		for (uint32_t k = 0; k < 3; k++)
			if (k != missing)
				b->field[b->n_field++] = kinds[K_TRON][k];
	}
	if (chance(rng, 60))
		n_fetch = 1 + below(rng, 6);
	for (size_t k = 0; k < n_fetch && b->n_field < n_field; k++)
		b->field[b->n_field++] = kinds[K_FETCH][below(rng, kind_size[K_FETCH])];
	while (b->n_field < n_field)
		b->field[b->n_field++] = repeat ? field_pool[below(rng, 4)] : pick(rng, field_weight);
	n_library = below(rng, 15);
	if (n_library > REF_SKETCH_LANDS_MAX - b->n_field)
		n_library = REF_SKETCH_LANDS_MAX - b->n_field;
	while (b->n_library < n_library)
		b->library[b->n_library++] = repeat ? library_pool[below(rng, 4)] :
			pick(rng, library_weight);
	random_cost(rng, b->n_field, b->cost);
	b->life = 1 + below(rng, LIFE_MAX);
}

/* Compares `boards` random boards from seed, each payable one again at the
 * solver's least life and one above; returns what they reached. */
static struct tally run_seed(uint64_t seed, size_t boards)
{
	struct tally t = { 0 };
	uint64_t rng = seed;

	for (size_t n = 0; n < boards; n++) {
		struct mf_mana_result res;
		struct board b;
		uint64_t least;
		bool payable;

		random_board(&rng, &b);
		t.tron += ref_sketch_tron(sketch_cat, b.field, b.n_field);
		sketch_check_case(&b, seed, &t, &res);
		payable = res.payable;
		least = res.min_life_paid;
		mf_mana_result_free(&res);
		if (!payable || least + 1 > LIFE_MAX)
			continue;
		/* The least life that casts, and one less, where the sketch's
		 * life arithmetic must agree to the point. */
		for (uint64_t life = least + 1; life >= least && life >= 1; life--) {
			if (life == b.life)
				continue;
			b.life = (uint32_t)life;
			t.boundary++;
			sketch_check_case(&b, seed, &t, NULL);
		}
	}
	return t;
}

START_TEST(random_boards)
{
	struct tally all = { 0 };
	size_t boards = scaled(BOARDS_PER_SEED);
	clock_t start = clock();

	for (uint64_t s = 0; s < SEEDS; s++) {
		uint64_t seed = 0x736b6574u + s * 1000003u;
		struct tally t = run_seed(seed, boards);

		fprintf(stderr, "mana-sketch seed %" PRIu64 ": %" PRIu64 " cases compared, %"
			PRIu64 " castable, %" PRIu64 " disagreements\n", seed, t.cases, t.castable,
			t.failures);
		all.cases += t.cases;
		all.castable += t.castable;
		all.flows += t.flows;
		all.failures += t.failures;
		all.by_pain += t.by_pain;
		all.by_shocks += t.by_shocks;
		all.boundary += t.boundary;
		all.fetched_shock += t.fetched_shock;
		all.fetched_other += t.fetched_other;
		all.painful_taps += t.painful_taps;
		all.tron += t.tron;
	}
	fprintf(stderr, "mana-sketch total: %" PRIu64 " cases compared, %" PRIu64 " castable, %"
		PRIu64 " disagreements (%.2f s CPU)\n", all.cases, all.castable, all.failures,
		(double)(clock() - start) / CLOCKS_PER_SEC);
	fprintf(stderr, "mana-sketch reach: %" PRIu64 " max flows; castable only with pain lands "
		"on C %" PRIu64 ", only with shocks fetched %" PRIu64 "; %" PRIu64 " cases at the "
		"solver's least life (+ 1); its plans fetched %" PRIu64 " shock and %" PRIu64
		" other lands and made %" PRIu64 " painful taps; %" PRIu64 " boards with Tron\n",
		all.flows, all.by_pain, all.by_shocks, all.boundary, all.fetched_shock,
		all.fetched_other, all.painful_taps, all.tron);
	ck_assert_msg(all.failures == 0, "%" PRIu64 " disagreements (shrunk ones printed above)",
		      all.failures);
	/* The boards must keep reaching what the sketch enumerates. */
	if (getenv("MANAFLOW_UNDER_VALGRIND"))
		return;
	ck_assert_uint_gt(all.castable, all.cases / 4);
	ck_assert_uint_lt(all.castable, all.cases * 3 / 4);
	ck_assert_uint_gt(all.by_pain, 200);
	ck_assert_uint_gt(all.by_shocks, 200);
	ck_assert_uint_gt(all.boundary, all.cases / 4);
	ck_assert_uint_gt(all.fetched_shock, 200);
	ck_assert_uint_gt(all.fetched_other, 200);
	ck_assert_uint_gt(all.painful_taps, 1000);
	ck_assert_uint_gt(all.tron, 100);
}
END_TEST

/* Runs the examples and the random boards; EXIT_FAILURE if a check failed. */
int main(void)
{
	Suite *s = suite_create("mana-sketch");
	TCase *tc = tcase_create("examples");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, statement_examples);
	tcase_add_test(tc, cost_notation);
	tcase_add_test(tc, out_of_scope);
	suite_add_tcase(s, tc);
	tc = tcase_create("random");
	tcase_add_checked_fixture(tc, kinds_setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, random_boards);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
