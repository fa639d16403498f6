/*
 * A drop-when-full writer of whole lines: the one way a hot thread (one
 * that answers requests) gets a line to a file descriptor, without ever
 * making a system call or waiting for it. The server's access log and its
 * error lines go through one each.
 *
 * A thread that puts a line copies it under a mutex into the pending
 * buffer (a memcpy: no system call unless another thread holds the mutex
 * at that instant). The writer thread takes the pending buffer whole,
 * leaving its empty spare in its place, and writes it with one write(2).
 * It writes MF_LOG_WRITER_FLUSH_MS after the first line of a batch, or at
 * once when the pending buffer is a quarter full, so a busy server makes
 * about a hundred writes a second, whatever its rate.
 *
 * Lines never interleave: a line is copied whole, under the mutex, and
 * only the writer thread writes. To a regular file a batch is one write,
 * which Linux never interleaves with another write to the same file; to a
 * pipe or socket (a container runtime's stderr) it goes in pieces of at
 * most PIPE_BUF bytes cut at line ends, since only those are atomic there,
 * so that another writer of the same fd (another writer, or mf_log's
 * direct lines) cannot land inside a line.
 *
 * Memory is bounded: two buffers of cap bytes. If the writer falls a whole
 * buffer behind (fd 2 is a pipe nobody reads, the disk is full), a line
 * that does not fit is dropped, never waited for. Nothing is dropped below
 * that cap. Dropped lines, and lines the kernel refused to write (any
 * write error but EINTR and EAGAIN), are counted: mf_log_writer_dropped().
 *
 * mf_log_writer_free writes every line put before it, then joins the
 * writer: a graceful stop loses nothing. A crash loses the lines of the
 * last MF_LOG_WRITER_FLUSH_MS at most.
 */
#ifndef MF_COMMON_LOG_WRITER_H
#define MF_COMMON_LOG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/* Longest wait between a line and its write. */
#define MF_LOG_WRITER_FLUSH_MS 10

/* Bytes of the longest line a writer (or mf_log) takes, its newline
 * included; below PIPE_BUF, so one line is one atomic write to a pipe. */
#define MF_LOG_LINE_MAX 2048

struct mf_log_writer;

/*
 * Starts a writer to fd (borrowed: never closed by the writer) with two
 * buffers of cap bytes (cap >= MF_LOG_LINE_MAX), and its thread, which
 * inherits the caller's signal mask. Returns the writer, owned by the
 * caller until mf_log_writer_free, or NULL when memory or the thread could
 * not be had or cap is too small (errno set; nothing to free).
 */
struct mf_log_writer *mf_log_writer_new(int fd, size_t cap);

/*
 * Queues line[0..n), whole lines, newline included (borrowed for the
 * call); safe from any number of threads at once. Never blocks on the fd
 * and never fails to the caller: n == 0, n > MF_LOG_LINE_MAX, or a line
 * that does not fit in what remains of the pending buffer is dropped and
 * counted. w must not be NULL nor freed during or before the call.
 */
void mf_log_writer_put(struct mf_log_writer *w, const char *line, size_t n);

/*
 * Lines lost so far: dropped for want of room, or refused by the kernel.
 * Safe from any thread at any time while w lives. w NULL: 0.
 */
uint64_t mf_log_writer_dropped(const struct mf_log_writer *w);

/*
 * Writes every line queued so far, stops and joins the writer thread, and
 * frees w; may block as long as the fd takes to accept the lines. No
 * mf_log_writer_put may run during or after the call. NULL: no-op.
 */
void mf_log_writer_free(struct mf_log_writer *w);

#endif
