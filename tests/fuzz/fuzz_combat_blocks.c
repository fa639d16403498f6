/*
 * POST /v1/combat/blocks: body bytes -> JSON -> creatures -> optimal blocks.
 *
 * Boards above 8 x 8 but within the 16 x 16 limit are skipped: the exact
 * search grows as 3^defenders and would make an iteration take up to a
 * second; the decoder is the same code for every size, and lists beyond the
 * limit (the 413 path) are still fed in.
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "api/adapt_combat.h"

#define FUZZ_COMBAT_SIDE_MAX 8

static bool too_slow(const cJSON *list, size_t limit)
{
	int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;

	return n > FUZZ_COMBAT_SIDE_MAX && (size_t)n <= limit;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *body = fuzz_strndup(data, size);
	cJSON *doc = cJSON_ParseWithLengthOpts(body, size + 1, NULL, 1);
	bool skip = false;

	if (cJSON_IsObject(doc))
		skip = too_slow(cJSON_GetObjectItemCaseSensitive(doc, "attackers"),
				MF_COMBAT_ATTACKERS_MAX) ||
		       too_slow(cJSON_GetObjectItemCaseSensitive(doc, "defenders"),
				MF_COMBAT_DEFENDERS_MAX);
	cJSON_Delete(doc);
	free(body);
	if (!skip)
		fuzz_run_handler(mf_api_combat_blocks, MF_API_COMBAT_PROBLEMS, data, size);
	return 0;
}
