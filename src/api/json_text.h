/*
 * JSON written as text into an mf_buf: on the hot path appending to one
 * buffer costs far less than building a cJSON tree and printing it (every
 * node is an allocation, every number a printf). Every function returns 0
 * or the buffer's sticky negative mf_status, so a writer may append many
 * pieces and look at the last result (or mf_buf_error()) once.
 */
#ifndef MF_API_JSON_TEXT_H
#define MF_API_JSON_TEXT_H

#include <cjson/cJSON.h>

#include "common/buf.h"

/* Appends a string literal as it is (sizeof of anything else would be
 * wrong, hence the "" s "" that refuses a pointer). */
#define MF_JSON_LIT(b, s) mf_buf_add(b, "" s "", sizeof(s) - 1)

/* Appends s (NUL-terminated, valid UTF-8) as a JSON string, quotes
 * included; control characters are escaped as \u00XX. */
int mf_json_text_string(struct mf_buf *b, const char *s);

/* Appends an array of one-letter strings for the set bits of mask (bit t
 * is "WUBRGC"[t]), in that order: ["W","G"]. */
int mf_json_text_letters(struct mf_buf *b, unsigned mask);

#endif
