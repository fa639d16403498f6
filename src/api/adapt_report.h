/* JSON <-> the deck report (manaflow/report.h): POST /v1/deck/report and
 * `manaflow report` (issue 26, docs/api.md "The deck report"). */
#ifndef MF_API_ADAPT_REPORT_H
#define MF_API_ADAPT_REPORT_H

#include "api/api.h"
#include "manaflow/odds.h"

/* What one report holds beside the odds' working set and cache, which its
 * queries use one after another: the decoded deck (up to 500 card objects
 * or a parsed 256 KiB deck list), the lands read from cards and their
 * ignored clauses (up to 4 MiB of text), the report's own arrays (spells,
 * advice lines, the swaps it screens: well under 1 MiB) and the answer's
 * text. 8 MiB covers them with room. */
#define MF_API_REPORT_MARGIN ((size_t)8 << 20)
#define MF_API_REPORT_WORKING_SET \
	(MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX + MF_API_REPORT_MARGIN)

/*
 * The report: {"cards":[...]} or {"decklist":"..."}, with "on", "policy",
 * "life", "method" and "seed" as the odds take them -> {"deck","spells",
 * "colors","advice","more_land","fewer_land","advice_complete"} (docs/api.md).
 */
int mf_api_deck_report(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		       struct mf_api_error *err);

/* The problems the report can answer with (api/problem.h). */
#define MF_API_REPORT_PROBLEMS                                                          \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_UNKNOWN_CARDS) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) | MF_PROBLEM_BIT(MF_PROBLEM_SEARCH_BUDGET) |     \
	 MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) | MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE))

#endif
