/* POST /v1/deck/colors: body bytes -> JSON -> Scryfall cards -> colours. */
#include "fuzz_common.h"
#include "http/adapt_deck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(deck_colors_handler, data, size);
	return 0;
}
