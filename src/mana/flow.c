/*
 * Min-cost flow (see flow.h): shortest paths on reduced costs by Dial's bucket
 * queue, or plain Dijkstra past FLOW_BUCKETS, then Dinic's blocking flows on
 * the edges of those paths, phase after phase.
 */
#include "mana/flow.h"

#include <stdlib.h>
#include <string.h>

int mf_flow_init(struct flow_graph *g, int32_t max_nodes, int32_t max_edges)
{
	size_t n = (size_t)max_nodes, m = 2 * (size_t)max_edges;
	size_t items = m + n + 1;
	size_t bytes = n * (4 * sizeof(int32_t) + 2 * sizeof(int64_t) + 1) +
		       m * sizeof(struct flow_edge) + FLOW_BUCKETS * sizeof(int32_t) +
		       2 * items * sizeof(int32_t) + 64;
	char *p;

	memset(g, 0, sizeof(*g));
	g->block = malloc(bytes);
	if (!g->block)
		return -1;
	p = g->block;
	g->edges = (struct flow_edge *)p;
	p += m * sizeof(struct flow_edge);
	g->pot = (int64_t *)p;
	p += n * sizeof(int64_t);
	g->dist = (int64_t *)p;
	p += n * sizeof(int64_t);
	g->head = (int32_t *)p;
	p += n * sizeof(int32_t);
	g->iter = (int32_t *)p;
	p += n * sizeof(int32_t);
	g->level = (int32_t *)p;
	p += n * sizeof(int32_t);
	g->queue = (int32_t *)p;
	p += n * sizeof(int32_t);
	g->bucket = (int32_t *)p;
	p += FLOW_BUCKETS * sizeof(int32_t);
	g->item_node = (int32_t *)p;
	p += items * sizeof(int32_t);
	g->item_next = (int32_t *)p;
	p += items * sizeof(int32_t);
	g->done = (uint8_t *)p;
	memset(g->bucket, 0xff, FLOW_BUCKETS * sizeof(int32_t));
	g->max_nodes = max_nodes;
	g->max_edges = 2 * max_edges;
	return 0;
}

void mf_flow_free(struct flow_graph *g)
{
	free(g->block);
	memset(g, 0, sizeof(*g));
}

int32_t mf_flow_add_node(struct flow_graph *g)
{
	if (g->n_nodes == g->max_nodes)
		return -1;
	g->head[g->n_nodes] = -1;
	g->pot[g->n_nodes] = 0;
	return g->n_nodes++;
}

int32_t mf_flow_add_edge(struct flow_graph *g, int32_t from, int32_t to, int64_t cap,
		      int32_t cost)
{
	int32_t id = g->n_edges;

	if (id + 2 > g->max_edges)
		return -1;
	g->edges[id] = (struct flow_edge){ to, g->head[from], cap, cost };
	g->head[from] = id;
	g->edges[id + 1] = (struct flow_edge){ from, g->head[to], 0, -cost };
	g->head[to] = id + 1;
	g->n_edges += 2;
	return id;
}

/* The reduced cost of edge e out of u, cost + pot[u] - pot[e->to]: never
 * negative on an edge with room, as the potentials are kept. */
static int64_t reduced_cost(const struct flow_graph *g, int32_t u, const struct flow_edge *e)
{
	return e->cost + g->pot[u] - g->pot[e->to];
}

/* Every node unreached and not done, but s at distance 0. */
static void reset_distances(struct flow_graph *g, int32_t s)
{
	for (int32_t v = 0; v < g->n_nodes; v++) {
		g->dist[v] = FLOW_INF;
		g->done[v] = 0;
	}
	g->dist[s] = 0;
}

/*
 * Dijkstra with Dial's bucket queue: reduced costs are small integers (life
 * points), so distances are too, and each step is O(1). Returns false, with
 * every bucket emptied again, if a distance reaches FLOW_BUCKETS.
 */
