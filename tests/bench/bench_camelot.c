/*
 * Benchmark of the camelot solver: 10,000 random deals from a fixed seed.
 * Prints the median and worst time per deal, node counts, and the share of
 * winnable deals. A plain program that prints figures: it asserts nothing
 * about speed, and fails only when a solve returns an error.
 *
 * Usage: bench-camelot [DEALS [SEED [NODE_BUDGET]]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "manaflow/camelot.h"
#include "common/random.h"

/* Uniform in [0, bound) by rejection, so no value is favoured. */
static uint32_t below(uint64_t *state, uint32_t bound)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
	uint64_t x;

	do
		x = mf_splitmix64(state);
	while (x >= limit);
	return (uint32_t)(x % bound);
}

static void random_deal(uint64_t *state, struct mf_camelot_deal *deal)
{
	for (int i = 0; i < MF_CAMELOT_DECK_SIZE; i++)
		deal->cards[i] = (uint8_t)(i / MF_CAMELOT_COPIES + 1);
	for (int i = MF_CAMELOT_DECK_SIZE - 1; i > 0; i--) {
		uint32_t j = below(state, (uint32_t)i + 1);
		uint8_t t = deal->cards[i];

		deal->cards[i] = deal->cards[j];
		deal->cards[j] = t;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0xca3e107u;
	struct mf_camelot_options opts = {
		.node_budget = argc > 3 ? strtoull(argv[3], NULL, 0) : 0,
	};
	uint64_t state = seed, worst_nodes = 0;
	double *ms = NULL, total = 0;
	uint64_t *nodes = NULL;
	struct mf_camelot_result *res = NULL;
	struct mf_camelot_deal deal, worst_deal;
	long winnable = 0, errors = 0;
	char text[MF_CAMELOT_DECK_SIZE + 1];
	int rc = 1;

	if (n < 1)
		n = 1;
	ms = malloc((size_t)n * sizeof(*ms));
	nodes = malloc((size_t)n * sizeof(*nodes));
	res = malloc(sizeof(*res));
	if (!ms || !nodes || !res) {
		fprintf(stderr, "bench-camelot: out of memory\n");
		goto out;
	}
	memset(&worst_deal, 0, sizeof(worst_deal));
	for (long i = 0; i < n; i++) {
		double t0;
		int status;

		random_deal(&state, &deal);
		t0 = now_ms();
		status = mf_camelot_solve(&deal, &opts, res);
		ms[i] = now_ms() - t0;
		total += ms[i];
		nodes[i] = res->nodes;
		if (status != MF_OK) {
			mf_camelot_deal_format(&deal, text, sizeof(text));
			fprintf(stderr, "bench-camelot: deal %s: status %d\n", text,
				status);
			errors++;
			continue;
		}
		winnable += res->winnable;
		if (res->nodes > worst_nodes || i == 0) {
			worst_nodes = res->nodes;
			worst_deal = deal;
		}
	}
	qsort(ms, (size_t)n, sizeof(*ms), cmp_double);
	qsort(nodes, (size_t)n, sizeof(*nodes), cmp_u64);
	mf_camelot_deal_format(&worst_deal, text, sizeof(text));
	printf("camelot: %ld random deals, seed %#llx\n", n, (unsigned long long)seed);
	printf("  time per deal: median %.4f ms, p99 %.4f ms, worst %.4f ms, mean %.4f ms\n",
	       ms[n / 2], ms[(size_t)((double)n * 0.99)], ms[n - 1], total / (double)n);
	printf("  nodes per deal: median %llu, p99 %llu, worst %llu (budget %llu)\n",
	       (unsigned long long)nodes[n / 2],
	       (unsigned long long)nodes[(size_t)((double)n * 0.99)],
	       (unsigned long long)nodes[n - 1],
	       opts.node_budget ? (unsigned long long)opts.node_budget
				: (unsigned long long)MF_CAMELOT_NODE_BUDGET);
	printf("  most nodes: %s\n", text);
	printf("  winnable: %ld of %ld (%.2f%%), errors (budget or memory): %ld\n",
	       winnable, n, 100.0 * (double)winnable / (double)n, errors);
	rc = errors ? 1 : 0;
out:
	free(ms);
	free(nodes);
	free(res);
	return rc;
}
