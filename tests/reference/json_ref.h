/*
 * Reference checker of strict JSON (tests only): a plain recursive descent
 * over RFC 8259, written from the RFC and from the contract in
 * src/api/json_check.h, not from src/api/json_check.c, with which it shares
 * no code (it uses libc alone). Slow on purpose: it keeps every key of an
 * object, unescaped, and compares each new key with all the earlier ones.
 *
 * It applies the same rules as mf_json_check(): one value with optional
 * whitespace around it, at most max_depth nested arrays and objects, no raw
 * byte below 0x20 in a string, escapes from the RFC's list only, no \u0000,
 * surrogate escapes in pairs only, well-formed UTF-8 (no overlong form, no
 * surrogate, nothing above U+10FFFF), numbers without a leading zero and with
 * digits after '.' and in the exponent, none that is not an integer while
 * strtod reads it as a non-zero one, none longer than 63 characters (what
 * cJSON reads), and no key repeated in an object once unescaped.
 *
 * It answers where the first error lies, under the offset rule of
 * json_check.h (the first byte that cannot continue an acceptable text; the
 * first byte of an ill-formed UTF-8 sequence, of an escape and of a
 * repeated key; len for a premature end), but not why: the differential
 * test compares that offset with the checker's.
 */
#ifndef MF_TESTS_JSON_REF_H
#define MF_TESTS_JSON_REF_H

#include <stddef.h>

#define JSON_REF_NO_ERROR ((size_t)-1)  /* the text is acceptable */
#define JSON_REF_NOMEM ((size_t)-2)     /* memory ran out: no verdict */

/*
 * The verdict on text[0..len) with at most max_depth levels of nesting
 * (0 allows scalars only): JSON_REF_NO_ERROR when acceptable, else the
 * offset of the first error (len for an empty or truncated text), or
 * JSON_REF_NOMEM when an allocation fails. text is only borrowed, need not
 * be NUL-terminated and is never read at or past len. Recursive: the depth
 * of the C stack grows with the nesting, up to max_depth.
 */
size_t json_ref_check(const void *text, size_t len, unsigned max_depth);

/*
 * Whether s[0..n) is well-formed UTF-8: every sequence complete, none
 * overlong, no surrogate (U+D800..U+DFFF), nothing above U+10FFFF. Any
 * byte below 0x80, NUL included, is accepted. s is only borrowed.
 */
int json_ref_utf8_ok(const unsigned char *s, size_t n);

#endif
