/*
 * One HTTP request, from libmicrohttpd's first call to its completion:
 * route and header checks first (so that MHD skips "100 Continue" and drops
 * a body we will refuse), then the body in chunks up to the limit, then the
 * adapter, then the answer, the access log line and the metrics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/problem.h"
#include "http/headers.h"
#include "http/framing.h"
#include "http/server_int.h"
#include "http/status.h"

struct request {
	uint64_t start_us;
	const struct route *route;   /* NULL: unmatched */
	char method[16];
	char path[128];
	char id[REQUEST_ID_MAX + 1];  /* X-Request-Id, echoed on the answer */
	const char *allow_origin;     /* CORS: the Access-Control-Allow-Origin value, or NULL */
	const char *allow;            /* methods the route answers */
	enum { ANSWER_POST, ANSWER_GET, ANSWER_PREFLIGHT, ANSWER_REFUSAL } answer;
	struct {                      /* ANSWER_REFUSAL: a 404 or 405 for the last call */
		enum mf_problem problem;
		char detail[128];
	} refusal;
	struct mf_buf body;           /* capped at the body limit */
	size_t reserved;              /* admission: bytes held for this body */
	size_t covered;               /* body bytes those cover */
	bool too_large;
	bool overloaded;              /* past the memory budget: 503 */
	bool job_place;               /* holds one of the admission's job places */
	unsigned status;
	size_t bytes;
	struct job *job;              /* an offloaded solve, NULL for the others */
};

/* r's index in the routing table, or n_routes for none (metrics' label
 * "unmatched"). */
static size_t route_index(const struct server *s, const struct route *r)
{
	return r ? (size_t)(r - s->routes) : s->n_routes;
}

/* The socket of c (libmicrohttpd's end of the gate's socketpair), or -1. */
static int conn_fd(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *info =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);

	return info ? info->connect_fd : -1;
}

/*
 * Queues body (freed by free_fn) with status, the headers every answer
 * carries (request id, CORS, Connection: close while draining, nosniff, a
 * Content-Security-Policy unless extra has one) and extra, a
 * NULL-terminated list of name, value pairs.
 */
