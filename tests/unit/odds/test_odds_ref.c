/*
 * The odds solver against its independent reference (tests/reference/odds_brute).
 *
 * "sanity": the reference alone against figures computed outside this
 * project: Karsten's 2022 model (60 cards, 25 lands, K Mountains and the rest
 * Wastes, on the play) and the Paris 2013 table's source counts (60 cards,
 * 24 lands); and a few facts of the model that follow by hand.
 *
 * "diff": mf_odds_compute (MF_ODDS_EXACT) and odds_brute on random small
 * queries with fixed seeds: decks of 40-60 cards (one in eight of 99-100, for
 * karsten2022's rules for such decks), 1-4 lands of the built-in
 * catalogue (basics, duals, shocks, fetches, basic-land fetches, pain lands,
 * City of Brass, Ancient Tomb, bounce lands ...), costs from a list, turns
 * 1-4, every policy (custom with random ranges, London or Paris), on the
 * play or the draw, life 1-20. The three probabilities must agree within
 * 1e-9, and lands_needed exactly; a disagreement prints the query in full.
 *
 * Built with -DODDS_REF_NO_SOLVER, only "sanity" is compiled: the reference
 * then needs nothing of src/odds.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_brute.h"
#include "../../splitmix64.h"

/* Overridable for longer runs by hand (-DSEEDS=.. -DQUERIES_PER_SEED=..). */
#ifndef SEEDS
#define SEEDS 4
#endif
#ifndef QUERIES_PER_SEED
#define QUERIES_PER_SEED 100
#endif

#define SANITY_TOLERANCE 5e-5
#define DIFF_TOLERANCE 1e-9

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

#ifndef ODDS_REF_NO_SOLVER

static uint32_t below(uint64_t *rng, uint32_t n)
{
	return (uint32_t)(splitmix64(rng) % n);
}

static const char *const land_names[] = {
	"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Mountain",
	"Tundra", "Volcanic Island", "Badlands", "Plateau",
	"Steam Vents", "Blood Crypt", "Sacred Foundry", "Hallowed Fountain",
	"Scalding Tarn", "Bloodstained Mire", "Flooded Strand", "Wooded Foothills",
	"Evolving Wilds", "Prismatic Vista", "Fabled Passage",
	"Shivan Reef", "Battlefield Forge", "Adarkar Wastes",
	"City of Brass", "Mana Confluence", "Ancient Tomb",
	"Izzet Boilerworks", "Boros Garrison", "Azorius Chancery",
	"Sulfur Falls", "Temple of Epiphany",
};

static const char *const costs[] = {
	"{R}", "{R}{R}", "{1}{R}{R}", "{2}{R}{R}", "{U}{R}", "{1}{U}{R}", "{W}{U}",
	"{W/U}", "{1}{W/U}{W/U}", "{2/R}", "{2/R}{2/R}", "{R/P}", "{1}{R/P}", "{G/U/P}",
	"{C}", "{C}{C}", "{2}", "{X}", "{X}{R}", "{X}{U}{R}", "{U}{U}{U}", "{W}{U}{R}",
	"{1}{R}", "{B/P}{R}", "{U/R}{U/R}",
};

/* Writes q in full: every field that could matter. */
static void query_print(const struct mf_odds_query *q, char *buf, size_t size)
{
	char cost[256];
	size_t at;

	mf_mana_cost_format(&q->cost, cost, sizeof(cost));
	at = (size_t)snprintf(buf, size,
			      "size %u, cost %s x %u, turn %u, %s, life %u, policy %s "
			      "(custom lo %u %u %u %u hi %u %u %u %u london %d), lands:",
			      q->size, cost, q->x, q->turn, q->on_draw ? "draw" : "play", q->life,
			      mf_odds_policy_name(q->policy), q->custom.keep_lo[0],
			      q->custom.keep_lo[1], q->custom.keep_lo[2], q->custom.keep_lo[3],
			      q->custom.keep_hi[0], q->custom.keep_hi[1], q->custom.keep_hi[2],
			      q->custom.keep_hi[3], q->custom.london);
	for (size_t i = 0; i < q->n_lands && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, " %u %s;", q->counts[i],
				       mf_mana_catalogue_land(q->cat, (size_t)q->lands[i])->name);
}

/* Whether the land makes (or fetches a basic land type of) a colour of the
 * cost, so that most random decks can cast their spell sometimes. */
static bool helps(int32_t index, const struct mf_mana_cost *c)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)index);
	unsigned want = 0, makes = l->fetch_types;

	for (int t = 0; t < 5; t++)
		if (c->need[t] || c->twobrid[t])
			want |= 1u << t;
	for (unsigned m = 0; m < 32; m++)
		if (c->hybrid[m] || c->phyrexian[m])
			want |= m;
	if (makes & MF_MANA_FETCH_BASIC)
		makes = 0x1f;
	for (size_t o = 0; o < l->n_options; o++)
		for (int t = 0; t < 5; t++)
			if (l->options[o].mana[t])
				makes |= 1u << t;
	return !want || (makes & want);
}

