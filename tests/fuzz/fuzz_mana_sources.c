/* POST /v1/mana/sources: body bytes -> JSON -> decode, validate, Karsten's
 * table, encode. */
#include "fuzz_common.h"
#include "api/adapt_odds.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_mana_sources, MF_API_SOURCES_PROBLEMS, data, size);
	return 0;
}
