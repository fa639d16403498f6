#include "http/server_int.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/adapt_mana.h"
#include "api/adapt_source_list.h"
#include "common/hash.h"
#include "http/framing.h"
#include "manaflow/carddb.h"

/* libmicrohttpd's messages, as one JSON log line each. A client that hangs
 * up mid-request is no error of the server's, and a flood of them must not
 * become a flood of log lines: those are left out. The lines go through a
 * drop-when-full writer of their own (common/log_writer.h), at most
 * ERROR_LINES_PER_SECOND a second, so that a stalled stderr or a flood of
 * bad requests never blocks a thread that serves; what is left out is
 * counted in /metrics (manaflow_error_log_dropped_total). */
#define ERROR_LINES_PER_SECOND 20
#define ERROR_LOG_CAP ((size_t)64 << 10)
static void log_mhd_error(void *cls, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* Whether one more error line fits this second's rate limit (a race at the
 * turn of a second lets a few more through, which is harmless). */
static bool error_line_allowed(struct server *s)
{
	uint64_t second = mf_clock_us() / 1000000u;

	if (atomic_exchange(&s->error_second, second) != second)
		atomic_store(&s->error_count, 0);
	if (atomic_fetch_add(&s->error_count, 1) < ERROR_LINES_PER_SECOND)
		return true;
	atomic_fetch_add(&s->error_limited, 1);
	return false;
}

/* libmicrohttpd's error callback (cls: the server): one error line,
 * "libmicrohttpd: " and the message's first line, unless left out. */
static void log_mhd_error(void *cls, const char *fmt, va_list ap)
{
	static const char prefix[] = "libmicrohttpd: ";
	struct server *s = cls;
	char msg[sizeof(prefix) - 1 + 512];
	char *text = msg + sizeof(prefix) - 1;

	memcpy(msg, prefix, sizeof(prefix) - 1);
	vsnprintf(text, sizeof(msg) - (sizeof(prefix) - 1), fmt, ap);
	if (strstr(text, "closed by remote side") || strstr(text, "disconnected when reading"))
		return;
	/* Its connections are the gate's socketpairs (gate.h), handed over
	 * with the client's TCP address: TCP options fail on them, harmlessly
	 * (the gate sets TCP_NODELAY on the client's socket). */
	if (strstr(text, "TCP_NODELAY") || strstr(text, "TCP_CORK") ||
	    strstr(text, "Failed to push the data"))
		return;
	text[strcspn(text, "\r\n")] = '\0';
	if (!error_line_allowed(s))
		return;
	mf_log(&s->error_log, MF_LOG_ERROR, msg, NULL);
}

/* Logs a start-up failure through cfg->log, when there is one. */
static void log_failure(const struct server_config *cfg, const char *msg,
			const struct mf_log_kv *kv)
{
	if (cfg->log)
		mf_log(cfg->log, MF_LOG_ERROR, msg, kv);
}

/* Sets a's body (borrowed: it must outlive the server), type and CSP (static
 * strings), and its ETag, a hash of the body: equal bodies, equal tags,
 * across replicas. */
static void static_answer_set(struct static_answer *a, const char *body, size_t len,
			      const char *type, const char *csp)
{
	uint64_t h = mf_fnv1a64(body, len);

	a->body = body;
	a->len = len;
	a->type = type;
	a->csp = csp;
	snprintf(a->etag, sizeof(a->etag), "\"%016llx\"", (unsigned long long)h);
}

/* The playground's files, as embedded from data/playground/. */
static const struct {
	const char *body;
	const size_t *len;
	const char *type;
} playground_files[ASSET_COUNT] = {
	[ASSET_PAGE] = { mf_embedded_playground_html, &mf_embedded_playground_html_len,
			 "text/html; charset=utf-8" },
	[ASSET_JS] = { mf_embedded_playground_js, &mf_embedded_playground_js_len,
		       "text/javascript; charset=utf-8" },
	[ASSET_CSS] = { mf_embedded_playground_css, &mf_embedded_playground_css_len,
			"text/css; charset=utf-8" },
	[ASSET_ICON] = { mf_embedded_playground_icon, &mf_embedded_playground_icon_len,
			 "image/svg+xml" },
};

