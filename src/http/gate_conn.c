/* A relayed connection's sockets: watching them in the gate's epoll set,
 * closing them, and the 503 for a connection libmicrohttpd did not serve.
 * See gate_int.h; calls gate_ips.c and gate_answer.c only. */
#include "http/gate_int.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "common/clock.h"

void mf_gate_watch_client(struct mf_gate *g, struct gate_conn *c)
{
	/* TCP reports EPOLLOUT only after a send found its buffer full: no
	 * wake-up for nothing, so it is watched all along (and its first event,
	 * writable, lets a connection refused at once write its answer). */
	struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET,
				  .data.u64 = (uint64_t)(uintptr_t)c };

	epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, c->client, &ev);
}

static uint32_t mhd_events(bool out)
{
	return EPOLLIN | EPOLLRDHUP | EPOLLET | (out ? EPOLLOUT : 0);
}

void mf_gate_watch_mhd(struct mf_gate *g, struct gate_conn *c)
{
	/* A socketpair reports EPOLLOUT each time its peer reads (once a
	 * request): watched only while a send to it found it full. */
	struct epoll_event ev = { .events = mhd_events(false),
				  .data.u64 = (uint64_t)(uintptr_t)c | MF_GATE_KEY_MHD };

	c->mhd_out = false;
	epoll_ctl(g->epoll_fd, EPOLL_CTL_ADD, c->mhd, &ev);
}

void mf_gate_watch_mhd_out(struct mf_gate *g, struct gate_conn *c, bool out)
{
	struct epoll_event ev = { .events = mhd_events(out),
				  .data.u64 = (uint64_t)(uintptr_t)c | MF_GATE_KEY_MHD };

	if (c->mhd < 0 || c->mhd_out == out)
		return;
	if (epoll_ctl(g->epoll_fd, EPOLL_CTL_MOD, c->mhd, &ev) == 0)
		c->mhd_out = out;
}

/* Takes fd out of the epoll set, then closes it. A close alone would
 * leave it watched while another process still holds the socket (a
 * child between fork and exec), and its next event would name a freed
 * connection. */
static void unwatch_close(struct mf_gate *g, int fd)
{
	epoll_ctl(g->epoll_fd, EPOLL_CTL_DEL, fd, NULL);
	close(fd);
}

/* Closes libmicrohttpd's side of c, forgetting it in the table. */
size_t mf_gate_conn_most(void)
{
	return sizeof(struct gate_conn) + (MF_HEAD_MAX + 1) + 2 * MF_GATE_BUF;
}

void mf_gate_close_mhd(struct mf_gate *g, struct gate_conn *c)
{
	if (c->mhd < 0)
		return;
	pthread_mutex_lock(&g->lock);
	if ((size_t)c->mhd_peer < g->cap && g->by_fd[c->mhd_peer] == c)
		g->by_fd[c->mhd_peer] = NULL;
	pthread_mutex_unlock(&g->lock);
	unwatch_close(g, c->mhd);
	c->mhd = -1;
	g->live--;
}

/* Closes c's sockets and moves it to the dead, freed once the events
 * at hand are handled (one of them may still name it). */
void mf_gate_conn_free(struct mf_gate *g, struct gate_conn *c)
{
	mf_gate_close_mhd(g, c);
	if (c->client >= 0)
		unwatch_close(g, c->client);
	c->client = -1;
	mf_gate_ip_release(g, c);
	if (c->lingering)
		g->lingering--;
	c->lingering = false;
	*c->prev = c->next;
	if (c->next)
		c->next->prev = c->prev;
	mf_gbuf_free(&c->in);
	mf_gbuf_free(&c->tomhd);
	mf_gbuf_free(&c->toclient);
	c->dead = true;
	c->next = g->dead;
	g->dead = c;
}

void mf_gate_refuse_unserved(struct mf_gate *g, struct gate_conn *c)
{
	/* never started: no MHD_CONNECTION_NOTIFY_CLOSED will come for it */
	atomic_fetch_sub(g->held, 1);
	mf_gate_close_mhd(g, c);
	c->why.problem = MF_PROBLEM_OVERLOADED;
	snprintf(c->why.detail, sizeof(c->why.detail), "%s",
		 "the server cannot take another connection now");
	c->refusing = true;
	c->in_state = IN_STALL;
	c->req_us = c->head_us ? c->head_us : mf_clock_us();
	mf_gate_queue_refusal(g, c);
}
