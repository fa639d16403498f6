/*
 * Min-cost max-flow on small graphs with small non-negative integer costs:
 * the primal-dual method, with Dinic's blocking flows on the zero-reduced-
 * cost edges of each phase. Costs here are life points, so the phases are
 * few (one per distinct shortest path length).
 *
 * A graph is one allocation owned by the caller; nothing is global.
 */
#ifndef MF_MANA_FLOW_H
#define MF_MANA_FLOW_H

#include <stdbool.h>
#include <stdint.h>

#define FLOW_INF ((int64_t)1 << 50)
#define FLOW_BUCKETS 64  /* distances Dial's queue handles; beyond, plain Dijkstra */

struct flow_edge {
	int32_t to;
	int32_t next;   /* next edge out of the same node, -1 at the end */
	int64_t cap;    /* residual capacity */
	int32_t cost;
};

struct flow_graph {
	int32_t n_nodes, max_nodes;
	int32_t n_edges, max_edges;
	int32_t *head;          /* first edge out of each node, -1 if none */
	int32_t *iter;          /* Dinic's current edge */
	int32_t *level;
	int64_t *pot;           /* potentials keeping reduced costs >= 0 */
	int64_t *dist;
	uint8_t *done;
	int32_t *queue;
	int32_t *bucket;        /* Dial's buckets: first item at each distance, -1 */
	int32_t *item_node, *item_next;
	struct flow_edge *edges;  /* edge i and i ^ 1 are each other's reverse */
	void *block;
};

/* Allocates room for max_nodes nodes and max_edges edges (each with its
 * reverse). Returns 0, or -1 when out of memory (g is then empty). */
int mf_flow_init(struct flow_graph *g, int32_t max_nodes, int32_t max_edges);

/* Frees what mf_flow_init() allocated; safe on an empty graph. */
void mf_flow_free(struct flow_graph *g);

/* Adds a node and returns its id (ids start at 0), or -1 when full. */
int32_t mf_flow_add_node(struct flow_graph *g);

/* Adds from->to with capacity cap and cost per unit cost >= 0; returns the
 * edge id for mf_flow_edge_flow(), or -1 when full. */
int32_t mf_flow_add_edge(struct flow_graph *g, int32_t from, int32_t to, int64_t cap,
		      int32_t cost);

/* Sends as much flow as possible, but no more than limit, from s to t at
 * least total cost; returns the flow and stores the cost in *cost. The
 * limit saves the last search when the caller knows what it needs. */
int64_t mf_flow_min_cost_flow(struct flow_graph *g, int32_t s, int32_t t, int64_t limit,
			   int64_t *cost);

/* Flow on edge id after solving. */
static inline int64_t mf_flow_edge_flow(const struct flow_graph *g, int32_t id)
{
	return g->edges[id ^ 1].cap;
}

#endif
