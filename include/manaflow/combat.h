/*
 * manaflow combat: how should the defending player block?
 *
 * The rules are those of the Code Golf challenge "Magic: the Gathering
 * combat" (see README): each attacker has power P >= 0 and toughness T >= 1,
 * and so has each of the defending player's creatures. The defender assigns
 * each of its creatures to block one attacker or none; then each blocked
 * attacker splits its power among its blockers as it likes, and each blocker
 * deals its power to the attacker it blocks. A creature dealt damage >= its
 * toughness is destroyed. An unblocked attacker deals its power to the
 * defending player (the statement's rule; one published answer charges
 * toughness instead, which we do not follow).
 *
 *   score = sum of P+T of the defender's surviving creatures
 *         - sum of P+T of the attacker's surviving creatures
 *         - half the damage dealt to the defending player
 *
 * The attacker splits damage to minimise the score, the defender blocks to
 * maximise it (a maximin). Scores are halves, so the API carries them doubled
 * (score2 = 2 * score) and stays in integers.
 *
 * Determinism, where several answers share the best score:
 *  - the defender's blocks: the fewest blocking creatures, then the smallest
 *    block vector in lexicographic order, read from defender 0 upwards with
 *    "does not block" before "blocks attacker 0" before "blocks attacker 1"...
 *  - the attacker's reply: it destroys a set of blockers of greatest total
 *    P+T whose toughnesses fit in its power; among such sets it destroys the
 *    lowest-indexed defender it can, then the next lowest, and so on (the
 *    set's membership vector read from defender 0 is lexicographically
 *    greatest). Leftover damage never changes the outcome.
 *
 * Ownership: boards are read-only inputs owned by the caller; results are
 * plain structs with fixed-size arrays that own nothing and need no freeing.
 * Every function is pure and thread-safe.
 */
#ifndef MANAFLOW_COMBAT_H
#define MANAFLOW_COMBAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limits; MF_ERR_LIMIT beyond the counts, MF_ERR_INVALID beyond
 * the ranges. 16 x 16 boards are solved exactly (A * 3^D steps, about a
 * second at worst). */
#define MF_COMBAT_ATTACKERS_MAX 16
#define MF_COMBAT_DEFENDERS_MAX 16
#define MF_COMBAT_POWER_MAX 1000      /* power is 0 .. this */
#define MF_COMBAT_TOUGHNESS_MIN 1
#define MF_COMBAT_TOUGHNESS_MAX 1000  /* toughness is 1 .. this */

/*
 * The most heap one mf_combat_solve() of a board of n_attackers and
 * n_defenders (clamped to the limits) holds at once: its one block of
 * tables, 2^D x (81 + 2A) bytes, and a page for the allocator's rounding.
 * mf_combat_evaluate() allocates nothing. MF_COMBAT_WORKING_SET_MAX is the
 * most of all, at 16 x 16: 7,405,568 + 4,096 bytes. Stack not included.
 */
MF_EXPORT size_t mf_combat_working_set(size_t n_attackers, size_t n_defenders);
#define MF_COMBAT_WORKING_SET_MAX ((size_t)7409664)

/* Marks a defender that does not block in mf_combat_result.blocking. */
#define MF_COMBAT_NO_BLOCK (-1)

struct mf_combat_creature {
	uint32_t power;
	uint32_t toughness;
};

/* The creatures in combat; arrays owned by the caller, read only. */
struct mf_combat_board {
	const struct mf_combat_creature *attackers;
	size_t n_attackers;                  /* 0 .. MF_COMBAT_ATTACKERS_MAX */
	const struct mf_combat_creature *defenders;
	size_t n_defenders;                  /* 0 .. MF_COMBAT_DEFENDERS_MAX */
};

/* One block: defender (index into defenders) blocks attacker. */
struct mf_combat_block {
	uint8_t defender;
	uint8_t attacker;
};

/* A block assignment and its outcome under the attacker's best reply. */
struct mf_combat_result {
	/* attacker each defender blocks, or MF_COMBAT_NO_BLOCK */
	int8_t blocking[MF_COMBAT_DEFENDERS_MAX];
	/* the same blocks as pairs, sorted by defender; n_blocks of them */
	struct mf_combat_block blocks[MF_COMBAT_DEFENDERS_MAX];
	size_t n_blocks;
	int64_t score2;            /* twice the defender's score */
	uint32_t damage_to_player; /* total power of the unblocked attackers */
	bool attacker_destroyed[MF_COMBAT_ATTACKERS_MAX];
	bool defender_destroyed[MF_COMBAT_DEFENDERS_MAX];
};

/* Which creature of a board breaks a rule. */
enum mf_combat_side { MF_COMBAT_ATTACKER, MF_COMBAT_DEFENDER };

struct mf_combat_error {
	enum mf_combat_side side;
	size_t index;        /* 0-based index of the creature on that side */
	char reason[160];    /* one English sentence, no trailing newline */
};

/*
 * Checks a board's counts and ranges. Returns MF_OK, MF_ERR_LIMIT (too many
 * creatures: index is the count, side the list) or MF_ERR_INVALID (a power
 * or toughness out of range: side and index name the creature). err may be
 * NULL.
 */
MF_EXPORT int mf_combat_check(const struct mf_combat_board *board,
			      struct mf_combat_error *err);

/*
 * The defender's optimal blocks, exactly, with the tie-breaks documented
 * above. stop is NULL or the caller's (manaflow/common.h), looked at every
 * 256 sets of defenders of each attacker's layer (a 16 x 16 board, about
 * a second, sees it within a millisecond). On MF_OK *out holds the blocks,
 * the score and what is destroyed. On failure (mf_combat_check's codes,
 * MF_ERR_STOPPED when stop was raised, or MF_ERR_NOMEM for the working
 * tables, at most about 8 MB) *out is zeroed with every defender marked
 * MF_COMBAT_NO_BLOCK. err may be NULL; it is filled only for
 * mf_combat_check's codes.
 */
MF_EXPORT int mf_combat_solve(const struct mf_combat_board *board, const struct mf_stop *stop,
			      struct mf_combat_result *out,
			      struct mf_combat_error *err);

/*
 * The outcome of a given block assignment: blocking[d] is the attacker
 * defender d blocks or MF_COMBAT_NO_BLOCK (n_defenders entries, caller's
 * array). Fills *out as mf_combat_solve() would for these blocks. Returns
 * MF_OK, or mf_combat_check's codes, or MF_ERR_INVALID (side DEFENDER) for a
 * blocking entry naming no attacker; on failure *out is as for
 * mf_combat_solve(). err may be NULL.
 */
MF_EXPORT int mf_combat_evaluate(const struct mf_combat_board *board,
				 const int8_t *blocking,
				 struct mf_combat_result *out,
				 struct mf_combat_error *err);

#ifdef __cplusplus
}
#endif

#endif
