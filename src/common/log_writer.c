/* The drop-when-full writer: see log_writer.h for the design and its
 * guarantees. */
#include "common/log_writer.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "manaflow/common.h"

struct mf_log_writer {
	int fd;
	bool atomic_pieces;        /* not a regular file: write at most PIPE_BUF at once */
	size_t cap;
	size_t wake_at;            /* pending bytes that call the writer at once */
	pthread_mutex_t lock;
	pthread_cond_t wake;       /* the writer waits on it */
	char *pending;             /* lines queued, not yet taken by the writer (lock) */
	size_t len;                /* bytes in pending (lock) */
	char *spare;               /* the writer's own buffer, empty between batches */
	bool stopping;             /* (lock) */
	pthread_t writer;
	atomic_uint_fast64_t dropped;
};

/* How many newlines p[0..n) holds: the lines a failed write loses. */
static uint64_t count_lines(const char *p, size_t n)
{
	uint64_t lines = 0;

	for (const char *end = p + n; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		lines++;
	return lines;
}

/* The longest prefix of p[0..n) that ends a line and is at most max bytes;
 * max when no line ends within it (a line longer than max: cut anyway). */
static size_t cut_at_line_end(const char *p, size_t n, size_t max)
{
	if (n <= max)
		return n;
	for (size_t k = max; k > 0; k--)
		if (p[k - 1] == '\n')
			return k;
	return max;
}

/* Writes p[0..n), complete lines, to the fd; lines that could not be written
 * are counted as dropped. */
static void write_batch(struct mf_log_writer *w, const char *p, size_t n)
{
	while (n) {
		size_t piece = w->atomic_pieces ? cut_at_line_end(p, n, PIPE_BUF) : n;
		ssize_t done = write(w->fd, p, piece);

		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			/* A non-blocking fd 2 (set by whoever shares it): wait for room. */
			struct pollfd pfd = { .fd = w->fd, .events = POLLOUT };

			if (poll(&pfd, 1, -1) >= 0 || errno == EINTR)
				continue;
		}
		if (done <= 0) {
			atomic_fetch_add(&w->dropped, count_lines(p, n));
			return;
		}
		p += done;
		n -= (size_t)done;
	}
}

/* ms milliseconds from now on the one clock (CLOCK_MONOTONIC, which the
 * condition variable waits on), for the timed waits. */
static struct timespec deadline_after_ms(long ms)
{
	uint64_t ns = mf_stop_clock_ns() + (uint64_t)ms * 1000000u;

	return (struct timespec){ .tv_sec = (time_t)(ns / 1000000000u),
				  .tv_nsec = (long)(ns % 1000000000u) };
}

/* The writer thread (arg: its writer): takes each batch whole and writes
 * it, until the writer stops with nothing left pending. */
static void *writer_main(void *arg)
{
	struct mf_log_writer *w = arg;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		char *batch;
		size_t n;

		while (!w->stopping && w->len == 0)
			pthread_cond_wait(&w->wake, &w->lock);
		if (w->len == 0)
			break;  /* stopping, and everything written */
		/* Let the batch grow, unless it is big enough or the w stops. */
		if (!w->stopping && w->len < w->wake_at) {
			struct timespec until = deadline_after_ms(MF_LOG_WRITER_FLUSH_MS);

			while (!w->stopping && w->len < w->wake_at &&
			       pthread_cond_timedwait(&w->wake, &w->lock, &until) != ETIMEDOUT)
				;
		}
		batch = w->pending;
		n = w->len;
		w->pending = w->spare;
		w->len = 0;
		pthread_mutex_unlock(&w->lock);
		write_batch(w, batch, n);
		w->spare = batch;  /* only this thread touches spare */
		pthread_mutex_lock(&w->lock);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct mf_log_writer *mf_log_writer_new(int fd, size_t cap)
{
	struct mf_log_writer *w;
	pthread_condattr_t attr;
	struct stat st;
	int err;

	if (cap < MF_LOG_LINE_MAX) {
		errno = EINVAL;
		return NULL;
	}
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->fd = fd;
	w->atomic_pieces = !(fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
	w->cap = cap;
	w->wake_at = cap / 4;
	w->pending = malloc(cap);
	w->spare = malloc(cap);
	if (!w->pending || !w->spare) {
		err = ENOMEM;
		goto fail_buffers;
	}
	err = pthread_mutex_init(&w->lock, NULL);
	if (err)
		goto fail_buffers;
	/* Timed waits on the monotonic clock: a clock step never stalls a batch. */
	err = pthread_condattr_init(&attr);
	if (err)
		goto fail_mutex;
	err = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (!err)
		err = pthread_cond_init(&w->wake, &attr);
	pthread_condattr_destroy(&attr);
	if (err)
		goto fail_mutex;
	err = pthread_create(&w->writer, NULL, writer_main, w);
	if (err)
		goto fail_cond;
	return w;
fail_cond:
	pthread_cond_destroy(&w->wake);
fail_mutex:
	pthread_mutex_destroy(&w->lock);
fail_buffers:
	free(w->pending);
	free(w->spare);
	free(w);
	errno = err;
	return NULL;
}

void mf_log_writer_put(struct mf_log_writer *w, const char *line, size_t n)
{
	bool call_writer;

	if (!n || n > MF_LOG_LINE_MAX) {
		atomic_fetch_add(&w->dropped, 1);
		return;
	}
	pthread_mutex_lock(&w->lock);
	if (n > w->cap - w->len) {
		pthread_mutex_unlock(&w->lock);
		atomic_fetch_add(&w->dropped, 1);
		return;
	}
	memcpy(w->pending + w->len, line, n);
	/* The writer sleeps until the first line of a batch, then lingers until
	 * the batch is a quarter full: only these two lines call it. */
	call_writer = w->len == 0 || (w->len < w->wake_at && w->len + n >= w->wake_at);
	w->len += n;
	pthread_mutex_unlock(&w->lock);
	if (call_writer)
		pthread_cond_signal(&w->wake);
}

uint64_t mf_log_writer_dropped(const struct mf_log_writer *w)
{
	return w ? atomic_load(&((struct mf_log_writer *)w)->dropped) : 0;
}

void mf_log_writer_free(struct mf_log_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	pthread_mutex_unlock(&w->lock);
	pthread_cond_signal(&w->wake);
	pthread_join(w->writer, NULL);
	pthread_cond_destroy(&w->wake);
	pthread_mutex_destroy(&w->lock);
	free(w->pending);
	free(w->spare);
	free(w);
}
