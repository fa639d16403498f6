/*
 * The ramp reference (tests/reference/odds_ramp) on random decks from fixed
 * seeds (odds_random: lands of every family of the catalogue, costs from a
 * list, every policy); the hand-worked cases and main are in
 * test_odds_ramp_ref.c.
 *
 * "no-sources": odds_play is the land-drop model's reference, and the ramp
 * reference must answer as it where a deck has no source: game by game
 * (odds_ramp_castable against odds_play_castable, 5-12 lands, turns 1-5),
 * exactly (odds_ramp_exact against odds_play_exact, 1-4 lands, turns 1-4;
 * and with a source that makes nothing added, a plain spell to the land
 * drops), and sampled (odds_ramp_sample deals odds_play_sample's games).
 *
 * "identities": decks with sources drawn from a list of dorks and rocks;
 * in each game, a source more in the hand never turns castable into not;
 * a creature or an artifact that enters tapped drawn on T in place of
 * another card changes nothing; a source that makes nothing in the hand
 * changes nothing; more life never turns castable into not.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_play.h"
#include "../../reference/odds_ramp.h"
#include "common/random.h"
#include "odds_random.h"
#include "test_odds_ramp_ref.h"

/* Overridable for longer runs by hand (-DGAME_SEEDS=.. and so on). */
#ifndef GAME_SEEDS
#define GAME_SEEDS 3
#endif
#ifndef GAME_QUERIES
#define GAME_QUERIES 60
#endif
#ifndef EXACT_QUERIES
#define EXACT_QUERIES 25
#endif
#ifndef IDENTITY_QUERIES
#define IDENTITY_QUERIES 25
#endif

#define PLAIN (-1)
#define TURN_CAP 5  /* the lines of play grow fast with the turn */

/* ------------------------------------------------------------------ */
/* Without sources: odds_play                                          */

/* Deals a random game of q (no sources) from rng, as a kept 7 of the
 * shuffled deck (policy none) and its draws, into both games. */
static void random_game(const struct mf_odds_query *q, uint64_t *rng, struct odds_ramp_game *g,
			struct odds_play_game *pg)
{
	int32_t deck[MF_ODDS_DECK_MAX];
	uint32_t at = 0, cards = 7 + q->turn;

