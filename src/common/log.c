/* The JSON-lines logger: see log.h. */
#include "common/log.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#define PUT_LITERAL(o, s) mf_log_put((o), (s), sizeof(s) - 1)

void mf_log_put(struct mf_log_out *o, const char *s, size_t n)
{
	if (o->full || (size_t)(o->end - o->p) < n) {
		o->full = true;
		return;
	}
	memcpy(o->p, s, n);
	o->p += n;
}

void mf_log_put_u64(struct mf_log_out *o, uint64_t v)
{
	char digits[20];
	size_t n = sizeof(digits);

	do
		digits[--n] = (char)('0' + v % 10);
	while (v /= 10);
	mf_log_put(o, digits + n, sizeof(digits) - n);
}

void mf_log_put_escaped(struct mf_log_out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		char esc[6];

		if (ch != '"' && ch != '\\' && ch >= 0x20 && ch < 0x7f)
			continue;
		mf_log_put(o, run, (size_t)(s - run));
		run = s + 1;
		if (ch == '"' || ch == '\\') {
			esc[0] = '\\';
			esc[1] = (char)ch;
			mf_log_put(o, esc, 2);
		} else {
			memcpy(esc, "\\u00", 4);
			esc[4] = hex[ch >> 4];
			esc[5] = hex[ch & 15];
			mf_log_put(o, esc, 6);
		}
	}
	mf_log_put(o, run, (size_t)(s - run));
}

/* Appends ,"key": and kv's value. */
static void put_kv(struct mf_log_out *o, const struct mf_log_kv *kv)
{
	PUT_LITERAL(o, ",\"");
	mf_log_put_escaped(o, kv->key);
	PUT_LITERAL(o, "\":");
	switch (kv->kind) {
	case MF_LOG_KV_STR:
		if (!kv->v.s) {
			PUT_LITERAL(o, "null");
			break;
		}
		PUT_LITERAL(o, "\"");
		mf_log_put_escaped(o, kv->v.s);
		PUT_LITERAL(o, "\"");
		break;
	case MF_LOG_KV_INT:
		if (kv->v.i < 0) {
			PUT_LITERAL(o, "-");
			mf_log_put_u64(o, 0 - (uint64_t)kv->v.i);
		} else {
			mf_log_put_u64(o, (uint64_t)kv->v.i);
		}
		break;
	case MF_LOG_KV_UINT:
		mf_log_put_u64(o, kv->v.u);
		break;
	case MF_LOG_KV_BOOL:
		if (kv->v.b)
			PUT_LITERAL(o, "true");
		else
			PUT_LITERAL(o, "false");
		break;
	}
}

size_t mf_log_format(char *buf, size_t cap, enum mf_log_level level, const char *msg,
		     const struct mf_log_kv *kv)
{
	static const char *const names[] = {
		[MF_LOG_INFO] = "info", [MF_LOG_WARN] = "warn", [MF_LOG_ERROR] = "error",
	};
	struct mf_log_out o = { buf, buf + cap, false };

	PUT_LITERAL(&o, "{\"level\":\"");
	mf_log_put_escaped(&o, (unsigned)level <= MF_LOG_ERROR ? names[level] : "error");
	PUT_LITERAL(&o, "\",\"msg\":\"");
	mf_log_put_escaped(&o, msg);
	PUT_LITERAL(&o, "\"");
	for (; kv && kv->key; kv++)
		put_kv(&o, kv);
	PUT_LITERAL(&o, "}\n");
	return o.full ? 0 : (size_t)(o.p - buf);
}

void mf_log_init(struct mf_log *log, int fd, struct mf_log_writer *writer)
{
	log->fd = fd;
	log->writer = writer;
	atomic_init(&log->dropped, 0);
}

/* Writes line[0..n) to fd in one write(2) once poll(2) says it has room,
 * waiting MF_LOG_WAIT_MS at most in all. Returns whether it was written
 * whole. */
static bool write_direct(int fd, const char *line, size_t n)
{
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };
	ssize_t w;
	int ready;

	do
		ready = poll(&pfd, 1, MF_LOG_WAIT_MS);
	while (ready < 0 && errno == EINTR);
	if (ready <= 0 || !(pfd.revents & POLLOUT))
		return false;
	do
		w = write(fd, line, n);
	while (w < 0 && errno == EINTR);
	return w == (ssize_t)n;
}

void mf_log(struct mf_log *log, enum mf_log_level level, const char *msg,
	    const struct mf_log_kv *kv)
{
	char line[MF_LOG_LINE_MAX];
	size_t n = mf_log_format(line, sizeof(line), level, msg, kv);

	if (log->writer) {
		mf_log_writer_put(log->writer, line, n);
		return;
	}
	if (!n || !write_direct(log->fd, line, n))
		atomic_fetch_add(&log->dropped, 1);
}

uint64_t mf_log_dropped(const struct mf_log *log)
{
	return atomic_load(&((struct mf_log *)log)->dropped) + mf_log_writer_dropped(log->writer);
}
