/* The gate's state, shared by gate.c (the relay and its thread),
 * gate_accept.c (accepting, the per-IP count, the hand-over to
 * libmicrohttpd) and gate_answer.c (its own answers). */
#ifndef MF_HTTP_GATE_INT_H
#define MF_HTTP_GATE_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <time.h>

#include "common/clock.h"
#include "http/gate.h"
#include "http/head.h"

/* Bytes of a refusal the gate writes, head and body. */
#define MF_GATE_ANSWER_MAX 2048

/* Bytes waiting to go one way: p[off..len); p is NULL while empty. */
struct gbuf {
	char *p;
	size_t off, len;
	size_t size;               /* bytes p holds, counted in *count */
	atomic_size_t *count;      /* the gate's bytes (struct mf_gate), or NULL */
};

/* gate_io.c: makes room in b (cap bytes) for appending, allocating it when
 * NULL; false when out of memory (b unchanged). */
bool mf_gbuf_ready(struct gbuf *b, size_t cap);

/* gate_io.c: drops the first n (<= len) bytes of b, its data kept at the
 * start. */
void mf_gbuf_consume(struct gbuf *b, size_t n);

/* gate_io.c: frees b's memory when everything in it went out. */
void mf_gbuf_release(struct gbuf *b);

/* gate_io.c: frees b's memory, whatever it still held. */
void mf_gbuf_free(struct gbuf *b);

/* gate_io.c: reads from fd into b (cap bytes) while *rd (fd readable),
 * until b is full or fd has nothing; returns the bytes read, sets *eof at
 * the end of the stream (or an error), *oom when b could not be had. A
 * read shorter than asked emptied the queue: *rd is cleared then (the
 * next bytes bring another event), unless hup (the FIN is known to be
 * coming: read on to it); so is it on EAGAIN. */
size_t mf_gate_fill(int fd, struct gbuf *b, size_t cap, bool *rd, bool hup, bool *eof,
		    bool *oom);

/* gate_io.c: writes what b holds to fd; returns the bytes written, sets
 * *broken (and drops what was left) when the peer is gone. */
size_t mf_gate_flush(int fd, struct gbuf *b, bool *broken);

/* Connections open from one client address (the per-IP limit). */
struct gate_ip {
	struct gate_ip *next;      /* in its bucket */
	unsigned count;
	uint8_t len;               /* bytes of addr: 4 or 16 */
	uint8_t addr[16];
};

/* Where the client's bytes are in the request they belong to. */
enum gate_in { IN_HEAD, IN_LENGTH, IN_CHUNKED, IN_STALL };

struct gate_conn {
	int client;                /* the client's socket; -1 closed */
	int mhd;                   /* the gate's end of the socketpair; -1 closed */
	int mhd_peer;              /* libmicrohttpd's end (its to close) */
	struct sockaddr_storage addr;  /* the client's */
	socklen_t addr_len;
	struct gate_ip *ip;        /* its count under the per-IP limit; NULL: none */
	enum gate_in in_state;
	struct mf_head head;
	struct mf_chunked chunk;
	uint64_t left;             /* IN_LENGTH: body bytes still to come */
	struct gbuf in;            /* from the client, not yet read as a request */
	struct gbuf tomhd;         /* read and checked, to libmicrohttpd */
	struct gbuf toclient;      /* libmicrohttpd's bytes and the gate's answer */
	unsigned forwarded;        /* heads sent on to libmicrohttpd */
	unsigned answered;         /* whole answers it sent (under the gate's lock) */
	bool wants_wake, woken;    /* a refusal or a kept FIN waits for answers (under the lock) */
	bool started;              /* libmicrohttpd serves it (under the lock) */
	bool working;              /* its last request waits for a worker and has no answer
				    * queued yet (mf_gate_working; under the lock) */
	bool last_http10;          /* the last head forwarded was HTTP/1.0 */
	bool probed;               /* a 100 Continue went to the client (gate_fin.c) */
	bool client_err;           /* EPOLLERR or EPOLLHUP on the client's socket */
	uint64_t head_us;          /* when the head being read began; 0: none yet */
	uint64_t req_us;           /* when the last head read began */
	char method[16], path[128];    /* the last head's, as far as read ("": unknown) */
	const char *allow_origin;  /* its Access-Control-Allow-Origin, or NULL */
	bool client_eof, client_gone, mhd_eof, mhd_wr_shut;
	/* Edge-triggered readiness: a side is read only while an event said it
	 * is readable and no read since came back short (an empty queue); once
	 * an event carried its FIN (EPOLLRDHUP, EPOLLHUP, EPOLLERR) it is read
	 * to the end of the stream, so a FIN behind data is not missed. */
	bool client_rd, client_hup, mhd_rd, mhd_hup;
	bool mhd_out;              /* EPOLLOUT in the interest set of c->mhd */
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
	bool accept_held;          /* at the connection limit: the listening socket is out
				    * of the epoll set until a connection closes */
	pthread_t thread;
	atomic_bool stopping;
	uint64_t stop_until;       /* ms: when stopping, how long connections may still write */
	unsigned live;             /* connections with libmicrohttpd's side open */
	atomic_uint *held;         /* connections libmicrohttpd holds: from the hand-over to
				    * its MHD_CONNECTION_NOTIFY_CLOSED (mf_gate_released) or
				    * its refusal; it frees a connection a little after the
				    * gate closed its side. cfg.open, or own_held */
	atomic_uint own_held;
	unsigned lingering;
	struct gate_conn *conns;   /* every open connection */
	struct gate_conn *dead;    /* closed ones, freed after the current events */
	pthread_mutex_t lock;      /* guards by_fd, cap and each connection's answered,
				    * wants_wake, woken */
	struct gate_conn **by_fd;  /* by libmicrohttpd's socket */
	size_t cap;
	struct gate_ip **ips;      /* per_ip_limit: counts by address, a hash table */
	size_t ip_buckets;         /* a power of 2 */
	atomic_size_t *bytes;      /* the connections' state and buffers: cfg.bytes, or own_bytes */
	atomic_size_t own_bytes;
};

