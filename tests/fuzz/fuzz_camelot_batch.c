/*
 * POST /v1/camelot/solve/batch: body bytes -> JSON -> every deal checked,
 * then each searched.
 *
 * Batches of more than 4 decks but within MF_API_CAMELOT_BATCH_MAX are skipped: each
 * deck is a whole search, and a hundred of them would make an iteration
 * slow; the decoder is the same code for every size, and lists beyond the
 * limit (the 413 path) are still fed in.
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "api/adapt_camelot.h"

#define FUZZ_CAMELOT_DECKS_MAX 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *body = fuzz_strndup(data, size);
	cJSON *doc = cJSON_ParseWithLengthOpts(body, size + 1, NULL, 1);
	const cJSON *decks = cJSON_IsObject(doc) ? cJSON_GetObjectItemCaseSensitive(doc, "decks")
						 : NULL;
	int n = cJSON_IsArray(decks) ? cJSON_GetArraySize(decks) : 0;
	bool skip = n > FUZZ_CAMELOT_DECKS_MAX && n <= MF_API_CAMELOT_BATCH_MAX;

	cJSON_Delete(doc);
	free(body);
	if (!skip)
		fuzz_run_handler(mf_api_camelot_batch, MF_API_CAMELOT_PROBLEMS, data, size);
	return 0;
}
