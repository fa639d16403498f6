/*
 * Check suites of the deck-colour solver: the reading rules one by one, the
 * seed's example decks, limits and agreement with taw's published table on
 * cards-sample.json. The differential suite is in test_deck_diff.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/deck.h"
#include "unit/card/sample.h"
#include "unit/deck/suites.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

struct answer {
	char produces[8];
	char uses[8];
};

static struct answer read_faces(const struct mf_card_face *top,
				const struct mf_card_face *faces, size_t n)
{
	struct mf_card_object card = { *top, faces, n };
	struct mf_card_colors colors;
	struct answer a;

	ck_assert_int_eq(mf_card_read_colors(&card, &colors), MF_OK);
	mf_deck_letters(colors.produces, a.produces);
	mf_deck_letters(colors.uses, a.uses);
	return a;
}

static struct answer read_one(const char *cost, const char *type, const char *text)
{
	struct mf_card_face face = { "test card", cost, type, text };

	return read_faces(&face, NULL, 0);
}

#define ck_card(cost, type, text, want_produces, want_uses)                  \
	do {                                                                 \
		struct answer got_ = read_one(cost, type, text);             \
		ck_assert_str_eq(got_.produces, want_produces);              \
		ck_assert_str_eq(got_.uses, want_uses);                      \
	} while (0)

/* ------------------------------------------------------------------ */
/* Rules                                                               */

START_TEST(add_clauses)
{
	ck_card("", "Land", "{T}: Add {G}.", "G", "");
	ck_card("", "Land", "{T}: Add {C}.", "C", "");
	ck_card("{3}", "Artifact", "{T}: Add {W}, {B}, or {G}.\n{W}{B}{G}, {T}, Sacrifice this: Draw a card.",
		"WBG", "WBG");
	/* The clause ends at the full stop; what follows is a cost again. */
	ck_card("", "Land", "{T}: Add {G}. {U}: Untap this land.", "G", "U");
	/* "adds" and any case; "additional" and "madd" are not "add". */
	ck_card("", "Enchantment", "Whenever a player taps a Forest, that player ADDS {B}.", "B", "");
	ck_card("", "Enchantment", "Pay an additional {R}. Madd {U}.", "", "UR");
	/* A quoted ability still adds. */
	ck_card("{G}", "Enchantment — Aura", "Enchanted land has \"{T}: Add one mana of any color.\"",
		"WUBRG", "G");
}
END_TEST

START_TEST(any_color_or_type)
{
	ck_card("", "Land", "{T}: Add one mana of any color.", "WUBRG", "");
	ck_card("{0}", "Artifact", "{T}, Sacrifice this: Add three mana of any one color.", "WUBRG", "");
	ck_card("", "Land", "{T}: Add one mana of any type that a land you control could produce.",
		"WUBRG", "");
	ck_card("{1}{R}", "Instant", "Add two mana in any combination of colors.", "WUBRG", "R");
	/* "colorless" is not the word "color". */
	ck_card("", "Land", "{T}: Add one mana of any colorless kind.", "", "");
}
END_TEST

START_TEST(any_window)
{
	char text[128];

	/* taw allows at most 30 characters between "any" and "color". */
	snprintf(text, sizeof(text), "Add one mana of any%30scolor.", "");
	ck_card("", "Land", text, "WUBRG", "");
	snprintf(text, sizeof(text), "Add one mana of any%31scolor.", "");
	ck_card("", "Land", text, "", "");
}
END_TEST

START_TEST(any_combination_of_named_colors)
{
	/* taw's table says WUBRG; the card makes only R and G. */
	ck_card("", "Land", "{T}: Add {C}.\n{1}, {T}: Put a storage counter on Fungal Reaches.\n"
		"{1}, Remove X storage counters from Fungal Reaches: Add X mana in any combination of {R} and/or {G}.",
		"RGC", "");
	ck_card("{3}{R}{G}", "Legendary Planeswalker — Xenagos",
		"+1: Add X mana in any combination of {R} and/or {G}, where X is the number of creatures you control.",
		"RG", "RG");
}
END_TEST

START_TEST(copied_mana_adds_no_color)
{
	ck_card("{2}{R}", "Enchantment",
		"Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
		"", "R");
	/* Only the exact mana-doubler phrase is exempt. */
	ck_card("{3}", "Artifact Creature",
		"{T}: Choose a land an opponent controls. Add one mana of any type that land could produce.",
		"WUBRG", "");
}
END_TEST

