/*
 * Brute-force reference for the combat solver, for small boards only: it
 * tries every block assignment ((A + 1)^D of them) and, for each blocked
 * attacker, every way of splitting its power among its blockers, one point
 * of damage at a time. Shares nothing with src/combat but the public structs.
 */
#ifndef MF_TESTS_COMBAT_BRUTE_H
#define MF_TESTS_COMBAT_BRUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "manaflow/combat.h"

struct ref_combat_outcome {
	int64_t score2;              /* twice the defender's score */
	uint32_t damage_to_player;
	bool attacker_destroyed[MF_COMBAT_ATTACKERS_MAX];
	bool defender_destroyed[MF_COMBAT_DEFENDERS_MAX];
};

/* Outcome of blocking[d] (attacker index or -1) under the attacker's best
 * reply, ties broken as documented in combat.h. Cost grows with the powers. */
void ref_combat_evaluate(const struct mf_combat_board *board, const int8_t *blocking,
			 struct ref_combat_outcome *out);

/* The defender's best assignment with combat.h's tie-breaks, into
 * blocking[0 .. n_defenders), and its outcome. */
void ref_combat_best(const struct mf_combat_board *board, int8_t *blocking,
		     struct ref_combat_outcome *out);

#endif
