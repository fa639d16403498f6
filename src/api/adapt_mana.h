/* JSON <-> mana solver structs: a query, a batch of them and the land
 * catalogue, answered by the server and by `manaflow solve --json`. */
#ifndef MF_API_ADAPT_MANA_H
#define MF_API_ADAPT_MANA_H

#include "api/api.h"

#define MF_API_MANA_BATCH_MAX 10000  /* queries in one batch */

/* One query object -> one result object. */
int mf_api_mana_solve(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* mf_api_mana_solve() straight from the body's text (len bytes), for the
 * plain bodies api/mana_direct.h describes: the same answer or the same
 * problem, to the byte, without cJSON's tree. MF_API_TREE for any other
 * body (out and err untouched): mf_api_answer() then takes the tree path. */
int mf_api_mana_solve_text(const char *text, size_t len, const struct mf_api_ctx *ctx,
			   struct mf_buf *out, struct mf_api_error *err);

/* A batch: {"queries":[...]} -> {"results":[...]}; one
 * invalid query fails the whole batch with its pointer. */
int mf_api_mana_batch(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* The catalogue (ctx->lands; body unused) for autocomplete and
 * validation. */
int mf_api_mana_lands(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);

/* The problems the mana handlers can answer with (api/problem.h). */
#define MF_API_MANA_PROBLEMS                                                     \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_UNKNOWN_LAND) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_INVALID_COST) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) |    \
	 MF_PROBLEM_BIT(MF_PROBLEM_UNSUPPORTED_LAND) | MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY))

#endif
