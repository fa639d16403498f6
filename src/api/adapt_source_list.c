/* The catalogue of mana sources, listed (api/adapt_source_list.h). */
#include "api/adapt_source_list.h"

#include "api/card_source.h"
#include "api/json_text.h"
#include "manaflow/carddb.h"

/* One catalogue card's entry. */
static int source_text(const struct mf_card_object *card, struct mf_buf *out,
		       struct mf_api_error *err)
{
	struct mf_odds_source s;
	const char *why;
	bool identity;
	int rc = mf_api_source_read(card, MF_CARD_WUBRG, &s, &identity, &why, NULL, "", err);

	if (rc < 0)
		return -1;
	if (rc != MF_API_SOURCE_ADDED)
		return mf_api_fail(err, "", "the catalogue's \"%s\" is no source: %s", card->card.name,
				   why ? why : "it makes no mana");
	MF_JSON_LIT(out, "{\"name\":");
	mf_json_text_string(out, card->card.name);
	MF_JSON_LIT(out, ",\"mana_cost\":");
	mf_json_text_string(out, card->card.mana_cost);
	MF_JSON_LIT(out, ",\"type_line\":");
	mf_json_text_string(out, card->card.type_line);
	mf_buf_addf(out, ",\"kind\":\"%s\",\"enters_tapped\":%s,\"filter\":%u,\"identity\":%s,"
		    "\"makes\":", s.creature ? "creature" : "artifact",
		    s.enters_tapped ? "true" : "false", s.filter, identity ? "true" : "false");
	mf_api_source_makes_json(&s, out);
	MF_JSON_LIT(out, "}");
	return 0;
}

int mf_api_mana_source_list(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			    struct mf_api_error *err)
{
	size_t n;
	const struct mf_card_object *cards = mf_card_sources_builtin(&n);

	(void)body;
	(void)ctx;
	MF_JSON_LIT(out, "{\"sources\":[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		if (source_text(&cards[i], out, err))
			return -1;
	}
	if (MF_JSON_LIT(out, "]}"))
		return mf_api_fail_buf(err, out);
	return 0;
}