/* Renders a listing by handler into *a (owned by s). 0, or -1 out of memory. */
static int render_listing(struct server *s, mf_api_handler handler, struct static_answer *a)
{
	struct mf_api_error err;
	struct mf_buf out;
	char *text;
	size_t len;

	mf_buf_init(&out, MF_HTTP_ANSWER_MAX);
	if (handler(NULL, &s->ctx, &out, &err)) {
		mf_buf_free(&out);
		return -1;
	}
	text = mf_buf_take(&out, &len);
	if (!text)
		return -1;
	static_answer_set(a, text, len, "application/json", NULL);
	return 0;
}

/* Renders the catalogues' answers (owned by s) and points the other fixed
 * answers at their embedded files. Returns 0, or -1 out of memory. */
static int render_static_answers(struct server *s)
{
	if (render_listing(s, mf_api_mana_lands, &s->lands) ||
	    render_listing(s, mf_api_mana_source_list, &s->sources))
		return -1;
	static_answer_set(&s->openapi, mf_embedded_openapi, mf_embedded_openapi_len,
			  "application/yaml", NULL);
	/* The playground's files may load only themselves: no inline script
	 * or style, nothing from elsewhere; and no page may frame them. */
	for (int a = ASSET_PAGE; a < ASSET_COUNT; a++)
		static_answer_set(&s->playground[a], playground_files[a].body, *playground_files[a].len,
				  playground_files[a].type, "default-src 'self'; frame-ancestors 'none'");
	return 0;
}

/* Frees s and everything it owns, the daemon already stopped (or never
 * started); NULL is fine. */
static void server_free(struct server *s)
{
	if (!s)
		return;
	/* After the daemon: the last completions have logged; write them all. */
	mf_access_log_free(s->access_log);
	mf_log_writer_free(s->error_writer);
	mf_workers_free(s->workers);
	mf_http_hangup_stop(s->hangups);  /* after the daemon: it notifies until it stops */
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	free((char *)s->lands.body);
	free((char *)s->sources.body);
	mf_cors_free(&s->cors);
	mf_metrics_free(s->metrics);
	free(s);
}

/* The memory the requests' budgets are derived from: the limit less what
 * the card database holds, which stays for the life of the server (0 when
 * the database alone takes more). */
static size_t admission_limit(const struct server_config *cfg)
{
	size_t limit = cfg->memory_limit ? cfg->memory_limit : MF_SERVER_MEMORY_DEFAULT;
	size_t cards = mf_card_db_bytes(cfg->cards);

	return limit > cards ? limit - cards : 0;
}

/* The budgets of s->admission, from the memory limit; MF_OK, or
 * MF_ERR_INVALID (logged, naming a route, what it needs and the least
 * limit that serves it) when the limit less the card database cannot serve
 * every route: one request of it would be refused 503 for ever. */
static int admission_start(struct server *s)
{
	size_t limit = admission_limit(&s->cfg), cards = mf_card_db_bytes(s->cfg.cards);
	const struct route *largest = &s->routes[0];

	mf_admission_init(&s->admission, limit);
	for (size_t i = 1; i < s->n_routes; i++)
		if (s->routes[i].work_bytes > largest->work_bytes)
			largest = &s->routes[i];
	if (limit >= MF_ADMISSION_MEMORY_MIN && mf_admission_serves(&s->admission, largest->work_bytes))
		return MF_OK;
	log_failure(&s->cfg, "the memory limit cannot serve every route", MF_LOG_KVS(
		MF_LOG_UINT("memory_limit", s->cfg.memory_limit), MF_LOG_UINT("cards_bytes", cards),
		MF_LOG_STR("route", largest->path), MF_LOG_UINT("route_bytes", largest->work_bytes),
		MF_LOG_UINT("least_memory_limit", cards + MF_ADMISSION_MEMORY_MIN)));
	return MF_ERR_INVALID;
}

