/*
 * Check suites of the camelot library: deal parsing, the seed's examples,
 * hand-made deals, the shape of winning lines and the error statuses. The
 * reference suite (brute force and replay against the solver) is in
 * test_camelot_diff.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/camelot.h"
#include "reference/camelot_replay.h"
#include "reference/camelot_brute.h"
#include "unit/camelot/deals.h"
#include "common/random.h"

static struct mf_camelot_result result;

/* Solves text, checks the status is MF_OK and any line replays. */
static bool solve_text(const char *text)
{
	struct mf_camelot_deal deal;
	char why[200];

	deals_parse(text, &deal);
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_OK);
	if (result.winnable)
		ck_assert_msg(camelot_replay(deal.cards, result.line, result.n_line,
					     why, sizeof(why)),
			      "%s: %s", text, why);
	else
		ck_assert_uint_eq(result.n_line, 0);
	return result.winnable;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                             */

static void ck_parse_error(const char *text, size_t position, const char *words)
{
	struct mf_camelot_deal deal;
	struct mf_camelot_parse_error err;

	ck_assert_int_eq(mf_camelot_deal_parse(text, strlen(text), &deal, &err),
			 MF_ERR_INVALID);
	ck_assert_msg(err.position == position, "%s: position %zu, want %zu (%s)",
		      text, err.position, position, err.reason);
	ck_assert_msg(strstr(err.reason, words), "%s: reason \"%s\" lacks \"%s\"",
		      text, err.reason, words);
}

START_TEST(parse_valid_and_format)
{
	struct mf_camelot_deal deal;
	char text[64];

	for (int i = 0; i < 4; i++) {
		deals_parse(deals_examples[i].deck, &deal);
		ck_assert_uint_eq(mf_camelot_deal_format(&deal, text, sizeof(text)), 52);
		ck_assert_str_eq(text, deals_examples[i].deck);
	}
	deals_parse(deals_examples[0].deck, &deal);
	ck_assert_uint_eq(deal.cards[0], MF_CAMELOT_ACE);
	ck_assert_uint_eq(deal.cards[36], MF_CAMELOT_TEN);
	ck_assert_uint_eq(deal.cards[40], MF_CAMELOT_JACK);
	ck_assert_uint_eq(deal.cards[44], MF_CAMELOT_QUEEN);
	ck_assert_uint_eq(deal.cards[51], MF_CAMELOT_KING);
	/* A short buffer is truncated and still terminated. */
	ck_assert_uint_eq(mf_camelot_deal_format(&deal, text, 5), 52);
	ck_assert_str_eq(text, "AAAA");
}
END_TEST

START_TEST(parse_card_chars)
{
	const char *all = "A234567890JQK";

	for (uint8_t v = 1; v <= 13; v++) {
		ck_assert_int_eq(mf_camelot_card_char(v), all[v - 1]);
		ck_assert_uint_eq(mf_camelot_card_value(all[v - 1]), v);
	}
	ck_assert_int_eq(mf_camelot_card_char(0), '?');
	ck_assert_int_eq(mf_camelot_card_char(14), '?');
	ck_assert_uint_eq(mf_camelot_card_value('1'), 0);
	ck_assert_uint_eq(mf_camelot_card_value('T'), 0);
	ck_assert_uint_eq(mf_camelot_card_value('a'), 0);
	ck_assert_uint_eq(mf_camelot_card_value('\0'), 0);
}
END_TEST

START_TEST(parse_errors)
{
	char text[80];

	/* Not a card: the position is that character's. */
	strcpy(text, deals_examples[0].deck);
	text[6] = 'X';
	ck_parse_error(text, 7, "'X' is not a card");
	text[6] = 'a';
	ck_parse_error(text, 7, "'a' is not a card");
	strcpy(text, deals_examples[0].deck);
	text[51] = '1';
	ck_parse_error(text, 52, "'1' is not a card");
	text[51] = '\t';
	ck_parse_error(text, 52, "0x09 is not a card");
	/* Bad characters win over a bad length. */
	ck_parse_error("AA-A", 3, "'-' is not a card");

	/* Wrong length: the first missing card, or the first one too many. */
	ck_parse_error("", 1, "has 0 cards");
	strcpy(text, deals_examples[1].deck);
	text[51] = '\0';
	ck_parse_error(text, 52, "has 51 cards; it needs exactly 52");
	strcpy(text, deals_examples[1].deck);
	strcat(text, "K");
	ck_parse_error(text, 53, "has 53 cards");

	/* A fifth copy: the position of the fifth. */
	strcpy(text, deals_examples[0].deck);
	text[4] = 'A';     /* a fifth ace, a 2 missing */
	ck_parse_error(text, 5, "a fifth ace");
	strcpy(text, deals_examples[0].deck);
	text[51] = 'J';
	ck_parse_error(text, 52, "a fifth jack");
	strcpy(text, deals_examples[0].deck);
	text[3] = '0';
	ck_parse_error(text, 40, "a fifth 10");
}
END_TEST

