/*
 * The access log under load and at the stop: clients on several keep-alive
 * connections at once, then SIGTERM as soon as the last answer is read, while
 * the last lines are still on their way. The log must then hold exactly one
 * line per request, each whole on a line of its own, byte for byte in the
 * format the log has always had, and all of them before the "stopped" line.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures.h"
#include "harness.h"

#define CLIENTS 6
#define REQUESTS_EACH 200
#define ABORTED 4
#define N_LINES (CLIENTS * REQUESTS_EACH + ABORTED)
#define EXIT_TIMEOUT_MS 60000

static const char solve_body[] = MF_FIX_FETCH_RG;

/* Three kinds of request; the last one's path tests the escaping: MHD
 * decodes %XX, and the log escapes " \ control and non-ASCII bytes. */
static const struct kind {
	const char *method, *url, *logged_path;
	long status;
} kinds[] = {
	{ "GET", "/healthz", "/healthz", 200 },
	{ "POST", "/v1/mana/solve", "/v1/mana/solve", 200 },
	{ "GET", "/no%22pe%5C%C3%A9%01%7F", "/no\\\"pe\\\\\\u00c3\\u00a9\\u0001\\u007f", 404 },
};
#define N_KINDS (sizeof(kinds) / sizeof(kinds[0]))

/* What the log must say of one request; filled by the client threads. */
struct expected {
	const struct kind *kind;
	size_t bytes;              /* body bytes the client read */
	bool seen;
};

static struct expected expect[CLIENTS][REQUESTS_EACH];

struct client {
	pthread_t thread;
	unsigned id;
	char failure[256];         /* Check asserts only in the main thread */
};

static void *client_main(void *arg)
{
	struct client *c = arg;
	CURL *h = curl_easy_init();

	for (unsigned i = 0; h && i < REQUESTS_EACH; i++) {
		const struct kind *k = &kinds[(c->id + i) % N_KINDS];
		const char *body = strcmp(k->method, "POST") == 0 ? solve_body : NULL;
		char id[64];
		const char *headers[] = { id, NULL };
		struct hx_resp r;

		snprintf(id, sizeof(id), "X-Request-Id: al-%u-%u", c->id, i);
		hx_request(h, ts_srv.port, k->method, k->url, headers, body,
			   body ? strlen(body) : 0, &r);
		if (r.status != k->status && !c->failure[0])
			snprintf(c->failure, sizeof(c->failure), "%s %s: %ld", k->method, k->url,
				 r.status);
		expect[c->id][i] = (struct expected){ .kind = k, .bytes = r.len };
		hx_free(&r);
	}
	curl_easy_cleanup(h);
	return NULL;
}

/* A request the client gives up on: its head (with Expect: 100-continue, so
 * that "100 Continue" tells the handler has seen it), then a hang-up. */
static void abort_request(unsigned n)
{
	char head[256], buf[512];
	size_t got = 0;
	int64_t deadline = now_ms() + 30000;
	int fd = raw_connect(ts_srv.port);

	snprintf(head, sizeof(head), "POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\n"
		 "Content-Type: application/json\r\nContent-Length: 100\r\n"
		 "Expect: 100-continue\r\nX-Request-Id: al-aborted-%u\r\n\r\n", n);
	raw_send(fd, head, strlen(head));
	buf[0] = '\0';
	while (!strstr(buf, "\r\n\r\n")) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t k;

		ck_assert_msg(now_ms() < deadline && got + 1 < sizeof(buf), "no 100 Continue: %s",
			      buf);
		if (poll(&p, 1, 100) <= 0)
			continue;
		k = recv(fd, buf + got, sizeof(buf) - 1 - got, 0);
		ck_assert_msg(k > 0, "closed before 100 Continue: %s", buf);
		got += (size_t)k;
		buf[got] = '\0';
	}
	ck_assert_msg(strncmp(buf, "HTTP/1.1 100", 12) == 0, "not 100 Continue: %s", buf);
	raw_send(fd, "{\"battle", 8);
	close(fd);
}

/* Waits until the log holds n occurrences of needle. */
static void wait_log_has(const char *needle, unsigned n)
{
	int64_t deadline = now_ms() + 30000;

	for (;;) {
		char *log = ts_log(&ts_srv);
		unsigned seen = 0;

		for (const char *p = strstr(log, needle); p; p = strstr(p + 1, needle))
			seen++;
		free(log);
		if (seen >= n)
			return;
		ck_assert_msg(now_ms() < deadline, "%u of %u lines with %s", seen, n, needle);
		sleep_ms(20);
	}
}

/* The line the log must hold for this request, with its "us" as logged. */
static void expected_line(char *out, size_t cap, const char *method, const char *path,
			  long status, long us, size_t bytes, const char *id, bool aborted)
{
	snprintf(out, cap, "{\"method\":\"%s\",\"path\":\"%s\",\"status\":%ld,\"us\":%ld,"
		 "\"bytes\":%zu,\"request_id\":\"%s\"%s}", method, path, status, us, bytes, id,
		 aborted ? ",\"aborted\":true" : "");
}

