/*
 * The gate's head and chunked-body reader alone (src/http/head.c): good
 * and bad heads whole and a byte at a time, the canonical head it forwards,
 * the framing it decides, and chunked bodies.
 */
#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "http/head.h"

/* Feeds text (len bytes) at once (step 0) or in pieces of step bytes;
 * returns the last result, with *h, out and *why as left. */
static int feed(const char *text, size_t len, size_t step, struct mf_head *h, char *out,
		struct mf_head_refusal *why)
{
	int rc = MF_HEAD_MORE;

	mf_head_init(h);
	for (size_t n = step ? step : len; rc == MF_HEAD_MORE; n += step ? step : len) {
		rc = mf_head_feed(h, text, n < len ? n : len, out, why);
		if (n >= len)
			break;
	}
	return rc;
}

static const struct {
	const char *head;
	size_t len;             /* 0: strlen */
	int problem;            /* -1: accepted */
	const char *canonical;  /* accepted: what goes on */
	enum mf_head_body body;
	uint64_t length;
} cases[] = {
	{ "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n", 0, -1,
	  "GET /healthz HTTP/1.1\r\nHost:a\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "\r\nGET / HTTP/1.0\r\n\r\n", 0, -1, "GET / HTTP/1.0\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: \t047  \r\n\r\n", 0, -1,
	  "POST /x HTTP/1.1\r\nHost:a\r\nContent-Length:47\r\n\r\n", MF_HEAD_BODY_LENGTH, 47 },
	{ "POST /x HTTP/1.1\r\ncontent-length: 0\r\nhost: a\r\n\r\n", 0, -1,
	  "POST /x HTTP/1.1\r\ncontent-length:0\r\nhost:a\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked \r\n\r\n", 0, -1,
	  "POST /x HTTP/1.1\r\nHost:a\r\nTransfer-Encoding:Chunked\r\n\r\n", MF_HEAD_BODY_CHUNKED, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nX-A: caf\xc3\xa9\r\n\r\n", 0, -1,
	  "GET / HTTP/1.1\r\nHost:a\r\nX-A:caf\xc3\xa9\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "GET / HTTP/1.1\r\nHost:\r\n\r\n", 0, -1, "GET / HTTP/1.1\r\nHost:\r\n\r\n",
	  MF_HEAD_BODY_NONE, 0 },
	/* HTTP/1.x past 1.1 is served as 1.1: it needs Host too */
	{ "GET / HTTP/1.2\r\nHost: a\r\n\r\n", 0, -1, "GET / HTTP/1.2\r\nHost:a\r\n\r\n",
	  MF_HEAD_BODY_NONE, 0 },
	{ "GET / HTTP/1.2\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	/* absolute form goes on in origin form; other forms as sent */
	{ "GET http://x/healthz?a=1 HTTP/1.1\r\nHost: x\r\n\r\n", 0, -1,
	  "GET /healthz?a=1 HTTP/1.1\r\nHost:x\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "GET HTTPS://x:8080 HTTP/1.1\r\nHost: x\r\n\r\n", 0, -1,
	  "GET / HTTP/1.1\r\nHost:x\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "GET http://u@x?q HTTP/1.0\r\n\r\n", 0, -1, "GET /?q HTTP/1.0\r\n\r\n",
	  MF_HEAD_BODY_NONE, 0 },
	{ "GET http://x//http://y/ HTTP/1.1\r\nHost: x\r\n\r\n", 0, -1,
	  "GET //http://y/ HTTP/1.1\r\nHost:x\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 0, -1, "OPTIONS * HTTP/1.1\r\nHost:x\r\n\r\n",
	  MF_HEAD_BODY_NONE, 0 },
	{ "GET ftp://x/a HTTP/1.1\r\nHost: x\r\n\r\n", 0, -1,
	  "GET ftp://x/a HTTP/1.1\r\nHost:x\r\n\r\n", MF_HEAD_BODY_NONE, 0 },
	{ "GET http:///healthz HTTP/1.1\r\nHost: x\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET http:// HTTP/1.1\r\nHost: x\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET https://?a HTTP/1.1\r\nHost: x\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	/* Host: exactly one in HTTP/1.1, at most one in HTTP/1.0 */
	{ "GET / HTTP/1.1\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	/* Transfer-Encoding: chunked alone, once, in HTTP/1.1 */
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 0,
	  MF_PROBLEM_NOT_IMPLEMENTED, NULL, 0, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 0,
	  MF_PROBLEM_NOT_IMPLEMENTED, NULL, 0, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n", 0,
	  MF_PROBLEM_NOT_IMPLEMENTED, NULL, 0, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked x\r\n\r\n", 0,
	  MF_PROBLEM_NOT_IMPLEMENTED, NULL, 0, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n", 0,
	  MF_PROBLEM_NOT_IMPLEMENTED, NULL, 0, 0 },
	{ "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked"
	  "\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "POST /x HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\nHost: a\n\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\rHost: a\r\r", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET /healthz\0abc HTTP/1.1\r\n\r\n", 29, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\x01\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\x7f\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nX-A : a\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\n: a\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET  / HTTP/1.1\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / http/1.1\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET /\x80 HTTP/1.1\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "GET / HTTP/2.5\r\n\r\n", 0, MF_PROBLEM_HTTP_VERSION, NULL, 0, 0 },
	{ "GET / HTTP/0.9\r\n\r\n", 0, MF_PROBLEM_HTTP_VERSION, NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +47\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4 7\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 47,47\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x2f\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST,
	  NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n", 0, MF_PROBLEM_BAD_REQUEST, NULL,
	  0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n", 0,
	  MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 0,
	  MF_PROBLEM_BAD_REQUEST, NULL, 0, 0 },
	{ "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 12345678901234567890123\r\n\r\n", 0,
	  MF_PROBLEM_TOO_LARGE, NULL, 0, 0 },
};

START_TEST(heads)
{
	static const size_t steps[] = { 0, 1, 7 };
	char out[MF_HEAD_MAX];
	struct mf_head_refusal why;
	struct mf_head h;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].head);

		for (size_t s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
			int rc = feed(cases[i].head, len, steps[s], &h, out, &why);

			if (cases[i].problem >= 0) {
				ck_assert_msg(rc == MF_HEAD_REFUSED, "case %zu step %zu accepted", i,
					      steps[s]);
				ck_assert_int_eq(why.problem, cases[i].problem);
				ck_assert(why.detail[0] != '\0');
				continue;
			}
			ck_assert_msg(rc == MF_HEAD_DONE, "case %zu step %zu: %d %s", i, steps[s], rc,
				      rc == MF_HEAD_REFUSED ? why.detail : "");
			ck_assert_uint_eq(h.len, len);
			ck_assert_uint_eq(h.out_len, strlen(cases[i].canonical));
			ck_assert(memcmp(out, cases[i].canonical, h.out_len) == 0);
			ck_assert_int_eq(h.body, cases[i].body);
			ck_assert_uint_eq(h.length, cases[i].length);
		}
	}
}
END_TEST

