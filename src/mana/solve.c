/*
 * The mana solver, in the stages of the IPSC 2016 solution sketch:
 *
 * 1. Pre-tap what has no choice (basics, bounce lands, Tron pieces): their
 *    mana goes to its own colour first and the rest to generic, which no
 *    payment can beat.
 * 2. Everything else makes one mana per tap and becomes a flow network:
 *    source -> land group -> mana type -> sink, with fetch lands reaching
 *    the library groups they may search for. Life is the cost of an edge
 *    (a pain land's colour, City of Brass, a fetch, a fetched shock), so the
 *    sketch's enumeration of pain and shock counts becomes the phases of a
 *    min-cost flow (flow.c), whose cost is the least life any payment needs.
 *
 * The solver works on kinds of land with counts, never on single cards, so
 * its work grows with the number of distinct lands, not with the board.
 */
#include <stdlib.h>
#include <string.h>

#include "mana/catalogue.h"
#include "mana/solve.h"

/* Demand nodes: one per mana type, then generic. */
enum { NODE_SOURCE, NODE_SINK, NODE_TYPE0, NODE_GENERIC = NODE_TYPE0 + MF_MANA_TYPES,
       NODE_FIRST_GROUP };

bool solve_is_pretapped(const struct mf_land *land)
{
	return !land->fetch_types && land->n_options == 1 && land->options[0].life == 0;
}

void solve_pretap_mana(const struct solve_state *st, int32_t land,
		       uint64_t mana[MF_MANA_TYPES])
{
	const struct mf_land *l = &st->lands[land];

	for (int t = 0; t < MF_MANA_TYPES; t++)
		mana[t] = l->options[0].mana[t];
	if (l->tron && st->tron)
		mana[MF_C] = l->tron;
}

/* Counts each distinct land of a zone, keeping the order of first sight.
 * seen[] maps a land to its kind_use slot + 1 and is cleared again after. */
static int count_zone(const int32_t *cards, size_t n, size_t n_lands, uint32_t *seen,
		      struct kind_use **out, size_t *n_out)
{
	struct kind_use *uses = NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int32_t land = cards[i];

		if (land < 0 || (size_t)land >= n_lands)
			goto invalid;
		if (!seen[land]) {
			struct kind_use *grown;

			if ((k & (k - 1)) == 0) {  /* grow at powers of two */
				grown = realloc(uses, (k ? 2 * k : 1) * sizeof(*uses));
				if (!grown) {
					free(uses);
					for (size_t j = 0; j < i; j++)
						seen[cards[j]] = 0;
					return MF_ERR_NOMEM;
				}
				uses = grown;
			}
			memset(&uses[k], 0, sizeof(uses[k]));
			uses[k].land = land;
			uses[k].group = -1;
			seen[land] = (uint32_t)++k;
		}
		uses[seen[land] - 1].count++;
	}
	for (size_t i = 0; i < n; i++)
		seen[cards[i]] = 0;
	*out = uses;
	*n_out = k;
	return MF_OK;
invalid:
	for (size_t j = 0; j < n; j++)
		if (cards[j] >= 0 && (size_t)cards[j] < n_lands)
			seen[cards[j]] = 0;
	free(uses);
	return MF_ERR_INVALID;
}

static void type_life_of(const struct mf_land *land, uint8_t life[MF_MANA_TYPES])
{
	memset(life, NO_LIFE, MF_MANA_TYPES);
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_land_option *o = &land->options[i];

		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (o->mana[t] && o->life < life[t])
				life[t] = o->life;
	}
}

/* Finds or adds the group of lands alike to g among groups[from, n). */
static int32_t group_of(struct solve_state *st, size_t from, const struct land_group *g)
{
	for (size_t i = from; i < st->n_groups; i++) {
		const struct land_group *h = &st->groups[i];

		if (memcmp(h->type_life, g->type_life, sizeof(g->type_life)) == 0 &&
		    h->basic_types == g->basic_types && h->fetch_types == g->fetch_types &&
		    h->fetch_life == g->fetch_life && h->shock == g->shock)
			return (int32_t)i;
	}
	st->groups[st->n_groups] = *g;
	return (int32_t)st->n_groups++;
}

static void pretap(struct solve_state *st)
{
	const struct mf_cost *cost = &st->q->cost;
	uint64_t surplus = 0;

	for (size_t i = 0; i < st->n_field; i++) {
		uint64_t mana[MF_MANA_TYPES];

		if (!solve_is_pretapped(&st->lands[st->field[i].land]))
			continue;
		solve_pretap_mana(st, st->field[i].land, mana);
		for (int t = 0; t < MF_MANA_TYPES; t++)
			st->have[t] += mana[t] * st->field[i].count;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint64_t used = st->have[t] < cost->need[t] ? st->have[t] : cost->need[t];

		st->need[t] = cost->need[t] - used;
		surplus += st->have[t] - used;
	}
	st->generic = cost->generic > surplus ? cost->generic - surplus : 0;
}

