/* The gate's state, shared by gate.c (the relay) and gate_answer.c (its
 * own answers). */
#ifndef MF_HTTP_GATE_INT_H
#define MF_HTTP_GATE_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "http/gate.h"
#include "http/head.h"

/* Bytes of a refusal the gate writes, head and body. */
#define MF_GATE_ANSWER_MAX 1024

/* Bytes waiting to go one way: p[off..len); p is NULL while empty. */
struct gbuf {
	char *p;
	size_t off, len;
};

/* Where the client's bytes are in the request they belong to. */
enum gate_in { IN_HEAD, IN_LENGTH, IN_CHUNKED, IN_STALL };

struct gate_conn {
	int client;                /* the client's socket; -1 closed */
	int mhd;                   /* the gate's end of the socketpair; -1 closed */
	int mhd_peer;              /* libmicrohttpd's end (its to close) */
	enum gate_in in_state;
	struct mf_head head;
	struct mf_chunked chunk;
	uint64_t left;             /* IN_LENGTH: body bytes still to come */
	struct gbuf in;            /* from the client, not yet read as a request */
	struct gbuf tomhd;         /* read and checked, to libmicrohttpd */
	struct gbuf toclient;      /* libmicrohttpd's bytes and the gate's answer */
	unsigned forwarded;        /* heads sent on to libmicrohttpd */
	unsigned answered;         /* whole answers it sent (under the gate's lock) */
	bool wants_wake, woken;    /* a refusal waits for answers (under the lock) */
	bool client_eof, client_gone, mhd_eof, mhd_wr_shut;
	bool refusing, refusal_mid_body, answer_queued;
	struct mf_head_refusal why;
	bool lingering;
	uint64_t linger_until;
	size_t linger_left;
	bool dead;                 /* closed; freed after the current events */
	struct gate_conn *next, **prev;
};

struct mf_gate {
	struct mf_gate_config cfg;
	int listen_fd, epoll_fd, wake_fd;
	bool listening;
	pthread_t thread;
	atomic_bool stopping;
	uint64_t stop_until;       /* ms: when stopping, how long connections may still write */
	unsigned live;             /* connections with libmicrohttpd's side open */
	unsigned lingering;
	struct gate_conn *conns;   /* every open connection */
	struct gate_conn *dead;    /* closed ones, freed after the current events */
	pthread_mutex_t lock;      /* guards by_fd, cap and each connection's answered,
				    * wants_wake, woken */
	struct gate_conn **by_fd;  /* by libmicrohttpd's socket */
	size_t cap;
};

/* Queues c's refusal (c->why) as one whole problem+json answer at the end
 * of c->toclient, with a new request id, and reports it to the config's
 * refused callback; sets c->answer_queued. Out of memory the connection
 * is just closed (c->answer_queued set all the same). */
void mf_gate_queue_refusal(struct mf_gate *g, struct gate_conn *c);

#endif