	for (size_t k = 0; k < q->n_lands; k++)
		for (uint32_t c = 0; c < q->counts[k]; c++)
			deck[at++] = (int32_t)k;
	while (at < q->size)
		deck[at++] = PLAIN;
	for (uint32_t i = 0; i < cards; i++) {
		uint32_t j = i + (uint32_t)(mf_splitmix64(rng) % (q->size - i));
		int32_t t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
	memset(g, 0, sizeof(*g));
	memset(pg, 0, sizeof(*pg));
	for (uint32_t c = 0; c < 7; c++)
		if (deck[c] >= 0) {
			g->hand[deck[c]]++;
			pg->hand[deck[c]]++;
		}
	for (uint32_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
		g->drawn[t] = pg->drawn[t] = PLAIN;
	for (uint32_t t = q->on_draw ? 1 : 2, c = 7; t <= q->turn; t++, c++)
		g->drawn[t] = pg->drawn[t] = deck[c];
}

/* Random decks of 5-12 lands of every family, turns 1-7: each game cast
 * by odds_ramp exactly when by odds_play. */
START_TEST(test_games_as_play)
{
	struct odds_random r;

	odds_random_init(&r, ramp_cat, 0x67616d65u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < (int)ramp_scaled(GAME_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS];
		struct mf_odds_query q;
		uint64_t rng = odds_random_bits(&r);
		char text[1024];

		odds_random_large(&r, &q, idx, counts);
		if (q.turn > TURN_CAP)
			q.turn = TURN_CAP;
		odds_random_print(&q, text, sizeof(text));
		for (int i = 0; i < 20; i++) {
			struct odds_ramp_game g;
			struct odds_play_game pg;
			bool want, got;

			random_game(&q, &rng, &g, &pg);
			ck_assert_int_eq(odds_play_castable(&q, &pg, &want), MF_OK);
			ck_assert_int_eq(odds_ramp_castable(&q, &g, &got), MF_OK);
			ck_assert_msg(got == want, "seed %d query %d game %d: ramp %d, play %d: %s",
				      _i, n, i, got, want, text);
		}
	}
}
END_TEST

/* Random small decks (1-4 lands, turns 1-4, every policy): odds_ramp_exact
 * is odds_play_exact; and with a source that makes nothing added (a plain
 * spell to the land drops, a source to the bottoming), still. */
START_TEST(test_exact_as_play)
{
	struct odds_random r;

	odds_random_init(&r, ramp_cat, 0x65786163u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < (int)ramp_scaled(EXACT_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS], dud_count = 3;
		struct mf_odds_source dud = ramp_source("Dud", "{1}", false, false, 0, NULL);
		struct mf_odds_query q;
		struct odds_play_result want, got;
		char text[1024];
		int rc;

		odds_random_small(&r, &q, idx, counts);
		odds_random_print(&q, text, sizeof(text));
		rc = odds_play_exact(&q, &want);
		ck_assert_msg(rc == MF_OK, "play %s: %s", mf_status_str(rc), text);
		rc = odds_ramp_exact(&q, &got);
		ck_assert_msg(rc == MF_OK, "ramp %s: %s", mf_status_str(rc), text);
		ck_assert_msg(got.lands_needed == want.lands_needed &&
			      fabs(got.p_lands - want.p_lands) <= TOLERANCE &&
			      fabs(got.p_castable - want.p_castable) <= TOLERANCE &&
			      fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
				      TOLERANCE && got.given_defined == want.given_defined,
			      "seed %d query %d: ramp %.12f %.12f %.12f, play %.12f %.12f %.12f: "
			      "%s",
			      _i, n, got.p_lands, got.p_castable, got.p_castable_given_lands,
			      want.p_lands, want.p_castable, want.p_castable_given_lands, text);
		if (q.n_lands >= ODDS_RAMP_EXACT_KINDS_MAX)
			continue;
		q.sources = &dud;
		q.source_counts = &dud_count;
		q.n_sources = 1;
		rc = odds_ramp_exact(&q, &got);
		ck_assert_msg(rc == MF_OK, "ramp with a dud %s: %s", mf_status_str(rc), text);
		ck_assert_msg(fabs(got.p_lands - want.p_lands) <= TOLERANCE &&
			      fabs(got.p_castable - want.p_castable) <= TOLERANCE &&
			      fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
				      TOLERANCE,
			      "seed %d query %d with a dud: ramp %.12f %.12f, play %.12f %.12f: %s",
			      _i, n, got.p_lands, got.p_castable, want.p_lands, want.p_castable,
			      text);
	}
}
END_TEST

/* Random larger decks: odds_ramp_sample deals and plays the very games of
 * odds_play_sample, so every figure is the same. */
START_TEST(test_sample_as_play)
{
	struct odds_random r;

	odds_random_init(&r, ramp_cat, 0x73616d70u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < 4; n++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS], games = ramp_scaled(300);
		struct mf_odds_query q;
		struct odds_play_result want, got;
		char text[1024];

		odds_random_large(&r, &q, idx, counts);
		if (q.turn > TURN_CAP)
			q.turn = TURN_CAP;
		odds_random_print(&q, text, sizeof(text));
		ck_assert_int_eq(odds_play_sample(&q, q.seed, games, &want), MF_OK);
		ck_assert_int_eq(odds_ramp_sample(&q, q.seed, games, &got), MF_OK);
		ck_assert_msg(got.p_lands == want.p_lands && got.p_castable == want.p_castable &&
			      got.p_castable_given_lands == want.p_castable_given_lands &&
			      got.games_with_lands == want.games_with_lands,
			      "seed %d query %d: ramp %.6f %.6f, play %.6f %.6f: %s", _i, n,
			      got.p_lands, got.p_castable, want.p_lands, want.p_castable, text);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Identities with sources                                             */

#define DECK_SOURCES 3

struct mf_odds_source ramp_pool_source(size_t i)
{
	switch (i) {
	case 0:
		return ramp_source("Llanowar Elves", "{G}", true, false, 0, "G", NULL);
	case 1:
		return ramp_source("Birds of Paradise", "{G}", true, false, 0, "W", "U", "B", "R",
				   "G", NULL);
	case 2:
		return ramp_source("Sol Ring", "{1}", false, false, 0, "CC", NULL);
	case 3:
		return ramp_source("Azorius Signet", "{2}", false, false, 1, "WU", NULL);
	case 4:
		return ramp_source("Rakdos Signet", "{2}", false, false, 1, "BR", NULL);
	case 5:
		return ramp_source("Talisman of Conviction", "{2}", false, false, 0, "C", "R!1",
				   "W!1", NULL);
	case 6:
		return ramp_source("Mind Stone", "{2}", false, false, 0, "C", NULL);
	case 7:
		return ramp_source("Guardian Idol", "{2}", false, true, 0, "C", NULL);
	case 8:
		return ramp_source("Fellwar Stone", "{2}", false, false, 0, "W", "U", "B", "R", "G",
				   NULL);
	case 9:
		return ramp_source("Gitaxian Rock", "{U/P}", false, false, 0, "C", NULL);
	case 10:
		return ramp_source("Coalition Relic", "{3}", false, false, 0, "W", "U", "B", "R",
				   "G", NULL);
	default:
		return ramp_source("Paradise Mantle", "{2/G}", true, false, 0, "G", NULL);
	}
}

void ramp_add_sources(struct odds_random *r, struct mf_odds_query *q, size_t most,
		      struct mf_odds_source *src, uint32_t *counts)
{
	size_t n = 1 + (size_t)(odds_random_bits(r) % most);
	bool taken[RAMP_POOL_SOURCES] = { false };

	for (size_t i = 0; i < n; i++) {
		size_t pick = (size_t)(odds_random_bits(r) % RAMP_POOL_SOURCES);

		while (taken[pick])
			pick = (pick + 1) % RAMP_POOL_SOURCES;
		taken[pick] = true;
		src[i] = ramp_pool_source(pick);
		counts[i] = 4;
	}
	src[n] = ramp_source("Dud", "{1}", false, false, 0, NULL);
	counts[n] = 3;
	q->sources = src;
	q->source_counts = counts;
	q->n_sources = n + 1;
	q->policy = MF_ODDS_NONE;
}

void ramp_deal_sources(const struct mf_odds_query *q, uint64_t *rng, struct odds_ramp_game *g)
{
	int32_t deck[MF_ODDS_DECK_MAX];
	uint32_t at = 0, cards = 7 + q->turn;

	for (size_t k = 0; k < q->n_lands; k++)
		for (uint32_t c = 0; c < q->counts[k]; c++)
			deck[at++] = (int32_t)k;
	for (size_t s = 0; s < q->n_sources; s++)
		for (uint32_t c = 0; c < q->source_counts[s]; c++)
			deck[at++] = (int32_t)(q->n_lands + s);
	while (at < q->size)
		deck[at++] = PLAIN;
	for (uint32_t i = 0; i < cards; i++) {
		uint32_t j = i + (uint32_t)(mf_splitmix64(rng) % (q->size - i));
		int32_t t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
	memset(g, 0, sizeof(*g));
	for (uint32_t c = 0; c < 7; c++) {
		if (deck[c] == PLAIN)
			continue;
		if ((size_t)deck[c] < q->n_lands)
			g->hand[deck[c]]++;
		else
			g->hand_sources[(size_t)deck[c] - q->n_lands]++;
	}
	for (uint32_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
		g->drawn[t] = PLAIN;
	for (uint32_t t = q->on_draw ? 1 : 2, c = 7; t <= q->turn; t++, c++)
		g->drawn[t] = deck[c];
}

/* Copies of source s that game g holds (hand and draws). */
static uint32_t held(const struct mf_odds_query *q, const struct odds_ramp_game *g, size_t s)
{
	uint32_t n = g->hand_sources[s];

	for (uint32_t t = 1; t <= q->turn; t++)
		n += g->drawn[t] == (int32_t)(q->n_lands + s);
	return n;
}

/* Whether q casts g by the reference; fails the test on an error. */
static bool ramp_casts(const struct mf_odds_query *q, const struct odds_ramp_game *g,
		       const char *text)
{
	bool out;
	int rc = odds_ramp_castable(q, g, &out);

	ck_assert_msg(rc == MF_OK, "odds_ramp_castable %s: %s", mf_status_str(rc), text);
	return out;
}

/* The identities of the file's comment on one game g of q. */
static void game_identities(const struct mf_odds_query *q, const struct odds_ramp_game *g,
			    const char *where)
{
	size_t dud = q->n_sources - 1;
	bool cast = ramp_casts(q, g, where);
	struct odds_ramp_game h;
	struct mf_odds_query more = *q;

	for (size_t s = 0; s < q->n_sources; s++) {
		const struct mf_odds_source *so = &q->sources[s];

		if (held(q, g, s) >= q->source_counts[s])
			continue;
		h = *g;
		h.hand_sources[s]++;
		if (cast)
			ck_assert_msg(ramp_casts(q, &h, where),
				      "%s: one %s more in the hand: not castable", where, so->name);
		if (s == dud)
			ck_assert_msg(ramp_casts(q, &h, where) == cast,
				      "%s: a dud in the hand changed it", where);
		if (g->drawn[q->turn] != PLAIN || (q->turn == 1 && !q->on_draw) ||
		    (!so->creature && !so->enters_tapped))
			continue;
		h = *g;
		h.drawn[q->turn] = (int32_t)(q->n_lands + s);
		ck_assert_msg(ramp_casts(q, &h, where) == cast, "%s: %s drawn on T changed it",
			      where, so->name);
	}
	if (cast && q->life < MF_MANA_LIFE_MAX) {
		more.life = q->life + 1;
		ck_assert_msg(ramp_casts(&more, g, where), "%s: castable with less life only",
			      where);
	}
}

/* Random decks (5-12 lands of every family, turns 1-5) with sources: the
 * identities on 10 games each. */
START_TEST(test_identities)
{
	struct odds_random r;

	odds_random_init(&r, ramp_cat, 0x69646e74u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (int n = 0; n < (int)ramp_scaled(IDENTITY_QUERIES); n++) {
		int32_t idx[ODDS_RANDOM_LARGE_KINDS];
		uint32_t counts[ODDS_RANDOM_LARGE_KINDS], src_counts[DECK_SOURCES + 1];
		struct mf_odds_source src[DECK_SOURCES + 1];
		struct mf_odds_query q;
		uint64_t rng = odds_random_bits(&r);
		char text[1024], where[1200];

		odds_random_large(&r, &q, idx, counts);
		if (q.turn > TURN_CAP)
			q.turn = TURN_CAP;
		ramp_add_sources(&r, &q, DECK_SOURCES, src, src_counts);
		odds_random_print(&q, text, sizeof(text));
		for (int i = 0; i < 10; i++) {
			struct odds_ramp_game g;

			ramp_deal_sources(&q, &rng, &g);
			snprintf(where, sizeof(where), "seed %d query %d game %d (%s, ...): %s",
				 _i, n, i, src[0].name, text);
			game_identities(&q, &g, where);
		}
	}
}
END_TEST

void ramp_add_diff_tcases(Suite *s)
{
	TCase *tc = tcase_create("no-sources");

	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_games_as_play, 0, GAME_SEEDS);
	tcase_add_loop_test(tc, test_exact_as_play, 0, GAME_SEEDS);
	tcase_add_loop_test(tc, test_sample_as_play, 0, 2);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);

	tc = tcase_create("identities");
	tcase_add_checked_fixture(tc, ramp_setup, ramp_teardown);
	tcase_add_loop_test(tc, test_identities, 0, GAME_SEEDS);
	tcase_set_timeout(tc, 900);
	suite_add_tcase(s, tc);
}
