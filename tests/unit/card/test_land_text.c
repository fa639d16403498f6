/*
 * Check suites of the land reader (mf_card_land_read) that need no sample
 * card: the land families that cards-sample.json lacks, in their
 * current Oracle wording; pathways; limits; ignored clauses' text; and, from
 * the sample's lands, mutated Oracle texts drawn from a fixed seed.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/card.h"
#include "unit/card/land_describe.h"
#include "unit/card/mutate.h"
#include "unit/card/sample.h"
#include "unit/card/suites.h"

static struct sample sample;

static void sample_setup(void)
{
	if (sample_load(sample_path(), &sample) != 0)
		ck_abort_msg("cannot load %s (set MF_DECK_SAMPLE)", sample_path());
}

static void sample_teardown(void)
{
	sample_free(&sample);
}

/* ------------------------------------------------------------------ */
/* Families not in the sample, in their current Oracle wording         */

static const char *text_land(const char *name, const char *type, const char *text)
{
	static char buf[1024];
	struct mf_card_object card = { { name, "", type, text }, NULL, 0 };
	struct mf_card_lands lands;

	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	land_describe(&lands.faces[0], buf, sizeof(buf));
	return buf;
}

#define ck_text(name, type, text, want)                                       \
	do {                                                                  \
		const char *got_ = text_land(name, type, text);               \
		ck_assert_msg(strcmp(got_, want) == 0, "%s:\n  got  %s\n  want %s", \
			      name, got_, want);                              \
	} while (0)

START_TEST(current_fetches)
{
	ck_text("Flooded Strand", "Land",
		"{T}, Pay 1 life, Sacrifice Flooded Strand: Search your library for a Plains or Island card, "
		"put it onto the battlefield, then shuffle.", "fetch=WU-1");
	ck_text("Windswept Heath", "Land",
		"{T}, Pay 1 life, Sacrifice this land: Search your library for a Forest or Plains card, "
		"put it onto the battlefield, then shuffle.", "fetch=WG-1");
	ck_text("Prismatic Vista", "Land",
		"{T}, Pay 1 life, Sacrifice Prismatic Vista: Search your library for a basic land card, "
		"put it onto the battlefield, then shuffle.", "fetch=any-1");
	ck_text("Terramorphic Expanse", "Land",
		"{T}, Sacrifice Terramorphic Expanse: Search your library for a basic land card, "
		"put it onto the battlefield tapped, then shuffle.", "fetch=any tapped");
	/* Fabled Passage's untap with four lands is read. */
	ck_text("Fabled Passage", "Land",
		"{T}, Sacrifice Fabled Passage: Search your library for a basic land card, put it onto the "
		"battlefield tapped, then shuffle. Then if you control four or more lands, untap that land.",
		"fetch=any tapped untap4");
	/* Without "tapped" there is nothing to untap: the sentence is listed. */
	ck_text("Test Passage", "Land",
		"{T}, Sacrifice Test Passage: Search your library for a basic land card, put it onto the "
		"battlefield, then shuffle. Then if you control four or more lands, untap that land.",
		"fetch=any | ignored=permanents");
	/* Onslaught's 2019 wording, and a basic-only fetch of two types. */
	ck_text("Polluted Delta", "Land",
		"{T}, Pay 1 life, Sacrifice Polluted Delta: Search your library for an Island or Swamp card, "
		"put it onto the battlefield, then shuffle your library.", "fetch=UB-1");
	ck_text("Test Vista", "Land",
		"{T}, Sacrifice Test Vista: Search your library for a basic Mountain or Forest card, "
		"put it onto the battlefield tapped, then shuffle.", "fetch=RG basic tapped");
}
END_TEST

