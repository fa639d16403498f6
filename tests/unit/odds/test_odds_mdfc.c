/*
 * Modal double-faced cards' land faces in the odds: a land that may pay 3
 * life to enter untapped (Shatterskull, the Hammer Pass), beside a shock
 * land's 2. play_cat is the built-in catalogue plus the five faces of
 * Zendikar Rising's mythic cycle (play_add_mdfc_lands), so that odds_random
 * also draws them and the differential tcases compare them with the
 * reference; the tcase "mdfc" checks by hand-free identities:
 *
 *  - with life to spare, a deck with such a face plays as the same deck with
 *    a shock land of its colour in its place (the colours a land makes are
 *    seen through the cost, so Sacred Foundry is a red land for {R}{R});
 *  - with 3 life (2 may be paid, 3 not), it plays as the same deck with a
 *    land that always enters tapped (Bloodfell Caves) in its place, below
 *    the shock land's deck;
 *  - with both the face and a shock land in one deck, the engine keeps them
 *    apart and agrees with the reference;
 *  - random small queries whose lands may be faces (odds_random_with_mdfc),
 *    engine against reference, as "exact-diff" does without them.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "../../reference/odds_play.h"
#include "odds_random.h"
#include "test_odds_play.h"

#define MDFC_SEEDS 3
#define MDFC_QUERIES 200

/* The five land faces, their colour (W U B R G), each untapped for 3 life. */
static const struct {
	const char *name;
	enum mf_mana_type color;
} faces[] = {
	{ "Emeria, Shattered Skyclave", MF_MANA_W }, { "Sea Gate, Reborn", MF_MANA_U },
	{ "Agadeem, the Undercrypt", MF_MANA_B }, { "Shatterskull, the Hammer Pass", MF_MANA_R },
	{ "Turntimber, Serpentine Wood", MF_MANA_G },
};

#define N_FACES (sizeof(faces) / sizeof(faces[0]))

void play_add_mdfc_lands(struct mf_mana_catalogue **cat)
{
	struct mf_mana_land lands[N_FACES];
	struct mf_mana_catalogue *out;
	struct mf_mana_parse_error err;

	memset(lands, 0, sizeof(lands));
	for (size_t i = 0; i < N_FACES; i++) {
		strcpy(lands[i].name, faces[i].name);
		lands[i].kind = MF_MANA_KIND_OTHER;
		lands[i].etb = MF_MANA_ETB_UNTAPPED;
		lands[i].untap_life = 3;
		lands[i].n_options = 1;
		lands[i].options[0].mana[faces[i].color] = 1;
	}
	ck_assert_msg(mf_mana_catalogue_extend(*cat, lands, N_FACES, &out, &err) == MF_OK, "%s",
		      err.reason);
	mf_mana_catalogue_free(*cat);
	*cat = out;
}

/* A deck of 60 cards, two named lands (8 each), {R}{R} on turn 2, policy
 * none, on the play, exact. */
struct pair_deck {
	int32_t idx[3];
	uint32_t counts[3];
	struct mf_odds_query q;
};

/* The play_cat index of the land called name; fails the test if none. */
static int32_t index_of(const char *name)
{
	int32_t i = mf_mana_catalogue_find(play_cat, name, strlen(name));

	ck_assert_msg(i >= 0, "no land %s", name);
	return i;
}

/* d: 8 Mountains and 8 of `other` (and 4 of `third` unless NULL) at `life`. */
static void deck_of(struct pair_deck *d, const char *other, const char *third, uint32_t life)
{
	struct mf_mana_parse_error err;

	memset(d, 0, sizeof(*d));
	d->idx[0] = index_of("Mountain");
	d->idx[1] = index_of(other);
	d->counts[0] = d->counts[1] = 8;
	if (third) {
		d->idx[2] = index_of(third);
		d->counts[2] = 4;
	}
	d->q = (struct mf_odds_query){ .cat = play_cat, .size = 60, .lands = d->idx,
				       .counts = d->counts, .n_lands = third ? 3 : 2, .turn = 2,
				       .life = life, .policy = MF_ODDS_NONE, .method = MF_ODDS_EXACT };
	ck_assert_int_eq(mf_mana_cost_parse("{R}{R}", 6, &d->q.cost, &err), MF_OK);
}

/* p_castable of the deck by the engine, checked against the reference. */
static double castable(const struct pair_deck *d, const char *what)
{
	struct mf_odds_result e;
	struct odds_play_result r;

	ck_assert_int_eq(mf_odds_compute(&d->q, &e), MF_OK);
	ck_assert_int_eq(odds_play_exact(&d->q, &r), MF_OK);
	ck_assert_msg(fabs(e.p_castable - r.p_castable) <= TOLERANCE &&
		      fabs(e.p_lands - r.p_lands) <= TOLERANCE,
		      "%s: engine %.12f, reference %.12f", what, e.p_castable, r.p_castable);
	return e.p_castable;
}

