/*
 * The access log: one JSON line per request, written by a thread of its own
 * so that the threads answering requests never make a system call for it.
 *
 * A request thread formats its line on its own stack, then copies it under a
 * mutex into the pending buffer (a memcpy: no system call unless another
 * thread holds the mutex at that instant). The writer thread takes the
 * pending buffer whole, leaving its empty spare in its place, and writes it
 * with one write(2). It writes MF_ACCESS_LOG_FLUSH_MS after the first line
 * of a batch, or at once when the pending buffer is a quarter full, so a
 * busy server makes about a hundred writes a second, whatever its rate.
 *
 * Lines never interleave: a line is copied whole, under the mutex, and only
 * the writer thread writes. To a regular file a batch is one write, which
 * Linux never interleaves with another write to the same file; to a pipe or
 * socket (a container runtime's stderr) it goes in pieces of at most
 * PIPE_BUF bytes cut at line ends, since only those are atomic there, so that
 * another writer of the same fd (the server's other log lines) cannot land
 * inside a line.
 *
 * Memory is bounded: two buffers of cap bytes. If the writer falls a whole
 * buffer behind (fd 2 is a pipe nobody reads, the disk is full), a line that
 * does not fit is dropped, never waited for: requests are not slowed or
 * stalled by their log. Nothing is dropped below that cap. Dropped lines,
 * and lines the kernel refused to write (any write error but EINTR and
 * EAGAIN), are counted: mf_access_log_dropped, exported by /metrics as
 * manaflow_access_log_dropped_total.
 *
 * mf_access_log_free writes every line accepted before it, then joins the
 * writer: a graceful stop loses nothing. A crash loses the lines of the last
 * MF_ACCESS_LOG_FLUSH_MS at most.
 */
#ifndef MF_HTTP_ACCESS_LOG_H
#define MF_HTTP_ACCESS_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of each of the two buffers the server uses: about 8000 lines, over
 * 100 ms of the fastest rate measured (#13) before a stalled writer drops. */
#define MF_ACCESS_LOG_CAP (1u << 20)

/* Longest wait between a line and its write. */
#define MF_ACCESS_LOG_FLUSH_MS 10

/* Room for any line of mf_request_completed's fields (method < 16 bytes,
 * path < 128, id <= 64, each byte escaped to 6 at most). */
#define MF_ACCESS_LOG_LINE_MAX 2048

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
};

/*
 * Writes e's line into buf (cap bytes), newline included, no NUL:
 * {"method":"GET","path":"/x","status":200,"us":12,"bytes":15,"request_id":"id"}
 * with ,"aborted":true before the brace when e->aborted. Strings are JSON
 * escaped: " and \ with a backslash, bytes below 0x20 and from 0x7f up as
 * \u00XX (lowercase hex; the path is raw bytes, not necessarily UTF-8).
 * Returns the length, or 0 (buf's content then undefined) when the line
 * needs more than cap bytes. Pure: no allocation, no lock.
 */
size_t mf_access_log_format(char *buf, size_t cap, const struct mf_access_log_entry *e);

/*
 * Starts a log that writes to fd (borrowed: not closed by the log; the
 * server passes STDERR_FILENO) with two buffers of cap bytes (cap >=
 * MF_ACCESS_LOG_LINE_MAX; the server passes MF_ACCESS_LOG_CAP), and its
 * writer thread, which inherits the caller's signal mask. Returns the log,
 * owned by the caller until mf_access_log_free, or NULL when memory or the
 * thread could not be had or cap is too small (errno set; nothing to free).
 */
struct mf_access_log *mf_access_log_new(int fd, size_t cap);

/*
 * Queues e's line; safe from any number of threads at once. Never blocks
 * on the fd and never fails to the caller: a line that does not fit in what
 * remains of the pending buffer (or in MF_ACCESS_LOG_LINE_MAX) is dropped
 * and counted. log must not be NULL nor freed during or before the call.
 */
void mf_access_log_write(struct mf_access_log *log, const struct mf_access_log_entry *e);

/*
 * Queues one line already formatted (n bytes, its newline included, at
 * most MF_ACCESS_LOG_LINE_MAX; 0 or more counts as dropped), as
 * mf_access_log_write() does: the server's error lines go this way, so that
 * a stalled stderr never blocks a thread that logs.
 */
void mf_access_log_write_line(struct mf_access_log *log, const char *line, size_t n);

/*
 * Lines lost so far: dropped for want of room, or refused by the kernel.
 * Safe from any thread at any time while log lives. log NULL: 0.
 */
uint64_t mf_access_log_dropped(const struct mf_access_log *log);

/*
 * Writes every line queued so far, stops and joins the writer thread, and
 * frees the log; may block as long as the fd takes to accept the lines.
 * No mf_access_log_write may run during or after the call. NULL: no-op.
 */
void mf_access_log_free(struct mf_access_log *log);

#endif
