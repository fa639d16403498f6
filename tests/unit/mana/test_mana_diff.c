/*
 * Differential test of mf_mana_solve against the exhaustive reference.
 *
 * Random small boards from the built-in catalogue, with fixed seeds: the
 * solver and tests/reference/mana_brute must agree on payable, castable and
 * min_life_paid, and every castable plan must pass tests/reference/plan_check.
 * Each payable board is asked twice more at the boundary: with the least
 * life that casts (min + 1) and one less. Costs come in two styles: the
 * contest's (colours, C, generic) and real cards' (issue 10: hybrid,
 * Phyrexian, hybrid Phyrexian, {2/C}, {X} with an x, {0}, mixed with the
 * contest's symbols). A disagreement is shrunk to a smallest failing query,
 * printed in the contest's input format (the cost in brace notation, then
 * x), and fails the seed.
 */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "../../reference/mana_brute.h"
#include "../../reference/plan_check.h"

/* Overridable for longer runs by hand (-DSEEDS=.. -DBOARDS_PER_SEED=..
 * -DREPORTS_MAX=..). */
#ifndef SEEDS
#define SEEDS 8
#endif
#ifndef BOARDS_PER_SEED
#define BOARDS_PER_SEED 2200
#endif
#define LANDS_MAX 10
#ifndef REPORTS_MAX
#define REPORTS_MAX 3
#endif

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform-enough in 0 .. n - 1 for the small n used here. */
static uint32_t below(uint64_t *rng, uint32_t n)
{
	return (uint32_t)(splitmix64(rng) % n);
}

static bool chance(uint64_t *rng, uint32_t percent)
{
	return below(rng, 100) < percent;
}

/* Land groups, by name so that the test does not trust the catalogue's
 * notion of kinds. */
static const char *const basics[] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
static const char *const duals[] = { "Tundra", "Underground Sea", "Badlands", "Taiga",
	"Savannah", "Scrubland", "Volcanic Island", "Bayou", "Plateau", "Tropical Island" };
static const char *const shocks[] = { "Hallowed Fountain", "Watery Grave", "Blood Crypt",
	"Stomping Ground", "Temple Garden", "Godless Shrine", "Steam Vents",
	"Overgrown Tomb", "Sacred Foundry", "Breeding Pool" };
static const char *const fetches[] = { "Flooded Strand", "Polluted Delta",
	"Bloodstained Mire", "Wooded Foothills", "Windswept Heath", "Marsh Flats",
	"Scalding Tarn", "Verdant Catacombs", "Arid Mesa", "Misty Rainforest" };
static const char *const pains[] = { "Adarkar Wastes", "Underground River",
	"Sulfurous Springs", "Karplusan Forest", "Brushland", "Caves of Koilos",
	"Shivan Reef", "Llanowar Wastes", "Battlefield Forge", "Yavimaya Coast" };
static const char *const bounces[] = { "Azorius Chancery", "Dimir Aqueduct",
	"Rakdos Carnarium", "Gruul Turf", "Selesnya Sanctuary", "Orzhov Basilica",
	"Izzet Boilerworks", "Golgari Rot Farm", "Boros Garrison", "Simic Growth Chamber" };
static const char *const tris[] = { "Mystic Monastery", "Nomad Outpost", "Opulent Palace",
	"Sandsteppe Citadel", "Frontier Bivouac", "Arcane Sanctum", "Crumbling Necropolis",
	"Jungle Shrine", "Savage Lands", "Seaside Citadel" };
static const char *const fives[] = { "City of Brass", "Gemstone Mine" };
static const char *const trons[] = { "Urza's Mine", "Urza's Power Plant", "Urza's Tower" };

