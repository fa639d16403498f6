/* JSON <-> odds solver structs: the odds and sources documents of
 * docs/api.md, answered by the server and by `manaflow odds` and
 * `manaflow sources`. */
#ifndef MF_API_ADAPT_ODDS_H
#define MF_API_ADAPT_ODDS_H

#include "api/api.h"
#include "manaflow/odds.h"

#define MF_API_ODDS_SPELLS_MAX 100  /* spells in one odds request */

/* The odds: a deck and its spells -> one result per spell. */
int mf_api_mana_odds(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		     struct mf_api_error *err);

/* The sources: a deck size, a land count and a policy -> Karsten's table of
 * coloured sources. */
int mf_api_mana_sources(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			struct mf_api_error *err);

/* The problems the odds handlers can answer with (api/problem.h). */
#define MF_API_ODDS_PROBLEMS                                                     \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_UNKNOWN_LAND) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_INVALID_COST) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) |    \
	 MF_PROBLEM_BIT(MF_PROBLEM_SEARCH_BUDGET) | MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) |     \
	 MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE))

/* The problems of the sources handler. */
#define MF_API_SOURCES_PROBLEMS \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE))

#endif
