#include "api/adapt_camelot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/batch.h"
#include "api/json_decode.h"
#include "api/json_text.h"

#define JSON_LIT(t, s) json_text_raw(t, "" s "", sizeof(s) - 1)

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
	if (len > CAMELOT_DECK_TEXT_MAX) {
		mf_api_fail(err, at, "the deal has %zu characters; it needs exactly 52", len);
		return -1;
	}
	if (mf_camelot_deal_parse(node->valuestring, len, deal, &perr) != MF_OK) {
		mf_api_fail(err, at, "card %zu: %s", perr.position, perr.reason);
		return -1;
	}
	return 0;
}

static void slot_text(struct json_text *t, struct mf_camelot_slot at)
{
	/* Rows and columns are 0..3: one digit each. */
	char s[5] = { '[', (char)('0' + at.row % 10), ',', (char)('0' + at.col % 10), ']' };

	json_text_raw(t, s, sizeof(s));
}

/* The answer as text: a line is at most 93 steps of under 100 bytes. */
static cJSON *result_to_json(const struct mf_camelot_result *res)
{
	struct json_text t;
	cJSON *raw;

	if (!json_text_init(&t, 64 + 96 * res->n_line))
		return NULL;
	if (res->winnable)
		JSON_LIT(&t, "{\"winnable\":true,\"line\":[");
	else
		JSON_LIT(&t, "{\"winnable\":false,\"line\":[");
	for (size_t i = 0; i < res->n_line; i++) {
		const struct mf_camelot_step *st = &res->line[i];

		if (i)
			JSON_LIT(&t, ",");
		if (st->kind == MF_CAMELOT_STEP_DEAL) {
			char card[2] = { mf_camelot_card_char(st->card), '\0' };

			JSON_LIT(&t, "{\"card\":");
			json_text_string(&t, card);
			JSON_LIT(&t, ",\"slot\":");
			slot_text(&t, st->slot);
			JSON_LIT(&t, "}");
			continue;
		}
		JSON_LIT(&t, "{\"remove\":[");
		for (unsigned k = 0; k < st->n_removed; k++) {
			if (k)
				JSON_LIT(&t, ",");
			slot_text(&t, st->removed[k]);
		}
		JSON_LIT(&t, "]}");
	}
	JSON_LIT(&t, "]}");
	raw = t.buf ? cJSON_CreateRaw(t.buf) : NULL;
	free(t.buf);
	return raw;
}

cJSON *mf_api_camelot_solve_to_json(const struct mf_camelot_deal *deal, const char *at,
			     struct mf_api_error *err)
{
	struct mf_camelot_result *res = malloc(sizeof(*res));
	cJSON *answer = NULL;
	int rc;

	if (!res)
		return mf_api_fail_nomem(err);
	rc = mf_camelot_solve(deal, NULL, res);
	if (rc == MF_ERR_LIMIT) {
		mf_api_fail(err, at, "the search gave up after %llu positions without an "
			 "answer; this deal is not decided",
			 (unsigned long long)res->nodes);
		err->status = 422;
		err->type = "search-budget";
		err->title = "Search budget exceeded";
		goto out;
	}
	if (rc != MF_OK) {
		/* The decoder let only valid deals through: memory ran out. */
		mf_api_fail_nomem(err);
		goto out;
	}
	answer = result_to_json(res);
	if (!answer)
		mf_api_fail_nomem(err);
out:
	free(res);
	return answer;
}

cJSON *mf_api_camelot_solve(const cJSON *body, const struct mf_api_ctx *ctx,
			     struct mf_api_error *err)
{
	static const char *const keys[] = { "deck", NULL };
	struct mf_camelot_deal deal;
	const cJSON *deck;

	(void)ctx;
	if (mf_json_expect_object(body, "", keys, err))
		return NULL;
	deck = mf_json_member(body, "deck");
	if (!deck)
		return mf_api_fail(err, "/deck", "missing field \"deck\"");
	if (mf_api_camelot_decode_deck(deck, "/deck", &deal, err))
		return NULL;
	return mf_api_camelot_solve_to_json(&deal, "/deck", err);
}

static int decode_batch_deck(const cJSON *el, const char *at, const struct mf_api_ctx *ctx,
			     void *item, struct mf_api_error *err)
{
	(void)ctx;
	return mf_api_camelot_decode_deck(el, at, item, err);
}

static cJSON *answer_batch_deck(const void *item, const char *at, struct mf_api_error *err)
{
	return mf_api_camelot_solve_to_json(item, at, err);
}

cJSON *mf_api_camelot_batch(const cJSON *body, const struct mf_api_ctx *ctx,
			     struct mf_api_error *err)
{
	static const struct mf_api_batch_ops ops = {
		sizeof(struct mf_camelot_deal), decode_batch_deck, answer_batch_deck, NULL,
	};

	return mf_api_batch(body, "decks", CAMELOT_BATCH_MAX, &ops, ctx, err);
}
