/*
 * From a solved flow back to cards: which land was tapped for what, which
 * fetch fetched which card, which Phyrexian symbols were paid with life, and
 * which free taps the payment does not need after all (a plan taps nothing
 * needlessly).
 */
#include <stdlib.h>
#include <string.h>

#include "mana/demand.h"
#include "mana/network.h"
#include "mana/plan.h"
#include "mana/zones.h"

/* The demand a plan's mana must meet, with what every check needs of it
 * worked out once. A {2/C} symbol stays open: the plan pays the cost if any
 * way of paying those symbols works, so a tap is needless if another way
 * does without it. */
struct target {
	struct demand d;         /* without {2/C}, no Phyrexian symbols left in it */
	const struct mf_mana_cost *cost;  /* the query's, for its {2/C} symbols */
	uint64_t wanted;         /* mana it asks for at least, {2/C} as colour */
	uint8_t masks[32];       /* the hybrid symbols present */
	unsigned n_masks;
	uint64_t n_choices;      /* ways to pay the {2/C} symbols */
};

/* The cost less the Phyrexian symbols paid with life (life_paid[m] of mask
 * m); the rest of those are colour or hybrid symbols now. */
static void target_init(struct target *tg, const struct solve_state *st,
			const uint64_t *life_paid)
{
	const struct mf_mana_cost *cost = &st->q->cost;
	struct demand *d = &tg->d;

	mf_demand_init(d, st->q, life_paid);
	tg->cost = cost;
	tg->wanted = d->generic;
	tg->n_masks = 0;
	tg->n_choices = mf_demand_choices(cost);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		tg->wanted += d->need[t];
	for (unsigned m = 1; m < 32; m++)
		if (d->hybrid[m]) {
			tg->wanted += d->hybrid[m];
			tg->masks[tg->n_masks++] = (uint8_t)m;
		}
	for (int c = 0; c < 5; c++)
		tg->wanted += cost->twobrid[c];
}

/*
 * Whether mana `have` pays demand d. By Hall's theorem it does iff there is
 * enough mana in all, and for every set of types, the mana of those types
 * covers the symbols payable only by them. Without hybrids, the sets of one
 * type each are the only ones that bind.
 */
static bool pays_demand(const struct target *tg, const struct demand *d,
			const uint64_t have[MF_MANA_TYPES])
{
	uint64_t total = 0, wanted = d->generic;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (have[t] < d->need[t])
			return false;
		total += have[t];
		wanted += d->need[t];
	}
	for (unsigned i = 0; i < tg->n_masks; i++)
		wanted += d->hybrid[tg->masks[i]];
	if (total < wanted)
		return false;
	for (unsigned types = 1; types < 64 && tg->n_masks; types++) {
		uint64_t supply = 0, only = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (types >> t & 1) {
				supply += have[t];
				only += d->need[t];
			}
		for (unsigned i = 0; i < tg->n_masks; i++)
			if (!(tg->masks[i] & ~types))
				only += d->hybrid[tg->masks[i]];
		if (supply < only)
			return false;
	}
	return true;
}

/* Whether `have` pays the target in some way of paying its {2/C}. */
static bool pays(const struct target *tg, const uint64_t have[MF_MANA_TYPES])
{
	if (tg->n_choices == 1)
		return pays_demand(tg, &tg->d, have);
	for (uint64_t choice = 0; choice < tg->n_choices; choice++) {
		struct demand d = tg->d;

		mf_demand_add_twobrid(&d, tg->cost, choice);
		if (pays_demand(tg, &d, have))
			return true;
	}
	return false;
}

/*
 * Drops as many free taps of one kind (count cards each making mana) as the
 * payment allows, by bisection: payment is monotone in the mana. A tap kept
 * now stays needed after later drops, so in the end no single step can go.
 * Returns how many are dropped.
 */
static uint32_t drop_free(const struct target *tg, uint64_t total[MF_MANA_TYPES],
			  const uint64_t mana[MF_MANA_TYPES], uint32_t count)
{
	uint64_t lo = 0, hi = count, have = 0, per_card = 0;

	/* Spare mana bounds the drop before any Hall check is needed. */
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		have += total[t];
		per_card += mana[t];
	}
	if (have < tg->wanted)
		return 0;
	if (per_card && (have - tg->wanted) / per_card < hi)
		hi = (have - tg->wanted) / per_card;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo + 1) / 2;
		uint64_t left[MF_MANA_TYPES];

		for (int t = 0; t < MF_MANA_TYPES; t++)
			left[t] = total[t] - mana[t] * mid;
		if (pays(tg, left))
			lo = mid;
		else
			hi = mid - 1;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		total[t] -= mana[t] * lo;
	return (uint32_t)lo;
}