/* Step 1 of mf_server_start(): the server's state (config, catalogue,
 * CORS origins, routes, metrics, static answers, admission) into *out.
 * MF_OK, or MF_ERR_INVALID (CORS) / MF_ERR_NOMEM, logged; *out is then
 * whatever was made, for server_free(). */
static int server_new(const struct server_config *cfg, const struct mf_mana_catalogue *cat,
		      struct server **out)
{
	const char *names[METRICS_ROUTES_MAX];
	struct server *s = calloc(1, sizeof(*s));
	int rc;

	*out = s;
	if (!s)
		goto nomem;
	s->cfg = *cfg;
	s->listen_fd = -1;
	s->ctx.lands = cat;
	s->ctx.cards = cfg->cards;
	s->ctx.lands_listing = MF_ROUTER_LANDS_LISTING;
	s->ctx.sources_listing = MF_ROUTER_SOURCES_LISTING;
	s->ctx.cards_option = "manaflow serve --cards FILE";
	mf_request_ids_init(&s->ids);
	rc = mf_cors_parse(&s->cors, cfg->cors_origins);
	if (rc == MF_ERR_LIMIT) {
		log_failure(cfg, "too many or too long CORS origins", MF_LOG_KVS(
			MF_LOG_UINT("origins_max", CORS_ORIGINS_MAX),
			MF_LOG_UINT("origin_bytes_max", CORS_ORIGIN_BYTES_MAX)));
		return MF_ERR_INVALID;
	}
	if (rc)
		goto nomem;
	s->routes = mf_router_routes(&s->n_routes);
	for (size_t i = 0; i < s->n_routes && i < METRICS_ROUTES_MAX; i++)
		names[i] = s->routes[i].path;
	s->metrics = mf_metrics_new(names, s->n_routes);
	if (!s->metrics || render_static_answers(s))
		goto nomem;
	rc = admission_start(s);
	if (rc)
		return rc;
	mf_metrics_set_admission(s->metrics, &s->admission);
	mf_metrics_set_connections(s->metrics, &s->connections, cfg->connection_limit);
	mf_metrics_set_connection_bytes(s->metrics, &s->connection_bytes,
					mf_gate_conn_most() + MF_SERVER_MHD_POOL);
	return MF_OK;
nomem:
	log_failure(cfg, "cannot start", MF_LOG_KVS(MF_LOG_STR("reason", "out of memory")));
	return MF_ERR_NOMEM;
}

/* Step 2: the error log (libmicrohttpd's lines) and the access log, each
 * with its drop-when-full writer thread. MF_OK or MF_ERR_NOMEM, logged. */
static int start_logs(struct server *s)
{
	s->error_writer = mf_log_writer_new(STDERR_FILENO, ERROR_LOG_CAP);
	if (!s->error_writer) {
		log_failure(&s->cfg, "cannot start the error log",
			    MF_LOG_KVS(MF_LOG_STR("reason", strerror(errno))));
		return MF_ERR_NOMEM;
	}
	mf_log_init(&s->error_log, STDERR_FILENO, s->error_writer);
	mf_metrics_set_error_log(s->metrics, &s->error_log, &s->error_limited);
	if (!s->cfg.access_log)
		return MF_OK;
	s->access_log = mf_access_log_new(STDERR_FILENO, MF_ACCESS_LOG_CAP);
	if (!s->access_log) {
		log_failure(&s->cfg, "cannot start the access log",
			    MF_LOG_KVS(MF_LOG_STR("reason", strerror(errno))));
		return MF_ERR_NOMEM;
	}
	mf_metrics_set_access_log(s->metrics, s->access_log);
	return MF_OK;
}

/* Step 3: the solve workers and the hang-up watcher. MF_OK or
 * MF_ERR_NOMEM, logged. */
