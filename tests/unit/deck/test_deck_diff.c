/*
 * Differential test of the deck-colour solver against the regex reference
 * (tests/reference/deck_regex.c): every card of cards-sample.json, thousands
 * of random Oracle-like cards and random decks, all from fixed seeds.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/deck.h"
#include "reference/deck_regex.h"
#include "unit/card/sample.h"
#include "unit/deck/suites.h"
#include "common/random.h"

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

static size_t pick(uint64_t *state, size_t n)
{
	return (size_t)(mf_splitmix64(state) % n);
}

static void compare_card(struct ref_deck *ref, const struct mf_card_object *card,
			 const char *what)
{
	struct mf_card_colors colors;
	char produces[7], uses[7], ref_produces[8], ref_uses[8];

	ck_assert_int_eq(mf_card_read_colors(card, &colors), MF_OK);
	ck_assert_int_eq(ref_deck_read_card(ref, card, ref_produces, ref_uses), 0);
	mf_deck_letters(colors.produces, produces);
	mf_deck_letters(colors.uses, uses);
	ck_assert_msg(strcmp(produces, ref_produces) == 0 && strcmp(uses, ref_uses) == 0,
		      "%s: ours %s/%s, reference %s/%s\ncost: %s\ntype: %s\ntext: %s", what,
		      produces, uses, ref_produces, ref_uses,
		      card->card.mana_cost ? card->card.mana_cost : "(null)",
		      card->card.type_line ? card->card.type_line : "(null)",
		      card->card.oracle_text ? card->card.oracle_text : "(null)");
}

START_TEST(reference_agrees_on_sample)
{
	struct ref_deck *ref = ref_deck_new();

	ck_assert_ptr_nonnull(ref);
	for (size_t i = 0; i < sample.n; i++)
		compare_card(ref, &sample.cards[i].card, sample.cards[i].card.card.name);
	ref_deck_free(ref);
}
END_TEST

/* Pieces of Oracle-like text chosen to hit the edges of every rule. */
static const char *const text_pieces[] = {
	"{T}", ": ", "Add ", "add", "adds", "ADD", "Adds ", "madd ", "added ", "additional ",
	"{G}", "{W}", "{U}", "{B}", "{R}", "{C}", "{W/U}", "{2/B}", "{R/P}", "{G/W/P}", "{HR}",
	"{H}", "{X}", "{10}", "{S}", "{E}", "{t}", "{x}", "{", "}", "{}", "{1x}", "{w//u}",
	" ", " ", " ", ", ", ". ", ".", "one mana of ", "any", "any ", " any ", "color",
	"colors", "colorless", "type", "types", "typed", " of any color", " any type that land produced",
	"any type that land produced.", "that land produced", "in any combination of ", " and/or ",
	"(", ")", " (reminder {U}) ", "Extort", "extort ", "extortion", "mana", "Mana", "MANA",
	"\"", "\xe2\x80\x94", "\xc3\xa9", "_", "Forest", "\n", "x", "abc", "Sacrifice a creature",
	"w/u", "/", "h", "{h/w}", "{hc}", "{C/P}",
};

static const char *const type_pieces[] = {
	"Land", " ", " \xe2\x80\x94 ", "Forest", "forests", "ISLAND", "Swamp_", "Plains", "Mountain",
	"Snow", "Creature", "Mountainous", "\xe2\x80\x94Island", "Forest\xe2\x80\x94Plains", "\n", "swamp",
};

static const char *const cost_pieces[] = {
	"{1}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{X}", "{W/U}", "{2/G}", "{B/P}", "{HW}",
	"{S}", " // ", "{", "}", "{G/U/P}", "{r}",
};

/* Appends random pieces (and now and then a run of filler, to probe taw's
 * 30-character window) to buf. */
