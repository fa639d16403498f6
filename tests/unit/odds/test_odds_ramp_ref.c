/*
 * The ramp reference (tests/reference/odds_ramp) held to hand-worked cases;
 * the random cases, against odds_play on decks without sources and by
 * identities on decks with them, are in test_odds_ramp_diff.c, which main
 * runs after these.
 *
 * "dorks": Llanowar Elves in single games (cast on turn 1 it makes the third
 * mana of turn 2; cast on T it does not help; a shock land, a fetch, a fast,
 * a check and a bounce land before T), and lands alone never cast {2}{G}
 * on turn 2.
 * "rocks": Sol Ring cast and tapped the same turn, a Sol Ring that enters
 * tapped, a Signet's filter (paid by a land, by another Signet, never by
 * itself), a Talisman's colour for 1 life, a source paid with Phyrexian
 * life.
 * "mulligan": the London bottoming with sources (plain spells first, then
 * the highest mana value, ties the later source).
 * "exact": a figure by hand (a 40-card deck of Forests and Elves on turn
 * 2), the exact count against the sample on decks with sources, refusals.
 */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_play.h"
#include "../../reference/odds_policy.h"
#include "../../reference/odds_ramp.h"
#include "test_odds_ramp_ref.h"

#define SIGMAS 4.0
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define PLAIN (-1)

struct mf_mana_catalogue *ramp_cat;

uint32_t ramp_scaled(uint32_t n)
{
	return getenv("MANAFLOW_UNDER_VALGRIND") ? n / 25 + 1 : n;
}

void ramp_setup(void)
{
	static const char *const faces[] = { "Emeria, Shattered Skyclave", "Sea Gate, Reborn",
					      "Agadeem, the Undercrypt",
					      "Shatterskull, the Hammer Pass",
					      "Turntimber, Serpentine Wood" };
	struct mf_mana_land lands[N_OF(faces)];
	struct mf_mana_catalogue *base;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&base, &err), MF_OK);
	memset(lands, 0, sizeof(lands));
	for (size_t i = 0; i < N_OF(faces); i++) {
		strcpy(lands[i].name, faces[i]);
		lands[i].kind = MF_MANA_KIND_OTHER;
		lands[i].etb = MF_MANA_ETB_UNTAPPED;
		lands[i].untap_life = 3;
		lands[i].n_options = 1;
		lands[i].options[0].mana[i] = 1;
	}
	ck_assert_msg(mf_mana_catalogue_extend(base, lands, N_OF(faces), &ramp_cat, &err) == MF_OK,
		      "%s", err.reason);
	mf_mana_catalogue_free(base);
}

void ramp_teardown(void)
{
	mf_mana_catalogue_free(ramp_cat);
	ramp_cat = NULL;
}

/* The catalogue index of the land called name; fails the test if none. */
static int32_t land(const char *name)
{
	int32_t i = mf_mana_catalogue_find(ramp_cat, name, strlen(name));

	ck_assert_msg(i >= 0, "no land %s in the catalogue", name);
	return i;
}

struct mf_mana_cost ramp_cost(const char *text)
{
	struct mf_mana_cost cost;
	struct mf_mana_parse_error err;

	ck_assert_msg(mf_mana_cost_parse(text, strlen(text), &cost, &err) == MF_OK, "cost %s: %s",
		      text, err.reason);
	return cost;
}

/* ------------------------------------------------------------------ */
/* Sources and decks by name                                           */

struct mf_odds_source ramp_source(const char *name, const char *cost, bool creature,
				  bool tapped, unsigned filter, ...)
{
	struct mf_odds_source s = { .name = name, .cost = ramp_cost(cost), .creature = creature,
				    .enters_tapped = tapped, .filter = (uint8_t)filter };
	const char *opt;
	va_list ap;

	va_start(ap, filter);
	while ((opt = va_arg(ap, const char *)) != NULL) {
		struct mf_mana_land_option *o = &s.options[s.n_options++];

		for (; *opt && *opt != '!'; opt++)
			o->mana[strchr("WUBRGC", *opt) - "WUBRGC"]++;
		if (*opt == '!')
			o->life = (uint8_t)atoi(opt + 1);
	}
	va_end(ap);
	return s;
}

#define DECK_KINDS 4

/* A deck of named lands and of sources, asked as a query. */
struct deck {
	int32_t idx[DECK_KINDS];
	uint32_t counts[DECK_KINDS];
	struct mf_odds_source sources[DECK_KINDS];
	uint32_t source_counts[DECK_KINDS];
	struct mf_odds_query q;
};