/* Free taps only: a tap that costs life cannot go, or the least life would
 * not be least. Latest-listed lands go first. */
static void prune(struct solve_state *st, const struct target *tg, uint64_t total[MF_MANA_TYPES])
{
	for (size_t i = st->n_field; i-- > 0;) {
		struct kind_use *u = &st->field[i];
		const struct land_group *grp = u->group >= 0 ? &st->groups[u->group] : NULL;
		uint64_t mana[MF_MANA_TYPES];

		if (st->role[u->land] == MF_ROLE_PRETAP) {
			mf_zones_pretap_mana(st, u->land, mana);
			u->kept = u->count - drop_free(tg, total, mana, u->count);
			continue;
		}
		if (st->role[u->land] == MF_ROLE_BUNDLE) {
			u->kept = u->tapped;  /* they cost life: all needed */
			continue;
		}
		for (int t = 0; grp && t < MF_MANA_TYPES; t++) {
			if (!u->made[t] || grp->type_life[t])
				continue;
			memset(mana, 0, sizeof(mana));
			mana[t] = 1;
			u->made[t] -= drop_free(tg, total, mana, u->made[t]);
		}
	}
}

/* Takes one card from the first kind of zone in `group` with cards left. */
static struct kind_use *take_card(struct kind_use *zone, size_t n, int32_t group,
				  uint32_t *left)
{
	for (size_t i = 0; i < n; i++)
		if (zone[i].group == group && left[i]) {
			left[i]--;
			return &zone[i];
		}
	return NULL;
}

/* A fetch and the card it brings, noted while walking the flow. */
struct fetch_pair {
	int32_t fetch_land, fetched_land;
	uint8_t type;
	uint16_t life;  /* the fetched land's untap_life + its type's life */
};

/* Fills one step: land from zone `from`, one mana of type (none for -1),
 * life, the card it fetches (-1: none). */
static void set_step(struct mf_mana_step *s, int32_t land, enum mf_mana_zone from, int type,
		     uint32_t life, int32_t fetch)
{
	memset(s, 0, sizeof(*s));
	s->land = land;
	s->from = from;
	if (type >= 0)
		s->mana[type] = 1;
	s->life = life;
	s->fetch = fetch;
}

/* Spreads each battlefield group's flow over its cards, in order: the
 * flow left on a group's type edges is consumed card by card. */
static void spread_field_flow(struct solve_state *st)
{
	for (size_t i = 0; i < st->n_field; i++) {
		struct kind_use *u = &st->field[i];
		struct land_group *grp;
		uint32_t cards = u->count;

		if (u->group < 0 || (size_t)u->group >= st->fetch_group0)
			continue;
		grp = &st->groups[u->group];
		for (int t = 0; t < MF_MANA_TYPES && cards; t++) {
			struct flow_edge *back;
			uint32_t take;

			if (grp->type_edge[t] < 0)
				continue;
			back = &st->g.edges[grp->type_edge[t] ^ 1];  /* its capacity is the flow */
			take = back->cap < (int64_t)cards ? (uint32_t)back->cap : cards;
			back->cap -= take;
			u->made[t] += take;
			cards -= take;
		}
	}
}

/* Walks fetch -> library flow into (fetch, fetched card, type) pairs. */
static size_t pair_fetches(struct solve_state *st, struct fetch_pair *pairs,
			   uint32_t *field_left, uint32_t *lib_left)
{
	size_t n = 0;

	for (size_t f = 0; f < st->n_fetch_groups; f++) {
		for (size_t l = 0; l < st->n_lib_groups; l++) {
			int32_t id = st->fetch_edges[f * st->n_lib_groups + l];
			const struct land_group *lg = &st->groups[st->lib_group0 + l];
			int64_t x = id >= 0 ? mf_flow_edge_flow(&st->g, id) : 0;

			for (; x > 0; x--) {
				struct kind_use *fu = take_card(st->field, st->n_field,
								(int32_t)(st->fetch_group0 + f), field_left);
				struct kind_use *lu = take_card(st->library, st->n_library,
								(int32_t)(st->lib_group0 + l), lib_left);
				int t;

				for (t = 0; t < MF_MANA_TYPES; t++)
					if (lg->type_edge[t] >= 0 &&
					    st->g.edges[lg->type_edge[t] ^ 1].cap > 0)
						break;
				/* Conservation guarantees a card and a type for each unit. */
				if (!fu || !lu || t == MF_MANA_TYPES)
					return n;
				st->g.edges[lg->type_edge[t] ^ 1].cap--;
				pairs[n++] = (struct fetch_pair){ fu->land, lu->land, (uint8_t)t,
					(uint16_t)(lg->untap_life + lg->type_life[t]) };
			}
		}
	}
	return n;
}