static int start_threads(struct server *s)
{
	s->workers = mf_workers_start(s->cfg.threads);
	if (!s->workers) {
		log_failure(&s->cfg, "cannot start the worker threads",
			    MF_LOG_KVS(MF_LOG_UINT("threads", s->cfg.threads)));
		return MF_ERR_NOMEM;
	}
	s->hangups = mf_http_hangup_start(s->cfg.upload_deadline_s);
	if (!s->hangups) {
		log_failure(&s->cfg, "cannot start the hang-up watcher", NULL);
		return MF_ERR_NOMEM;
	}
	return MF_OK;
}

/* The address to listen on, from cfg->host and cfg->port, into *a4 or *a6;
 * *ipv6 says which. false (logged) when the host is no IP address. */
static bool listen_address(const struct server_config *cfg, struct sockaddr_in *a4,
			   struct sockaddr_in6 *a6, bool *ipv6)
{
	memset(a4, 0, sizeof(*a4));
	memset(a6, 0, sizeof(*a6));
	*ipv6 = false;
	if (inet_pton(AF_INET, cfg->host, &a4->sin_addr) == 1) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons(cfg->port);
		return true;
	}
	if (inet_pton(AF_INET6, cfg->host, &a6->sin6_addr) == 1) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons(cfg->port);
		*ipv6 = true;
		return true;
	}
	log_failure(cfg, "the host is not an IPv4 or IPv6 address",
		    MF_LOG_KVS(MF_LOG_STR("host", cfg->host)));
	return false;
}

/* The listening socket on addr (len bytes) into s->listen_fd, non-blocking.
 * MF_OK, or MF_ERR_INVALID logged: the address cannot be listened on. */
static int open_listener(struct server *s, const struct sockaddr *addr, socklen_t len)
{
	const struct server_config *cfg = &s->cfg;
	int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), one = 1;
	int err;

	/* SO_REUSEADDR, as libmicrohttpd did, so that a restart binds while
	 * connections of the old process sit in TIME_WAIT; no SO_REUSEPORT,
	 * which let a second server share the port silently. */
	if (fd >= 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (addr->sa_family == AF_INET6)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
		if (bind(fd, addr, len) == 0 && listen(fd, SOMAXCONN) == 0) {
			struct sockaddr_storage bound;
			socklen_t blen = sizeof(bound);

			s->listen_fd = fd;
			if (getsockname(fd, (struct sockaddr *)&bound, &blen) == 0)
				s->port = ntohs(bound.ss_family == AF_INET6
						? ((struct sockaddr_in6 *)&bound)->sin6_port
						: ((struct sockaddr_in *)&bound)->sin_port);
			return MF_OK;
		}
	}
	err = errno;
	if (fd >= 0)
		close(fd);
	log_failure(cfg, "cannot listen", MF_LOG_KVS(
		MF_LOG_STR("host", cfg->host), MF_LOG_UINT("port", cfg->port),
		MF_LOG_STR("reason", err == EADDRINUSE ? "address in use (is another server running?)"
						       : strerror(err))));
	return MF_ERR_INVALID;
}

/* The gate's refusal callback (cls: the server), on the gate's thread:
 * counted with the answers of no route, an access-log line (with the
 * client's address) and one error line (rate-limited); nothing blocks. */
static void gate_refused(void *cls, const struct mf_gate_refusal *r)
{
	struct server *s = cls;

	mf_metrics_request_started(s->metrics);
	mf_metrics_request_done(s->metrics, s->n_routes, r->status, r->us);
	if (s->access_log)
		mf_access_log_write(s->access_log, &(struct mf_access_log_entry){
			.method = r->method, .path = r->path, .status = r->status, .us = r->us,
			.bytes = r->bytes, .request_id = r->request_id, .client = r->client });
	if (error_line_allowed(s))
		mf_log(&s->error_log, MF_LOG_WARN, "request refused at the gate", MF_LOG_KVS(
			MF_LOG_UINT("status", r->status), MF_LOG_STR("detail", r->detail),
			MF_LOG_STR("request_id", r->request_id), MF_LOG_STR("client", r->client)));
}

/* libmicrohttpd's connection callback (cls: the server): the hang-up
 * watcher's, and the gate learns which connections it serves and which it
 * let go. */
