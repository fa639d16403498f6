/*
 * The camelot solver against its independent references: the replay
 * checker (every winning line must be a legal, won game), the brute force
 * in the relaxed game (any card in any slot: the solver's claim is that
 * this never changes the answer, so they must agree on every deal), and
 * the brute force with the slot rules wherever it decides within its
 * budget. Deals come from fixed seeds; under valgrind there are fewer.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/camelot.h"
#include "reference/camelot_brute.h"
#include "reference/camelot_replay.h"
#include "unit/camelot/deals.h"

static struct mf_camelot_result result;

static int scaled(int n)
{
	return getenv("MANAFLOW_UNDER_VALGRIND") ? n / 25 + 1 : n;
}

static void deal_text(const struct mf_camelot_deal *deal, char *text)
{
	mf_camelot_deal_format(deal, text, MF_CAMELOT_DECK_SIZE + 1);
}

/* Solves, replays any line, and returns the answer. */
static bool solve_checked(const struct mf_camelot_deal *deal)
{
	char why[200], text[MF_CAMELOT_DECK_SIZE + 1];

	deal_text(deal, text);
	ck_assert_msg(mf_camelot_solve(deal, NULL, &result) == MF_OK, "%s", text);
	if (result.winnable)
		ck_assert_msg(camelot_replay(deal->cards, result.line, result.n_line,
					     why, sizeof(why)),
			      "%s: %s", text, why);
	return result.winnable;
}

/* ------------------------------------------------------------------ */
/* The references on their own                                         */

START_TEST(brute_examples)
{
	struct mf_camelot_deal deal;

	for (int i = 0; i < 4; i++) {
		deals_parse(deals_examples[i].deck, &deal);
		ck_assert_int_eq(camelot_brute_solve(deal.cards, CAMELOT_BRUTE_SLOT_RULES,
						     1000000, NULL),
				 deals_examples[i].winnable);
		ck_assert_int_eq(camelot_brute_solve(deal.cards, CAMELOT_BRUTE_ANY_SLOT,
						     1000000, NULL),
				 deals_examples[i].winnable);
	}
	/* And it says when it runs out of budget rather than guess. */
	deals_parse(deals_examples[1].deck, &deal);
	ck_assert_int_eq(camelot_brute_solve(deal.cards, CAMELOT_BRUTE_SLOT_RULES, 10, NULL),
			 CAMELOT_BRUTE_BUDGET);
}
END_TEST

