/* JSON <-> mana solver structs, for POST /v1/mana/solve{,/batch},
 * GET /v1/lands and `manaflow solve --json`. */
#ifndef MF_API_ADAPT_MANA_H
#define MF_API_ADAPT_MANA_H

#include "api/api.h"

#define MF_API_MANA_BATCH_MAX 10000  /* queries in one batch */

/* POST /v1/mana/solve: one query object -> one result object. */
int mf_api_mana_solve(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* POST /v1/mana/solve/batch: {"queries":[...]} -> {"results":[...]}; one
 * invalid query fails the whole batch with its pointer. */
int mf_api_mana_batch(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* GET /v1/lands: the catalogue for autocomplete and validation. */
int mf_api_mana_lands(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* The catalogue index of the land called name, or -1 with err: 400
 * unknown-land at `at`, with the closest name as a hint. */
int mf_api_land_by_name(const struct mf_mana_catalogue *cat, const char *name, const char *at,
			int32_t *index, struct mf_api_error *err);

/* The problems the mana handlers can answer with (api/problem.h). */
#define MF_API_MANA_PROBLEMS                                                     \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_UNKNOWN_LAND) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_INVALID_COST) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) |    \
	 MF_PROBLEM_BIT(MF_PROBLEM_UNSUPPORTED_LAND) | MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY))

#endif
