/* A land named in a request: see land_name.h. */
#include "api/land_name.h"

#include <string.h>

#include "api/json_decode.h"

int mf_api_land_by_name(const struct mf_api_ctx *ctx, const char *name, const char *at,
			int32_t *index, struct mf_api_error *err)
{
	const struct mf_mana_catalogue *cat = ctx->lands;
	int32_t near;

	*index = mf_mana_catalogue_find(cat, name, strlen(name));
	if (*index >= 0)
		return 0;
	near = mf_mana_catalogue_closest(cat, name, strlen(name));
	if (near >= 0)
		return mf_api_failp(err, MF_PROBLEM_UNKNOWN_LAND, at,
				    "unknown land \"%.*s\"; did you mean %s?",
				    mf_json_utf8_prefix(name, 128), name,
				    mf_mana_catalogue_land(cat, (size_t)near)->name);
	if (ctx->lands_listing)
		return mf_api_failp(err, MF_PROBLEM_UNKNOWN_LAND, at,
				    "unknown land \"%.*s\"; %s lists them",
				    mf_json_utf8_prefix(name, 128), name, ctx->lands_listing);
	return mf_api_failp(err, MF_PROBLEM_UNKNOWN_LAND, at, "unknown land \"%.*s\"",
			    mf_json_utf8_prefix(name, 128), name);
}
