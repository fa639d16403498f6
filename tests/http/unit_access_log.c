/*
 * The access-log module alone (src/http/access_log.c): the line's exact
 * bytes, every line written once and whole by the time the log is freed,
 * from many threads, to a pipe and to a file; and, when the reader stalls,
 * bounded memory, a writer that never waits, and every line either written
 * or counted as dropped.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http/access_log.h"

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void expect_format(const struct mf_access_log_entry *e, const char *want)
{
	char buf[MF_ACCESS_LOG_LINE_MAX];
	size_t n = mf_access_log_format(buf, sizeof(buf), e);

	ck_assert_msg(n == strlen(want) && memcmp(buf, want, n) == 0, "got %.*s\nnot %s",
		      (int)n, buf, want);
	/* Exactly enough room is enough; a byte less is refused. */
	ck_assert_uint_eq(mf_access_log_format(buf, n, e), n);
	ck_assert_uint_eq(mf_access_log_format(buf, n - 1, e), 0);
}

/* The bytes the log has always written (fprintf of the same fields). */
START_TEST(format_is_unchanged)
{
	char path[128];

	expect_format(&(struct mf_access_log_entry){ "GET", "/healthz", 200, 73, 15, "id-1", false, NULL },
		      "{\"method\":\"GET\",\"path\":\"/healthz\",\"status\":200,\"us\":73,"
		      "\"bytes\":15,\"request_id\":\"id-1\"}\n");
	expect_format(&(struct mf_access_log_entry){ "POST", "/v1/mana/solve", 0, 10011857, 0,
						     "6c1f0e2a9b3d4c5e-0000002a", true, NULL },
		      "{\"method\":\"POST\",\"path\":\"/v1/mana/solve\",\"status\":0,\"us\":10011857,"
		      "\"bytes\":0,\"request_id\":\"6c1f0e2a9b3d4c5e-0000002a\",\"aborted\":true}\n");
	/* " and \ get a backslash; control bytes, DEL and non-ASCII \u00XX. */
	expect_format(&(struct mf_access_log_entry){ "FOO\"", "/a\"b\\c\xc3\xa9\x01\x1f\x7f ~",
						     404, 0, 129, "x", false, NULL },
		      "{\"method\":\"FOO\\\"\",\"path\":\"/a\\\"b\\\\c\\u00c3\\u00a9\\u0001\\u001f"
		      "\\u007f ~\",\"status\":404,\"us\":0,\"bytes\":129,\"request_id\":\"x\"}\n");
	expect_format(&(struct mf_access_log_entry){ "GET", "", 65535, UINT64_MAX, SIZE_MAX, "",
						     false, NULL },
		      "{\"method\":\"GET\",\"path\":\"\",\"status\":65535,"
		      "\"us\":18446744073709551615,\"bytes\":18446744073709551615,"
		      "\"request_id\":\"\"}\n");
	/* The gate's refusals name the client, before "aborted" would be. */
	expect_format(&(struct mf_access_log_entry){ "GET", "/x", 400, 5, 120, "id-2", false,
						     "127.0.0.2" },
		      "{\"method\":\"GET\",\"path\":\"/x\",\"status\":400,\"us\":5,"
		      "\"bytes\":120,\"request_id\":\"id-2\",\"client\":\"127.0.0.2\"}\n");
	/* The longest line request.c or the gate can make fits MF_ACCESS_LOG_LINE_MAX. */
	memset(path, 0x80, sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	{
		char method[16], id[65], buf[MF_ACCESS_LOG_LINE_MAX];

		memset(method, '"', sizeof(method) - 1);
		method[sizeof(method) - 1] = '\0';
		memset(id, '\x01', sizeof(id) - 1);
		id[sizeof(id) - 1] = '\0';
		ck_assert_uint_gt(mf_access_log_format(buf, sizeof(buf),
			&(struct mf_access_log_entry){ method, path, 999, UINT64_MAX, SIZE_MAX, id,
						       true, "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255" }),
				  0);
	}
}
END_TEST

/* Reads a pipe to its end into memory. */
struct reader {
	pthread_t thread;
	int fd;
	char *buf;
	size_t len, cap;
};

static void *reader_main(void *arg)
{
	struct reader *r = arg;

	for (;;) {
		ssize_t n;

		if (r->len + 65536 > r->cap) {
			r->cap = (r->len + 65536) * 2;
			r->buf = realloc(r->buf, r->cap);
			if (!r->buf)
				abort();
		}
		n = read(r->fd, r->buf + r->len, r->cap - r->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		r->len += (size_t)n;
	}
	return NULL;
}

#define THREADS 4
#define LINES_EACH 5000

/* Under valgrind threads take turns on one core, slowly: fewer lines, and no
 * claim that the writer keeps up. */
static bool under_valgrind(void)
{
	return getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
}

struct producer {
	pthread_t thread;
	struct mf_access_log *log;
	unsigned id;
	unsigned lines;
};

static void *producer_main(void *arg)
{
	struct producer *p = arg;

	for (unsigned i = 0; i < p->lines; i++) {
		char id[32];

		snprintf(id, sizeof(id), "t%u-%u", p->id, i);
		mf_access_log_write(p->log, &(struct mf_access_log_entry){
			"GET", "/path/with/\"some\"/length/\xe2\x9c\x93", 200, i, i * 7u, id,
			i % 5 == 0, NULL });
		/* A pause now and then, as a server's threads have: a flood
		 * from four threads in a loop on two cores starves the writer
		 * of CPU time, which no server comes near (the fastest measured
		 * served some 75k lines a second).
		 * At most 40 lines a millisecond, 1 MiB lasts 200 ms. */
		if (i % 10 == 9)
			nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	return NULL;
}

/*
 * Checks text: lines (each ending in a newline) of the producers', each
 * exactly as formatted and seen once; filler lines "#" are skipped. Returns
 * the count of producer lines.
 */
static size_t check_lines(const char *text, size_t len, unsigned lines_each)
{
	unsigned char *seen = calloc(THREADS * (size_t)lines_each, 1);
	size_t count = 0;
	const char *p = text, *end = text + len;

	ck_assert_ptr_nonnull(seen);
	ck_assert_msg(len == 0 || text[len - 1] == '\n', "the output ends inside a line");
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *at;
		char want[MF_ACCESS_LOG_LINE_MAX], line[MF_ACCESS_LOG_LINE_MAX], id[32];
		unsigned t, i;
		size_t n;

		ck_assert_ptr_nonnull(nl);
		if (nl - p == 1 && p[0] == '#') {
			p = nl + 1;
			continue;
		}
		/* sscanf measures its whole input: give it this line only. */
		ck_assert_msg(nl - p < (ptrdiff_t)sizeof(line), "a line too long: %.60s", p);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		at = strstr(line, "\"request_id\":\"t");
		ck_assert_msg(at && sscanf(at, "\"request_id\":\"t%u-%u\"", &t, &i) == 2 &&
			      t < THREADS && i < lines_each, "a cut line: %.*s", (int)(nl - p), p);
		ck_assert_msg(!seen[t * lines_each + i], "t%u-%u twice", t, i);
		seen[t * lines_each + i] = 1;
		snprintf(id, sizeof(id), "t%u-%u", t, i);
		n = mf_access_log_format(want, sizeof(want), &(struct mf_access_log_entry){
			"GET", "/path/with/\"some\"/length/\xe2\x9c\x93", 200, i, i * 7u, id,
			i % 5 == 0, NULL });
		ck_assert_msg((size_t)(nl + 1 - p) == n && memcmp(p, want, n) == 0,
			      "line %.*s is not %.*s", (int)(nl - p), p, (int)n, want);
		count++;
		p = nl + 1;
	}
	free(seen);
	return count;
}

static void run_producers(struct mf_access_log *log, unsigned lines_each)
{
	struct producer p[THREADS];

	for (unsigned t = 0; t < THREADS; t++) {
		p[t] = (struct producer){ .log = log, .id = t, .lines = lines_each };
		ck_assert_int_eq(pthread_create(&p[t].thread, NULL, producer_main, &p[t]), 0);
	}
	for (unsigned t = 0; t < THREADS; t++)
		pthread_join(p[t].thread, NULL);
}

/* Another writer of the same fd, as the server's own log lines are: short
 * lines "#", one write each, until told to stop. */
struct other_writer {
	pthread_t thread;
	int fd;
	atomic_bool stop;
};

static void *other_writer_main(void *arg)
{
	struct other_writer *o = arg;

	while (!atomic_load(&o->stop)) {
		if (write(o->fd, "#\n", 2) != 2)
			abort();
		nanosleep(&(struct timespec){ .tv_nsec = 20000 }, NULL);
	}
	return NULL;
}

/* To a pipe from four threads, while another thread writes lines of its own
 * there too: with a reader that keeps up, nothing is dropped, free writes
 * the rest, and no line is cut by the other writer's (the log writes pieces
 * of at most PIPE_BUF bytes at line ends, the most a pipe keeps whole). */
START_TEST(pipe_gets_every_line_once)
{
	struct reader r = { 0 };
	struct other_writer o = { .stop = false };
	unsigned lines_each = under_valgrind() ? LINES_EACH / 10 : LINES_EACH;
	struct mf_access_log *log;
	uint64_t dropped;
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	r.fd = fds[0];
	o.fd = fds[1];
	ck_assert_int_eq(pthread_create(&r.thread, NULL, reader_main, &r), 0);
	ck_assert_int_eq(pthread_create(&o.thread, NULL, other_writer_main, &o), 0);
	log = mf_access_log_new(fds[1], MF_ACCESS_LOG_CAP);
	ck_assert_ptr_nonnull(log);
	run_producers(log, lines_each);
	dropped = mf_access_log_dropped(log);
	mf_access_log_free(log);  /* right away: the last lines are still queued */
	atomic_store(&o.stop, true);
	pthread_join(o.thread, NULL);
	close(fds[1]);
	pthread_join(r.thread, NULL);
	close(fds[0]);
	if (!under_valgrind())
		ck_assert_uint_eq(dropped, 0);
	ck_assert_uint_eq(check_lines(r.buf, r.len, lines_each) + dropped, THREADS * lines_each);
	free(r.buf);
}
END_TEST

/* To a regular file: one write per batch; the same guarantees. */
START_TEST(file_gets_every_line_once)
{
	char path[] = "/tmp/manaflow-access-log-test-XXXXXX";
	int fd = mkstemp(path);
	unsigned lines_each = under_valgrind() ? LINES_EACH / 10 : LINES_EACH;
	struct mf_access_log *log;
	uint64_t dropped;
	char *text;
	off_t size;

	ck_assert_int_ge(fd, 0);
	unlink(path);
	log = mf_access_log_new(fd, MF_ACCESS_LOG_CAP);
	ck_assert_ptr_nonnull(log);
	run_producers(log, lines_each);
	dropped = mf_access_log_dropped(log);
	if (!under_valgrind())
		ck_assert_uint_eq(dropped, 0);
	mf_access_log_free(log);
	size = lseek(fd, 0, SEEK_END);
	ck_assert_int_gt(size, 0);
	text = malloc((size_t)size);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(pread(fd, text, (size_t)size, 0), size);
	close(fd);
	ck_assert_uint_eq(check_lines(text, (size_t)size, lines_each) + dropped,
			  THREADS * lines_each);
	free(text);
}
END_TEST

/*
 * Nobody reads the pipe (it is full, and non-blocking as a shared fd 2 may
 * be): the log holds two buffers of cap bytes at most, the request threads
 * never wait, and the lines that do not fit are counted. Once the reader
 * comes back, every line is either in the pipe, whole, or counted.
 */
START_TEST(stalled_reader_drops_and_counts)
{
	enum { CAP = 8192, LINES = 2000 };
	struct reader r = { 0 };
	struct mf_access_log *log;
	char filler[4096];
	uint64_t dropped;
	int64_t t0;
	int fds[2];
	size_t got;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(fcntl(fds[1], F_SETFL, O_NONBLOCK), 0);
	for (size_t i = 0; i < sizeof(filler); i += 2)
		memcpy(filler + i, "#\n", 2);
	while (write(fds[1], filler, sizeof(filler)) > 0)
		;
	ck_assert_int_eq(errno, EAGAIN);
	ck_assert_ptr_null(mf_access_log_new(fds[1], MF_ACCESS_LOG_LINE_MAX - 1));
	log = mf_access_log_new(fds[1], CAP);
	ck_assert_ptr_nonnull(log);
	t0 = now_ms();
	run_producers(log, LINES / THREADS);
	ck_assert_msg(now_ms() - t0 < 5000, "the writers waited for the stalled pipe");
	dropped = mf_access_log_dropped(log);
	/* At most two buffers of CAP bytes were kept: ~100-byte lines. */
	ck_assert_msg(dropped >= LINES - 2 * CAP / 90 && dropped < LINES,
		      "%llu of %d lines dropped", (unsigned long long)dropped, LINES);
	r.fd = fds[0];
	ck_assert_int_eq(pthread_create(&r.thread, NULL, reader_main, &r), 0);
	mf_access_log_free(log);
	close(fds[1]);
	pthread_join(r.thread, NULL);
	close(fds[0]);
	got = check_lines(r.buf, r.len, LINES / THREADS);
	ck_assert_uint_eq(got + dropped, LINES);
	free(r.buf);
}
END_TEST

/* A fd that refuses every write: the lines are counted, free returns. */
START_TEST(write_errors_are_counted)
{
	int fd = open("/dev/null", O_RDONLY);
	struct mf_access_log *log;
	int64_t deadline;

	ck_assert_int_ge(fd, 0);
	log = mf_access_log_new(fd, MF_ACCESS_LOG_CAP);
	ck_assert_ptr_nonnull(log);
	run_producers(log, 100);
	/* Written within MF_ACCESS_LOG_FLUSH_MS; under valgrind, later. */
	deadline = now_ms() + 30000;
	while (mf_access_log_dropped(log) < THREADS * 100 && now_ms() < deadline)
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	ck_assert_uint_eq(mf_access_log_dropped(log), THREADS * 100);
	mf_access_log_free(log);
	close(fd);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("access-log-unit");
	TCase *format = tcase_create("format"), *writer = tcase_create("writer");
	SRunner *sr;
	int failed;

	tcase_add_test(format, format_is_unchanged);
	suite_add_tcase(s, format);
	tcase_set_timeout(writer, 120);
	tcase_add_test(writer, pipe_gets_every_line_once);
	tcase_add_test(writer, file_gets_every_line_once);
	tcase_add_test(writer, stalled_reader_drops_and_counts);
	tcase_add_test(writer, write_errors_are_counted);
	suite_add_tcase(s, writer);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
