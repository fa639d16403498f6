/*
 * mf_camelot_working_set() against the heap the search really holds,
 * measured through the wrapped allocator (tests/unit/heap_peak.h): the memo
 * alone filled to a node budget's worth of states (the most the search can
 * add, one per node expanded), for every budget up to the default; and
 * whole solves of the hardest deal of a fixed-seed shuffle, under its own
 * node count and under budgets that stop it.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "camelot/camelot_int.h"
#include "deals.h"
#include "heap_peak.h"
#include "manaflow/camelot.h"

/* The memo with `entries` distinct keys: what it held at most, within
 * mf_camelot_memo_bytes_max() and tight (the allocator rounds up a little). */
START_TEST(memo_filled_to_a_budget)
{
	static const uint64_t budgets[] = { 1, 511, 512, 513, 5000, 65536, 100000 };

	for (size_t i = 0; i < sizeof(budgets) / sizeof(budgets[0]); i++) {
		uint64_t n = budgets[i];
		size_t bound = mf_camelot_memo_bytes_max(n), peak;
		struct mf_camelot_memo *memo;
		int failed = 0;

		/* no Check assertion while measuring: see heap_peak.h */
		heap_peak_start();
		memo = mf_camelot_memo_new();
		for (uint64_t k = 0; memo && k < n; k++)
			failed |= mf_camelot_memo_add(memo, k * 0x9e3779b97f4a7c15u >> 8);
		mf_camelot_memo_free(memo);
		peak = heap_peak_bytes();
		ck_assert(memo && !failed);
		ck_assert_msg(peak <= bound + 3 * 4096, "%llu states: %zu bytes held, bound %zu",
			      (unsigned long long)n, peak, bound);
		ck_assert_msg(peak >= bound, "%llu states: %zu bytes held, bound %zu (loose)",
			      (unsigned long long)n, peak, bound);
		ck_assert_uint_le(bound + 3 * 4096, mf_camelot_working_set(n));
	}
	ck_assert_uint_le(mf_camelot_working_set(0), MF_CAMELOT_WORKING_SET_MAX);
	ck_assert_uint_eq(mf_camelot_working_set(0), mf_camelot_working_set(MF_CAMELOT_NODE_BUDGET));
}
END_TEST

/* The hardest of 3,000 shuffled deals, solved whole and stopped by smaller
 * budgets: each within its bound. */
START_TEST(solves_within_the_bound)
{
	struct mf_camelot_result *res = malloc(sizeof(*res));
	struct mf_camelot_deal deal, hardest;
	uint64_t state = 23, most = 0;

	ck_assert_ptr_nonnull(res);
	for (int i = 0; i < 3000; i++) {
		deals_random(&state, (enum deal_shape)(i % DEAL_SHAPES), &deal);
		int rc = mf_camelot_solve(&deal, NULL, res);

		ck_assert(rc == MF_OK || rc == MF_ERR_LIMIT);
		if (res->nodes > most) {
			most = res->nodes;
			hardest = deal;
		}
	}
	ck_assert_msg(most >= 200, "the hardest deal took only %llu nodes", (unsigned long long)most);
	for (uint64_t budget = most / 8; budget <= most; budget += most / 8) {
		struct mf_camelot_options opts = { .node_budget = budget };
		size_t peak;

		heap_peak_start();
		mf_camelot_solve(&hardest, &opts, res);
		peak = heap_peak_bytes();
		ck_assert_msg(peak <= mf_camelot_working_set(budget),
			      "budget %llu: %zu bytes held, bound %zu", (unsigned long long)budget,
			      peak, mf_camelot_working_set(budget));
	}
	free(res);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("camelot-memory");
	TCase *tc = tcase_create("working-set");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, memo_filled_to_a_budget);
	tcase_add_test(tc, solves_within_the_bound);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
