#include "api/json_decode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/common.h"

int mf_json_utf8_prefix(const char *s, size_t max)
{
	size_t n = strnlen(s, max + 1);

	if (n <= max)
		return (int)n;
	/* s[max] is the first byte left out: cut before its character. */
	for (n = max; n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80; n--)
		;
	return (int)n;
}

static const char *json_type_name(const cJSON *node)
{
	if (cJSON_IsObject(node))
		return "an object";
	if (cJSON_IsArray(node))
		return "an array";
	if (cJSON_IsString(node))
		return "a string";
	if (cJSON_IsNumber(node))
		return "a number";
	if (cJSON_IsBool(node))
		return "a boolean";
	return "null";
}

int mf_json_expect_object(const cJSON *node, const char *at,
		       const char *const *allowed, struct mf_api_error *err)
{
	const cJSON *item;
	char ptr[MF_JSON_POINTER_MAX];

	if (!cJSON_IsObject(node)) {
		mf_api_fail(err, at, "expected an object, got %s", json_type_name(node));
		return -1;
	}
	cJSON_ArrayForEach(item, node) {
		bool known = false;

		for (const char *const *a = allowed; a && *a && !known; a++)
			known = strcmp(*a, item->string) == 0;
		if (!known) {
			mf_json_pointer_key(ptr, at, item->string);
			mf_api_fail(err, ptr, "unknown field \"%.*s\"",
				 mf_json_utf8_prefix(item->string, 100), item->string);
			return -1;
		}
	}
	return 0;
}

const cJSON *mf_json_member(const cJSON *obj, const char *key)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsNull(item) ? NULL : item;
}

/* Finds key or reports it missing; returns 1 found, 0 absent-and-optional, -1 error. */
static int json_lookup(const cJSON *obj, const char *at, const char *key, bool required,
		       const cJSON **item, char *ptr, struct mf_api_error *err)
{
	mf_json_pointer_key(ptr, at, key);
	*item = mf_json_member(obj, key);
	if (*item)
		return 1;
	if (!required)
		return 0;
	mf_api_fail(err, ptr, "missing field \"%s\"", key);
	return -1;
}

/* d as a person wrote it, short and exact: an integer of up to 15 digits
 * in full, anything else as the shortest %g text that reads back as d. */
static void shortest(char *out, size_t size, double d)
{
	if (d == floor(d) && fabs(d) < 1e15) {
		snprintf(out, size, "%.0f", d);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, size, "%.*g", prec, d);
		if (strtod(out, NULL) == d)
			return;
	}
}

int mf_json_as_int(const cJSON *node, const char *at, int64_t min, int64_t max,
		int64_t *out, struct mf_api_error *err)
{
	char text[32];
	double d;

	if (!cJSON_IsNumber(node)) {
		mf_api_fail(err, at, "expected an integer, got %s", json_type_name(node));
		return -1;
	}
	d = node->valuedouble;
	if (!isfinite(d))
		return mf_api_fail(err, at, "expected an integer, got a number too large to hold");
	if (d == floor(d) && d >= (double)min && d <= (double)max) {
		*out = (int64_t)d;
		return 0;
	}
	shortest(text, sizeof(text), d);  /* for the detail only: printf is dear */
	if (d != floor(d))
		return mf_api_fail(err, at, "expected an integer, got %s", text);
	return mf_api_fail(err, at, "%s is out of range %lld..%lld", text, (long long)min,
			   (long long)max);
}

int mf_json_get_int(const cJSON *obj, const char *at, const char *key, bool required,
		 int64_t min, int64_t max, int64_t dflt, int64_t *out,
		 struct mf_api_error *err)
{
	const cJSON *item;
	char ptr[MF_JSON_POINTER_MAX];
	int found = json_lookup(obj, at, key, required, &item, ptr, err);

	if (found <= 0) {
		*out = dflt;
		return found;
	}
	return mf_json_as_int(item, ptr, min, max, out, err);
}

/* Whether d lies in r. */
static bool in_range(const struct mf_json_range *r, double d)
{
	return (r->lo_open ? d > r->lo : d >= r->lo) && d <= r->hi;
}

int mf_json_get_number(const cJSON *obj, const char *at, const char *key, bool required,
		       const struct mf_json_range *range, double dflt, double *out,
		       struct mf_api_error *err)
{
	const cJSON *item;
	char ptr[MF_JSON_POINTER_MAX];
	int found = json_lookup(obj, at, key, required, &item, ptr, err);

	*out = dflt;
	if (found <= 0)
		return found;
	if (!cJSON_IsNumber(item) || !in_range(range, item->valuedouble))
		return mf_api_fail(err, ptr, "expected %s in %c%g, %g]", range->what,
				   range->lo_open ? '(' : '[', range->lo, range->hi);
	*out = item->valuedouble;
	return 0;
}

int mf_json_get_string(const cJSON *obj, const char *at, const char *key, bool required,
		    size_t max_len, const char **out, struct mf_api_error *err)
{
	const cJSON *item;
	char ptr[MF_JSON_POINTER_MAX];
	int found = json_lookup(obj, at, key, required, &item, ptr, err);

	*out = NULL;
	if (found <= 0)
		return found;
	if (!cJSON_IsString(item)) {
		mf_api_fail(err, ptr, "expected a string, got %s", json_type_name(item));
		return -1;
	}
	if (strlen(item->valuestring) > max_len) {
		mf_api_fail(err, ptr, "longer than %zu bytes", max_len);
		return -1;
	}
	*out = item->valuestring;
	return 0;
}

int mf_json_get_array(const cJSON *obj, const char *at, const char *key, bool required,
		   size_t max_items, const cJSON **out, size_t *count,
		   struct mf_api_error *err)
{
	const cJSON *item, *el;
	char ptr[MF_JSON_POINTER_MAX];
	int found = json_lookup(obj, at, key, required, &item, ptr, err);
	size_t n = 0;

	*out = NULL;
	*count = 0;
	if (found <= 0)
		return found;
	if (!cJSON_IsArray(item)) {
		mf_api_fail(err, ptr, "expected an array, got %s", json_type_name(item));
		return -1;
	}
	cJSON_ArrayForEach(el, item) {
		if (++n > max_items) {
			return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, ptr, "more than %zu items",
					    max_items);
		}
	}
	*out = item;
	*count = n;
	return 0;
}
