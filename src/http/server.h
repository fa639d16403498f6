/*
 * The HTTP server: a libmicrohttpd daemon with an internal thread pool on
 * epoll, limits on everything a client controls, and a graceful stop.
 */
#ifndef MF_HTTP_SERVER_H
#define MF_HTTP_SERVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "api/api.h"
#include "common/log.h"

struct server_config {
	const char *host;          /* address to bind, IPv4 or IPv6 literal */
	uint16_t port;             /* 0: any free port (see mf_server_port) */
	unsigned threads;          /* pool threads, >= 1 */
	size_t body_limit;         /* bytes of a request body */
	unsigned timeout_s;        /* idle connection timeout */
	unsigned connection_limit;
	unsigned per_ip_limit;     /* 0: none */
	unsigned drain_s;          /* how long SIGTERM waits for requests in flight */
	unsigned upload_deadline_s; /* a head not there this long after the connection opened
				     * (or the last answer), or a body still arriving this
				     * long after its head: the connection is closed */
	unsigned deadline_s;       /* a solve on a worker thread is stopped this long after
				    * its request began: 503 deadline (0: never) */
	unsigned shutdown_delay_s; /* after SIGTERM, keep accepting (readiness 503) this long */
	size_t memory_limit;       /* bytes the process should stay under; 0: MF_SERVER_MEMORY_DEFAULT */
	bool access_log;           /* one JSON line per request on stderr */
	bool playground;           /* serve the playground page at / and /playground */
	const char *cors_origins;  /* comma-separated allowed origins, "*", or NULL: CORS off */
	const char *version;
	const struct mf_card_db *cards; /* `--cards`: the card database handlers read through
					 * mf_api_ctx.cards (borrowed: it must outlive the
					 * server); NULL: none */
	struct mf_log *log;        /* where start-up failures are logged (borrowed: it must
				    * outlive mf_server_start); NULL: nowhere */
};

/* The memory limit when none is given: fits the 128Mi limit of deploy/. */
#define MF_SERVER_MEMORY_DEFAULT ((size_t)96 << 20)
/* libmicrohttpd's buffers of one connection (MHD_OPTION_CONNECTION_MEMORY_LIMIT). */
#define MF_SERVER_MHD_POOL ((size_t)32 << 10)

struct server;

/* Starts serving with cat (borrowed: it must outlive the server). On
 * success *out owns a running server; on failure logs why, one error line
 * through cfg->log, leaves *out NULL and returns a negative mf_status:
 * MF_ERR_INVALID for a configuration that cannot be served (a bad
 * address, a bad CORS list, a port that cannot be bound), MF_ERR_NOMEM
 * when memory or a thread could not be had. libmicrohttpd's own messages,
 * once serving, go to stderr as error lines through a drop-when-full
 * writer of the server's. */
int mf_server_start(const struct server_config *cfg, const struct mf_mana_catalogue *cat,
		 struct server **out);

/* The port actually bound. */
uint16_t mf_server_port(const struct server *s);

/* Readiness turns 503 and answers carry Connection: close; after
 * shutdown_delay_s (so that load balancers see readiness fail and stop
 * sending), or as soon as *skip_delay turns true (skip_delay may be NULL), no
 * new connections are accepted; then waits for requests in flight until
 * drain_s after the call (the delay counts towards it), and stops the daemon.
 * Past that deadline, queued solves are answered 503 and solves already
 * running on a worker finish. Frees the server. Returns the requests cut
 * short: begun, then ended without their answer once draining (the client
 * left, or the deadline answered them 503). */
unsigned mf_server_shutdown(struct server *s, const atomic_bool *skip_delay);

#endif
