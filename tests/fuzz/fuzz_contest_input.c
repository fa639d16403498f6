/*
 * `manaflow solve` in the contest format: mf_contest_reader_init/next over the
 * bytes, and mf_mana_solve on every case read, as solve_contest() does.
 *
 * Checks: a reader failure always says why ("line N: ..."), the line count
 * never runs past the text, every index is in the catalogue, and only a castable
 * case has a plan.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "cli/contest_input.h"

static void check_failure(const struct contest_reader *r)
{
	FUZZ_CHECK(memchr(r->error, '\0', sizeof(r->error)) != NULL);
	FUZZ_CHECK(strncmp(r->error, "line ", 5) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct mf_mana_catalogue *cat = fuzz_lands();
	/* Not NUL-terminated on purpose: the reader is given a length. */
	char *text = calloc(size ? size : 1, 1);
	struct contest_reader r;
	struct mf_mana_query q;
	int got;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	if (mf_contest_reader_init(&r, text, size, cat)) {
		check_failure(&r);
		mf_contest_reader_free(&r);
		goto out;
	}
	while ((got = mf_contest_reader_next(&r, &q)) > 0) {
		struct mf_mana_result res;
		int rc;

		FUZZ_CHECK(r.p <= r.end);
		for (size_t i = 0; i < q.n_battlefield; i++)
			FUZZ_CHECK(q.battlefield[i] >= 0 &&
				   (size_t)q.battlefield[i] < mf_mana_catalogue_size(cat));
		for (size_t i = 0; i < q.n_library; i++)
			FUZZ_CHECK(q.library[i] >= 0 &&
				   (size_t)q.library[i] < mf_mana_catalogue_size(cat));
		rc = mf_mana_solve(&q, &res);
		FUZZ_CHECK(rc == MF_OK || rc == MF_ERR_LIMIT);
		if (rc)
			break;
		FUZZ_CHECK(!res.castable || res.payable);
		FUZZ_CHECK(res.castable || res.n_plan == 0);
		FUZZ_CHECK(res.n_plan == 0 || res.plan != NULL);
		mf_mana_result_free(&res);
	}
	if (got < 0)
		check_failure(&r);
	mf_contest_reader_free(&r);
out:
	free(text);
	return 0;
}
