#include "http/router.h"

#include <string.h>

#include "api/adapt_camelot.h"
#include "api/adapt_combat.h"
#include "api/adapt_deck.h"
#include "api/adapt_mana.h"

/* Routes whose work can take more than a millisecond or so are offloaded,
 * so they never stall a pool thread: big batches, large combat boards, and
 * Camelot deals (microseconds at the median, but up to the search budget). */
static const struct route routes[] = {
	{ "/v1/mana/solve", "POST", ROUTE_JSON, mf_api_mana_solve, false },
	{ "/v1/mana/solve/batch", "POST", ROUTE_JSON, mf_api_mana_batch, true },
	{ "/v1/deck/colors", "POST", ROUTE_JSON, mf_api_deck_colors, false },
	{ "/v1/combat/blocks", "POST", ROUTE_JSON, mf_api_combat_blocks, true },
	{ "/v1/camelot/solve", "POST", ROUTE_JSON, mf_api_camelot_solve, true },
	{ "/v1/camelot/solve/batch", "POST", ROUTE_JSON, mf_api_camelot_batch, true },
	{ "/v1/lands", "GET", ROUTE_LANDS, NULL, false },
	{ "/healthz", "GET", ROUTE_HEALTHZ, NULL, false },
	{ "/readyz", "GET", ROUTE_READYZ, NULL, false },
	{ "/metrics", "GET", ROUTE_METRICS, NULL, false },
	{ "/openapi.yaml", "GET", ROUTE_OPENAPI, NULL, false },
};

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
