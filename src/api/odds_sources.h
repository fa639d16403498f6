/* The mana sources that are no land of an odds request ("sources"): rows
 * {"name","count"} of the built-in catalogue, or Scryfall card objects
 * with an optional "count", read into an api/card_source.h accumulator. */
#ifndef MF_API_ODDS_SOURCES_H
#define MF_API_ODDS_SOURCES_H

#include "api/api.h"
#include "api/card_source.h"

#define MF_API_ODDS_SOURCES_MAX 256  /* rows of "sources" */

/*
 * Reads the optional array "sources" of body into acc (initialised with
 * the request's identity). A row of only "name" and "count" names a card of
 * the built-in catalogue (manaflow/carddb.h; ASCII case ignored); any other
 * row is a card object (api/card.h) whose "count" defaults to 1. Returns 0,
 * or -1 with err at the row: an unknown name (with the nearest, and
 * ctx->sources_listing), a card that makes no mana the model plays (and
 * why), more than MF_ODDS_SOURCE_KINDS_MAX kinds or MF_API_ODDS_SOURCES_MAX
 * rows (too-large), out of memory.
 */
int mf_api_odds_decode_sources(const cJSON *body, const struct mf_api_ctx *ctx,
			       struct mf_api_sources *acc, struct mf_api_error *err);

#endif
