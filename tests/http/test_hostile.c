/*
 * What a hostile test pass found in requests: smuggling through ambiguous
 * framing, answers outside the problem+json contract, Host and path tricks,
 * keep-alive lost after 404 and 405, charsets other than UTF-8. (Its
 * floods of connections and a second server on the port: test_connections.c.)
 */
#define _GNU_SOURCE  /* strcasestr */

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/utf8.h"
#include "fixtures.h"
#include "harness.h"

#define SOLVE "/v1/mana/solve"
#define QUERY MF_FIX_FOREST_G  /* 46 bytes */

/* ------------------------------------------------------------------ */
/* Raw exchanges */

/* Everything the server sends on fd until it closes the connection or
 * timeout_ms pass, NUL-terminated in buf; *closed tells which. */
static size_t read_until_close(int fd, int timeout_ms, char *buf, size_t cap, bool *closed)
{
	int64_t deadline = now_ms() + timeout_ms;
	size_t got = 0;

	*closed = false;
	buf[0] = '\0';
	while (got + 1 < cap) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - now_ms());
		ssize_t n;

		if (left <= 0 || poll(&p, 1, left) <= 0)
			break;
		n = recv(fd, buf + got, cap - 1 - got, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			*closed = true;  /* EOF, or a reset after the answer */
			break;
		}
		got += (size_t)n;
		buf[got] = '\0';
	}
	return got;
}

/* Whether buf (len bytes) is exactly one answer with a Content-Length body:
 * nothing follows it. */
static bool one_answer(const char *buf, size_t len)
{
	const char *end = strstr(buf, "\r\n\r\n");
	const char *cl = strcasestr(buf, "\r\nContent-Length:");

	return end && cl && cl < end &&
	       len == (size_t)(end + 4 - buf) + strtoul(cl + 17, NULL, 10);
}

/* Sends request on a new connection and expects one answer of status
 * `status`, a problem document with X-Request-Id, and the connection closed
 * after it with nothing more said (what was sent after the request is
 * never answered). */
static void expect_refused_and_closed(const char *request, int status, const char *detail_part)
{
	char buf[16384], line[32];
	const char *body;
	bool closed;
	cJSON *doc;
	size_t len;
	int fd = raw_connect(ts_srv.port);

	raw_send(fd, request, strlen(request));
	len = read_until_close(fd, 5000, buf, sizeof(buf), &closed);
	close(fd);
	snprintf(line, sizeof(line), "HTTP/1.1 %d ", status);
	ck_assert_msg(strncmp(buf, line, strlen(line)) == 0, "expected %d to %s, got: %s", status,
		      request, buf);
	ck_assert_msg(closed, "the connection stays open after %d to %s", status, request);
	ck_assert_msg(one_answer(buf, len), "not exactly one answer to %s: %s", request, buf);
	ck_assert_msg(strcasestr(buf, "\r\nContent-Type: application/problem+json") != NULL,
		      "not a problem: %s", buf);
	ck_assert_msg(strcasestr(buf, "\r\nX-Request-Id: ") != NULL, "no X-Request-Id: %s", buf);
	ck_assert_msg(strcasestr(buf, "\r\nConnection: close") != NULL,
		      "no Connection: close: %s", buf);
	body = strstr(buf, "\r\n\r\n");
	ck_assert_ptr_nonnull(body);
	doc = cJSON_Parse(body + 4);
	ck_assert_msg(doc != NULL, "problem body is not JSON: %s", body + 4);
	ck_assert_int_eq(json_int(doc, "status"), status);
	if (detail_part)
		ck_assert_msg(strstr(json_str(doc, "detail"), detail_part) != NULL,
			      "detail lacks \"%s\": %s", detail_part, body + 4);
	cJSON_Delete(doc);
}

/* Reads n answers with a Content-Length body from fd (pipelined: several
 * may come in one read) into statuses; fails the test after timeout_ms. */