/* The low bit of an epoll key naming a connection: the event is for its
 * socket to libmicrohttpd (c->mhd), not the client's. */
#define MF_GATE_KEY_MHD 1u

/* The epoll key of the listening socket. */
#define MF_GATE_KEY_LISTEN 1u

/* gate_fin.c: whether the client's FIN (its whole requests gone on) is
 * kept from libmicrohttpd, since an HTTP/1.1 request on c, its body
 * whole, has its answer still due: a half-close is no hang-up. While kept,
 * the gate is woken as answers complete; once c's last request waits for
 * a worker, the client is sent one 100 Continue (an interim answer every
 * HTTP/1.1 client skips), so that a client gone altogether answers with a
 * reset, which ends c (client_err) and so cancels its solve. False: the
 * FIN goes on. */
bool mf_gate_fin_held(struct mf_gate *g, struct gate_conn *c);

/* gate_conn.c: adds c's sockets to the gate's epoll set (edge-triggered):
 * the client's both ways, libmicrohttpd's for reading; watches
 * libmicrohttpd's for writing too while bytes wait for it (out), only then;
 * closes libmicrohttpd's side of c; closes c altogether (moved to the gate's
 * dead, freed once the events at hand are handled). */
void mf_gate_watch_client(struct mf_gate *g, struct gate_conn *c);
void mf_gate_watch_mhd(struct mf_gate *g, struct gate_conn *c);
void mf_gate_watch_mhd_out(struct mf_gate *g, struct gate_conn *c, bool out);
void mf_gate_close_mhd(struct mf_gate *g, struct gate_conn *c);
void mf_gate_conn_free(struct mf_gate *g, struct gate_conn *c);

/* gate_conn.c: libmicrohttpd refused c (MHD_add_connection failed, or it closed
 * its end before serving it, writing nothing): closes its side and queues
 * a 503 overloaded for the client. */
void mf_gate_refuse_unserved(struct mf_gate *g, struct gate_conn *c);

/* gate_accept.c: whether another client may be accepted: fewer than
 * connection_limit relayed and held by libmicrohttpd. */
bool mf_gate_has_room(struct mf_gate *g);

/* gate_accept.c: accepts what waits in the backlog, up to the connection
 * limit. */
void mf_gate_accept(struct mf_gate *g);

/* gate_ips.c: makes the per-IP table (false: out of memory); takes a place
 * under the per-IP limit for c (c->ip; false when its address has
 * per_ip_limit connections open, or out of memory); gives back c's place;
 * frees the table. */
bool mf_gate_ips_init(struct mf_gate *g);
bool mf_gate_ip_take(struct mf_gate *g, struct gate_conn *c);
void mf_gate_ip_release(struct mf_gate *g, struct gate_conn *c);
void mf_gate_ips_free(struct mf_gate *g);

/* Queues c's refusal (c->why) as one whole problem+json answer at the end
 * of c->toclient, with a new request id (CORS headers when c->allow_origin),
 * and reports it to the config's refused callback with c->method, c->path
 * and c->req_us; sets c->answer_queued. Out of memory the connection is
 * just closed (c->answer_queued set all the same). */
void mf_gate_queue_refusal(struct mf_gate *g, struct gate_conn *c);

/* Notes what the canonical head in head[0..len) (whole lines count; a
 * head refused halfway holds those before the refusal) says of its
 * request: c->method, c->path (the target up to '?'), c->allow_origin. */
void mf_gate_note_head(struct mf_gate *g, struct gate_conn *c, const char *head, size_t len);

#endif
