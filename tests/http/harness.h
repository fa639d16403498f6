/*
 * The HTTP tests' harness: the real `manaflow serve` as a child process on a
 * free port, libcurl and raw-socket clients, and the statement's examples.
 *
 * Every server a test starts is killed when the test ends, whatever happens:
 * the checked fixture's teardown kills it (CK_FORK=no), Check kills the test's
 * process group (CK_FORK=yes), and the child asks the kernel for SIGKILL when
 * the test process dies (PR_SET_PDEATHSIG).
 */
#ifndef MF_TEST_HTTP_HARNESS_H
#define MF_TEST_HTTP_HARNESS_H

#include <check.h>
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Path of the manaflow binary under test (argv[1]). */
extern const char *ts_manaflow;

struct test_server {
	pid_t pid;            /* 0: not running (or already reaped) */
	uint16_t port;
	int log_fd;           /* the child's stdout and stderr, an unlinked file; -1: none */
};

/* The server the fixtures below start; tests may use it directly. */
extern struct test_server ts_srv;

/*
 * Starts `manaflow serve --host 127.0.0.1 --port 0` plus extra_args
 * (NULL-terminated, may be NULL) with the environment variables in env
 * ("NAME=value", NULL-terminated, may be NULL) added after every inherited
 * MANAFLOW_* variable is removed. Waits for the "listening" log line and
 * fills s. Fails the test (ck_abort) when the server does not come up.
 */
void ts_start(struct test_server *s, const char *const *extra_args, const char *const *env);

/* Kills the server if it still runs, reaps it and closes its log. Safe to
 * call twice and on a server that never started. */
void ts_kill(struct test_server *s);

/* Waits up to timeout_ms for the server to exit; returns its wait status, or
 * -1 when it is still running (it is then left running). */
int ts_wait_exit(struct test_server *s, int timeout_ms);

/* The server's log so far, NUL-terminated, malloc'd (caller frees). */
char *ts_log(const struct test_server *s);

/* Checked fixtures: ts_srv with the given configuration, ts_kill in teardown. */
void ts_setup_default(void);
void ts_setup_small_body(void);   /* --body-limit 1024 */
void ts_setup_two_threads(void);  /* --threads 2 --timeout 60 */
void ts_teardown(void);

/* An answer read by libcurl. */
struct http_resp {
	long status;           /* 0: the transfer failed */
	char *body;            /* NUL-terminated, malloc'd */
	size_t len;
	char content_type[128];
	char allow[64];
	char connection[32];
	cJSON *json;           /* body parsed when it is JSON, else NULL */
};

enum http_body_mode {
	HTTP_BODY_LENGTH,      /* Content-Length */
	HTTP_BODY_CHUNKED,     /* Transfer-Encoding: chunked, no length */
};

/*
 * One request on handle h (a reusable handle keeps its connection alive; NULL
 * for a fresh one). ctype NULL sends no Content-Type; body NULL sends none.
 * Fills r (free with http_resp_free) and returns r->status.
 */
long http_request(CURL *h, uint16_t port, const char *method, const char *path,
		  const char *ctype, const char *body, size_t len, enum http_body_mode mode,
		  struct http_resp *r);

/* Shorthands on a fresh handle against ts_srv. */
long http_get(const char *path, struct http_resp *r);
long http_post_json(const char *path, const char *body, struct http_resp *r);
long http_post_cjson(const char *path, const cJSON *doc, struct http_resp *r);

void http_resp_free(struct http_resp *r);

/* Asserts that r is an RFC 9457 problem with this status: the media type, the
 * type/title/status/detail members and, when pointer is not NULL, exactly
 * this pointer. detail_part, when not NULL, must occur in detail. */
void expect_problem(const struct http_resp *r, long status, const char *pointer,
		    const char *detail_part);

/* Raw sockets, for what libcurl will not do (stalling, half-sent bodies). */
int raw_connect(uint16_t port);
void raw_send(int fd, const char *text, size_t len);

/* Reads one HTTP/1.1 response with a Content-Length body within timeout_ms;
 * returns its status (-1 on timeout or close) and fills buf (NUL-terminated)
 * with the head and body; *body points at the body. */
int raw_read_response(int fd, int timeout_ms, char *buf, size_t cap, const char **body);

/* 1 if the peer closed fd (EOF or reset) within timeout_ms, 0 if still open. */
int raw_wait_closed(int fd, int timeout_ms);

/* One of the statement's examples, as a JSON query and its expected verdict. */
struct example {
	cJSON *query;          /* {"battlefield","library","life","cost"} */
	bool castable;
};

#define EXAMPLES_MAX 64

/* Loads tests/data/statement_examples.{txt,expected}; returns the count and
 * fails the test if the files are unreadable or disagree. Free with
 * examples_free. */
size_t examples_load(struct example *out, size_t max);
void examples_free(struct example *ex, size_t n);

/* Reads a source-tree file (relative to the project root), malloc'd. */
char *read_source_file(const char *relpath, size_t *len);

/* The JSON member's value as an int, failing the test if it is not a number. */
long json_int(const cJSON *obj, const char *key);
const char *json_str(const cJSON *obj, const char *key);

/* Polls ts_srv's /metrics until n requests (the scrape included) are in
 * flight; fails the test after 30 s. */
void http_wait_in_flight(unsigned n);

/* Milliseconds of a monotonic clock, and a pause of ms milliseconds. */
int64_t now_ms(void);
void sleep_ms(int ms);

Suite *suite_routes(void);
Suite *suite_errors(void);
Suite *suite_concurrency(void);
Suite *suite_lifecycle(void);
Suite *suite_cors(void);        /* test_cors.c */
Suite *suite_request_id(void);  /* test_request_id.c */
Suite *suite_caching(void);     /* test_caching.c: ETags and HEAD */
Suite *suite_deadline(void);    /* test_deadline.c: deadlines, hang-ups, the drain */
Suite *suite_hostile(void);     /* test_hostile.c: what a hostile test pass found (issue 14) */
Suite *suite_access_log(void);  /* test_access_log.c: whole lines, none lost at SIGTERM */

#endif