static void read_answers(int fd, int n, int timeout_ms, int *statuses)
{
	int64_t deadline = now_ms() + timeout_ms;
	static char buf[65536];
	size_t got = 0, at = 0;
	int done = 0;

	while (done < n) {
		const char *head = buf + at, *end = got > at ? strstr(head, "\r\n\r\n") : NULL;
		const char *cl = end ? strcasestr(head, "\r\nContent-Length:") : NULL;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - now_ms());
		ssize_t k;

		if (end && cl && cl < end &&
		    got - at >= (size_t)(end + 4 - head) + strtoul(cl + 17, NULL, 10)) {
			ck_assert_msg(strncmp(head, "HTTP/1.1 ", 9) == 0, "status line: %s", head);
			statuses[done++] = (int)strtol(head + 9, NULL, 10);
			at += (size_t)(end + 4 - head) + strtoul(cl + 17, NULL, 10);
			continue;
		}
		ck_assert_msg(left > 0 && poll(&p, 1, left) > 0,
			      "%d of %d answers within %d ms: %s", done, n, timeout_ms, buf);
		k = recv(fd, buf + got, sizeof(buf) - 1 - got, 0);
		ck_assert_msg(k > 0, "the connection closed after %d of %d answers: %s", done, n, buf);
		got += (size_t)k;
		buf[got] = '\0';
	}
}

/* ------------------------------------------------------------------ */
/* 4. Ambiguous framing */

/* Content-Length and Transfer-Encoding together: the chunked body ended
 * early and a GET hidden in the rest was answered. */
START_TEST(content_length_with_chunked)
{
	expect_refused_and_closed("POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
				  "Content-Type: application/json\r\nContent-Length: 39\r\n"
				  "Transfer-Encoding: chunked\r\n\r\n"
				  "0\r\n\r\nGET /metrics HTTP/1.1\r\nHost: x\r\n\r\n",
				  400, "Transfer-Encoding");
}
END_TEST

/* Two Content-Length values: the first was used, the rest of the body read
 * as the next request. */
