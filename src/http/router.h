/* The routing table: which path answers which method, and how. */
#ifndef MF_HTTP_ROUTER_H
#define MF_HTTP_ROUTER_H

#include <stdbool.h>
#include <stddef.h>

#include "api/api.h"

enum route_kind {
	ROUTE_JSON,      /* POST: a JSON body through an adapter */
	ROUTE_LANDS,     /* GET: the catalogue, rendered once at start-up */
	ROUTE_SOURCES,   /* GET: the catalogue of mana sources, likewise */
	ROUTE_HEALTHZ,
	ROUTE_READYZ,
	ROUTE_METRICS,
	ROUTE_OPENAPI,
	ROUTE_PLAYGROUND, /* GET: a file of the playground page (asset below) */
};

/* The route of the land catalogue, and the words an unknown land's detail
 * points clients to (struct mf_api_ctx's lands_listing). */
#define MF_ROUTER_LANDS_PATH "/v1/lands"
#define MF_ROUTER_LANDS_LISTING "GET " MF_ROUTER_LANDS_PATH
/* The same of the catalogue of mana sources that are no land. */
#define MF_ROUTER_SOURCES_PATH "/v1/mana-sources"
#define MF_ROUTER_SOURCES_LISTING "GET " MF_ROUTER_SOURCES_PATH

/* The playground's files, embedded from data/playground/. */
enum route_asset { ASSET_NONE, ASSET_PAGE, ASSET_JS, ASSET_CSS, ASSET_ICON, ASSET_COUNT };

struct route {
	const char *path;
	const char *method;      /* the one method the path answers */
	enum route_kind kind;
	mf_api_handler handler;     /* ROUTE_JSON only */
	bool offload;            /* solved on a worker thread: may take long */
	size_t work_bytes;       /* offloaded: the solver's working set, reserved
				  * while it runs (admission.h); 0: none beyond the body */
	unsigned problems;       /* ROUTE_JSON: what the handler may answer, MF_PROBLEM_BIT()s */
	enum route_asset asset;  /* ROUTE_PLAYGROUND only */
	size_t lane_bytes;       /* offloaded: what a second thread of the solve holds
				  * (struct mf_api_ctx's lanes), reserved beside
				  * work_bytes when the budget has room and no job
				  * waits; 0: one thread */
};

/* All routes; *n receives their count. */
const struct route *mf_router_routes(size_t *n);

/* Every problem the server may answer route r with: the handler's own and
 * those the server adds for the route's kind (405, a body refused, a queue
 * full, a drain). The set openapi.yaml must declare for the route. */
unsigned mf_router_problems(const struct route *r);

/* The route for path (exact match), or NULL: the caller answers 404. */
const struct route *mf_router_find(const char *path);

#endif
