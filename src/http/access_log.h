/*
 * The access log: one JSON line per request, formatted on the request
 * thread's stack and queued to a drop-when-full writer of its own
 * (common/log_writer.h), so that the threads answering requests never make
 * a system call for it, never wait for a stalled reader, and never see
 * their lines interleave with another's. Lines the writer could not keep
 * are counted: mf_access_log_dropped, exported by /metrics as
 * manaflow_access_log_dropped_total.
 *
 * mf_access_log_free writes every line accepted before it: a graceful stop
 * loses nothing. A crash loses the lines of the last
 * MF_ACCESS_LOG_FLUSH_MS at most.
 */
#ifndef MF_HTTP_ACCESS_LOG_H
#define MF_HTTP_ACCESS_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/log_writer.h"

/* Bytes of each of the writer's two buffers the server uses: about 8000
 * lines, over 100 ms of the fastest rate measured (#13) before a stalled
 * writer drops. */
#define MF_ACCESS_LOG_CAP (1u << 20)

/* Longest wait between a line and its write. */
#define MF_ACCESS_LOG_FLUSH_MS MF_LOG_WRITER_FLUSH_MS

/* Room for any line of mf_request_completed's fields (method < 16 bytes,
 * path < 128, id <= 64, client < 46, each byte escaped to 6 at most). */
#define MF_ACCESS_LOG_LINE_MAX MF_LOG_LINE_MAX

struct mf_access_log;

/* One request's line. The strings are borrowed for the call only. */
struct mf_access_log_entry {
	const char *method;
	const char *path;          /* as the client sent it */
	unsigned status;           /* 0: never answered */
	uint64_t us;               /* microseconds from the first byte to completion */
	size_t bytes;              /* body bytes sent */
	const char *request_id;
	bool aborted;              /* not completed OK (client gone, timeout, stop) */
	const char *client;        /* the client's address; NULL: left out (the gate's
				    * refusals give it, gate.h) */
};

/*
 * Writes e's line into buf (cap bytes), newline included, no NUL:
 * {"method":"GET","path":"/x","status":200,"us":12,"bytes":15,"request_id":"id"}
 * with ,"aborted":true before the brace when e->aborted, and ,"client":"addr"
 * before that when e->client is not NULL. Strings are JSON
 * escaped: " and \ with a backslash, bytes below 0x20 and from 0x7f up as
 * \u00XX (lowercase hex; the path is raw bytes, not necessarily UTF-8).
 * Returns the length, or 0 (buf's content then undefined) when the line
 * needs more than cap bytes. Pure: no allocation, no lock.
 */
size_t mf_access_log_format(char *buf, size_t cap, const struct mf_access_log_entry *e);

/*
 * Starts a log that writes to fd (borrowed: not closed by the log; the
 * server passes STDERR_FILENO) through a writer with two buffers of cap
 * bytes (cap >= MF_ACCESS_LOG_LINE_MAX; the server passes
 * MF_ACCESS_LOG_CAP), whose thread inherits the caller's signal mask.
 * Returns the log, owned by the caller until mf_access_log_free, or NULL
 * when memory or the thread could not be had or cap is too small (errno
 * set; nothing to free).
 */
struct mf_access_log *mf_access_log_new(int fd, size_t cap);

/*
 * Queues e's line; safe from any number of threads at once. Never blocks
 * on the fd and never fails to the caller: a line that does not fit in what
 * remains of the writer's buffer (or in MF_ACCESS_LOG_LINE_MAX) is dropped
 * and counted. log must not be NULL nor freed during or before the call.
 */
void mf_access_log_write(struct mf_access_log *log, const struct mf_access_log_entry *e);

/*
 * Lines lost so far: dropped for want of room, or refused by the kernel.
 * Safe from any thread at any time while log lives. log NULL: 0.
 */
uint64_t mf_access_log_dropped(const struct mf_access_log *log);

/*
 * Writes every line queued so far, stops the writer, and frees the log;
 * may block as long as the fd takes to accept the lines. No
 * mf_access_log_write may run during or after the call. NULL: no-op.
 */
void mf_access_log_free(struct mf_access_log *log);

#endif