START_TEST(current_enters)
{
	ck_text("Hallowed Fountain", "Land — Plains Island",
		"({T}: Add {W} or {U}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.",
		"mana=*W *U | enters=shock2");
	ck_text("Seachrome Coast", "Land",
		"This land enters tapped unless you control two or fewer other lands.\n{T}: Add {W} or {U}.",
		"mana=W U | enters=few2");
	ck_text("Deserted Beach", "Land",
		"Deserted Beach enters the battlefield tapped unless you control two or more other lands.\n"
		"{T}: Add {W} or {U}.", "mana=W U | enters=many2");
	ck_text("Glacial Fortress", "Land",
		"This land enters tapped unless you control a Plains or an Island.\n{T}: Add {W} or {U}.",
		"mana=W U | enters=control:WU");
	ck_text("Scoured Barrens", "Land",
		"This land enters tapped.\nWhen this land enters, you gain 1 life.\n{T}: Add {W} or {B}.",
		"mana=W B | enters=tapped");
	ck_text("Temple of Malice", "Land",
		"This land enters tapped.\nWhen this land enters, scry 1. (Look at the top card of your library. "
		"You may put that card on the bottom.)\n{T}: Add {B} or {R}.", "mana=B R | enters=tapped");
	/* Triomes: cycling is not mana-relevant. */
	ck_text("Ketria Triome", "Land — Forest Island Mountain",
		"({T}: Add {G}, {U}, or {R}.)\nKetria Triome enters the battlefield tapped.\n"
		"Cycling {3} ({3}, Discard this card: Draw a card.)", "mana=*U *R *G | enters=tapped");
	ck_text("Dimir Aqueduct", "Land",
		"This land enters tapped.\nWhen this land enters, return a land you control to its owner's hand.\n"
		"{T}: Add {U}{B}.", "mana=UB | enters=tapped | bounce");
	/* "If you control two or more other lands": at most one other. */
	ck_text("Hive of the Eye Tyrant", "Land",
		"If you control two or more other lands, this land enters tapped.\n{T}: Add {B}.\n"
		"{3}{B}: Until end of turn, this land becomes a 3/3 black Beholder creature with menace and "
		"\"Whenever this creature attacks, exile target card from defending player's graveyard.\" "
		"It's still a land.", "mana=B | enters=few1");
	ck_text("Den of the Bugbear", "Land",
		"If you control two or more other lands, Den of the Bugbear enters the battlefield tapped.\n"
		"{T}: Add {R}.", "mana=R | enters=few1");
	/* A condition the reader does not know is listed, never dropped. */
	ck_text("Luxury Suite", "Land",
		"This land enters tapped unless you have two or more opponents.\n{T}: Add {B} or {R}.",
		"mana=B R | enters=conditional | ignored=state");
	ck_text("Minas Tirith", "Legendary Land",
		"Minas Tirith enters the battlefield tapped unless you control a legendary creature.\n{T}: Add {W}.",
		"legendary | mana=W | enters=conditional | ignored=permanents");
	/* A sentence after "enters tapped" is read on its own. */
	ck_text("Thriving Bluff", "Land",
		"This land enters tapped. As it enters, choose a color other than red.\n"
		"{T}: Add {R} or one mana of the chosen color.", "enters=tapped | ignored=state");
}
END_TEST

START_TEST(current_mana_abilities)
{
	/* Urborg is a Swamp itself: {B}; what it does to the others is listed. */
	ck_text("Urborg, Tomb of Yawgmoth", "Legendary Land",
		"Each land is a Swamp in addition to its other land types.",
		"legendary | mana=*B | ignored=other-lands");
	ck_text("Yavimaya, Cradle of Growth", "Legendary Land",
		"Each land is a Forest in addition to its other land types.",
		"legendary | mana=*G | ignored=other-lands");
	/* The opponents' lands are taken to make every colour. */
	ck_text("Exotic Orchard", "Land",
		"{T}: Add one mana of any color that a land an opponent controls could produce.",
		"mana=W U B R G");
	ck_text("Sunbaked Canyon", "Land",
		"{T}, Pay 1 life: Add {R} or {W}.\n{1}, {T}, Sacrifice this land: Draw a card.", "mana=R-1 W-1");
	ck_text("Llanowar Wastes", "Land",
		"{T}: Add {C}.\n{T}: Add {B} or {G}. This land deals 1 damage to you.", "mana=C B-1 G-1");
	ck_text("Gloomlake Verge", "Land",
		"{T}: Add {U}.\n{T}: Add {B}. Activate only if you control an Island or a Swamp.",
		"mana=U | ignored=permanents");
	ck_text("Command Tower", "Land",
		"{T}: Add one mana of any color in your commander's color identity.",
		"mana=W:id U:id B:id R:id G:id");
	ck_text("Path of Ancestry", "Land",
		"This land enters tapped.\n{T}: Add one mana of any color in your commander's color identity. "
		"When that mana is spent to cast a creature spell that shares a creature type with your commander, "
		"scry 1.", "mana=W:id U:id B:id R:id G:id | enters=tapped | ignored=rider");
	ck_text("Interplanar Beacon", "Land",
		"Whenever you cast a planeswalker spell, you gain 1 life.\n{T}: Add {C}.\n"
		"{1}, {T}: Add two mana of different colors. Spend this mana only to cast planeswalker spells.",
		"mana=C | ignored=spend");
	ck_text("Power Depot", "Artifact Land",
		"This land enters tapped.\n{T}: Add {C}{C}{C}.", "mana=CCC | enters=tapped");
}
END_TEST

