/* Internal view of one odds computation, shared by the odds modules. */
#ifndef MF_ODDS_INTERNAL_H
#define MF_ODDS_INTERNAL_H

#include "manaflow/odds.h"

#define ODDS_SPELL 0xff  /* a card that is no land, in a sampled deck */

/* Lands that behave alike for the cost, in bottoming order (the first
 * group's lands are bottomed first). */
struct odds_group {
	int32_t land;     /* a catalogue index standing for the group */
	uint32_t count;   /* copies in the deck */
	uint8_t colors;   /* cost colours the group makes (bottoming rank) */
};

/* One attempt at a hand: draw `draw` cards, bottom `bottom` of them, keep
 * with lo..hi lands (keep_any: always). */
struct odds_stage {
	uint8_t draw, bottom, lo, hi;
	bool keep_any;
};

/* The castability memo: one entry per multiset of lands seen. */
struct odds_memo {
	uint8_t *keys;     /* n_slots keys of `stride` bytes; byte 0 of an empty slot is 0xff */
	uint8_t *value;    /* castable, per slot */
	size_t n_slots, used, stride;
};

struct odds_ctx {
	const struct mf_odds_query *q;
	struct odds_group g[MF_ODDS_LAND_KINDS_MAX];
	size_t n_groups;
	uint32_t spells;        /* cards that are no land */
	uint32_t lands;         /* lands in the deck */
	uint32_t draws;         /* cards drawn by the turn asked about */
	uint32_t lands_needed;
	struct odds_stage stages[5];
	size_t n_stages;
	bool fetch_in_deck;
	struct odds_memo memo;
	int32_t *board;         /* scratch for solver queries: battlefield then library */
	uint64_t work, budget, solver_calls;
	bool over_budget;
};

/* model.c: groups, stages and lands_needed from the query; MF_OK or an
 * mf_status (MF_ERR_INVALID, MF_ERR_LIMIT, MF_ERR_NOMEM). */
int mf_odds_model(struct odds_ctx *c, const struct mf_odds_query *q);
void mf_odds_model_free(struct odds_ctx *c);

/* model.c: a hand of `draw` cards (spells, and held[g] lands of group g)
 * at stage st. Writes the kept lands to kept[] and returns true, or returns
 * false for a mulligan. */
bool mf_odds_keep(const struct odds_ctx *c, const struct odds_stage *st, uint32_t spells,
		  const uint8_t *held, uint8_t *kept);

/* board.c: whether the seen lands (seen[g] of group g) can cast the cost by
 * the turn: 1, 0, or a negative mf_status (MF_ERR_LIMIT when the budget ran
 * out). Memoised. */
int mf_odds_castable(struct odds_ctx *c, const uint8_t *seen);

/* The three sums of an enumeration or a sample. */
struct odds_tally {
	double lands, castable, both;  /* P(enough lands), P(castable), P(both) */
};

/* exact.c: the exact probabilities; MF_OK or a negative mf_status. */
int mf_odds_exact(struct odds_ctx *c, struct odds_tally *t);

/* sample.c: `games` games from `seed`; counts in t (as games), MF_OK or a
 * negative mf_status. */
int mf_odds_sample(struct odds_ctx *c, uint64_t seed, uint32_t games, struct odds_tally *t);

/* Charges n work units; false (and over_budget set) past the budget. */
static inline bool mf_odds_charge(struct odds_ctx *c, uint64_t n)
{
	c->work += n;
	if (c->work > c->budget)
		c->over_budget = true;
	return !c->over_budget;
}

#endif
