/*
 * Helpers shared by the files of test-json-check (see json_check_test.h).
 */
#include "json_check_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int check_copy(const void *text, size_t len, unsigned max_depth,
	       struct mf_json_check_error *err)
{
	char *copy = malloc(len ? len : 1);
	int rc;

	REQUIRE(copy != NULL);
	memcpy(copy, text, len);
	rc = mf_json_check(copy, len, max_depth, err);
	free(copy);
	return rc;
}

void accept_at(int line, const char *text, size_t len, unsigned max_depth)
{
	struct mf_json_check_error err = { 0 };
	int rc = check_copy(text, len, max_depth, &err);

	if (rc != 0)
		ck_abort_msg("line %d: rejected at %zu (%s, pointer \"%s\")", line, err.offset,
			     err.reason, err.pointer);
}

void reject_at(int line, const char *text, size_t len, unsigned max_depth,
	       size_t offset, const char *reason, const char *pointer)
{
	struct mf_json_check_error err = { 0 };
	int rc = check_copy(text, len, max_depth, &err);

	if (rc != MF_ERR_INVALID)
		ck_abort_msg("line %d: accepted (rc %d)", line, rc);
	if (err.offset != offset)
		ck_abort_msg("line %d: offset %zu, expected %zu (%s)", line, err.offset, offset,
			     err.reason);
	if (strcmp(err.reason, reason) != 0)
		ck_abort_msg("line %d: reason \"%s\", expected \"%s\"", line, err.reason, reason);
	if (pointer && strcmp(err.pointer, pointer) != 0)
		ck_abort_msg("line %d: pointer \"%s\", expected \"%s\"", line, err.pointer, pointer);
}

void buf_put(struct buf *b, const void *p, size_t n)
{
	if (n == 0)
		return;
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->b = realloc(b->b, b->cap);
		REQUIRE(b->b != NULL);
	}
	memcpy(b->b + b->n, p, n);
	b->n += n;
}

void buf_str(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void buf_fmt(struct buf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	REQUIRE(n >= 0 && (size_t)n < sizeof(tmp));
	buf_put(b, tmp, (size_t)n);
}