static enum MHD_Result reply(struct server *s, struct MHD_Connection *c, struct request *rq,
			     unsigned status, const char *type, char *body, size_t len,
			     void (*free_fn)(void *), const char *const *extra)
{
	struct mf_http_header common[MF_HTTP_HEADERS_MAX];
	struct MHD_Response *resp;
	enum MHD_Result ret;
	bool csp = false;
	size_t n;

	resp = MHD_create_response_from_buffer_with_free_callback(len, body, free_fn);
	if (!resp) {
		free_fn(body);
		return MHD_NO;
	}
	if (type)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	for (; extra && extra[0]; extra += 2) {
		MHD_add_response_header(resp, extra[0], extra[1]);
		csp |= strcmp(extra[0], "Content-Security-Policy") == 0;
	}
	n = mf_http_common_headers(rq->id, rq->allow_origin, s->cors.n > 0, csp, common);
	for (size_t i = 0; i < n; i++)
		MHD_add_response_header(resp, common[i].name, common[i].value);
	if (atomic_load(&s->draining))
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
	rq->status = status;
	rq->bytes = strcmp(rq->method, MHD_HTTP_METHOD_HEAD) == 0 || status == 304 ? 0 : len;
	ret = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* The free callback of answers whose bytes are static. */
static void free_nothing(void *p)
{
	(void)p;
}

/* Answers with what out holds, handing its bytes over without a copy. */
static enum MHD_Result reply_buf(struct server *s, struct MHD_Connection *c,
				 struct request *rq, unsigned status, const char *type,
				 struct mf_buf *out, const char *const *extra)
{
	size_t len;
	char *body = mf_buf_take(out, &len);

	if (!body)
		return MHD_NO;
	return reply(s, c, rq, status, type, body, len, free, extra);
}

/* Answers err as problem+json with its kind's status (http/status.c),
 * and an Allow header when allow is not NULL. */
static enum MHD_Result reply_problem(struct server *s, struct MHD_Connection *c,
				     struct request *rq, const struct mf_api_error *err,
				     const char *allow)
{
	const char *extra[] = { MHD_HTTP_HEADER_ALLOW, allow, NULL };
	struct mf_buf out;

	mf_buf_init(&out, MF_HTTP_PROBLEM_MAX);
	if (mf_http_problem_render(err, &out))
		return MHD_NO;
	return reply_buf(s, c, rq, mf_http_problem_status(err->problem),
			 "application/problem+json", &out, allow ? extra : NULL);
}

/* Answers problem p with detail and no pointer, as reply_problem(). */
static enum MHD_Result reply_simple_problem(struct server *s, struct MHD_Connection *c,
					    struct request *rq, enum mf_problem p,
					    const char *detail, const char *allow)
{
	struct mf_api_error err;

	mf_problem_set(&err, p, detail);
	return reply_problem(s, c, rq, &err, allow);
}

/* The problem err (503 overloaded) with Retry-After: the client may retry
 * soon. */
static enum MHD_Result reply_retry(struct server *s, struct MHD_Connection *c,
				   struct request *rq, const struct mf_api_error *err)
{
	const char *extra[] = { MHD_HTTP_HEADER_RETRY_AFTER, "1", NULL };
	struct mf_buf out;

	mf_buf_init(&out, MF_HTTP_PROBLEM_MAX);
	if (mf_http_problem_render(err, &out))
		return MHD_NO;
	return reply_buf(s, c, rq, mf_http_problem_status(err->problem), "application/problem+json",
			 &out, extra);
}

/* 503 past the memory or queue budget, counted; the client may retry
 * soon. */
static enum MHD_Result reply_overloaded(struct server *s, struct MHD_Connection *c,
					struct request *rq, const char *detail)
{
	struct mf_api_error err;

	mf_admission_count_refusal(&s->admission);
	mf_problem_set(&err, MF_PROBLEM_OVERLOADED, detail);
	return reply_retry(s, c, rq, &err);
}

/* Reserves budget for the body up to `upto` bytes; false when past it. */
static bool cover_body(struct server *s, struct request *rq, size_t upto)
{
	if (upto <= rq->covered)
		return true;
	if (!mf_admission_reserve_body(&s->admission, upto - rq->covered, &rq->reserved))
		return false;
	rq->covered = upto;
	return true;
}

/* Answers 200 with text[0..len) (static: never freed) of type. */
static enum MHD_Result reply_static(struct server *s, struct MHD_Connection *c,
				    struct request *rq, const char *type, const char *text,
				    size_t len)
{
	return reply(s, c, rq, 200, type, (char *)text, len, free_nothing, NULL);
}

/* Whether an If-None-Match header names etag (or is "*"). The comparison
 * is weak (RFC 9110 13.1.2): W/"x" matches "x", as proxies that compress
 * weaken the tags they pass on. */
static bool etag_matches(const char *header, const char *etag)
{
	size_t n = strlen(etag);

	if (!header)
		return false;
	if (strcmp(header, "*") == 0)
		return true;
	for (const char *p = strstr(header, etag); p; p = strstr(p + 1, etag)) {
		const char *before = p;

		if (before - header >= 2 && before[-2] == 'W' && before[-1] == '/')
			before -= 2;
		if ((before == header || strchr(" \t,", before[-1])) &&
		    (p[n] == '\0' || strchr(" \t,", p[n])))
			return true;
	}
	return false;
}

/* An answer that never changes while the server runs: its type, ETag,
 * caching, 304, and its Content-Security-Policy when it has one. */
static enum MHD_Result reply_cacheable(struct server *s, struct MHD_Connection *c,
				       struct request *rq, const struct static_answer *a)
{
	const char *extra[] = { MHD_HTTP_HEADER_ETAG, a->etag,
				MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=300",
				a->csp ? "Content-Security-Policy" : NULL, a->csp, NULL };
	const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						      MHD_HTTP_HEADER_IF_NONE_MATCH);

	/* The 304 is made of the 200's body, which libmicrohttpd does not send
	 * with a 304 but whose length it gives: a 304 may carry a
	 * Content-Length only if it is the 200's (RFC 9110 8.6), and an empty
	 * body made it say 0. */
	if (etag_matches(inm, a->etag))
		return reply(s, c, rq, 304, NULL, (char *)a->body, a->len, free_nothing, extra);
	return reply(s, c, rq, 200, a->type, (char *)a->body, a->len, free_nothing, extra);
}

