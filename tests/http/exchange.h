/*
 * Requests with any headers, answers with all of theirs: what the tests of
 * browser-facing behaviour (CORS, request ids, ETags, HEAD) look at. The
 * harness's http_request keeps only a few headers; these keep every one.
 */
#ifndef MF_TEST_HTTP_EXCHANGE_H
#define MF_TEST_HTTP_EXCHANGE_H

#include <curl/curl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HX_HEADERS_MAX 32

struct hx_header {
	char name[64];
	char value[256];
};

/* An answer: status, every header of the final response, and the body. */
struct hx_resp {
	long status;             /* 0: the transfer failed */
	size_t n_headers;
	struct hx_header headers[HX_HEADERS_MAX];
	char *body;              /* NUL-terminated, malloc'd; free with hx_free */
	size_t len;
};

/*
 * One request through libcurl on h (NULL: a fresh connection). headers are
 * "Name: value" lines, NULL-terminated, may be NULL ("Name;" sends the
 * header with an empty value). body NULL sends none; with a body and no
 * Content-Type among headers, application/json is sent. HEAD asks for no
 * body. Fails the test when a header does not fit; returns r->status.
 */
long hx_request(CURL *h, uint16_t port, const char *method, const char *path,
		const char *const *headers, const char *body, size_t len, struct hx_resp *r);

/*
 * Sends request (the whole text) on a new connection and reads until the
 * server closes it, so the request should say "Connection: close". Fills r
 * with the status, the headers and every byte after the head as the body:
 * what libcurl cannot show, such as a HEAD or 304 answer that sends nothing
 * after its head. Fails the test when no answer comes within timeout_ms.
 */
long hx_raw(uint16_t port, const char *request, int timeout_ms, struct hx_resp *r);

/* The value of the first header called name (any case), or NULL. */
const char *hx_header(const struct hx_resp *r, const char *name);

/* How many headers are called name, or begin with prefix (any case). */
size_t hx_count(const struct hx_resp *r, const char *name);
size_t hx_count_prefix(const struct hx_resp *r, const char *prefix);

/* Whether the comma-separated list (a header value, may be NULL) has token,
 * compared without regard to case. */
bool hx_list_has(const char *list, const char *token);

void hx_free(struct hx_resp *r);

/* A route of the server and the one method besides OPTIONS (and HEAD for
 * GET) that it answers. */
struct hx_route {
	const char *path;
	const char *method;
};

/* Every route, read from the table in src/http/router.c (as the OpenAPI
 * check does), so that a new route is covered without a change here. Sets
 * *routes to a static array; returns the count; fails the test when the
 * table cannot be read. */
size_t hx_routes(const struct hx_route **routes);

/* One request for each kind of answer the server gives, 200 to 415. The 413
 * needs a server started with a body limit of at most 1024 bytes; with the
 * default limit, skip the calls with status HX_TOO_LARGE. */
struct hx_call {
	const char *method, *path;
	const char *header;   /* one more request header, or NULL */
	const char *body;     /* NULL: none */
	long status;
};

#define HX_TOO_LARGE 413

extern const struct hx_call hx_calls[];
extern const size_t hx_n_calls;

/* Makes call c against ts_srv, adding the headers given (NULL-terminated,
 * may be NULL); fails the test unless it answers c->status. */
void hx_make_call(const struct hx_call *c, const char *const *headers, struct hx_resp *r);

#endif