static void notify_connection(void *cls, struct MHD_Connection *c, void **socket_context,
			      enum MHD_ConnectionNotificationCode code)
{
	struct server *s = cls;

	mf_http_hangup_notify(s->hangups, c, socket_context, code);
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *info =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);

		if (info)
			mf_gate_started(s->gate, info->connect_fd);
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
		mf_gate_released(s->gate);
	}
}

/* Step 4: the listening socket, libmicrohttpd's daemon (without one of its
 * own: the gate hands it each connection) and the gate. MF_OK or
 * MF_ERR_INVALID (logged: a bad host, or the address cannot be listened
 * on) or MF_ERR_NOMEM. */
static int start_daemon(struct server *s)
{
	const struct server_config *cfg = &s->cfg;
	struct sockaddr_in6 a6;
	struct sockaddr_in a4;
	struct MHD_OptionItem pool[] = {
		{ MHD_OPTION_THREAD_POOL_SIZE, 0, NULL },
		{ MHD_OPTION_END, 0, NULL },
	};
	/* MHD_USE_TURBO: libmicrohttpd 0.9.75 adds a new connection to its
	 * edge-triggered epoll set at once and then reads it once; a client that
	 * sent part of a request and hung up before the accept has its FIN
	 * queued behind the data, the read is short, libmicrohttpd takes that
	 * for "drained" and no edge ever comes again: the socket sat in
	 * CLOSE_WAIT, holding a slot of --connection-limit, until the idle
	 * timeout. With TURBO a new connection is read optimistically first and
	 * joins the epoll set only after that read, so the set reports the
	 * pending FIN and the connection is closed at once. (In 0.9.75 TURBO
	 * also skips shutdown(SHUT_WR) before close: the gate closes the
	 * client's socket itself.) The same lost edge on a connection already
	 * in the set is caught by the hang-up watcher, hangup.h. */
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO |
			 MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME |
			 MHD_USE_NO_LISTEN_SOCKET;
	struct mf_gate_config gate;
	bool ipv6;
	int rc;

	if (!listen_address(cfg, &a4, &a6, &ipv6))
		return MF_ERR_INVALID;
	rc = ipv6 ? open_listener(s, (struct sockaddr *)&a6, sizeof(a6))
		  : open_listener(s, (struct sockaddr *)&a4, sizeof(a4));
	if (rc)
		return rc;
	pool[0].value = (intptr_t)cfg->threads;
	s->daemon = MHD_start_daemon(flags, 0, NULL, NULL, mf_request_handle, s,
		MHD_OPTION_EXTERNAL_LOGGER, log_mhd_error, s,
		/* One thread needs no pool: the option is left out, since
		 * libmicrohttpd logs a pool of size 0 or 1 as an error. */
		MHD_OPTION_ARRAY, cfg->threads > 1 ? pool : pool + 1,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)cfg->timeout_s,
		/* its buffers of one connection, named for the bound of
		 * docs/operations.md (libmicrohttpd's default) */
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)MF_SERVER_MHD_POOL,
		/* The gate holds both limits (gate.h), counting each
		 * connection until libmicrohttpd let it go, and libmicrohttpd
		 * must never meet a limit of its own: 0.9.75 leaves a worker's
		 * mutex locked when it refuses a connection at its limit, and
		 * the worker deadlocks on its next connection (fixed upstream
		 * in 67061d5c, 2023, released in 1.0.0: Debian 13's 1.0.1 only
		 * refuses, and the gate's counting still keeps clients waiting
		 * in the backlog rather than answered 503). A worker takes a
		 * connection by socket number, so any one may hold all of them:
		 * each worker's limit (this over the thread count) is the
		 * gate's whole limit. No per-IP limit either
		 * (MHD_OPTION_PER_IP_CONNECTION_LIMIT left out). A connection
		 * it refuses all the same is answered 503 by the gate. */
		MHD_OPTION_CONNECTION_LIMIT, (unsigned int)(cfg->connection_limit * cfg->threads),
		MHD_OPTION_NOTIFY_COMPLETED, mf_request_completed, s,
		MHD_OPTION_NOTIFY_CONNECTION, notify_connection, s,
		/* %2F and %00 stay encoded in the path (framing.h). */
		MHD_OPTION_UNESCAPE_CALLBACK, mf_framing_unescape, NULL,
		MHD_OPTION_END);
	if (!s->daemon) {
		log_failure(cfg, "cannot start libmicrohttpd", NULL);
		return MF_ERR_NOMEM;
	}
	gate = (struct mf_gate_config){ .listen_fd = s->listen_fd, .daemon = s->daemon,
					.connection_limit = cfg->connection_limit,
					.per_ip_limit = cfg->per_ip_limit,
					.body_limit = cfg->body_limit, .open = &s->connections,
					.bytes = &s->connection_bytes,
					.ids = &s->ids,
					.cors = &s->cors, .refused = gate_refused, .refused_cls = s };
	if (!mf_gate_start(&gate, &s->gate)) {
		log_failure(cfg, "cannot start the gate", NULL);
		return MF_ERR_NOMEM;
	}
	s->listen_fd = -1;  /* the gate's now */
	return MF_OK;
}

