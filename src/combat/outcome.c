/*
 * Board checks and the outcome of a given block assignment.
 *
 * The attacker's reply to its blockers is a 0/1 knapsack: destroying a
 * blocker costs its toughness in damage and is worth its P+T to the
 * attacker, and the attacker's power is the budget. A board has at most 16
 * defenders, so the blockers of one attacker are enumerated as subsets.
 */
#include "combat/outcome.h"

#include <stdio.h>
#include <string.h>

#define STR_(x) #x
#define STR(x) STR_(x)

static int fail(struct mf_combat_error *err, int status, enum mf_combat_side side,
		size_t index, const char *reason)
{
	if (err) {
		err->side = side;
		err->index = index;
		snprintf(err->reason, sizeof(err->reason), "%s", reason);
	}
	return status;
}

static int check_side(const struct mf_combat_creature *list, size_t n,
		      enum mf_combat_side side, struct mf_combat_error *err)
{
	if (n > 0 && !list)
		return fail(err, MF_ERR_INVALID, side, 0, "the creature list is missing");
	for (size_t i = 0; i < n; i++) {
		if (list[i].power > MF_COMBAT_POWER_MAX)
			return fail(err, MF_ERR_INVALID, side, i,
				    "power is out of range 0.." STR(MF_COMBAT_POWER_MAX));
		if (list[i].toughness < MF_COMBAT_TOUGHNESS_MIN ||
		    list[i].toughness > MF_COMBAT_TOUGHNESS_MAX)
			return fail(err, MF_ERR_INVALID, side, i,
				    "toughness is out of range " STR(MF_COMBAT_TOUGHNESS_MIN)
				    ".." STR(MF_COMBAT_TOUGHNESS_MAX));
	}
	return MF_OK;
}

/* Checks counts first, so that a too large board is refused as a whole. */
int mf_combat_check(const struct mf_combat_board *board, struct mf_combat_error *err)
{
	int status;

	if (!board)
		return fail(err, MF_ERR_INVALID, MF_COMBAT_ATTACKER, 0, "no board");
	if (board->n_attackers > MF_COMBAT_ATTACKERS_MAX)
		return fail(err, MF_ERR_LIMIT, MF_COMBAT_ATTACKER, board->n_attackers,
			    "more than " STR(MF_COMBAT_ATTACKERS_MAX) " attackers");
	if (board->n_defenders > MF_COMBAT_DEFENDERS_MAX)
		return fail(err, MF_ERR_LIMIT, MF_COMBAT_DEFENDER, board->n_defenders,
			    "more than " STR(MF_COMBAT_DEFENDERS_MAX) " defenders");
	status = check_side(board->attackers, board->n_attackers,
			    MF_COMBAT_ATTACKER, err);
	if (status == MF_OK)
		status = check_side(board->defenders, board->n_defenders,
				    MF_COMBAT_DEFENDER, err);
	return status;
}

void mf_combat_result_clear(struct mf_combat_result *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t d = 0; d < MF_COMBAT_DEFENDERS_MAX; d++)
		out->blocking[d] = MF_COMBAT_NO_BLOCK;
}

/* Defender 0 is the most significant bit, so a greater key destroys the
 * lowest-indexed defender it can first. */
static uint32_t reply_key(uint32_t kill)
{
	uint32_t key = 0;

	for (unsigned d = 0; d < MF_COMBAT_DEFENDERS_MAX; d++)
		if (kill & (1u << d))
			key |= 1u << (MF_COMBAT_DEFENDERS_MAX - 1 - d);
	return key;
}

/* The set of blockers (a subset of the mask `blockers`) that an attacker of
 * the given power destroys, with the tie-break documented in combat.h. */
static uint32_t attacker_reply(const struct mf_combat_creature *defenders,
			       uint32_t blockers, uint32_t power)
{
	uint32_t best = 0, best_value = 0, best_key = 0;
	uint32_t kill = blockers;

	/* Walks every subset of blockers, the empty one last. */
	for (;;) {
		uint32_t damage = 0, value = 0;

		for (unsigned d = 0; d < MF_COMBAT_DEFENDERS_MAX; d++) {
			if (!(kill & (1u << d)))
				continue;
			damage += defenders[d].toughness;
			value += defenders[d].power + defenders[d].toughness;
		}
		if (damage <= power) {
			uint32_t key = reply_key(kill);

			if (value > best_value || (value == best_value && key > best_key)) {
				best = kill;
				best_value = value;
				best_key = key;
			}
		}
		if (kill == 0)
			break;
		kill = (kill - 1) & blockers;
	}
	return best;
}

void mf_combat_outcome(const struct mf_combat_board *board, const int8_t *blocking,
		    struct mf_combat_result *out)
{
	uint32_t blockers[MF_COMBAT_ATTACKERS_MAX] = { 0 };
	uint32_t blocker_power[MF_COMBAT_ATTACKERS_MAX] = { 0 };
	int64_t score2 = 0;

	mf_combat_result_clear(out);
	for (size_t d = 0; d < board->n_defenders; d++) {
		int a = blocking[d];

		out->blocking[d] = (int8_t)a;
		if (a == MF_COMBAT_NO_BLOCK)
			continue;
		out->blocks[out->n_blocks].defender = (uint8_t)d;
		out->blocks[out->n_blocks].attacker = (uint8_t)a;
		out->n_blocks++;
		blockers[a] |= 1u << d;
		blocker_power[a] += board->defenders[d].power;
	}
	for (size_t a = 0; a < board->n_attackers; a++) {
		const struct mf_combat_creature *att = &board->attackers[a];
		uint32_t killed;

		if (!blockers[a]) {
			out->damage_to_player += att->power;
			continue;
		}
		killed = attacker_reply(board->defenders, blockers[a], att->power);
		for (size_t d = 0; d < board->n_defenders; d++)
			if (killed & (1u << d))
				out->defender_destroyed[d] = true;
		out->attacker_destroyed[a] = blocker_power[a] >= att->toughness;
	}
	for (size_t d = 0; d < board->n_defenders; d++)
		if (!out->defender_destroyed[d])
			score2 += 2 * (int64_t)(board->defenders[d].power +
						board->defenders[d].toughness);
	for (size_t a = 0; a < board->n_attackers; a++)
		if (!out->attacker_destroyed[a])
			score2 -= 2 * (int64_t)(board->attackers[a].power +
						board->attackers[a].toughness);
	out->score2 = score2 - out->damage_to_player;
}

int mf_combat_evaluate(const struct mf_combat_board *board, const int8_t *blocking,
		       struct mf_combat_result *out, struct mf_combat_error *err)
{
	int status;

	mf_combat_result_clear(out);
	status = mf_combat_check(board, err);
	if (status != MF_OK)
		goto out;
	if (board->n_defenders > 0 && !blocking) {
		status = fail(err, MF_ERR_INVALID, MF_COMBAT_DEFENDER, 0,
			      "the blocking vector is missing");
		goto out;
	}
	for (size_t d = 0; d < board->n_defenders; d++) {
		int a = blocking[d];

		if (a != MF_COMBAT_NO_BLOCK && (a < 0 || (size_t)a >= board->n_attackers)) {
			status = fail(err, MF_ERR_INVALID, MF_COMBAT_DEFENDER, d,
				      "blocks an attacker that does not exist");
			goto out;
		}
	}
	mf_combat_outcome(board, blocking, out);
out:
	return status;
}
