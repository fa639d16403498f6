#include "http/router.h"

#include <string.h>

#include "http/adapt_combat.h"
#include "http/adapt_deck.h"
#include "http/adapt_mana.h"

static const struct route routes[] = {
	{ "/v1/mana/solve", "POST", ROUTE_JSON, mana_solve_handler },
	{ "/v1/mana/solve/batch", "POST", ROUTE_JSON, mana_batch_handler },
	{ "/v1/deck/colors", "POST", ROUTE_JSON, deck_colors_handler },
	{ "/v1/combat/blocks", "POST", ROUTE_JSON, combat_blocks_handler },
	{ "/v1/lands", "GET", ROUTE_LANDS, NULL },
	{ "/healthz", "GET", ROUTE_HEALTHZ, NULL },
	{ "/readyz", "GET", ROUTE_READYZ, NULL },
	{ "/metrics", "GET", ROUTE_METRICS, NULL },
	{ "/openapi.yaml", "GET", ROUTE_OPENAPI, NULL },
};

const struct route *router_routes(size_t *n)
{
	*n = sizeof(routes) / sizeof(routes[0]);
	return routes;
}

const struct route *router_find(const char *path)
{
	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++)
		if (strcmp(routes[i].path, path) == 0)
			return &routes[i];
	return NULL;
}