#define GROUP(a) { a, sizeof(a) / sizeof(a[0]) }
struct group {
	const char *const *names;
	size_t n;
};
enum { G_BASIC, G_DUAL, G_SHOCK, G_FETCH, G_PAIN, G_BOUNCE, G_TRI, G_FIVE, G_TRON, G_COUNT };
static const struct group groups[G_COUNT] = {
	GROUP(basics), GROUP(duals), GROUP(shocks), GROUP(fetches), GROUP(pains),
	GROUP(bounces), GROUP(tris), GROUP(fives), GROUP(trons),
};
/* Battlefield weights per group; library cards are mostly fetchable. */
static const uint32_t battlefield_weight[G_COUNT] = { 14, 10, 8, 16, 14, 8, 10, 10, 10 };
static const uint32_t library_weight[G_COUNT] = { 25, 20, 30, 4, 6, 4, 5, 4, 2 };

static struct mf_mana_catalogue *cat;

struct board {
	int32_t battlefield[LANDS_MAX];
	int32_t library[LANDS_MAX];
	struct mf_mana_query q;
};

enum cost_style { CONTEST_COSTS, REAL_COSTS };

struct tally {
	uint64_t queries, castable, payable, fetched_shock, fetched_other, tron, failures;
	uint64_t painful_taps;  /* battlefield taps that cost life: pain lands, City of Brass */
	uint64_t life_steps;    /* Phyrexian symbols paid with life in plans */
	uint64_t one_budget;    /* plans paying life both for symbols and for lands */
};

static int32_t land_index(const char *name)
{
	int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

	ck_assert_msg(i >= 0, "catalogue lacks %s", name);
	return i;
}

static int32_t pick(uint64_t *rng, const uint32_t weight[G_COUNT])
{
	uint32_t total = 0, roll;
	int g = 0;

	for (int k = 0; k < G_COUNT; k++)
		total += weight[k];
	roll = below(rng, total);
	while (roll >= weight[g])
		roll -= weight[g++];
	return land_index(groups[g].names[below(rng, (uint32_t)groups[g].n)]);
}

static void board_init(struct board *b)
{
	memset(b, 0, sizeof(*b));
	b->q.cat = cat;
	b->q.battlefield = b->battlefield;
	b->q.library = b->library;
}

/* Colours come mostly from two per query, so that several symbols compete
 * for the same lands (pain and City of Brass life, shocks, scarce fetches). */
static void random_cost(uint64_t *rng, struct mf_mana_cost *cost)
{
	uint32_t symbols = 1 + below(rng, 6);
	uint32_t main_colour[2] = { below(rng, 5), below(rng, 5) };

	memset(cost, 0, sizeof(*cost));
	for (uint32_t s = 0; s < symbols; s++) {
		uint32_t roll = below(rng, 12);

		if (roll < 7)
			cost->need[chance(rng, 70) ? main_colour[below(rng, 2)] : below(rng, 5)]++;
		else if (roll < 9)
			cost->need[MF_MANA_C]++;
		else
			cost->generic += 1 + below(rng, 3);
	}
	if (mf_mana_cost_total(cost) > 8)
		cost->generic = 0;
}

static uint32_t colour_pick(uint64_t *rng, const uint32_t main_colour[2])
{
	return chance(rng, 70) ? main_colour[below(rng, 2)] : below(rng, 5);
}

/* A mask of two colours, mostly the main ones: any of the ten pairs. */
static uint32_t pair_pick(uint64_t *rng, const uint32_t main_colour[2])
{
	uint32_t a = colour_pick(rng, main_colour), b = colour_pick(rng, main_colour);

	if (a == b)
		b = (a + 1 + below(rng, 4)) % 5;
	return 1u << a | 1u << b;
}

/* The most mana the cost asks for ({2/C} as two generic, {X} as x). */
static uint64_t cost_mana(const struct mf_mana_query *q)
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t total = c->generic + (uint64_t)c->x_count * q->x;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		total += c->need[t];
	for (int m = 0; m < 32; m++)
		total += (uint64_t)c->hybrid[m] + c->phyrexian[m];
	for (int col = 0; col < 5; col++)
		total += 2 * (uint64_t)c->twobrid[col];
	return total;
}