/* Whether text is printable ASCII only, and so valid UTF-8. */
static bool printable(const char *text)
{
	for (const char *p = text; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			return false;
	return true;
}

/* A refusal names what it refuses; the transfer coding it quotes has what
 * is not printable ASCII escaped, and is cut between escapes: the detail
 * stays valid UTF-8 whatever the client sent (it copied the value byte for
 * byte, cut at 48 bytes, in the middle of a character if need be). */
START_TEST(refusal_details)
{
	static const struct {
		const char *head, *detail;
	} refusals[] = {
		{ "GET / HTTP/1.1\r\n\r\n", "needs a Host header" },
		{ "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", "more than one Host header" },
		{ "GET http:///a HTTP/1.1\r\nHost: a\r\n\r\n", "without a host" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
		  "Transfer-Encoding: gzip\r\n\r\n", "more than one Transfer-Encoding header" },
		{ "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", "older than HTTP/1.1" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
		  "transfer coding \"gzip, chunked\" is not supported" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\xff\r\n\r\n",
		  "transfer coding \"gzip\\xff\" is not supported" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: d\xe9" "flate\r\n\r\n",
		  "transfer coding \"d\\xe9" "flate\" is not supported" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: a\"b\\c\td\r\n\r\n",
		  "transfer coding \"a\\x22" "b\\x5c" "c\\x09" "d\" is not supported" },
		/* 46 characters, then an escape that would end past 48: cut before it */
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: "
		  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9\r\n\r\n",
		  "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" is not supported" },
		{ "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: "
		  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		  "\xc3\xa9\xc3\xa9\xc3\xa9\r\n\r\n",
		  "\"\\xc3\\xa9\\xc3\\xa9\\xc3\\xa9\\xc3\\xa9\\xc3\\xa9\\xc3\\xa9...\" is not" },
	};
	char out[MF_HEAD_MAX];
	struct mf_head_refusal why;
	struct mf_head h;

	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		int rc = feed(refusals[i].head, strlen(refusals[i].head), 0, &h, out, &why);

		ck_assert_msg(rc == MF_HEAD_REFUSED, "refusal %zu accepted", i);
		ck_assert_msg(strstr(why.detail, refusals[i].detail) != NULL, "refusal %zu: %s", i,
			      why.detail);
		ck_assert_msg(printable(why.detail), "refusal %zu: not printable ASCII: %s", i,
			      why.detail);
	}
}
END_TEST

