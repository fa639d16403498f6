/* The access log: see access_log.h for the design and its guarantees. */
#include "http/access_log.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct mf_access_log {
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

/* A bounded output cursor: every append checks the room left. */
struct out {
	char *p, *end;
	bool full;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->full || (size_t)(o->end - o->p) < n) {
		o->full = true;
		return;
	}
	memcpy(o->p, s, n);
	o->p += n;
}

#define PUT_LITERAL(o, s) put((o), (s), sizeof(s) - 1)

static void put_u64(struct out *o, uint64_t v)
{
	char digits[20];
	size_t n = sizeof(digits);

	do
		digits[--n] = (char)('0' + v % 10);
	while (v /= 10);
	put(o, digits + n, sizeof(digits) - n);
}

/* JSON string contents, escaped as the log always has: see the header. */
static void put_escaped(struct out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		char esc[6];

		if (ch != '"' && ch != '\\' && ch >= 0x20 && ch < 0x7f)
			continue;
		put(o, run, (size_t)(s - run));
		run = s + 1;
		if (ch == '"' || ch == '\\') {
			esc[0] = '\\';
			esc[1] = (char)ch;
			put(o, esc, 2);
		} else {
			memcpy(esc, "\\u00", 4);
			esc[4] = hex[ch >> 4];
			esc[5] = hex[ch & 15];
			put(o, esc, 6);
		}
	}
	put(o, run, (size_t)(s - run));
}

size_t mf_access_log_format(char *buf, size_t cap, const struct mf_access_log_entry *e)
{
	struct out o = { buf, buf + cap, false };

	PUT_LITERAL(&o, "{\"method\":\"");
	put_escaped(&o, e->method);
	PUT_LITERAL(&o, "\",\"path\":\"");
	put_escaped(&o, e->path);
	PUT_LITERAL(&o, "\",\"status\":");
	put_u64(&o, e->status);
	PUT_LITERAL(&o, ",\"us\":");
	put_u64(&o, e->us);
	PUT_LITERAL(&o, ",\"bytes\":");
	put_u64(&o, e->bytes);
	PUT_LITERAL(&o, ",\"request_id\":\"");
	put_escaped(&o, e->request_id);
	if (e->aborted)
		PUT_LITERAL(&o, "\",\"aborted\":true}\n");
	else
		PUT_LITERAL(&o, "\"}\n");
	return o.full ? 0 : (size_t)(o.p - buf);
}

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
static void write_batch(struct mf_access_log *log, const char *p, size_t n)
{
	while (n) {
		size_t piece = log->atomic_pieces ? cut_at_line_end(p, n, PIPE_BUF) : n;
		ssize_t w = write(log->fd, p, piece);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			/* A non-blocking fd 2 (set by whoever shares it): wait for room. */
			struct pollfd pfd = { .fd = log->fd, .events = POLLOUT };

			if (poll(&pfd, 1, -1) >= 0 || errno == EINTR)
				continue;
		}
		if (w <= 0) {
			atomic_fetch_add(&log->dropped, count_lines(p, n));
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

static struct timespec deadline_after_ms(long ms)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	t.tv_nsec += ms * 1000000L;
	t.tv_sec += t.tv_nsec / 1000000000L;
	t.tv_nsec %= 1000000000L;
	return t;
}

static void *writer_main(void *arg)
{
	struct mf_access_log *log = arg;

	pthread_mutex_lock(&log->lock);
	for (;;) {
		char *batch;
		size_t n;

		while (!log->stopping && log->len == 0)
			pthread_cond_wait(&log->wake, &log->lock);
		if (log->len == 0)
			break;  /* stopping, and everything written */
		/* Let the batch grow, unless it is big enough or the log stops. */
		if (!log->stopping && log->len < log->wake_at) {
			struct timespec until = deadline_after_ms(MF_ACCESS_LOG_FLUSH_MS);

			while (!log->stopping && log->len < log->wake_at &&
			       pthread_cond_timedwait(&log->wake, &log->lock, &until) != ETIMEDOUT)
				;
		}
		batch = log->pending;
		n = log->len;
		log->pending = log->spare;
		log->len = 0;
		pthread_mutex_unlock(&log->lock);
		write_batch(log, batch, n);
		log->spare = batch;  /* only this thread touches spare */
		pthread_mutex_lock(&log->lock);
	}
	pthread_mutex_unlock(&log->lock);
	return NULL;
}

struct mf_access_log *mf_access_log_new(int fd, size_t cap)
{
	struct mf_access_log *log;
	pthread_condattr_t attr;
	struct stat st;
	int err;

	if (cap < MF_ACCESS_LOG_LINE_MAX) {
		errno = EINVAL;
		return NULL;
	}
	log = calloc(1, sizeof(*log));
	if (!log)
		return NULL;
	log->fd = fd;
	log->atomic_pieces = !(fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
	log->cap = cap;
	log->wake_at = cap / 4;
	log->pending = malloc(cap);
	log->spare = malloc(cap);
	if (!log->pending || !log->spare) {
		err = ENOMEM;
		goto fail_buffers;
	}
	err = pthread_mutex_init(&log->lock, NULL);
	if (err)
		goto fail_buffers;
	/* Timed waits on the monotonic clock: a clock step never stalls a batch. */
	err = pthread_condattr_init(&attr);
	if (err)
		goto fail_mutex;
	err = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (!err)
		err = pthread_cond_init(&log->wake, &attr);
	pthread_condattr_destroy(&attr);
	if (err)
		goto fail_mutex;
	err = pthread_create(&log->writer, NULL, writer_main, log);
	if (err)
		goto fail_cond;
	return log;
fail_cond:
	pthread_cond_destroy(&log->wake);
fail_mutex:
	pthread_mutex_destroy(&log->lock);
fail_buffers:
	free(log->pending);
	free(log->spare);
	free(log);
	errno = err;
	return NULL;
}

void mf_access_log_write(struct mf_access_log *log, const struct mf_access_log_entry *e)
{
	char line[MF_ACCESS_LOG_LINE_MAX];

	mf_access_log_write_line(log, line, mf_access_log_format(line, sizeof(line), e));
}

void mf_access_log_write_line(struct mf_access_log *log, const char *line, size_t n)
{
	bool call_writer;

	if (!n || n > MF_ACCESS_LOG_LINE_MAX) {
		atomic_fetch_add(&log->dropped, 1);
		return;
	}
	pthread_mutex_lock(&log->lock);
	if (n > log->cap - log->len) {
		pthread_mutex_unlock(&log->lock);
		atomic_fetch_add(&log->dropped, 1);
		return;
	}
	memcpy(log->pending + log->len, line, n);
	/* The writer sleeps until the first line of a batch, then lingers until
	 * the batch is a quarter full: only these two lines call it. */
	call_writer = log->len == 0 || (log->len < log->wake_at && log->len + n >= log->wake_at);
	log->len += n;
	pthread_mutex_unlock(&log->lock);
	if (call_writer)
		pthread_cond_signal(&log->wake);
}

uint64_t mf_access_log_dropped(const struct mf_access_log *log)
{
	return log ? atomic_load(&((struct mf_access_log *)log)->dropped) : 0;
}

void mf_access_log_free(struct mf_access_log *log)
{
	if (!log)
		return;
	pthread_mutex_lock(&log->lock);
	log->stopping = true;
	pthread_mutex_unlock(&log->lock);
	pthread_cond_signal(&log->wake);
	pthread_join(log->writer, NULL);
	pthread_cond_destroy(&log->wake);
	pthread_mutex_destroy(&log->lock);
	free(log->pending);
	free(log->spare);
	free(log);
}
