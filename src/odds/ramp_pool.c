/*
 * A pool of mana paying a cost, for the turns of a deck with mana that is
 * no land (ramp_int.h). A cost is read once into its ways: each way to pay
 * its Phyrexian symbols (mana or 2 life) and {2/C} symbols (C, or two
 * generic) is a demand per set of mana types, and by Hall's theorem a
 * pool pays a way iff, for every set of types, the symbols only those
 * types pay are no more than the pool's mana of those types. Only the
 * way's tight sets (ramp_int.h) and the total are checked: every other
 * set's condition follows from one of theirs.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

#define ALL_TYPES (RAMP_SETS - 1)

/* The demand of a symbol payable by the types of mask, added to way w:
 * once in every set holding mask. */
static void demand_symbol(struct ramp_way *w, unsigned mask, uint32_t n)
{
	if (!n)
		return;
	for (unsigned set = 0; set < RAMP_SETS; set++)
		if ((set & mask) == mask)
			w->demand[set] = (uint16_t)(w->demand[set] + n);
	w->total = (uint16_t)(w->total + n);
}

/* The symbols of cost that are the same in every way: coloured, {C},
 * generic (X as x each), hybrid; into base. false when they pass what a
 * way counts (a cost too large for a pool). */
static bool base_way(const struct mf_mana_cost *cost, uint32_t x, struct ramp_way *base)
{
	uint64_t generic = cost->generic + (uint64_t)cost->x_count * x, total = generic;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		total += cost->need[t];
	for (unsigned m = 0; m < 32; m++)
		total += cost->hybrid[m] + cost->phyrexian[m];
	for (int t = 0; t < 5; t++)
		total += 2ull * cost->twobrid[t];
	if (total > UINT16_MAX / 2)
		return false;
	memset(base, 0, sizeof(*base));
	for (int t = 0; t < MF_MANA_TYPES; t++)
		demand_symbol(base, 1u << t, cost->need[t]);
	for (unsigned m = 1; m < 32; m++)
		demand_symbol(base, m, cost->hybrid[m]);
	demand_symbol(base, ALL_TYPES, (uint32_t)generic);
	return true;
}

/* How many ways the Phyrexian and {2/C} symbols make: the product over
 * each colour mask (and each two-brid colour) of its count + 1. */
static uint64_t ways_of(const struct mf_mana_cost *cost)
{
	uint64_t n = 1;

	for (unsigned m = 1; m < 32 && n <= RAMP_WAYS_MAX; m++)
		n *= (uint64_t)cost->phyrexian[m] + 1;
	for (int t = 0; t < 5 && n <= RAMP_WAYS_MAX; t++)
		n *= (uint64_t)cost->twobrid[t] + 1;
	return n;
}

/* Way number k (a mixed-radix number: per Phyrexian mask how many paid
 * with life, per two-brid colour how many paid with two generic) into w,
 * from the base way. */
static void way_number(const struct mf_mana_cost *cost, const struct ramp_way *base, uint64_t k,
		       struct ramp_way *w)
{
	*w = *base;
	for (unsigned m = 1; m < 32; m++) {
		uint64_t n = cost->phyrexian[m], life;

		if (!n)
			continue;
		life = k % (n + 1);
		k /= n + 1;
		w->life += (uint32_t)(2 * life);
		demand_symbol(w, m, (uint32_t)(n - life));
	}
	for (int t = 0; t < 5; t++) {
		uint64_t n = cost->twobrid[t], generic;

		if (!n)
			continue;
		generic = k % (n + 1);
		k /= n + 1;
		demand_symbol(w, ALL_TYPES, (uint32_t)(2 * generic));
		demand_symbol(w, 1u << t, (uint32_t)(n - generic));
	}
}

/* Way w's tight sets (ramp_int.h), from its demands. */
static void tighten(struct ramp_way *w)
{
	w->n_tight = 0;
	for (unsigned set = 1; set < ALL_TYPES; set++) {
		bool tight = w->demand[set] > 0;

		for (int t = 0; t < RAMP_TYPES && tight; t++)
			if (set >> t & 1)
				tight = w->demand[set & ~(1u << t)] < w->demand[set];
		if (tight)
			w->tight[w->n_tight++] = (uint8_t)set;
	}
}

