/* "sources" of an odds request (api/odds_sources.h). */
#include "api/odds_sources.h"

#include <string.h>

#include "api/card.h"
#include "api/json_decode.h"
#include "manaflow/carddb.h"

/* Whether row holds only "name" and "count": a catalogue card by name. */
static bool by_name(const cJSON *row)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, row)
		if (strcmp(m->string, "name") != 0 && strcmp(m->string, "count") != 0)
			return false;
	return true;
}

/* The catalogue's card of row's name, or -1 with err at `at`/name. */
static int named(const cJSON *row, const char *at, const struct mf_api_ctx *ctx,
		 const struct mf_card_object **card, struct mf_api_error *err)
{
	const struct mf_card_object *near;
	const char *name;
	char ptr[MF_JSON_POINTER_MAX];

	if (mf_json_get_string(row, at, "name", true, MF_CARD_TEXT_MAX, &name, err))
		return -1;
	*card = mf_card_source_find(name, strlen(name));
	if (*card)
		return 0;
	mf_json_pointer_key(ptr, at, "name");
	near = mf_card_source_closest(name, strlen(name));
	if (near)
		return mf_api_fail(err, ptr, "unknown mana source \"%.*s\"; did you mean %s?",
				   mf_json_utf8_prefix(name, 128), name, near->card.name);
	if (ctx->sources_listing)
		return mf_api_fail(err, ptr, "unknown mana source \"%.*s\"; %s lists them, or send "
				   "the card object", mf_json_utf8_prefix(name, 128), name,
				   ctx->sources_listing);
	return mf_api_fail(err, ptr, "unknown mana source \"%.*s\"; send the card object",
			   mf_json_utf8_prefix(name, 128), name);
}

/* One row of "sources" at `at` into acc. */
static int decode_row(const cJSON *row, const char *at, const struct mf_api_ctx *ctx,
		      struct mf_api_sources *acc, struct mf_api_error *err)
{
	struct mf_card_face faces[MF_CARD_FACES_MAX];
	struct mf_card_object obj;
	const struct mf_card_object *card = &obj;
	const char *why;
	int64_t count;
	int rc;

	if (!cJSON_IsObject(row))
		return mf_api_fail(err, at, "expected {\"name\",\"count\"} or a card object");
	if (mf_json_get_int(row, at, "count", false, 1, MF_ODDS_DECK_MAX, 1, &count, err))
		return -1;
	if (by_name(row) ? named(row, at, ctx, &card, err) : mf_api_card_decode(row, at, &obj, faces, err))
		return -1;
	rc = mf_api_source_add(acc, card, (uint32_t)count, at, &why, err);
	if (rc < 0)
		return -1;
	if (rc == MF_API_SOURCE_FULL)
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, at, "more than %d kinds of mana source",
				    MF_ODDS_SOURCE_KINDS_MAX);
	if (rc == MF_API_SOURCE_NONE)
		return mf_api_fail(err, at, "\"%.*s\" makes no mana: send it as a spell only",
				   mf_json_utf8_prefix(card->card.name, 128), card->card.name);
	if (rc == MF_API_SOURCE_UNREAD)
		return mf_api_fail(err, at, "\"%.*s\" makes no mana the model plays: %s",
				   mf_json_utf8_prefix(card->card.name, 128), card->card.name, why);
	return 0;
}

int mf_api_odds_decode_sources(const cJSON *body, const struct mf_api_ctx *ctx,
			       struct mf_api_sources *acc, struct mf_api_error *err)
{
	const cJSON *list, *row;
	size_t n, i = 0;

	if (mf_json_get_array(body, "", "sources", false, MF_API_ODDS_SOURCES_MAX, &list, &n, err))
		return -1;
	cJSON_ArrayForEach(row, list) {
		char at[MF_JSON_POINTER_MAX];

		mf_json_pointer_index(at, "/sources", i++);
		if (decode_row(row, at, ctx, acc, err))
			return -1;
	}
	return 0;
}