static bool shortest_paths_dial(struct flow_graph *g, int32_t s)
{
	int32_t n_items = 0, top = 0;
	bool ok = true;

	reset_distances(g, s);
	g->item_node[0] = s;
	g->item_next[0] = -1;
	g->bucket[0] = n_items++;
	for (int32_t d = 0; d <= top; d++) {
		int32_t it;

		while ((it = g->bucket[d]) >= 0) {
			int32_t u = g->item_node[it];

			g->bucket[d] = g->item_next[it];
			if (!ok || g->done[u] || g->dist[u] != d)
				continue;
			g->done[u] = 1;
			for (int32_t id = g->head[u]; id >= 0; id = g->edges[id].next) {
				const struct flow_edge *e = &g->edges[id];
				int64_t nd;

				if (e->cap <= 0 || g->done[e->to])
					continue;
				nd = d + reduced_cost(g, u, e);
				if (nd >= g->dist[e->to])
					continue;
				if (nd >= FLOW_BUCKETS) {
					ok = false;  /* drain the buckets, then fall back */
					continue;
				}
				g->dist[e->to] = nd;
				g->item_node[n_items] = e->to;
				g->item_next[n_items] = g->bucket[nd];
				g->bucket[nd] = n_items++;
				if (nd > top)
					top = (int32_t)nd;
			}
		}
	}
	return ok;
}

/* Plain O(V^2) Dijkstra on reduced costs, for distances past the buckets. */
static void shortest_paths(struct flow_graph *g, int32_t s)
{
	if (shortest_paths_dial(g, s))
		return;
	reset_distances(g, s);
	for (;;) {
		int32_t u = -1;

		for (int32_t v = 0; v < g->n_nodes; v++)
			if (!g->done[v] && g->dist[v] < FLOW_INF && (u < 0 || g->dist[v] < g->dist[u]))
				u = v;
		if (u < 0)
			return;
		g->done[u] = 1;
		for (int32_t id = g->head[u]; id >= 0; id = g->edges[id].next) {
			const struct flow_edge *e = &g->edges[id];
			int64_t d;

			if (e->cap <= 0 || g->done[e->to])
				continue;
			d = g->dist[u] + reduced_cost(g, u, e);
			if (d < g->dist[e->to])
				g->dist[e->to] = d;
		}
	}
}

/* Whether e out of u has room and lies on a shortest path: Dinic's edges. */
static int admissible(const struct flow_graph *g, int32_t u, const struct flow_edge *e)
{
	return e->cap > 0 && reduced_cost(g, u, e) == 0;
}

/* BFS levels over admissible edges; returns whether t is reached. */
static int level_graph(struct flow_graph *g, int32_t s, int32_t t)
{
	int32_t qh = 0, qt = 0;

	for (int32_t v = 0; v < g->n_nodes; v++)
		g->level[v] = -1;
	g->level[s] = 0;
	g->queue[qt++] = s;
	while (qh < qt) {
		int32_t u = g->queue[qh++];

		for (int32_t id = g->head[u]; id >= 0; id = g->edges[id].next) {
			const struct flow_edge *e = &g->edges[id];

			if (g->level[e->to] < 0 && admissible(g, u, e)) {
				g->level[e->to] = g->level[u] + 1;
				g->queue[qt++] = e->to;
			}
		}
	}
	return g->level[t] >= 0;
}

/* Pushes up to limit units from u to t along one level-increasing path of
 * admissible edges (Dinic's DFS, resuming at each node's current edge), and
 * returns how many went, 0 when u is blocked. */
static int64_t augment(struct flow_graph *g, int32_t u, int32_t t, int64_t limit)
{
	if (u == t)
		return limit;
	for (; g->iter[u] >= 0; g->iter[u] = g->edges[g->iter[u]].next) {
		int32_t id = g->iter[u];
		struct flow_edge *e = &g->edges[id];
		int64_t pushed;

		if (g->level[e->to] != g->level[u] + 1 || !admissible(g, u, e))
			continue;
		pushed = augment(g, e->to, t, limit < e->cap ? limit : e->cap);
		if (pushed > 0) {
			e->cap -= pushed;
			g->edges[id ^ 1].cap += pushed;
			return pushed;
		}
	}
	return 0;
}

int64_t mf_flow_min_cost_flow(struct flow_graph *g, int32_t s, int32_t t, int64_t limit,
			   int64_t *cost)
{
	int64_t flow = 0;

	*cost = 0;
	while (flow < limit) {
		int64_t dt;

		shortest_paths(g, s);
		dt = g->dist[t];
		if (dt >= FLOW_INF)
			break;
		/* min(dist, dist[t]) keeps every residual reduced cost >= 0. */
		for (int32_t v = 0; v < g->n_nodes; v++)
			g->pot[v] += g->dist[v] < dt ? g->dist[v] : dt;
		while (flow < limit && level_graph(g, s, t)) {
			int64_t pushed;

			memcpy(g->iter, g->head, (size_t)g->n_nodes * sizeof(int32_t));
			while (flow < limit && (pushed = augment(g, s, t, limit - flow)) > 0) {
				flow += pushed;
				*cost += pushed * (g->pot[t] - g->pot[s]);
			}
		}
	}
	return flow;
}
