/* POST /v1/mana/odds: body bytes -> JSON -> decode, validate, count or
 * sample within the budget, encode. */
#include "fuzz_common.h"
#include "api/adapt_odds.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_mana_odds, MF_API_ODDS_PROBLEMS, data, size);
	return 0;
}
