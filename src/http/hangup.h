/*
 * Clients that hang up mid-request, noticed even where libmicrohttpd 0.9.75
 * misses them (a burst of them once held every connection slot).
 *
 * libmicrohttpd watches each connection with edge-triggered epoll and takes
 * a short read for "nothing more to read". When the client's FIN arrives
 * with the last data, before libmicrohttpd collects the edge, the read
 * returns the data, the FIN stays queued behind it and no edge ever comes
 * again: the connection sits in CLOSE_WAIT, holding a slot of the connection
 * limit, until the idle timeout. A burst of such connections, which costs
 * the client no socket, filled the limit and stalled the server for 10 s.
 *
 * The watcher keeps its own epoll set of every connection, for EPOLLRDHUP
 * only (one shot). When a client has hung up and libmicrohttpd has read all
 * its data (looked at again every 10 ms until then), it calls
 * shutdown(SHUT_RD) on the socket, which changes nothing for a socket whose
 * peer already sent FIN but wakes every epoll set watching it:
 * libmicrohttpd gets a new edge, reads the end of the stream and closes the
 * connection at once. Where libmicrohttpd had seen the FIN anyway, the
 * extra edge finds the connection closing or closed and does nothing.
 *
 * Knowing every connection, the watcher also raises the stop of a solve
 * whose client hung up (mf_http_hangup_watch_solve), and shuts down a
 * connection whose next request head is overdue (mf_http_hangup_start).
 */
#ifndef MF_HTTP_HANGUP_H
#define MF_HTTP_HANGUP_H

#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>

struct mf_http_hangups;

/* Starts the watcher thread; NULL when out of memory or threads. With
 * head_deadline_s (0: none), a connection whose next request head has not
 * arrived that long after it opened or after its last answer is shut down
 * (looked at every second): the idle timeout restarts with every byte, so
 * only this lets go of a client that trickles its headers. */
struct mf_http_hangups *mf_http_hangup_start(unsigned head_deadline_s);

/* A request's head arrived on c (began), or its answer is over (!began):
 * the head deadline counts from then. */
void mf_http_hangup_request(struct mf_http_hangups *h, struct MHD_Connection *c, bool began);

/*
 * MHD_OPTION_NOTIFY_CONNECTION, with cls the watcher: adds a connection to
 * the set when it starts and removes it when it closes, which libmicrohttpd
 * reports before it closes the socket. Safe from any of its threads.
 */
void mf_http_hangup_notify(void *cls, struct MHD_Connection *c, void **socket_context,
			   enum MHD_ConnectionNotificationCode code);

/*
 * While connection c waits for a solve on a worker thread, the solve's
 * cancel flag: raised when the client hangs up (at once if it already
 * has), so that the solve stops at its next look. The caller unwatches it
 * before the flag goes. NULL h: nothing is watched.
 */
void mf_http_hangup_watch_solve(struct mf_http_hangups *h, struct MHD_Connection *c, atomic_bool *cancel);
void mf_http_hangup_unwatch_solve(struct mf_http_hangups *h, struct MHD_Connection *c);

/* Stops the watcher and frees it; NULL is fine. Call after the daemon has
 * stopped, so that no notification comes any more. */
void mf_http_hangup_stop(struct mf_http_hangups *h);

#endif