/* size cards, policy none, on the play, life 20, exact; lands by name and
 * count (a uint32_t), ending with NULL; no source yet. */
static void deck_make(struct deck *d, uint32_t size, const char *cost, uint32_t turn,
		      const char *name, ...)
{
	va_list ap;
	size_t n = 0;

	memset(d, 0, sizeof(*d));
	va_start(ap, name);
	for (; name && n < DECK_KINDS; name = va_arg(ap, const char *), n++) {
		d->idx[n] = land(name);
		d->counts[n] = va_arg(ap, uint32_t);
	}
	va_end(ap);
	d->q = (struct mf_odds_query){ .cat = ramp_cat, .size = size, .lands = d->idx,
				       .counts = d->counts, .n_lands = n, .cost = ramp_cost(cost),
				       .turn = turn, .life = 20, .policy = MF_ODDS_NONE,
				       .method = MF_ODDS_EXACT, .sources = d->sources,
				       .source_counts = d->source_counts };
}

/* Adds count copies of source s to d. */
static void deck_add(struct deck *d, struct mf_odds_source s, uint32_t count)
{
	d->sources[d->q.n_sources] = s;
	d->source_counts[d->q.n_sources++] = count;
}

/* A game: hand[k] lands of kind k and src[s] sources of kind s in the
 * hand (NULL: none), and the cards drawn on turns 1, 2 ... (the value of
 * drawn[t], n_drawn of them). */
static struct odds_ramp_game game(const struct deck *d, const uint32_t *hand,
				  const uint32_t *src, const int32_t *drawn, size_t n_drawn)
{
	struct odds_ramp_game g;

	memset(&g, 0, sizeof(g));
	for (size_t k = 0; k < d->q.n_lands; k++)
		g.hand[k] = hand ? hand[k] : 0;
	for (size_t s = 0; s < d->q.n_sources; s++)
		g.hand_sources[s] = src ? src[s] : 0;
	for (size_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
		g.drawn[t] = t >= 1 && t <= n_drawn ? drawn[t - 1] : PLAIN;
	return g;
}

/* Whether d's query, with cost and turn (and its life), casts game g by
 * the reference; fails the test on an error. */
static bool casts(const struct deck *d, const char *cost, uint32_t turn,
		  const struct odds_ramp_game *g)
{
	struct mf_odds_query q = d->q;
	bool out;
	int rc;

	q.cost = ramp_cost(cost);
	q.turn = turn;
	rc = odds_ramp_castable(&q, g, &out);
	ck_assert_msg(rc == MF_OK, "odds_ramp_castable %s turn %u: %s", cost, turn,
		      mf_status_str(rc));
	return out;
}

/* The reference's exact answer; fails the test on an error. */
static struct odds_play_result ramp_exact(const struct mf_odds_query *q)
{
	struct odds_play_result r;
	int rc = odds_ramp_exact(q, &r);

	ck_assert_msg(rc == MF_OK, "odds_ramp_exact: %s", mf_status_str(rc));
	return r;
}

/* Llanowar Elves: {G}, a creature tapping for {G}. */
static struct mf_odds_source elves(void)
{
	return ramp_source("Llanowar Elves", "{G}", true, false, 0, "G", NULL);
}

/* Sol Ring: {1}, an artifact tapping for {C}{C}. */
static struct mf_odds_source sol_ring(void)
{
	return ramp_source("Sol Ring", "{1}", false, false, 0, "CC", NULL);
}

/* Azorius Signet: {2}, an artifact: {1}, {T}: {W}{U}. */
static struct mf_odds_source signet(void)
{
	return ramp_source("Azorius Signet", "{2}", false, false, 1, "WU", NULL);
}

/* Talisman of Progress: {2}, an artifact tapping for {C}, or {W} or {U} for 1 life. */
static struct mf_odds_source talisman(void)
{
	return ramp_source("Talisman of Progress", "{2}", false, false, 0, "C", "W!1", "U!1", NULL);
}

/* ------------------------------------------------------------------ */
/* Dorks                                                               */

/* 60 cards, 20 Forest, 4 Llanowar Elves, {2}{G} on turn 2 on the play:
 * castable only with Elves in the hand, a Forest on turn 1 and one on
 * turn 2. */
START_TEST(test_elves_turn_two)
{
	static const uint32_t two[] = { 2 }, one[] = { 1 }, none[] = { 0 }, seven[] = { 7 };
	static const uint32_t an_elf[] = { 1 }, two_elves[] = { 2 };
	static const int32_t forest[] = { PLAIN, 0 }, other[] = { PLAIN, PLAIN };
	static const int32_t elf[] = { PLAIN, 1 };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 20u, NULL);
	deck_add(&d, elves(), 4);

	/* 2 Forest + Elves: Forest, Elves; Forest; Forest, Forest, Elves. */
	g = game(&d, two, an_elf, other, 2);
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	ck_assert(!casts(&d, "{3}{G}", 2, &g));
	ck_assert(casts(&d, "{G}{G}{G}", 2, &g));
	/* 1 Forest + Elves and no land drawn: 2 mana on turn 2. */
	g = game(&d, one, an_elf, other, 2);
	ck_assert(!casts(&d, "{2}{G}", 2, &g));
	ck_assert(casts(&d, "{1}{G}", 2, &g));
	/* ... a Forest drawn on turn 2: castable. */
	g = game(&d, one, an_elf, forest, 2);
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	/* Two Elves, one Forest: only one is cast on turn 1. */
	g = game(&d, one, two_elves, forest, 2);
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	ck_assert(!casts(&d, "{3}{G}", 2, &g));
	/* No Forest in the hand: the Elves wait for turn 2 and do not help. */
	g = game(&d, none, an_elf, forest, 2);
	ck_assert(!casts(&d, "{G}{G}", 2, &g));
	ck_assert(casts(&d, "{G}", 2, &g));
	/* Elves drawn on T: a creature cast on T never helps on T. */
	g = game(&d, two, NULL, elf, 2);
	ck_assert(!casts(&d, "{2}{G}", 2, &g));
	ck_assert(casts(&d, "{1}{G}", 2, &g));
	/* ... but it does on turn 3 (Forest, Forest, Forest drawn on 3). */
	{
		static const int32_t elf_then_forest[] = { PLAIN, 1, 0 };

		g = game(&d, two, NULL, elf_then_forest, 3);
		ck_assert(casts(&d, "{2}{G}{G}", 3, &g));
		ck_assert(casts(&d, "{3}{G}", 3, &g));
		ck_assert(!casts(&d, "{4}{G}", 3, &g));
	}
	/* Lands alone never cast {2}{G} on turn 2: seven Forests. */
	g = game(&d, seven, NULL, forest, 2);
	ck_assert(!casts(&d, "{2}{G}", 2, &g));
	ck_assert(casts(&d, "{1}{G}", 2, &g));
}
END_TEST

