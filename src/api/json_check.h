/*
 * A strict RFC 8259 check of JSON text, run on every request body and every
 * JSON input before cJSON_ParseWithLengthOpts: cJSON accepts text the RFC
 * rejects (invalid UTF-8, raw control bytes in strings, "\u0000", lone
 * surrogate escapes, numbers such as 020 or 1., duplicate keys...), and what
 * it accepts then differs from what other parsers of the same body would see.
 *
 * Besides the grammar, the check rejects what RFC 8259 leaves to the
 * implementation but an API should not take: duplicate keys in one object
 * (compared after unescaping, so "li\u0066e" repeats "life"), the escape
 * \u0000 (a NUL in a C string), unpaired surrogate escapes, numbers longer
 * than cJSON reads (MF_JSON_NUMBER_MAX characters), and nesting deeper than
 * the caller's limit. So cJSON refuses no text this check accepts but for
 * lack of memory.
 *
 * Offsets in errors follow one rule: the byte where the text stops being a
 * prefix of some acceptable text, except that an ill-formed UTF-8 sequence,
 * an escape sequence and a duplicate key are reported at their first byte
 * (the lead byte, the backslash, the key's opening quote), and that a premature
 * end is reported at len.
 */
#ifndef MF_API_JSON_CHECK_H
#define MF_API_JSON_CHECK_H

#include <stddef.h>

#include "api/json_pointer.h"
#include "manaflow/common.h"

#define MF_JSON_NUMBER_MAX 63  /* characters of a number: cJSON 1.7 reads no more */

struct mf_json_check_error {
	size_t offset;                     /* byte offset of the first offending byte */
	char pointer[MF_JSON_POINTER_MAX]; /* RFC 6901 pointer of the member concerned, "" at the root */
	char reason[128];                  /* short, fixed; no client byte echoed (a control byte in hex) */
};

/*
 * MF_OK (0) when text[0..len) is exactly one RFC 8259 JSON value,
 * optionally surrounded by whitespace, that nests at most max_depth arrays and
 * objects (max_depth 0 allows scalars only; the service uses 64), holds no
 * duplicate key in any object, no "\u0000" escape and no unpaired surrogate
 * escape.
 *
 * Otherwise fills *err and returns MF_ERR_INVALID: offset as
 * described above; reason one of a fixed set of short sentences (such as
 * "duplicate key", "a string holds \u0000 (NUL)", "nesting deeper than 64
 * levels"); pointer the path of object keys and array indices down to the
 * member concerned, with keys unescaped and then escaped per RFC 6901 ("~0",
 * "~1"), cut at a character boundary when longer than the buffer. The pointer
 * of a duplicate key ends with that key ("/queries/3/life"); for any other
 * error it names the innermost member whose value holds the offending byte,
 * or the container when the byte lies between members.
 *
 * Returns MF_ERR_NOMEM with reason "out of memory" (offset where
 * the check stopped, pointer "") when a heap allocation fails; the text may
 * or may not be valid.
 *
 * text need not be NUL-terminated and is never read at or past len (text may
 * be NULL when len is 0); it is only borrowed, as is err, which must not be
 * NULL and is left untouched on success. Thread-safe: no global state.
 *
 * Memory: about 3 KiB of stack whatever the input, no recursion. The heap is
 * used only beyond 64 open levels of nesting (32 bytes per level; the levels
 * are at most min(max_depth, len)) and when the objects open at one time hold
 * more than 64 keys between them (16 bytes per key; a member takes at least 4
 * bytes of text, so at most 4 * len bytes); both arrays grow by doubling and
 * are freed before returning. Typical request bodies allocate nothing.
 *
 * Time: one pass, linear in len, except that duplicate keys in an object of
 * more than 16 keys are found by sorting its keys when it closes (O(n log n)
 * comparisons whatever the keys, so hash flooding does not apply); objects of
 * up to 16 keys compare each new key with the earlier ones as it is read.
 */
int mf_json_check(const char *text, size_t len, unsigned max_depth,
		  struct mf_json_check_error *err);

#endif
