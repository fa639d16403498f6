/* POST /v1/mana/solve: body bytes -> JSON -> decode, validate, solve, encode. */
#include "fuzz_common.h"
#include "api/adapt_mana.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_mana_solve, MF_API_MANA_PROBLEMS, data, size);
	return 0;
}