START_TEST(pathways_by_face)
{
	struct mf_card_face faces[2] = {
		{ "Brightclimb Pathway", "", "Land", "{T}: Add {W}." },
		{ "Grimclimb Pathway", "", "Land", "{T}: Add {B}." },
	};
	struct mf_card_face abbey[2] = {
		{ "Westvale Abbey", "", "Land", "{T}: Add {C}." },
		{ "Ormendahl, Profane Prince", "", "Legendary Creature — Demon", "Flying" },
	};
	struct mf_card_object card = {
		{ "Brightclimb Pathway // Grimclimb Pathway", "", "Land // Land", "" }, faces, 2,
	};
	struct mf_card_lands lands;
	char desc[256];

	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 2);
	ck_assert_str_eq(lands.faces[0].name, "Brightclimb Pathway");
	ck_assert_uint_eq(lands.faces[0].face, 0);
	land_describe(&lands.faces[0], desc, sizeof(desc));
	ck_assert_str_eq(desc, "mana=W");
	ck_assert_str_eq(lands.faces[1].name, "Grimclimb Pathway");
	ck_assert_uint_eq(lands.faces[1].face, 1);
	land_describe(&lands.faces[1], desc, sizeof(desc));
	ck_assert_str_eq(desc, "mana=B");

	/* Only land faces are returned; a non-land card gives none. */
	card = (struct mf_card_object){ { "Westvale Abbey // Ormendahl, Profane Prince", "", "", "" }, abbey, 2 };
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	ck_assert_uint_eq(lands.faces[0].face, 0);
	card = (struct mf_card_object){ { "Island Fish", "{4}{U}", "Creature — Fish", "{T}: Add {U}." }, NULL, 0 };
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Limits                                                              */

START_TEST(limits)
{
	char *big = malloc(MF_CARD_TEXT_MAX + 2);
	struct mf_card_face faces[MF_CARD_FACES_MAX + 1];
	struct mf_card_object card = { { "Big", "", "Land", NULL }, NULL, 0 };
	struct mf_card_lands lands;

	ck_assert_ptr_nonnull(big);
	memset(big, 'a', MF_CARD_TEXT_MAX);
	big[MF_CARD_TEXT_MAX] = '\0';
	card.card.oracle_text = big;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	big[MF_CARD_TEXT_MAX] = 'a';
	big[MF_CARD_TEXT_MAX + 1] = '\0';
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_ERR_LIMIT);
	ck_assert_uint_eq(lands.n, 0);
	card.card.oracle_text = NULL;
	card.card.name = big;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_ERR_LIMIT);
	card.card.name = NULL;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	ck_assert_int_eq(lands.faces[0].unsupported, MF_CARD_WHY_NO_MANA);

	for (size_t f = 0; f <= MF_CARD_FACES_MAX; f++)
		faces[f] = (struct mf_card_face){ "Face", NULL, "Land — Island", NULL };
	card.faces = faces;
	card.n_faces = MF_CARD_FACES_MAX;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, MF_CARD_FACES_MAX);
	card.n_faces = MF_CARD_FACES_MAX + 1;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_ERR_LIMIT);
	ck_assert_uint_eq(lands.n, 0);
	card.faces = NULL;
	card.n_faces = 1;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_ERR_INVALID);
	ck_assert_uint_eq(lands.n, 0);
	free(big);

	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_NONE), "");
	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_COUNT), "unknown");
	for (int w = 1; w < MF_CARD_WHY_COUNT; w++)
		ck_assert_uint_gt(strlen(mf_card_land_why_text(w)), 0);
}
END_TEST

