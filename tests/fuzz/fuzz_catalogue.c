/*
 * mf_mana_catalogue_parse over arbitrary bytes (as `--lands FILE` reads them),
 * then, when it parses, what a catalogue promises: every land is found by
 * its own name, names are unique and within MF_MANA_LAND_NAME_MAX, "did you mean"
 * answers an index inside the catalogue, and a small query over its first
 * lands solves without error.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#define FUZZ_QUERY_LANDS 6  /* lands per zone of the query: keeps solves fast */

static const char *const costs[] = { "1W", "{G/U/P}{2/R}{C}", "{X}{B}", "UU" };

static void solve_small_query(const struct mf_mana_catalogue *cat, size_t round)
{
	size_t n = mf_mana_catalogue_size(cat);
	int32_t ids[2 * FUZZ_QUERY_LANDS];
	const char *text = costs[round % (sizeof(costs) / sizeof(costs[0]))];
	struct mf_mana_parse_error err;
	struct mf_mana_query q = { .cat = cat, .life = 20, .x = 2 };
	struct mf_mana_result res;
	int rc;

	for (size_t i = 0; i < 2 * FUZZ_QUERY_LANDS; i++)
		ids[i] = (int32_t)((i + round) % n);
	FUZZ_CHECK(mf_mana_cost_parse(text, strlen(text), &q.cost, &err) == MF_OK);
	q.battlefield = ids;
	q.n_battlefield = FUZZ_QUERY_LANDS;
	q.library = ids + FUZZ_QUERY_LANDS;
	q.n_library = FUZZ_QUERY_LANDS;
	rc = mf_mana_solve(&q, &res);
	FUZZ_CHECK(rc == MF_OK);
	FUZZ_CHECK(!res.castable || res.payable);
	FUZZ_CHECK(res.castable || res.n_plan == 0);
	for (size_t i = 0; i < res.n_plan; i++)
		FUZZ_CHECK(res.plan[i].land < (int32_t)n && res.plan[i].fetch < (int32_t)n);
	mf_mana_result_free(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = calloc(size ? size : 1, 1);
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;
	size_t n;
	int rc;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	rc = mf_mana_catalogue_parse(text, size, &cat, &err);
	if (rc) {
		FUZZ_CHECK(cat == NULL);
		FUZZ_CHECK(rc == MF_ERR_INVALID || rc == MF_ERR_LIMIT);
		FUZZ_CHECK(memchr(err.reason, '\0', sizeof(err.reason)) != NULL);
		FUZZ_CHECK(err.reason[0] != '\0');
		goto out;
	}
	n = mf_mana_catalogue_size(cat);
	FUZZ_CHECK(n >= 1 && n <= MF_MANA_CATALOGUE_MAX);
	for (size_t i = 0; i < n; i++) {
		const struct mf_mana_land *land = mf_mana_catalogue_land(cat, i);
		size_t len = strlen(land->name);

		FUZZ_CHECK(len >= 1 && len <= MF_MANA_LAND_NAME_MAX);
		FUZZ_CHECK(land->n_options <= MF_MANA_LAND_OPTIONS_MAX);
		FUZZ_CHECK(mf_mana_catalogue_find(cat, land->name, len) == (int32_t)i);
		/* Closest is n edit distances: a few calls keep iterations fast. */
		if (i < FUZZ_QUERY_LANDS)
			FUZZ_CHECK(mf_mana_catalogue_closest(cat, land->name, len) >= 0);
	}
	FUZZ_CHECK(mf_mana_catalogue_land(cat, n) == NULL);
	FUZZ_CHECK(mf_mana_catalogue_closest(cat, text, size) < (int32_t)n);
	for (size_t round = 0; round < 4; round++)
		solve_small_query(cat, round);
out:
	mf_mana_catalogue_free(cat);
	free(text);
	return 0;
}
