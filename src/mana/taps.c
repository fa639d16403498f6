/*
 * Bundles: lands whose one alternative makes several mana for life (Ancient
 * Tomb: {C}{C} for 2 life). One card is not one unit of flow, and a flow
 * charging 1 life per mana would undercharge a Tomb whose second C goes
 * unused; so how many cards of each bundle to tap is decided here, outside
 * the flow, and the cards tapped join the pre-tapped mana.
 *
 * For one bundle, the least life with k cards tapped is
 *   f(k) = life(k) + V(have + k * mana),
 * where V, the least life of the flow given free mana, is the value of a
 * linear program whose right-hand side grows linearly in k: V is convex in
 * k, integral at integral k (network matrices), and finite from some k on
 * (more mana never hurts). So f is convex where finite, and the least f is
 * found by bisection on the sign of f(k + 1) - f(k): about 2 log2(range)
 * flows. With several bundles, every count of all but one is tried, and
 * the last one bisected; a parity argument shows the joint function need
 * not be convex, so nothing smarter is trusted there. A payment spends at
 * most U mana (the cost's, {2/C} as two), so of a card making m_t of type t
 * it needs at most ceil(U / m_t) cards for that type: cards beyond
 * ceil(U / least non-zero m_t) are never worth tapping. That bounds the
 * counts.
 */
#include <stdlib.h>
#include <string.h>

#include "mana/network.h"
#include "mana/payment.h"
#include "mana/taps.h"

#define EVALS_MAX 128  /* remembered values of f during one bisection */

/* The most mana any payment of the cost spends: {2/C} as two, {X} as x. */
static uint64_t cost_mana(const struct mf_mana_query *q)
{
	return mf_mana_cost_total(&q->cost) + (uint64_t)q->cost.x_count * q->x;
}

int mf_taps_prepare(struct solve_state *st, uint64_t n_choices)
{
	uint64_t wanted, tries = n_choices;
	size_t n = 0;

	for (size_t i = 0; i < st->n_field; i++)
		n += st->role[st->field[i].land] == MF_ROLE_BUNDLE;
	st->n_bundles = 0;
	if (!n)
		return MF_OK;
	wanted = cost_mana(st->q);
	st->bundles = malloc(n * sizeof(*st->bundles));
	st->bundle_range = malloc(n * sizeof(*st->bundle_range));
	if (!st->bundles || !st->bundle_range)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_mana_land *l = &st->lands[st->field[i].land];
		uint64_t least = 9, range;
		size_t at;

		if (st->role[st->field[i].land] != MF_ROLE_BUNDLE)
			continue;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (l->options[0].mana[t] && l->options[0].mana[t] < least)
				least = l->options[0].mana[t];
		range = (wanted + least - 1) / least;
		if (range > st->field[i].count)
			range = st->field[i].count;
		/* Insertion by range, so that the widest is bisected, not tried. */
		for (at = st->n_bundles; at > 0 && st->bundle_range[at - 1] > range; at--) {
			st->bundles[at] = st->bundles[at - 1];
			st->bundle_range[at] = st->bundle_range[at - 1];
		}
		st->bundles[at] = i;
		st->bundle_range[at] = (uint32_t)range;
		st->n_bundles++;
	}
	for (size_t b = 0; b + 1 < st->n_bundles; b++) {
		tries *= (uint64_t)st->bundle_range[b] + 1;
		if (tries > MF_MANA_BUNDLE_TRIES_MAX)
			return MF_ERR_LIMIT;
	}
	return MF_OK;
}

void mf_taps_free(struct solve_state *st)
{
	free(st->bundles);
	free(st->bundle_range);
	st->bundles = NULL;
	st->bundle_range = NULL;
	st->n_bundles = 0;
}

/* One search over the bundles' counts, file-local. */
struct search {
	int64_t best;            /* least life so far, -1: nothing pays yet */
	uint32_t *best_taps;     /* the taps that paid it, per bundle */
	uint32_t evals_k[EVALS_MAX];
	int64_t evals_f[EVALS_MAX];
	size_t n_evals;
};

/* f(k) for the last bundle (the others as they stand): the least life, or
 * INT64_MAX when nothing pays. Remembered, as bisection asks twice; the
 * network is freed again. MF_OK, or MF_ERR_NOMEM (*f then INT64_MAX). */
static int eval(struct solve_state *st, struct search *s, uint32_t k, int64_t *f)
{
	struct kind_use *u = &st->field[st->bundles[st->n_bundles - 1]];
	bool payable;
	int rc;

	for (size_t i = 0; i < s->n_evals; i++)
		if (s->evals_k[i] == k) {
			*f = s->evals_f[i];
			return MF_OK;
		}
	u->tapped = k;
	rc = mf_payment_solve(st, &payable, f);
	mf_network_free(st);
	if (!payable)
		*f = INT64_MAX;
	if (s->n_evals < EVALS_MAX) {
		s->evals_k[s->n_evals] = k;
		s->evals_f[s->n_evals++] = *f;
	}
	return rc;
}

/* Bisects the last bundle's count, the others fixed, and keeps the result
 * in s when it beats s->best. MF_OK or MF_ERR_NOMEM. */
static int bisect_last(struct solve_state *st, struct search *s)
{
	uint32_t lo = 0, hi = st->bundle_range[st->n_bundles - 1];
	int64_t f, g;
	int rc;

	s->n_evals = 0;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		rc = eval(st, s, mid, &f);
		if (!rc)
			rc = eval(st, s, mid + 1, &g);
		if (rc)
			return rc;
		/* Infeasible counts come first; then f falls, then rises. */
		if (f != INT64_MAX && f <= g)
			hi = mid;
		else
			lo = mid + 1;
	}
	rc = eval(st, s, lo, &f);
	if (rc || f == INT64_MAX || (s->best >= 0 && f >= s->best))
		return rc;
	s->best = f;
	st->field[st->bundles[st->n_bundles - 1]].tapped = lo;
	for (size_t b = 0; b < st->n_bundles; b++)
		s->best_taps[b] = st->field[st->bundles[b]].tapped;
	return MF_OK;
}

/* Tries every count of bundle b and those after it but the last, each
 * with the last bisected. MF_OK, or MF_ERR_NOMEM at once. */
static int try_from(struct solve_state *st, struct search *s, size_t b)
{
	if (b + 1 == st->n_bundles)
		return bisect_last(st, s);
	for (uint32_t k = 0; k <= st->bundle_range[b]; k++) {
		int rc;

		st->field[st->bundles[b]].tapped = k;
		rc = try_from(st, s, b + 1);
		if (rc)
			return rc;
	}
	return MF_OK;
}

int mf_taps_search(struct solve_state *st, bool *payable, int64_t *life)
{
	struct search *s = calloc(1, sizeof(*s));
	int rc;

	*payable = false;
	*life = 0;
	if (!s || !(s->best_taps = calloc(st->n_bundles, sizeof(*s->best_taps)))) {
		if (s)
			free(s);
		return MF_ERR_NOMEM;
	}
	s->best = -1;
	rc = try_from(st, s, 0);
	if (!rc && s->best >= 0) {
		*payable = true;
		*life = s->best;
		for (size_t b = 0; b < st->n_bundles; b++)
			st->field[st->bundles[b]].tapped = s->best_taps[b];
	}
	free(s->best_taps);
	free(s);
	return rc;
}
