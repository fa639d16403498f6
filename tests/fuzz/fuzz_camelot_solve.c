/* POST /v1/camelot/solve: body bytes -> JSON -> deal -> search -> winning line. */
#include "fuzz_common.h"
#include "api/adapt_camelot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_camelot_solve, MF_API_CAMELOT_PROBLEMS, data, size);
	return 0;
}