/* Real cards' costs: every symbol of issue 10 beside the contest's; an
 * empty draw is {0}. Redrawn while it asks for more than 9 mana. */
static void random_real_cost(uint64_t *rng, struct mf_mana_query *q)
{
	struct mf_mana_cost *cost = &q->cost;

	do {
		uint32_t symbols = below(rng, 7);
		uint32_t main_colour[2] = { below(rng, 5), below(rng, 5) };

		memset(cost, 0, sizeof(*cost));
		for (uint32_t s = 0; s < symbols; s++) {
			uint32_t roll = below(rng, 20);

			if (roll < 4)
				cost->need[colour_pick(rng, main_colour)]++;
			else if (roll < 5)
				cost->need[MF_MANA_C]++;
			else if (roll < 7)
				cost->generic += 1 + below(rng, 3);
			else if (roll < 10)
				cost->hybrid[pair_pick(rng, main_colour)]++;
			else if (roll < 13)
				cost->phyrexian[1u << colour_pick(rng, main_colour)]++;
			else if (roll < 15)
				cost->phyrexian[pair_pick(rng, main_colour)]++;
			else if (roll < 18)
				cost->twobrid[colour_pick(rng, main_colour)]++;
			else
				cost->x_count++;
		}
		q->x = cost->x_count || chance(rng, 10) ? below(rng, 4) : 0;
	} while (cost_mana(q) > 9);
}

/* A few land names drawn with weight; boards then repeat them, as the
 * solver works on kinds with counts. */
static void random_pool(uint64_t *rng, const uint32_t weight[G_COUNT], int32_t pool[3])
{
	for (size_t k = 0; k < 3; k++)
		pool[k] = pick(rng, weight);
}

static void random_board(uint64_t *rng, struct board *b, enum cost_style style)
{
	size_t n_battlefield = 1 + below(rng, 7);
	size_t n_library = below(rng, 6);
	bool repeat = chance(rng, 25);
	int32_t battlefield_pool[3], library_pool[3];
	uint32_t big_generic = 0;  /* Tron makes a lot of mana: ask for it */

	board_init(b);
	random_pool(rng, battlefield_weight, battlefield_pool);
	random_pool(rng, library_weight, library_pool);
	if (chance(rng, 20)) {
		/* Tron, assembled or one piece short, beside other lands. */
		size_t missing = chance(rng, 60) ? 3 : below(rng, 3);

		for (size_t k = 0; k < 3; k++)
			if (k != missing)
				b->battlefield[b->q.n_battlefield++] = land_index(trons[k]);
		n_battlefield = b->q.n_battlefield + below(rng, 4);
		big_generic = chance(rng, 50) ? 1 + below(rng, 8) : 0;
	}
	while (b->q.n_battlefield < n_battlefield)
		b->battlefield[b->q.n_battlefield++] = repeat ?
			battlefield_pool[below(rng, 3)] : pick(rng, battlefield_weight);
	if (chance(rng, 35) && b->q.n_battlefield < 8)
		b->battlefield[b->q.n_battlefield++] =
			land_index(fetches[below(rng, (uint32_t)groups[G_FETCH].n)]);
	if (n_library + b->q.n_battlefield > LANDS_MAX)
		n_library = LANDS_MAX - b->q.n_battlefield;
	while (b->q.n_library < n_library)
		b->library[b->q.n_library++] = repeat ?
			library_pool[below(rng, 3)] : pick(rng, library_weight);
	if (style == CONTEST_COSTS)
		random_cost(rng, &b->q.cost);
	else
		random_real_cost(rng, &b->q);
	b->q.cost.generic += big_generic;
}

__attribute__((format(printf, 4, 5)))
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	*n += (size_t)vsnprintf(buf + (*n < size ? *n : size), *n < size ? size - *n : 0,
				fmt, ap);
	va_end(ap);
}