/* A head stops at its end: the rest is the next request's or the body. */
START_TEST(head_end_and_limits)
{
	static const char two[] = "GET /a HTTP/1.0\r\n\r\nGET /b HTTP/1.0\r\n\r\n";
	char *big = malloc(MF_HEAD_MAX + 64), out[MF_HEAD_MAX];
	struct mf_head_refusal why;
	struct mf_head h;

	ck_assert_ptr_nonnull(big);
	mf_head_init(&h);
	ck_assert_int_eq(mf_head_feed(&h, two, sizeof(two) - 1, out, &why), MF_HEAD_DONE);
	ck_assert_uint_eq(h.len, 19);
	/* incomplete heads wait */
	mf_head_init(&h);
	ck_assert_int_eq(mf_head_feed(&h, two, 10, out, &why), MF_HEAD_MORE);
	/* a target past 8192 bytes: 414 before the line ends */
	memcpy(big, "GET /", 5);
	memset(big + 5, 'a', MF_HEAD_MAX);
	mf_head_init(&h);
	ck_assert_int_eq(mf_head_feed(&h, big, 9000, out, &why), MF_HEAD_REFUSED);
	ck_assert_int_eq(why.problem, MF_PROBLEM_URI_TOO_LONG);
	/* a head past 16384 bytes: 431 */
	memcpy(big, "GET / HTTP/1.1\r\nX: ", 19);
	memset(big + 19, 'a', MF_HEAD_MAX + 40);
	mf_head_init(&h);
	ck_assert_int_eq(mf_head_feed(&h, big, MF_HEAD_MAX + 1, out, &why), MF_HEAD_REFUSED);
	ck_assert_int_eq(why.problem, MF_PROBLEM_HEADERS_TOO_LARGE);
	/* 101 fields: 431; 100 are fine */
	for (int n = 100; n <= 101; n++) {
		size_t at = 16;

		memcpy(big, "GET / HTTP/1.0\r\n", 16);  /* 1.0: no Host among them */
		for (int k = 0; k < n; k++) {
			memcpy(big + at, "A: b\r\n", 6);
			at += 6;
		}
		memcpy(big + at, "\r\n", 2);
		mf_head_init(&h);
		ck_assert_int_eq(mf_head_feed(&h, big, at + 2, out, &why),
				 n == 100 ? MF_HEAD_DONE : MF_HEAD_REFUSED);
	}
	free(big);
}
END_TEST

/* Runs a chunked body through the reader in pieces of step bytes (0:
 * whole); returns the result and the forwarded bytes in out. */
static int chunked(const char *body, size_t step, char *out, size_t *out_len, size_t *used_all,
		   struct mf_head_refusal *why)
{
	struct mf_chunked c;
	size_t len = strlen(body), at = 0;
	int rc = MF_HEAD_MORE;

	mf_chunked_init(&c);
	*out_len = 0;
	while (rc == MF_HEAD_MORE && at < len) {
		size_t n = step && len - at > step ? step : len - at, used;

		rc = mf_chunked_feed(&c, body + at, n, &used, out, 4096, out_len, why);
		at += used;
	}
	*used_all = at;
	return rc;
}

START_TEST(chunked_bodies)
{
	static const struct {
		const char *body;
		int problem;             /* -1: accepted */
		const char *forwarded;
	} bodies[] = {
		{ "2\r\n{}\r\n0\r\n\r\nGET", -1, "2\r\n{}\r\n0\r\n\r\n" },
		{ "0002;a=b\r\n{}\r\nA ; x\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\n", -1,
		  "2\r\n{}\r\na\r\n0123456789\r\n0\r\n\r\n" },
		{ "zz\r\n{}\r\n0\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "2\r\n{}xx0\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "2\n{}\r\n0\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "0\r\nX T: 1\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "0\r\n folded\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "0\r\nX: a\x01\r\n\r\n", MF_PROBLEM_BAD_REQUEST, NULL },
		{ "fffffffffffffffffffff\r\n", MF_PROBLEM_TOO_LARGE, NULL },
	};
	char out[4096];
	struct mf_head_refusal why;

	for (size_t i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++)
		for (size_t step = 0; step < 3; step++) {
			size_t out_len, used;
			int rc = chunked(bodies[i].body, step, out, &out_len, &used, &why);

			if (bodies[i].problem >= 0) {
				ck_assert_msg(rc == MF_HEAD_REFUSED, "body %zu accepted", i);
				ck_assert_int_eq(why.problem, bodies[i].problem);
				continue;
			}
			ck_assert_msg(rc == MF_HEAD_DONE, "body %zu step %zu: %d", i, step, rc);
			ck_assert_uint_eq(out_len, strlen(bodies[i].forwarded));
			ck_assert(memcmp(out, bodies[i].forwarded, out_len) == 0);
			ck_assert_uint_eq(used, strlen(bodies[i].body) - (i == 0 ? 3 : 0));
		}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("head");
	TCase *t = tcase_create("head");
	SRunner *r;
	int failed;

	tcase_add_test(t, heads);
	tcase_add_test(t, refusal_details);
	tcase_add_test(t, head_end_and_limits);
	tcase_add_test(t, chunked_bodies);
	suite_add_tcase(s, t);
	r = srunner_create(s);
	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