/*
 * A necessary condition, cheap enough to try before building the network:
 * every type still needed, and the demand as a whole, must have at least as
 * many cards able to make it. Fetches count once each, library cards once.
 */
static bool supply_may_suffice(const struct solve_state *st, uint64_t demand)
{
	uint64_t supply[MF_MANA_TYPES] = { 0 }, lib[MF_MANA_TYPES] = { 0 };
	uint64_t total = 0, lib_total = 0, fetches = 0;
	uint8_t searched = 0, life[MF_MANA_TYPES];

	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_land *l = &st->lands[st->field[i].land];

		if (l->fetch_types) {
			fetches += st->field[i].count;
			searched |= l->fetch_types;
			continue;
		}
		if (solve_is_pretapped(l))
			continue;
		type_life_of(l, life);
		for (int t = 0; t < MF_MANA_TYPES; t++)
			supply[t] += life[t] != NO_LIFE ? st->field[i].count : 0;
		total += st->field[i].count;
	}
	for (size_t i = 0; i < st->n_library && fetches; i++) {
		const struct mf_land *l = &st->lands[st->library[i].land];

		if (!(l->basic_types & searched))
			continue;
		type_life_of(l, life);
		for (int t = 0; t < MF_MANA_TYPES; t++)
			lib[t] += life[t] != NO_LIFE ? st->library[i].count : 0;
		lib_total += st->library[i].count;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (supply[t] + (lib[t] < fetches ? lib[t] : fetches) < st->need[t])
			return false;
	return total + (lib_total < fetches ? lib_total : fetches) >= demand;
}

static bool tron_assembled(const struct mf_catalogue *cat, const uint32_t *field_count)
{
	for (size_t i = 0; i < cat->n_tron; i++)
		if (!field_count[cat->tron[i]])
			return false;
	return cat->n_tron > 0;
}

/* Puts every non-pre-tapped land into a group; fetch and library groups
 * last, so that each kind of group is a contiguous range. */
static void assign_groups(struct solve_state *st)
{
	uint8_t searched = 0;

	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_land *l = &st->lands[st->field[i].land];
		struct land_group g = { .source_edge = -1 };

		if (solve_is_pretapped(l) || l->fetch_types)
			continue;
		type_life_of(l, g.type_life);
		st->field[i].group = group_of(st, 0, &g);
	}
	st->fetch_group0 = st->n_groups;
	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_land *l = &st->lands[st->field[i].land];
		struct land_group g = { .source_edge = -1 };

		if (!l->fetch_types)
			continue;
		memset(g.type_life, NO_LIFE, sizeof(g.type_life));
		g.fetch_types = l->fetch_types;
		g.fetch_life = l->fetch_life;
		searched |= l->fetch_types;
		st->field[i].group = group_of(st, st->fetch_group0, &g);
	}
	st->n_fetch_groups = st->n_groups - st->fetch_group0;
	st->lib_group0 = st->n_groups;
	for (size_t i = 0; i < st->n_library && searched; i++) {
		const struct mf_land *l = &st->lands[st->library[i].land];
		struct land_group g = { .source_edge = -1 };

		if (!(l->basic_types & searched))
			continue;
		type_life_of(l, g.type_life);
		g.basic_types = l->basic_types;
		g.shock = l->shock;
		st->library[i].group = group_of(st, st->lib_group0, &g);
	}
	st->n_lib_groups = st->n_groups - st->lib_group0;
}

/* Group -> demand edges for the types still needed. */
static int add_type_edges(struct solve_state *st, struct land_group *g)
{
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		g->type_edge[t] = -1;
		if (g->type_life[t] == NO_LIFE || (!st->need[t] && !st->generic))
			continue;
		g->type_edge[t] = flow_add_edge(&st->g, g->node_out, NODE_TYPE0 + t, FLOW_INF,
						g->type_life[t]);
		if (g->type_edge[t] < 0)
			return -1;
	}
	return 0;
}

