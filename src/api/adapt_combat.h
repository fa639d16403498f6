/* JSON <-> combat solver structs: a board, answered by the server and by
 * `manaflow combat`. */
#ifndef MF_API_ADAPT_COMBAT_H
#define MF_API_ADAPT_COMBAT_H

#include "api/api.h"
#include "manaflow/combat.h"

/*
 * A board: {"attackers":[creature, ...],"defenders":[creature, ...]}
 * -> {"blocks":[[defender, attacker], ...],"score":number,
 *     "damage_to_player":integer,"destroyed":{"attackers":[..],"defenders":[..]}}.
 *
 * A creature is [power, toughness] or {"power":P,"toughness":T}; power is
 * 0..MF_COMBAT_POWER_MAX, toughness MF_COMBAT_TOUGHNESS_MIN..MAX
 * (invalid-field with the pointer of the number otherwise). Both lists are
 * required and may be empty; more than MF_COMBAT_ATTACKERS_MAX /
 * MF_COMBAT_DEFENDERS_MAX creatures is too-large. Indexes in the answer are 0-based; blocks are sorted
 * by defender, destroyed lists ascending, score may be a half. The choice
 * among equal scores is mf_combat_solve()'s (manaflow/combat.h). A solve
 * stopped by ctx->stop is a deadline problem with no pointer.
 */
int mf_api_combat_blocks(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err);

/* Appends a solver result (the object both the CLI and the API return) to
 * out. Returns 0, or the buffer's negative mf_status. */
int mf_api_combat_result_to_json(const struct mf_combat_board *board,
				 const struct mf_combat_result *res, struct mf_buf *out);

/* The problems the combat handler can answer with (api/problem.h). */
#define MF_API_COMBAT_PROBLEMS                                                \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) | MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE))

#endif
