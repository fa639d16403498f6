/*
 * The odds solver's land-drop model against its independent reference
 * (tests/reference/odds_play).
 *
 * "facts": figures that follow by hand (hypergeometric sums computed here),
 * single games whose answer is plain, the London bottoming rule's example,
 * and "basics only: the new model is the old one" (odds_brute, Karsten's
 * 2022 figures). Deck figures are asked of the reference (exact) and of
 * mf_odds_compute (MF_ODDS_EXACT).
 *
 * The random differential tcases, "exact-diff" and "sample-diff", are in
 * test_odds_play_diff.c, "mdfc" in test_odds_mdfc.c; main runs them after
 * these.
 */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_brute.h"
#include "../../reference/odds_play.h"
#include "test_odds_play.h"

#define NO_DRAW (-1)

struct mf_mana_catalogue *play_cat;

/* Every test's catalogue: the built-in one and the MDFC faces (see
 * test_odds_play.h). */
void play_setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&play_cat, &err), MF_OK);
	play_add_mdfc_lands(&play_cat);
}

/* Frees the catalogue of play_setup(). */
void play_teardown(void)
{
	mf_mana_catalogue_free(play_cat);
	play_cat = NULL;
}

/* The catalogue index of the land called name; fails the test if none. */
static int32_t land(const char *name)
{
	int32_t i = mf_mana_catalogue_find(play_cat, name, strlen(name));

	ck_assert_msg(i >= 0, "no land %s in the built-in catalogue", name);
	return i;
}

/* The parsed cost; fails the test if it does not parse. */
static struct mf_mana_cost cost_of(const char *text)
{
	struct mf_mana_cost cost;
	struct mf_mana_parse_error err;

	ck_assert_msg(mf_mana_cost_parse(text, strlen(text), &cost, &err) == MF_OK,
		      "cost %s: %s", text, err.reason);
	return cost;
}

/* The binomial coefficient C(n, k), 0 when k > n. */
static long double choose(uint32_t n, uint32_t k)
{
	long double r = 1;

	if (k > n)
		return 0;
	for (uint32_t i = 0; i < k; i++)
		r = r * (long double)(n - i) / (long double)(i + 1);
	return r;
}

/* P(exactly k of `of` marked cards among the first m of a shuffled deck of n). */
static double hyper(uint32_t n, uint32_t of, uint32_t m, uint32_t k)
{
	return (double)(choose(of, k) * choose(n - of, m - k) / choose(n, m));
}

/* P(at least k of `of` marked cards among the first m of n). */
static double hyper_at_least(uint32_t n, uint32_t of, uint32_t m, uint32_t k)
{
	double p = 0;

	for (uint32_t i = k; i <= m && i <= of; i++)
		p += hyper(n, of, m, i);
	return p;
}

/* ------------------------------------------------------------------ */
/* Decks by name                                                       */

#define DECK_KINDS 4

/* A deck of up to DECK_KINDS named lands, asked as a query. */
struct deck {
	int32_t idx[DECK_KINDS];
	uint32_t counts[DECK_KINDS];
	struct mf_odds_query q;
};

/* 60 cards, policy none, on the play, life 20, exact; lands by name and
 * count (a uint32_t), ending with NULL. */
static void deck_make(struct deck *d, const char *cost, uint32_t turn, const char *name, ...)
{
	va_list ap;
	size_t n = 0;

	va_start(ap, name);
	for (; name && n < DECK_KINDS; name = va_arg(ap, const char *), n++) {
		d->idx[n] = land(name);
		d->counts[n] = va_arg(ap, uint32_t);
	}
	va_end(ap);
	d->q = (struct mf_odds_query){ .cat = play_cat, .size = 60, .lands = d->idx,
				       .counts = d->counts, .n_lands = n, .cost = cost_of(cost),
				       .turn = turn, .life = 20, .policy = MF_ODDS_NONE,
				       .method = MF_ODDS_EXACT };
}

