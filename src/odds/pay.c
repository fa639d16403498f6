/*
 * The least life with which a set of untapped lands pays the cost: the
 * mana solver asked once per multiset of lands (by group), memoised, or
 * Hall's condition when cost and lands are plain enough.
 * Fetch lands never reach here: drops.c puts the lands they found.
 */
#include <stdlib.h>

#include "odds/odds_internal.h"

#define SOLVER_CALL_WORK 64  /* work units a solver call is charged */

unsigned mf_odds_one_mana_types(const struct mf_mana_land *l)
{
	unsigned mask = 0;

	if (l->fetch_types || l->tron || !l->n_options)
		return 0;
	for (size_t o = 0; o < l->n_options; o++) {
		unsigned made = 0, type = 0;

		if (l->options[o].life)
			return 0;
		for (unsigned t = 0; t < MF_MANA_TYPES; t++)
			if (l->options[o].mana[t]) {
				made += l->options[o].mana[t];
				type = t;
			}
		if (made != 1)
			return 0;
		mask |= 1u << type;
	}
	return mask;
}

bool mf_odds_fixed_mana(const struct mf_mana_land *l, uint8_t *made)
{
	unsigned total = 0;

	if (l->fetch_types || l->tron || l->n_options != 1 || l->options[0].life)
		return false;
	for (unsigned t = 0; t < MF_MANA_TYPES; t++) {
		made[t] = l->options[0].mana[t];
		total += made[t];
	}
	return total > 0;
}

/* The solver's answer without the solver, when it is plain: the cost's
 * symbols are coloured, {C}, generic or {X}, and each land makes one mana
 * of a choice of types, or the same mana always (a bounce land's two), for
 * no life. Then no life is ever paid, and each mana made is a unit of a
 * choice of types: by Hall's theorem the lands pay iff their units are as
 * many as the cost's mana and, for every set S of the types the cost
 * names, the units making one of S are as many as its symbols of S. true
 * and *life (0, or UINT32_MAX when they cannot pay) then; false when the
 * solver must answer. */
static bool pays_plainly(const struct odds_ctx *c, const uint8_t *on, uint32_t *life)
{
	const struct mf_mana_cost *cost = &c->q->cost;
	unsigned masks[MF_ODDS_LAND_KINDS_MAX * MF_MANA_TYPES], named = 0;
	uint32_t count[MF_ODDS_LAND_KINDS_MAX * MF_MANA_TYPES];
	uint64_t lands = 0, total = cost->generic + (uint64_t)cost->x_count * c->q->x;
	size_t k = 0;

	if (!c->plain_cost)
		return false;
	for (size_t g = 0; g < c->n_groups; g++) {
		const struct odds_group *x = &c->g[g];

		if (!on[g])
			continue;
		if (x->one_mana) {
			masks[k] = x->one_mana;
			count[k++] = on[g];
			lands += on[g];
			continue;
		}
		if (!x->fixed)
			return false;
		for (unsigned t = 0; t < MF_MANA_TYPES; t++)
			if (x->made[t]) {
				masks[k] = 1u << t;
				count[k] = (uint32_t)on[g] * x->made[t];
				lands += count[k++];
			}
	}
	for (unsigned t = 0; t < MF_MANA_TYPES; t++) {
		total += cost->need[t];
		named |= cost->need[t] ? 1u << t : 0;
	}
	*life = UINT32_MAX;
	if (lands < total)
		return true;
	/* every non-empty subset s of the named types */
	for (unsigned s = named; s; s = (s - 1) & named) {
		uint64_t want = 0, have = 0;

		for (unsigned t = 0; t < MF_MANA_TYPES; t++)
			want += s >> t & 1 ? cost->need[t] : 0;
		for (size_t i = 0; i < k; i++)
			have += masks[i] & s ? count[i] : 0;
		if (have < want)
			return true;
	}
	*life = 0;
	return true;
}

/* The solver's answer for the lands on[g] of each group, untapped on the
 * battlefield with an empty library: *life as mf_odds_least_life says.
 * Charged as a solver call also when pays_plainly() answers. */
static int solve(struct odds_ctx *c, const uint8_t *on, uint32_t *life)
{
	const struct mf_odds_query *q = c->q;
	struct mf_mana_query mq;
	struct mf_mana_result res;
	size_t n = 0;
	int rc;

	if (!mf_odds_charge(c, SOLVER_CALL_WORK))
		return MF_ERR_LIMIT;
	c->solver_calls++;
	if (pays_plainly(c, on, life))
		return MF_OK;
	/* made only now: the cost is a large struct */
	mq = (struct mf_mana_query){ .cat = q->cat, .life = MF_MANA_LIFE_MAX, .cost = q->cost, .x = q->x,
				     .no_plan = true };
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
