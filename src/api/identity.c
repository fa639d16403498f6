/*
 * A deck's colour identity, from a request and onto its lands
 * (api/identity.h).
 */
#include "api/identity.h"

#include <stdlib.h>
#include <string.h>

#include "api/json_decode.h"

int mf_api_identity_decode(const cJSON *node, const char *at, const char *key, uint8_t *identity,
			   bool *given, struct mf_api_error *err)
{
	const char *text = NULL;
	char ptr[MF_JSON_POINTER_MAX];

	*identity = 0;
	*given = false;
	if (mf_json_get_string(node, at, key, false, 8, &text, err))
		return -1;
	if (!text)
		return 0;
	mf_json_pointer_key(ptr, at, key);
	if (!strcmp(text, "C") || !strcmp(text, "c")) {
		*given = true;
		return 0;
	}
	for (const char *p = text; *p; p++) {
		const char *at_letter = strchr("WUBRG", *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
		unsigned bit;

		if (!at_letter)
			return mf_api_fail(err, ptr, "expected colour letters of WUBRG, each once, or "
					   "\"C\" for none; got '%c'", *p >= 0x20 && *p < 0x7f ? *p : '?');
		bit = 1u << (at_letter - "WUBRG");
		if (*identity & bit)
			return mf_api_fail(err, ptr, "the colour '%c' is given twice", *at_letter);
		*identity |= (uint8_t)bit;
	}
	*given = true;
	return 0;
}

void mf_api_identity_text(uint8_t identity, char buf[6])
{
	size_t n = 0;

	for (int t = 0; t < 5; t++)
		if (identity >> t & 1)
			buf[n++] = "WUBRG"[t];
	buf[n] = '\0';
}

int mf_api_identity_lands(const struct mf_mana_catalogue *cat, int32_t *lands, size_t n,
			  uint8_t identity, struct mf_mana_catalogue **own,
			  struct mf_api_error *err)
{
	struct mf_mana_land *extra;
	struct mf_mana_parse_error perr;
	size_t k = 0, size = mf_mana_catalogue_size(cat);
	int rc;

	*own = NULL;
	for (size_t i = 0; i < n; i++)
		k += mf_mana_catalogue_land(cat, (size_t)lands[i])->identity != 0;
	if (!k)
		return 0;
	extra = malloc(k * sizeof(*extra));
	if (!extra)
		return mf_api_fail_nomem(err);
	k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)lands[i]);

		if (!l->identity)
			continue;
		extra[k] = *l;
		mf_mana_land_narrow(&extra[k], identity);
		lands[i] = (int32_t)(size + k++);
	}
	rc = mf_mana_catalogue_extend(cat, extra, k, own, &perr);
	free(extra);
	if (rc == MF_ERR_NOMEM)
		return mf_api_fail_nomem(err);
	if (rc)  /* a catalogue's land, narrowed: it was checked when read */
		return mf_api_fail(err, "", "the deck's identity lands could not be used: %s",
				   perr.reason);
	return 0;
}
