/* POST /v1/deck/report: body bytes -> JSON -> the deck (card objects or a
 * deck list, resolved without a card database) -> the report -> JSON. */
#include "fuzz_common.h"
#include "api/adapt_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_run_handler(mf_api_deck_report, MF_API_REPORT_PROBLEMS, data, size);
	return 0;
}