START_TEST(parse_embedded_nul)
{
	char text[52];
	struct mf_camelot_deal deal;
	struct mf_camelot_parse_error err;

	memcpy(text, deals_examples[2].deck, 52);
	text[10] = '\0';
	ck_assert_int_eq(mf_camelot_deal_parse(text, 52, &deal, &err), MF_ERR_INVALID);
	ck_assert_uint_eq(err.position, 11);
	/* The length is honoured: no NUL needed after 52 cards. */
	memcpy(text, deals_examples[2].deck, 52);
	ck_assert_int_eq(mf_camelot_deal_parse(text, 52, &deal, &err), MF_OK);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Examples and hand-made deals                                        */

START_TEST(seed_examples)
{
	for (int i = 0; i < 4; i++)
		ck_assert_msg(solve_text(deals_examples[i].deck) == deals_examples[i].winnable,
			      "example %d", i + 1);
}
END_TEST

/* Hand-made deals; each comment says why by hand, and the brute force
 * over concrete boards agrees (checked below). */
static const struct deals_example hand_made[] = {
	/* Tens and faces fill the first board: the tens go, then every four
	 * new cards pair off. */
	{ "0000JJJJQQQQKKKKA9A9A9A92828282837373737464646465555", true },
	/* Faces last: the line keeps something for the final phase. */
	{ "A9A9A9A928282828373737374646464655550000JJJJQQQQKKKK", true },
	/* Fifteen numbers that never add up to 10 and a 10: the 10 goes, a 4
	 * fills the board again, nothing can go. */
	{ "AAAA222233334440455556666777788889999000JJJJQQQQKKKK", false },
	/* Kings first take the corners for good; then as example 2. */
	{ "KKKKJJJJQQQQA9A9A9A928282828373737374646464655550000", true },
	/* Numbers block the slots: only A+9 can go, two kings fill the
	 * board again and nothing adds up to 10. */
	{ "AAA2222333344449KKA55556666777788889990000JJJJQQQQKK", false },
	/* Faces arrive while the board empties: all fit. */
	{ "A9A9A9A928282828KKKKQQQQJJJJ373737374646464655550000", true },
	{ "KA9KA9KA9KA92828282837373737JJJJQQQQ4646464655550000", true },
	/* Only 5+5 can go from the first board; a 2 and a 3 refill it with
	 * nothing removable. */
	{ "A2345A2345A2345A2345KKKKQQQQJJJJ98760987609876098760", false },
};

START_TEST(hand_made_deals)
{
	struct mf_camelot_deal deal;

	for (size_t i = 0; i < sizeof(hand_made) / sizeof(hand_made[0]); i++) {
		const char *text = hand_made[i].deck;

		ck_assert_msg(solve_text(text) == hand_made[i].winnable,
			      "hand-made %zu: %s", i, text);
		deals_parse(text, &deal);
		ck_assert_int_eq(camelot_brute_solve(deal.cards, CAMELOT_BRUTE_SLOT_RULES,
						     3000000, NULL),
				 hand_made[i].winnable);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Lines and statuses                                                  */

START_TEST(line_shape)
{
	struct mf_camelot_deal deal;
	uint64_t state = 0x11e5;
	int checked = 0;

	for (int k = 0; k < 200; k++) {
		size_t dealt = 0;

		deals_random(&state, DEAL_UNIFORM, &deal);
		ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_OK);
		if (!result.winnable)
			continue;
		checked++;
		ck_assert_uint_le(result.n_line, MF_CAMELOT_LINE_MAX);
		for (size_t i = 0; i < result.n_line; i++) {
			const struct mf_camelot_step *st = &result.line[i];

			if (st->kind == MF_CAMELOT_STEP_DEAL) {
				ck_assert_uint_eq(st->card, deal.cards[dealt]);
				dealt++;
				continue;
			}
			/* Every phase removes something, the last one too, so
			 * the line also holds under the strict reading. */
			ck_assert_uint_ge(st->n_removed, 1);
		}
		ck_assert_uint_eq(dealt, MF_CAMELOT_DECK_SIZE);
		ck_assert_int_eq(result.line[result.n_line - 1].kind, MF_CAMELOT_STEP_REMOVE);
	}
	ck_assert_int_ge(checked, 50);
}
END_TEST

START_TEST(invalid_deal_struct)
{
	struct mf_camelot_deal deal;

	deals_parse(deals_examples[1].deck, &deal);
	deal.cards[7] = 0;
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_ERR_INVALID);
	ck_assert(!result.winnable);
	ck_assert_uint_eq(result.n_line, 0);
	deal.cards[7] = 14;
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_ERR_INVALID);
	deal.cards[7] = MF_CAMELOT_ACE;   /* five aces, three queens */
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_ERR_INVALID);
}
END_TEST

