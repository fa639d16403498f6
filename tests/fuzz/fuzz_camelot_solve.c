/* POST /v1/camelot/solve: body bytes -> JSON -> deal -> search -> winning line. */
#include "fuzz_common.h"
#include "http/adapt_camelot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(camelot_solve_handler, data, size);
	return 0;
}