static int by_life(const void *pa, const void *pb)
{
	const struct ramp_way *a = pa, *b = pb;

	if (a->life != b->life)
		return a->life < b->life ? -1 : 1;
	return (a->total > b->total) - (a->total < b->total);
}

int mf_odds_ramp_cost(const struct mf_mana_cost *cost, uint32_t x, struct ramp_cost *out)
{
	struct ramp_way base;
	uint64_t n = ways_of(cost);

	memset(out, 0, sizeof(*out));
	if (n > RAMP_WAYS_MAX || !base_way(cost, x, &base))
		return MF_ERR_LIMIT;
	out->ways = malloc((size_t)n * sizeof(*out->ways));
	if (!out->ways)
		return MF_ERR_NOMEM;
	for (uint64_t k = 0; k < n; k++) {
		way_number(cost, &base, k, &out->ways[k]);
		tighten(&out->ways[k]);
	}
	out->n_ways = (size_t)n;
	qsort(out->ways, out->n_ways, sizeof(*out->ways), by_life);
	return MF_OK;
}

void mf_odds_ramp_cost_free(struct ramp_cost *cost)
{
	free(cost->ways);
	memset(cost, 0, sizeof(*cost));
}

/* The mana of pool's types in set. */
static unsigned supply_of(const struct ramp_pool *pool, unsigned set)
{
	unsigned n = 0;

	for (int t = 0; t < RAMP_TYPES; t++)
		n += set >> t & 1 ? pool->mana[t] : 0;
	return n;
}

/* Whether pool pays way w: Hall's condition, on w's tight sets and in
 * all (ramp_int.h). */
static bool hall(const struct ramp_way *w, const struct ramp_pool *pool)
{
	if (w->total > supply_of(pool, ALL_TYPES))
		return false;
	for (unsigned i = 0; i < w->n_tight; i++)
		if (w->demand[w->tight[i]] > supply_of(pool, w->tight[i]))
			return false;
	return true;
}

uint32_t mf_odds_ramp_pays(const struct ramp_cost *cost, const struct ramp_pool *pool)
{
	for (size_t w = 0; w < cost->n_ways; w++)
		if (hall(&cost->ways[w], pool))
			return cost->ways[w].life;
	return UINT32_MAX;
}

/* The pools left: every part of `from` of exactly `need` mana (type by
 * type from `type` on) that pays way w (or any mana, w NULL), taken out.
 * part holds the types chosen so far. */
struct rests {
	const struct ramp_pool *from;
	const struct ramp_way *w;
	uint32_t life;
	ramp_rest_fn fn;
	void *arg;
	struct ramp_pool part;
};

static int each_part(struct rests *r, int type, uint32_t need)
{
	if (type == RAMP_TYPES - 1 || !need) {
		struct ramp_pool rest;

		if (need > r->from->mana[type])
			return 0;
		r->part.mana[type] = (uint8_t)need;
		for (int t = type + 1; t < RAMP_TYPES; t++)
			r->part.mana[t] = 0;
		if (r->w && !hall(r->w, &r->part))
			return 0;
		for (int t = 0; t < RAMP_TYPES; t++)
			rest.mana[t] = (uint8_t)(r->from->mana[t] - r->part.mana[t]);
		return r->fn(r->arg, &rest, r->life);
	}
	for (uint32_t k = 0; k <= r->from->mana[type] && k <= need; k++) {
		int rc;

		r->part.mana[type] = (uint8_t)k;
		rc = each_part(r, type + 1, need - k);
		if (rc)
			return rc;
	}
	return 0;
}

int mf_odds_ramp_rests(const struct ramp_cost *cost, const struct ramp_pool *pool, ramp_rest_fn fn,
		       void *arg)
{
	struct rests r = { .from = pool, .fn = fn, .arg = arg };

	for (size_t w = 0; w < cost->n_ways; w++) {
		int rc;

		r.w = &cost->ways[w];
		r.life = r.w->life;
		rc = each_part(&r, 0, r.w->total);
		if (rc)
			return rc;
	}
	return 0;
}

int mf_odds_ramp_take(const struct ramp_pool *pool, uint32_t n, ramp_rest_fn fn, void *arg)
{
	struct rests r = { .from = pool, .fn = fn, .arg = arg };

	return each_part(&r, 0, n);
}