/* The colours of a hybrid or Phyrexian mask as Scryfall writes them. */
static const char *const mask_text[32] = {
	[1] = "W", [2] = "U", [4] = "B", [8] = "R", [16] = "G",
	[3] = "W/U", [6] = "U/B", [12] = "B/R", [24] = "R/G", [17] = "G/W",
	[5] = "W/B", [10] = "U/R", [20] = "B/G", [9] = "R/W", [18] = "G/U",
};

/* The cost in brace notation, written here rather than by mf_mana_cost_format. */
static void cost_braces(const struct mf_mana_cost *c, char *buf, size_t size)
{
	static const char letters[] = "WUBRGC";
	size_t n = 0;

	buf[0] = '\0';
	for (uint32_t k = 0; k < c->x_count; k++)
		put(buf, size, &n, "{X}");
	if (c->generic)
		put(buf, size, &n, "{%u}", c->generic);
	for (int col = 0; col < 5; col++)
		for (uint32_t k = 0; k < c->twobrid[col]; k++)
			put(buf, size, &n, "{2/%c}", letters[col]);
	for (uint32_t m = 0; m < 32; m++) {
		for (uint32_t k = 0; k < c->hybrid[m]; k++)
			put(buf, size, &n, "{%s}", mask_text[m] ? mask_text[m] : "?");
		for (uint32_t k = 0; k < c->phyrexian[m]; k++)
			put(buf, size, &n, "{%s/P}", mask_text[m] ? mask_text[m] : "?");
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		for (uint32_t k = 0; k < c->need[t]; k++)
			put(buf, size, &n, "{%c}", letters[t]);
	if (!n)
		put(buf, size, &n, "{0}");
}

/* The query in the contest's input format, one test case, for a report;
 * the cost in brace notation and x on a line of its own. */
static void print_query(const struct board *b)
{
	char cost[MF_MANA_COST_TEXT_MAX];

	fprintf(stderr, "1\n\n%zu\n", b->q.n_battlefield);
	for (size_t i = 0; i < b->q.n_battlefield; i++)
		fprintf(stderr, "%s\n", mf_mana_catalogue_land(cat, (size_t)b->battlefield[i])->name);
	fprintf(stderr, "%zu\n", b->q.n_library);
	for (size_t i = 0; i < b->q.n_library; i++)
		fprintf(stderr, "%s\n", mf_mana_catalogue_land(cat, (size_t)b->library[i])->name);
	cost_braces(&b->q.cost, cost, sizeof(cost));
	fprintf(stderr, "%u\n%s\nx = %u\n", b->q.life, cost, b->q.x);
}

static void tally_plan(const struct mf_mana_result *got, struct tally *tally)
{
	uint64_t life_steps = 0, land_life = 0;

	tally->queries++;
	tally->castable += got->castable;
	tally->payable += got->payable;
	for (size_t s = 0; got->castable && s < got->n_plan; s++) {
		const struct mf_mana_step *step = &got->plan[s];

		if (step->land < 0 || (size_t)step->land >= mf_mana_catalogue_size(cat)) {
			life_steps++;
			continue;
		}
		land_life += step->life;
		if (step->from != MF_MANA_FROM_LIBRARY) {
			tally->painful_taps += step->fetch < 0 && step->life;
			continue;
		}
		if (mf_mana_catalogue_land(cat, (size_t)step->land)->shock)
			tally->fetched_shock++;
		else
			tally->fetched_other++;
	}
	tally->life_steps += life_steps;
	tally->one_budget += life_steps && land_life;
}

/* Compares solver and reference on b; on a disagreement writes why (when
 * non-NULL) and returns true. */
static bool disagrees(const struct board *b, const struct mana_brute_result *want,
		      char *why, size_t size, struct tally *tally)
{
	struct mf_mana_result got;
	char reason[256];
	bool bad = true;
	int rc;

	rc = mf_mana_solve(&b->q, &got);
	if (rc != MF_OK) {
		snprintf(why, size, "mf_mana_solve returned %d (%s)", rc, mf_status_str(rc));
		return true;
	}
	if (got.payable != want->payable) {
		snprintf(why, size, "payable: solver %d, reference %d", got.payable, want->payable);
	} else if (got.castable != want->castable) {
		snprintf(why, size, "castable: solver %d, reference %d (reference least life %"
			 PRIu64 ", solver %" PRIu64 ")", got.castable, want->castable,
			 want->min_life, got.min_life_paid);
	} else if (want->payable && got.min_life_paid != want->min_life) {
		snprintf(why, size, "min_life_paid: solver %" PRIu64 ", reference %" PRIu64,
			 got.min_life_paid, want->min_life);
	} else if (!plan_check(&b->q, &got, reason, sizeof(reason))) {
		snprintf(why, size, "plan: %s", reason);
	} else {
		bad = false;
	}
	if (tally)
		tally_plan(&got, tally);
	mf_mana_result_free(&got);
	return bad;
}

/* Solves b with the reference and compares; true on a disagreement. */
static bool check_board(const struct board *b, char *why, size_t size, struct tally *tally)
{
	struct mana_brute_result want;
	bool bad;

	ck_assert_int_eq(mana_brute_solve(&b->q, &want), MF_OK);
	bad = disagrees(b, &want, why, size, tally);
	mana_brute_result_free(&want);
	return bad;
}

/* The counts a shrink may lower: each symbol of the cost, then x. */
#define QUERY_AMOUNTS (1 + MF_MANA_TYPES + 32 + 32 + 5 + 1 + 1)
static uint32_t *query_amount(struct mf_mana_query *q, size_t k)
{
	struct mf_mana_cost *c = &q->cost;

	if (k == 0)
		return &c->generic;
	if (--k < MF_MANA_TYPES)
		return &c->need[k];
	if ((k -= MF_MANA_TYPES) < 32)
		return &c->hybrid[k];
	if ((k -= 32) < 32)
		return &c->phyrexian[k];
	if ((k -= 32) < 5)
		return &c->twobrid[k];
	return k == 5 ? &c->x_count : &q->x;
}

/* Greedily removes lands, cost and life while the query still disagrees. */
static void shrink(struct board *b)
{
	char why[512];
	bool smaller = true;

	while (smaller) {
		struct board t;

		smaller = false;
		for (size_t i = 0; i < b->q.n_battlefield + b->q.n_library && !smaller; i++) {
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			if (i < b->q.n_battlefield) {
				memmove(&t.battlefield[i], &t.battlefield[i + 1],
					(--t.q.n_battlefield - i) * sizeof(int32_t));
			} else {
				size_t j = i - b->q.n_battlefield;

				memmove(&t.library[j], &t.library[j + 1],
					(--t.q.n_library - j) * sizeof(int32_t));
			}
			if (check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
		for (size_t k = 0; k < QUERY_AMOUNTS && !smaller; k++) {
			if (!*query_amount(&b->q, k) || cost_mana(&b->q) == 1)
				continue;
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			(*query_amount(&t.q, k))--;
			if (check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
		/* Life can be a million: try 1, half, then one less. */
		for (int k = 0; k < 3 && !smaller && b->q.life > 1; k++) {
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			t.q.life = k == 0 ? 1 : k == 1 ? b->q.life / 2 : b->q.life - 1;
			if (check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
	}
	b->q.battlefield = b->battlefield;
	b->q.library = b->library;
}

/* Shrinks a copy of b, so that the seed goes on with the board it drew. */
static void report(const struct board *b, uint64_t seed, struct tally *tally)
{
	struct board small = *b;
	char why[512];

	if (++tally->failures > REPORTS_MAX)
		return;
	shrink(&small);
	check_board(&small, why, sizeof(why), NULL);
	fprintf(stderr, "mana-diff seed %" PRIu64 ": DISAGREEMENT: %s\n", seed, why);
	print_query(&small);
}

/* The lives to ask about for one board: random, then the boundary. */
static size_t lives_to_try(uint64_t *rng, const struct mana_brute_result *r, uint32_t lives[4])
{
	size_t n = 0;

	lives[n++] = chance(rng, 90) ? 1 + below(rng, 20) : MF_MANA_LIFE_MAX;
	if (r->payable && r->min_life + 1 <= MF_MANA_LIFE_MAX) {
		lives[n++] = (uint32_t)r->min_life + 1;
		if (r->min_life >= 1)
			lives[n++] = (uint32_t)r->min_life;
	}
	return n;
}

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

/* Runs one seed's boards; returns what they reached. */
static struct tally run_seed(enum cost_style style, uint64_t seed)
{
	struct tally tally = { 0 };
	uint64_t rng = seed;
	char why[512];

	for (size_t n = 0; n < BOARDS_PER_SEED; n++) {
		struct mana_brute_result want;
		struct board b;
		uint32_t lives[4];
		size_t n_lives;

		random_board(&rng, &b, style);
		b.q.life = 20;
		ck_assert_int_eq(mana_brute_solve(&b.q, &want), MF_OK);
		tally.tron += mana_brute_tron_assembled(cat, b.battlefield, b.q.n_battlefield);
		n_lives = lives_to_try(&rng, &want, lives);
		mana_brute_result_free(&want);
		for (size_t k = 0; k < n_lives; k++) {
			b.q.life = lives[k];
			if (check_board(&b, why, sizeof(why), &tally))
				report(&b, seed, &tally);
		}
	}
	fprintf(stderr, "mana-diff %s seed %" PRIu64 ": %" PRIu64 " queries, %" PRIu64
		" castable, %" PRIu64 " payable, %" PRIu64 " boards with Tron, %" PRIu64
		" fetched shock and %" PRIu64 " other fetched lands and %" PRIu64
		" painful taps and %" PRIu64 " Phyrexian life payments in plans, %" PRIu64
		" plans paying life for both, %" PRIu64 " disagreements\n",
		style == CONTEST_COSTS ? "contest" : "real", seed, tally.queries,
		tally.castable, tally.payable, tally.tron, tally.fetched_shock,
		tally.fetched_other, tally.painful_taps, tally.life_steps, tally.one_budget,
		tally.failures);
	ck_assert_msg(tally.failures == 0, "seed %" PRIu64 ": %" PRIu64
		      " disagreements (the first shrunk ones printed above)", seed, tally.failures);
	/* The generator must keep reaching the cases the issue asks for. */
	ck_assert_uint_ge(tally.queries, 2500);
	ck_assert_uint_gt(tally.castable, tally.queries / 5);
	ck_assert_uint_lt(tally.castable, tally.queries * 4 / 5);
	ck_assert_uint_gt(tally.fetched_shock, 20);
	ck_assert_uint_gt(tally.fetched_other, 20);
	ck_assert_uint_gt(tally.tron, 50);
	ck_assert_uint_gt(tally.painful_taps, 100);
	return tally;
}

START_TEST(test_contest_costs)
{
	run_seed(CONTEST_COSTS, 0x6d616e61u + (uint64_t)_i * 1000003u);
}
END_TEST

START_TEST(test_real_costs)
{
	struct tally tally = run_seed(REAL_COSTS, 0x636f7374u + (uint64_t)_i * 1000033u);

	ck_assert_uint_gt(tally.life_steps, 100);
	ck_assert_uint_gt(tally.one_budget, 20);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mana-diff");
	TCase *tc = tcase_create("random");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_contest_costs, 0, SEEDS);
	suite_add_tcase(s, tc);
	tc = tcase_create("real-costs");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_real_costs, 0, SEEDS);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
