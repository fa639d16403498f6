/*
 * JSON pointers (RFC 6901): the API layer's one builder of them and their
 * one size, for the strict check's failures (json_fail.c) and the
 * decoders' (json_decode.h) alike.
 *
 * A pointer holds at most MF_JSON_POINTER_MAX - 1 bytes. Each part ("/"
 * and a key, "/" and an index) is written whole or not at all, a key
 * character by character: a pointer too long is cut at a character
 * boundary, never inside an escape, and never ends in a bare "/" that
 * would name the empty key. Once a part is left out nothing more is
 * written. Pure: no allocation, no state beyond the caller's.
 */
#ifndef MF_API_JSON_POINTER_H
#define MF_API_JSON_POINTER_H

#include <stdbool.h>
#include <stddef.h>

#define MF_JSON_POINTER_MAX 256  /* bytes of a JSON pointer, NUL included */

/* A pointer being written into the caller's buffer. */
struct mf_json_pointer {
	char *buf;   /* MF_JSON_POINTER_MAX bytes, NUL-terminated after every call */
	size_t n;    /* bytes written */
	bool full;   /* a part was left out: nothing more is written */
};

/* Starts a pointer in buf (MF_JSON_POINTER_MAX bytes, the caller's) with
 * at, a pointer already made ("" for the root); an at too long is cut as
 * a part would be. */
void mf_json_pointer_start(struct mf_json_pointer *p, char *buf, const char *at);

/* Appends "/" and key[0, len) (UTF-8, unescaped), '~' written "~0" and '/'
 * "~1", as many whole characters as fit; when not even the first fits
 * (of a key that has one), nothing. */
void mf_json_pointer_add_key(struct mf_json_pointer *p, const char *key, size_t len);

/* Appends "/" and index in decimal, or nothing when it does not fit. */
void mf_json_pointer_add_index(struct mf_json_pointer *p, size_t index);

/* Writes at + "/" + the escaped key (a NUL-terminated string) into out
 * (MF_JSON_POINTER_MAX bytes). */
void mf_json_pointer_key(char *out, const char *at, const char *key);

/* Writes at + "/" + index into out (MF_JSON_POINTER_MAX bytes). */
void mf_json_pointer_index(char *out, const char *at, size_t index);

#endif
