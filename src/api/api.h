/*
 * The contract between the HTTP server (and the CLI) and the per-domain JSON
 * adapters. An adapter turns a decoded JSON body into the solver's plain C
 * structs, calls the solver, and turns the result back into JSON. It decides
 * no game rule and never sees HTTP.
 */
#ifndef MF_API_API_H
#define MF_API_API_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "manaflow/mana.h"

/* What went wrong with a request, rendered as application/problem+json
 * (RFC 9457) by http_reply_problem() and as {"error":{...}} by the CLI. */
struct mf_api_error {
	int status;          /* HTTP status: 400, 413, 422, 500 ... */
	const char *type;    /* slug appended to the problem type URI, e.g. "invalid-field" */
	const char *title;   /* short constant summary, e.g. "Invalid field" */
	char pointer[256];   /* JSON pointer (RFC 6901) to the offending field, "" if none */
	char detail[512];    /* one sentence for a person */
};

/* Shared, read-only state every adapter may use. */
struct mf_api_ctx {
	const struct mf_mana_catalogue *lands;
};

/*
 * An endpoint: body is the parsed request (owned by the caller, never NULL).
 * Returns a new cJSON answer the caller frees with cJSON_Delete(), or NULL
 * after filling *err (status 4xx for bad input, 500 for out of memory).
 */
typedef cJSON *(*mf_api_handler)(const cJSON *body, const struct mf_api_ctx *ctx,
			      struct mf_api_error *err);

/* Fills err with status 400 "invalid-field" at pointer, detail printf-style.
 * Returns NULL so that decoders can write `return mf_api_fail(...)`. */
void *mf_api_fail(struct mf_api_error *err, const char *pointer, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Fills err with status 500 "out-of-memory"; returns NULL. */
void *mf_api_fail_nomem(struct mf_api_error *err);

#endif
