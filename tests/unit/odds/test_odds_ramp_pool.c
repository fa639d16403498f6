/*
 * "engine-hall": a pool paying a cost in the turns of a deck with sources
 * (src/odds/ramp_pool.c), against a search written here. The engine reads
 * a cost once into its ways (each way to pay its Phyrexian and {2/C}
 * symbols) and checks Hall's condition of a way on a few sets of mana
 * types only, those no other set's condition implies. Here each symbol is
 * given a mana of the pool, or 2 life, one by one, every way, and the
 * least life found must be mf_odds_ramp_pays()'s, on random costs of every
 * kind of symbol and random pools, from fixed seeds.
 */
#include <check.h>
#include <string.h>

#include "common/random.h"
#include "manaflow/mana.h"
#include "odds/ramp_int.h"
#include "test_odds_ramp_ref.h"

#define HALL_COSTS 400
#define HALL_POOLS 40

/* One symbol of a cost: the types that pay it (bit t), whether 2 life may
 * pay it instead (Phyrexian), and whether two mana of any types may
 * instead ({2/C}). */
struct symbol {
	unsigned types;
	bool life, two;
};

/* The least life with which mana pays symbols s[i ..] and then `generic`
 * more of any types, or UINT32_MAX. */
static uint32_t least_life(const struct symbol *s, size_t i, size_t n, unsigned *mana,
			   uint32_t generic)
{
	uint32_t best = UINT32_MAX, left = 0;

	if (i == n) {
		for (int t = 0; t < MF_MANA_TYPES; t++)
			left += mana[t];
		return left >= generic ? 0 : UINT32_MAX;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint32_t got;

		if (!(s[i].types >> t & 1) || !mana[t])
			continue;
		mana[t]--;
		got = least_life(s, i + 1, n, mana, generic);
		mana[t]++;
		best = got < best ? got : best;
	}
	if (s[i].two) {
		uint32_t got = least_life(s, i + 1, n, mana, generic + 2);

		best = got < best ? got : best;
	}
	if (s[i].life) {
		uint32_t got = least_life(s, i + 1, n, mana, generic);

		if (got != UINT32_MAX && got + 2 < best)
			best = got + 2;
	}
	return best;
}

/* cost's symbols but the generic ones into s; how many. */
static size_t symbols_of(const struct mf_mana_cost *cost, struct symbol *s)
{
	size_t n = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		for (uint32_t j = 0; j < cost->need[t]; j++)
			s[n++] = (struct symbol){ .types = 1u << t };
	for (unsigned m = 1; m < 32; m++) {
		for (uint32_t j = 0; j < cost->hybrid[m]; j++)
			s[n++] = (struct symbol){ .types = m };
		for (uint32_t j = 0; j < cost->phyrexian[m]; j++)
			s[n++] = (struct symbol){ .types = m, .life = true };
	}
	for (int t = 0; t < 5; t++)
		for (uint32_t j = 0; j < cost->twobrid[t]; j++)
			s[n++] = (struct symbol){ .types = 1u << t, .two = true };
	return n;
}

/* A random cost of up to six symbols of every kind, as Scryfall writes it. */
static void random_cost(uint64_t *rng, char *text, size_t size)
{
	static const char *const kinds[] = {
		"{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{B/G}", "{R/W}",
		"{U/P}", "{G/P}", "{G/U/P}", "{2/W}", "{2/B}", "{W}{W}", "{U/R}"
	};
	size_t n = 1 + mf_splitmix64(rng) % 6;

	text[0] = '\0';
	for (size_t i = 0; i < n; i++)
		strncat(text, kinds[mf_splitmix64(rng) % (sizeof(kinds) / sizeof(kinds[0]))],
			size - strlen(text) - 1);
}

START_TEST(test_engine_hall)
{
	uint64_t rng = 0x68616c6cu + (uint64_t)_i;
	unsigned paid = 0, unpaid = 0, by_life = 0;

	for (int c = 0; c < HALL_COSTS; c++) {
		struct mf_mana_cost cost;
		struct ramp_cost ways;
		struct symbol s[32];
		size_t n;
		char text[128];

		random_cost(&rng, text, sizeof(text));
		cost = ramp_cost(text);
		ck_assert_int_eq(mf_odds_ramp_cost(&cost, 0, &ways), MF_OK);
		n = symbols_of(&cost, s);
		for (int p = 0; p < HALL_POOLS; p++) {
			struct ramp_pool pool;
			unsigned mana[MF_MANA_TYPES];
			uint32_t want, got;

			for (int t = 0; t < MF_MANA_TYPES; t++) {
				mana[t] = (unsigned)(mf_splitmix64(&rng) % 4 == 0 ? 0 : mf_splitmix64(&rng) % 3);
				pool.mana[t] = (uint8_t)mana[t];
			}
			want = least_life(s, 0, n, mana, cost.generic);
			got = mf_odds_ramp_pays(&ways, &pool);
			ck_assert_msg(got == want, "seed %d: %s from W%u U%u B%u R%u G%u C%u: life %u, "
				      "the search's %u", _i, text, mana[0], mana[1], mana[2], mana[3],
				      mana[4], mana[5], got, want);
			paid += want != UINT32_MAX;
			unpaid += want == UINT32_MAX;
			by_life += want != UINT32_MAX && want > 0;
		}
		mf_odds_ramp_cost_free(&ways);
	}
	/* the cases reach every answer */
	ck_assert_uint_gt(paid, HALL_COSTS);
	ck_assert_uint_gt(unpaid, HALL_COSTS);
	ck_assert_uint_gt(by_life, HALL_COSTS / 10);
}
END_TEST

void ramp_add_pool_tcases(Suite *s)
{
	TCase *tc = tcase_create("engine-hall");

	tcase_add_loop_test(tc, test_engine_hall, 0, 3);
	suite_add_tcase(s, tc);
}
