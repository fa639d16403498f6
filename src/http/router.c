#include "http/router.h"

#include <string.h>

#include "api/adapt_camelot.h"
#include "api/adapt_combat.h"
#include "api/adapt_deck.h"
#include "api/adapt_mana.h"
#include "api/adapt_odds.h"
#include "api/adapt_report.h"
#include "http/admission.h"
#include "manaflow/camelot.h"
#include "manaflow/combat.h"
#include "manaflow/odds.h"
#include "manaflow/report.h"

/* Routes whose work can take more than a millisecond or so are offloaded,
 * so they never stall a pool thread: big batches, large combat boards, and
 * Camelot deals (microseconds at the median, but up to the search budget),
 * the odds (milliseconds to a second, up to their work budget), and the
 * deck report (many odds queries one after another). The
 * playground's files are served from memory (--no-playground: 404). */
/* The least --memory-limit serves every route (admission.h): each working
 * set below, with its room, fits the budget it leaves. */
#define FITS_LEAST(bytes) ((bytes) + MF_ADMISSION_ROOM <= MF_ADMISSION_MEMORY_MIN - MF_ADMISSION_BASE)
_Static_assert(FITS_LEAST(MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX), "the odds fit the least limit");
_Static_assert(FITS_LEAST(MF_API_REPORT_WORKING_SET), "the deck report fits the least limit");
_Static_assert(FITS_LEAST(MF_COMBAT_WORKING_SET_MAX), "a combat board fits the least limit");
_Static_assert(FITS_LEAST(MF_CAMELOT_WORKING_SET_MAX), "a Camelot deal fits the least limit");

static const struct route routes[] = {
	{ "/v1/mana/solve", "POST", ROUTE_JSON, mf_api_mana_solve, false, 0, MF_API_MANA_PROBLEMS,
	  ASSET_NONE, 0 },
	{ "/v1/mana/solve/batch", "POST", ROUTE_JSON, mf_api_mana_batch, true, 0,
	  MF_API_MANA_PROBLEMS, ASSET_NONE, 0 },
	{ "/v1/mana/odds", "POST", ROUTE_JSON, mf_api_mana_odds, true,
	  MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX, MF_API_ODDS_PROBLEMS,
	  ASSET_NONE, MF_ODDS_WORKING_SET_MAX },
	{ "/v1/mana/sources", "POST", ROUTE_JSON, mf_api_mana_sources, true,
	  MF_ODDS_WORKING_SET_MAX, MF_API_SOURCES_PROBLEMS,
	  ASSET_NONE, 0 },
	{ "/v1/deck/colors", "POST", ROUTE_JSON, mf_api_deck_colors, false, 0, MF_API_DECK_PROBLEMS,
	  ASSET_NONE, 0 },
	{ "/v1/deck/report", "POST", ROUTE_JSON, mf_api_deck_report, true, MF_API_REPORT_WORKING_SET,
	  MF_API_REPORT_PROBLEMS, ASSET_NONE, MF_REPORT_LANE_BYTES },
	{ "/v1/combat/blocks", "POST", ROUTE_JSON, mf_api_combat_blocks, true,
	  MF_COMBAT_WORKING_SET_MAX, MF_API_COMBAT_PROBLEMS, ASSET_NONE, 0 },
	{ "/v1/camelot/solve", "POST", ROUTE_JSON, mf_api_camelot_solve, true,
	  MF_CAMELOT_WORKING_SET_MAX, MF_API_CAMELOT_PROBLEMS, ASSET_NONE, 0 },
	{ "/v1/camelot/solve/batch", "POST", ROUTE_JSON, mf_api_camelot_batch, true,
	  MF_CAMELOT_WORKING_SET_MAX, MF_API_CAMELOT_PROBLEMS, ASSET_NONE, 0 },
	{ MF_ROUTER_LANDS_PATH, "GET", ROUTE_LANDS, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ MF_ROUTER_SOURCES_PATH, "GET", ROUTE_SOURCES, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ "/healthz", "GET", ROUTE_HEALTHZ, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ "/readyz", "GET", ROUTE_READYZ, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ "/metrics", "GET", ROUTE_METRICS, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ "/openapi.yaml", "GET", ROUTE_OPENAPI, NULL, false, 0, 0, ASSET_NONE, 0 },
	{ "/", "GET", ROUTE_PLAYGROUND, NULL, false, 0, 0, ASSET_PAGE, 0 },
	{ "/playground", "GET", ROUTE_PLAYGROUND, NULL, false, 0, 0, ASSET_PAGE, 0 },
	{ "/playground/app.js", "GET", ROUTE_PLAYGROUND, NULL, false, 0, 0, ASSET_JS, 0 },
	{ "/playground/app.css", "GET", ROUTE_PLAYGROUND, NULL, false, 0, 0, ASSET_CSS, 0 },
	{ "/playground/favicon.svg", "GET", ROUTE_PLAYGROUND, NULL, false, 0, 0, ASSET_ICON, 0 },
};

unsigned mf_router_problems(const struct route *r)
{
	/* The gate refuses a bad framing before routing (head.h): any path may get these. */
	unsigned p = r->problems | MF_PROBLEM_BIT(MF_PROBLEM_METHOD_NOT_ALLOWED) |
		     MF_PROBLEM_BIT(MF_PROBLEM_BAD_REQUEST) |
		     MF_PROBLEM_BIT(MF_PROBLEM_NOT_IMPLEMENTED);

	if (r->kind == ROUTE_JSON)
		p |= MF_PROBLEM_BIT(MF_PROBLEM_MALFORMED_JSON) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) |
		     MF_PROBLEM_BIT(MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE) |
		     MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY) | MF_PROBLEM_BIT(MF_PROBLEM_OVERLOADED);
	if (r->offload || r->kind == ROUTE_READYZ)
		p |= MF_PROBLEM_BIT(MF_PROBLEM_SHUTTING_DOWN);
	if (r->offload)  /* a solve on a worker runs under the request deadline */
		p |= MF_PROBLEM_BIT(MF_PROBLEM_DEADLINE);
	return p;
}

const struct route *mf_router_routes(size_t *n)
{
	*n = sizeof(routes) / sizeof(routes[0]);
	return routes;
}

const struct route *mf_router_find(const char *path)
{
	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++)
		if (strcmp(routes[i].path, path) == 0)
			return &routes[i];
	return NULL;
}
