/*
 * "fin": requests that arrive with the client's FIN (written whole, then
 * shutdown(SHUT_WR)) are all answered before the connection ends:
 *  - three pipelined GET /healthz in one segment: three 200s (only the
 *    first was answered, the FIN going on before the other two);
 *  - a head the gate refuses (HTTP/2.0, a bare LF, a 33-byte method, a
 *    20-digit Content-Length): its one answer, not a silent close.
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

Suite *suite_fin(void)
{
	Suite *s = suite_create("fin");
	TCase *tc = tcase_create("fin");

	tcase_add_checked_fixture(tc, ts_setup_default, ts_teardown);
	tcase_add_test(tc, pipelined_with_fin);
	tcase_add_test(tc, refused_with_fin);
	suite_add_tcase(s, tc);
	return s;
}
