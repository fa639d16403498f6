/*
 * mf_camelot_deal_parse over arbitrary bytes (not NUL-terminated: it takes
 * a length); a parsed deal formats back to the same text, and is solved with
 * a small node budget so that an iteration stays fast while the search, the
 * memo table and the winning line are still exercised.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "manaflow/camelot.h"

#define FUZZ_CAMELOT_BUDGET 2000

static void check_line(const struct mf_camelot_result *res)
{
	size_t deals = 0;

	FUZZ_CHECK(res->n_line <= MF_CAMELOT_LINE_MAX);
	for (size_t i = 0; i < res->n_line; i++) {
		const struct mf_camelot_step *s = &res->line[i];

		if (s->kind == MF_CAMELOT_STEP_DEAL) {
			FUZZ_CHECK(s->slot.row < MF_CAMELOT_SIDE && s->slot.col < MF_CAMELOT_SIDE);
			FUZZ_CHECK(s->card >= 1 && s->card <= MF_CAMELOT_VALUES);
			deals++;
		} else {
			FUZZ_CHECK(s->kind == MF_CAMELOT_STEP_REMOVE);
			FUZZ_CHECK(s->n_removed <= MF_CAMELOT_SLOTS);
		}
	}
	FUZZ_CHECK(deals == MF_CAMELOT_DECK_SIZE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = calloc(size ? size : 1, 1);
	struct mf_camelot_parse_error err;
	struct mf_camelot_deal deal;
	struct mf_camelot_options opts = { .node_budget = FUZZ_CAMELOT_BUDGET };
	struct mf_camelot_result *res;
	char back[MF_CAMELOT_DECK_SIZE + 1];
	int rc;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	rc = mf_camelot_deal_parse(text, size, &deal, &err);
	if (rc) {
		FUZZ_CHECK(rc == MF_ERR_INVALID);
		FUZZ_CHECK(memchr(err.reason, '\0', sizeof(err.reason)) != NULL);
		FUZZ_CHECK(err.reason[0] != '\0');
		FUZZ_CHECK(err.position >= 1 && err.position <= size + 1);
		if (fuzz_utf8_valid(text, size))
			FUZZ_CHECK(fuzz_utf8_valid(err.reason, strlen(err.reason)));
		goto out;
	}
	FUZZ_CHECK(size == MF_CAMELOT_DECK_SIZE);
	FUZZ_CHECK(mf_camelot_deal_format(&deal, back, sizeof(back)) == MF_CAMELOT_DECK_SIZE);
	FUZZ_CHECK(memcmp(back, text, MF_CAMELOT_DECK_SIZE) == 0);
	res = malloc(sizeof(*res));
	FUZZ_CHECK(res != NULL);
	rc = mf_camelot_solve(&deal, &opts, res);
	FUZZ_CHECK(rc == MF_OK || rc == MF_ERR_LIMIT);
	if (rc == MF_OK && res->winnable)
		check_line(res);
	else
		FUZZ_CHECK(res->n_line == 0);
	free(res);
out:
	free(text);
	return 0;
}