/* Answers a GET (or HEAD) of a route that is not a JSON one. */
static enum MHD_Result answer_get(struct server *s, struct MHD_Connection *c,
				  struct request *rq)
{
	struct mf_buf out;

	switch (rq->route->kind) {
	case ROUTE_LANDS:
		return reply_cacheable(s, c, rq, &s->lands);
	case ROUTE_SOURCES:
		return reply_cacheable(s, c, rq, &s->sources);
	case ROUTE_HEALTHZ:
		return reply_static(s, c, rq, "application/json", "{\"status\":\"ok\"}", 15);
	case ROUTE_READYZ:
		if (atomic_load(&s->draining))
			return reply_simple_problem(s, c, rq, MF_PROBLEM_SHUTTING_DOWN,
						    "the server is draining and takes no new work",
						    NULL);
		return reply_static(s, c, rq, "application/json", "{\"status\":\"ready\"}", 18);
	case ROUTE_METRICS:
		mf_buf_init(&out, MF_HTTP_ANSWER_MAX);
		if (mf_metrics_render(s->metrics, s->cfg.version, &out))
			return MHD_NO;
		return reply_buf(s, c, rq, 200, "text/plain; version=0.0.4; charset=utf-8", &out,
				 NULL);
	case ROUTE_OPENAPI:
		return reply_cacheable(s, c, rq, &s->openapi);
	case ROUTE_PLAYGROUND:
		return reply_cacheable(s, c, rq, &s->playground[rq->route->asset]);
	case ROUTE_JSON:
		break;
	}
	return MHD_NO;
}

/* Answers a JSON route once its body is whole: refused, queued to a
 * worker (the connection suspended), or solved here and answered. */
static enum MHD_Result answer_post(struct server *s, struct MHD_Connection *c,
				   struct request *rq)
{
	struct mf_api_error err;
	struct mf_buf out;
	uint64_t t0;
	int rc;

	if (rq->too_large) {
		char detail[96];

		snprintf(detail, sizeof(detail), "the body is larger than %zu bytes", s->cfg.body_limit);
		return reply_simple_problem(s, c, rq, MF_PROBLEM_TOO_LARGE, detail, NULL);
	}
	if (rq->overloaded)
		return reply_overloaded(s, c, rq, "the server is at its memory budget; retry shortly");
	if (rq->route->offload) {
		if (!mf_admission_take_job(&s->admission))
			return reply_overloaded(s, c, rq, "the solve queue is full; retry shortly");
		rq->job_place = true;
		rq->job = calloc(1, sizeof(*rq->job));
		if (!rq->job)
			return MHD_NO;
		/* the solver's working set: reserved by the worker when it starts */
		*rq->job = (struct job){ .handler = rq->route->handler, .body = rq->body,
					 .ctx = s->ctx, .conn = c, .admission = &s->admission,
					 .work_bytes = rq->route->work_bytes,
					 .lane_bytes = rq->route->lane_bytes };
		if (s->cfg.deadline_s)
			rq->job->stop.deadline_ns =
				(rq->start_us + (uint64_t)s->cfg.deadline_s * 1000000u) * 1000u;
		rq->job->stop.parent = &s->drain_stop;
		rq->job->ctx.stop = &rq->job->stop;
		mf_http_hangup_watch_solve(s->hangups, c, &rq->job->stop.cancelled);
		mf_buf_init(&rq->body, 0);
		mf_buf_init(&rq->job->out, MF_HTTP_ANSWER_MAX);
		mf_gate_working(s->gate, conn_fd(c), true);
		MHD_suspend_connection(c);
		mf_workers_submit(s->workers, rq->job);
		return MHD_YES;
	}
	t0 = mf_clock_us();
	mf_buf_init(&out, MF_HTTP_ANSWER_MAX);
	rc = mf_api_answer(rq->route->handler, &s->ctx, mf_buf_ptr(&rq->body),
			   mf_buf_len(&rq->body), &out, &err);
	mf_buf_free(&rq->body);
	mf_metrics_solver_done(s->metrics, route_index(s, rq->route), mf_clock_us() - t0);
	if (rc) {
		mf_buf_free(&out);
		return reply_problem(s, c, rq, &err, NULL);
	}
	return reply_buf(s, c, rq, 200, "application/json", &out, NULL);
}

