/*
 * A land named in a request: the catalogue lookup the mana and the odds
 * adapters share (adapters never include each other).
 */
#ifndef MF_API_LAND_NAME_H
#define MF_API_LAND_NAME_H

#include <stdint.h>

#include "api/api.h"

/* The index in ctx->lands of the land called name (borrowed, UTF-8) into
 * *index, and 0. Otherwise -1 with err filled: unknown-land at `at`,
 * naming the closest land as a hint, or else where the catalogue is listed
 * (ctx->lands_listing) when the caller gave that. */
int mf_api_land_by_name(const struct mf_api_ctx *ctx, const char *name, const char *at,
			int32_t *index, struct mf_api_error *err);

#endif