/* The land drops before T decide whether the Elves come down on turn 1:
 * a shock land untapped for 2 life, a fetch cracked for 1 (both paid by
 * the spell's life on T), a fast land untapped, a check land tapped
 * without its type; a bounce land on turn 2 returns the Forest and the
 * Elves make the fourth mana of turn 3. */
START_TEST(test_lands_with_elves)
{
	static const uint32_t an_elf[] = { 1 }, none[] = { 0 };
	static const uint32_t pool_forest[] = { 1, 1 }, misty_island[] = { 0, 1, 1 };
	static const uint32_t sanctum_forest[] = { 1, 0, 1, 0 }, harbor_island[] = { 0, 1, 0, 1 };
	static const uint32_t harbor_forest[] = { 1, 0, 0, 1 }, chamber_forest[] = { 1, 1 };
	static const int32_t other[] = { PLAIN, PLAIN, PLAIN };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 16u, "Breeding Pool", 4u, NULL);
	deck_add(&d, elves(), 4);
	g = game(&d, pool_forest, an_elf, other, 2);
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	d.q.life = 3;  /* Forest, Elves; the Pool untapped on 2 */
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	d.q.life = 2;
	ck_assert(!casts(&d, "{2}{G}", 2, &g));

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 10u, "Island", 6u, "Misty Rainforest", 4u, NULL);
	deck_add(&d, elves(), 4);
	g = game(&d, misty_island, an_elf, other, 2);
	d.q.life = 2;  /* a Forest fetched on 1 for 1 life, the Elves; the Island */
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	ck_assert(casts(&d, "{1}{G}{U}", 2, &g));
	d.q.life = 1;
	ck_assert(!casts(&d, "{2}{G}", 2, &g));

	deck_make(&d, 60, "{1}{G}{U}", 2, "Forest", 8u, "Island", 4u, "Botanical Sanctum", 4u,
		  "Hinterland Harbor", 4u, NULL);
	deck_add(&d, elves(), 4);
	g = game(&d, sanctum_forest, an_elf, other, 2);
	ck_assert(casts(&d, "{1}{G}{U}", 2, &g));
	g = game(&d, harbor_island, an_elf, other, 2);  /* Island: no {G}; Harbor first: tapped */
	ck_assert(!casts(&d, "{1}{G}{U}", 2, &g));
	ck_assert(casts(&d, "{G}{U}", 2, &g));
	g = game(&d, harbor_forest, an_elf, other, 2);  /* Forest, Elves; Harbor untapped */
	ck_assert(casts(&d, "{1}{G}{U}", 2, &g));

	deck_make(&d, 60, "{2}{G}{U}", 3, "Forest", 12u, "Simic Growth Chamber", 4u, NULL);
	deck_add(&d, elves(), 4);
	g = game(&d, chamber_forest, an_elf, other, 3);
	ck_assert(casts(&d, "{2}{G}{U}", 3, &g));
	ck_assert(!casts(&d, "{3}{G}{U}", 3, &g));
	ck_assert(!casts(&d, "{1}{G}{U}", 2, &g));  /* turn 2: the Forest went back */
	g = game(&d, chamber_forest, none, other, 3);
	ck_assert(!casts(&d, "{2}{G}{U}", 3, &g));
	ck_assert(casts(&d, "{1}{G}{U}", 3, &g));
}
END_TEST

