/*
 * X-Request-Id: the caller's id when it is a sane token, a generated one
 * otherwise, echoed on every answer (errors too) and written in the
 * access-log line, so that one request can be followed from ingress to log.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exchange.h"
#include "harness.h"

#define ID_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-"
#define ID_MAX 64
#define LOG_TIMEOUT_MS 30000

static void setup_small_body(void)
{
	static const char *const args[] = { "--body-limit", "1024", NULL };

	ts_start(&ts_srv, args);
}

/* n characters cycling through the allowed set from offset. */
static void allowed_chars(char *out, size_t n, size_t offset)
{
	for (size_t i = 0; i < n; i++)
		out[i] = ID_CHARS[(offset + i) % (sizeof(ID_CHARS) - 1)];
	out[n] = '\0';
}

static bool is_sane(const char *id)
{
	size_t n = strlen(id);

	return n >= 1 && n <= ID_MAX && strspn(id, ID_CHARS) == n;
}

/* The answer's one X-Request-Id, copied to out (ID_MAX + 1 bytes). */
static void answer_id(const struct hx_resp *r, char *out, const char *what)
{
	const char *id = hx_header(r, "X-Request-Id");

	ck_assert_msg(id != NULL, "%s: no X-Request-Id", what);
	ck_assert_msg(hx_count(r, "X-Request-Id") == 1, "%s: %zu ids", what,
		      hx_count(r, "X-Request-Id"));
	ck_assert_msg(is_sane(id), "%s: the server's own id is not sane: \"%s\"", what, id);
	strcpy(out, id);
}

/* Makes call c sending id as X-Request-Id (NULL: none; "" an empty header)
 * and copies the id it answers with to out. */
static void call_with_id(const struct hx_call *c, const char *id, char *out)
{
	char line[512];
	const char *headers[] = { line, NULL };
	struct hx_resp r;
	char what[128];

	if (id && *id)
		snprintf(line, sizeof(line), "X-Request-Id: %s", id);
	else
		snprintf(line, sizeof(line), "X-Request-Id;");  /* libcurl: sent empty */
	hx_make_call(c, id ? headers : NULL, &r);
	snprintf(what, sizeof(what), "%s %s (%ld)", c->method, c->path, c->status);
	answer_id(&r, out, what);
	hx_free(&r);
}

/*
 * Waits for the access-log line with this request id and checks that it is
 * the line of c: its method, path and status. Returns nothing; the log
 * lines are written after the answer, hence the wait.
 */
static void expect_log_line(const char *id, const struct hx_call *c)
{
	int64_t deadline = now_ms() + LOG_TIMEOUT_MS;
	char needle[128], want[256];

	snprintf(needle, sizeof(needle), "\"request_id\":\"%s\"", id);
	snprintf(want, sizeof(want), "{\"method\":\"%s\",\"path\":\"%s\",\"status\":%ld,",
		 c->method, c->path, c->status);
	for (;;) {
		char *log = ts_log(&ts_srv);
		char *at = strstr(log, needle), *line;
		bool seen = at != NULL;

		if (seen) {
			*at = '\0';
			line = strrchr(log, '\n');
			line = line ? line + 1 : log;
			ck_assert_msg(strncmp(line, want, strlen(want)) == 0,
				      "the log line of %s is not %s: %s", id, want, line);
			ck_assert_msg(strstr(at + 1, needle) == NULL, "%s logged twice", id);
		}
		free(log);
		if (seen)
			return;
		ck_assert_msg(now_ms() < deadline, "no access-log line with %s", needle);
		sleep_ms(10);
	}
}

/* Sane ids, the longest included, come back on every kind of answer. */
START_TEST(sane_ids_echoed)
{
	char id[ID_MAX + 1], got[ID_MAX + 1];

	for (size_t i = 0; i < hx_n_calls; i++) {
		const struct hx_call *c = &hx_calls[i];

		call_with_id(c, "trace-42", got);
		ck_assert_str_eq(got, "trace-42");
		allowed_chars(id, ID_MAX, i);
		call_with_id(c, id, got);
		ck_assert_str_eq(got, id);
		expect_log_line(id, c);
		snprintf(id, sizeof(id), "A.b_c:%zu-z", i);
		call_with_id(c, id, got);
		ck_assert_str_eq(got, id);
		expect_log_line(id, c);
		allowed_chars(id, 1, i);
		call_with_id(c, id, got);
		ck_assert_str_eq(got, id);
	}
}
END_TEST

/* Ids that are too long or hold other characters are replaced, and never
 * reach the log (where a quote or a newline would forge lines). */
START_TEST(insane_ids_replaced)
{
	char too_long[ID_MAX + 2], got[ID_MAX + 1];
	const char *const insane[] = {
		too_long,
		"trace 42",
		"trace-\xc3\xa9-42",          /* UTF-8 */
		"trace-\xff-42",              /* not even UTF-8 */
		"",
		"a\"b",
		"a\\b",
		"x/y",
		"trace-42;drop",
		"{\"status\":200}",
	};

	allowed_chars(too_long, ID_MAX + 1, 7);
	for (size_t k = 0; k < sizeof(insane) / sizeof(insane[0]); k++) {
		for (size_t i = 0; i < hx_n_calls; i++) {
			const struct hx_call *c = &hx_calls[i];

			call_with_id(c, insane[k], got);
			ck_assert_msg(strcmp(got, insane[k]) != 0, "kept \"%s\"", insane[k]);
			/* Not a cut-down copy either: no id's prefix is another's. */
			ck_assert_msg(*insane[k] == '\0' || strncmp(got, insane[k], strlen(got)) != 0,
				      "\"%s\" cut to \"%s\"", insane[k], got);
			expect_log_line(got, c);
		}
	}
	{
		char *log = ts_log(&ts_srv);

		ck_assert_msg(strstr(log, too_long + 1) == NULL, "the long id was logged");
		for (size_t k = 1; k < sizeof(insane) / sizeof(insane[0]); k++)
			if (*insane[k])
				ck_assert_msg(strstr(log, insane[k]) == NULL, "\"%s\" logged",
					      insane[k]);
		free(log);
	}
}
END_TEST

