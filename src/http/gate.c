/* The gate in front of libmicrohttpd, its relay and its thread: see
 * gate.h. Accepting is gate_accept.c's, a connection's sockets
 * gate_conn.c's, the per-IP count gate_ips.c's, its answers
 * gate_answer.c's, a client's FIN while an answer is due gate_fin.c's,
 * the bytes in and out of a socket gate_io.c's: each
 * calls only those after it in this list. */
#include "http/gate.h"
#include "http/gate_int.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define EVENTS_MAX 64
#define KEY_LISTEN MF_GATE_KEY_LISTEN
#define KEY_WAKE 2u

/* ------------------------------------------------------------------ */
/* Connections */

/* Frees the dead connections. */
static void bury(struct mf_gate *g)
{
	while (g->dead) {
		struct gate_conn *c = g->dead;

		g->dead = c->next;
		atomic_fetch_sub(g->bytes, sizeof(*c));
		free(c);
	}
}

/* Ends c's relay: a lingering close of the client's socket when it may
 * still be sending, else a close. A client answered early, in the middle
 * of its body (libmicrohttpd's 413, 415 or 503 before reading it), is
 * still writing that body and reads its answer only after: the rest of
 * the body (at most the body limit) may be read and dropped meanwhile,
 * for longer, so that its answer is not lost to a reset. */
static void conn_end(struct mf_gate *g, struct gate_conn *c)
{
	bool in_body = c->in_state == IN_LENGTH || c->in_state == IN_CHUNKED;
	uint64_t body = c->in_state == IN_LENGTH ? c->left : g->cfg.body_limit;

	mf_gate_close_mhd(g, c);
	if (c->client_eof || c->client_gone || g->lingering >= MF_GATE_LINGERING_MAX) {
		mf_gate_conn_free(g, c);
		return;
	}
	shutdown(c->client, SHUT_WR);
	c->lingering = true;
	c->linger_until = mf_clock_ms() + (in_body ? MF_GATE_LINGER_BODY_MS : MF_GATE_LINGER_MS);
	c->linger_left = MF_GATE_LINGER_BYTES +
			 (in_body ? (size_t)(body < g->cfg.body_limit ? body : g->cfg.body_limit) : 0);
	g->lingering++;
	mf_gbuf_free(&c->in);
	mf_gbuf_free(&c->tomhd);
	mf_gbuf_free(&c->toclient);
}

/* A lingering close: reads and drops what the client still sends. */
static void linger(struct mf_gate *g, struct gate_conn *c)
{
	char scratch[4096];

	for (;;) {
		ssize_t n = recv(c->client, scratch, sizeof(scratch), 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && mf_clock_ms() < c->linger_until)
			return;
		if (n <= 0 || (size_t)n >= c->linger_left) {
			mf_gate_conn_free(g, c);
			return;
		}
		c->linger_left -= (size_t)n;
	}
}

/* The number of whole answers libmicrohttpd sent on c. */
static unsigned answered(struct mf_gate *g, struct gate_conn *c)
{
	unsigned n;

	pthread_mutex_lock(&g->lock);
	n = c->answered;
	pthread_mutex_unlock(&g->lock);
	return n;
}

/* Whether libmicrohttpd started serving c. */
static bool started(struct mf_gate *g, struct gate_conn *c)
{
	bool yes;

	pthread_mutex_lock(&g->lock);
	yes = c->started;
	pthread_mutex_unlock(&g->lock);
	return yes;
}

/* Starts refusing c's request: nothing more is read from the client. A
 * request whose body was on its way is cut off on libmicrohttpd's side,
 * which then closes (and answers nothing, unless it answered already). */
static void start_refusal(struct mf_gate *g, struct gate_conn *c, bool mid_body)
{
	c->refusing = true;
	c->refusal_mid_body = mid_body;
	c->in_state = IN_STALL;
	if (mid_body && c->mhd >= 0) {
		c->tomhd.off = c->tomhd.len;  /* the rest of that body goes nowhere */
		shutdown(c->mhd, SHUT_WR);
		c->mhd_wr_shut = true;
	}
	pthread_mutex_lock(&g->lock);
	c->wants_wake = true;
	pthread_mutex_unlock(&g->lock);
}

/* Moves what the client sent on, head by head; returns whether anything
 * moved. */