/* A solve stopped: by the drain's deadline (503 shutting-down), or by its
 * own deadline (503 deadline, naming it), or because its client left
 * (nobody reads that answer). */
static void explain_stop(const struct server *s, struct job *job)
{
	if (mf_stop_raised(&s->drain_stop)) {
		mf_problem_set(&job->err, MF_PROBLEM_SHUTTING_DOWN,
			       "the server stopped before this request was solved");
		return;
	}
	/* the problem and its pointer stay the adapter's */
	if (atomic_load(&job->stop.cancelled))
		snprintf(job->err.detail, sizeof(job->err.detail), "the solve was stopped: its client hung up");
	else
		snprintf(job->err.detail, sizeof(job->err.detail),
			 "the solve ran past the request deadline of %u s (--request-deadline)",
			 s->cfg.deadline_s);
}

/* A worker finished the solve: answer with what it found. */
static enum MHD_Result answer_job(struct server *s, struct MHD_Connection *c, struct request *rq)
{
	/* before any byte of its answer: the gate's probe goes before them */
	mf_gate_working(s->gate, conn_fd(c), false);
	mf_metrics_solver_done(s->metrics, route_index(s, rq->route), rq->job->micros);
	if (rq->job->rc && rq->job->err.problem == MF_PROBLEM_DEADLINE)
		explain_stop(s, rq->job);
	if (rq->job->rc) {
		mf_buf_free(&rq->job->out);
		/* no working set left for it when it started (counted there) */
		if (rq->job->err.problem == MF_PROBLEM_OVERLOADED)
			return reply_retry(s, c, rq, &rq->job->err);
		return reply_problem(s, c, rq, &rq->job->err, NULL);
	}
	return reply_buf(s, c, rq, 200, "application/json", &rq->job->out, NULL);
}

/* OPTIONS: a CORS preflight when the origin is allowed, else just Allow. */
static enum MHD_Result answer_preflight(struct server *s, struct MHD_Connection *c,
					struct request *rq, const char *allow)
{
	const char *cors[] = { MHD_HTTP_HEADER_ALLOW, allow,
			       "Access-Control-Allow-Methods", allow,
			       "Access-Control-Allow-Headers", "Content-Type, X-Request-Id",
			       "Access-Control-Max-Age", CORS_MAX_AGE, NULL };

	if (!rq->allow_origin)
		cors[2] = NULL;
	return reply(s, c, rq, 204, NULL, NULL, 0, free_nothing, cors);
}

/*
 * A 404 or 405 (status, type, title, detail; rq->allow the Allow header or
 * NULL), from the first call. Queued there only when a body is coming,
 * which libmicrohttpd then does not read and closes the connection instead;
 * without a body it waits for the last call, like the bodiless answers in
 * begin(), so that the keep-alive connection and the requests pipelined
 * on it survive.
 */
static enum MHD_Result refuse(struct server *s, struct MHD_Connection *c, struct request *rq,
			      enum mf_problem problem, const char *detail)
{
	rq->refusal.problem = problem;
	snprintf(rq->refusal.detail, sizeof(rq->refusal.detail), "%s", detail);
	rq->answer = ANSWER_REFUSAL;
	if (!mf_framing_has_body(c))
		return MHD_YES;
	return reply_simple_problem(s, c, rq, problem, detail, rq->allow);
}

/* The methods some path answers: OPTIONS * gets them. */
#define SERVER_ALLOW "GET, HEAD, POST, OPTIONS"

