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
#include "http/server_int.h"

struct request {
	uint64_t start_us;
	const struct route *route;   /* NULL: unmatched */
	char method[16];
	char path[128];
	char id[REQUEST_ID_MAX + 1];  /* X-Request-Id, echoed on the answer */
	const char *allow_origin;     /* CORS: the Access-Control-Allow-Origin value, or NULL */
	const char *allow;            /* methods the route answers */
	enum { ANSWER_POST, ANSWER_GET, ANSWER_PREFLIGHT } answer;
	char *body;
	size_t len, cap;
	bool too_large;
	unsigned status;
	size_t bytes;
	struct job *job;              /* an offloaded solve, NULL for the others */
};

static size_t route_index(const struct server *s, const struct route *r)
{
	return r ? (size_t)(r - s->routes) : s->n_routes;
}

/*
 * Queues body (freed by free_fn) with status, the headers every answer
 * carries (request id, CORS, Connection: close while draining) and extra,
 * a NULL-terminated list of name, value pairs.
 */
static enum MHD_Result reply(struct server *s, struct MHD_Connection *c, struct request *rq,
			     unsigned status, const char *type, char *body, size_t len,
			     void (*free_fn)(void *), const char *const *extra)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = MHD_create_response_from_buffer_with_free_callback(len, body, free_fn);
	if (!resp) {
		free_fn(body);
		return MHD_NO;
	}
	if (type)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	for (; extra && extra[0]; extra += 2)
		MHD_add_response_header(resp, extra[0], extra[1]);
	MHD_add_response_header(resp, "X-Request-Id", rq->id);
	if (rq->allow_origin) {
		MHD_add_response_header(resp, "Access-Control-Allow-Origin", rq->allow_origin);
		MHD_add_response_header(resp, "Access-Control-Expose-Headers", "X-Request-Id, ETag");
	}
	/* The answer depends on Origin whenever a list decides, allowed or not,
	 * so that a shared cache never hands one origin's copy to another. */
	if (s->cors.n)
		MHD_add_response_header(resp, "Vary", "Origin");
	if (atomic_load(&s->draining))
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
	rq->status = status;
	rq->bytes = strcmp(rq->method, MHD_HTTP_METHOD_HEAD) == 0 ? 0 : len;
	ret = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

static void free_cjson(void *p)
{
	cJSON_free(p);
}

static void free_nothing(void *p)
{
	(void)p;
}

static enum MHD_Result reply_problem(struct server *s, struct MHD_Connection *c,
				     struct request *rq, const struct mf_api_error *err,
				     const char *allow)
{
	const char *extra[] = { MHD_HTTP_HEADER_ALLOW, allow, NULL };
	size_t len = 0;
	char *body = mf_problem_render(err, &len);

	if (!body)
		return MHD_NO;
	return reply(s, c, rq, (unsigned)err->status, "application/problem+json", body, len,
		     free_cjson, allow ? extra : NULL);
}

static enum MHD_Result reply_simple_problem(struct server *s, struct MHD_Connection *c,
					    struct request *rq, int status, const char *type,
					    const char *title, const char *detail,
					    const char *allow)
{
	struct mf_api_error err;

	mf_problem_set(&err, status, type, title, detail);
	return reply_problem(s, c, rq, &err, allow);
}

static enum MHD_Result reply_json(struct server *s, struct MHD_Connection *c,
				  struct request *rq, unsigned status, cJSON *doc)
{
	char *text = cJSON_PrintUnformatted(doc);

	cJSON_Delete(doc);
	if (!text)
		return MHD_NO;
	return reply(s, c, rq, status, "application/json", text, strlen(text), free_cjson, NULL);
}

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

