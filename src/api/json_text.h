/*
 * A small JSON writer for answers on the hot path: appending to one buffer
 * costs far less than building a cJSON tree and printing it (every node is
 * an allocation, every number a printf). Wrap the text with
 * cJSON_CreateRaw() to hand it on as a cJSON answer.
 */
#ifndef MF_API_JSON_TEXT_H
#define MF_API_JSON_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_text {
	char *buf;      /* NUL-terminated; owned, free() it (NULL after a failure) */
	size_t len, cap;
};

/* Starts an empty text; false when out of memory. */
bool json_text_init(struct json_text *t, size_t cap);

/* Appends s as it is (it must already be JSON). */
void json_text_raw(struct json_text *t, const char *s, size_t len);

/* Appends s as a JSON string, quotes included. */
void json_text_string(struct json_text *t, const char *s);

/* Appends an unsigned integer. */
void json_text_uint(struct json_text *t, uint64_t v);

#endif