int mf_server_start(const struct server_config *cfg, const struct mf_mana_catalogue *cat,
		    struct server **out)
{
	struct server *s;
	int rc;

	*out = NULL;
	rc = server_new(cfg, cat, &s);
	if (!rc)
		rc = start_logs(s);
	if (!rc)
		rc = start_threads(s);
	if (!rc)
		rc = start_daemon(s);
	if (rc) {
		if (s && s->daemon)
			MHD_stop_daemon(s->daemon);
		server_free(s);
		return rc;
	}
	*out = s;
	return MF_OK;
}

uint16_t mf_server_port(const struct server *s)
{
	return s->port;
}


/* Waits until at most target requests are in flight or the deadline
 * (microseconds). */
static void wait_in_flight(struct server *s, unsigned target, uint64_t deadline)
{
	while (atomic_load(&s->in_flight) > target && mf_clock_us() < deadline)
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
}

unsigned mf_server_shutdown(struct server *s, const atomic_bool *skip_delay)
{
	/* Both clocks run from the signal: the delay counts towards the drain,
	 * so the server is gone max(delay, drain) seconds after it. */
	uint64_t t0 = mf_clock_us();
	uint64_t delay_end = t0 + (uint64_t)s->cfg.shutdown_delay_s * 1000000u;
	uint64_t deadline = t0 + (uint64_t)s->cfg.drain_s * 1000000u;
	unsigned left, jobs;

	atomic_store(&s->draining, true);
	/* solves still running at the drain deadline stop there (503) */
	s->drain_stop.deadline_ns = deadline * 1000u;
	while (mf_clock_us() < delay_end && !(skip_delay && atomic_load(skip_delay)))
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	/* A new connection is refused at once instead of waiting in the
	 * backlog for the drain to end and then being reset. */
	mf_gate_stop_accepting(s->gate);
	/* Requests already begun finish; idle keep-alive connections hold no
	 * work, so they need not be waited for. */
	wait_in_flight(s, 0, deadline);
	/* Past the deadline, queued solves are answered 503 and running ones
	 * stop at their next look at drain_stop (503 too); their connections
	 * must be resumed before the daemon stops, and their answers sent. Only those are waited for (a second at
	 * most): a client still sending its body gets nothing more from us. */
	left = atomic_load(&s->in_flight);
	jobs = mf_workers_outstanding(s->workers);
	mf_workers_stop(s->workers);  /* freed with the server, after the daemon */
	wait_in_flight(s, left > jobs ? left - jobs : 0, mf_clock_us() + 1000000);
	MHD_stop_daemon(s->daemon);
	/* libmicrohttpd closed its ends: the gate writes what they sent, then
	 * closes the clients' */
	mf_gate_stop(s->gate);
	left = atomic_load(&s->cut_short);  /* every request has completed now */
	server_free(s);
	return left;
}
