/* POST /v1/mana/solve: body bytes -> JSON -> decode, validate, solve, encode. */
#include "fuzz_common.h"
#include "http/adapt_mana.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mana_solve_handler, data, size);
	return 0;
}
