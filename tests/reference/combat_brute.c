#include "combat_brute.h"

#include <string.h>

/* The attacker's best reply found so far for one attacker. */
struct reply {
	bool found;
	int64_t survivors;                  /* P+T of its blockers left alive */
	bool killed[MF_COMBAT_DEFENDERS_MAX];
};

/* Is kill set a better reply than b for the attacker (b's survivors equal)?
 * The first defender where they differ decides: destroying it is better. */
static bool earlier_kill(const bool *a, const bool *b, size_t n)
{
	for (size_t d = 0; d < n; d++)
		if (a[d] != b[d])
			return a[d];
	return false;
}

/* Gives 0 .. left damage to blockers[k], recursing; the last takes the rest. */
static void split_damage(const struct mf_combat_board *board, const size_t *blockers,
			 size_t n_blockers, size_t k, uint32_t left, uint32_t *damage,
			 struct reply *best)
{
	bool killed[MF_COMBAT_DEFENDERS_MAX] = { false };
	int64_t survivors = 0;

	if (k + 1 < n_blockers) {
		for (uint32_t x = 0; x <= left; x++) {
			damage[k] = x;
			split_damage(board, blockers, n_blockers, k + 1, left - x, damage, best);
		}
		return;
	}
	damage[k] = left;
	for (size_t j = 0; j < n_blockers; j++) {
		const struct mf_combat_creature *c = &board->defenders[blockers[j]];

		if (damage[j] >= c->toughness)
			killed[blockers[j]] = true;
		else
			survivors += c->power + c->toughness;
	}
	if (!best->found || survivors < best->survivors ||
	    (survivors == best->survivors &&
	     earlier_kill(killed, best->killed, board->n_defenders))) {
		best->found = true;
		best->survivors = survivors;
		memcpy(best->killed, killed, sizeof(killed));
	}
}

void ref_combat_evaluate(const struct mf_combat_board *board, const int8_t *blocking,
			 struct ref_combat_outcome *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t a = 0; a < board->n_attackers; a++) {
		const struct mf_combat_creature *att = &board->attackers[a];
		size_t blockers[MF_COMBAT_DEFENDERS_MAX], n = 0;
		uint32_t damage[MF_COMBAT_DEFENDERS_MAX], taken = 0;
		struct reply best = { .found = false };

		for (size_t d = 0; d < board->n_defenders; d++) {
			if (blocking[d] == (int8_t)a) {
				blockers[n++] = d;
				taken += board->defenders[d].power;
			}
		}
		if (n == 0) {
			out->damage_to_player += att->power;
			continue;
		}
		split_damage(board, blockers, n, 0, att->power, damage, &best);
		for (size_t d = 0; d < board->n_defenders; d++)
			out->defender_destroyed[d] |= best.killed[d];
		out->attacker_destroyed[a] = taken >= att->toughness;
	}
	out->score2 = -(int64_t)out->damage_to_player;
	for (size_t d = 0; d < board->n_defenders; d++)
		if (!out->defender_destroyed[d])
			out->score2 += 2 * (int64_t)(board->defenders[d].power +
						     board->defenders[d].toughness);
	for (size_t a = 0; a < board->n_attackers; a++)
		if (!out->attacker_destroyed[a])
			out->score2 -= 2 * (int64_t)(board->attackers[a].power +
						     board->attackers[a].toughness);
}

/* Visits assignments in lexicographic order (-1 first, then 0, 1, ...) and
 * keeps only strict improvements, so the earliest of equals wins. */
void ref_combat_best(const struct mf_combat_board *board, int8_t *blocking,
		     struct ref_combat_outcome *out)
{
	int8_t current[MF_COMBAT_DEFENDERS_MAX];
	size_t n = board->n_defenders, best_count = 0;
	bool have = false;

	/* Every slot of current, not only the first n: gcc 14 cannot tell that
	 * ref_combat_evaluate() reads no further, and warns. */
	for (size_t d = 0; d < MF_COMBAT_DEFENDERS_MAX; d++)
		current[d] = -1;
	memcpy(blocking, current, n);
	for (;;) {
		struct ref_combat_outcome o;
		size_t count = 0;
		size_t d;

		for (d = 0; d < n; d++)
			count += current[d] >= 0;
		ref_combat_evaluate(board, current, &o);
		if (!have || o.score2 > out->score2 ||
		    (o.score2 == out->score2 && count < best_count)) {
			have = true;
			*out = o;
			best_count = count;
			memcpy(blocking, current, n);
		}
		/* Odometer step, defender n - 1 the fastest digit. */
		for (d = n; d-- > 0;) {
			if (current[d] + 1 < (int)board->n_attackers) {
				current[d]++;
				break;
			}
			current[d] = -1;
		}
		if (d == (size_t)-1)
			break;
	}
}