/* The reference's exact answer. */
static struct odds_play_result ref_exact(const struct mf_odds_query *q)
{
	struct odds_play_result r;
	int rc = odds_play_exact(q, &r);

	ck_assert_msg(rc == MF_OK, "odds_play_exact: %s", mf_status_str(rc));
	return r;
}

/* The engine's answer by q's method. */
static struct mf_odds_result engine(const struct mf_odds_query *q)
{
	struct mf_odds_result r;
	int rc = mf_odds_compute(q, &r);

	ck_assert_msg(rc == MF_OK, "mf_odds_compute: %s", mf_status_str(rc));
	return r;
}

/* p_castable of d, reference and engine (exact), both within TOLERANCE of want. */
static void castable_is(const struct deck *d, double want, const char *what)
{
	struct odds_play_result r = ref_exact(&d->q);
	struct mf_odds_result e = engine(&d->q);

	ck_assert_msg(fabs(r.p_castable - want) <= TOLERANCE,
		      "%s: reference %.12f, expected %.12f", what, r.p_castable, want);
	ck_assert_msg(fabs(e.p_castable - want) <= TOLERANCE,
		      "%s: engine %.12f, expected %.12f (reference %.12f)", what, e.p_castable,
		      want, r.p_castable);
}

/* The reference and the engine (exact) agree on d, all three figures. */
static void agree(const struct deck *d, const char *what)
{
	struct odds_play_result r = ref_exact(&d->q);
	struct mf_odds_result e = engine(&d->q);

	ck_assert_msg(fabs(r.p_lands - e.p_lands) <= TOLERANCE &&
		      fabs(r.p_castable - e.p_castable) <= TOLERANCE &&
		      fabs(r.p_castable_given_lands - e.p_castable_given_lands) <= TOLERANCE,
		      "%s: reference lands %.12f castable %.12f given %.12f, engine %.12f %.12f "
		      "%.12f", what, r.p_lands, r.p_castable, r.p_castable_given_lands,
		      e.p_lands, e.p_castable, e.p_castable_given_lands);
}

/* One game of d on d->q.turn: hand lands by kind, then the kind drawn on
 * turns 1..turn (NO_DRAW for a spell). Returns the reference's answer. */
