#include "common/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/common.h"

#define BUF_FIRST_ALLOC 256

void mf_buf_init(struct mf_buf *b, size_t cap)
{
	b->mem = NULL;
	b->len = 0;
	b->alloc = 0;
	b->cap = cap;
	b->error = 0;
}

/* Empties b for good with error (sticky until init, take or free);
 * returns error. */
static int fail(struct mf_buf *b, int error)
{
	free(b->mem);
	b->mem = NULL;
	b->len = 0;
	b->alloc = 0;
	b->error = error;
	return error;
}

/* Makes room for n more bytes and the NUL. */
static int reserve(struct mf_buf *b, size_t n)
{
	size_t need, alloc;
	char *grown;

	if (b->error)
		return b->error;
	if (n > b->cap - b->len)
		return fail(b, MF_ERR_LIMIT);
	need = b->len + n + 1;
	if (need <= b->alloc)
		return 0;
	alloc = b->alloc ? b->alloc : BUF_FIRST_ALLOC;
	while (alloc < need)
		alloc = alloc > SIZE_MAX / 2 ? need : alloc * 2;
	if (alloc > b->cap + 1)
		alloc = b->cap + 1;
	grown = realloc(b->mem, alloc);
	if (!grown)
		return fail(b, MF_ERR_NOMEM);
	b->mem = grown;
	b->alloc = alloc;
	return 0;
}

int mf_buf_add(struct mf_buf *b, const void *mem, size_t len)
{
	int rc = reserve(b, len);

	if (rc)
		return rc;
	if (len)
		memcpy(b->mem + b->len, mem, len);
	b->len += len;
	b->mem[b->len] = '\0';
	return 0;
}

int mf_buf_addstr(struct mf_buf *b, const char *s)
{
	return mf_buf_add(b, s, strlen(s));
}

int mf_buf_addf(struct mf_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n, rc;

	if (b->error)
		return b->error;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return fail(b, MF_ERR_NOMEM);
	rc = reserve(b, (size_t)n);
	if (rc)
		return rc;
	va_start(ap, fmt);
	vsnprintf(b->mem + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

int mf_buf_add_uint(struct mf_buf *b, uint64_t v)
{
	char digits[24];
	size_t n = sizeof(digits);

	do {
		digits[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return mf_buf_add(b, digits + n, sizeof(digits) - n);
}

int mf_buf_error(const struct mf_buf *b)
{
	return b->error;
}

const char *mf_buf_ptr(const struct mf_buf *b)
{
	return b->mem ? b->mem : "";
}

size_t mf_buf_len(const struct mf_buf *b)
{
	return b->len;
}

char *mf_buf_take(struct mf_buf *b, size_t *len)
{
	char *mem = b->error ? NULL : b->mem;

	if (!b->error && !mem)
		mem = calloc(1, 1);
	*len = mem ? b->len : 0;
	if (b->error)
		free(b->mem);
	mf_buf_init(b, b->cap);
	return mem;
}

void mf_buf_free(struct mf_buf *b)
{
	free(b->mem);
	mf_buf_init(b, b->cap);
}
