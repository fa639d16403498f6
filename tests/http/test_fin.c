/*
 * "fin": requests that arrive with the client's FIN (written whole, then
 * shutdown(SHUT_WR)) are all answered before the connection ends:
 *  - three pipelined GET /healthz in one segment: three 200s (only the
 *    first was answered, the FIN going on before the other two);
 *  - a head the gate refuses (HTTP/2.0, a bare LF, a 33-byte method, a
 *    20-digit Content-Length): its one answer, not a silent close;
 *  - a 150 KB batch with the FIN (a half-close, the client still
 *    reading): its 200, after an interim 100 Continue, not 503 "its client
 *    hung up" (issue 37, item 5).
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "exchange.h"
#include "harness.h"

#define ROUNDS 10

/* Sends text on a new connection in one segment with the FIN, reads until
 * the server closes, and returns how many times `status` is in the answer;
 * *first: the answer's first status code (0: none). */
static unsigned answers_with_fin(const char *text, const char *status, long *first)
{
	int fd = raw_connect(ts_srv.port), one = 1;
	char buf[16384];
	size_t got = 0;
	unsigned n = 0;

	setsockopt(fd, IPPROTO_TCP, TCP_CORK, &one, sizeof(one));
	raw_send(fd, text, strlen(text));
	ck_assert_int_eq(shutdown(fd, SHUT_WR), 0);
	/* everything until the close (or 5 s) */
	for (int64_t deadline = now_ms() + 5000; got < sizeof(buf) - 1 && now_ms() < deadline;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t r;

		if (poll(&p, 1, 100) <= 0)
			continue;
		r = recv(fd, buf + got, sizeof(buf) - 1 - got, 0);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	buf[got] = '\0';
	close(fd);
	*first = strncmp(buf, "HTTP/1.1 ", 9) == 0 ? strtol(buf + 9, NULL, 10) : 0;
	for (const char *at = buf; (at = strstr(at, status)) != NULL; at++)
		n++;
	return n;
}

START_TEST(pipelined_with_fin)
{
	static const char three[] = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
				    "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
				    "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

	long first;

	for (int i = 0; i < ROUNDS; i++)
		ck_assert_uint_eq(answers_with_fin(three, "HTTP/1.1 200 ", &first), 3);
}
END_TEST

START_TEST(refused_with_fin)
{
	static const char *const heads[] = {
		"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n",
		"GET /healthz HTTP/1.1\nHost: x\n\n",
		"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /v1/mana/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 12345678901234567890\r\n\r\n",
	};

	long first;

	for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		for (int i = 0; i < ROUNDS; i++) {
			answers_with_fin(heads[h], "HTTP/1.1 ", &first);
			ck_assert_msg(first >= 400 && first < 600, "round %d: %ld to %s", i, first,
				      heads[h]);
		}
}
END_TEST

/* The batch of `n` small solves, malloc'd. */
static char *batch_body(int n)
{
	static const char query[] = "{\"battlefield\":[\"Forest\",\"Island\",\"Plains\"],"
				    "\"life\":20,\"cost\":\"{1}{G}{U}\"}";
	size_t cap = (size_t)n * sizeof(query) + 32, len;
	char *b = malloc(cap);

	ck_assert_ptr_nonnull(b);
	len = (size_t)snprintf(b, cap, "{\"queries\":[");
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(b + len, cap - len, "%s%s", i ? "," : "", query);
	snprintf(b + len, cap - len, "]}");
	return b;
}

START_TEST(half_close_is_no_hang_up)
{
	static const char *const args[] = { "--request-deadline", "600", NULL };
	static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\n";
	char *body = batch_body(2100), head[256], *buf = malloc(1 << 22);
	const char *answer;

	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_gt(strlen(body), 150000);
	ts_start(&ts_srv, args);
	for (int i = 0; i < ROUNDS; i++) {
		int fd = raw_connect(ts_srv.port);
		size_t got = 0;

		snprintf(head, sizeof(head), "POST /v1/mana/solve/batch HTTP/1.1\r\nHost: x\r\n"
			 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
			 strlen(body));
		raw_send(fd, head, strlen(head));
		raw_send(fd, body, strlen(body));
		ck_assert_int_eq(shutdown(fd, SHUT_WR), 0);
		for (int64_t deadline = now_ms() + 60000; got < (1 << 22) - 1 && now_ms() < deadline;) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			ssize_t r;

			if (poll(&p, 1, 100) <= 0)
				continue;
			r = recv(fd, buf + got, (1 << 22) - 1 - got, 0);
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		buf[got] = '\0';
		close(fd);
		answer = buf;
		while (strncmp(answer, cont, strlen(cont)) == 0)
			answer += strlen(cont);
		ck_assert_msg(strncmp(answer, "HTTP/1.1 200 ", 13) == 0, "round %d: %.300s", i, buf);
		ck_assert_msg(strstr(answer, "\r\n\r\n{\"results\":[") != NULL ||
			      strstr(answer, "\r\n\r\n{") != NULL, "round %d: %.300s", i, answer);
	}
	free(body);
	free(buf);
}
END_TEST

Suite *suite_fin(void)
{
	Suite *s = suite_create("fin");
	TCase *tc = tcase_create("fin");

	tcase_add_checked_fixture(tc, ts_setup_default, ts_teardown);
	tcase_add_test(tc, pipelined_with_fin);
	tcase_add_test(tc, refused_with_fin);
	suite_add_tcase(s, tc);
	tc = tcase_create("half-close");
	tcase_add_checked_fixture(tc, ts_setup_none, ts_teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, half_close_is_no_hang_up);
	suite_add_tcase(s, tc);
	return s;
}
