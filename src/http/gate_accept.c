/* The gate's admission of clients: accepting them up to the connection
 * limit and the per-IP limit (gate_ips.c counts), and the hand-over to
 * libmicrohttpd. See gate.h; the relay is gate.c's. */
#define _GNU_SOURCE  /* accept4 */

#include "http/gate_int.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Accepting */

/* Makes room for fd in the table; false when out of memory. Under the
 * lock. */
static bool grow(struct mf_gate *g, int fd)
{
	size_t cap = g->cap ? g->cap : 1024;
	struct gate_conn **t;

	while (cap <= (size_t)fd)
		cap *= 2;
	t = realloc(g->by_fd, cap * sizeof(*t));
	if (!t)
		return false;
	memset(t + g->cap, 0, (cap - g->cap) * sizeof(*t));
	g->by_fd = t;
	g->cap = cap;
	return true;
}

bool mf_gate_has_room(struct mf_gate *g)
{
	return g->live < g->cfg.connection_limit &&
	       atomic_load(g->held) < g->cfg.connection_limit;
}

/* Hands c over to libmicrohttpd: its end of the socketpair, known in the
 * table (before, so that mf_gate_started() finds it), with the client's
 * address. A refusal (libmicrohttpd closed its end then) is answered 503
 * overloaded and the connection closed. */
static void hand_over(struct mf_gate *g, struct gate_conn *c)
{
	pthread_mutex_lock(&g->lock);
	if ((size_t)c->mhd_peer < g->cap || grow(g, c->mhd_peer))
		g->by_fd[c->mhd_peer] = c;
	pthread_mutex_unlock(&g->lock);
	g->live++;
	atomic_fetch_add(g->held, 1);
	mf_gate_watch_client(g, c);
	if (MHD_add_connection(g->cfg.daemon, c->mhd_peer, (struct sockaddr *)&c->addr,
			       c->addr_len) == MHD_YES) {
		mf_gate_watch_mhd(g, c);
		return;
	}
	/* libmicrohttpd closed its end; the client's socket's first event
	 * writes the answer */
	mf_gate_refuse_unserved(g, c);
}

void mf_gate_accept(struct mf_gate *g)
{
	if (g->accept_held) {
		struct epoll_event lev = { .events = EPOLLIN, .data.u64 = MF_GATE_KEY_LISTEN };

		if (!mf_gate_has_room(g))
			return;
		epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, g->listen_fd, &lev);
		g->accept_held = false;
	}
	while (g->listen_fd >= 0 && mf_gate_has_room(g)) {
		struct gate_conn *c = calloc(1, sizeof(*c));
		socklen_t len = sizeof(c->addr);
		int fd, pair[2], one = 1;

		if (!c)
			return;  /* the next event tries again */
		fd = accept4(g->listen_fd, (struct sockaddr *)&c->addr, &len,
			     SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0) {
			int err = errno;

			free(c);
			if (err == EINTR || err == ECONNABORTED)
				continue;
			if (err != EAGAIN && err != EWOULDBLOCK && err != EMFILE &&
			    err != ENFILE && err != ENOBUFS && err != ENOMEM) {
				/* shut down (mf_gate_stop_accepting): listen no more */
				epoll_ctl(g->epoll_fd, EPOLL_CTL_DEL, g->listen_fd, NULL);
				g->listening = false;
			}
			return;
		}
		c->addr_len = len;
		/* Past the per-IP limit: closed at once, without an answer. */
		if (!mf_gate_ip_take(g, c)) {
			close(fd);
			free(c);
			continue;
		}
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair)) {
			mf_gate_ip_release(g, c);
			close(fd);
			free(c);
			continue;
		}
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		c->client = fd;
		c->in.count = c->tomhd.count = c->toclient.count = g->bytes;
		atomic_fetch_add(g->bytes, sizeof(*c));
		c->mhd = pair[0];
		c->mhd_peer = pair[1];
		mf_head_init(&c->head);
		c->next = g->conns;
		c->prev = &g->conns;
		if (g->conns)
			g->conns->prev = &c->next;
		g->conns = c;
		hand_over(g, c);
	}
	/* At the limit, the clients left in the backlog would report the
	 * (level-triggered) listening socket ready on every epoll_wait, a busy
	 * loop: it leaves the epoll set, and the thread accepts again as soon
	 * as a connection closes. */
	if (g->listen_fd >= 0 && g->listening) {
		epoll_ctl(g->epoll_fd, EPOLL_CTL_DEL, g->listen_fd, NULL);
		g->accept_held = true;
	}
}
