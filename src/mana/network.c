/*
 * The flow network of one payment: source -> land group -> mana type ->
 * symbol -> sink. Life is the cost of an edge: a pain land's colour, City of
 * Brass, a fetch (on the way into the fetch group), a fetched land that pays
 * to enter untapped (a shock land: its untap_life, on the library group's
 * inner edge), a Phyrexian symbol paid with 2 life
 * (source -> symbol). A library land that would enter tapped, and a fetch
 * whose land would, make no mana this turn and stay out of the network. Lands that behave alike share one node, so the network
 * grows with the kinds of land, not with the board.
 */
#include <stdlib.h>
#include <string.h>

#include "mana/network.h"

/* Fixed node ids of every network: one demand node per mana type, generic. */
enum { NODE_SOURCE, NODE_SINK, NODE_TYPE0, NODE_GENERIC = NODE_TYPE0 + MF_MANA_TYPES,
       NODE_FIRST_FREE };

/* Finds or adds the group of lands alike to g among groups[from, n). */
static int32_t group_of(struct solve_state *st, size_t from, const struct land_group *g)
{
	for (size_t i = from; i < st->n_groups; i++) {
		const struct land_group *h = &st->groups[i];

		if (memcmp(h->type_life, g->type_life, sizeof(g->type_life)) == 0 &&
		    h->found_by == g->found_by && h->fetch_types == g->fetch_types &&
		    h->fetch_life == g->fetch_life && h->untap_life == g->untap_life)
			return (int32_t)i;
	}
	st->groups[st->n_groups] = *g;
	return (int32_t)st->n_groups++;
}

/* Puts every land still to decide into a group; fetch and library groups
 * last, so that each kind of group is a contiguous range. */
static void assign_groups(struct solve_state *st)
{
	uint8_t searched = 0;

	for (size_t i = 0; i < st->n_field; i++) {
		struct land_group g = { .source_edge = -1 };

		if (st->role[st->field[i].land] != MF_ROLE_FLOW)
			continue;
		memcpy(g.type_life, st->type_life[st->field[i].land], sizeof(g.type_life));
		st->field[i].group = group_of(st, 0, &g);
	}
	st->fetch_group0 = st->n_groups;
	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_mana_land *l = &st->lands[st->field[i].land];
		struct land_group g = { .source_edge = -1 };

		/* A fetch whose land enters tapped makes no mana now. */
		if (st->role[st->field[i].land] != MF_ROLE_FETCH)
			continue;
		memset(g.type_life, NO_LIFE, sizeof(g.type_life));
		g.fetch_types = l->fetch_types;
		g.fetch_life = l->fetch_life;
		searched |= l->fetch_types;
		st->field[i].group = group_of(st, st->fetch_group0, &g);
	}
	st->n_fetch_groups = st->n_groups - st->fetch_group0;
	st->lib_group0 = st->n_groups;
	for (size_t i = 0; i < st->n_library; i++) {
		const struct mf_mana_land *l = &st->lands[st->library[i].land];
		struct land_group g = { .source_edge = -1 };

		st->library[i].group = -1;
		g.found_by = st->found_by[st->library[i].land];
		if (!(g.found_by & searched))
			continue;
		memcpy(g.type_life, st->type_life[st->library[i].land], sizeof(g.type_life));
		g.untap_life = l->untap_life;
		st->library[i].group = group_of(st, st->lib_group0, &g);
	}
	st->n_lib_groups = st->n_groups - st->lib_group0;
}

/* Types some symbol still to pay accepts: mana of other types is useless. */
static unsigned useful_types(const struct demand *d)
{
	unsigned mask = d->generic ? 0x3f : 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (d->need[t])
			mask |= 1u << t;
	for (unsigned m = 0; m < 32; m++)
		if (d->hybrid[m] || d->phyrexian[m])
			mask |= m;
	return mask;
}

/* Group -> type edges for the useful types. */
static void add_type_edges(struct solve_state *st, struct land_group *g, unsigned useful)
{
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		g->type_edge[t] = -1;
		if (g->type_life[t] != NO_LIFE && (useful >> t & 1))
			g->type_edge[t] = mf_flow_add_edge(&st->g, g->node_out, NODE_TYPE0 + t, FLOW_INF,
							g->type_life[t]);
	}
}

/* Symbol nodes: types -> symbol -> sink, and for Phyrexian symbols the
 * source -> symbol edge that stands for 2 life each. */