static bool process_in(struct mf_gate *g, struct gate_conn *c)
{
	bool moved = false;

	while (c->in.p && c->in.len && c->in_state != IN_STALL) {
		size_t n;
		int rc;

		if (c->in_state == IN_HEAD) {
			/* A head is written where it goes, into an empty buffer. */
			if ((c->tomhd.p && c->tomhd.off < c->tomhd.len) ||
			    !mf_gbuf_ready(&c->tomhd, MF_GATE_BUF))
				return moved;
			c->tomhd.off = c->tomhd.len = 0;
			if (!c->head_us)
				c->head_us = mf_clock_us();
			rc = mf_head_feed(&c->head, c->in.p, c->in.len, c->tomhd.p, &c->why);
			if (rc == MF_HEAD_MORE)
				return moved;
			c->req_us = c->head_us;
			c->head_us = 0;
			mf_gate_note_head(g, c, c->tomhd.p, c->head.out_len);
			if (rc == MF_HEAD_REFUSED) {
				start_refusal(g, c, false);
				return true;
			}
			c->tomhd.len = c->head.out_len;
			mf_gbuf_consume(&c->in, c->head.len);
			c->last_http10 = c->head.http10;
			c->forwarded++;
			moved = true;
			if (c->head.body == MF_HEAD_BODY_LENGTH) {
				c->left = c->head.length;
				c->in_state = IN_LENGTH;
			} else if (c->head.body == MF_HEAD_BODY_CHUNKED) {
				mf_chunked_init(&c->chunk);
				c->in_state = IN_CHUNKED;
			}
			mf_head_init(&c->head);
			continue;
		}
		if (!mf_gbuf_ready(&c->tomhd, MF_GATE_BUF) || c->tomhd.len == MF_GATE_BUF)
			return moved;
		if (c->in_state == IN_LENGTH) {
			n = c->in.len < c->left ? c->in.len : (size_t)c->left;
			if (n > MF_GATE_BUF - c->tomhd.len)
				n = MF_GATE_BUF - c->tomhd.len;
			memcpy(c->tomhd.p + c->tomhd.len, c->in.p, n);
			c->tomhd.len += n;
			c->left -= n;
			rc = c->left ? MF_HEAD_MORE : MF_HEAD_DONE;
		} else {
			rc = mf_chunked_feed(&c->chunk, c->in.p, c->in.len, &n, c->tomhd.p,
					     MF_GATE_BUF, &c->tomhd.len, &c->why);
			if (rc == MF_HEAD_REFUSED) {
				start_refusal(g, c, true);
				return true;
			}
		}
		if (n == 0 && rc == MF_HEAD_MORE)
			return moved;
		mf_gbuf_consume(&c->in, n);
		moved = true;
		if (rc == MF_HEAD_DONE)
			c->in_state = IN_HEAD;
	}
	return moved;
}

/* Whether a refusal may be answered now: every request before it has its
 * whole answer from libmicrohttpd and that answer went to the buffer. For
 * a request cut off mid-body, libmicrohttpd has closed and answered nothing
 * of it. *give_up: libmicrohttpd closed first, the refusal goes unsaid. */
static bool refusal_due(struct mf_gate *g, struct gate_conn *c, bool *give_up)
{
	unsigned n = answered(g, c);
	bool eof = c->mhd_eof, oom = false;

	*give_up = false;
	if (c->refusal_mid_body) {
		if (!eof)
			return false;
		*give_up = n >= c->forwarded;  /* it answered early itself */
		return !*give_up;
	}
	if (n < c->forwarded) {
		*give_up = eof;
		return false;
	}
	/* Every answer was written before its completion was counted: one
	 * more read collects the rest. */
	if (c->mhd >= 0) {
		c->mhd_rd = true;  /* whatever the last event said */
		mf_gate_fill(c->mhd, &c->toclient, MF_GATE_BUF, &c->mhd_rd, c->mhd_hup, &eof, &oom);
	}
	c->mhd_eof = eof;
	if (eof) {
		*give_up = true;  /* it closed (Connection: close): nothing may follow */
		return false;
	}
	return c->toclient.p == NULL || c->toclient.len < MF_GATE_BUF - MF_GATE_ANSWER_MAX;
}