/* Without Elves in the deck, {2}{G} on turn 2 is never castable, on the
 * play or on the draw; with them it is, and more often on the draw. */
START_TEST(test_lands_alone)
{
	struct deck d;
	struct odds_play_result r, with;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 20u, NULL);
	r = ramp_exact(&d.q);
	ck_assert(r.p_castable == 0);
	d.q.on_draw = true;
	r = ramp_exact(&d.q);
	ck_assert(r.p_castable == 0);
	deck_add(&d, elves(), 4);
	with = ramp_exact(&d.q);
	ck_assert(with.p_castable > 0.1);
	ck_assert_double_eq_tol(with.p_lands, r.p_lands, TOLERANCE);  /* Elves are no land */
	d.q.on_draw = false;
	ck_assert(ramp_exact(&d.q).p_castable < with.p_castable);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rocks                                                               */

/* Sol Ring: cast on turn 2 with Forest A, tapped at once: Forest B and
 * {C}{C} pay {2}{G}. Cast on turn 1 it taps on turn 1 too. */
START_TEST(test_sol_ring)
{
	static const uint32_t two[] = { 2 }, one[] = { 1 }, ring[] = { 1 };
	static const int32_t ring_on_2[] = { PLAIN, 1 }, other[] = { PLAIN, PLAIN };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 20u, NULL);
	deck_add(&d, sol_ring(), 1);
	g = game(&d, two, NULL, ring_on_2, 2);
	ck_assert(casts(&d, "{2}{G}", 2, &g));
	ck_assert(!casts(&d, "{3}{G}", 2, &g));
	ck_assert(!casts(&d, "{1}{G}{G}", 2, &g));  /* Forest A paid the Ring */
	/* One Forest and the Ring in hand: turn 1, Forest, Ring, {C}{C}. */
	g = game(&d, one, ring, other, 2);
	ck_assert(casts(&d, "{2}", 1, &g));
	ck_assert(!casts(&d, "{1}{G}", 1, &g));
	ck_assert(casts(&d, "{1}{G}", 2, &g));
	ck_assert(casts(&d, "{2}{G}", 2, &g));  /* the Ring cast on 1: Forest + {C}{C} */
	ck_assert(!casts(&d, "{3}{G}", 2, &g));
}
END_TEST

/* An artifact that enters tapped, cast on T, does not help on T; cast
 * earlier, it does. */
START_TEST(test_enters_tapped)
{
	static const uint32_t two[] = { 2 }, one[] = { 1 }, ring[] = { 1 };
	static const int32_t ring_on_2[] = { PLAIN, 1 }, forest_on_2[] = { PLAIN, 0 };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 20u, NULL);
	deck_add(&d, ramp_source("Tapped Ring", "{1}", false, true, 0, "CC", NULL), 1);
	g = game(&d, two, NULL, ring_on_2, 2);
	ck_assert(!casts(&d, "{2}{G}", 2, &g));
	ck_assert(casts(&d, "{1}{G}", 2, &g));  /* lands alone */
	g = game(&d, one, ring, forest_on_2, 2);
	ck_assert(casts(&d, "{2}{G}{G}", 2, &g));
	ck_assert(!casts(&d, "{3}{G}{G}", 2, &g));
	ck_assert(!casts(&d, "{2}", 1, &g));
}
END_TEST

