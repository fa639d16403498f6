/*
 * The min-cost flow of src/mana/flow.c on its slow path. Its shortest paths
 * run Dijkstra with Dial's bucket queue, and fall back to a plain O(V^2)
 * Dijkstra when a reduced distance reaches FLOW_BUCKETS. The solver's life
 * costs are small, so its boards hardly ever get there: these graphs do, on
 * purpose, and the answers are held to known ones and to the fast path's.
 */
#include <check.h>
#include <stdlib.h>

#include "mana/flow.h"
#include "common/random.h"

/* Nodes 0..n-1 in a fresh graph with room for max_edges edges. */
static void graph(struct flow_graph *g, int32_t n, int32_t max_edges)
{
	ck_assert_int_eq(mf_flow_init(g, n, max_edges), 0);
	for (int32_t v = 0; v < n; v++)
		ck_assert_int_eq(mf_flow_add_node(g), v);
}

/* One edge of cost at least FLOW_BUCKETS: the first search leaves the
 * buckets. Two units, one through a reverse edge: 0 + 300. */
START_TEST(fallback_through_a_reverse_edge)
{
	enum { S, A, B, T };
	struct flow_graph g;
	int64_t cost;
	int32_t sa, sb, ab, at, bt;

	graph(&g, 4, 5);
	sa = mf_flow_add_edge(&g, S, A, 1, 0);
	sb = mf_flow_add_edge(&g, S, B, 1, 100);
	ab = mf_flow_add_edge(&g, A, B, 1, 0);
	at = mf_flow_add_edge(&g, A, T, 1, 200);
	bt = mf_flow_add_edge(&g, B, T, 1, 0);
	ck_assert_int_eq(mf_flow_min_cost_flow(&g, S, T, 10, &cost), 2);
	ck_assert_int_eq(cost, 300);
	/* The second unit undoes A -> B: S-A-T and S-B-T. */
	ck_assert_int_eq(mf_flow_edge_flow(&g, sa), 1);
	ck_assert_int_eq(mf_flow_edge_flow(&g, sb), 1);
	ck_assert_int_eq(mf_flow_edge_flow(&g, ab), 0);
	ck_assert_int_eq(mf_flow_edge_flow(&g, at), 1);
	ck_assert_int_eq(mf_flow_edge_flow(&g, bt), 1);
	mf_flow_free(&g);
}
END_TEST

/* Small costs that add up: a chain of 80 edges of cost 1 (distance 80, past
 * the buckets) beside one edge of cost 100. The chain carries its 3 first. */
START_TEST(fallback_on_a_long_chain)
{
	enum { LEN = 80 };
	struct flow_graph g;
	int64_t cost;
	int32_t direct;

	graph(&g, LEN + 1, LEN + 1);
	for (int32_t v = 0; v < LEN; v++)
		mf_flow_add_edge(&g, v, v + 1, 3, 1);
	direct = mf_flow_add_edge(&g, 0, LEN, 2, 100);
	ck_assert_int_eq(mf_flow_min_cost_flow(&g, 0, LEN, 10, &cost), 5);
	ck_assert_int_eq(cost, 3 * LEN + 2 * 100);
	ck_assert_int_eq(mf_flow_edge_flow(&g, direct), 2);
	mf_flow_free(&g);
	/* With a limit, the chain alone: 2 units at 80. */
	graph(&g, LEN + 1, LEN + 1);
	for (int32_t v = 0; v < LEN; v++)
		mf_flow_add_edge(&g, v, v + 1, 3, 1);
	mf_flow_add_edge(&g, 0, LEN, 2, 100);
	ck_assert_int_eq(mf_flow_min_cost_flow(&g, 0, LEN, 2, &cost), 2);
	ck_assert_int_eq(cost, 2 * LEN);
	mf_flow_free(&g);
}
END_TEST

#define SCALE 97        /* any positive distance becomes one past the buckets */
#define GRAPHS 2000
#define NODES_MAX 12
#define EDGES_MAX (3 * NODES_MAX)

struct random_graph {
	int32_t n, m;
	int32_t from[EDGES_MAX], to[EDGES_MAX];
	int64_t cap[EDGES_MAX];
	int32_t cost[EDGES_MAX];
};

static void random_graph(struct random_graph *r, uint64_t *seed)
{
	r->n = 4 + (int32_t)(mf_splitmix64(seed) % (NODES_MAX - 3));
	r->m = 1 + (int32_t)(mf_splitmix64(seed) % (uint64_t)(3 * r->n));
	for (int32_t i = 0; i < r->m; i++) {
		r->from[i] = (int32_t)(mf_splitmix64(seed) % (uint64_t)r->n);
		r->to[i] = (int32_t)(mf_splitmix64(seed) % (uint64_t)(r->n - 1));
		if (r->to[i] >= r->from[i])
			r->to[i]++;
		r->cap[i] = 1 + (int64_t)(mf_splitmix64(seed) % 5);
		r->cost[i] = (int32_t)(mf_splitmix64(seed) % 5);
	}
}

/* Solves r with every cost times scale, from 0 to n - 1; checks that the
 * edges' flows cost what the flow says, and returns the flow. */
static int64_t solve_scaled(const struct random_graph *r, int32_t scale, int64_t *cost)
{
	struct flow_graph g;
	int32_t id[EDGES_MAX];
	int64_t flow, sum = 0;

	graph(&g, r->n, r->m);
	for (int32_t i = 0; i < r->m; i++)
		id[i] = mf_flow_add_edge(&g, r->from[i], r->to[i], r->cap[i], r->cost[i] * scale);
	flow = mf_flow_min_cost_flow(&g, 0, r->n - 1, 1000, cost);
	for (int32_t i = 0; i < r->m; i++) {
		int64_t f = mf_flow_edge_flow(&g, id[i]);

		ck_assert(f >= 0 && f <= r->cap[i]);
		sum += f * r->cost[i] * scale;
	}
	ck_assert_int_eq(sum, *cost);
	mf_flow_free(&g);
	return flow;
}

/*
 * Costs 0 to 4 on at most 12 nodes keep every distance at most 44 (a simple
 * path of 11 edges): the fast path only. The same graph with costs times
 * SCALE has the same optimal flows, at SCALE times the cost, and every
 * positive distance is at least SCALE: a graph whose least cost is not 0
 * takes the fallback in some phase, so a fallback that finds longer paths,
 * or none, shows.
 */
START_TEST(fallback_agrees_with_the_fast_path)
{
	uint64_t seed = 0x666c6f77ull;  /* "flow" */
	size_t costly = 0;

	for (int i = 0; i < GRAPHS; i++) {
		struct random_graph r;
		int64_t fast_cost, slow_cost, fast, slow;

		random_graph(&r, &seed);
		fast = solve_scaled(&r, 1, &fast_cost);
		slow = solve_scaled(&r, SCALE, &slow_cost);
		ck_assert_msg(slow == fast && slow_cost == SCALE * fast_cost,
			      "graph %d: fast path %lld at %lld, fallback %lld at %lld (x%d)", i,
			      (long long)fast, (long long)fast_cost, (long long)slow,
			      (long long)slow_cost, SCALE);
		costly += fast_cost > 0;
	}
	/* Enough graphs that took the fallback for the comparison to matter. */
	ck_assert_uint_ge(costly, GRAPHS / 4);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("flow");
	TCase *tc = tcase_create("fallback");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, fallback_through_a_reverse_edge);
	tcase_add_test(tc, fallback_on_a_long_chain);
	tcase_add_test(tc, fallback_agrees_with_the_fast_path);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
