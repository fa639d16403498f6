/*
 * The size of the exact count, worked out before any of it is done, so that
 * method auto samples at once when the count would be too large.
 *
 * The exact count (exact.c) holds one state per multiset of lands seen and
 * cards still drawable: a London mulligan's bottomed lands b make states of
 * their own. With bounce lands a state is the kept hand and the sequence of
 * draws. On every turn each state draws each of the deck's groups or a
 * spell. The estimate sums, per turn, the states it can hold (for each
 * stage and each bottomed multiset b, the multisets of lands of the deck
 * less b with as many lands as the kept hand and the draws can have) times
 * the draws, times the share of them the count reaches. That share was
 * measured on the decks of bench-odds (one to eight kinds of land, turns 2
 * to 7, with and without fetches and bounce lands): 3 to 7 in a hundred,
 * mostly because few bottomed multisets meet each multiset seen. It is an
 * estimate, not a bound.
 */
#include <string.h>

#include "odds/odds_internal.h"

#define REACHED 20           /* one state in REACHED is reached, about */
#define CAP (UINT64_MAX / 8) /* every figure saturates here */

static uint64_t add(uint64_t a, uint64_t b)
{
	return a + b > CAP ? CAP : a + b;
}

static uint64_t times(uint64_t a, uint64_t b)
{
	return a && b > CAP / a ? CAP : a * b;
}

/* The multisets of lands with have[g] of each group at most and `least`
 * to `most` lands: the sum of the coefficients of x^least .. x^most of the
 * product over groups of (1 + x + ... + x^have[g]). */
static uint64_t multisets(const uint32_t *have, size_t n, uint32_t least, uint32_t most)
{
	uint64_t ways[7 + MF_ODDS_TURN_MAX + 1] = { 1 }, total = 0;

	for (size_t g = 0; g < n; g++)
		for (uint32_t s = most;; s--) {
			for (uint32_t k = 1; k <= have[g] && k <= s; k++)
				ways[s] = add(ways[s], ways[s - k]);
			if (s == 0)
				break;
		}
	for (uint32_t s = least; s <= most; s++)
		total = add(total, ways[s]);
	return total;
}

/* The states a stage bottoming `bottom` cards can hold with least..most
 * lands seen: for every multiset b of at most `bottom` lands (groups g..
 * still to choose from), the multisets of the rest. Stops adding past
 * `enough`. */
static uint64_t stage_states(const struct odds_ctx *c, uint32_t *have, size_t g, uint32_t bottom,
			     uint32_t least, uint32_t most, uint64_t enough)
{
	uint64_t sum = multisets(have, c->n_groups, least, most);

	for (size_t k = g; k < c->n_groups && bottom && sum < enough; k++) {
		if (!have[k])
			continue;
		have[k]--;
		sum = add(sum, stage_states(c, have, k, bottom - 1, least, most, enough - sum));
		have[k]++;
	}
	return sum;
}

uint64_t mf_odds_exact_estimate(const struct odds_ctx *c, uint64_t enough)
{
	uint32_t have[MF_ODDS_LAND_KINDS_MAX];
	uint64_t work = 0, seq = 1;
	/* past this many units, the estimate is past enough */
	uint64_t stop = times(enough < CAP ? enough + 1 : CAP, REACHED);
	uint32_t drawn = 0;

	for (size_t g = 0; g < c->n_groups; g++)
		have[g] = c->g[g].count;
	for (uint32_t t = 1; t <= c->last_turn && work < stop; t++) {
		uint64_t states = 0;
		/* the most states this turn can add before the total passes stop */
		uint64_t room = (stop - work) / (c->n_groups + 1) + 1;

		if (t > 1 || c->draw_t1) {
			drawn++;
			seq = times(seq, c->n_groups + 1);
		}
		for (size_t i = 0; i < c->n_stages && states < CAP; i++) {
			const struct odds_stage *st = &c->stages[i];
			uint32_t hi = st->keep_any ? st->draw - st->bottom : st->hi;
			uint32_t lo = st->keep_any ? 0 : st->lo;
			uint32_t more = c->bounce_in_deck ? 0 : drawn;
			/* with bounce lands each state is one of seq sequences */
			uint64_t limit = c->bounce_in_deck ? room / seq + 1 : room;

			if (states >= limit)
				break;
			states = add(states, stage_states(c, have, 0, st->bottom, lo, hi + more,
							  limit - states));
		}
		if (c->bounce_in_deck)
			states = times(states, seq);
		work = add(work, times(states, c->n_groups + 1));
	}
	return work / REACHED;
}