/* First call: everything that can be refused without reading the body.
 * The framing (Host, Content-Length, Transfer-Encoding) is the gate's,
 * checked before libmicrohttpd read the head. */
static enum MHD_Result begin(struct server *s, struct MHD_Connection *c, struct request *rq,
			     const char *method)
{
	const char *ctype, *clen, *allow;

	/* The server as a whole (RFC 9110 section 9.3.7): answered as OPTIONS
	 * on a path is, with every method some path answers. */
	if (!rq->route && strcmp(rq->path, "*") == 0 &&
	    strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) {
		rq->allow = SERVER_ALLOW;
		rq->answer = ANSWER_PREFLIGHT;
		return MHD_YES;
	}
	if (!rq->route)
		return refuse(s, c, rq, MF_PROBLEM_NOT_FOUND,
			      "no such route; GET /openapi.yaml lists them");
	allow = strcmp(rq->route->method, "GET") == 0 ? "GET, HEAD, OPTIONS" : "POST, OPTIONS";
	rq->allow = allow;
	/* Bodiless answers wait for the next call: queued in the first one,
	 * libmicrohttpd would close the keep-alive connection after them. */
	if (strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) {
		rq->answer = ANSWER_PREFLIGHT;
		return MHD_YES;
	}
	/* HEAD is GET without the body, which libmicrohttpd leaves out itself. */
	if (strcmp(method, rq->route->method) != 0 &&
	    !(strcmp(method, MHD_HTTP_METHOD_HEAD) == 0 && strcmp(rq->route->method, "GET") == 0)) {
		char detail[96];

		snprintf(detail, sizeof(detail), "%s answers %s", rq->route->path, allow);
		return refuse(s, c, rq, MF_PROBLEM_METHOD_NOT_ALLOWED, detail);
	}
	if (rq->route->kind != ROUTE_JSON) {
		rq->answer = ANSWER_GET;
		return MHD_YES;
	}
	ctype = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
	if (!mf_framing_json_type(ctype))
		return reply_simple_problem(s, c, rq, MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
					    "send the body as Content-Type: application/json, in UTF-8",
					    NULL);
	clen = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (clen && strtoull(clen, NULL, 10) > s->cfg.body_limit)
		rq->too_large = true;
	if (rq->too_large)
		return answer_post(s, c, rq);
	/* A declared length is reserved at once up to MF_HTTP_UPFRONT_MAX, so
	 * that a body the budget cannot hold is refused before it is read;
	 * past that, as its bytes arrive, so that a client trickling a large
	 * body holds only what it sent and cannot lock others out. */
	if (clen) {
		size_t declared = (size_t)strtoull(clen, NULL, 10);

		if (!cover_body(s, rq, declared < MF_HTTP_UPFRONT_MAX ? declared : MF_HTTP_UPFRONT_MAX))
			return reply_overloaded(s, c, rq, "the server is at its memory budget; retry shortly");
	}
	return MHD_YES;
}

/* Adds n more body bytes, reserving their budget first; past the cap or
 * the budget the body is dropped and the answer will be 413 or 503. */
static void append_body(struct server *s, struct request *rq, const char *data, size_t n)
{
	if (rq->too_large || rq->overloaded)
		return;
	if (rq->body.len + n <= rq->body.cap && !cover_body(s, rq, rq->body.len + n)) {
		rq->overloaded = true;  /* the rest is read and dropped */
		mf_buf_free(&rq->body);
		return;
	}
	/* Past the cap (or out of memory) the buffer is emptied; the rest of
	 * the body is read and dropped, and the answer is a 413. */
	if (mf_buf_add(&rq->body, data, n))
		rq->too_large = true;
}

