/*
 * UTF-8, shared by the solver domains that hold text (land names in the
 * mana catalogue, Oracle text in the card readers) and by the API's strict
 * JSON check. Internal to the libraries; pure functions, thread-safe.
 */
#ifndef MF_COMMON_UTF8_H
#define MF_COMMON_UTF8_H

#include <stddef.h>

/* Length (1 to 4) of the well-formed UTF-8 sequence that starts s[0, len),
 * or 0 when there is none: a stray or invalid byte, an overlong form, a
 * surrogate, a code point past U+10FFFF, or a sequence cut short by len.
 * len must be at least 1. */
size_t mf_utf8_sequence(const unsigned char *s, size_t len);

/* The same, and when there is none *why says which rule the bytes break
 * ("invalid UTF-8: a truncated sequence", ...: a static string). */
size_t mf_utf8_sequence_why(const unsigned char *s, size_t len, const char **why);

#endif
