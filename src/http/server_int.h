/* The server's state, shared by server.c (lifecycle) and request.c. */
#ifndef MF_HTTP_SERVER_INT_H
#define MF_HTTP_SERVER_INT_H

#include <microhttpd.h>

#include "manaflow/common.h"
#include "common/clock.h"
#include "http/admission.h"
#include "http/access_log.h"
#include "http/cors.h"
#include "http/gate.h"
#include "http/hangup.h"
#include "http/metrics.h"
#include "http/request_id.h"
#include "http/router.h"
#include "http/server.h"
#include "http/workers.h"

/* Bytes of a declared body reserved before it arrives; the rest is
 * reserved as it does (request.c). */
#define MF_HTTP_UPFRONT_MAX ((size_t)64 << 10)

/* Bytes an answer may take (a batch of 10,000 plans is well under it). */
#define MF_HTTP_ANSWER_MAX ((size_t)64 << 20)

extern const char mf_embedded_openapi[];
extern const size_t mf_embedded_openapi_len;
extern const char mf_embedded_playground_html[], mf_embedded_playground_js[],
	mf_embedded_playground_css[], mf_embedded_playground_icon[];
extern const size_t mf_embedded_playground_html_len, mf_embedded_playground_js_len,
	mf_embedded_playground_css_len, mf_embedded_playground_icon_len;

/* An answer that cannot change while the server runs, with its ETag. */
struct static_answer {
	const char *body;
	size_t len;
	char etag[24];             /* "\"<16 hex digits>\"" */
	const char *type;          /* its Content-Type */
	const char *csp;           /* its Content-Security-Policy, or NULL: none */
};

struct server {
	struct server_config cfg;
	struct mf_api_ctx ctx;
	struct MHD_Daemon *daemon;
	int listen_fd;             /* the listening socket, the gate's once it runs; -1: none */
	struct mf_gate *gate;      /* reads every request head before libmicrohttpd (gate.h) */
	uint16_t port;             /* the port bound */
	struct metrics *metrics;
	struct mf_access_log *access_log;  /* NULL: --no-access-log */
	struct mf_log_writer *error_writer; /* libmicrohttpd's error lines: never blocks ... */
	struct mf_log error_log;            /* ... and the logger that queues them there */
	atomic_uint_fast64_t error_second;  /* the second of the rate limit's count ... */
	atomic_uint_fast64_t error_count;   /* ... and the lines logged in it */
	atomic_uint_fast64_t error_limited; /* lines the rate limit left out */
	atomic_bool draining;
	atomic_uint in_flight;     /* requests begun and not yet completed */
	atomic_uint connections;   /* open: relayed by the gate or held by libmicrohttpd */
	atomic_size_t connection_bytes;  /* what they hold in the gate (mf_gate_config.bytes) */
	atomic_uint cut_short;     /* requests begun that, once draining, ended without
				    * their answer: the client left, or the drain's
				    * deadline answered them 503 */
	struct static_answer lands;    /* GET /v1/lands, rendered once */
	struct static_answer sources;  /* GET /v1/mana-sources, rendered once */
	struct static_answer openapi;  /* GET /openapi.yaml, embedded */
	struct static_answer playground[ASSET_COUNT];  /* the page's files, embedded */
	struct cors cors;
	struct request_ids ids;
	struct workers *workers;       /* solves of offloaded routes */
	struct mf_admission admission; /* the memory budget of request bodies and jobs */
	struct mf_http_hangups *hangups;  /* clients that hang up (hangup.h) */
	struct mf_stop drain_stop;     /* every solve's parent: raised at the drain deadline */
	const struct route *routes;
	size_t n_routes;
};

/* libmicrohttpd's access handler and completion callback (request.c). */
enum MHD_Result mf_request_handle(void *cls, struct MHD_Connection *c, const char *url,
			       const char *method, const char *version,
			       const char *upload_data, size_t *upload_data_size,
			       void **state);
void mf_request_completed(void *cls, struct MHD_Connection *c, void **state,
		       enum MHD_RequestTerminationCode toe);

#endif
