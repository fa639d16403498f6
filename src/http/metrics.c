#include "http/metrics.h"
#include "http/access_log.h"
#include "http/admission.h"
#include "common/log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Status codes the server answers with; anything else counts as "other". */
static const unsigned status_codes[] = { 200, 204, 304, 400, 404, 405, 413, 414, 415, 422, 431,
					 500, 501, 503, 505 };
#define N_CODES (sizeof(status_codes) / sizeof(status_codes[0]) + 1)

/* Upper bounds of the duration buckets, in microseconds. */
static const uint64_t bucket_us[] = { 100, 250, 500, 1000, 2500, 5000, 10000, 25000,
				      50000, 100000, 250000, 1000000 };
#define N_BUCKETS (sizeof(bucket_us) / sizeof(bucket_us[0]))

struct histogram {
	atomic_uint_fast64_t buckets[N_BUCKETS + 1];  /* non-cumulative; last is +Inf */
	atomic_uint_fast64_t sum_us;
	atomic_uint_fast64_t count;
};

struct metrics {
	const char *routes[METRICS_ROUTES_MAX];  /* copied: the caller's array may go */
	size_t n_routes;
	atomic_uint_fast64_t in_flight;
	atomic_uint_fast64_t requests[METRICS_ROUTES_MAX + 1][N_CODES];
	struct histogram request_time[METRICS_ROUTES_MAX + 1];
	struct histogram solver_time[METRICS_ROUTES_MAX + 1];
	const struct mf_access_log *access_log;  /* NULL: off */
	const struct mf_log *error_log;          /* NULL: none */
	const atomic_uint_fast64_t *error_limited;
	const struct mf_admission *admission;    /* NULL: its gauges are left out */
	const atomic_uint *connections;          /* NULL: left out, and the limit too */
	unsigned connection_limit;
	const atomic_size_t *connection_bytes;   /* NULL: left out, and the most too */
	size_t connection_most;
};

struct metrics *mf_metrics_new(const char *const *route_names, size_t n)
{
	struct metrics *m;

	if (n > METRICS_ROUTES_MAX)
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	for (size_t i = 0; i < n; i++)
		m->routes[i] = route_names[i];
	m->n_routes = n;
	return m;
}

void mf_metrics_free(struct metrics *m)
{
	free(m);
}

void mf_metrics_set_error_log(struct metrics *m, const struct mf_log *log,
			      const atomic_uint_fast64_t *limited)
{
	m->error_log = log;
	m->error_limited = limited;
}

void mf_metrics_set_access_log(struct metrics *m, const struct mf_access_log *log)
{
	m->access_log = log;
}

void mf_metrics_set_connections(struct metrics *m, const atomic_uint *open, unsigned limit)
{
	m->connections = open;
	m->connection_limit = limit;
}

void mf_metrics_set_connection_bytes(struct metrics *m, const atomic_size_t *bytes, size_t most)
{
	m->connection_bytes = bytes;
	m->connection_most = most;
}

void mf_metrics_set_admission(struct metrics *m, const struct mf_admission *a)
{
	m->admission = a;
}

void mf_metrics_request_started(struct metrics *m)
{
	atomic_fetch_add(&m->in_flight, 1);
}

/* Counts micros in h. */
static void observe(struct histogram *h, uint64_t micros)
{
	size_t b = 0;

	while (b < N_BUCKETS && micros > bucket_us[b])
		b++;
	atomic_fetch_add(&h->buckets[b], 1);
	atomic_fetch_add(&h->sum_us, micros);
	atomic_fetch_add(&h->count, 1);
}

void mf_metrics_request_done(struct metrics *m, size_t route, unsigned status, uint64_t micros)
{
	size_t code = 0;

	if (route > m->n_routes)
		route = m->n_routes;
	while (code < N_CODES - 1 && status_codes[code] != status)
		code++;
	atomic_fetch_add(&m->requests[route][code], 1);
	observe(&m->request_time[route], micros);
	atomic_fetch_sub(&m->in_flight, 1);
}

void mf_metrics_solver_done(struct metrics *m, size_t route, uint64_t micros)
{
	observe(&m->solver_time[route < m->n_routes ? route : m->n_routes], micros);
}

/* The route label of index r ("unmatched" past the table). */
static const char *route_label(const struct metrics *m, size_t r)
{
	return r < m->n_routes ? m->routes[r] : "unmatched";
}

