/*
 * Internal to the combat domain: the outcome of one block assignment under
 * the attacker's best reply, shared by mf_combat_evaluate() and the solver.
 */
#ifndef MF_COMBAT_OUTCOME_H
#define MF_COMBAT_OUTCOME_H

#include "manaflow/combat.h"

/* Empties *out: no blocks, every defender MF_COMBAT_NO_BLOCK. */
void mf_combat_result_clear(struct mf_combat_result *out);

/*
 * Fills *out for a board that passed mf_combat_check() and a blocking vector
 * whose entries are all MF_COMBAT_NO_BLOCK or < n_attackers. Never fails.
 */
void mf_combat_outcome(const struct mf_combat_board *board, const int8_t *blocking,
		    struct mf_combat_result *out);

#endif
