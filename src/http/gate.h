/*
 * The gate: manaflow's own front door, in front of libmicrohttpd (0.9.75 on
 * Debian 12, 1.0.1 on Debian 13). 0.9.75 accepts malformed request heads
 * (obs-fold, bare LF, NUL in the request line, "+47" as a Content-Length);
 * both write some error answers themselves, as HTML without the headers
 * every answer carries (1.0.1 also for an unknown Transfer-Encoding and an
 * HTTP/1.1 request without Host). Whatever the gate forwards is a head
 * neither version refuses.
 *
 * The gate owns the listening socket. One thread (epoll) accepts each
 * client (gate_accept.c) and relays it (gate.c) over a socketpair handed to
 * libmicrohttpd with MHD_add_connection() and the client's own address, so
 * that the logs and the hang-up watcher see the real client. The gate holds
 * both connection limits itself: past connection_limit it stops accepting
 * (more wait in the backlog), counting a connection until libmicrohttpd
 * has let it go (mf_gate_released), so that libmicrohttpd never meets a
 * limit of its own; a client address with per_ip_limit
 * connections open has each further one closed at once, without an answer,
 * as libmicrohttpd did. A connection libmicrohttpd refuses (MHD_NO from
 * MHD_add_connection, or its end closed before it started serving it) is
 * answered 503 overloaded by the gate. Every
 * request head on the connection, keep-alive and pipelined ones included,
 * is read by head.h before a byte of it goes on, and the body is followed
 * (a Content-Length counted, chunks read) to find the next head. What goes
 * to libmicrohttpd is the head rewritten canonically and the body's bytes
 * as sent; libmicrohttpd's bytes go back to the client unchanged.
 *
 * A head or chunked body head.h refuses is answered by the gate itself:
 * once every request before it on the connection has its answer, one
 * application/problem+json answer with a new X-Request-Id, the headers
 * every answer carries and Connection: close, then a lingering close
 * (shutdown for writing, at most MF_GATE_LINGER_BYTES read and dropped
 * within MF_GATE_LINGER_MS, close).
 *
 * Half-closes go through both ways: a client's FIN becomes shutdown for
 * writing on libmicrohttpd's side (once the complete requests before it
 * went on and, for HTTP/1.1, their answers are out: gate_fin.c tells a
 * half-close from a hang-up), and libmicrohttpd closing its side closes
 * the client's after what it sent. Each direction has a bounded buffer (MF_GATE_BUF bytes,
 * held only while it has data); a side is not read while its peer's
 * buffer is full.
 */
#ifndef MF_HTTP_GATE_H
#define MF_HTTP_GATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

#include "http/head.h"
#include "http/request_id.h"

#define MF_GATE_BUF 16384          /* bytes buffered each way on a connection */
#define MF_GATE_LINGER_MS 2000     /* a lingering close reads for at most this long ... */
#define MF_GATE_LINGER_BYTES 65536 /* ... and at most this much, */
#define MF_GATE_LINGER_BODY_MS 5000 /* or, with a request body on its way, this long and the
				     * rest of that body (at most body_limit) more */
#define MF_GATE_LINGERING_MAX 256  /* connections lingering at once; past it closed at once */

struct cors;

/* One refusal the gate answered. The strings are borrowed for the call. */
struct mf_gate_refusal {
	unsigned status;
	const char *detail;
	const char *request_id;    /* the X-Request-Id it sent */
	const char *method, *path; /* as far as the head was read: "" when not known */
	const char *client;        /* the client's address */
	uint64_t us;               /* from the request's first byte to the answer */
	size_t bytes;              /* the answer's body */
};

/* Called on the gate's thread for each refusal it answers. Must not block. */
typedef void (*mf_gate_refused_fn)(void *cls, const struct mf_gate_refusal *r);

struct mf_gate_config {
	int listen_fd;                /* listening, non-blocking; the gate's from then on */
	struct MHD_Daemon *daemon;    /* started with MHD_USE_NO_LISTEN_SOCKET and MHD_USE_ITC,
				       * without a per-IP limit of its own */
	unsigned connection_limit;    /* clients relayed at once; more wait in the backlog */
	unsigned per_ip_limit;        /* connections open from one address; 0: no limit */
	size_t body_limit;            /* bytes of a request body: what a lingering close may
				       * read of a body cut short by an early answer */
	atomic_uint *open;            /* borrowed, 0 at the start: the connections relayed or
				       * held by libmicrohttpd, which the limit counts (the
				       * server's gauge); NULL: the gate's own count */
	atomic_size_t *bytes;         /* borrowed, 0 at the start: the memory the open
				       * connections hold in the gate, their state and
				       * buffers (the server's gauge); NULL: the gate's own */
	struct request_ids *ids;      /* borrowed: the server's, for refusals' ids */
	const struct cors *cors;      /* borrowed: the allowed origins; NULL: none */
	mf_gate_refused_fn refused;   /* NULL: none */
	void *refused_cls;
};

struct mf_gate;

/* The most memory one connection holds in the gate: its state, a head
 * being read, and a full buffer each way (a client that pipelines and
 * never reads). Outside the admission budget: docs/operations.md. */
size_t mf_gate_conn_most(void);

/* Starts the gate's thread on cfg (copied), *out set before the thread
 * runs (libmicrohttpd's callbacks may then reach the gate through it).
 * false, *out NULL, when out of memory or threads; the listening socket
 * is then still the caller's. */
bool mf_gate_start(const struct mf_gate_config *cfg, struct mf_gate **out);

/* libmicrohttpd started serving the connection whose socket (its end) is
 * mhd_fd (MHD_CONNECTION_NOTIFY_STARTED). From any thread, up to
 * mf_gate_stop(); unknown sockets are ignored. One that closes before
 * this is a connection libmicrohttpd refused: the gate answers it 503. */
void mf_gate_started(struct mf_gate *g, int mhd_fd);

/* Request completion on libmicrohttpd's side: the connection whose socket
 * (libmicrohttpd's end) is mhd_fd sent a whole answer. From any thread, up
 * to mf_gate_stop(); unknown sockets are ignored. */
void mf_gate_answered(struct mf_gate *g, int mhd_fd);

/* The last request on the connection whose socket (libmicrohttpd's end)
 * is mhd_fd waits for a worker (working), or its answer is about to be
 * queued (!working: called before it is). While it waits, a client's FIN
 * is answered with an interim 100 Continue, to tell a half-close from a
 * hang-up (gate_fin.c). From any thread, up to mf_gate_stop(); unknown
 * sockets are ignored. */
void mf_gate_working(struct mf_gate *g, int mhd_fd, bool working);

/* libmicrohttpd let go of a connection it started serving
 * (MHD_CONNECTION_NOTIFY_CLOSED): one place more under the connection
 * limit, which counts the connections libmicrohttpd holds as well as those
 * the gate relays. From any thread, up to mf_gate_stop(); NULL is fine. */
void mf_gate_released(struct mf_gate *g);

/* Stops listening: a new connection is refused at once. From any thread;
 * connections already accepted go on. */
void mf_gate_stop_accepting(struct mf_gate *g);

/* After the daemon stopped (it closed its ends): lets the connections
 * write what they still hold for up to a second, then closes every
 * socket, the listening one included, stops the thread and frees g.
 * NULL is fine. */
void mf_gate_stop(struct mf_gate *g);

#endif