static int build_network(struct solve_state *st)
{
	struct flow_graph *g = &st->g;
	size_t nodes = NODE_FIRST_GROUP + st->n_groups + st->n_lib_groups;
	size_t edges = 2 * MF_MANA_TYPES + 1 + st->n_groups * (MF_MANA_TYPES + 1) +
		       st->n_fetch_groups * st->n_lib_groups;

	st->fetch_edges = calloc(st->n_fetch_groups * st->n_lib_groups + 1, sizeof(int32_t));
	if (!st->fetch_edges || flow_init(g, (int32_t)nodes, (int32_t)edges))
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < NODE_FIRST_GROUP; i++)
		flow_add_node(g);
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (st->need[t])
			flow_add_edge(g, NODE_TYPE0 + t, NODE_SINK, (int64_t)st->need[t], 0);
		if (st->generic)
			flow_add_edge(g, NODE_TYPE0 + t, NODE_GENERIC, FLOW_INF, 0);
	}
	if (st->generic)
		flow_add_edge(g, NODE_GENERIC, NODE_SINK, (int64_t)st->generic, 0);
	for (size_t i = 0; i < st->n_groups; i++) {
		struct land_group *grp = &st->groups[i];

		grp->node_in = grp->node_out = flow_add_node(g);
		if (i >= st->lib_group0)
			grp->node_out = flow_add_node(g);
		if (add_type_edges(st, grp))
			return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < st->n_field; i++) {
		const struct kind_use *u = &st->field[i];
		struct land_group *grp = u->group >= 0 ? &st->groups[u->group] : NULL;

		if (!grp)
			continue;
		/* Fetch groups pay their life on the way in. */
		if (grp->source_edge < 0)
			grp->source_edge = flow_add_edge(g, NODE_SOURCE, grp->node_in, 0,
							 grp->fetch_life);
		g->edges[grp->source_edge].cap += u->count;
	}
	for (size_t i = 0; i < st->n_library; i++) {
		const struct kind_use *u = &st->library[i];
		struct land_group *grp = u->group >= 0 ? &st->groups[u->group] : NULL;

		if (!grp)
			continue;
		if (grp->source_edge < 0)
			grp->source_edge = flow_add_edge(g, grp->node_in, grp->node_out, 0,
							 grp->shock ? 2 : 0);
		g->edges[grp->source_edge].cap += u->count;
	}
	for (size_t f = 0; f < st->n_fetch_groups; f++) {
		const struct land_group *fg = &st->groups[st->fetch_group0 + f];

		for (size_t l = 0; l < st->n_lib_groups; l++) {
			const struct land_group *lg = &st->groups[st->lib_group0 + l];
			int32_t *id = &st->fetch_edges[f * st->n_lib_groups + l];

			*id = -1;
			if (fg->fetch_types & lg->basic_types)
				*id = flow_add_edge(g, fg->node_in, lg->node_in, FLOW_INF, 0);
		}
	}
	return g->n_edges > g->max_edges ? MF_ERR_NOMEM : MF_OK;
}

static int check_query(const struct mf_query *q)
{
	if (!q->cat || (q->n_battlefield && !q->battlefield) || (q->n_library && !q->library))
		return MF_ERR_INVALID;
	if (q->life < 1 || q->life > MF_LIFE_MAX)
		return MF_ERR_INVALID;
	if (q->n_battlefield + q->n_library > MF_QUERY_LANDS_MAX ||
	    q->n_battlefield > MF_QUERY_LANDS_MAX)
		return MF_ERR_LIMIT;
	if (mf_cost_total(&q->cost) > MF_COST_MANA_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

int mf_solve(const struct mf_query *q, struct mf_result *out)
{
	struct solve_state st = { .q = q };
	uint32_t *seen = NULL;
	uint64_t demand = 0;
	int64_t life = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = check_query(q);
	if (rc)
		return rc;
	st.lands = q->cat->lands;
	rc = MF_ERR_NOMEM;
	seen = calloc(q->cat->n_lands, sizeof(*seen));
	if (!seen)
		goto out;
	rc = count_zone(q->battlefield, q->n_battlefield, q->cat->n_lands, seen,
			&st.field, &st.n_field);
	if (rc)
		goto out;
	rc = count_zone(q->library, q->n_library, q->cat->n_lands, seen,
			&st.library, &st.n_library);
	if (rc)
		goto out;
	/* seen[] is all zero again: reuse it as battlefield counts for Tron. */
	for (size_t i = 0; i < st.n_field; i++)
		seen[st.field[i].land] = st.field[i].count;
	st.tron = tron_assembled(q->cat, seen);

	pretap(&st);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		demand += st.need[t];
	demand += st.generic;
	if (demand && !supply_may_suffice(&st, demand)) {
		rc = MF_OK;  /* no payment exists */
		goto out;
	}
	if (demand) {
		rc = MF_ERR_NOMEM;
		st.groups = calloc(st.n_field + st.n_library + 1, sizeof(*st.groups));
		if (!st.groups)
			goto out;
		assign_groups(&st);
		rc = build_network(&st);
		if (rc)
			goto out;
		if ((uint64_t)flow_min_cost_flow(&st.g, NODE_SOURCE, NODE_SINK, (int64_t)demand,
						 &life) < demand) {
			rc = MF_OK;  /* no payment exists */
			goto out;
		}
	}
	out->payable = true;
	out->min_life_paid = (uint64_t)life;
	out->castable = out->min_life_paid + 1 <= q->life;
	if (out->castable) {
		out->life_left = q->life - out->min_life_paid;
		rc = plan_build(&st, out);
		if (rc)
			memset(out, 0, sizeof(*out));
	}
out:
	flow_free(&st.g);
	free(st.fetch_edges);
	free(st.groups);
	free(st.field);
	free(st.library);
	free(seen);
	return rc;
}

void mf_result_free(struct mf_result *result)
{
	if (!result)
		return;
	free(result->plan);
	memset(result, 0, sizeof(*result));
}