/* Moves bytes both ways on c until nothing moves; ends c when done. */
static void pump(struct mf_gate *g, struct gate_conn *c)
{
	bool moved, oom = false, broken = false;

	if (c->lingering) {
		linger(g, c);
		return;
	}
	/* reset, or an error: nothing can reach the client any more (a
	 * client gone altogether answers gate_fin.c's probe so) */
	if (c->client_err) {
		mf_gate_conn_free(g, c);
		return;
	}
	do {
		moved = false;
		if (!c->client_eof && !c->refusing && c->in_state != IN_STALL &&
		    mf_gate_fill(c->client, &c->in, MF_HEAD_MAX + 1, &c->client_rd, c->client_hup,
			 &c->client_eof, &oom))
			moved = true;
		moved |= process_in(g, c);
		if (c->mhd >= 0 && !c->mhd_wr_shut) {
			moved |= mf_gate_flush(c->mhd, &c->tomhd, &broken) > 0;
			/* The client's FIN goes on once its whole requests did:
			 * those still in `in` first (pipelined with the FIN),
			 * and once their answers are out (gate_fin.c: a
			 * half-close is no hang-up). Not while a refusal waits:
			 * libmicrohttpd's close would look like a Connection:
			 * close, after which nothing may be said
			 * (refusal_due()). */
			bool fin = c->client_eof && c->tomhd.off == c->tomhd.len && !c->refusing;

			if (fin && !broken && process_in(g, c))
				moved = true;
			else if (fin && !broken && mf_gate_fin_held(g, c))
				;  /* woken as answers complete */
			else if (fin || broken) {
				shutdown(c->mhd, SHUT_WR);
				c->mhd_wr_shut = true;
			}
		}
		if (c->mhd >= 0 && !c->mhd_eof &&
		    mf_gate_fill(c->mhd, &c->toclient, MF_GATE_BUF, &c->mhd_rd, c->mhd_hup, &c->mhd_eof,
			 &oom))
			moved = true;
		if (c->mhd_eof && c->mhd >= 0 && !c->answer_queued && !started(g, c)) {
			mf_gate_refuse_unserved(g, c);
			moved = true;
		}
		if (c->refusing && !c->answer_queued) {
			bool give_up;

			if (refusal_due(g, c, &give_up)) {
				mf_gate_queue_refusal(g, c);
				mf_gate_close_mhd(g, c);
				moved = true;
			} else if (give_up) {
				c->refusing = false;  /* end like any closed connection */
				c->mhd_eof = true;
			}
		}
		moved |= mf_gate_flush(c->client, &c->toclient, &c->client_gone) > 0;
		if (c->client_gone || oom) {
			mf_gate_conn_free(g, c);
			return;
		}
	} while (moved);
	if (c->mhd >= 0 && !c->mhd_wr_shut)
		mf_gate_watch_mhd_out(g, c, c->tomhd.off < c->tomhd.len);
	if (c->toclient.p && c->toclient.off < c->toclient.len)
		return;
	if (c->answer_queued || (c->mhd_eof && !c->refusing)) {
		conn_end(g, c);
		return;
	}
	mf_gbuf_release(&c->toclient);
	/* A head read in part has its canonical lines so far in tomhd. */
	if (c->in_state != IN_HEAD || !c->head.out_len)
		mf_gbuf_release(&c->tomhd);
	if (c->in_state == IN_HEAD && c->in.p && c->in.len == 0)
		mf_gbuf_release(&c->in);
}

/* Pumps the connections whose refusal waited for an answer, and the
 * lingering ones past their time. */
static void sweep(struct mf_gate *g)
{
	struct gate_conn *c = g->conns, *next;
	uint64_t now = mf_clock_ms();

	for (; c; c = next) {
		bool wake;

		next = c->next;
		pthread_mutex_lock(&g->lock);
		wake = c->wants_wake && c->woken;
		c->woken = false;
		pthread_mutex_unlock(&g->lock);
		if (wake || (c->lingering && now >= c->linger_until))
			pump(g, c);
	}
}

static void *gate_thread(void *arg)
{
	struct mf_gate *g = arg;
	struct epoll_event ev[EVENTS_MAX];

	while (!atomic_load(&g->stopping) || (g->conns && mf_clock_ms() < g->stop_until)) {
		int wait = g->lingering || atomic_load(&g->stopping) ? 100 : -1;
		int n = epoll_wait(g->epoll_fd, ev, EVENTS_MAX, wait);
		bool woke = false;

		for (int i = 0; i < n; i++) {
			uint64_t key = ev[i].data.u64;

			if (key == KEY_LISTEN) {
				mf_gate_accept(g);
			} else if (key == KEY_WAKE) {
				uint64_t v;

				if (read(g->wake_fd, &v, sizeof(v)) < 0)
					v = 0;  /* another wake-up took it: nothing lost */
				woke = true;
			} else {
				struct gate_conn *c = (struct gate_conn *)(uintptr_t)(
					key & ~(uint64_t)MF_GATE_KEY_MHD);
				uint32_t e = ev[i].events;
				bool rd = e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR);
				bool hup = e & (EPOLLRDHUP | EPOLLHUP | EPOLLERR);

				/* a connection closed by an earlier event */
				if (c->dead)
					continue;
				if (key & MF_GATE_KEY_MHD) {
					c->mhd_rd |= rd;
					c->mhd_hup |= hup;
				} else {
					c->client_rd |= rd;
					c->client_hup |= hup;
					c->client_err |= (e & (EPOLLERR | EPOLLHUP)) != 0;
				}
				pump(g, c);
			}
		}
		if (woke || g->lingering)
			sweep(g);
		/* Held at the limit (the listening socket out of the epoll set):
		 * the backlog is accepted once a connection closed. Otherwise
		 * the listening socket's own event accepts; no accept here that
		 * only comes back EAGAIN. */
		if (g->listening && g->accept_held && mf_gate_has_room(g))
			mf_gate_accept(g);
		bury(g);
	}
	return NULL;
}