/* An answer that never changes while the server runs: ETag, caching, 304. */
static enum MHD_Result reply_cacheable(struct server *s, struct MHD_Connection *c,
				       struct request *rq, const char *type,
				       const struct static_answer *a)
{
	const char *extra[] = { MHD_HTTP_HEADER_ETAG, a->etag,
				MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=300", NULL };
	const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						      MHD_HTTP_HEADER_IF_NONE_MATCH);

	if (etag_matches(inm, a->etag))
		return reply(s, c, rq, 304, NULL, NULL, 0, free_nothing, extra);
	return reply(s, c, rq, 200, type, (char *)a->body, a->len, free_nothing, extra);
}

static bool is_json_type(const char *v)
{
	size_t n = strlen("application/json");

	return v && strncasecmp(v, "application/json", n) == 0 &&
	       (v[n] == '\0' || v[n] == ';' || v[n] == ' ');
}

static enum MHD_Result answer_get(struct server *s, struct MHD_Connection *c,
				  struct request *rq)
{
	char *text;
	size_t len;

	switch (rq->route->kind) {
	case ROUTE_LANDS:
		return reply_cacheable(s, c, rq, "application/json", &s->lands);
	case ROUTE_HEALTHZ:
		return reply_static(s, c, rq, "application/json", "{\"status\":\"ok\"}", 15);
	case ROUTE_READYZ:
		if (atomic_load(&s->draining))
			return reply_simple_problem(s, c, rq, 503, "shutting-down", "Shutting down",
						    "the server is draining and takes no new work",
						    NULL);
		return reply_static(s, c, rq, "application/json", "{\"status\":\"ready\"}", 18);
	case ROUTE_METRICS:
		text = mf_metrics_render(s->metrics, s->cfg.version, &len);
		if (!text)
			return MHD_NO;
		return reply(s, c, rq, 200, "text/plain; version=0.0.4; charset=utf-8", text, len,
			     free, NULL);
	case ROUTE_OPENAPI:
		return reply_cacheable(s, c, rq, "application/yaml", &s->openapi);
	case ROUTE_JSON:
		break;
	}
	return MHD_NO;
}

static enum MHD_Result answer_post(struct server *s, struct MHD_Connection *c,
				   struct request *rq)
{
	struct mf_api_error err = { 0 };
	const char *end = NULL;
	uint64_t t0;
	cJSON *doc, *answer;

	if (rq->too_large) {
		char detail[96];

		snprintf(detail, sizeof(detail), "the body is larger than %zu bytes", s->cfg.body_limit);
		return reply_simple_problem(s, c, rq, 413, "too-large", "Request too large", detail,
					    NULL);
	}
	if (!rq->body) {
		rq->body = malloc(1);
		if (!rq->body)
			return MHD_NO;
	}
	rq->body[rq->len] = '\0';
	t0 = mf_server_now_us();
	doc = cJSON_ParseWithLengthOpts(rq->body, rq->len + 1, &end, 1);
	if (!doc) {
		char detail[96];

		snprintf(detail, sizeof(detail), "malformed JSON at byte %zu",
			 end && end >= rq->body ? (size_t)(end - rq->body) : 0);
		return reply_simple_problem(s, c, rq, 400, "malformed-json", "Malformed JSON",
					    detail, NULL);
	}
	if (rq->route->offload) {
		rq->job = calloc(1, sizeof(*rq->job));
		if (!rq->job) {
			cJSON_Delete(doc);
			return MHD_NO;
		}
		*rq->job = (struct job){ .handler = rq->route->handler, .doc = doc, .ctx = &s->ctx,
					 .conn = c };
		MHD_suspend_connection(c);
		mf_workers_submit(s->workers, rq->job);
		return MHD_YES;
	}
	answer = rq->route->handler(doc, &s->ctx, &err);
	cJSON_Delete(doc);
	mf_metrics_solver_done(s->metrics, route_index(s, rq->route), mf_server_now_us() - t0);
	if (!answer)
		return reply_problem(s, c, rq, &err, NULL);
	return reply_json(s, c, rq, 200, answer);
}

/* A worker finished the solve: answer with what it found. */
static enum MHD_Result answer_job(struct server *s, struct MHD_Connection *c, struct request *rq)
{
	cJSON *answer = rq->job->answer;