/* Emits the steps of battlefield kind u: pre-tapped or bundles, tapped,
 * fetches. */
static size_t emit_kind(const struct solve_state *st, const struct kind_use *u,
			const struct fetch_pair *pairs, size_t n_pairs, struct mf_mana_step *steps)
{
	const struct land_group *grp = u->group >= 0 ? &st->groups[u->group] : NULL;
	size_t n = 0;

	for (uint32_t c = 0; c < u->kept; c++) {
		uint64_t mana[MF_MANA_TYPES];

		set_step(&steps[n], u->land, MF_MANA_FROM_BATTLEFIELD, -1,
			 st->lands[u->land].options[0].life, -1);
		mf_zones_pretap_mana(st, u->land, mana);
		for (int t = 0; t < MF_MANA_TYPES; t++)
			steps[n].mana[t] = (uint32_t)mana[t];
		n++;
	}
	for (int t = 0; grp && t < MF_MANA_TYPES; t++)
		for (uint32_t c = 0; c < u->made[t]; c++)
			set_step(&steps[n++], u->land, MF_MANA_FROM_BATTLEFIELD, t, grp->type_life[t], -1);
	for (size_t p = 0; p < n_pairs; p++) {
		if (pairs[p].fetch_land != u->land)
			continue;
		set_step(&steps[n++], u->land, MF_MANA_FROM_BATTLEFIELD, -1,
			 st->lands[u->land].fetch_life, pairs[p].fetched_land);
		set_step(&steps[n++], pairs[p].fetched_land, MF_MANA_FROM_LIBRARY, pairs[p].type,
			 pairs[p].life, -1);
	}
	return n;
}

int mf_plan_build(struct solve_state *st, struct mf_mana_result *out)
{
	uint64_t total[MF_MANA_TYPES], life_paid[32] = { 0 }, n_life = 0;
	uint32_t *field_left = NULL, *lib_left = NULL;
	struct fetch_pair *pairs = NULL;
	size_t n_pairs = 0, n_steps = 0, cap = 0;
	struct mf_mana_step *steps = NULL;
	struct target tg;
	int rc = MF_ERR_NOMEM;

	memcpy(total, st->have, sizeof(total));
	if (st->n_groups)
		spread_field_flow(st);
	for (unsigned m = 0; m < 32; m++) {
		life_paid[m] = st->life_edge[m] >= 0 ? (uint64_t)mf_flow_edge_flow(&st->g, st->life_edge[m]) : 0;
		n_life += life_paid[m];
	}
	field_left = calloc(st->n_field + 1, sizeof(*field_left));
	lib_left = calloc(st->n_library + 1, sizeof(*lib_left));
	if (!field_left || !lib_left)
		goto out;
	for (size_t i = 0; i < st->n_field; i++) {
		field_left[i] = st->field[i].count;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			total[t] += st->field[i].made[t];
	}
	for (size_t i = 0; i < st->n_library; i++)
		lib_left[i] = st->library[i].count;
	if (st->n_fetch_groups && st->n_lib_groups) {
		pairs = calloc(st->q->n_battlefield + 1, sizeof(*pairs));
		if (!pairs)
			goto out;
		n_pairs = pair_fetches(st, pairs, field_left, lib_left);
		for (size_t i = 0; i < n_pairs; i++)
			total[pairs[i].type]++;
	}
	target_init(&tg, st, life_paid);
	prune(st, &tg, total);
	for (size_t i = 0; i < st->n_field; i++) {
		cap += st->field[i].kept;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			cap += st->field[i].made[t];
	}
	cap += 2 * n_pairs + n_life;
	steps = calloc(cap + 1, sizeof(*steps));
	if (!steps)
		goto out;
	for (size_t i = 0; i < st->n_field; i++)
		n_steps += emit_kind(st, &st->field[i], pairs, n_pairs, steps + n_steps);
	for (unsigned m = 0; m < 32; m++)
		for (uint64_t k = 0; k < life_paid[m]; k++) {
			set_step(&steps[n_steps], -1, MF_MANA_FROM_BATTLEFIELD, -1, 2, -1);
			steps[n_steps++].phyrexian = (uint8_t)m;
		}
	out->plan = steps;
	out->n_plan = n_steps;
	steps = NULL;
	rc = MF_OK;
out:
	free(steps);
	free(pairs);
	free(field_left);
	free(lib_left);
	return rc;
}