START_TEST(node_budget)
{
	struct mf_camelot_deal deal;
	struct mf_camelot_options tight = { .node_budget = 3 };
	uint64_t needed;

	/* Example 3 needs 20 nodes to be refuted: with 3 the solver must not
	 * answer. */
	deals_parse(deals_examples[2].deck, &deal);
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_OK);
	needed = result.nodes;
	ck_assert_uint_gt(needed, 3);
	ck_assert_int_eq(mf_camelot_solve(&deal, &tight, &result), MF_ERR_LIMIT);
	ck_assert(!result.winnable);
	ck_assert_uint_eq(result.n_line, 0);
	ck_assert_uint_eq(result.nodes, 4);
	/* Exactly enough is enough. */
	tight.node_budget = needed;
	ck_assert_int_eq(mf_camelot_solve(&deal, &tight, &result), MF_OK);
	ck_assert(!result.winnable);
	/* Example 1 is lost at the first node. */
	deals_parse(deals_examples[0].deck, &deal);
	tight.node_budget = 1;
	ck_assert_int_eq(mf_camelot_solve(&deal, &tight, &result), MF_OK);
	ck_assert(!result.winnable);
}
END_TEST

/* The caller's stop: the first deal of a fixed shuffle whose search takes
 * more than 256 positions (where the search first looks at the stop)
 * ends MF_ERR_STOPPED with a raised stop, and neither yes nor no. */
START_TEST(a_raised_stop)
{
	struct mf_camelot_deal deal;
	struct mf_stop raised = { .cancelled = true }, expired = { .deadline_ns = 1 };
	struct mf_camelot_options opts = { .stop = &raised };
	uint64_t state = 0x63616d656c6f74ull;

	result.nodes = 0;
	for (int tries = 0; tries < 2000 && result.nodes <= 256; tries++) {
		for (int p = 0; p < MF_CAMELOT_DECK_SIZE; p++)
			deal.cards[p] = (uint8_t)(1 + p % 13);
		for (int p = MF_CAMELOT_DECK_SIZE - 1; p > 0; p--) {
			int q = (int)(mf_splitmix64(&state) % (uint64_t)(p + 1));
			uint8_t x = deal.cards[p];

			deal.cards[p] = deal.cards[q];
			deal.cards[q] = x;
		}
		mf_camelot_solve(&deal, NULL, &result);
	}
	ck_assert_msg(result.nodes > 256, "no deal of the shuffle takes 256 positions");
	ck_assert_int_eq(mf_camelot_solve(&deal, &opts, &result), MF_ERR_STOPPED);
	ck_assert(!result.winnable);
	ck_assert_uint_eq(result.n_line, 0);
	opts.stop = &expired;
	ck_assert_int_eq(mf_camelot_solve(&deal, &opts, &result), MF_ERR_STOPPED);
}
END_TEST

static Suite *camelot_suite(void)
{
	Suite *s = suite_create("camelot");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_test(tc, parse_valid_and_format);
	tcase_add_test(tc, parse_card_chars);
	tcase_add_test(tc, parse_errors);
	tcase_add_test(tc, parse_embedded_nul);
	suite_add_tcase(s, tc);

	tc = tcase_create("solve");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, seed_examples);
	tcase_add_test(tc, hand_made_deals);
	tcase_add_test(tc, line_shape);
	tcase_add_test(tc, invalid_deal_struct);
	tcase_add_test(tc, node_budget);
	tcase_add_test(tc, a_raised_stop);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(camelot_suite());
	int failed;

	srunner_add_suite(sr, camelot_reference_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