static void add_symbol_nodes(struct solve_state *st)
{
	struct flow_graph *g = &st->g;
	const struct demand *d = &st->left;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (d->need[t])
			mf_flow_add_edge(g, NODE_TYPE0 + t, NODE_SINK, (int64_t)d->need[t], 0);
		if (d->generic)
			mf_flow_add_edge(g, NODE_TYPE0 + t, NODE_GENERIC, FLOW_INF, 0);
		if (st->surplus[t])
			mf_flow_add_edge(g, NODE_SOURCE, NODE_TYPE0 + t, (int64_t)st->surplus[t], 0);
	}
	if (d->generic)
		mf_flow_add_edge(g, NODE_GENERIC, NODE_SINK, (int64_t)d->generic, 0);
	for (unsigned m = 0; m < 32; m++) {
		st->life_edge[m] = -1;
		for (int kind = 0; kind < 2; kind++) {
			uint64_t count = kind ? d->phyrexian[m] : d->hybrid[m];
			int32_t node;

			if (!count)
				continue;
			node = mf_flow_add_node(g);
			mf_flow_add_edge(g, node, NODE_SINK, (int64_t)count, 0);
			for (int t = 0; t < 5; t++)
				if (m >> t & 1)
					mf_flow_add_edge(g, NODE_TYPE0 + t, node, FLOW_INF, 0);
			if (kind)
				st->life_edge[m] = mf_flow_add_edge(g, NODE_SOURCE, node, (int64_t)count, 2);
		}
	}
}

/* Adds each zone's cards to its group's capacity. */
static void add_capacities(struct solve_state *st, struct kind_use *zone, size_t n, bool library)
{
	for (size_t i = 0; i < n; i++) {
		struct land_group *grp = zone[i].group >= 0 ? &st->groups[zone[i].group] : NULL;

		if (!grp)
			continue;
		/* Fetch groups pay their life on the way in, library groups their
		 * untap_life (a shock's 2) between their two nodes. */
		if (grp->source_edge < 0)
			grp->source_edge = library ?
				mf_flow_add_edge(&st->g, grp->node_in, grp->node_out, 0, grp->untap_life) :
				mf_flow_add_edge(&st->g, NODE_SOURCE, grp->node_in, 0, grp->fetch_life);
		st->g.edges[grp->source_edge].cap += zone[i].count;
	}
}

int mf_network_build(struct solve_state *st)
{
	struct flow_graph *g = &st->g;
	size_t symbols = 0, nodes, edges;
	unsigned useful = useful_types(&st->left);

	st->groups = calloc(st->n_field + st->n_library + 1, sizeof(*st->groups));
	if (!st->groups)
		return MF_ERR_NOMEM;
	assign_groups(st);
	for (unsigned m = 0; m < 32; m++)
		symbols += (st->left.hybrid[m] > 0) + (st->left.phyrexian[m] > 0);
	nodes = NODE_FIRST_FREE + symbols + st->n_groups + st->n_lib_groups;
	edges = 3 * MF_MANA_TYPES + 1 + symbols * 7 + st->n_groups * (MF_MANA_TYPES + 1) +
		st->n_fetch_groups * st->n_lib_groups;
	st->fetch_edges = calloc(st->n_fetch_groups * st->n_lib_groups + 1, sizeof(int32_t));
	if (!st->fetch_edges || mf_flow_init(g, (int32_t)nodes, (int32_t)edges))
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < NODE_FIRST_FREE; i++)
		mf_flow_add_node(g);
	add_symbol_nodes(st);
	for (size_t i = 0; i < st->n_groups; i++) {
		struct land_group *grp = &st->groups[i];

		grp->node_in = grp->node_out = mf_flow_add_node(g);
		if (i >= st->lib_group0)
			grp->node_out = mf_flow_add_node(g);
		add_type_edges(st, grp, useful);
	}
	add_capacities(st, st->field, st->n_field, false);
	add_capacities(st, st->library, st->n_library, true);
	for (size_t f = 0; f < st->n_fetch_groups; f++) {
		const struct land_group *fg = &st->groups[st->fetch_group0 + f];

		for (size_t l = 0; l < st->n_lib_groups; l++) {
			const struct land_group *lg = &st->groups[st->lib_group0 + l];
			int32_t *id = &st->fetch_edges[f * st->n_lib_groups + l];

			*id = -1;
			if (fg->fetch_types & lg->found_by)
				*id = mf_flow_add_edge(g, fg->node_in, lg->node_in, FLOW_INF, 0);
		}
	}
	return MF_OK;
}

int64_t mf_network_flow(struct solve_state *st, uint64_t demand, int64_t *life)
{
	return mf_flow_min_cost_flow(&st->g, NODE_SOURCE, NODE_SINK, (int64_t)demand, life);
}

void mf_network_free(struct solve_state *st)
{
	mf_flow_free(&st->g);
	free(st->fetch_edges);
	free(st->groups);
	st->fetch_edges = NULL;
	st->groups = NULL;
	st->n_groups = st->n_fetch_groups = st->n_lib_groups = 0;
	memset(st->life_edge, 0xff, sizeof(st->life_edge));
	for (size_t i = 0; i < st->n_field; i++) {
		st->field[i].group = -1;
		memset(st->field[i].made, 0, sizeof(st->field[i].made));
	}
}