	rq->job->answer = NULL;
	mf_metrics_solver_done(s->metrics, route_index(s, rq->route), rq->job->micros);
	if (!answer)
		return reply_problem(s, c, rq, &rq->job->err, NULL);
	return reply_json(s, c, rq, 200, answer);
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

/* First call: everything that can be refused without reading the body. */
static enum MHD_Result begin(struct server *s, struct MHD_Connection *c, struct request *rq,
			     const char *method)
{
	const char *ctype, *clen, *allow;

	if (!rq->route)
		return reply_simple_problem(s, c, rq, 404, "not-found", "Not found",
					    "no such route; GET /openapi.yaml lists them", NULL);
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
		return reply_simple_problem(s, c, rq, 405, "method-not-allowed",
					    "Method not allowed", detail, allow);
	}
	if (rq->route->kind != ROUTE_JSON) {
		rq->answer = ANSWER_GET;
		return MHD_YES;
	}
	ctype = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
	if (!is_json_type(ctype))
		return reply_simple_problem(s, c, rq, 415, "unsupported-media-type",
					    "Unsupported media type",
					    "send the body as Content-Type: application/json", NULL);
	clen = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (clen && strtoull(clen, NULL, 10) > s->cfg.body_limit)
		rq->too_large = true;
	if (rq->too_large)
		return answer_post(s, c, rq);
	return MHD_YES;
}

static void append_body(struct server *s, struct request *rq, const char *data, size_t n)
{
	if (rq->too_large)
		return;
	if (rq->len + n > s->cfg.body_limit) {
		rq->too_large = true;  /* the rest is read and dropped */
		free(rq->body);
		rq->body = NULL;
		rq->len = 0;
		return;
	}
	if (rq->len + n + 1 > rq->cap) {
		size_t cap = rq->cap ? rq->cap : 4096;
		char *grown;

		while (cap < rq->len + n + 1)
			cap *= 2;
		grown = realloc(rq->body, cap);
		if (!grown) {
			rq->too_large = true;
			return;
		}
		rq->body = grown;
		rq->cap = cap;
	}
	memcpy(rq->body + rq->len, data, n);
	rq->len += n;
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
		rq->start_us = mf_server_now_us();
		rq->route = mf_router_find(url);
		snprintf(rq->method, sizeof(rq->method), "%s", method);
		snprintf(rq->path, sizeof(rq->path), "%s", url);
		mf_request_id_take(&s->ids, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Request-Id"),
				rq->id);
		rq->allow_origin = mf_cors_allow_origin(&s->cors,
			MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"));
		atomic_fetch_add(&s->in_flight, 1);
		mf_metrics_request_started(s->metrics);
		return begin(s, c, rq, method);
	}
	if (*upload_data_size) {
		append_body(s, rq, upload_data, *upload_data_size);
		*upload_data_size = 0;
		return MHD_YES;
	}
	if (rq->status)  /* already answered in the first call */
		return MHD_YES;
	if (rq->answer == ANSWER_GET)
		return answer_get(s, c, rq);
	if (rq->answer == ANSWER_PREFLIGHT)
		return answer_preflight(s, c, rq, rq->allow);
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
	us = mf_server_now_us() - rq->start_us;
	mf_metrics_request_done(s->metrics, route_index(s, rq->route), rq->status, us);
	if (s->access_log)
		mf_access_log_write(s->access_log, &(struct mf_access_log_entry){
			.method = rq->method, .path = rq->path, .status = rq->status, .us = us,
			.bytes = rq->bytes, .request_id = rq->id,
			.aborted = toe != MHD_REQUEST_TERMINATED_COMPLETED_OK });
	if (rq->job)
		cJSON_Delete(rq->job->answer);
	free(rq->job);
	free(rq->body);
	free(rq);
	*state = NULL;
	atomic_fetch_sub(&s->in_flight, 1);
}