/* A Signet ({2}, filter 1, {W}{U}) on Wastes: its filter is paid by a
 * land, or by another Signet's mana, never by its own. */
START_TEST(test_signet)
{
	static const uint32_t three[] = { 3 }, two[] = { 2 }, one[] = { 1 }, none[] = { 0 };
	static const uint32_t a_signet[] = { 1, 0 }, two_free[] = { 0, 2 }, one_free[] = { 0, 1 };
	static const int32_t other[] = { PLAIN, PLAIN, PLAIN }, signet_on_3[] = { PLAIN, PLAIN, 1 };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{W}{U}", 3, "Wastes", 20u, NULL);
	deck_add(&d, signet(), 4);
	deck_add(&d, ramp_source("Free Signet", "{0}", false, false, 1, "WU", NULL), 4);

	/* Cast on 2; on 3 a Wastes pays the filter: {C}{C} and {W}{U}. */
	g = game(&d, three, a_signet, other, 3);
	ck_assert(casts(&d, "{W}{U}", 3, &g));
	ck_assert(casts(&d, "{2}{W}{U}", 3, &g));
	ck_assert(!casts(&d, "{3}{W}{U}", 3, &g));
	ck_assert(!casts(&d, "{W}{W}", 3, &g));
	ck_assert(!casts(&d, "{W}", 2, &g));  /* cast on 2 with both Wastes */
	/* Two Wastes: {C} into the filter, {C}{W}{U} left. */
	g = game(&d, two, a_signet, other, 3);
	ck_assert(casts(&d, "{1}{W}{U}", 3, &g));
	ck_assert(!casts(&d, "{2}{W}{U}", 3, &g));
	/* Drawn on T with three Wastes: cast with two, the third into its filter. */
	g = game(&d, three, NULL, signet_on_3, 3);
	ck_assert(casts(&d, "{W}{U}", 3, &g));
	ck_assert(!casts(&d, "{1}{W}{U}", 3, &g));
	/* Free Signets on turn 1: a Wastes feeds one, its {U} the other. */
	g = game(&d, one, two_free, other, 1);
	ck_assert(casts(&d, "{W}{W}{U}", 1, &g));
	ck_assert(!casts(&d, "{W}{W}{U}{U}", 1, &g));
	ck_assert(!casts(&d, "{1}{W}{W}{U}", 1, &g));
	g = game(&d, one, one_free, other, 1);
	ck_assert(casts(&d, "{W}{U}", 1, &g));
	ck_assert(!casts(&d, "{W}{W}", 1, &g));
	/* No land: nothing starts them. */
	g = game(&d, none, two_free, other, 1);
	ck_assert(!casts(&d, "{W}", 1, &g));
	ck_assert(casts(&d, "{0}", 1, &g));
}
END_TEST

/* A Talisman ({2}: {C}, or {W} or {U} for 1 life): its colour costs 1
 * life, which life 1 cannot pay; it taps once. */
START_TEST(test_talisman)
{
	static const uint32_t three[] = { 3 }, both[] = { 1, 1 }, tali[] = { 0, 1 };
	static const int32_t other[] = { PLAIN, PLAIN, PLAIN }, wastes_4[] = { PLAIN, PLAIN, PLAIN,
										0 };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{3}{W}", 3, "Wastes", 20u, NULL);
	deck_add(&d, signet(), 4);
	deck_add(&d, talisman(), 4);
	g = game(&d, three, tali, other, 3);
	ck_assert(casts(&d, "{3}{W}", 3, &g));
	ck_assert(!casts(&d, "{W}{U}", 3, &g));
	d.q.life = 2;
	ck_assert(casts(&d, "{3}{W}", 3, &g));
	d.q.life = 1;
	ck_assert(!casts(&d, "{3}{W}", 3, &g));
	ck_assert(!casts(&d, "{U}", 3, &g));
	ck_assert(casts(&d, "{4}", 3, &g));
	/* Both rocks: Talisman on 2, Signet on 3 (two Wastes), on 4 four Wastes,
	 * one into the Signet: {C}{C}{C}, {W}{U}, and the Talisman's {W}. */
	d.q.life = 20;
	g = game(&d, three, both, wastes_4, 4);
	ck_assert(casts(&d, "{2}{W}{W}{U}", 4, &g));
	ck_assert(casts(&d, "{3}{W}{W}{U}", 4, &g));
	ck_assert(!casts(&d, "{4}{W}{W}{U}", 4, &g));
	ck_assert(!casts(&d, "{3}{W}{W}{U}{U}", 4, &g));
	d.q.life = 1;
	ck_assert(!casts(&d, "{2}{W}{W}{U}", 4, &g));
	ck_assert(casts(&d, "{2}{W}{U}", 4, &g));
}
END_TEST