START_TEST(basic_land_types)
{
	ck_card("", "Land — Forest Island", "", "UG", "");
	ck_card("", "Basic Snow Land — Mountain", "", "R", "");
	ck_card("", "LAND — SWAMP PLAINS", "", "WB", "");
	ck_card("", "Land Creature — Forest Dryad", "", "G", "");
	/* Words, not substrings. */
	ck_card("", "Creature — Forestwalker Islander", "", "", "");
	ck_card("", "Legendary Land", "", "", "");
}
END_TEST

START_TEST(every_face)
{
	struct mf_card_face top = { "Front // Back", "", "Creature — Human // Creature — Horror", "" };
	struct mf_card_face faces[2] = {
		{ "Front", "{2}{U}", "Creature — Human", "Flying" },
		{ "Back", "", "Creature — Horror", "{T}: Add {B}.\n{1}{R}: This gets +1/+0." },
	};
	struct mf_card_face split_top = { "Fire // Ice", "{1}{R} // {1}{U}", "Instant // Instant", "" };
	struct answer a = read_faces(&top, faces, 2);

	ck_assert_str_eq(a.produces, "B");
	ck_assert_str_eq(a.uses, "UR");
	/* A split card's top-level cost already names both halves. */
	a = read_faces(&split_top, NULL, 0);
	ck_assert_str_eq(a.uses, "UR");
	/* Faces alone, with an empty top level, answer the same. */
	a = read_faces(&(struct mf_card_face){ 0 }, faces, 2);
	ck_assert_str_eq(a.produces, "B");
	ck_assert_str_eq(a.uses, "UR");
}
END_TEST

START_TEST(cost_symbols)
{
	ck_card("{W/U}", "Creature", "", "", "WU");
	ck_card("{2/R}{2/R}", "Creature", "", "", "R");
	ck_card("{G/P}", "Instant", "", "", "G");
	ck_card("{G/W/P}", "Creature", "", "", "WG");
	ck_card("{HW}", "Instant", "", "", "W");
	ck_card("{X}{C}{C}", "Creature", "", "", "C");
	ck_card("{S}{E}{Q}{10}", "Instant", "", "", "");
	/* Other costs on the card: activated abilities, kicker, flashback. */
	ck_card("{2}", "Artifact", "{1}{B}, {T}: Target player discards a card.", "", "B");
	ck_card("{1}{G}", "Sorcery", "Kicker {R}\nFlashback {3}{U}", "", "URG");
	ck_card("{1}{W}", "Creature", "Extort (Whenever you cast a spell, you may pay {W/B}.)", "", "WB");
}
END_TEST

START_TEST(reminder_text)
{
	/* Reminder text that only restates a cost changes nothing... */
	ck_card("{R/P}", "Instant", "({R/P} can be paid with either {R} or 2 life.)\nGut Shot deals 1 damage to any target.",
		"", "R");
	/* ...and reminder text is never read as a cost or an ability. */
	ck_card("", "Artifact", "({T}: Add {R}.)", "", "");
	ck_card("{2}{B}", "Creature", "Devoid (This card has no color.)\nPay 1 life: Add {C}. ({C} represents colorless mana.)",
		"C", "B");
	/* An unclosed parenthesis is not reminder text. */
	ck_card("", "Land", "(Add {G}", "G", "");
}
END_TEST

START_TEST(lines_without_mana_are_skipped)
{
	/* taw's gate: no "mana" and no coloured symbol, so no "Add" clause. */
	ck_card("", "Land", "{T}: Add any one color.", "", "");
	ck_card("", "Land", "{T}: Add any one color of mana.", "WUBRG", "");
}
END_TEST

