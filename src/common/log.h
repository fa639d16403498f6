/*
 * The one logger of the server and the command line: each diagnostic is
 * one JSON line, {"level":"info","msg":"listening","host":"0.0.0.0",...},
 * a level, a fixed message, then key/values in the caller's order.
 *
 * A struct mf_log is a destination. Given a writer (log_writer.h) it
 * queues its lines there and never waits: for threads that answer
 * requests. Without one each line is one write(2) of its own to the fd,
 * made only after poll(2) says there is room, for at most
 * MF_LOG_WAIT_MS: a stalled reader (a full pipe) costs the caller that
 * long at most, and the line is dropped and counted instead. Either way a
 * line is written whole or not at all, never interleaved with another.
 *
 * The JSON-string escaping here is the access log's too (mf_log_put_*).
 */
#ifndef MF_COMMON_LOG_H
#define MF_COMMON_LOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/log_writer.h"

/* Longest a direct line waits for room in the fd, in milliseconds. */
#define MF_LOG_WAIT_MS 100

enum mf_log_level { MF_LOG_INFO, MF_LOG_WARN, MF_LOG_ERROR };

enum mf_log_kind { MF_LOG_KV_STR, MF_LOG_KV_INT, MF_LOG_KV_UINT, MF_LOG_KV_BOOL };

/* One key and its value, borrowed for the call; the key is a JSON name
 * ("port"), the value of the kind given. */
struct mf_log_kv {
	const char *key;           /* NULL ends a list */
	enum mf_log_kind kind;
	union {
		const char *s;     /* MF_LOG_KV_STR: NUL-terminated; NULL is written as null */
		int64_t i;         /* MF_LOG_KV_INT */
		uint64_t u;        /* MF_LOG_KV_UINT */
		bool b;            /* MF_LOG_KV_BOOL */
	} v;
};

#define MF_LOG_STR(k, x) ((struct mf_log_kv){ .key = (k), .kind = MF_LOG_KV_STR, .v.s = (x) })
#define MF_LOG_INT(k, x) ((struct mf_log_kv){ .key = (k), .kind = MF_LOG_KV_INT, .v.i = (x) })
#define MF_LOG_UINT(k, x) ((struct mf_log_kv){ .key = (k), .kind = MF_LOG_KV_UINT, .v.u = (x) })
#define MF_LOG_BOOL(k, x) ((struct mf_log_kv){ .key = (k), .kind = MF_LOG_KV_BOOL, .v.b = (x) })

/* A list of key/values for one call, ended for the callee:
 * MF_LOG_KVS(MF_LOG_STR("host", h), MF_LOG_UINT("port", p)). */
#define MF_LOG_KVS(...) ((const struct mf_log_kv[]){ __VA_ARGS__, { .key = NULL } })

/* A destination; set up by mf_log_init, owned by the caller. */
struct mf_log {
	int fd;                        /* the direct lines' fd (borrowed) */
	struct mf_log_writer *writer;  /* NULL: direct lines; else queued there (borrowed) */
	atomic_uint_fast64_t dropped;  /* lines lost on the direct path, or too long */
};

/* Sets log up to write to fd (borrowed, e.g. STDERR_FILENO) directly, or
 * through writer (borrowed; it must outlive every mf_log call on log) when
 * not NULL. Cannot fail. */
void mf_log_init(struct mf_log *log, int fd, struct mf_log_writer *writer);

/*
 * Logs one line: level, msg (a fixed sentence; kv carries what varies)
 * and kv (NULL or ended by a NULL key), as mf_log_format() writes them.
 * Safe from any thread while log lives; see the top of this file for how
 * long it may wait. A line past MF_LOG_LINE_MAX, or one the fd does not
 * take, is dropped and counted, never reported to the caller.
 */
void mf_log(struct mf_log *log, enum mf_log_level level, const char *msg,
	    const struct mf_log_kv *kv);

/* Lines log lost so far: its own and its writer's (mf_log_writer_dropped).
 * Safe from any thread while log lives. */
uint64_t mf_log_dropped(const struct mf_log *log);

/*
 * Writes the line into buf (cap bytes), newline included, no NUL:
 * {"level":"error","msg":"cannot listen","host":"::1","port":80}.
 * Strings are escaped as mf_log_put_escaped() says; numbers are decimal;
 * booleans true or false. Returns the length, or 0 (buf's content then
 * undefined) when the line needs more than cap bytes. Pure.
 */
size_t mf_log_format(char *buf, size_t cap, enum mf_log_level level, const char *msg,
		     const struct mf_log_kv *kv);

/* A bounded output cursor for JSON lines: every put checks the room left,
 * and once one does not fit, full stays true and nothing more is written. */
struct mf_log_out {
	char *p, *end;
	bool full;
};

/* Appends s[0..n) (borrowed) to o, or sets o->full. */
void mf_log_put(struct mf_log_out *o, const char *s, size_t n);

/* Appends v in decimal to o, or sets o->full. */
void mf_log_put_u64(struct mf_log_out *o, uint64_t v);

/* Appends the NUL-terminated s as the contents of a JSON string (no
 * quotes): " and \ get a backslash, bytes below 0x20 and from 0x7f up
 * become \u00XX (lowercase hex), so that any bytes, UTF-8 or not, make
 * valid JSON. Or sets o->full. */
void mf_log_put_escaped(struct mf_log_out *o, const char *s);

#endif
