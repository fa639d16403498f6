/*
 * One growable byte buffer with a size cap and sticky failure, in the
 * style of curl's dynbuf. Part of the bottom floor (src/common): every
 * floor above may use it, and it knows none of them. Request bodies,
 * answers, problem documents, metrics and CLI input all grow in one of
 * these; whoever sends the bytes can take them without another copy
 * (mf_buf_take()).
 *
 * Once an append fails (out of memory, or the cap would be passed) the
 * buffer is emptied and every later append fails too, so a writer can
 * append many pieces and check mf_buf_error() once at the end.
 *
 * The contents are always NUL-terminated (one byte past len, not counted)
 * once anything was added, so text can be handed to C string functions.
 */
#ifndef MF_COMMON_BUF_H
#define MF_COMMON_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mf_buf {
	char *mem;     /* owned; NULL until the first append */
	size_t len;    /* bytes in use, the NUL not counted */
	size_t alloc;  /* bytes allocated */
	size_t cap;    /* len never exceeds this */
	int error;     /* 0, MF_ERR_NOMEM or MF_ERR_LIMIT (manaflow/common.h) */
};

/* Starts an empty buffer that will hold at most cap bytes. Allocates
 * nothing, so it cannot fail. */
void mf_buf_init(struct mf_buf *b, size_t cap);

/* Appends len bytes of mem. Returns 0, or a negative mf_status after which
 * the buffer is empty and failed for good (see mf_buf_error()). */
int mf_buf_add(struct mf_buf *b, const void *mem, size_t len);

/* Appends the NUL-terminated string s; as mf_buf_add(). */
int mf_buf_addstr(struct mf_buf *b, const char *s);

/* Appends printf-style text; as mf_buf_add(). */
int mf_buf_addf(struct mf_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Appends an unsigned integer in decimal; as mf_buf_add(). */
int mf_buf_add_uint(struct mf_buf *b, uint64_t v);

/* 0 while every append succeeded, else MF_ERR_NOMEM or MF_ERR_LIMIT. */
int mf_buf_error(const struct mf_buf *b);

/* The bytes so far, NUL-terminated ("" when empty or failed): still owned
 * by the buffer, valid until the next append, take or free. */
const char *mf_buf_ptr(const struct mf_buf *b);

/* How many bytes mf_buf_ptr() holds, the NUL not counted; 0 after a
 * failure. */
size_t mf_buf_len(const struct mf_buf *b);

/* Hands the contents to the caller, who frees them with free(); *len gets
 * their length. Returns NULL when the buffer failed or nothing could be
 * allocated; an empty buffer gives a new "" string. Either way the buffer
 * is left empty and usable, with the same cap and no error. */
char *mf_buf_take(struct mf_buf *b, size_t *len);

/* Frees the contents and empties the buffer (cap kept, error cleared). */
void mf_buf_free(struct mf_buf *b);

#endif
