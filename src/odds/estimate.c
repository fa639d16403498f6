/*
 * The size of the exact count, worked out before any of it is done, so that
 * method auto samples at once when the count would not fit its budget.
 *
 * The exact count (exact.c) holds one state per multiset of lands seen
 * (with bounce lands: per kept hand and sequence of draws) and draws each
 * of the deck's groups, or a spell, from every state on every turn. The
 * estimate counts those transitions, and charges each a few units for the
 * land-drop search it may start; it is an estimate (a state also records
 * what a mulligan put on the bottom), not a bound.
 */
#include "odds/odds_internal.h"

#define EVAL_UNITS 4  /* units a transition is charged on average */

/* The multisets of lands of the deck's groups with `most` lands or fewer:
 * sum over s <= most of the coefficient of x^s in the product over groups
 * of (1 + x + ... + x^count). Saturates at UINT64_MAX / 2. */
static uint64_t multisets(const struct odds_ctx *c, uint32_t most)
{
	uint64_t ways[8 * MF_ODDS_TURN_MAX + 1] = { 1 }, total = 0;

	if (most > 8 * MF_ODDS_TURN_MAX)
		most = 8 * MF_ODDS_TURN_MAX;
	for (size_t g = 0; g < c->n_groups; g++) {
		for (uint32_t s = most;; s--) {
			uint64_t sum = 0;

			for (uint32_t k = 1; k <= c->g[g].count && k <= s; k++)
				sum += ways[s - k];
			ways[s] += sum;
			if (ways[s] > UINT64_MAX / 4)
				ways[s] = UINT64_MAX / 4;
			if (s == 0)
				break;
		}
	}
	for (uint32_t s = 0; s <= most; s++)
		total = total + ways[s] > UINT64_MAX / 2 ? UINT64_MAX / 2 : total + ways[s];
	return total;
}

/* a * b, saturated at UINT64_MAX / 2. */
static uint64_t times(uint64_t a, uint64_t b)
{
	return a && b > (UINT64_MAX / 2) / a ? UINT64_MAX / 2 : a * b;
}

uint64_t mf_odds_exact_estimate(const struct odds_ctx *c)
{
	uint64_t hands = multisets(c, 7), work = times(hands, c->n_stages), states = hands;
	uint32_t drawn = 0;

	for (uint32_t t = 1; t <= c->last_turn; t++) {
		if (t > 1 || c->draw_t1) {
			if (c->bounce_in_deck)
				states = times(states, c->n_groups + 1);
			else
				states = multisets(c, 7 + drawn);
			drawn++;
		}
		work += times(times(states, c->n_groups + 1), EVAL_UNITS);
		if (work >= UINT64_MAX / 4)
			return UINT64_MAX / 4;
	}
	return work;
}