START_TEST(two_content_lengths)
{
	expect_refused_and_closed("POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
				  "Content-Type: application/json\r\nContent-Length: 48\r\n"
				  "Content-Length: 3\r\n\r\n" QUERY
				  "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Content-Length");
	expect_refused_and_closed("POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
				  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
				  "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, NULL);
}
END_TEST

/* A space before a header's colon: libmicrohttpd kept "Content-Length "
 * as a name of its own, answered the GET as bodiless and then the body,
 * a second request, as well: a request smuggled past a proxy that reads
 * the length. A bare CR inside a value and a name with a control character
 * are refused the same way. */
START_TEST(header_names_and_values)
{
	expect_refused_and_closed("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length : 48\r\n\r\n"
				  "GET /nonexistent-smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
				  400, "token");
	expect_refused_and_closed("POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
				  "Content-Type: application/json\r\nContent-Length\t: 48\r\n\r\n"
				  QUERY, 400, "token");
	expect_refused_and_closed("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400,
				  "control character");
	expect_refused_and_closed("GET /healthz HTTP/1.1\r\nHost: x\r\nX\x01Y: 1\r\n\r\n", 400,
				  "token");
}
END_TEST

/* A transfer coding other than chunked: the body was read until the
 * client gave up, with no answer, for the whole idle timeout. */
START_TEST(unknown_transfer_codings)
{
	static const char *const codings[] = { "gzip, chunked", "xchunked", "chunked x", "gzip",
					       "identity" };
	char req[512];

	for (size_t i = 0; i < sizeof(codings) / sizeof(codings[0]); i++) {
		snprintf(req, sizeof(req), "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
			 "Content-Type: application/json\r\nTransfer-Encoding: %s\r\n\r\n"
			 "0\r\n\r\n", codings[i]);
		expect_refused_and_closed(req, 501, "transfer coding");
	}
	/* Any case of chunked itself is fine. */
	{
		struct hx_resp r;

		ck_assert_int_eq(hx_raw(ts_srv.port, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
					"Content-Type: application/json\r\nConnection: close\r\n"
					"Transfer-Encoding: Chunked\r\n\r\n2e\r\n" QUERY "\r\n0\r\n\r\n",
					5000, &r), 200);
		hx_free(&r);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* 5. The edge: what libmicrohttpd accepted or answered itself (issue 23,
 * rows 6 to 8), now refused by the gate (src/http/gate.h) */

/* NULs inside: their lengths are sizeof - 1. The first was routed to
 * /healthz. */
#define NUL_IN_TARGET "GET /healthz\0abc HTTP/1.1\r\nHost: x\r\n\r\n"
#define NUL_IN_VALUE "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n"

/* Each malformed request, with the id and status openapi.yaml lists it
 * under in x-manaflow-edge-refusals. */
static const struct {
	const char *id;
	int status;
	const char *request;
	size_t len;  /* 0: strlen(request); else the bytes, NULs included */
} edge_refusals[] = {
	{ "line-folding", 400, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\n\r\n", 0 },
	{ "bare-lf", 400, "GET /healthz HTTP/1.1\nHost: a\n\n", 0 },
	{ "bare-cr", 400, "GET /healthz HTTP/1.1\rHost: a\r\r", 0 },
	{ "nul", 400, NUL_IN_TARGET, sizeof(NUL_IN_TARGET) - 1 },
	{ "nul", 400, NUL_IN_VALUE, sizeof(NUL_IN_VALUE) - 1 },
	{ "request-line-malformed", 400, "GET /healthz\r\nHost: x\r\n\r\n", 0 },
	{ "request-line-malformed", 400, "GET /healthz http/1.1\r\nHost: x\r\n\r\n", 0 },
	{ "request-line-malformed", 400, "GET http:///healthz HTTP/1.1\r\nHost: x\r\n\r\n", 0 },
	{ "header-line-malformed", 400, "GET /healthz HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 0 },
	{ "http-version", 505, "GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 0 },
	{ "http-version", 505, "GET /healthz HTTP/2.5\r\nHost: x\r\n\r\n", 0 },
	{ "http-version", 505, "GET /healthz HTTP/0.9\r\nHost: x\r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: -1\r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: +47\r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length:  4 7 \r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: 47,47\r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: 0x2f\r\n\r\n", 0 },
	{ "content-length-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: abc\r\n\r\n", 0 },
	{ "content-length-twice", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: 47\r\nContent-Length: 46\r\n\r\n", 0 },
	{ "content-length-and-chunked", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 0 },
	{ "host-missing", 400, "GET /healthz HTTP/1.1\r\n\r\n", 0 },
	{ "host-missing", 400, "POST " SOLVE " HTTP/1.1\r\nContent-Type: application/json\r\n"
	  "Content-Length: 46\r\n\r\n" QUERY, 0 },
	{ "host-twice", 400, "GET /healthz HTTP/1.1\r\nHost: x\r\nHost: x\r\n\r\n", 0 },
	{ "host-twice", 400, "GET /healthz HTTP/1.0\r\nHost: x\r\nHost: y\r\n\r\n", 0 },
	{ "transfer-encoding-twice", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
	  "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 0 },
	{ "transfer-encoding-http10", 400, "POST " SOLVE " HTTP/1.0\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 0 },
	{ "transfer-coding-unknown", 501, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 0 },
	{ "transfer-coding-unknown", 501, "GET /healthz HTTP/1.1\r\nHost: x\r\n"
	  "Transfer-Encoding: gzip\r\n\r\n", 0 },
	{ "content-length-too-large", 413, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nContent-Length: 12345678901234567890123\r\n\r\n", 0 },
	{ "chunk-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", 0 },
	{ "chunk-malformed", 400, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}xx0\r\n\r\n", 0 },
	{ "chunk-too-large", 413, "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
	  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "fffffffffffffffffffff\r\n{}\r\n0\r\n\r\n", 0 },
	{ "uri-too-long", 414, NULL, 0 },       /* a 40000-byte path, made below */
	{ "headers-too-large", 431, NULL, 0 },  /* a 40000-byte header, made below */
};

/* Sends request (len bytes) on a new connection, after `before` (a valid
 * request answered first, or NULL), and expects exactly one more answer:
 * status, problem+json that parses with that status, X-Request-Id, the
 * security headers, Connection: close, and the connection closed. */
static void expect_edge_refusal(const char *what, const char *before, const char *request,
				size_t len, int status)
{
	char *buf = malloc(65536), line[32];
	const char *at, *body;
	bool closed;
	size_t got;
	cJSON *doc;
	int fd = raw_connect(ts_srv.port);

	ck_assert_ptr_nonnull(buf);
	if (before)
		send(fd, before, strlen(before), MSG_NOSIGNAL);
	send(fd, request, len, MSG_NOSIGNAL);  /* may be cut short by the answer */
	got = read_until_close(fd, 5000, buf, 65536, &closed);
	close(fd);
	at = buf;
	if (before) {  /* the answer to the valid request comes first, whole */
		ck_assert_msg(strncmp(buf, "HTTP/1.1 200 ", 13) == 0, "%s: first %.200s", what, buf);
		at = strstr(buf, "\r\n\r\n") + 4 + 15;  /* {"status":"ok"} */
		got -= (size_t)(at - buf);
	}
	snprintf(line, sizeof(line), "HTTP/1.1 %d ", status);
	ck_assert_msg(strncmp(at, line, strlen(line)) == 0, "%s: expected %d, got %.300s", what,
		      status, at);
	ck_assert_msg(closed, "%s: the connection stays open", what);
	ck_assert_msg(one_answer(at, got), "%s: not exactly one answer: %s", what, at);
	ck_assert_msg(strcasestr(at, "\r\nContent-Type: application/problem+json\r\n"), "%s: %s",
		      what, at);
	ck_assert_msg(strcasestr(at, "\r\nX-Request-Id: "), "%s: no X-Request-Id: %s", what, at);
	ck_assert_msg(strcasestr(at, "\r\nX-Content-Type-Options: nosniff\r\n"), "%s: %s", what, at);
	ck_assert_msg(strcasestr(at, "\r\nContent-Security-Policy: default-src 'none'"), "%s: %s",
		      what, at);
	ck_assert_msg(strcasestr(at, "\r\nConnection: close\r\n"), "%s: %s", what, at);
	body = strstr(at, "\r\n\r\n") + 4;
	doc = cJSON_Parse(body);
	ck_assert_msg(doc != NULL, "%s: the body is not JSON: %s", what, body);
	ck_assert_int_eq(json_int(doc, "status"), status);
	ck_assert_msg(strncmp(json_str(doc, "type"), "urn:manaflow:problem:", 21) == 0, "%s", body);
	ck_assert_msg(json_str(doc, "detail")[0] != '\0', "%s: no detail", what);
	cJSON_Delete(doc);
	free(buf);
}

/* Every malformed head and chunked body is one problem+json answer and a
 * close, on the first request of a connection and on a later one (after a
 * valid request answered on it), and openapi.yaml lists each. */
START_TEST(edge_refusals_documented)
{
	static const char valid[] = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
	char *spec = read_source_file("openapi.yaml", NULL);
	const char *block = strstr(spec, "\nx-manaflow-edge-refusals:\n");
	char *big = malloc(40100);
	const char *end;

	ck_assert_msg(block != NULL, "openapi.yaml has no x-manaflow-edge-refusals");
	end = strstr(block + 2, "\n\n");
	ck_assert_ptr_nonnull(big);
	for (size_t i = 0; i < sizeof(edge_refusals) / sizeof(edge_refusals[0]); i++) {
		const char *req = edge_refusals[i].request, *entry;
		size_t len = edge_refusals[i].len;
		char want[128];

		if (!req && edge_refusals[i].status == 414) {
			snprintf(big, 40100, "GET /%040000d HTTP/1.1\r\nHost: x\r\n\r\n", 0);
			req = big;
		} else if (!req) {
			snprintf(big, 40100, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: %040000d\r\n\r\n",
				 0);
			req = big;
		}
		if (!len)
			len = strlen(req);
		snprintf(want, sizeof(want), "  - id: %s\n    status: %d\n", edge_refusals[i].id,
			 edge_refusals[i].status);
		entry = strstr(block, want);
		ck_assert_msg(entry && (!end || entry < end), "x-manaflow-edge-refusals lacks\n%s", want);
		expect_edge_refusal(edge_refusals[i].id, NULL, req, len, edge_refusals[i].status);
		expect_edge_refusal(edge_refusals[i].id, valid, req, len, edge_refusals[i].status);
	}
	free(big);
	free(spec);
}
END_TEST

/* What the gate accepts goes on whole: 047 is 47, optional whitespace
 * around a value, a chunk extension and trailer fields; the body is the
 * one sent. */
START_TEST(edge_accepts)
{
	static const char *const requests[] = {
		"POST " SOLVE " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
		"Connection: close\r\nContent-Length: 046\r\n\r\n" QUERY,
		"POST " SOLVE " HTTP/1.1\r\nHost: x\r\nContent-Type:application/json \r\n"
		"Connection: close\r\nContent-Length: \t46  \r\n\r\n" QUERY,
		"POST " SOLVE " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
		"Connection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
		"0002e;ext=\"1\"\r\n" QUERY "\r\n0\r\nX-Trailer: 1\r\n\r\n",
		"\r\nGET /healthz HTTP/1.0\r\n\r\n",
	};
	struct hx_resp r;

	for (size_t i = 0; i < sizeof(requests) / sizeof(requests[0]); i++) {
		ck_assert_msg(hx_raw(ts_srv.port, requests[i], 5000, &r) == 200, "%s -> %ld %s",
			      requests[i], r.status, r.body);
		if (i < 3)
			ck_assert_msg(strstr(r.body, "\"castable\":true") != NULL, "%s", r.body);
		hx_free(&r);
	}
}
END_TEST

/* A head that arrives in pieces, each read on its own: the gate kept the
 * canonical lines of the first piece in a buffer it then freed (the
 * request reached libmicrohttpd garbled, and went unanswered under ASan). */
START_TEST(edge_head_in_pieces)
{
	static const char *const pieces[] = { "GET /healthz HTTP/1.1\r\n", "Host: x\r\nX-A:",
					      " 1\r\nConnection: close\r\n", "\r\n" };
	char buf[4096];
	const char *body;
	int fd = raw_connect(ts_srv.port);

	for (size_t i = 0; i < sizeof(pieces) / sizeof(pieces[0]); i++) {
		raw_send(fd, pieces[i], strlen(pieces[i]));
		sleep_ms(50);
	}
	ck_assert_int_eq(raw_read_response(fd, 5000, buf, sizeof(buf), &body), 200);
	ck_assert_str_eq(body, "{\"status\":\"ok\"}");
	close(fd);
}
END_TEST

/* The answer to request on a new connection (up to the close), malloc'd;
 * its X-Request-Id into id. */
static char *refusal_of(const char *request, int status, char id[80])
{
	char *buf = malloc(16384), line[32];
	const char *h;
	bool closed;
	int fd = raw_connect(ts_srv.port);

	ck_assert_ptr_nonnull(buf);
	send(fd, request, strlen(request), MSG_NOSIGNAL);
	read_until_close(fd, 5000, buf, 16384, &closed);
	close(fd);
	snprintf(line, sizeof(line), "HTTP/1.1 %d ", status);
	ck_assert_msg(strncmp(buf, line, strlen(line)) == 0, "expected %d to %s, got %s", status,
		      request, buf);
	h = strcasestr(buf, "\r\nX-Request-Id: ");
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(sscanf(h + 16, "%79[^\r]", id), 1);
	return buf;
}

/* The access-log line of request id: waits up to 5 s for it. */
static cJSON *access_line(const char *id)
{
	char needle[128];
	int64_t deadline = now_ms() + 5000;

	snprintf(needle, sizeof(needle), "\"request_id\":\"%s\"", id);
	for (;;) {
		char *log = ts_log(&ts_srv), *at, *start, *end;
		cJSON *doc = NULL;

		/* the error log's warning names the id too: the access line is
		 * the one that starts with the method */
		for (at = strstr(log, needle); at && !doc; at = strstr(at + 1, needle)) {
			for (start = at; start > log && start[-1] != '\n'; start--)
				;
			end = strchr(at, '\n');
			if (!end || strncmp(start, "{\"method\":", 10) != 0)
				continue;
			*end = '\0';
			doc = cJSON_Parse(start);
			ck_assert_msg(doc != NULL, "not JSON: %s", start);
		}
		free(log);
		if (doc)
			return doc;
		ck_assert_msg(now_ms() < deadline, "no access-log line for %s", id);
		sleep_ms(20);
	}
}

/* The gate's refusals carry the CORS headers when the head was read as
 * far as an allowed Origin (and Vary: Origin, as every answer when a list
 * decides), and each is one access-log line with the client's address. */
START_TEST(edge_refusals_cors_and_logged)
{
	static const char *const args[] = { "--cors-origin", "https://deck.example", NULL };
	char id[80], *a;
	cJSON *line;

	ts_start(&ts_srv, args);
	/* Origin before the folded line: known, allowed. */
	a = refusal_of("GET /healthz?x=1 HTTP/1.1\r\nHost: x\r\nOrigin: https://deck.example\r\n"
		       "X-A: b\r\n c\r\n\r\n", 400, id);
	ck_assert_msg(strstr(a, "\r\nAccess-Control-Allow-Origin: https://deck.example\r\n") &&
		      strstr(a, "\r\nAccess-Control-Expose-Headers: X-Request-Id, ETag\r\n") &&
		      strstr(a, "\r\nVary: Origin\r\n"), "no CORS headers: %s", a);
	free(a);
	line = access_line(id);
	ck_assert_str_eq(json_str(line, "method"), "GET");
	ck_assert_str_eq(json_str(line, "path"), "/healthz");
	ck_assert_int_eq(json_int(line, "status"), 400);
	ck_assert_int_gt(json_int(line, "bytes"), 0);
	ck_assert_str_eq(json_str(line, "client"), "127.0.0.1");
	ck_assert_ptr_null(cJSON_GetObjectItem(line, "aborted"));
	cJSON_Delete(line);
	/* An origin not on the list: no allow headers. */
	a = refusal_of("GET /healthz HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.example\r\n"
		       "X-A: b\r\n c\r\n\r\n", 400, id);
	ck_assert_msg(!strcasestr(a, "Access-Control-Allow-Origin") && strstr(a, "\r\nVary: Origin\r\n"),
		      "%s", a);
	free(a);
	/* Origin after the line refused: never read, so no allow headers. */
	a = refusal_of("GET /healthz HTTP/1.1\r\nHost: x\r\nNoColon\r\n"
		       "Origin: https://deck.example\r\n\r\n", 400, id);
	ck_assert_msg(!strcasestr(a, "Access-Control-Allow-Origin"), "%s", a);
	free(a);
	/* A request line refused: method and path unknown. */
	a = refusal_of("GET /healthz HTTP/2.0\r\nHost: x\r\nOrigin: https://deck.example\r\n\r\n",
		       505, id);
	ck_assert_msg(!strcasestr(a, "Access-Control-Allow-Origin"), "%s", a);
	free(a);
	line = access_line(id);
	ck_assert_str_eq(json_str(line, "method"), "");
	ck_assert_str_eq(json_str(line, "path"), "");
	ck_assert_int_eq(json_int(line, "status"), 505);
	ck_assert_str_eq(json_str(line, "client"), "127.0.0.1");
	cJSON_Delete(line);
	/* A chunked body refused after its head went on: the head's Origin. */
	a = refusal_of("POST " SOLVE " HTTP/1.1\r\nHost: x\r\nOrigin: https://deck.example\r\n"
		       "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
		       "zz\r\n{}\r\n0\r\n\r\n", 400, id);
	ck_assert_msg(strstr(a, "\r\nAccess-Control-Allow-Origin: https://deck.example\r\n"), "%s", a);
	free(a);
	line = access_line(id);
	ck_assert_str_eq(json_str(line, "method"), "POST");
	ck_assert_str_eq(json_str(line, "path"), SOLVE);
	cJSON_Delete(line);
}
END_TEST

/* Whether buf[0..len) is well-formed UTF-8. */
static bool is_utf8(const char *buf, size_t len)
{
	for (size_t i = 0, n; i < len; i += n)
		if ((n = mf_utf8_sequence((const unsigned char *)buf + i, len - i)) == 0)
			return false;
	return true;
}

/* An unknown transfer coding's 501 quotes it: its bytes went into the
 * detail as sent (gzip\xff, d\xe9flate, a cut at 48 bytes inside a
 * character), and the answer was not UTF-8, so no JSON a strict client
 * reads. What is not printable ASCII is escaped as \xHH. */
START_TEST(unknown_coding_detail_utf8)
{
	static const struct {
		const char *coding, *quoted;
	} cases[] = {
		{ "gzip\xff", "\"gzip\\xff\"" },
		{ "d\xe9" "flate", "\"d\\xe9" "flate\"" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9",
		  "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\"" },
		{ "gzip\xc3\xa9", "\"gzip\\xc3\\xa9\"" },
	};
	char req[512], id[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *a;
		const char *body;
		cJSON *doc;

		snprintf(req, sizeof(req), "POST " SOLVE " HTTP/1.1\r\nHost: x\r\n"
			 "Content-Type: application/json\r\nTransfer-Encoding: %s\r\n\r\n0\r\n\r\n",
			 cases[i].coding);
		a = refusal_of(req, 501, id);
		body = strstr(a, "\r\n\r\n");
		ck_assert_ptr_nonnull(body);
		body += 4;
		ck_assert_msg(is_utf8(body, strlen(body)), "case %zu: not UTF-8: %s", i, body);
		doc = cJSON_Parse(body);
		ck_assert_msg(doc != NULL, "case %zu: not JSON: %s", i, body);
		ck_assert_msg(strstr(json_str(doc, "detail"), cases[i].quoted) != NULL,
			      "case %zu: the detail does not quote %s: %s", i, cases[i].quoted, body);
		cJSON_Delete(doc);
		free(a);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* 6. Host, and paths that decode to something else */

START_TEST(host_header)
{
	struct hx_resp r;

	expect_refused_and_closed("GET /healthz HTTP/1.1\r\n\r\n", 400, "Host");
	expect_refused_and_closed("GET /healthz HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400,
				  "Host");
	expect_refused_and_closed("POST " SOLVE " HTTP/1.1\r\nContent-Type: application/json\r\n"
				  "Content-Length: 46\r\n\r\n" QUERY, 400, "Host");
	expect_refused_and_closed("GET /healthz HTTP/1.0\r\nHost: x\r\nHost: x\r\n\r\n", 400,
				  "Host");
	/* HTTP/1.0 needs none. */
	ck_assert_int_eq(hx_raw(ts_srv.port, "GET /healthz HTTP/1.0\r\n\r\n", 5000, &r), 200);
	hx_free(&r);
}
END_TEST

/* GET path on a new connection (Connection: close); the answer's status. */
static long raw_get(const char *path, struct hx_resp *r)
{
	char req[512];

	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path);
	return hx_raw(ts_srv.port, req, 5000, r);
}

START_TEST(encoded_slash_and_nul)
{
	static const char *const refused[] = { "/v1%2Flands", "/v1%2flands", "/metrics%00.css",
					       "/healthz%00", "%2Fhealthz" };
	struct hx_resp r;

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		ck_assert_msg(raw_get(refused[i], &r) == 404, "GET %s: %ld %.200s", refused[i], r.status,
			      r.body);
		ck_assert_str_eq(hx_header(&r, "Content-Type"), "application/problem+json");
		ck_assert_ptr_nonnull(hx_header(&r, "X-Request-Id"));
		hx_free(&r);
	}
	/* Other escapes still decode. */
	ck_assert_int_eq(raw_get("/v1/l%61nds", &r), 200);
	hx_free(&r);
	ck_assert_int_eq(raw_get("/%68ealthz?x=%2F", &r), 200);
	hx_free(&r);
}
END_TEST

/* An absolute-form target is served as its path (RFC 9112 section 3.2.2:
 * a server must accept it): GET http://x/healthz got 404. An http URI
 * without a host is refused. */
START_TEST(absolute_form)
{
	static const struct {
		const char *target;
		long status;
		const char *type;
	} cases[] = {
		{ "http://x/healthz", 200, "application/json" },
		{ "HTTP://localhost:8080/v1/lands?x=1", 200, "application/json" },
		{ "https://x", 200, "text/html; charset=utf-8" },     /* the path is / */
		{ "http://x?a=1", 200, "text/html; charset=utf-8" },
		{ "http://x/nope", 404, "application/problem+json" },
		{ "ftp://x/healthz", 404, "application/problem+json" },  /* not an http URI */
	};
	struct hx_resp r;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(raw_get(cases[i].target, &r) == cases[i].status, "GET %s: %ld %.200s",
			      cases[i].target, r.status, r.body);
		ck_assert_str_eq(hx_header(&r, "Content-Type"), cases[i].type);
		hx_free(&r);
	}
	ck_assert_int_eq(hx_raw(ts_srv.port, "POST http://x" SOLVE " HTTP/1.1\r\nHost: x\r\n"
				"Content-Type: application/json\r\nConnection: close\r\n"
				"Content-Length: 46\r\n\r\n" QUERY, 5000, &r), 200);
	ck_assert_msg(strstr(r.body, "\"castable\":true") != NULL, "%s", r.body);
	hx_free(&r);
	expect_refused_and_closed("GET http:///healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400,
				  "without a host");
}
END_TEST

/* OPTIONS * asks about the server as a whole (RFC 9110 section 9.3.7):
 * 204 with every method some path answers (it got 404). Any other method
 * on * is a path no route has. */
START_TEST(options_asterisk)
{
	struct hx_resp r;

	ck_assert_int_eq(hx_raw(ts_srv.port, "OPTIONS * HTTP/1.1\r\nHost: x\r\n"
				"Connection: close\r\n\r\n", 5000, &r), 204);
	ck_assert_str_eq(hx_header(&r, "Allow"), "GET, HEAD, POST, OPTIONS");
	ck_assert_ptr_nonnull(hx_header(&r, "X-Request-Id"));
	ck_assert_str_eq(hx_header(&r, "X-Content-Type-Options"), "nosniff");
	ck_assert_ptr_null(hx_header(&r, "Access-Control-Allow-Methods"));
	ck_assert_uint_eq(r.len, 0);
	hx_free(&r);
	ck_assert_int_eq(hx_raw(ts_srv.port, "OPTIONS * HTTP/1.0\r\n\r\n", 5000, &r), 204);
	hx_free(&r);
	ck_assert_int_eq(hx_raw(ts_srv.port, "GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
				5000, &r), 404);
	ck_assert_str_eq(hx_header(&r, "Content-Type"), "application/problem+json");
	hx_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 7. 404 and 405 keep the connection */

START_TEST(keep_alive_after_404_405)
{
	static const char pipeline[] =
		"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
		"GET " SOLVE " HTTP/1.1\r\nHost: x\r\n\r\n"
		"DELETE /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
		"POST /v1/nope HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
		"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
	static const int want[] = { 404, 405, 405, 404, 200 };
	static const char more[] = "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n";
	static const char with_body[] = "POST /nope HTTP/1.1\r\nHost: x\r\n"
					"Content-Type: application/json\r\nContent-Length: 48\r\n\r\n";
	int got[5], fd = raw_connect(ts_srv.port);
	char buf[4096];
	bool closed;

	raw_send(fd, pipeline, strlen(pipeline));
	read_answers(fd, 5, 5000, got);
	for (int i = 0; i < 5; i++)
		ck_assert_msg(got[i] == want[i], "answer %d: %d, not %d", i + 1, got[i], want[i]);
	/* Still open for more. */
	raw_send(fd, more, strlen(more));
	read_answers(fd, 1, 5000, got);
	ck_assert_int_eq(got[0], 404);
	close(fd);
	/* With a body coming, the refusal is answered at once and the
	 * connection closed rather than the body read. */
	fd = raw_connect(ts_srv.port);
	raw_send(fd, with_body, strlen(with_body));
	read_until_close(fd, 5000, buf, sizeof(buf), &closed);
	close(fd);
	ck_assert_msg(strncmp(buf, "HTTP/1.1 404 ", 13) == 0 && closed, "%s", buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 11. Only UTF-8 JSON */

START_TEST(charset)
{
	static const struct {
		const char *type;
		long status;
	} cases[] = {
		{ "application/json;charset=latin1", 415 },
		{ "application/json; charset=ISO-8859-1", 415 },
		{ "application/json; charset=\"latin1\"", 415 },
		{ "application/json; charset=utf-16", 415 },
		{ "application/json; charset=utf-8x", 415 },
		{ "application/json; charset", 415 },
		{ "application/json; charset=\"utf-8", 415 },
		{ "application/json; q=1; charset=latin1", 415 },
		{ "application/json;charset=utf-8", 200 },
		{ "application/json; charset=UTF-8", 200 },
		{ "application/json; charset=\"utf-8\"", 200 },
		{ "application/json ; charset = Utf-8 ", 200 },
		{ "APPLICATION/JSON; foo=bar", 200 },
		{ "application/json; foo=\"a;b\"; charset=utf-8", 200 },
		{ "application/json;", 200 },
	};
	struct hx_resp r;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char type[128];
		const char *const headers[] = { type, NULL };

		snprintf(type, sizeof(type), "Content-Type: %s", cases[i].type);
		hx_request(NULL, ts_srv.port, "POST", SOLVE, headers, QUERY, strlen(QUERY), &r);
		ck_assert_msg(r.status == cases[i].status, "Content-Type: %s -> %ld, not %ld",
			      cases[i].type, r.status, cases[i].status);
		if (r.status == 415)
			expect_problem(&r, 415, NULL, "UTF-8");
		hx_free(&r);
	}
}
END_TEST

Suite *suite_hostile(void)
{
	Suite *s = suite_create("hostile");
	TCase *framing = tcase_create("framing");

	tcase_add_checked_fixture(framing, ts_setup_default, ts_teardown);
	tcase_add_test(framing, content_length_with_chunked);
	tcase_add_test(framing, two_content_lengths);
	tcase_add_test(framing, header_names_and_values);
	tcase_add_test(framing, unknown_transfer_codings);
	tcase_add_test(framing, unknown_coding_detail_utf8);
	tcase_add_test(framing, edge_refusals_documented);
	tcase_add_test(framing, edge_accepts);
	tcase_add_test(framing, edge_head_in_pieces);
	tcase_add_test(framing, edge_refusals_cors_and_logged);
	tcase_add_test(framing, host_header);
	tcase_add_test(framing, encoded_slash_and_nul);
	tcase_add_test(framing, absolute_form);
	tcase_add_test(framing, options_asterisk);
	tcase_add_test(framing, keep_alive_after_404_405);
	tcase_add_test(framing, charset);
	suite_add_tcase(s, framing);
	return s;
}
