/* Clients that hang up mid-request: see hangup.h. */
#include "http/hangup.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"

#define EVENTS_MAX 64
#define RECHECK_MS 10  /* how often hung-up connections with unread data are looked at */
#define SWEEP_MS 1000  /* how often connections are looked at for their head deadline */

/* A connection watched, by its socket: gen, the generation it was
 * registered with, 0 for none (an event carries the generation, so that
 * one about a connection already closed, its fd number reused, is
 * recognised and dropped); cancel, the flag of the solve it waits for,
 * raised when its client hangs up (NULL: none); gone, it has hung up;
 * since, when it opened or its last answer ended (ms); busy, a request's
 * head has arrived and it is not over yet (one idle past head_ms with no
 * head is shut down). */
struct watched {
	uint32_t gen;
	bool gone, busy;
	atomic_bool *cancel;
	uint64_t since;
};

struct mf_http_hangups {
	int epoll_fd;
	int stop_fd;              /* an eventfd: written to stop the thread */
	pthread_t thread;
	pthread_mutex_t lock;     /* guards conn, cap and next */
	/* conn[fd]: what is known of the connection on socket fd (struct
	 * watched), cap of them. */
	struct watched *conn;
	size_t cap;
	uint32_t next;
	uint64_t head_ms;      /* 0: no head deadline */
	uint64_t next_sweep;   /* the watcher thread's own */
	/* The watcher thread's own: hung-up connections whose data
	 * libmicrohttpd has not read yet, as event keys. */
	uint64_t *pending;
	size_t n_pending, cap_pending;
};

/* The event data of connection fd of generation g; 0 is the stop event. */
static uint64_t event_key(int fd, uint32_t g)
{
	return (uint64_t)g << 32 | (uint32_t)fd;
}

/*
 * Kicks the hung-up connection that key names, if it is still open and
 * libmicrohttpd has read all its data; returns false when it must be
 * looked at again later. Under the lock, which libmicrohttpd's close
 * notification takes before the socket is closed: fd is still this
 * connection's.
 *
 * Not while data is unread: libmicrohttpd has then not yet collected the
 * edge of that data, and the kick's edge would merge with it and be lost
 * in the same way. Once its read has emptied the socket, the kick comes
 * after that edge and is a new one.
 */
static bool kick(struct mf_http_hangups *h, uint64_t key)
{
	int fd = (int)(uint32_t)key, unread = 0;
	uint32_t g = (uint32_t)(key >> 32);

	if (fd < 0 || (size_t)fd >= h->cap || h->conn[fd].gen != g)
		return true;  /* closed already */
	if (ioctl(fd, FIONREAD, &unread) == 0 && unread > 0)
		return false;
	shutdown(fd, SHUT_RD);
	return true;
}

/* Notes that key's connection hung up, raising its solve's flag. Under
 * the lock. */
static void note_gone(struct mf_http_hangups *h, uint64_t key)
{
	int fd = (int)(uint32_t)key;

	if (fd < 0 || (size_t)fd >= h->cap || h->conn[fd].gen != (uint32_t)(key >> 32))
		return;
	h->conn[fd].gone = true;
	if (h->conn[fd].cancel)
		atomic_store(h->conn[fd].cancel, true);
}

/* Kicks key's connection now or later. The watcher thread only. */
static void hung_up(struct mf_http_hangups *h, uint64_t key)
{
	bool done;

	pthread_mutex_lock(&h->lock);
	note_gone(h, key);
	done = kick(h, key);
	pthread_mutex_unlock(&h->lock);
	if (done)
		return;
	if (h->n_pending == h->cap_pending) {
		size_t cap = h->cap_pending ? h->cap_pending * 2 : 64;
		uint64_t *grown = realloc(h->pending, cap * sizeof(*grown));

		if (!grown)
			return;  /* left to the idle timeout, as without the watcher */
		h->pending = grown;
		h->cap_pending = cap;
	}
	h->pending[h->n_pending++] = key;
}

/* Kicks the pending connections whose data has been read since. */
static void recheck(struct mf_http_hangups *h)
{
	size_t kept = 0;

	pthread_mutex_lock(&h->lock);
	for (size_t i = 0; i < h->n_pending; i++)
		if (!kick(h, h->pending[i]))
			h->pending[kept++] = h->pending[i];
	pthread_mutex_unlock(&h->lock);
	h->n_pending = kept;
}

/* Shuts down the connections whose next head is past its deadline: a
 * client that trickles its headers (the idle timeout starts again with each
 * byte) is let go; libmicrohttpd sees the socket end and closes it. */
static void sweep(struct mf_http_hangups *h, uint64_t now)
{
	pthread_mutex_lock(&h->lock);
	for (size_t fd = 0; fd < h->cap; fd++)
		if (h->conn[fd].gen && !h->conn[fd].busy && now - h->conn[fd].since > h->head_ms) {
			shutdown((int)fd, SHUT_RDWR);
			h->conn[fd].since = now;  /* once is enough */
		}
	pthread_mutex_unlock(&h->lock);
}