START_TEST(array_limits)
{
	struct mf_card_object card = { { "Many", "", "Land", NULL }, NULL, 0 };
	struct mf_card_lands lands;
	char text[2048];
	size_t n = 0;

	/* 4 x 5 alternatives: 16 are kept, the rest is a "limit" entry. */
	for (int life = 1; life <= 4; life++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "{T}, Pay %d life: Add one mana of any color.\n", life);
	card.card.oracle_text = text;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_mana, MF_CARD_LAND_MANA_MAX);
	ck_assert_uint_eq(lands.faces[0].n_ignored, 1);
	ck_assert_int_eq(lands.faces[0].ignored[0].why, MF_CARD_WHY_LIMIT);

	/* Fetches beyond MF_CARD_LAND_FETCH_MAX. */
	n = 0;
	for (int i = 0; i < MF_CARD_LAND_FETCH_MAX + 2; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "{T}, Pay %d life, Sacrifice Many: Search your library for a Forest card, "
				      "put it onto the battlefield, then shuffle.\n", i);
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_fetch, MF_CARD_LAND_FETCH_MAX);
	ck_assert_uint_eq(lands.faces[0].n_ignored, 2);
	ck_assert_int_eq(lands.faces[0].ignored[1].why, MF_CARD_WHY_LIMIT);

	/* Ignored clauses beyond MF_CARD_LAND_IGNORED_MAX are counted. */
	n = 0;
	for (int i = 0; i < MF_CARD_LAND_IGNORED_MAX + 4; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "{T}: Add {W}. Spend this mana only to cast spell %d.\n", i);
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_ignored, MF_CARD_LAND_IGNORED_MAX);
	ck_assert_uint_eq(lands.faces[0].n_ignored_total, MF_CARD_LAND_IGNORED_MAX + 4);
	ck_assert_int_eq(lands.faces[0].unsupported, MF_CARD_WHY_SPEND_RESTRICTION);
}
END_TEST

START_TEST(clause_text_is_cut_between_characters)
{
	struct mf_card_object card = { { "Cut", "", "Land", NULL }, NULL, 0 };
	struct mf_card_lands lands;
	char text[512];
	size_t n;

	/* "{T}: Add {W}. Spend this mana only " (35 bytes), padding, then an
	 * em dash (3 bytes) across byte MF_CARD_LAND_CLAUSE_MAX. */
	n = (size_t)snprintf(text, sizeof(text), "{T}: Add {W}. Spend this mana only ");
	memset(text + n, 'x', MF_CARD_LAND_CLAUSE_MAX - 1 - n);
	n = MF_CARD_LAND_CLAUSE_MAX - 1;
	n += (size_t)snprintf(text + n, sizeof(text) - n, "\xe2\x80\x94 and more.");
	card.card.oracle_text = text;
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_ignored, 1);
	ck_assert_uint_eq(strlen(lands.faces[0].ignored[0].text), MF_CARD_LAND_CLAUSE_MAX - 1);
	ck_assert(mutate_valid_utf8(lands.faces[0].ignored[0].text, sizeof(lands.faces[0].ignored[0].text)));

	/* Bytes that are not UTF-8 come out as '?'. */
	card.card.oracle_text = "{T}: Add {W}. Spend this mana only on \xff\xc0\x80 \xed\xa0\x80.";
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_str_eq(lands.faces[0].ignored[0].text,
			 "{T}: Add {W}. Spend this mana only on ??? ???.");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Mutated Oracle texts                                                */

static uint64_t rng_state;

/* Pieces of land text to splice in, and bytes that are not UTF-8. */
static const char *const pieces[] = {
	"{T}", ": ", "Add ", "{W}", "{C}", "{U/P}", "{2}", " or ", ", ", ", or ", ".", ". ", " ",
	"Pay 1 life", "Pay 255 life", "Sacrifice ", "this land", "it", "(", ")", "\n", "\"",
	" enters the battlefield tapped", " enters tapped", " unless you control ", "two or fewer other lands",
	"a Plains or an Island", "Search your library for ", "a basic land card", " card, put it onto the battlefield",
	" tapped", "one mana of any color", "ten mana of any one color", " deals 3 damage to you",
	"Spend this mana only", "Activate only if", "As this land enters, you may pay 2 life. If you don't, it enters tapped.",
	"When this land enters, return a land you control to its owner's hand.", "Whenever this land becomes tapped, it deals 1 damage to you.",
	"If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}{C} instead.", "Hideaway", "Threshold \xe2\x80\x94 ",
	"\xe2\x80\x94", "\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "{", "}", "9999999999",
};