static void random_text(uint64_t *state, char *buf, size_t size,
			const char *const *pieces, size_t n_pieces, size_t max_pieces)
{
	size_t n = pick(state, max_pieces + 1), len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char filler[40];
		const char *piece = pieces[pick(state, n_pieces)];

		if (pick(state, 12) == 0) {
			size_t k = 24 + pick(state, 10);

			memset(filler, pick(state, 2) ? ' ' : 'z', k);
			filler[0] = ' ';
			filler[k - 1] = ' ';
			filler[k] = '\0';
			piece = filler;
		}
		if (len + strlen(piece) + 1 > size)
			break;
		strcpy(buf + len, piece);
		len += strlen(piece);
	}
}

#define PIECES(a) a, sizeof(a) / sizeof(a[0])

static void random_face(uint64_t *state, struct mf_card_face *face, char bufs[3][512])
{
	random_text(state, bufs[0], 512, PIECES(cost_pieces), 6);
	random_text(state, bufs[1], 512, PIECES(type_pieces), 6);
	random_text(state, bufs[2], 512, PIECES(text_pieces), 40);
	face->name = "random";
	face->mana_cost = pick(state, 8) ? bufs[0] : NULL;
	face->type_line = pick(state, 8) ? bufs[1] : NULL;
	face->oracle_text = pick(state, 8) ? bufs[2] : NULL;
}

START_TEST(reference_agrees_on_random_cards)
{
	struct ref_deck *ref = ref_deck_new();
	uint64_t state = 0x5eed0004deadbeefull;
	size_t colored = 0;

	ck_assert_ptr_nonnull(ref);
	for (int round = 0; round < 6000; round++) {
		static char bufs[3][3][512];
		struct mf_card_face faces[2];
		struct mf_card_object card = { { 0 }, faces, pick(&state, 3) };
		struct mf_card_colors colors;
		char what[32];

		random_face(&state, &card.card, bufs[0]);
		for (size_t f = 0; f < card.n_faces; f++)
			random_face(&state, &faces[f], bufs[1 + f]);
		snprintf(what, sizeof(what), "random card %d", round);
		compare_card(ref, &card, what);
		ck_assert_int_eq(mf_card_read_colors(&card, &colors), MF_OK);
		colored += colors.produces != 0;
	}
	/* The generator must reach the interesting cases, not only blanks. */
	ck_assert_uint_ge(colored, 1000);
	ref_deck_free(ref);
}
END_TEST

START_TEST(reference_agrees_on_random_decks)
{
	struct ref_deck *ref = ref_deck_new();
	uint64_t state = 0x0dec4c0105ull;
	size_t multicolor = 0;

	ck_assert_ptr_nonnull(ref);
	for (int round = 0; round < 300; round++) {
		struct mf_card_object cards[24];
		struct mf_deck_colors colors;
		size_t n = pick(&state, 25);
		char letters[7], ref_letters[8];

		for (size_t i = 0; i < n; i++)
			cards[i] = sample.cards[pick(&state, sample.n)].card;
		ck_assert_int_eq(mf_deck_colors(cards, n, NULL, &colors, NULL), MF_OK);
		ck_assert_int_eq(ref_deck_colors(ref, cards, n, ref_letters), 0);
		mf_deck_letters(colors.colors, letters);
		ck_assert_str_eq(letters, ref_letters);
		multicolor += strlen(letters) >= 2;
	}
	ck_assert_uint_ge(multicolor, 30);
	ref_deck_free(ref);
}
END_TEST

Suite *deck_diff_suite(void)
{
	Suite *s = suite_create("deck_diff");
	TCase *diff = tcase_create("differential");

	tcase_add_unchecked_fixture(diff, sample_setup, sample_teardown);
	tcase_set_timeout(diff, 600);
	tcase_add_test(diff, reference_agrees_on_sample);
	tcase_add_test(diff, reference_agrees_on_random_cards);
	tcase_add_test(diff, reference_agrees_on_random_decks);
	suite_add_tcase(s, diff);
	return s;
}