/* The thread: waits for hang-ups until stop_fd is written. */
static void *watch(void *arg)
{
	struct mf_http_hangups *h = arg;
	struct epoll_event ev[EVENTS_MAX];

	for (;;) {
		int wait = h->n_pending ? RECHECK_MS : h->head_ms ? SWEEP_MS : -1;
		int n;
		uint64_t now;

		n = epoll_wait(h->epoll_fd, ev, EVENTS_MAX, wait);
		for (int i = 0; i < n; i++) {
			if (ev[i].data.u64 == 0)
				return NULL;
			hung_up(h, ev[i].data.u64);
		}
		if (h->n_pending)
			recheck(h);
		if (h->head_ms && (now = mf_clock_ms()) >= h->next_sweep) {
			sweep(h, now);
			h->next_sweep = now + SWEEP_MS;
		}
	}
}

struct mf_http_hangups *mf_http_hangup_start(unsigned head_deadline_s)
{
	struct mf_http_hangups *h = calloc(1, sizeof(*h));
	struct epoll_event stop = { .events = EPOLLIN, .data.u64 = 0 };

	if (!h)
		return NULL;
	h->head_ms = (uint64_t)head_deadline_s * 1000u;
	h->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	h->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (h->epoll_fd < 0 || h->stop_fd < 0 ||
	    epoll_ctl(h->epoll_fd, EPOLL_CTL_ADD, h->stop_fd, &stop) != 0 ||
	    pthread_mutex_init(&h->lock, NULL) != 0)
		goto fail;
	if (pthread_create(&h->thread, NULL, watch, h) != 0) {
		pthread_mutex_destroy(&h->lock);
		goto fail;
	}
	return h;
fail:
	if (h->epoll_fd >= 0)
		close(h->epoll_fd);
	if (h->stop_fd >= 0)
		close(h->stop_fd);
	free(h);
	return NULL;
}

/* Makes room for fd in conn; false when out of memory. Under the lock. */
static bool reserve(struct mf_http_hangups *h, int fd)
{
	size_t cap = h->cap ? h->cap : 1024;
	struct watched *conn;

	if ((size_t)fd < h->cap)
		return true;
	while (cap <= (size_t)fd)
		cap *= 2;
	conn = realloc(h->conn, cap * sizeof(*conn));
	if (!conn)
		return false;
	memset(conn + h->cap, 0, (cap - h->cap) * sizeof(*conn));
	h->conn = conn;
	h->cap = cap;
	return true;
}

/* The socket of c, or -1. */
static int fd_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *info =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);

	return info ? info->connect_fd : -1;
}

void mf_http_hangup_watch_solve(struct mf_http_hangups *h, struct MHD_Connection *c, atomic_bool *cancel)
{
	int fd = fd_of(c);

	if (!h || fd < 0)
		return;
	pthread_mutex_lock(&h->lock);
	if ((size_t)fd < h->cap && h->conn[fd].gen) {
		h->conn[fd].cancel = cancel;
		if (h->conn[fd].gone)
			atomic_store(cancel, true);
	}
	pthread_mutex_unlock(&h->lock);
}

void mf_http_hangup_request(struct mf_http_hangups *h, struct MHD_Connection *c, bool began)
{
	int fd = fd_of(c);

	if (!h || fd < 0)
		return;
	pthread_mutex_lock(&h->lock);
	if ((size_t)fd < h->cap && h->conn[fd].gen) {
		h->conn[fd].busy = began;
		h->conn[fd].since = mf_clock_ms();
	}
	pthread_mutex_unlock(&h->lock);
}

void mf_http_hangup_unwatch_solve(struct mf_http_hangups *h, struct MHD_Connection *c)
{
	int fd = fd_of(c);

	if (!h || fd < 0)
		return;
	pthread_mutex_lock(&h->lock);
	if ((size_t)fd < h->cap)
		h->conn[fd].cancel = NULL;
	pthread_mutex_unlock(&h->lock);
}

void mf_http_hangup_notify(void *cls, struct MHD_Connection *c, void **socket_context,
			   enum MHD_ConnectionNotificationCode code)
{
	struct mf_http_hangups *h = cls;
	int fd = fd_of(c);

	(void)socket_context;
	if (fd < 0)
		return;
	pthread_mutex_lock(&h->lock);
	if (code == MHD_CONNECTION_NOTIFY_STARTED && reserve(h, fd)) {
		/* One shot: a hang-up is reported once, and the kick's own
		 * wake-up is not reported back. */
		struct epoll_event ev = { .events = EPOLLRDHUP | EPOLLONESHOT };

		if (++h->next == 0)
			h->next = 1;
		ev.data.u64 = event_key(fd, h->next);
		h->conn[fd] = (struct watched){ .since = mf_clock_ms() };
		if (epoll_ctl(h->epoll_fd, EPOLL_CTL_ADD, fd, &ev) == 0)
			h->conn[fd].gen = h->next;
	} else if (code == MHD_CONNECTION_NOTIFY_CLOSED && (size_t)fd < h->cap && h->conn[fd].gen) {
		epoll_ctl(h->epoll_fd, EPOLL_CTL_DEL, fd, NULL);
		h->conn[fd] = (struct watched){ .gen = 0 };
	}
	pthread_mutex_unlock(&h->lock);
}

void mf_http_hangup_stop(struct mf_http_hangups *h)
{
	uint64_t one = 1;

	if (!h)
		return;
	/* An eventfd write fails only on overflow, which one write cannot do. */
	if (write(h->stop_fd, &one, sizeof(one)) != sizeof(one))
		pthread_cancel(h->thread);
	pthread_join(h->thread, NULL);
	pthread_mutex_destroy(&h->lock);
	close(h->epoll_fd);
	close(h->stop_fd);
	free(h->conn);
	free(h->pending);
	free(h);
}
