#include "api/adapt_deck.h"

#include <stdlib.h>
#include <string.h>

#include "api/card.h"
#include "api/json_decode.h"
#include "api/json_text.h"

/* A decoded request; strings point into the request's cJSON tree. */
struct deck_request {
	struct mf_card_object *cards;
	struct mf_card_face *faces;  /* every card's faces, one allocation */
	size_t n_cards;
};

static void deck_request_free(struct deck_request *r)
{
	free(r->cards);
	free(r->faces);
	memset(r, 0, sizeof(*r));
}

/* A card of the deck: the card object, and the deck's own count and zone. */
static int decode_card(const cJSON *node, const char *at, struct mf_card_object *card,
		       struct mf_card_face *faces, struct mf_api_error *err)
{
	const char *zone = NULL;
	char ptr[MF_JSON_POINTER_MAX];
	int64_t count;

	if (mf_api_card_decode(node, at, card, faces, err) ||
	    mf_json_get_int(node, at, "count", false, 1, MF_API_DECK_COUNT_MAX, 1, &count, err) ||
	    mf_json_get_string(node, at, "zone", false, 16, &zone, err))
		return -1;
	if (zone && strcmp(zone, "main") != 0 && strcmp(zone, "sideboard") != 0) {
		mf_json_pointer_key(ptr, at, "zone");
		mf_api_fail(err, ptr, "expected \"main\" or \"sideboard\", got \"%s\"", zone);
		return -1;
	}
	return 0;
}

static int decode_request(const cJSON *body, struct deck_request *r, struct mf_api_error *err)
{
	static const char *const keys[] = { "cards", NULL };
	const cJSON *cards = NULL, *node;
	size_t n = 0, used_faces = 0;

	memset(r, 0, sizeof(*r));
	if (mf_json_expect_object(body, "", keys, err) ||
	    mf_json_get_array(body, "", "cards", true, MF_DECK_CARDS_MAX, &cards, &n, err))
		return -1;
	r->cards = calloc(n ? n : 1, sizeof(*r->cards));
	r->faces = calloc(mf_api_card_count_faces(cards) + 1, sizeof(*r->faces));
	if (!r->cards || !r->faces) {
		mf_api_fail_nomem(err);
		goto fail;
	}
	cJSON_ArrayForEach(node, cards) {
		char at[MF_JSON_POINTER_MAX];

		mf_json_pointer_index(at, "/cards", r->n_cards);
		if (decode_card(node, at, &r->cards[r->n_cards], r->faces + used_faces, err))
			goto fail;
		used_faces += r->cards[r->n_cards].n_faces;
		r->n_cards++;
	}
	return 0;
fail:
	deck_request_free(r);
	return -1;
}

/* Appends {"name","produces","uses"} for one card. */
static void card_text(struct mf_buf *out, const char *name, const struct mf_card_colors *c)
{
	MF_JSON_LIT(out, "{\"name\":");
	mf_json_text_string(out, name);
	MF_JSON_LIT(out, ",\"produces\":");
	mf_json_text_letters(out, c->produces);
	MF_JSON_LIT(out, ",\"uses\":");
	mf_json_text_letters(out, c->uses);
	MF_JSON_LIT(out, "}");
}

static int encode_answer(const struct deck_request *r, const struct mf_deck_colors *deck,
			 const struct mf_card_colors *per_card, struct mf_buf *out)
{
	/* The deck's lists are colours; C stays in the per-card lists only. */
	MF_JSON_LIT(out, "{\"colors\":");
	mf_json_text_letters(out, deck->colors);
	MF_JSON_LIT(out, ",\"produces\":");
	mf_json_text_letters(out, deck->produces & MF_CARD_WUBRG);
	MF_JSON_LIT(out, ",\"uses\":");
	mf_json_text_letters(out, deck->uses & MF_CARD_WUBRG);
	MF_JSON_LIT(out, ",\"cards\":[");
	for (size_t i = 0; i < r->n_cards; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		card_text(out, r->cards[i].card.name, &per_card[i]);
	}
	return MF_JSON_LIT(out, "]}");
}

int mf_api_deck_colors(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		       struct mf_api_error *err)
{
	struct deck_request r;
	struct mf_card_colors *per_card = NULL;
	struct mf_deck_colors deck;
	size_t bad = 0;
	char at[MF_JSON_POINTER_MAX];
	int rc;

	(void)ctx;
	if (decode_request(body, &r, err))
		return -1;
	per_card = calloc(r.n_cards ? r.n_cards : 1, sizeof(*per_card));
	if (!per_card) {
		rc = mf_api_fail_nomem(err);
		goto out;
	}
	rc = mf_deck_colors(r.cards, r.n_cards, per_card, &deck, &bad);
	if (rc) {
		/* The decoder enforces every limit first; this is a safety net. */
		mf_json_pointer_index(at, "/cards", bad);
		rc = mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
					"the card could not be read: %s", mf_status_str(rc));
	} else if (encode_answer(&r, &deck, per_card, out)) {
		rc = mf_api_fail_buf(err, out);
	}
out:
	free(per_card);
	deck_request_free(&r);
	return rc ? -1 : 0;
}
