/* JSON <-> camelot solver structs: one deal or a batch of them, answered
 * by the server and by `manaflow camelot`. */
#ifndef MF_API_ADAPT_CAMELOT_H
#define MF_API_ADAPT_CAMELOT_H

#include "api/api.h"
#include "manaflow/camelot.h"

#define MF_API_CAMELOT_BATCH_MAX 100      /* decks in one batch */
#define MF_API_CAMELOT_DECK_TEXT_MAX 4096 /* bytes of a deck string read at all */

/*
 * One deal: {"deck":"52 characters"} ->
 * {"winnable":bool,"line":[step, ...]}. A step is {"card":"7","slot":[r,c]}
 * for each card dealt (the card in the deck's notation, "0" for a 10; rows
 * and columns 0..3 from the top left) or {"remove":[[r,c],...]} for each
 * removal phase (a 10 alone, any other card followed by its partner).
 * "line" is empty when the deal cannot be won. A deck that is not 52 cards
 * of A234567890JQK, four of each, is an invalid-field problem at /deck
 * naming the position; a deal the search cannot decide within its node
 * budget is a search-budget problem (no random deal has come near it).
 */
int mf_api_camelot_solve(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err);

/* A batch: {"decks":[deck, ...]} (at most MF_API_CAMELOT_BATCH_MAX, else
 * too-large) -> {"results":[answer, ...]} in order. Every
 * deck is checked before any is solved: one bad deck fails the batch with
 * its pointer (/decks/3). */
int mf_api_camelot_batch(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err);

/* Decodes a deck string at pointer `at` into *deal; on failure fills err
 * (invalid-field at `at`, detail "card N: reason") and returns -1. */
int mf_api_camelot_decode_deck(const cJSON *node, const char *at,
			struct mf_camelot_deal *deal, struct mf_api_error *err);

/* Solves *deal (stopped by stop, NULL for never) and appends the answer
 * to out (0), or fills err (`at` names the deck for a budget error or a
 * stop) and returns -1. */
int mf_api_camelot_solve_to_json(const struct mf_camelot_deal *deal, const char *at,
				 const struct mf_stop *stop, struct mf_buf *out, struct mf_api_error *err);

/* The problems the Camelot handlers can answer with (api/problem.h). */
#define MF_API_CAMELOT_PROBLEMS                                                \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) |  \
	 MF_PROBLEM_BIT(MF_PROBLEM_SEARCH_BUDGET) | MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) |     \
	 MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE))

#endif
