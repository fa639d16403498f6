/*
 * mf_mana_cost_parse over arbitrary bytes (not NUL-terminated: it takes a
 * length). A refusal names a position inside the text and a reason that is
 * UTF-8 whenever the text is (HTTP clients read it inside JSON). Then what
 * a parsed cost promises: its total stays within
 * MF_MANA_COST_MANA_MAX, mf_mana_cost_format() reports the length it needs and
 * truncates safely, and the brace notation it writes parses back to the
 * same cost when it fits in MF_MANA_COST_TEXT_MAX.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Exactly size bytes, so that ASan sees any read past the end. */
	char *text = calloc(size ? size : 1, 1);
	struct mf_mana_parse_error err;
	struct mf_mana_cost cost, again;
	char small[16], *full;
	size_t need, need_small;
	int rc;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	rc = mf_mana_cost_parse(text, size, &cost, &err);
	if (rc) {
		FUZZ_CHECK(rc == MF_ERR_INVALID || rc == MF_ERR_LIMIT);
		FUZZ_CHECK(memchr(err.reason, '\0', sizeof(err.reason)) != NULL);
		FUZZ_CHECK(err.reason[0] != '\0');
		FUZZ_CHECK(err.position >= 1 && err.position <= size + 1);
		/* The reason reaches clients inside JSON: it must stay UTF-8. */
		if (fuzz_utf8_valid(text, size))
			FUZZ_CHECK(fuzz_utf8_valid(err.reason, strlen(err.reason)));
		goto out;
	}
	FUZZ_CHECK(mf_mana_cost_total(&cost) <= MF_MANA_COST_MANA_MAX);
	need = mf_mana_cost_format(&cost, NULL, 0);
	need_small = mf_mana_cost_format(&cost, small, sizeof(small));
	FUZZ_CHECK(need == need_small);
	FUZZ_CHECK(strlen(small) == (need < sizeof(small) ? need : sizeof(small) - 1));
	full = malloc(need + 1);
	FUZZ_CHECK(full != NULL);
	FUZZ_CHECK(mf_mana_cost_format(&cost, full, need + 1) == need);
	FUZZ_CHECK(strlen(full) == need);
	if (need <= MF_MANA_COST_TEXT_MAX) {
		FUZZ_CHECK(mf_mana_cost_parse(full, need, &again, &err) == MF_OK);
		FUZZ_CHECK(memcmp(&cost, &again, sizeof(cost)) == 0);
	}
	free(full);
out:
	free(text);
	return 0;
}