enum MHD_Result mf_request_handle(void *cls, struct MHD_Connection *c, const char *url,
			       const char *method, const char *version,
			       const char *upload_data, size_t *upload_data_size,
			       void **state)
{
	struct server *s = cls;
	struct request *rq = *state;

	if (!rq) {
		rq = calloc(1, sizeof(*rq));
		if (!rq)
			return MHD_NO;
		*state = rq;
		rq->start_us = mf_clock_us();
		rq->route = mf_router_find(url);
		if (rq->route && rq->route->kind == ROUTE_PLAYGROUND && !s->cfg.playground)
			rq->route = NULL;  /* --no-playground: 404 like any unknown path */
		mf_buf_init(&rq->body, s->cfg.body_limit);
		snprintf(rq->method, sizeof(rq->method), "%s", method);
		snprintf(rq->path, sizeof(rq->path), "%s", url);
		mf_request_id_take(&s->ids, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Request-Id"),
				rq->id);
		rq->allow_origin = mf_cors_allow_origin(&s->cors,
			MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"));
		atomic_fetch_add(&s->in_flight, 1);
		mf_metrics_request_started(s->metrics);
		mf_http_hangup_request(s->hangups, c, true);
		/* Answered before its body, libmicrohttpd closes the connection
		 * without reading it: the gate's close of the client's socket
		 * lingers for that body (gate.h), so the client reads its answer. */
		return begin(s, c, rq, method);
	}
	if (*upload_data_size) {
		size_t n = *upload_data_size;

		*upload_data_size = 0;
		/* A body still arriving past its deadline: libmicrohttpd 0.9.75
		 * can queue no answer before the body is whole, so the
		 * connection is closed (a trickle would never let it answer). */
		if (s->cfg.upload_deadline_s &&
		    mf_clock_us() - rq->start_us > (uint64_t)s->cfg.upload_deadline_s * 1000000u)
			return MHD_NO;
		append_body(s, rq, upload_data, n);
		return MHD_YES;
	}
	if (rq->status)  /* already answered in the first call */
		return MHD_YES;
	if (rq->answer == ANSWER_GET)
		return answer_get(s, c, rq);
	if (rq->answer == ANSWER_PREFLIGHT)
		return answer_preflight(s, c, rq, rq->allow);
	if (rq->answer == ANSWER_REFUSAL)
		return reply_simple_problem(s, c, rq, rq->refusal.problem, rq->refusal.detail,
					    rq->allow);
	if (rq->job && atomic_load(&rq->job->state) == JOB_DONE)
		return answer_job(s, c, rq);
	if (rq->job)
		return MHD_YES;  /* not called while suspended; harmless if it were */
	return answer_post(s, c, rq);
}

void mf_request_completed(void *cls, struct MHD_Connection *c, void **state,
		       enum MHD_RequestTerminationCode toe)
{
	struct server *s = cls;
	struct request *rq = *state;
	uint64_t us;

	if (!rq)
		return;
	us = mf_clock_us() - rq->start_us;
	if (atomic_load(&s->draining) &&
	    (toe != MHD_REQUEST_TERMINATED_COMPLETED_OK ||
	     (rq->job && rq->job->rc && rq->job->err.problem == MF_PROBLEM_SHUTTING_DOWN)))
		atomic_fetch_add(&s->cut_short, 1);
	mf_metrics_request_done(s->metrics, route_index(s, rq->route), rq->status, us);
	if (s->access_log)
		mf_access_log_write(s->access_log, &(struct mf_access_log_entry){
			.method = rq->method, .path = rq->path, .status = rq->status, .us = us,
			.bytes = rq->bytes, .request_id = rq->id,
			.aborted = toe != MHD_REQUEST_TERMINATED_COMPLETED_OK });
	mf_http_hangup_request(s->hangups, c, false);
	/* a refusal of the gate's, or a client's FIN, waits for the answers
	 * before it */
	if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK)
		mf_gate_answered(s->gate, conn_fd(c));
	if (rq->job) {
		mf_http_hangup_unwatch_solve(s->hangups, c);
		mf_buf_free(&rq->job->out);
		mf_buf_free(&rq->job->body);
	}
	free(rq->job);
	mf_buf_free(&rq->body);
	mf_admission_release_body(&s->admission, &rq->reserved);
	if (rq->job_place)
		mf_admission_leave_job(&s->admission);
	free(rq);
	*state = NULL;
	atomic_fetch_sub(&s->in_flight, 1);
}