/* A won line of example 2, then one broken copy per rule. */
START_TEST(replay_rejects_broken_lines)
{
	static struct mf_camelot_step line[MF_CAMELOT_LINE_MAX + 1];
	struct mf_camelot_deal deal;
	char why[200];
	size_t n, first_remove = 0, corner_king = 0;

	deals_parse(deals_examples[1].deck, &deal);
	ck_assert_int_eq(mf_camelot_solve(&deal, NULL, &result), MF_OK);
	ck_assert(result.winnable);
	n = result.n_line;
	ck_assert(camelot_replay(deal.cards, result.line, n, why, sizeof(why)));
	while (result.line[first_remove].kind != MF_CAMELOT_STEP_REMOVE)
		first_remove++;
	while (result.line[corner_king].card != MF_CAMELOT_KING)
		corner_king++;
	ck_assert_uint_eq(first_remove, 16);   /* the first board is full */

	/* A king off the corners. */
	memcpy(line, result.line, n * sizeof(*line));
	line[corner_king].slot.row = 1;
	line[corner_king].slot.col = 1;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* Two cards in one slot. */
	memcpy(line, result.line, n * sizeof(*line));
	line[13].slot = line[12].slot;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* The wrong card. */
	memcpy(line, result.line, n * sizeof(*line));
	line[14].card = line[14].card == 1 ? 9 : 1;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* A removal phase before the board is full: drop a deal step. */
	memcpy(line, result.line, n * sizeof(*line));
	memmove(&line[15], &line[16], (n - 16) * sizeof(*line));
	ck_assert(!camelot_replay(deal.cards, line, n - 1, why, sizeof(why)));
	/* A removal phase that removes nothing. */
	memcpy(line, result.line, n * sizeof(*line));
	line[first_remove].n_removed = 0;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* A pair that does not add up to 10 (A with A, or 9 with 9). */
	memcpy(line, result.line, n * sizeof(*line));
	ck_assert_uint_ge(line[first_remove].n_removed, 4);
	line[first_remove].removed[1] = line[first_remove].removed[2];
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* A card left without its partner. */
	memcpy(line, result.line, n * sizeof(*line));
	line[first_remove].n_removed = 3;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
	/* The game not finished, or a step after the end. */
	ck_assert(!camelot_replay(deal.cards, result.line, n - 1, why, sizeof(why)));
	memcpy(line, result.line, n * sizeof(*line));
	line[n] = line[n - 1];
	ck_assert(!camelot_replay(deal.cards, line, n + 1, why, sizeof(why)));
	/* Numbers left at the end. */
	memcpy(line, result.line, n * sizeof(*line));
	line[n - 1].n_removed = 2;
	ck_assert(!camelot_replay(deal.cards, line, n, why, sizeof(why)));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Differential                                                        */

struct tally {
	int deals;
	int won;
	int ruled_decided;
};

/* One deal: solver, relaxed brute (must decide and agree), brute with the
 * slot rules within ruled_budget (must agree when it decides). */
static void compare(const struct mf_camelot_deal *deal, uint64_t ruled_budget,
		    struct tally *t)
{
	char text[MF_CAMELOT_DECK_SIZE + 1];
	bool won = solve_checked(deal);
	int relaxed, ruled;

	deal_text(deal, text);
	relaxed = camelot_brute_solve(deal->cards, CAMELOT_BRUTE_ANY_SLOT, 5000000, NULL);
	ck_assert_msg(relaxed == won, "%s: solver %d, relaxed brute %d", text, won, relaxed);
	ruled = ruled_budget
		? camelot_brute_solve(deal->cards, CAMELOT_BRUTE_SLOT_RULES, ruled_budget, NULL)
		: CAMELOT_BRUTE_BUDGET;
	ck_assert_msg(ruled == CAMELOT_BRUTE_BUDGET || ruled == won,
		      "%s: solver %d, brute with slot rules %d", text, won, ruled);
	t->deals++;
	t->won += won;
	t->ruled_decided += ruled != CAMELOT_BRUTE_BUDGET;
}

static void run_shape(enum deal_shape shape, uint64_t seed, int n,
		      uint64_t ruled_budget, struct tally *t)
{
	struct mf_camelot_deal deal;
	uint64_t state = seed;

	for (int i = 0; i < n; i++) {
		deals_random(&state, shape, &deal);
		compare(&deal, ruled_budget, t);
	}
}

START_TEST(diff_uniform)
{
	struct tally t = { 0 };
	int n = scaled(1500);

	run_shape(DEAL_UNIFORM, 0xd1ff0001u, n, 20000, &t);
	fprintf(stderr, "camelot diff uniform: %d deals, %d won, %d decided with slot rules\n",
		t.deals, t.won, t.ruled_decided);
	/* Both answers must be well represented, and the brute force with
	 * the slot rules must decide a good share. */
	ck_assert_int_ge(t.won, n / 3);
	ck_assert_int_le(t.won, n - n / 3);
	ck_assert_int_ge(t.ruled_decided, n / 3);
}
END_TEST

START_TEST(diff_shapes)
{
	static const char *const names[] = {
		"uniform", "faces early", "numbers first", "faces middle",
	};
	/* Share of deals the brute force with slot rules must decide within
	 * its budget, in percent: with the faces in the middle it almost never
	 * does (the relaxed brute force still checks every one of them). */
	static const int must_decide[] = { 0, 50, 50, 0 };

	for (int shape = DEAL_FACES_EARLY; shape < DEAL_SHAPES; shape++) {
		struct tally t = { 0 };
		int n = scaled(300);

		run_shape((enum deal_shape)shape, 0xd1ff0100u + (uint64_t)shape, n, 20000, &t);
		fprintf(stderr, "camelot diff %s: %d deals, %d won, %d decided with slot rules\n",
			names[shape], t.deals, t.won, t.ruled_decided);
		ck_assert_int_ge(t.ruled_decided * 100, must_decide[shape] * n);
	}
}
END_TEST

/* Deals built to be long: repeated runs and interleaved faces. */
START_TEST(diff_structured)
{
	static const char *const decks[] = {
		"A234567890A234567890A234567890JQKJQKJQKJQKA234567890",
		"JQKA234567890JQKA234567890JQKA234567890JQKA234567890",
		"A9A9JQK28283737JQK4646A9A9JQK28283737JQK464655550000",
		"0A928637450A928637450A928637450A92863745JJJJQQQQKKKK",
	};
	struct tally t = { 0 };
	struct mf_camelot_deal deal;

	for (size_t i = 0; i < sizeof(decks) / sizeof(decks[0]); i++) {
		struct mf_camelot_parse_error err;

		if (mf_camelot_deal_parse(decks[i], strlen(decks[i]), &deal, &err) != MF_OK)
			ck_abort_msg("deck %zu: %s at %zu", i, err.reason, err.position);
		compare(&deal, 0, &t);
	}
}
END_TEST

Suite *camelot_reference_suite(void)
{
	Suite *s = suite_create("camelot-reference");
	TCase *tc;

	tc = tcase_create("references");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, brute_examples);
	tcase_add_test(tc, replay_rejects_broken_lines);
	suite_add_tcase(s, tc);

	tc = tcase_create("differential");
	tcase_set_timeout(tc, 1200);
	tcase_add_test(tc, diff_uniform);
	tcase_add_test(tc, diff_shapes);
	tcase_add_test(tc, diff_structured);
	suite_add_tcase(s, tc);
	return s;
}