START_TEST(letters_in_order)
{
	char buf[7];

	ck_assert_uint_eq(mf_deck_letters(0, buf), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(mf_deck_letters(MF_CARD_WUBRG | MF_CARD_C, buf), 6);
	ck_assert_str_eq(buf, "WUBRGC");
	ck_assert_uint_eq(mf_deck_letters(MF_CARD_U | MF_CARD_G | 0xc0, buf), 2);
	ck_assert_str_eq(buf, "UG");
}
END_TEST

/* ------------------------------------------------------------------ */
/* The seed's decks                                                    */

static const struct mf_card_face mountain = { "Mountain", "", "Basic Land — Mountain", "({T}: Add {R}.)" };
static const struct mf_card_face forest = { "Forest", "", "Basic Land — Forest", "({T}: Add {G}.)" };
static const struct mf_card_face island = { "Island", "", "Basic Land — Island", "({T}: Add {U}.)" };
static const struct mf_card_face boros_reckoner = { "Boros Reckoner", "{R/W}{R/W}{R/W}", "Creature — Minotaur Wizard",
	"Whenever Boros Reckoner is dealt damage, it deals that much damage to any target.\n"
	"{R/W}: Boros Reckoner gains first strike until end of turn." };
static const struct mf_card_face rakdos_cackler = { "Rakdos Cackler", "{B/R}", "Creature — Devil",
	"Unleash (You may have this creature enter the battlefield with a +1/+1 counter on it. "
	"It can't block as long as it has a +1/+1 counter on it.)" };
static const struct mf_card_face cavern_of_souls = { "Cavern of Souls", "", "Land",
	"As Cavern of Souls enters the battlefield, choose a creature type.\n{T}: Add {C}.\n"
	"{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen type, "
	"and that spell can't be countered." };
static const struct mf_card_face gut_shot = { "Gut Shot", "{R/P}", "Instant",
	"({R/P} can be paid with either {R} or 2 life.)\nGut Shot deals 1 damage to any target." };
static const struct mf_card_face delver = { "Delver of Secrets", "{U}", "Creature — Human Wizard",
	"At the beginning of your upkeep, look at the top card of your library." };
static const struct mf_card_face metamorph = { "Phyrexian Metamorph", "{3}{U/P}", "Artifact Creature — Shapeshifter",
	"({U/P} can be paid with either {U} or 2 life.)\nYou may have Phyrexian Metamorph enter the battlefield "
	"as a copy of any artifact or creature on the battlefield." };
static const struct mf_card_face birthing_pod = { "Birthing Pod", "{3}{G/P}", "Artifact",
	"({G/P} can be paid with either {G} or 2 life.)\n{1}{G/P}, {T}, Sacrifice a creature: Search your library." };
static const struct mf_card_face noble_hierarch = { "Noble Hierarch", "{G}", "Creature — Human Druid",
	"Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.)\n"
	"{T}: Add {G}, {W}, or {U}." };
static const struct mf_card_face birds = { "Birds of Paradise", "{G}", "Creature — Bird",
	"Flying\n{T}: Add one mana of any color." };
static const struct mf_card_face progenitus = { "Progenitus", "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}",
	"Legendary Creature — Hydra Avatar", "Protection from everything" };

/* Colours of a deck given as faces, each one card. */
static const char *deck_of(const struct mf_card_face *const *faces, size_t n)
{
	static char letters[7];
	struct mf_card_object cards[16];
	struct mf_deck_colors colors;
	size_t bad = 99;

	ck_assert_uint_le(n, 16);
	for (size_t i = 0; i < n; i++)
		cards[i] = (struct mf_card_object){ *faces[i], NULL, 0 };
	ck_assert_int_eq(mf_deck_colors(cards, n, NULL, &colors, &bad), MF_OK);
	ck_assert_uint_eq(bad, 99);
	ck_assert_uint_eq(colors.colors, colors.produces & colors.uses & MF_CARD_WUBRG);
	mf_deck_letters(colors.colors, letters);
	return letters;
}

#define DECK(...) (const struct mf_card_face *const[]){ __VA_ARGS__ }, \
	sizeof((const struct mf_card_face *const[]){ __VA_ARGS__ }) / sizeof(void *)

START_TEST(seed_mono_red_with_hybrids)
{
	/* Hybrid Reckoners and Cacklers do not make Mountains a three-colour deck. */
	ck_assert_str_eq(deck_of(DECK(&mountain, &boros_reckoner, &rakdos_cackler)), "R");
}
END_TEST

START_TEST(seed_cavern_of_souls)
{
	/* Cavern can pay W and B for the hybrids: the seed accepts R/w/b. */
	ck_assert_str_eq(deck_of(DECK(&mountain, &boros_reckoner, &rakdos_cackler, &cavern_of_souls)), "WBR");
}
END_TEST

START_TEST(seed_gut_shot)
{
	ck_assert_str_eq(deck_of(DECK(&gut_shot)), "");
	ck_assert_str_eq(deck_of(DECK(&island, &delver, &gut_shot)), "U");
	ck_assert_str_eq(deck_of(DECK(&mountain, &island, &delver, &gut_shot)), "UR");
	/* The Pod deck is not blue because of one Phyrexian Metamorph. */
	ck_assert_str_eq(deck_of(DECK(&forest, &birthing_pod, &metamorph)), "G");
}
END_TEST

START_TEST(seed_progenitus)
{
	/* Per-symbol reading, as the seed admits: Hierarch pays W and U. */
	ck_assert_str_eq(deck_of(DECK(&forest, &noble_hierarch, &progenitus)), "WUG");
	ck_assert_str_eq(deck_of(DECK(&forest, &birds, &progenitus)), "WUBRG");
	ck_assert_str_eq(deck_of(DECK(&forest, &progenitus)), "G");
}
END_TEST

START_TEST(per_card_answers)
{
	struct mf_card_object cards[3] = {
		{ mountain, NULL, 0 }, { cavern_of_souls, NULL, 0 }, { boros_reckoner, NULL, 0 },
	};
	struct mf_card_colors per[3];
	struct mf_deck_colors deck;

	ck_assert_int_eq(mf_deck_colors(cards, 3, per, &deck, NULL), MF_OK);
	ck_assert_uint_eq(per[0].produces, MF_CARD_R);
	ck_assert_uint_eq(per[1].produces, MF_CARD_WUBRG | MF_CARD_C);
	ck_assert_uint_eq(per[2].uses, MF_CARD_W | MF_CARD_R);
	ck_assert_uint_eq(deck.produces, MF_CARD_WUBRG | MF_CARD_C);
	ck_assert_uint_eq(deck.uses, MF_CARD_W | MF_CARD_R);
	ck_assert_uint_eq(deck.colors, MF_CARD_W | MF_CARD_R);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Limits                                                              */

START_TEST(limits)
{
	char *big = malloc(MF_CARD_TEXT_MAX + 2);
	struct mf_card_face faces[MF_CARD_FACES_MAX + 1] = { { 0 } };
	struct mf_card_object card = { { "x", "", "", "" }, NULL, 0 };
	struct mf_card_object cards[2];
	struct mf_card_colors one = { 7, 7 };
	struct mf_deck_colors deck;
	size_t bad = 0;

	ck_assert_ptr_nonnull(big);
	memset(big, 'a', MF_CARD_TEXT_MAX);
	big[MF_CARD_TEXT_MAX] = '\0';
	card.card.oracle_text = big;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_OK);
	big[MF_CARD_TEXT_MAX] = 'a';
	big[MF_CARD_TEXT_MAX + 1] = '\0';
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_ERR_LIMIT);
	ck_assert_uint_eq(one.produces | one.uses, 0);
	card.card.oracle_text = "";
	card.card.type_line = big;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_ERR_LIMIT);
	card.card.type_line = "";

	card.faces = faces;
	card.n_faces = MF_CARD_FACES_MAX;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_OK);
	faces[1].mana_cost = big;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_ERR_LIMIT);
	faces[1].mana_cost = NULL;
	card.n_faces = MF_CARD_FACES_MAX + 1;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_ERR_LIMIT);
	card.faces = NULL;
	card.n_faces = 1;
	ck_assert_int_eq(mf_card_read_colors(&card, &one), MF_ERR_INVALID);

	/* The deck names the first failing card. */
	cards[0] = (struct mf_card_object){ mountain, NULL, 0 };
	cards[1] = card;
	ck_assert_int_eq(mf_deck_colors(cards, 2, NULL, &deck, &bad), MF_ERR_INVALID);
	ck_assert_uint_eq(bad, 1);
	ck_assert_uint_eq(deck.colors | deck.produces | deck.uses, 0);
	ck_assert_int_eq(mf_deck_colors(cards, MF_DECK_CARDS_MAX + 1, NULL, &deck, &bad), MF_ERR_LIMIT);
	ck_assert_uint_eq(bad, MF_DECK_CARDS_MAX + 1);
	ck_assert_int_eq(mf_deck_colors(NULL, 0, NULL, &deck, &bad), MF_OK);
	ck_assert_uint_eq(deck.colors | deck.produces | deck.uses, 0);
	free(big);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Agreement with taw's table (cards-sample.json)                      */

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

