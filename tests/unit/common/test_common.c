/*
 * The bottom floor (src/common) alone: the logger's exact lines and how
 * long it may wait, its writer path, and the known values of splitmix64,
 * FNV-1a and the status names.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/hash.h"
#include "common/log.h"
#include "common/random.h"
#include "manaflow/common.h"

/* Milliseconds of the monotonic clock. */
static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* mf_log_format writes want exactly, fits in exactly its length, and
 * refuses a byte less. */
static void expect_line(enum mf_log_level level, const char *msg, const struct mf_log_kv *kv,
			const char *want)
{
	char buf[MF_LOG_LINE_MAX];
	size_t n = mf_log_format(buf, sizeof(buf), level, msg, kv);

	ck_assert_msg(n == strlen(want) && memcmp(buf, want, n) == 0, "got %.*s\nnot %s",
		      (int)n, buf, want);
	ck_assert_uint_eq(mf_log_format(buf, n, level, msg, kv), n);
	ck_assert_uint_eq(mf_log_format(buf, n - 1, level, msg, kv), 0);
}

START_TEST(log_format)
{
	expect_line(MF_LOG_INFO, "stopped", NULL, "{\"level\":\"info\",\"msg\":\"stopped\"}\n");
	expect_line(MF_LOG_INFO, "listening", MF_LOG_KVS(
		MF_LOG_STR("host", "0.0.0.0"), MF_LOG_UINT("port", 8080), MF_LOG_UINT("threads", 2),
		MF_LOG_STR("version", "0.1.0")),
		"{\"level\":\"info\",\"msg\":\"listening\",\"host\":\"0.0.0.0\",\"port\":8080,"
		"\"threads\":2,\"version\":\"0.1.0\"}\n");
	expect_line(MF_LOG_WARN, "exiting at once", MF_LOG_KVS(
		MF_LOG_INT("signal", 15), MF_LOG_INT("status", 143)),
		"{\"level\":\"warn\",\"msg\":\"exiting at once\",\"signal\":15,\"status\":143}\n");
	/* Every kind of value, the extremes, and null for a missing string. */
	expect_line(MF_LOG_ERROR, "kinds", MF_LOG_KVS(
		MF_LOG_INT("min", INT64_MIN), MF_LOG_INT("neg", -1), MF_LOG_UINT("max", UINT64_MAX),
		MF_LOG_BOOL("t", true), MF_LOG_BOOL("f", false), MF_LOG_STR("none", NULL)),
		"{\"level\":\"error\",\"msg\":\"kinds\",\"min\":-9223372036854775808,\"neg\":-1,"
		"\"max\":18446744073709551615,\"t\":true,\"f\":false,\"none\":null}\n");
	/* The access log's escaping, in the message, the keys and the values. */
	expect_line(MF_LOG_ERROR, "a \"b\" \\ c\n", MF_LOG_KVS(
		MF_LOG_STR("k\"", "\x01\x1f\x7f\xc3\xa9 ~")),
		"{\"level\":\"error\",\"msg\":\"a \\\"b\\\" \\\\ c\\u000a\",\"k\\\"\":"
		"\"\\u0001\\u001f\\u007f\\u00c3\\u00a9 ~\"}\n");
}
END_TEST