/* Generated ids are all different: on fresh connections, on one kept alive,
 * and between two runs of the server, one in this process and one in a
 * process of its own (two replicas). */
START_TEST(generated_ids_differ)
{
	enum { PER_RUN = 60 };
	char (*ids)[ID_MAX + 1] = calloc(2 * PER_RUN, sizeof(*ids));
	CURL *h = NULL;

	ck_assert_ptr_nonnull(ids);
	for (size_t run = 0; run < 2; run++) {
		if (run == 0)
			ts_start(&ts_srv, NULL);
		else
			ts_spawn(&ts_srv, NULL, NULL);
		h = curl_easy_init();
		ck_assert_ptr_nonnull(h);
		for (size_t i = 0; i < PER_RUN; i++) {
			const struct hx_call *c = &hx_calls[i % hx_n_calls];
			char *id = ids[run * PER_RUN + i];
			struct hx_resp r;

			if (c->status == HX_TOO_LARGE)
				c = &hx_calls[0];
			if (i % 2) {
				call_with_id(c, NULL, id);
			} else {
				hx_request(h, ts_srv.port, c->method, c->path,
					   (const char *const[]){ c->header, NULL }, c->body,
					   c->body ? strlen(c->body) : 0, &r);
				ck_assert_int_eq(r.status, c->status);
				answer_id(&r, id, c->path);
				hx_free(&r);
			}
			expect_log_line(id, c);
		}
		curl_easy_cleanup(h);
	}
	for (size_t i = 0; i < 2 * PER_RUN; i++)
		for (size_t j = i + 1; j < 2 * PER_RUN; j++)
			ck_assert_msg(strcmp(ids[i], ids[j]) != 0, "ids %zu and %zu are both %s", i,
				      j, ids[i]);
	free(ids);
}
END_TEST

enum { CLIENTS = 8, REQUESTS_EACH = 25 };

struct client {
	pthread_t thread;
	unsigned n;
	unsigned echoed;
	char failure[256];   /* Check asserts only in the main thread */
};

/* Each client sends its own ids on its own kept-alive connection. */
static void *client_main(void *arg)
{
	struct client *cl = arg;
	CURL *h = curl_easy_init();

	for (unsigned i = 0; h && i < REQUESTS_EACH; i++) {
		const struct hx_call *c = &hx_calls[(cl->n + i) % hx_n_calls];
		char line[64], id[32];
		const char *headers[] = { line, c->header, NULL };
		const char *got;
		struct hx_resp r;

		snprintf(id, sizeof(id), "client-%u.%u", cl->n, i);
		snprintf(line, sizeof(line), "X-Request-Id: %s", id);
		hx_request(h, ts_srv.port, c->method, c->path, headers, c->body,
			   c->body ? strlen(c->body) : 0, &r);
		got = hx_header(&r, "X-Request-Id");
		if (r.status == c->status && got && strcmp(got, id) == 0)
			cl->echoed++;
		else if (!cl->failure[0])
			snprintf(cl->failure, sizeof(cl->failure), "%s %s as %s: %ld, id %s",
				 c->method, c->path, id, r.status, got ? got : "none");
		hx_free(&r);
	}
	curl_easy_cleanup(h);
	return NULL;
}

/* Clients at once each get their own ids back, never another's. */
START_TEST(ids_stay_with_their_request)
{
	struct client clients[CLIENTS] = { 0 };
	unsigned total = 0;

	for (unsigned i = 0; i < CLIENTS; i++) {
		clients[i].n = i;
		ck_assert_int_eq(pthread_create(&clients[i].thread, NULL, client_main, &clients[i]),
				 0);
	}
	for (unsigned i = 0; i < CLIENTS; i++)
		pthread_join(clients[i].thread, NULL);
	for (unsigned i = 0; i < CLIENTS; i++) {
		ck_assert_msg(clients[i].failure[0] == '\0', "%s", clients[i].failure);
		total += clients[i].echoed;
	}
	ck_assert_uint_eq(total, CLIENTS * REQUESTS_EACH);
}
END_TEST

Suite *suite_request_id(void)
{
	Suite *s = suite_create("request-id");
	TCase *echo = tcase_create("echo"), *gen = tcase_create("generated");

	tcase_add_checked_fixture(echo, setup_small_body, ts_teardown);
	tcase_add_test(echo, sane_ids_echoed);
	tcase_add_test(echo, insane_ids_replaced);
	tcase_add_test(echo, ids_stay_with_their_request);
	suite_add_tcase(s, echo);
	tcase_add_checked_fixture(gen, ts_setup_none, ts_teardown);
	tcase_add_test(gen, generated_ids_differ);
	suite_add_tcase(s, gen);
	return s;
}
