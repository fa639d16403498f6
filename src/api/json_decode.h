/*
 * Decoding helpers shared by the adapters: each checks one field's presence,
 * type and range, and on failure fills an mf_api_error whose pointer names the
 * field (RFC 6901) so that every document reports bad input the same way.
 *
 * `at` is the JSON pointer of the object being read ("" for the root,
 * "/queries/3" for an element); helpers append "/key" themselves.
 * All return 0 on success and -1 after filling err.
 */
#ifndef MF_API_JSON_DECODE_H
#define MF_API_JSON_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "api/api.h"

/* How many bytes of s "%.*s" may show: all of it up to max bytes, else the
 * longest prefix of at most max bytes that does not end inside a UTF-8
 * character, so that a shortened echo of client text stays valid JSON. */
int mf_json_utf8_prefix(const char *s, size_t max);

/* node must be an object; every key must be in allowed (NULL-terminated),
 * else "unknown field" at that key's pointer. */
int mf_json_expect_object(const cJSON *node, const char *at,
		       const char *const *allowed, struct mf_api_error *err);

/* The member key of obj (case-sensitive), or NULL when absent or null.
 * Never fails. */
const cJSON *mf_json_member(const cJSON *obj, const char *key);

/* An integer member in [min, max]. When absent: *out = dflt if !required,
 * else "missing field". Rejects non-numbers, fractions and NaN. */
int mf_json_get_int(const cJSON *obj, const char *at, const char *key, bool required,
		 int64_t min, int64_t max, int64_t dflt, int64_t *out,
		 struct mf_api_error *err);

/* Checks that node (at pointer `at`) is an integer in [min, max]. */
int mf_json_as_int(const cJSON *node, const char *at, int64_t min, int64_t max,
		int64_t *out, struct mf_api_error *err);

/* A closed or half-open interval of numbers, [lo, hi] or (lo, hi] when
 * lo_open, and what a number in it is ("a probability"), for refusals. */
struct mf_json_range {
	double lo, hi;
	bool lo_open;
	const char *what;
};

/* A number member in range. When absent: *out = dflt if !required, else
 * "missing field". Anything else, a number outside the range included, is
 * "expected <what> in <range>" ("expected a probability in (0, 1]"). */
int mf_json_get_number(const cJSON *obj, const char *at, const char *key, bool required,
		       const struct mf_json_range *range, double dflt, double *out,
		       struct mf_api_error *err);

/* A string member of at most max_len bytes; *out points into the cJSON tree
 * (NULL when absent and !required). */
int mf_json_get_string(const cJSON *obj, const char *at, const char *key, bool required,
		    size_t max_len, const char **out, struct mf_api_error *err);

/* An array member of at most max_items elements; *out is NULL when absent
 * and !required, *count its length. */
int mf_json_get_array(const cJSON *obj, const char *at, const char *key, bool required,
		   size_t max_items, const cJSON **out, size_t *count,
		   struct mf_api_error *err);

#endif