/* Reads what fd holds now (non-blocking) into buf, NUL-terminated. */
static size_t drain(int fd, char *buf, size_t cap)
{
	size_t len = 0;
	ssize_t n;

	while (len + 1 < cap && (n = read(fd, buf + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	return len;
}

START_TEST(log_direct)
{
	struct mf_log log;
	char got[4096];
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	mf_log_init(&log, fds[1], NULL);
	mf_log(&log, MF_LOG_INFO, "stopped", MF_LOG_KVS(MF_LOG_UINT("requests_cut_short", 0)));
	drain(fds[0], got, sizeof(got));
	ck_assert_str_eq(got, "{\"level\":\"info\",\"msg\":\"stopped\",\"requests_cut_short\":0}\n");
	ck_assert_uint_eq(mf_log_dropped(&log), 0);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

/* A reader that stalls costs a line MF_LOG_WAIT_MS at most, never a hang:
 * the line is dropped and counted, and the lines before it are whole. */
START_TEST(log_stalled_reader)
{
	struct mf_log log;
	char big[1800], got[4096];
	uint64_t lines = 0, written;
	int64_t t0, waited;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	mf_log_init(&log, fds[1], NULL);
	/* Fill the pipe (64 KiB by default) until lines start to drop. */
	do {
		mf_log(&log, MF_LOG_INFO, "filler", MF_LOG_KVS(MF_LOG_STR("x", big)));
		lines++;
	} while (mf_log_dropped(&log) == 0 && lines < 10000);
	ck_assert_uint_eq(mf_log_dropped(&log), 1);
	t0 = now_ms();
	mf_log(&log, MF_LOG_WARN, "one more", NULL);
	waited = now_ms() - t0;
	ck_assert_uint_eq(mf_log_dropped(&log), 2);
	ck_assert_msg(waited >= MF_LOG_WAIT_MS / 2 && waited < 20 * MF_LOG_WAIT_MS,
		      "waited %lld ms", (long long)waited);
	/* What was written is whole lines only. */
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	written = 0;
	while (drain(fds[0], got, sizeof(got)) > 0)
		for (char *p = got; (p = strchr(p, '\n')); p++)
			written++;
	ck_assert_uint_eq(written, lines - 1);
	close(fds[0]);
	close(fds[1]);
}
END_TEST

START_TEST(log_through_writer)
{
	struct mf_log_writer *w;
	struct mf_log log;
	char got[4096], path[] = "/tmp/mf-test-log-XXXXXX";
	int fd = mkstemp(path);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	unlink(path);
	w = mf_log_writer_new(fd, MF_LOG_LINE_MAX);
	ck_assert_ptr_nonnull(w);
	mf_log_init(&log, fd, w);
	mf_log(&log, MF_LOG_ERROR, "libmicrohttpd: x", NULL);
	mf_log(&log, MF_LOG_INFO, "second", MF_LOG_KVS(MF_LOG_BOOL("ok", true)));
	mf_log_writer_free(w);  /* writes every line queued */
	n = pread(fd, got, sizeof(got) - 1, 0);
	ck_assert_int_gt(n, 0);
	got[n] = '\0';
	ck_assert_str_eq(got, "{\"level\":\"error\",\"msg\":\"libmicrohttpd: x\"}\n"
			      "{\"level\":\"info\",\"msg\":\"second\",\"ok\":true}\n");
	close(fd);
}
END_TEST

START_TEST(known_values)
{
	uint64_t state = 0;

	/* splitmix64's reference stream from seed 0. */
	ck_assert_uint_eq(mf_splitmix64(&state), 0xe220a8397b1dcdafull);
	ck_assert_uint_eq(mf_splitmix64(&state), 0x6e789e6aa1b965f4ull);
	ck_assert_uint_eq(state, 2 * MF_SPLITMIX64_GAMMA);
	ck_assert_uint_eq(mf_mix64(0), 0);
	/* FNV-1a's published vectors. */
	ck_assert_uint_eq(mf_fnv1a32("", 0), 0x811c9dc5u);
	ck_assert_uint_eq(mf_fnv1a32("a", 1), 0xe40c292cu);
	ck_assert_uint_eq(mf_fnv1a32("foobar", 6), 0xbf9cf968u);
	ck_assert_uint_eq(mf_fnv1a64("", 0), 0xcbf29ce484222325ull);
	ck_assert_uint_eq(mf_fnv1a64("a", 1), 0xaf63dc4c8601ec8cull);
	ck_assert_uint_eq(mf_fnv1a64("foobar", 6), 0x85944171f73967e8ull);
	ck_assert_str_eq(mf_status_str(MF_OK), "ok");
	ck_assert_str_eq(mf_status_str(MF_ERR_NOMEM), "out of memory");
	ck_assert_str_eq(mf_status_str(MF_ERR_INVALID), "invalid input");
	ck_assert_str_eq(mf_status_str(42), "unknown error");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("common");
	TCase *tc = tcase_create("common");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, log_format);
	tcase_add_test(tc, log_direct);
	tcase_add_test(tc, log_stalled_reader);
	tcase_add_test(tc, log_through_writer);
	tcase_add_test(tc, known_values);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
