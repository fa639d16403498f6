/*
 * The HTTP tests' one client: requests through libcurl with any headers and
 * answers with all of theirs, raw-socket exchanges for what libcurl will not
 * do (stalling, half-sent bodies, answers without a body), and the checks
 * every suite makes of an answer. The server it talks to is the harness's
 * (harness.h).
 */
#ifndef MF_TEST_HTTP_EXCHANGE_H
#define MF_TEST_HTTP_EXCHANGE_H

#include <cjson/cJSON.h>
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
	cJSON *json;             /* the body parsed when Content-Type names JSON, else NULL */
};

/*
 * One request through libcurl on h (NULL: a fresh connection, closed after).
 * headers are "Name: value" lines, NULL-terminated, may be NULL ("Name;"
 * sends the header with an empty value, "Name:" sends none at all). body
 * NULL sends none; with a body and no Content-Type among headers,
 * application/json is sent. With "Transfer-Encoding: chunked" among headers
 * the body goes in chunks of at most 700 bytes and no length; else with
 * Content-Length. HEAD asks for no body. Fills r (free with hx_free) and
 * returns r->status; fails the test when a header does not fit.
 */
long hx_request(CURL *h, uint16_t port, const char *method, const char *path,
		const char *const *headers, const char *body, size_t len, struct hx_resp *r);

/* Shorthands on a fresh connection to the harness's server ts_srv: GET, and
 * POST of a JSON body (a NUL-terminated text, or a cJSON tree printed). */
long hx_get(const char *path, struct hx_resp *r);
long hx_post(const char *path, const char *body, struct hx_resp *r);
long hx_post_cjson(const char *path, const cJSON *doc, struct hx_resp *r);

/* The value of the first header called name (any case), or NULL. */
const char *hx_header(const struct hx_resp *r, const char *name);

/* The same, or "" when the answer has no such header: for comparisons. */
const char *hx_value(const struct hx_resp *r, const char *name);

/* How many headers are called name, or begin with prefix (any case). */
size_t hx_count(const struct hx_resp *r, const char *name);
size_t hx_count_prefix(const struct hx_resp *r, const char *prefix);

/* Whether the comma-separated list (a header value, may be NULL) has token,
 * compared without regard to case. */
bool hx_list_has(const char *list, const char *token);

void hx_free(struct hx_resp *r);

/* Asserts that r is an RFC 9457 problem with this status: the media type, the
 * type/title/status/detail members and, when pointer is not NULL, exactly
 * this pointer. detail_part, when not NULL, must occur in detail. */
void expect_problem(const struct hx_resp *r, long status, const char *pointer,
		    const char *detail_part);

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

/* The value of the unlabelled metric name in ts_srv's /metrics; fails the
 * test when it is not there. */
unsigned long long hx_metric(const char *name);

/* Polls ts_srv's /metrics until n requests (the scrape included) are in
 * flight; fails the test after 30 s. */
void hx_wait_in_flight(unsigned n);

/* ------------------------------------------------------------------ */
/* Raw sockets (exchange_raw.c) */

/* A TCP connection to 127.0.0.1:port with Nagle off; fails the test if it
 * cannot be made. The caller closes it. */
int raw_connect(uint16_t port);

/* Sends all len bytes of text on fd; fails the test if the peer is gone. */
void raw_send(int fd, const char *text, size_t len);

/* Reads one HTTP/1.1 response with a Content-Length body within timeout_ms;
 * returns its status (-1 on timeout or close) and fills buf (NUL-terminated)
 * with the head and body; *body points at the body. */
int raw_read_response(int fd, int timeout_ms, char *buf, size_t cap, const char **body);

/* 1 if the peer closed fd (EOF or reset) within timeout_ms, 0 if still open. */
int raw_wait_closed(int fd, int timeout_ms);

/*
 * Sends request (the whole text) on a new connection and reads until the
 * server closes it, so the request should say "Connection: close". Fills r
 * with the status, the headers and every byte after the head as the body
 * (r->json stays NULL): what libcurl cannot show, such as a HEAD or 304
 * answer that sends nothing after its head. Fails the test when no answer
 * comes within timeout_ms.
 */
long hx_raw(uint16_t port, const char *request, int timeout_ms, struct hx_resp *r);

/* Takes one line of an answer's head (n bytes, CRLF or not) into r: a
 * status line starts the headers over (only the final response's remain,
 * after a 100), a "Name: value" line is added; fails the test when it does
 * not fit. For the two readers, libcurl's and hx_raw. */
void hx_take_header_line(struct hx_resp *r, const char *line, size_t n);

#endif