static bool game(const struct deck *d, const uint32_t *hand, const int32_t *drawn)
{
	struct odds_play_game g;
	bool out;
	int rc;

	memset(&g, 0, sizeof(g));
	for (size_t k = 0; k < d->q.n_lands; k++)
		g.hand[k] = hand[k];
	for (uint32_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
		g.drawn[t] = t >= 1 && t <= d->q.turn ? drawn[t - 1] : NO_DRAW;
	rc = odds_play_castable(&d->q, &g, &out);
	ck_assert_msg(rc == MF_OK, "odds_play_castable: %s", mf_status_str(rc));
	return out;
}

/* ------------------------------------------------------------------ */
/* Facts: decks                                                        */

START_TEST(test_triome)
{
	struct deck d;

	deck_make(&d, "{U}", 1, "Raugrin Triome", 24u, NULL);
	castable_is(&d, 0, "24 triomes, {U} on turn 1");
	/* Two triomes played on turns 1 and 2 pay on 3: two lands in 8 cards. */
	deck_make(&d, "{U}{U}", 3, "Raugrin Triome", 24u, NULL);
	castable_is(&d, hyper_at_least(60, 24, 8, 2), "24 triomes, {U}{U} on turn 3");
}
END_TEST

START_TEST(test_bounce)
{
	struct deck d;

	deck_make(&d, "{1}{G}{U}", 2, "Simic Growth Chamber", 4u, "Forest", 10u, "Island", 10u,
		  NULL);
	castable_is(&d, 0, "bounce lands, {1}{G}{U} on turn 2");
}
END_TEST

START_TEST(test_evolving_wilds)
{
	struct deck d;
	double p;

	deck_make(&d, "{U}", 1, "Evolving Wilds", 12u, "Island", 12u, NULL);
	castable_is(&d, 1 - hyper(60, 12, 7, 0), "Wilds, {U} on turn 1");
	/* Two lands in 8 cards, or one and an Island as the 9th card (11.5
	 * Islands left of 52 cards on average: the one land is either). */
	deck_make(&d, "{U}{U}", 3, "Evolving Wilds", 12u, "Island", 12u, NULL);
	p = hyper_at_least(60, 24, 8, 2) + hyper(60, 24, 8, 1) * 11.5 / 52;
	castable_is(&d, p, "Wilds, {U}{U} on turn 3");
	ck_assert(fabs(p - 0.927) < 0.001);
}
END_TEST

START_TEST(test_check_slow_turn_1)
{
	struct deck d;

	deck_make(&d, "{B}", 1, "Woodland Cemetery", 4u, "Deathcap Glade", 4u, "Swamp", 8u,
		  "Forest", 8u, NULL);
	castable_is(&d, 1 - hyper(60, 8, 7, 0), "check and slow lands, {B} on turn 1");
	ck_assert(fabs(1 - hyper(60, 8, 7, 0) - 0.654) < 0.001);
}
END_TEST

START_TEST(test_pathway)
{
	struct deck d;

	deck_make(&d, "{R}", 1, "Riverglide Pathway // Lavaglide Pathway", 24u, NULL);
	castable_is(&d, 1 - hyper(60, 24, 7, 0), "double-faced pathways, {R} on turn 1");
	ck_assert(fabs(1 - hyper(60, 24, 7, 0) - 0.978) < 0.001);
}
END_TEST

START_TEST(test_fast_fourth)
{
	struct deck d;
	double p;

	/* The fourth fast land has three others: tapped, so {4} never. */
	deck_make(&d, "{4}", 4, "Spirebluff Canal", 24u, NULL);
	castable_is(&d, 0, "24 fast lands, {4} on turn 4");
	/* {3}: three lands by turn 3, or two and a land as the 10th card. */
	deck_make(&d, "{3}", 4, "Spirebluff Canal", 24u, NULL);
	p = hyper_at_least(60, 24, 9, 3) + hyper(60, 24, 9, 2) * 22 / 51;
	castable_is(&d, p, "24 fast lands, {3} on turn 4");
}
END_TEST

/* "If you control two or more other lands, it enters tapped": untapped as
 * the first or second land only (issue 35: it was played as tapped). */
START_TEST(test_few_lands)
{
	struct deck d;

	deck_make(&d, "{B}", 1, "Hive of the Eye Tyrant", 24u, NULL);
	castable_is(&d, hyper_at_least(60, 24, 7, 1), "24 Hives, {B} on turn 1");
	ck_assert(hyper_at_least(60, 24, 7, 1) > 0.95);
	/* the third is tapped on turn 3: {2} with two lands, {3} never */
	deck_make(&d, "{2}", 3, "Hive of the Eye Tyrant", 24u, NULL);
	castable_is(&d, hyper_at_least(60, 24, 9, 2), "24 Hives, {2} on turn 3");
	deck_make(&d, "{3}", 3, "Hive of the Eye Tyrant", 24u, NULL);
	castable_is(&d, 0, "24 Hives, {3} on turn 3");
	/* beside fast lands (at most two others) and Urborg, a Swamp itself */
	deck_make(&d, "{1}{B}{B}", 3, "Hive of the Eye Tyrant", 8u, "Spirebluff Canal", 8u,
		  "Urborg, Tomb of Yawgmoth", 4u, "Swamp", 4u, NULL);
	agree(&d, "Hives, fast lands, Urborg and Swamps");
}
END_TEST

START_TEST(test_passage_fourth)
{
	struct deck passage, wastes, wilds;
	struct odds_play_result a, b, c;
	struct odds_brute_result old;

	/* Fabled Passage as the fourth land finds a Wastes untapped, so it is as
	 * good as a Wastes for {4} on turn 4; Evolving Wilds is not. */
	deck_make(&passage, "{4}", 4, "Fabled Passage", 12u, "Wastes", 12u, NULL);
	deck_make(&wastes, "{4}", 4, "Wastes", 24u, NULL);
	deck_make(&wilds, "{4}", 4, "Evolving Wilds", 12u, "Wastes", 12u, NULL);
	a = ref_exact(&passage.q);
	b = ref_exact(&wastes.q);
	c = ref_exact(&wilds.q);
	ck_assert_msg(fabs(a.p_castable - b.p_castable) <= TOLERANCE, "%.12f vs %.12f",
		      a.p_castable, b.p_castable);
	ck_assert_msg(c.p_castable < b.p_castable - 0.01, "%.12f vs %.12f", c.p_castable,
		      b.p_castable);
	/* Basic lands only: the old model's figure. */
	ck_assert_int_eq(odds_brute_compute(&wastes.q, &old), MF_OK);
	ck_assert_msg(fabs(old.p_castable - b.p_castable) <= TOLERANCE, "%.12f vs old %.12f",
		      b.p_castable, old.p_castable);
	castable_is(&passage, b.p_castable, "Fabled Passage and Wastes, {4} on turn 4");
	castable_is(&wastes, b.p_castable, "24 Wastes, {4} on turn 4");
	castable_is(&wilds, c.p_castable, "Evolving Wilds and Wastes, {4} on turn 4");
}
END_TEST

START_TEST(test_check_by_fetch)
{
	struct deck d;

	deck_make(&d, "{W}{U}", 2, "Glacial Fortress", 8u, "Flooded Strand", 8u, "Island", 2u,
		  "Plains", 2u, NULL);
	agree(&d, "check lands and fetches, {W}{U} on turn 2");
	d.q.turn = 3;
	d.q.cost = cost_of("{1}{W}{U}");
	agree(&d, "check lands and fetches, {1}{W}{U} on turn 3");
	d.q.life = 2;
	agree(&d, "check lands and fetches, {1}{W}{U} on turn 3, life 2");
}
END_TEST

/* With only basic lands the new model is the old one: Karsten's figures (60
 * cards, 25 lands, K Mountains and the rest Wastes, karsten2022) and
 * odds_brute on a few decks. */
START_TEST(test_basics_old_model)
{
	static const struct {
		const char *cost;
		uint32_t turn, mountains;
		double given;
	} karsten[] = {
		{ "{R}", 1, 14, 0.9129 }, { "{R}", 1, 15, 0.9325 }, { "{1}{R}{R}", 3, 19, 0.9482 },
		{ "{1}{R}{R}", 3, 18, 0.9249 }, { "{2}{R}{R}", 4, 18, 0.9742 },
	};
	static const char *const costs[] = { "{R}", "{R}{R}", "{1}{U}{R}", "{U}{U}{R}",
					     "{2}{R}" };

	for (size_t i = 0; i < sizeof(karsten) / sizeof(karsten[0]); i++) {
		struct deck d;
		struct odds_play_result r;

		deck_make(&d, karsten[i].cost, karsten[i].turn, "Mountain", karsten[i].mountains,
			  "Wastes", 25 - karsten[i].mountains, NULL);
		d.q.policy = MF_ODDS_KARSTEN2022;
		r = ref_exact(&d.q);
		ck_assert_msg(fabs(r.p_castable_given_lands - karsten[i].given) <= 5e-5,
			      "%s turn %u, %u Mountains: %.6f, Karsten %.4f", karsten[i].cost,
			      karsten[i].turn, karsten[i].mountains, r.p_castable_given_lands,
			      karsten[i].given);
	}
	for (int policy = 0; policy < MF_ODDS_POLICY_COUNT; policy++) {
		for (size_t c = 0; c < sizeof(costs) / sizeof(costs[0]); c++) {
			struct deck d;
			struct odds_play_result r;
			struct odds_brute_result old;

			/* Several colours only without bottoming: the old rule differs. */
			if (policy == MF_ODDS_NONE || policy == MF_ODDS_PARIS2013)
				deck_make(&d, costs[c], 1 + (uint32_t)c % 4, "Mountain", 10u,
					  "Island", 8u, "Wastes", 5u, NULL);
			else
				deck_make(&d, costs[c], 1 + (uint32_t)c % 4, "Mountain", 16u,
					  "Wastes", 8u, NULL);
			d.q.policy = (enum mf_odds_policy)policy;
			d.q.custom = (struct mf_odds_custom){ { 1, 2, 1, 0 }, { 6, 4, 4, 4 }, true };
			d.q.on_draw = c % 2;
			r = ref_exact(&d.q);
			ck_assert_int_eq(odds_brute_compute(&d.q, &old), MF_OK);
			ck_assert_msg(fabs(r.p_lands - old.p_lands) <= TOLERANCE &&
				      fabs(r.p_castable - old.p_castable) <= TOLERANCE &&
				      fabs(r.p_castable_given_lands -
					   old.p_castable_given_lands) <= TOLERANCE,
				      "%s %s: new %.12f %.12f, old %.12f %.12f",
				      mf_odds_policy_name(d.q.policy), costs[c], r.p_lands,
				      r.p_castable, old.p_lands, old.p_castable);
			agree(&d, "basic lands");
		}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Facts: single games                                                 */

START_TEST(test_games_fast_passage)
{
	struct deck d;
	const uint32_t three[DECK_KINDS] = { 3 }, all[DECK_KINDS] = { 3, 1 };
	const uint32_t two[DECK_KINDS] = { 2 };
	const int32_t fourth[4] = { NO_DRAW, NO_DRAW, NO_DRAW, 1 };
	const int32_t third[4] = { NO_DRAW, NO_DRAW, 1, NO_DRAW };
	const int32_t none[4] = { NO_DRAW, NO_DRAW, NO_DRAW, NO_DRAW };

	/* A fast land drawn on turn 4 after three Mountains: tapped. */
	deck_make(&d, "{U}{R}{R}{R}", 4, "Mountain", 20u, "Spirebluff Canal", 4u, NULL);
	ck_assert(!game(&d, three, fourth));
	ck_assert(game(&d, all, none));  /* played earlier, it is untapped by then */
	d.q.turn = 3;
	d.q.cost = cost_of("{U}{R}{R}");
	ck_assert(game(&d, two, third));  /* the third land: two others, untapped */

	/* Fabled Passage as the fourth land finds an Island untapped; as the
	 * third it stays tapped; Evolving Wilds always does. */
	deck_make(&d, "{W}{W}{W}{U}", 4, "Plains", 12u, "Fabled Passage", 4u, "Island", 8u, NULL);
	ck_assert(game(&d, three, fourth));
	d.q.turn = 3;
	d.q.cost = cost_of("{W}{W}{U}");
	ck_assert(!game(&d, two, third));
	deck_make(&d, "{W}{W}{W}{U}", 4, "Plains", 12u, "Evolving Wilds", 4u, "Island", 8u, NULL);
	ck_assert(!game(&d, three, fourth));
}
END_TEST

START_TEST(test_games_fetch_check_shock)
{
	struct deck d;
	const uint32_t strand_fortress[DECK_KINDS] = { 1, 1 }, tarn[DECK_KINDS] = { 1 };
	const uint32_t vents[DECK_KINDS] = { 0, 1 };
	const int32_t none[4] = { NO_DRAW, NO_DRAW, NO_DRAW, NO_DRAW };

	/* Strand finds an Island on turn 1, so Glacial Fortress enters untapped
	 * on turn 2; with life 1 nothing can be fetched. */
	deck_make(&d, "{W}{U}", 2, "Flooded Strand", 4u, "Glacial Fortress", 4u, "Island", 8u,
		  NULL);
	ck_assert(game(&d, strand_fortress, none));
	d.q.life = 1;
	ck_assert(!game(&d, strand_fortress, none));

	/* A fetch on turn T finding a shock land: 1 + 2 life. */
	deck_make(&d, "{U}", 1, "Scalding Tarn", 4u, "Steam Vents", 4u, NULL);
	d.q.life = 4;
	ck_assert(game(&d, tarn, none));
	d.q.life = 3;
	ck_assert(!game(&d, tarn, none));
	/* A shock land on turn T costs 2 life, before T nothing. */
	ck_assert(game(&d, vents, none));
	d.q.life = 2;
	ck_assert(!game(&d, vents, none));
	d.q.turn = 2;
	d.q.life = 1;
	ck_assert(game(&d, vents, none));
}
END_TEST

/* The library for fetches: deck lands not seen, less those fetched. */
START_TEST(test_games_library)
{
	struct deck d;
	const uint32_t island_strand[DECK_KINDS] = { 1, 1 }, strands[DECK_KINDS] = { 0, 2 };
	const int32_t none[4] = { NO_DRAW, NO_DRAW, NO_DRAW, NO_DRAW };
	const int32_t island_on_3[4] = { NO_DRAW, NO_DRAW, 0, NO_DRAW };

	/* The deck's one Island is in the hand: the Strand finds nothing. */
	deck_make(&d, "{U}{U}", 2, "Island", 1u, "Flooded Strand", 4u, NULL);
	ck_assert(!game(&d, island_strand, none));
	d.counts[0] = 2;
	ck_assert(game(&d, island_strand, none));
	/* Two Strands, one Island left: the second Strand finds nothing. */
	d.q.turn = 3;
	d.counts[0] = 1;
	ck_assert(!game(&d, strands, none));
	d.counts[0] = 2;
	ck_assert(game(&d, strands, none));
	/* An Island drawn by turn T is seen, so no fetch finds it, however late
	 * it comes; the Island drawn on turn 3 then pays with the one fetched. */
	d.counts[0] = 2;
	d.q.turn = 4;
	d.q.cost = cost_of("{U}{U}{U}");
	ck_assert(!game(&d, strands, island_on_3));
	d.counts[0] = 3;
	ck_assert(game(&d, strands, island_on_3));
}
END_TEST

START_TEST(test_games_bounce_triome_tron)
{
	struct deck d;
	const uint32_t forest_chamber[DECK_KINDS] = { 1, 1 }, triomes[DECK_KINDS] = { 2 };
	const uint32_t tron[DECK_KINDS] = { 1, 1, 1 };
	const int32_t none[4] = { NO_DRAW, NO_DRAW, NO_DRAW, NO_DRAW };

	/* Forest, then the Chamber returning it, then the Forest again: G, GU. */
	deck_make(&d, "{G}{G}{U}", 3, "Forest", 10u, "Simic Growth Chamber", 4u, NULL);
	ck_assert(game(&d, forest_chamber, none));
	d.q.turn = 2;
	d.q.cost = cost_of("{G}{U}");
	ck_assert(!game(&d, forest_chamber, none));

	/* Triomes played on turns 1 and 2 pay on turn 3, not on turn 2. */
	deck_make(&d, "{U}{R}", 3, "Raugrin Triome", 24u, NULL);
	ck_assert(game(&d, triomes, none));
	d.q.turn = 2;
	ck_assert(!game(&d, triomes, none));

	/* Tron assembled on turn 3: 2 + 2 + 3. */
	deck_make(&d, "{7}", 3, "Urza's Mine", 4u, "Urza's Power Plant", 4u, "Urza's Tower", 4u,
		  NULL);
	ck_assert(game(&d, tron, none));
	d.q.cost = cost_of("{8}");
	ck_assert(!game(&d, tron, none));
}
END_TEST

/* A fetch's land bounced and played again: Terramorphic Expanse on turn 2
 * finds a Plains, tapped; Selesnya Sanctuary on turn 3 returns the Plains,
 * played on turn 4 untapped: GW and W pay {2/W}{2/W}. The engine once
 * held a fetch on the battlefield unresolved until turn T, and missed it. */
START_TEST(test_fetch_bounced)
{
	struct deck d;
	const uint32_t chambers[DECK_KINDS] = { 3 };
	const int32_t wilds_on_2[4] = { NO_DRAW, 1, NO_DRAW, NO_DRAW };

	deck_make(&d, "{2/W}{2/W}", 4, "Selesnya Sanctuary", 4u, "Terramorphic Expanse", 4u,
		  "Raffine's Tower", 8u, "Plains", 5u, NULL);
	d.q.size = 58;
	d.q.on_draw = true;
	d.q.life = 5;
	ck_assert(game(&d, chambers, wilds_on_2));
	agree(&d, "Sanctuary, Expanse, Tower, Plains: {2/W}{2/W} on turn 4");
}
END_TEST

/* London: which lands go to the bottom. */
START_TEST(test_bottoming)
{
	struct deck d;
	uint32_t hand[MF_ODDS_LAND_KINDS_MAX] = { 1, 3 };

	/* The example: Island, Mountain x3 for {U}{R}: a Mountain goes. */
	deck_make(&d, "{U}{R}", 2, "Island", 12u, "Mountain", 12u, NULL);
	odds_play_bottom(&d.q, hand, 1);
	ck_assert_uint_eq(hand[0], 1);
	ck_assert_uint_eq(hand[1], 2);
	/* Island 1 (redundancy 0), Mountain 2 (1): a Mountain again; then
	 * both at 0, neither enters tapped: by name. */
	odds_play_bottom(&d.q, hand, 1);
	ck_assert_uint_eq(hand[0], 1);
	ck_assert_uint_eq(hand[1], 1);
	odds_play_bottom(&d.q, hand, 1);
	ck_assert_uint_eq(hand[0], 0);  /* "Island" < "Mountain" */

	/* A land making no colour of the cost goes first, even a lone one. */
	deck_make(&d, "{U}{R}", 2, "Island", 12u, "Mountain", 8u, "Wastes", 4u, NULL);
	hand[0] = 1;
	hand[1] = 3;
	hand[2] = 1;
	odds_play_bottom(&d.q, hand, 1);
	ck_assert_uint_eq(hand[2], 0);
	/* A tapped land before an untapped one of the same redundancy. */
	deck_make(&d, "{U}{R}", 2, "Steam Vents", 8u, "Izzet Guildgate", 8u, NULL);
	hand[0] = 1;
	hand[1] = 1;
	odds_play_bottom(&d.q, hand, 1);
	ck_assert_uint_eq(hand[0], 1);
	ck_assert_uint_eq(hand[1], 0);
}
END_TEST

/* Runs the three cases; exit status 1 if any check failed. */
int main(void)
{
	Suite *s = suite_create("odds-play");
	TCase *tc = tcase_create("facts");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_triome);
	tcase_add_test(tc, test_bounce);
	tcase_add_test(tc, test_evolving_wilds);
	tcase_add_test(tc, test_check_slow_turn_1);
	tcase_add_test(tc, test_pathway);
	tcase_add_test(tc, test_fast_fourth);
	tcase_add_test(tc, test_few_lands);
	tcase_add_test(tc, test_passage_fourth);
	tcase_add_test(tc, test_check_by_fetch);
	tcase_add_test(tc, test_basics_old_model);
	tcase_add_test(tc, test_games_fast_passage);
	tcase_add_test(tc, test_games_fetch_check_shock);
	tcase_add_test(tc, test_games_library);
	tcase_add_test(tc, test_games_bounce_triome_tron);
	tcase_add_test(tc, test_fetch_bounced);
	tcase_add_test(tc, test_bottoming);
	suite_add_tcase(s, tc);
	play_add_diff_tcases(s);
	play_add_cache_tcases(s);
	play_add_many_tcases(s);
	play_add_mdfc_tcases(s);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