/* A source paid with Phyrexian life, and its life counted with the
 * spell's; a source without options makes nothing. */
START_TEST(test_phyrexian_source)
{
	static const uint32_t none[] = { 0 }, idol[] = { 1, 0 }, dud[] = { 0, 1 }, one[] = { 1 };
	static const int32_t other[] = { PLAIN };
	struct deck d;
	struct odds_ramp_game g;

	deck_make(&d, 60, "{1}", 1, "Forest", 20u, NULL);
	deck_add(&d, ramp_source("Phyrexian Idol", "{W/P}", false, false, 0, "C", NULL), 4);
	deck_add(&d, ramp_source("Empty Idol", "{0}", false, false, 0, NULL), 4);
	g = game(&d, none, idol, other, 1);
	ck_assert(casts(&d, "{1}", 1, &g));
	ck_assert(!casts(&d, "{2}", 1, &g));
	d.q.life = 3;
	ck_assert(casts(&d, "{1}", 1, &g));
	ck_assert(casts(&d, "{G/P}", 1, &g));  /* the spell's own 2 life, not the Idol's */
	ck_assert(!casts(&d, "{1}{G/P}", 1, &g));  /* 2 + 2 life of 3 */
	d.q.life = 5;
	ck_assert(casts(&d, "{1}{G/P}", 1, &g));
	d.q.life = 2;
	ck_assert(!casts(&d, "{1}", 1, &g));
	d.q.life = 20;
	g = game(&d, one, dud, other, 1);
	ck_assert(casts(&d, "{G}", 1, &g));
	ck_assert(!casts(&d, "{1}{G}", 1, &g));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Mulligans                                                           */

/* Which attempt of karsten2022 (60 cards) bottoms `bottom` cards. */
static struct attempt attempt_bottoming(const struct mf_odds_query *q, uint32_t bottom)
{
	struct attempt at[ODDS_REF_ATTEMPTS_MAX];
	size_t n = odds_ref_attempts(q, at);

	for (size_t i = 0; i < n; i++)
		if (at[i].bottom == bottom)
			return at[i];
	ck_abort_msg("no attempt bottoms %u", bottom);
	return at[0];
}

/* A 7 with 2 Forests, Elves and 4 other spells bottoms the other spells
 * first; sources go by mana value, ties the later in the deck first. */
START_TEST(test_bottoming)
{
	struct deck d;
	struct odds_ramp_game g;
	struct attempt a;
	uint32_t plain;

	deck_make(&d, 60, "{2}{G}", 2, "Forest", 20u, NULL);
	d.q.policy = MF_ODDS_KARSTEN2022;
	deck_add(&d, elves(), 4);
	deck_add(&d, sol_ring(), 1);
	deck_add(&d, signet(), 4);

	/* 6 cards: 5 spells, 3 kept: one plain spell goes. */
	memset(&g, 0, sizeof(g));
	g.hand[0] = 2;
	g.hand_sources[0] = 1;
	plain = 4;
	a = attempt_bottoming(&d.q, 1);
	ck_assert(odds_ramp_keep(&d.q, &a, &g, &plain));
	ck_assert_uint_eq(plain, 3);
	ck_assert_uint_eq(g.hand_sources[0], 1);
	ck_assert_uint_eq(g.hand[0], 2);
	/* 4 cards: 3 spells go, all plain. */
	g.hand_sources[0] = 1;
	plain = 4;
	a = attempt_bottoming(&d.q, 3);
	ck_assert(odds_ramp_keep(&d.q, &a, &g, &plain));
	ck_assert_uint_eq(plain, 1);
	ck_assert_uint_eq(g.hand_sources[0], 1);
	ck_assert_uint_eq(g.hand[0], 2);
	/* 2 Forests, Elves, Sol Ring, Signet, 2 plain: 3 go: 2 plain, the Signet. */
	g.hand_sources[0] = g.hand_sources[1] = g.hand_sources[2] = 1;
	plain = 2;
	ck_assert(odds_ramp_keep(&d.q, &a, &g, &plain));
	ck_assert_uint_eq(plain, 0);
	ck_assert_uint_eq(g.hand_sources[0], 1);
	ck_assert_uint_eq(g.hand_sources[1], 1);
	ck_assert_uint_eq(g.hand_sources[2], 0);
	/* 3 Forests, Elves, Sol Ring, Signet, 1 plain: the plain, the Signet,
	 * then Sol Ring (mana value 1 as the Elves, later in the deck). */
	g.hand[0] = 3;
	g.hand_sources[0] = g.hand_sources[1] = g.hand_sources[2] = 1;
	plain = 1;
	ck_assert(odds_ramp_keep(&d.q, &a, &g, &plain));
	ck_assert_uint_eq(plain, 0);
	ck_assert_uint_eq(g.hand_sources[0], 1);
	ck_assert_uint_eq(g.hand_sources[1], 0);
	ck_assert_uint_eq(g.hand_sources[2], 0);
	ck_assert_uint_eq(g.hand[0], 3);
	/* 5 Forests, Elves, 1 plain, 5 cards: 2 spells <= 2 kept: 2 lands go. */
	g.hand[0] = 5;
	g.hand_sources[0] = 1;
	g.hand_sources[1] = g.hand_sources[2] = 0;
	plain = 1;
	a = attempt_bottoming(&d.q, 2);
	ck_assert(odds_ramp_keep(&d.q, &a, &g, &plain));
	ck_assert_uint_eq(plain, 1);
	ck_assert_uint_eq(g.hand_sources[0], 1);
	ck_assert_uint_eq(g.hand[0], 3);
	/* The keep ranges count lands only: 1 Forest and 6 sources is a
	 * mulligan for the 7. */
	g.hand[0] = 1;
	g.hand_sources[0] = 4;
	g.hand_sources[2] = 2;
	plain = 0;
	a = attempt_bottoming(&d.q, 0);
	ck_assert(!odds_ramp_keep(&d.q, &a, &g, &plain));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Exact figures                                                       */

/* C(n, k) as a double. */
static double choose(uint32_t n, uint32_t k)
{
	return (double)odds_ref_choose(n, k);
}

/* 40 cards: 17 Forest, 4 Llanowar Elves, 19 others; {2}{G} on turn 2 on
 * the play, every 7 kept: castable iff the hand holds Elves and a Forest
 * and a second Forest is in the hand or drawn on turn 2 (16 of the 33
 * cards left when the hand has one). */
START_TEST(test_exact_elves)
{
	struct deck d;
	struct odds_play_result r;
	double want = 0, lands = 0, all = choose(40, 7);

	deck_make(&d, 40, "{2}{G}", 2, "Forest", 17u, NULL);
	deck_add(&d, elves(), 4);
	for (uint32_t e = 1; e <= 4; e++)
		for (uint32_t f = 1; e + f <= 7; f++) {
			double h = choose(4, e) * choose(17, f) * choose(19, 7 - e - f) / all;

			want += f >= 2 ? h : h * 16 / 33;
		}
	for (uint32_t f = 3; f <= 8; f++)  /* 3 Forests among 8 cards */
		lands += choose(17, f) * choose(23, 8 - f) / choose(40, 8);
	r = ramp_exact(&d.q);
	ck_assert_double_eq_tol(r.p_castable, want, TOLERANCE);
	ck_assert_double_eq_tol(r.p_lands, lands, TOLERANCE);
	ck_assert_uint_eq(r.lands_needed, 3);
	/* The sum above, worked out: 0.507128. */
	ck_assert_double_eq_tol(want, 0.507128, 1e-6);
}
END_TEST

/* The exact count against the sample (its own shuffles) on decks with
 * sources, every policy: within 4 standard errors. */
START_TEST(test_exact_vs_sample)
{
	struct deck d;
	struct odds_play_result e, s;
	const enum mf_odds_policy policies[] = { MF_ODDS_KARSTEN2022, MF_ODDS_PARIS2013,
						  MF_ODDS_NONE };
	enum mf_odds_policy policy = policies[_i % 3];
	uint32_t games = ramp_scaled(20000);

	if (_i < 3) {
		deck_make(&d, 40, "{2}{G}{U}", 3, "Forest", 9u, "Breeding Pool", 4u, NULL);
		deck_add(&d, elves(), 4);
		deck_add(&d, ramp_source("Simic Signet", "{2}", false, false, 1, "GU", NULL), 3);
	} else {
		deck_make(&d, 40, "{3}{W}", 3, "Wastes", 10u, "Plains", 6u, NULL);
		deck_add(&d, talisman(), 3);
		deck_add(&d, sol_ring(), 1);
		d.q.on_draw = true;
	}
	d.q.policy = policy;
	e = ramp_exact(&d.q);
	ck_assert_int_eq(odds_ramp_sample(&d.q, 0x72616d70u + (uint64_t)_i, games, &s), MF_OK);
	ck_assert_uint_eq(s.games, games);
	/* the standard error of `games` games at the exact figure: a small
	 * sample of a figure near 1 may see no miss at all (its own se 0) */
	ck_assert_msg(fabs(e.p_castable - s.p_castable) <=
			      SIGMAS * sqrt(e.p_castable * (1 - e.p_castable) / games) + 1e-12,
		      "case %d: exact %.6f, sample %.6f (se %.6f)", _i, e.p_castable,
		      s.p_castable, s.se[1]);
	ck_assert_msg(fabs(e.p_lands - s.p_lands) <=
			      SIGMAS * sqrt(e.p_lands * (1 - e.p_lands) / games) + 1e-12,
		      "case %d: exact lands %.6f, sample %.6f", _i, e.p_lands, s.p_lands);
	ck_assert(e.p_castable > 0 && e.p_castable < 1);
}
END_TEST

/* Refusals: a source with {X}, a filter too large, more kinds than the
 * exact count takes, a game naming a source the deck lacks. */
START_TEST(test_refusals)
{
	static const uint32_t one[] = { 1 };
	static const int32_t bad[] = { 5 };
	struct deck d;
	struct odds_play_result r;
	struct odds_ramp_game g;
	bool out = true;

	deck_make(&d, 60, "{G}", 1, "Forest", 20u, NULL);
	deck_add(&d, ramp_source("X Rock", "{X}", false, false, 0, "C", NULL), 1);
	ck_assert_int_eq(odds_ramp_exact(&d.q, &r), MF_ERR_INVALID);
	d.sources[0] = ramp_source("Deep Filter", "{1}", false, false,
			      MF_ODDS_SOURCE_FILTER_MAX + 1, "C", NULL);
	ck_assert_int_eq(odds_ramp_exact(&d.q, &r), MF_ERR_INVALID);
	d.sources[0] = ramp_source("Big Rock", "{13}", false, false, 0, "C", NULL);
	ck_assert_int_eq(odds_ramp_exact(&d.q, &r), MF_ERR_LIMIT);
	d.sources[0] = sol_ring();
	deck_add(&d, elves(), 1);
	deck_add(&d, signet(), 1);
	deck_add(&d, talisman(), 1);
	ck_assert_int_eq(odds_ramp_exact(&d.q, &r), MF_ERR_LIMIT);
	g = game(&d, one, NULL, bad, 1);
	g.drawn[1] = 5;  /* 1 land + 4 sources: 5 is outside */
	ck_assert_int_eq(odds_ramp_castable(&d.q, &g, &out), MF_ERR_INVALID);
	ck_assert(!out);
}
END_TEST

static Suite *ramp_suite(void)
{
	Suite *s = suite_create("odds-ramp-ref");
	TCase *tc;

	tc = tcase_create("dorks");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_elves_turn_two);
	tcase_add_test(tc, test_lands_with_elves);
	tcase_add_test(tc, test_lands_alone);
	suite_add_tcase(s, tc);

	tc = tcase_create("rocks");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_sol_ring);
	tcase_add_test(tc, test_enters_tapped);
	tcase_add_test(tc, test_signet);
	tcase_add_test(tc, test_talisman);
	tcase_add_test(tc, test_phyrexian_source);
	suite_add_tcase(s, tc);

	tc = tcase_create("mulligan");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_bottoming);
	suite_add_tcase(s, tc);

	tc = tcase_create("exact");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_test(tc, test_exact_elves);
	tcase_add_loop_test(tc, test_exact_vs_sample, 0, 6);
	tcase_add_test(tc, test_refusals);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);

	ramp_add_diff_tcases(s);
	ramp_add_engine_tcases(s);
	ramp_add_reuse_tcases(s);
	ramp_add_pool_tcases(s);
	return s;
}

/* Runs the hand-worked cases, then the random ones. */
int main(void)
{
	SRunner *sr = srunner_create(ramp_suite());
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