START_TEST(agreement_with_table)
{
	size_t considered = 0, agreed = 0, ambiguous = 0;
	double percent;

	printf("deck: cards disagreeing with taw's table (non-ambiguous):\n");
	for (size_t i = 0; i < sample.n; i++) {
		const struct sample_card *sc = &sample.cards[i];
		struct mf_card_colors colors;
		char produces[7], uses[7];

		ck_assert_int_eq(mf_card_read_colors(&sc->card, &colors), MF_OK);
		mf_deck_letters(colors.produces, produces);
		mf_deck_letters(colors.uses, uses);
		if (sc->ambiguous) {
			ambiguous++;
			continue;
		}
		considered++;
		if (strcmp(produces, sc->expected_produces) == 0 &&
		    strcmp(uses, sc->expected_uses) == 0) {
			agreed++;
			continue;
		}
		printf("  %-40s ours %-6s/%-6s table %-6s/%-6s\n", sc->card.card.name,
		       produces, uses, sc->expected_produces, sc->expected_uses);
	}
	percent = considered ? 100.0 * (double)agreed / (double)considered : 0.0;
	printf("deck: agreement %zu / %zu non-ambiguous cards = %.2f%% (%zu ambiguous left out)\n",
	       agreed, considered, percent, ambiguous);
	ck_assert_uint_ge(considered, 3000);
	ck_assert_msg(agreed * 100 >= considered * 99, "agreement %.2f%% is below 99%%", percent);
}
END_TEST