bool mf_gate_start(const struct mf_gate_config *cfg, struct mf_gate **out)
{
	struct mf_gate *g = calloc(1, sizeof(*g));
	struct epoll_event lev = { .events = EPOLLIN, .data.u64 = KEY_LISTEN };
	struct epoll_event wev = { .events = EPOLLIN, .data.u64 = KEY_WAKE };

	*out = NULL;
	if (!g)
		return false;
	g->cfg = *cfg;
	g->held = cfg->open ? cfg->open : &g->own_held;
	g->bytes = cfg->bytes ? cfg->bytes : &g->own_bytes;
	g->listen_fd = cfg->listen_fd;
	g->listening = true;
	g->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	g->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (g->epoll_fd < 0 || g->wake_fd < 0 ||
	    epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, g->wake_fd, &wev) != 0 ||
	    epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, g->listen_fd, &lev) != 0 ||
	    !mf_gate_ips_init(g) || pthread_mutex_init(&g->lock, NULL) != 0)
		goto fail;
	*out = g;
	if (pthread_create(&g->thread, NULL, gate_thread, g) != 0) {
		*out = NULL;
		pthread_mutex_destroy(&g->lock);
		goto fail;
	}
	return true;
fail:
	if (g->epoll_fd >= 0)
		close(g->epoll_fd);
	if (g->wake_fd >= 0)
		close(g->wake_fd);
	mf_gate_ips_free(g);
	free(g);
	return false;
}

/* The connection whose libmicrohttpd socket is mhd_fd, or NULL. Under
 * the lock. */
static struct gate_conn *conn_by_fd(struct mf_gate *g, int mhd_fd)
{
	return mhd_fd >= 0 && (size_t)mhd_fd < g->cap ? g->by_fd[mhd_fd] : NULL;
}

/* Wakes the gate's thread for c, when c waits for a wake-up (a refusal
 * or a kept FIN). Under the lock. */
static void wake(struct mf_gate *g, struct gate_conn *c)
{
	uint64_t one = 1;

	if (!c->wants_wake)
		return;
	c->woken = true;
	/* an eventfd write fails only on overflow: it is awake then */
	if (write(g->wake_fd, &one, sizeof(one)) < 0)
		c->woken = true;
}

void mf_gate_started(struct mf_gate *g, int mhd_fd)
{
	struct gate_conn *c;

	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	if ((c = conn_by_fd(g, mhd_fd)) != NULL)
		c->started = true;
	pthread_mutex_unlock(&g->lock);
}

void mf_gate_answered(struct mf_gate *g, int mhd_fd)
{
	struct gate_conn *c;

	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	if ((c = conn_by_fd(g, mhd_fd)) != NULL) {
		c->answered++;
		wake(g, c);
	}
	pthread_mutex_unlock(&g->lock);
}

void mf_gate_working(struct mf_gate *g, int mhd_fd, bool working)
{
	struct gate_conn *c;

	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	if ((c = conn_by_fd(g, mhd_fd)) != NULL) {
		c->working = working;
		if (working)
			wake(g, c);
	}
	pthread_mutex_unlock(&g->lock);
}

void mf_gate_released(struct mf_gate *g)
{
	uint64_t one = 1;
	ssize_t n;

	if (!g || atomic_fetch_sub(g->held, 1) < g->cfg.connection_limit)
		return;
	/* Down from the limit: the gate may be holding its accepts for it. An
	 * eventfd write fails only on overflow: it is awake then. */
	n = write(g->wake_fd, &one, sizeof(one));
	(void)n;
}

void mf_gate_stop_accepting(struct mf_gate *g)
{
	/* The socket stays open until mf_gate_stop (the thread may be in
	 * accept on it), but no longer listens: a new connection is refused. */
	if (g)
		shutdown(g->listen_fd, SHUT_RDWR);
}

void mf_gate_stop(struct mf_gate *g)
{
	uint64_t one = 1;

	if (!g)
		return;
	g->stop_until = mf_clock_ms() + 1000;
	atomic_store(&g->stopping, true);
	if (write(g->wake_fd, &one, sizeof(one)) != sizeof(one))
		pthread_cancel(g->thread);
	pthread_join(g->thread, NULL);
	while (g->conns)
		mf_gate_conn_free(g, g->conns);
	bury(g);
	pthread_mutex_destroy(&g->lock);
	close(g->listen_fd);
	close(g->epoll_fd);
	close(g->wake_fd);
	free(g->by_fd);
	mf_gate_ips_free(g);
	free(g);
}
