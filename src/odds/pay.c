/*
 * The least life with which a set of untapped lands pays the cost: the
 * mana solver asked once per multiset of lands (by group), memoised.
 * Fetch lands never reach here: drops.c puts the lands they found.
 */
#include <stdlib.h>

#include "odds/odds_internal.h"

#define SOLVER_CALL_WORK 64  /* work units a solver call is charged */

/* The solver's answer for the lands on[g] of each group, untapped on the
 * battlefield with an empty library: *life as mf_odds_least_life says. */
static int solve(struct odds_ctx *c, const uint8_t *on, uint32_t *life)
{
	const struct mf_odds_query *q = c->q;
	struct mf_mana_query mq = { .cat = q->cat, .life = MF_MANA_LIFE_MAX, .cost = q->cost, .x = q->x,
				    .no_plan = true };
	struct mf_mana_result res;
	size_t n = 0;
	int rc;

	if (!mf_odds_charge(c, SOLVER_CALL_WORK))
		return MF_ERR_LIMIT;
	c->solver_calls++;
	for (size_t g = 0; g < c->n_groups; g++)
		for (uint32_t k = 0; k < on[g]; k++)
			c->board[n++] = c->g[g].land;
	mq.battlefield = c->board;
	mq.n_battlefield = n;
	rc = mf_mana_solve(&mq, &res);
	if (rc)
		return rc;
	*life = res.payable && res.min_life_paid < UINT32_MAX ? (uint32_t)res.min_life_paid : UINT32_MAX;
	mf_mana_result_free(&res);
	return MF_OK;
}

int mf_odds_least_life(struct odds_ctx *c, const uint8_t *on, uint32_t *life)
{
	union odds_value *v = mf_odds_table_find(&c->pays, on);
	bool added;
	int rc;

	if (v) {
		*life = (uint32_t)v->u;
		return MF_OK;
	}
	rc = solve(c, on, life);
	if (rc)
		return rc;
	v = mf_odds_table_put(&c->pays, on, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->u = *life;
	return MF_OK;
}