START_TEST(test_mdfc_face_as_shock_for_3)
{
	struct pair_deck d;
	double face, shock, tapped;

	/* Life to spare: 3 life or 2, the face is the shock land. */
	deck_of(&d, "Shatterskull, the Hammer Pass", NULL, 20);
	face = castable(&d, "face, life 20");
	deck_of(&d, "Sacred Foundry", NULL, 20);
	shock = castable(&d, "shock, life 20");
	ck_assert_msg(fabs(face - shock) <= TOLERANCE, "life 20: face %.12f, shock %.12f", face,
		      shock);
	/* 4 life: 3 can be paid with 1 left. */
	deck_of(&d, "Shatterskull, the Hammer Pass", NULL, 4);
	face = castable(&d, "face, life 4");
	ck_assert_msg(fabs(face - shock) <= TOLERANCE, "life 4: face %.12f, shock %.12f", face,
		      shock);
	/* 3 life: the shock still pays its 2, the face plays as a tapped land. */
	deck_of(&d, "Shatterskull, the Hammer Pass", NULL, 3);
	face = castable(&d, "face, life 3");
	deck_of(&d, "Sacred Foundry", NULL, 3);
	ck_assert_msg(fabs(castable(&d, "shock, life 3") - shock) <= TOLERANCE, "shock at 3 life");
	deck_of(&d, "Bloodfell Caves", NULL, 3);
	tapped = castable(&d, "tapped, life 3");
	ck_assert_msg(fabs(face - tapped) <= TOLERANCE, "life 3: face %.12f, tapped %.12f", face,
		      tapped);
	ck_assert_msg(face < shock - 1e-3, "life 3: face %.12f, shock %.12f", face, shock);
}
END_TEST

START_TEST(test_mdfc_face_beside_shock)
{
	struct mf_mana_land mono = { .name = "Red Shock", .kind = MF_MANA_KIND_OTHER,
				     .etb = MF_MANA_ETB_UNTAPPED, .untap_life = 2, .n_options = 1 };
	struct mf_mana_catalogue *base = play_cat, *cat;
	struct mf_mana_parse_error err;
	struct pair_deck d;
	double p3, p4;

	/* A shock land making R alone: alike to the face in everything but
	 * its life, two groups and not one. */
	mono.options[0].mana[MF_MANA_R] = 1;
	ck_assert_int_eq(mf_mana_catalogue_extend(base, &mono, 1, &cat, &err), MF_OK);
	play_cat = cat;
	deck_of(&d, "Shatterskull, the Hammer Pass", "Red Shock", 3);
	p3 = castable(&d, "face and shock, life 3");
	deck_of(&d, "Shatterskull, the Hammer Pass", "Red Shock", 4);
	p4 = castable(&d, "face and shock, life 4");
	ck_assert_msg(p3 < p4 - 1e-3, "life 3 %.12f, life 4 %.12f", p3, p4);
	deck_of(&d, "Shatterskull, the Hammer Pass", "Sacred Foundry", 3);
	castable(&d, "face and Sacred Foundry, life 3");
	play_cat = base;
	mf_mana_catalogue_free(cat);
}
END_TEST

/* Whether q holds one of the faces. */
static bool has_face(const struct mf_odds_query *q)
{
	for (size_t i = 0; i < q->n_lands; i++)
		if (mf_mana_catalogue_land(q->cat, (size_t)q->lands[i])->untap_life == 3)
			return true;
	return false;
}

/* Random small queries that may draw the faces (odds_random_with_mdfc),
 * engine (exact) against the reference; a 25th of them under valgrind. */
START_TEST(test_mdfc_exact_diff)
{
	uint32_t queries = getenv("MANAFLOW_UNDER_VALGRIND") ? MDFC_QUERIES / 25 : MDFC_QUERIES;
	uint32_t with_face = 0;
	struct odds_random r;

	odds_random_init(&r, play_cat, 0x6d646663u + (uint64_t)_i);
	odds_random_with_mdfc(&r);
	for (uint32_t n = 0; n < queries; n++) {
		int32_t idx[ODDS_RANDOM_SMALL_KINDS];
		uint32_t counts[ODDS_RANDOM_SMALL_KINDS];
		struct mf_odds_query q;
		struct mf_odds_result got;
		struct odds_play_result want;
		char text[1024];

		odds_random_small(&r, &q, idx, counts);
		odds_random_print(&q, text, sizeof(text));
		with_face += has_face(&q);
		ck_assert_msg(odds_play_exact(&q, &want) == MF_OK, "reference: %s", text);
		ck_assert_msg(mf_odds_compute(&q, &got) == MF_OK, "engine: %s", text);
		ck_assert_msg(fabs(got.p_lands - want.p_lands) <= TOLERANCE &&
			      fabs(got.p_castable - want.p_castable) <= TOLERANCE &&
			      fabs(got.p_castable_given_lands - want.p_castable_given_lands) <=
				      TOLERANCE,
			      "seed %d query %u: %s\n  engine %.12f %.12f %.12f\n  reference %.12f "
			      "%.12f %.12f", _i, n, text, got.p_lands, got.p_castable,
			      got.p_castable_given_lands, want.p_lands, want.p_castable,
			      want.p_castable_given_lands);
	}
	ck_assert_uint_ge(with_face, queries / 20);
}
END_TEST

void play_add_mdfc_tcases(Suite *s)
{
	TCase *tc = tcase_create("mdfc");

	tcase_add_checked_fixture(tc, play_setup, play_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_mdfc_face_as_shock_for_3);
	tcase_add_test(tc, test_mdfc_face_beside_shock);
	tcase_add_loop_test(tc, test_mdfc_exact_diff, 0, MDFC_SEEDS);
	suite_add_tcase(s, tc);
}