START_TEST(seed_decks_from_sample)
{
	static const char *const decks[][5] = {
		{ "Mountain", "Boros Reckoner", "Rakdos Cackler", NULL },
		{ "Mountain", "Boros Reckoner", "Rakdos Cackler", "Cavern of Souls", NULL },
		{ "Gut Shot", NULL },
		{ "Island", "Delver of Secrets // Insectile Aberration", "Gut Shot", NULL },
	};
	static const char *const want[] = { "R", "WBR", "", "U" };

	for (size_t d = 0; d < sizeof(decks) / sizeof(decks[0]); d++) {
		struct mf_card_object cards[5];
		struct mf_deck_colors colors;
		char letters[7];
		size_t n = 0;

		for (; decks[d][n]; n++) {
			const struct sample_card *sc = sample_find(&sample, decks[d][n]);

			ck_assert_msg(sc != NULL, "%s is not in the sample", decks[d][n]);
			cards[n] = sc->card;
		}
		ck_assert_int_eq(mf_deck_colors(cards, n, NULL, &colors, NULL), MF_OK);
		mf_deck_letters(colors.colors, letters);
		ck_assert_str_eq(letters, want[d]);
	}
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *deck_suite(void)
{
	Suite *s = suite_create("deck");
	TCase *rules = tcase_create("rules");
	TCase *seed = tcase_create("seed");
	TCase *limit = tcase_create("limits");
	TCase *table = tcase_create("agreement");

	tcase_add_test(rules, add_clauses);
	tcase_add_test(rules, any_color_or_type);
	tcase_add_test(rules, any_window);
	tcase_add_test(rules, any_combination_of_named_colors);
	tcase_add_test(rules, copied_mana_adds_no_color);
	tcase_add_test(rules, basic_land_types);
	tcase_add_test(rules, every_face);
	tcase_add_test(rules, cost_symbols);
	tcase_add_test(rules, reminder_text);
	tcase_add_test(rules, lines_without_mana_are_skipped);
	tcase_add_test(rules, letters_in_order);
	suite_add_tcase(s, rules);

	tcase_add_test(seed, seed_mono_red_with_hybrids);
	tcase_add_test(seed, seed_cavern_of_souls);
	tcase_add_test(seed, seed_gut_shot);
	tcase_add_test(seed, seed_progenitus);
	tcase_add_test(seed, per_card_answers);
	suite_add_tcase(s, seed);

	tcase_add_test(limit, limits);
	suite_add_tcase(s, limit);

	tcase_add_unchecked_fixture(table, sample_setup, sample_teardown);
	tcase_add_test(table, agreement_with_table);
	tcase_add_test(table, seed_decks_from_sample);
	suite_add_tcase(s, table);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(deck_suite());
	int failed;

	srunner_add_suite(runner, deck_diff_suite());
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