/* Appends histogram `name` of every route that saw a request to t. */
static void render_histograms(struct mf_buf *t, const struct metrics *m,
			      const struct histogram *hs, const char *name, const char *help)
{
	mf_buf_addf(t, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
	for (size_t r = 0; r <= m->n_routes; r++) {
		const struct histogram *h = &hs[r];
		uint64_t cumulative = 0;

		if (!atomic_load(&h->count))
			continue;
		for (size_t b = 0; b <= N_BUCKETS; b++) {
			cumulative += atomic_load(&h->buckets[b]);
			if (b < N_BUCKETS)
				mf_buf_addf(t, "%s_bucket{route=\"%s\",le=\"%g\"} %llu\n", name,
					 route_label(m, r), (double)bucket_us[b] / 1e6,
					 (unsigned long long)cumulative);
			else
				mf_buf_addf(t, "%s_bucket{route=\"%s\",le=\"+Inf\"} %llu\n", name,
					 route_label(m, r), (unsigned long long)cumulative);
		}
		mf_buf_addf(t, "%s_sum{route=\"%s\"} %.6f\n", name, route_label(m, r),
			 (double)atomic_load(&h->sum_us) / 1e6);
		mf_buf_addf(t, "%s_count{route=\"%s\"} %llu\n", name, route_label(m, r),
			 (unsigned long long)atomic_load(&h->count));
	}
}

int mf_metrics_render(struct metrics *m, const char *version, struct mf_buf *out)
{

	mf_buf_addf(out, "# HELP manaflow_build_info Build of the running server.\n"
		 "# TYPE manaflow_build_info gauge\nmanaflow_build_info{version=\"%s\"} 1\n", version);
	mf_buf_addf(out, "# HELP http_requests_in_flight Requests being served now.\n"
		 "# TYPE http_requests_in_flight gauge\nhttp_requests_in_flight %llu\n",
		 (unsigned long long)atomic_load(&m->in_flight));
	mf_buf_addf(out, "# HELP http_requests_total Requests answered, by route and status code.\n"
		 "# TYPE http_requests_total counter\n");
	for (size_t r = 0; r <= m->n_routes; r++)
		for (size_t c = 0; c < N_CODES; c++) {
			uint64_t v = atomic_load(&m->requests[r][c]);
			char code[8];

			if (!v)
				continue;
			if (c < N_CODES - 1)
				snprintf(code, sizeof(code), "%u", status_codes[c]);
			else
				snprintf(code, sizeof(code), "other");
			mf_buf_addf(out, "http_requests_total{route=\"%s\",code=\"%s\"} %llu\n",
				 route_label(m, r), code, (unsigned long long)v);
		}
	render_histograms(out, m, m->request_time, "http_request_duration_seconds",
			  "Time from the request's first byte to its answer.");
	render_histograms(out, m, m->solver_time, "manaflow_solver_duration_seconds",
			  "Time spent decoding, solving and encoding one request body.");
	mf_buf_addf(out, "# HELP manaflow_access_log_dropped_total Access-log lines lost: the writer "
		    "was a whole buffer behind, or stderr refused them.\n"
		    "# TYPE manaflow_access_log_dropped_total counter\n"
		    "manaflow_access_log_dropped_total %llu\n",
		    (unsigned long long)mf_access_log_dropped(m->access_log));
	mf_buf_addf(out, "# HELP manaflow_error_log_dropped_total Error-log lines lost: past the rate "
		    "limit, the writer a whole buffer behind, or stderr refused them.\n"
		    "# TYPE manaflow_error_log_dropped_total counter\n"
		    "manaflow_error_log_dropped_total %llu\n",
		    (unsigned long long)((m->error_log ? mf_log_dropped(m->error_log) : 0) +
					 (m->error_limited ? atomic_load(m->error_limited) : 0)));
	if (m->connections)
		mf_buf_addf(out, "# HELP manaflow_connections_open Client connections open: "
			    "relayed, or still held by the HTTP library.\n"
			    "# TYPE manaflow_connections_open gauge\nmanaflow_connections_open %u\n"
			    "# HELP manaflow_connection_limit Connections open at most (more wait "
			    "to be accepted).\n# TYPE manaflow_connection_limit gauge\n"
			    "manaflow_connection_limit %u\n",
			    atomic_load(m->connections), m->connection_limit);
	if (m->connection_bytes)
		mf_buf_addf(out, "# HELP manaflow_connection_bytes Memory the open connections hold "
			    "in the gate, their state and buffers (outside the admission budget).\n"
			    "# TYPE manaflow_connection_bytes gauge\nmanaflow_connection_bytes %zu\n"
			    "# HELP manaflow_connection_bytes_most The most one connection holds, in the "
			    "gate and the HTTP library together.\n"
			    "# TYPE manaflow_connection_bytes_most gauge\n"
			    "manaflow_connection_bytes_most %zu\n",
			    atomic_load(m->connection_bytes), m->connection_most);
	if (m->admission)
		mf_buf_addf(out, "# HELP manaflow_admission_reserved_bytes Memory reserved by "
			    "request bodies in flight and the solves they started.\n# TYPE manaflow_admission_reserved_bytes "
			    "gauge\nmanaflow_admission_reserved_bytes %zu\n"
			    "# HELP manaflow_admission_budget_bytes What bodies and solves may reserve in all.\n"
			    "# TYPE manaflow_admission_budget_bytes gauge\n"
			    "manaflow_admission_budget_bytes %zu\n"
			    "# HELP manaflow_admission_refused_total Requests answered 503 "
			    "overloaded.\n# TYPE manaflow_admission_refused_total counter\n"
			    "manaflow_admission_refused_total %lu\n",
			    atomic_load(&m->admission->reserved), m->admission->budget,
			    atomic_load(&m->admission->refused));
	return mf_buf_error(out);
}
