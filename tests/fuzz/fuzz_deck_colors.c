/* POST /v1/deck/colors: body bytes -> JSON -> Scryfall cards -> colours. */
#include "fuzz_common.h"
#include "api/adapt_deck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_deck_colors, MF_API_DECK_PROBLEMS, data, size);
	return 0;
}