static void random_query(uint64_t *rng, struct mf_odds_query *q, int32_t *idx, uint32_t *counts)
{
	size_t n = 1 + below(rng, 4);
	uint32_t lands = 14 + below(rng, 13);

	*q = (struct mf_odds_query){ .cat = cat, .size = 40 + below(rng, 21), .lands = idx,
				     .counts = counts, .n_lands = n, .turn = 1 + below(rng, 4),
				     .on_draw = below(rng, 2), .life = 1 + below(rng, 20),
				     .policy = (enum mf_odds_policy)below(rng, MF_ODDS_POLICY_COUNT),
				     .method = MF_ODDS_EXACT };
	q->cost = cost_of(costs[below(rng, sizeof(costs) / sizeof(costs[0]))]);
	if (q->cost.x_count)
		q->x = below(rng, 4);
	/* Mostly a turn on which the spell's mana value fits, as Karsten asks. */
	if (below(rng, 4) != 0) {
		const struct mf_mana_cost *c = &q->cost;
		uint32_t mv = c->generic + c->x_count * q->x;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			mv += c->need[t] + (t < 5 ? 2 * c->twobrid[t] : 0);
		for (int m = 0; m < 32; m++)
			mv += c->hybrid[m] + c->phyrexian[m];
		if (q->turn < mv)
			q->turn = mv < 4 ? mv : 4;
	}
	/* Mostly lands that help the cost; a quarter of the picks any land. */
	for (size_t i = 0; i < n; i++) {
		bool again;

		do {
			idx[i] = land(land_names[below(rng, sizeof(land_names) /
							 sizeof(land_names[0]))]);
			again = !helps(idx[i], &q->cost) && below(rng, 4) != 0;
			for (size_t j = 0; j < i; j++)
				again |= idx[j] == idx[i];
		} while (again);
		counts[i] = 1;
	}
	for (uint32_t extra = (uint32_t)n; extra < lands; extra++)
		counts[below(rng, (uint32_t)n)]++;
	/* Now and then a 99-card deck, for karsten2022's free 7 and draw on turn 1. */
	if (below(rng, 8) == 0) {
		q->size = 99 + below(rng, 2);
		for (uint32_t extra = 0, more = 18 + below(rng, 9); extra < more; extra++)
			counts[below(rng, (uint32_t)n)]++;
	}
	for (int i = 0; i < 4; i++) {
		uint32_t a = below(rng, 8 - (uint32_t)i), b = below(rng, 8 - (uint32_t)i);

		q->custom.keep_lo[i] = (uint8_t)(a < b ? a : b);
		q->custom.keep_hi[i] = (uint8_t)(a < b ? b : a);
	}
	q->custom.london = below(rng, 2);
}

START_TEST(test_diff)
{
	/* Each seed's stream starts at a hash of it: splitmix64 streams from
	 * nearby states would repeat each other's queries. */
	uint64_t seed = 0x6f646473u + (uint64_t)_i, rng = splitmix64(&seed);

	for (int n = 0; n < QUERIES_PER_SEED; n++) {
		int32_t idx[4];
		uint32_t counts[4];
		struct mf_odds_query q;
		struct mf_odds_result got;
		struct odds_brute_result want;
		char text[1024];
		int rc;

		random_query(&rng, &q, idx, counts);
		query_print(&q, text, sizeof(text));
		rc = odds_brute_compute(&q, &want);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: reference %s: %s", _i, n,
			      mf_status_str(rc), text);
		rc = mf_odds_compute(&q, &got);
		ck_assert_msg(rc == MF_OK, "seed %d query %d: solver %s: %s", _i, n,
			      mf_status_str(rc), text);
		ck_assert_msg(got.method == MF_ODDS_EXACT, "seed %d query %d: not exact: %s", _i, n,
			      text);
		ck_assert_msg(got.lands_needed == want.lands_needed &&
			      fabs(got.p_lands - want.p_lands) <= DIFF_TOLERANCE &&
			      fabs(got.p_castable - want.p_castable) <= DIFF_TOLERANCE &&
			      fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
				      DIFF_TOLERANCE &&
			      got.given_defined == (want.p_lands > 0),
			      "seed %d query %d: %s\n  solver    needed %u lands %.12f castable %.12f "
			      "given %.12f (defined %d)\n  reference needed %u lands %.12f castable "
			      "%.12f given %.12f",
			      _i, n, text, got.lands_needed, got.p_lands, got.p_castable,
			      got.p_castable_given_lands, got.given_defined, want.lands_needed,
			      want.p_lands, want.p_castable, want.p_castable_given_lands);
	}
}
END_TEST

#endif

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
#ifndef ODDS_REF_NO_SOLVER
	tc = tcase_create("diff");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_diff, 0, SEEDS);
	suite_add_tcase(s, tc);
#endif
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
