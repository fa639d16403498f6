/* The built-in catalogue of mana sources that are no land, listed
 * ("GET /v1/mana-sources"), as the odds read each card. */
#ifndef MF_API_ADAPT_SOURCE_LIST_H
#define MF_API_ADAPT_SOURCE_LIST_H

#include "api/api.h"

/* {"sources":[{"name","mana_cost","type_line","kind","enters_tapped",
 * "filter","identity","makes"}...]}: every card of the catalogue
 * (manaflow/carddb.h) as the model plays it, a commander's-identity
 * source with its five colours (identity true: narrowed to a deck's).
 * body and ctx unused. 0, or -1 with err (out of memory, or a card the
 * reader refuses: a build that ships one fails its tests). */
int mf_api_mana_source_list(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			    struct mf_api_error *err);

#endif
