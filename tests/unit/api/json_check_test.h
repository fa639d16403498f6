/*
 * What the files of the test-json-check program share: mf_json_check on
 * exact-size heap copies (so that AddressSanitizer sees any read past len),
 * a growing byte buffer for generated documents, and the tcases that live
 * outside test_json_check.c, which builds the one suite.
 */
#ifndef MF_TEST_JSON_CHECK_TEST_H
#define MF_TEST_JSON_CHECK_TEST_H

#include <check.h>
#include <stddef.h>

#include "api/json_check.h"

#define N_ELEMS(x) (sizeof(x) / sizeof((x)[0]))

/* ck_assert reports each passing assertion to the runner (a write on a pipe
 * in fork mode): hot loops use this instead, which costs nothing unless it
 * fails. */
#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
			ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond); \
	} while (0)
#define NO_ERROR ((size_t)-1)

/* mf_json_check on an exact-size heap copy of text[0..len) (text only
 * borrowed); fails the test if the copy cannot be made. */
int check_copy(const void *text, size_t len, unsigned max_depth,
	       struct mf_json_check_error *err);

/* Fails the test, naming line, unless text[0..len) passes the check. */
void accept_at(int line, const char *text, size_t len, unsigned max_depth);

/* Fails the test, naming line, unless text[0..len) is rejected as invalid
 * at offset for reason (and with that pointer, unless pointer is NULL). */
void reject_at(int line, const char *text, size_t len, unsigned max_depth,
	       size_t offset, const char *reason, const char *pointer);

/* String literals, embedded NULs included (sizeof, not strlen). */
#define ACCEPT(lit) accept_at(__LINE__, lit, sizeof(lit) - 1, 64)
#define REJECT(lit, off, why) reject_at(__LINE__, lit, sizeof(lit) - 1, 64, off, why, NULL)
#define REJECT_PTR(lit, off, why, ptr) \
	reject_at(__LINE__, lit, sizeof(lit) - 1, 64, off, why, ptr)

/* A growing byte buffer for generated documents: { 0 } is empty; the owner
 * frees b. Not NUL-terminated. */
struct buf {
	char *b;
	size_t n, cap;
};

/* Appends p[0..n) to b; fails the test when memory runs out. */
void buf_put(struct buf *b, const void *p, size_t n);

/* Appends the string s, without its NUL. */
void buf_str(struct buf *b, const char *s);

/* Appends the printf of fmt, at most 255 bytes (more fails the test). */
void buf_fmt(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Adds the tcase "duplicates" to s (test_json_check_keys.c): duplicate keys
 * in small and large objects, and pointers cut to their buffer. */
void json_check_add_duplicates(Suite *s);

/* Adds the tcase "differential" to s (test_json_check_diff.c): the checker
 * against tests/reference/json_ref.c on generated documents. */
void json_check_add_differential(Suite *s);

#endif