/* Checks one access-log line (without its newline) and marks its request. */
static void check_line(char *line, bool aborted_seen[ABORTED])
{
	cJSON *doc = cJSON_Parse(line);
	unsigned c, i;
	char want[1024];
	const char *id;
	long us;

	ck_assert_msg(cJSON_IsObject(doc), "not a JSON object (interleaved?): %s", line);
	id = json_str(doc, "request_id");
	us = json_int(doc, "us");
	ck_assert_msg(us < 600L * 1000 * 1000, "\"us\" is microseconds, under the test's 10 min: %s", line);
	if (sscanf(id, "al-aborted-%u", &i) == 1) {
		ck_assert_msg(i < ABORTED && !aborted_seen[i], "unknown or twice: %s", line);
		aborted_seen[i] = true;
		expected_line(want, sizeof(want), "POST", "/v1/mana/solve", 0, us, 0, id, true);
	} else {
		const struct expected *e;

		ck_assert_msg(sscanf(id, "al-%u-%u", &c, &i) == 2 && c < CLIENTS &&
			      i < REQUESTS_EACH, "a line of no request sent: %s", line);
		e = &expect[c][i];
		ck_assert_msg(!e->seen, "logged twice: %s", line);
		expect[c][i].seen = true;
		expected_line(want, sizeof(want), e->kind->method, e->kind->logged_path,
			      e->kind->status, us, e->bytes, id, false);
	}
	ck_assert_msg(strcmp(line, want) == 0, "the line is\n%s\nnot\n%s", line, want);
	cJSON_Delete(doc);
}

START_TEST(every_line_whole_and_none_lost_at_sigterm)
{
	/* libmicrohttpd notices a client that hangs up halfway through its body
	 * only at the idle timeout: a short one ends the aborted requests soon. */
	static const char *const args[] = { "--threads", "2", "--drain-seconds", "30",
					    "--timeout", "2", NULL };
	struct client clients[CLIENTS] = { 0 };
	bool aborted_seen[ABORTED] = { false };
	size_t access_lines = 0, info_lines = 0;
	char *log, *cursor, *end, *line, *last = NULL;
	int status;

	memset(expect, 0, sizeof(expect));
	ts_spawn(&ts_srv, args, NULL);
	/* The aborted requests first: they end at the idle timeout, and their
	 * lines must not be the last ones, lest the drain (which waits for
	 * them) give the log all the time it needs. */
	for (unsigned n = 0; n < ABORTED; n++)
		abort_request(n);
	wait_log_has("\"request_id\":\"al-aborted-", ABORTED);
	for (unsigned c = 0; c < CLIENTS; c++) {
		clients[c].id = c;
		ck_assert_int_eq(pthread_create(&clients[c].thread, NULL, client_main, &clients[c]), 0);
	}
	for (unsigned c = 0; c < CLIENTS; c++)
		pthread_join(clients[c].thread, NULL);
	/* At once: the last lines are still queued when the signal lands. */
	ts_signal(&ts_srv, SIGTERM);
	for (unsigned c = 0; c < CLIENTS; c++)
		ck_assert_msg(!clients[c].failure[0], "client %u: %s", c, clients[c].failure);
	status = ts_wait_exit(&ts_srv, EXIT_TIMEOUT_MS);
	ck_assert_msg(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "the server did not exit 0 (status %d)", status);

	log = ts_log(&ts_srv);
	ck_assert_msg(log[0] && log[strlen(log) - 1] == '\n', "the log does not end a line");
	for (cursor = log; *cursor; cursor = end + 1) {
		end = strchr(cursor, '\n');  /* there is one: the log ends a line */
		*end = '\0';
		line = cursor;
		if (strncmp(line, "{\"method\":", 10) == 0) {
			check_line(line, aborted_seen);
			access_lines++;
		} else {
			/* The server's own lines: start-up, drain, stop, and
			 * libmicrohttpd's complaints (an aborted request may
			 * get one). Anything else is a piece of a cut line. */
			cJSON *doc = cJSON_Parse(line);

			ck_assert_msg(strncmp(line, "{\"level\":", 9) == 0 && cJSON_IsObject(doc),
				      "a line that is no log line: \"%s\"", line);
			info_lines += strcmp(json_str(doc, "level"), "info") == 0;
			cJSON_Delete(doc);
		}
		last = line;
	}
	ck_assert_msg(access_lines == N_LINES, "%zu access-log lines for %d requests",
		      access_lines, N_LINES);
	for (unsigned n = 0; n < ABORTED; n++)
		ck_assert_msg(aborted_seen[n], "no line for aborted request %u", n);
	ck_assert_msg(last && strstr(last, "\"msg\":\"stopped\""),
		      "a line after \"stopped\": %s", last ? last : "(none)");
	ck_assert_uint_eq(info_lines, 3);  /* listening, draining, stopped */
	free(log);
}
END_TEST

Suite *suite_access_log(void)
{
	Suite *s = suite_create("access-log");
	TCase *tc = tcase_create("load-and-stop");

	tcase_add_checked_fixture(tc, NULL, ts_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, every_line_whole_and_none_lost_at_sigterm);
	suite_add_tcase(s, tc);
	return s;
}