static size_t mutate(const char *src, char *dst, size_t cap)
{
	return mutate_text(&rng_state, src, dst, cap, pieces, sizeof(pieces) / sizeof(pieces[0]));
}

static void check_bounds(const struct mf_card_lands *lands)
{
	ck_assert_uint_le(lands->n, MF_CARD_FACES_MAX);
	for (size_t f = 0; f < lands->n; f++) {
		const struct mf_card_land *land = &lands->faces[f];

		ck_assert_uint_le(land->n_mana, MF_CARD_LAND_MANA_MAX);
		ck_assert_uint_le(land->n_fetch, MF_CARD_LAND_FETCH_MAX);
		ck_assert_uint_le(land->n_ignored, MF_CARD_LAND_IGNORED_MAX);
		ck_assert_uint_ge(land->n_ignored_total, land->n_ignored);
		ck_assert_int_le(land->enters, MF_CARD_ENTERS_CONDITIONAL);
		ck_assert_uint_eq(land->basic_types & ~MF_CARD_WUBRG, 0);
		ck_assert_uint_eq(land->supertypes & ~7u, 0);
		ck_assert_int_lt(land->unsupported, MF_CARD_WHY_COUNT);
		ck_assert((land->unsupported == MF_CARD_WHY_NONE) == (land->n_mana + land->n_fetch > 0));
		for (size_t i = 0; i < land->n_fetch; i++)
			ck_assert_uint_eq(land->fetch[i].types & ~MF_CARD_WUBRG, 0);
		for (size_t i = 0; i < land->n_ignored; i++) {
			ck_assert_int_gt(land->ignored[i].why, MF_CARD_WHY_NONE);
			ck_assert_int_lt(land->ignored[i].why, MF_CARD_WHY_NO_MANA);
			ck_assert(mutate_valid_utf8(land->ignored[i].text, sizeof(land->ignored[i].text)));
		}
	}
}

START_TEST(mutated_texts)
{
	static char text[MF_CARD_TEXT_MAX + 1], name[64];
	size_t n_lands = 0, read = 0;
	const int rounds = 20000;

	rng_state = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < sample.n; i++)
		n_lands += land_card_is_land(&sample.cards[i].card);
	ck_assert_uint_gt(n_lands, 0);
	for (int r = 0; r < rounds; r++) {
		const struct sample_card *sc;
		struct mf_card_object card;
		struct mf_card_lands lands;

		do
			sc = &sample.cards[mutate_rng(&rng_state) % sample.n];
		while (!land_card_is_land(&sc->card));
		card = sc->card;
		card.n_faces = 0;
		mutate(card.card.oracle_text ? card.card.oracle_text : "", text, sizeof(text));
		card.card.oracle_text = text;
		if (mutate_rng(&rng_state) % 4 == 0) {
			mutate(card.card.name, name, sizeof(name));
			card.card.name = name;
		}
		ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
		ck_assert_uint_eq(lands.n, 1);
		check_bounds(&lands);
		read += lands.faces[0].unsupported == MF_CARD_WHY_NONE;
	}
	printf("land: %d mutated texts, %zu still read\n", rounds, read);
}
END_TEST

/* ------------------------------------------------------------------ */

Suite *land_text_suite(void)
{
	Suite *s = suite_create("land_text");
	TCase *current = tcase_create("current_wording");
	TCase *limit = tcase_create("limits");
	TCase *robust = tcase_create("mutated");

	tcase_add_test(current, current_fetches);
	tcase_add_test(current, current_enters);
	tcase_add_test(current, current_mana_abilities);
	tcase_add_test(current, pathways_by_face);
	suite_add_tcase(s, current);

	tcase_add_test(limit, limits);
	tcase_add_test(limit, array_limits);
	tcase_add_test(limit, clause_text_is_cut_between_characters);
	suite_add_tcase(s, limit);

	tcase_add_unchecked_fixture(robust, sample_setup, sample_teardown);
	tcase_add_test(robust, mutated_texts);
	suite_add_tcase(s, robust);
	return s;
}
