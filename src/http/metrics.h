/*
 * Prometheus metrics of the server: request counts by route and status,
 * request and solver duration histograms, requests in flight, build info.
 * Counters are C11 atomics, so pool threads update them without locks.
 */
#ifndef MF_HTTP_METRICS_H
#define MF_HTTP_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "common/buf.h"

#define METRICS_ROUTES_MAX 24

struct metrics;
struct mf_access_log;
struct mf_admission;
struct mf_log;

#include <stdatomic.h>

/* Allocates metrics for route names (route_names[i] is label route="...",
 * n <= METRICS_ROUTES_MAX; the array is copied, the strings must outlive the
 * metrics).
 * Returns NULL when out of memory. */
struct metrics *mf_metrics_new(const char *const *route_names, size_t n);

/* Frees m (NULL: no-op); nothing may record or render during or after. */
void mf_metrics_free(struct metrics *m);

/* Counts one more request in flight; mf_metrics_request_done ends it. */
void mf_metrics_request_started(struct metrics *m);

/* Records a finished request of route (index, or n for "unmatched"). */
void mf_metrics_request_done(struct metrics *m, size_t route, unsigned status,
			  uint64_t micros);

/* Records the time the solver (adapter) took for route. */
void mf_metrics_solver_done(struct metrics *m, size_t route, uint64_t micros);

/* Exports log's dropped-line counter as manaflow_access_log_dropped_total
 * (log borrowed: it must outlive every render; NULL, the default: the access
 * log is off and the counter stays 0). Call before the server serves. */
void mf_metrics_set_access_log(struct metrics *m, const struct mf_access_log *log);

/* Exports the error log's lost lines as manaflow_error_log_dropped_total:
 * what log lost (mf_log_dropped), plus *limited, the lines the rate limit
 * left out (both borrowed as above; NULL: 0). Call before the server
 * serves. */
void mf_metrics_set_error_log(struct metrics *m, const struct mf_log *log,
			      const atomic_uint_fast64_t *limited);

/* Exports the admission's gauges and refusals (a borrowed: it must outlive
 * every render; NULL, the default: they are left out). Call before the
 * server serves. */
void mf_metrics_set_admission(struct metrics *m, const struct mf_admission *a);

/* Exports *open as manaflow_connections_open and limit as
 * manaflow_connection_limit (open borrowed as above; not called: they are
 * left out). Call before the server serves. */
void mf_metrics_set_connections(struct metrics *m, const atomic_uint *open, unsigned limit);

/* Exports *bytes as manaflow_connection_bytes (the memory the open
 * connections hold in the gate) and most as manaflow_connection_bytes_most
 * (the most one connection may hold: the gate's and the HTTP library's);
 * bytes borrowed as above; not called: they are left out. */
void mf_metrics_set_connection_bytes(struct metrics *m, const atomic_size_t *bytes, size_t most);

/* Appends the Prometheus text exposition of every counter to out: the one
 * place the server's metrics text is written. Returns 0, or the buffer's
 * negative mf_status (out then holds nothing to send). */
int mf_metrics_render(struct metrics *m, const char *version, struct mf_buf *out);

#endif
