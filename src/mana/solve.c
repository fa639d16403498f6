/*
 * The mana solver, in the stages of the IPSC 2016 solution sketch. This file
 * only orchestrates them; each has its own file, and none calls back here.
 *
 * 1. Pre-tap what has no choice (basics, bounce lands, Tron pieces; zones.c):
 *    their mana pays its own colour first, which no payment can beat; the
 *    rest pays generic, or with hybrid and Phyrexian symbols about, flows on
 *    through the network as a free source of its type (payment.c).
 * 2. Everything else makes one mana per tap and becomes a flow network
 *    (network.c). Where the sketch enumerates pain lands and shocks, life
 *    is the cost of an edge, so one min-cost flow (flow.c) gives both the
 *    answer and the least life any payment needs.
 * 3. A {2/C} symbol is either C or two generic, not one unit of flow: each
 *    way of paying the cost's {2/C} symbols (by count per colour; demand.c)
 *    gets its own flow, and the least life wins (here).
 * 4. A land of several mana for life (Ancient Tomb, a "bundle") is not one
 *    unit of flow either: how many to tap is searched (taps.c), the ones
 *    tapped joining the pre-tapped mana.
 *
 * The winning payment is then read back into per-card steps (plan.c).
 * The solver works on kinds of land with counts, never on single cards, so
 * its work grows with the number of distinct lands, not with the board.
 */
#include <stdlib.h>
#include <string.h>

#include "mana/demand.h"
#include "mana/network.h"
#include "mana/payment.h"
#include "mana/plan.h"
#include "mana/taps.h"
#include "mana/zones.h"

/* Whether the query is well-formed (MF_ERR_INVALID if not) and within the
 * limits of mana.h (MF_ERR_LIMIT if not); MF_OK. Reads q only. */
static int check_query(const struct mf_mana_query *q)
{
	if (!q->cat || (q->n_battlefield && !q->battlefield) || (q->n_library && !q->library))
		return MF_ERR_INVALID;
	if (q->life < 1 || q->life > MF_MANA_LIFE_MAX)
		return MF_ERR_INVALID;
	if (q->n_battlefield > MF_MANA_QUERY_LANDS_MAX ||
	    q->n_battlefield + q->n_library > MF_MANA_QUERY_LANDS_MAX)
		return MF_ERR_LIMIT;
	if (q->x > MF_MANA_X_MAX ||
	    mf_mana_cost_total(&q->cost) + (uint64_t)q->cost.x_count * q->x > MF_MANA_COST_MANA_MAX ||
	    mf_demand_choices(&q->cost) > MF_MANA_TWOBRID_CHOICES_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

/* One way of paying {2/C}, with the bundle taps that cost least for it. The
 * network stays built only when the caller can build the plan from it at
 * once: a single way to pay and no bundles. */
static int solve_choice(struct solve_state *st, uint64_t choice, uint64_t n_choices,
			bool *payable, int64_t *life)
{
	int rc;

	mf_demand_init(&st->full, st->q, NULL);
	mf_demand_add_twobrid(&st->full, &st->q->cost, choice);
	if (st->n_bundles)
		return mf_taps_search(st, payable, life);
	rc = mf_payment_solve(st, payable, life);
	if (n_choices > 1)
		mf_network_free(st);  /* the winner is solved again for its plan */
	return rc;
}

int mf_mana_solve(const struct mf_mana_query *q, struct mf_mana_result *out)
{
	struct solve_state st = { .q = q };
	uint64_t n_choices, best_choice = 0;
	int64_t best_life = -1;
	uint32_t *best_taps = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = check_query(q);
	if (rc)
		return rc;
	st.lands = q->cat->lands;
	st.type_life = (const uint8_t (*)[MF_MANA_TYPES])q->cat->type_life;
	st.role = q->cat->role;
	st.found_by = q->cat->found_by;
	memset(st.life_edge, 0xff, sizeof(st.life_edge));
	st.choices = mf_mana_cost_has_choices(&q->cost);
	n_choices = mf_demand_choices(&q->cost);
	rc = mf_zones_count(&st);
	if (!rc)
		rc = mf_taps_prepare(&st, n_choices);
	if (!rc && st.n_bundles && !(best_taps = calloc(st.n_bundles, sizeof(*best_taps))))
		rc = MF_ERR_NOMEM;
	for (uint64_t choice = 0; choice < n_choices && !rc; choice++) {
		bool payable;
		int64_t life;

		rc = solve_choice(&st, choice, n_choices, &payable, &life);
		if (!rc && payable && (best_life < 0 || life < best_life)) {
			best_life = life;
			best_choice = choice;
			for (size_t b = 0; b < st.n_bundles; b++)
				best_taps[b] = st.field[st.bundles[b]].tapped;
		}
	}
	if (rc || best_life < 0)
		goto out;  /* failed, or no payment exists */
	out->payable = true;
	out->min_life_paid = (uint64_t)best_life;
	out->castable = out->min_life_paid + 1 <= q->life;
	if (out->castable)
		out->life_left = q->life - out->min_life_paid;
	if (out->castable && !q->no_plan) {
		bool payable;
		int64_t life;

		if (n_choices > 1 || st.n_bundles) {
			for (size_t b = 0; b < st.n_bundles; b++)
				st.field[st.bundles[b]].tapped = best_taps[b];
			mf_demand_init(&st.full, q, NULL);
			mf_demand_add_twobrid(&st.full, &q->cost, best_choice);
			rc = mf_payment_solve(&st, &payable, &life);
		}
		if (!rc)
			rc = mf_plan_build(&st, out);
		if (rc)
			memset(out, 0, sizeof(*out));
	}
out:
	mf_network_free(&st);
	mf_taps_free(&st);
	free(best_taps);
	mf_zones_free(&st);
	return rc;
}

void mf_mana_result_free(struct mf_mana_result *result)
{
	if (!result)
		return;
	free(result->plan);
	memset(result, 0, sizeof(*result));
}
