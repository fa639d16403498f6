/* The gate's bytes: buffers held only while they hold data, and reading
 * and writing a socket through them (gate_int.h). */
#include "http/gate_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

bool mf_gbuf_ready(struct gbuf *b, size_t cap)
{
	if (!b->p) {
		if (!(b->p = malloc(cap)))
			return false;
		b->size = cap;
		if (b->count)
			atomic_fetch_add(b->count, cap);
	}
	if (b->off && b->off == b->len)
		b->off = b->len = 0;
	return true;
}

void mf_gbuf_consume(struct gbuf *b, size_t n)
{
	memmove(b->p, b->p + n, b->len - n);
	b->len -= n;
}

void mf_gbuf_free(struct gbuf *b)
{
	if (!b->p)
		return;
	free(b->p);
	if (b->count)
		atomic_fetch_sub(b->count, b->size);
	b->p = NULL;
	b->off = b->len = b->size = 0;
}

void mf_gbuf_release(struct gbuf *b)
{
	if (b->p && b->off == b->len)
		mf_gbuf_free(b);
}

size_t mf_gate_fill(int fd, struct gbuf *b, size_t cap, bool *rd, bool hup, bool *eof,
		    bool *oom)
{
	size_t got = 0;

	while (!*eof && *rd) {
		ssize_t n;
		size_t want;

		if (!mf_gbuf_ready(b, cap)) {
			*oom = true;
			break;
		}
		if (b->len == cap)
			break;
		want = cap - b->len;
		n = recv(fd, b->p + b->len, want, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			*rd = false;
			break;
		}
		if (n <= 0) {
			*eof = true;
			break;
		}
		b->len += (size_t)n;
		got += (size_t)n;
		if ((size_t)n < want && !hup) {
			*rd = false;
			break;
		}
	}
	return got;
}

size_t mf_gate_flush(int fd, struct gbuf *b, bool *broken)
{
	size_t put = 0;

	while (b->p && b->off < b->len) {
		ssize_t n = send(fd, b->p + b->off, b->len - b->off, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n <= 0) {
			*broken = true;
			b->off = b->len;
			break;
		}
		b->off += (size_t)n;
		put += (size_t)n;
	}
	return put;
}
