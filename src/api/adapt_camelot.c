#include "api/adapt_camelot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/batch.h"
#include "api/json_decode.h"
#include "api/json_text.h"

int mf_api_camelot_decode_deck(const cJSON *node, const char *at,
			struct mf_camelot_deal *deal, struct mf_api_error *err)
{
	struct mf_camelot_parse_error perr;
	size_t len;

	if (!cJSON_IsString(node)) {
		mf_api_fail(err, at, "expected a string of 52 cards (A234567890JQK)");
		return -1;
	}
	len = strlen(node->valuestring);
	if (len > MF_API_CAMELOT_DECK_TEXT_MAX) {
		mf_api_fail(err, at, "the deal has %zu characters; it needs exactly 52", len);
		return -1;
	}
	if (mf_camelot_deal_parse(node->valuestring, len, deal, &perr) != MF_OK) {
		mf_api_fail(err, at, "card %zu: %s", perr.position, perr.reason);
		return -1;
	}
	return 0;
}

static void slot_text(struct mf_buf *out, struct mf_camelot_slot at)
{
	/* Rows and columns are 0..3: one digit each. */
	char s[5] = { '[', (char)('0' + at.row % 10), ',', (char)('0' + at.col % 10), ']' };

	mf_buf_add(out, s, sizeof(s));
}

/* The answer as text: a line is at most 93 steps of under 100 bytes. */
static int result_to_json(const struct mf_camelot_result *res, struct mf_buf *out)
{
	if (res->winnable)
		MF_JSON_LIT(out, "{\"winnable\":true,\"line\":[");
	else
		MF_JSON_LIT(out, "{\"winnable\":false,\"line\":[");
	for (size_t i = 0; i < res->n_line; i++) {
		const struct mf_camelot_step *st = &res->line[i];

		if (i)
			MF_JSON_LIT(out, ",");
		if (st->kind == MF_CAMELOT_STEP_DEAL) {
			char card[2] = { mf_camelot_card_char(st->card), '\0' };

			MF_JSON_LIT(out, "{\"card\":");
			mf_json_text_string(out, card);
			MF_JSON_LIT(out, ",\"slot\":");
			slot_text(out, st->slot);
			MF_JSON_LIT(out, "}");
			continue;
		}
		MF_JSON_LIT(out, "{\"remove\":[");
		for (unsigned k = 0; k < st->n_removed; k++) {
			if (k)
				MF_JSON_LIT(out, ",");
			slot_text(out, st->removed[k]);
		}
		MF_JSON_LIT(out, "]}");
	}
	return MF_JSON_LIT(out, "]}");
}

int mf_api_camelot_solve_to_json(const struct mf_camelot_deal *deal, const char *at,
				 const struct mf_stop *stop, struct mf_buf *out, struct mf_api_error *err)
{
	struct mf_camelot_result *res = malloc(sizeof(*res));
	struct mf_camelot_options opts = { .stop = stop };
	int rc;

	if (!res)
		return mf_api_fail_nomem(err);
	rc = mf_camelot_solve(deal, &opts, res);
	if (rc == MF_ERR_LIMIT)
		mf_api_fail_status(err, rc, MF_PROBLEM_SEARCH_BUDGET, at,
				   "the search gave up after %llu positions without an "
				   "answer; this deal is not decided",
				   (unsigned long long)res->nodes);
	else if (rc != MF_OK)  /* the decoder let only valid deals through */
		mf_api_fail_status(err, rc, MF_PROBLEM_SEARCH_BUDGET, at,
				   "the deal could not be solved: %s", mf_status_str(rc));
	else if (result_to_json(res, out))
		rc = mf_api_fail_buf(err, out);
	free(res);
	return rc ? -1 : 0;
}

int mf_api_camelot_solve(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err)
{
	static const char *const keys[] = { "deck", NULL };
	struct mf_camelot_deal deal;
	const cJSON *deck;

	if (mf_json_expect_object(body, "", keys, err))
		return -1;
	deck = mf_json_member(body, "deck");
	if (!deck)
		return mf_api_fail(err, "/deck", "missing field \"deck\"");
	if (mf_api_camelot_decode_deck(deck, "/deck", &deal, err))
		return -1;
	return mf_api_camelot_solve_to_json(&deal, "/deck", ctx->stop, out, err);
}

static int decode_batch_deck(const cJSON *el, const char *at, const struct mf_api_ctx *ctx,
			     void *item, struct mf_api_error *err)
{
	(void)ctx;
	return mf_api_camelot_decode_deck(el, at, item, err);
}

static int answer_batch_deck(const void *item, const char *at, const struct mf_api_ctx *ctx,
			     struct mf_buf *out, struct mf_api_error *err)
{
	return mf_api_camelot_solve_to_json(item, at, ctx->stop, out, err);
}

int mf_api_camelot_batch(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err)
{
	static const struct mf_api_batch_ops ops = {
		sizeof(struct mf_camelot_deal), decode_batch_deck, answer_batch_deck, NULL,
	};

	return mf_api_batch(body, "decks", MF_API_CAMELOT_BATCH_MAX, &ops, ctx, out, err);
}
