/*
 * Check suites of the strict JSON pre-pass (src/api/json_check.c), part of
 * test-json-check: duplicate keys in small objects (compared as they are
 * read) and large ones (sorted when they close), with their offsets and
 * pointers, and pointers cut to MF_JSON_POINTER_MAX at a character boundary.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/json_check.h"
#include "json_check_test.h"
#include "reference/json_ref.h"

/* ------------------------------------------------------------------ */
/* Duplicate keys                                                      */

/* Repeats in objects of up to 16 keys and just past, escaped or not, with
 * their offsets and pointers. */
START_TEST(test_duplicates_small)
{
	REJECT_PTR("{\"a\":1,\"a\":2}", 7, "duplicate key", "/a");
	REJECT_PTR("{\"a\":1,\"b\":2,\"a\":{\"x\":[]}}", 13, "duplicate key", "/a");
	REJECT_PTR("{\"queries\":[{},{},{},{\"life\":1,\"cost\":\"\",\"life\":2}]}", 41,
		   "duplicate key", "/queries/3/life");
	/* Compared after unescaping; the pointer shows the unescaped key. */
	REJECT_PTR("{\"life\":1,\"li\\u0066e\":2}", 10, "duplicate key", "/life");
	REJECT_PTR("{\"li\\u0066e\":1,\"life\":2}", 15, "duplicate key", "/life");
	REJECT_PTR("{\"\\u00e9\":1,\"\xc3\xa9\":2}", 12, "duplicate key", "/\xc3\xa9");
	REJECT_PTR("{\"\xf0\x9f\x98\x80\":1,\"\\ud83d\\ude00\":2}", 10, "duplicate key",
		   "/\xf0\x9f\x98\x80");
	REJECT_PTR("{\"\\/\":1,\"/\":2}", 8, "duplicate key", "/~1");
	REJECT_PTR("{\"a/b~c\":{\"x\":1,\"x\":2}}", 16, "duplicate key", "/a~1b~0c/x");
	REJECT_PTR("{\"\":1,\"\":2}", 6, "duplicate key", "/");
	REJECT_PTR("{\"abcdefghij\":1,\"abcdefghij\":2}", 16, "duplicate key", "/abcdefghij");
	ACCEPT("{\"abcdefghij\":1,\"abcdefghik\":2,\"abcdefgh\":3,\"abcdefghijk\":4}");
	ACCEPT("{\"a\":1,\"A\":2,\"a \":3,\"\\u0061b\":4}");
	ACCEPT("{\"\\n\":1,\"n\":2,\"\\\\n\":3,\"\\u000a\\u000A\":4}");
	REJECT_PTR("{\"\\n\":1,\"\\u000A\":2}", 8, "duplicate key", "/\n");
	/* Sixteen keys are compared directly; the 16th repeating the 1st. */
	REJECT_PTR("{\"k0\":0,\"k1\":0,\"k2\":0,\"k3\":0,\"k4\":0,\"k5\":0,\"k6\":0,\"k7\":0,"
		   "\"k8\":0,\"k9\":0,\"ka\":0,\"kb\":0,\"kc\":0,\"kd\":0,\"ke\":0,\"k0\":0}", 1 + 15 * 7,
		   "duplicate key", "/k0");
	/* The 17th: found when the object closes. */
	REJECT_PTR("{\"k0\":0,\"k1\":0,\"k2\":0,\"k3\":0,\"k4\":0,\"k5\":0,\"k6\":0,\"k7\":0,"
		   "\"k8\":0,\"k9\":0,\"ka\":0,\"kb\":0,\"kc\":0,\"kd\":0,\"ke\":0,\"kf\":0,"
		   "\"k0\":0}", 1 + 16 * 7, "duplicate key", "/k0");
}
END_TEST

/* {"m":{...}} with n distinct keys "k<j>" in a scrambled order, except that
 * member dup_at (unless NO_ERROR) repeats member dup_of's key, spelt "\u006b..."
 * when escape; *dup_offset is where that repeat starts. */
static void big_object(struct buf *b, size_t n, size_t dup_at, size_t dup_of, int escape,
		       size_t *dup_offset)
{
	b->n = 0;
	buf_str(b, "{\"m\":{");
	for (size_t i = 0; i < n; i++) {
		size_t k = (i * 7919) % n;  /* distinct since 7919 is prime */

		if (i)
			buf_str(b, ",");
		if (i == dup_at) {
			*dup_offset = b->n;
			k = (dup_of * 7919) % n;
		}
		if (escape && i == dup_at)
			buf_fmt(b, "\"\\u006b%zu\":%zu", k, i);
		else
			buf_fmt(b, "\"k%zu\":%zu", k, i);
	}
	buf_str(b, "}}");
}

/* Repeats in objects of up to 100000 keys, which are sorted when they close:
 * which repeat is reported, and before which later error. */
START_TEST(test_duplicates_large)
{
	struct buf b = { 0 };
	struct mf_json_check_error err;
	size_t off = 0;
	char ptr[64];
	int rc;

	big_object(&b, 100000, NO_ERROR, 0, 0, &off);
	ck_assert_uint_ge(b.n, 1000000);
	accept_at(__LINE__, b.b, b.n, 64);
	/* A repeat at the end, in the middle, just after the 16 compared directly. */
	for (int escape = 0; escape < 2; escape++) {
		static const size_t at[][2] = { { 99999, 5 }, { 50000, 49999 }, { 16, 0 },
						{ 17, 16 }, { 1000, 999 } };

		for (size_t t = 0; t < N_ELEMS(at); t++) {
			big_object(&b, 100000, at[t][0], at[t][1], escape, &off);
			snprintf(ptr, sizeof(ptr), "/m/k%zu", (at[t][1] * 7919) % 100000);
			reject_at(__LINE__, b.b, b.n, 64, off, "duplicate key", ptr);
		}
	}
	/* Two repeats: the earlier second occurrence wins, not the smaller key. */
	b.n = 0;
	buf_str(&b, "{");
	for (int i = 0; i < 40; i++)
		buf_fmt(&b, "\"z%02d\":0,", i);
	off = b.n;
	buf_str(&b, "\"z39\":0,\"a\":0,\"a\":1}");
	reject_at(__LINE__, b.b, b.n, 64, off, "duplicate key", "/z39");
	/* A later error, even inside the object, yields to the earlier repeat. */
	b.n = 0;
	buf_str(&b, "{\"list\":{");
	for (int i = 0; i < 30; i++)
		buf_fmt(&b, "\"n%d\":0,", i);
	off = b.n;
	buf_str(&b, "\"n3\":0,\"x\":[1,2,{\"deep\":[01]}]}}");
	reject_at(__LINE__, b.b, b.n, 64, off, "duplicate key", "/list/n3");
	/* ...and to one in a small object nested later. */
	b.n = 0;
	buf_str(&b, "[{");
	for (int i = 0; i < 20; i++)
		buf_fmt(&b, "\"p%d\":0,", i);
	off = b.n;
	buf_str(&b, "\"p0\":0,\"q\":{\"r\":1,\"r\":2}}]");
	reject_at(__LINE__, b.b, b.n, 64, off, "duplicate key", "/0/p0");
	/* A repeat in a large child object is found when the child closes,
	 * before an error later in the parent. */
	b.n = 0;
	buf_str(&b, "{\"c\":{");
	for (int i = 0; i < 20; i++)
		buf_fmt(&b, "\"c%d\":0,", i);
	off = b.n;
	buf_str(&b, "\"c7\":0},\"d\":-}");
	reject_at(__LINE__, b.b, b.n, 64, off, "duplicate key", "/c/c7");
	/* Large objects nested in large objects, all distinct: accepted. */
	b.n = 0;
	buf_str(&b, "{");
	for (int i = 0; i < 200; i++) {
		buf_fmt(&b, "%s\"o%d\":{", i ? "," : "", i);
		for (int j = 0; j < 50; j++)
			buf_fmt(&b, "%s\"i%d\":{\"a\":1,\"b\":2}", j ? "," : "", j);
		buf_str(&b, "}");
	}
	buf_str(&b, "}");
	accept_at(__LINE__, b.b, b.n, 64);
	/* Keys chosen to share their first eight bytes: still O(n log n). */
	b.n = 0;
	buf_str(&b, "{");
	for (int i = 0; i < 50000; i++)
		buf_fmt(&b, "%s\"samesame%d\":0", i ? "," : "", i);
	buf_str(&b, "}");
	accept_at(__LINE__, b.b, b.n, 64);
	b.n--;
	buf_str(&b, ",\"samesame49999\":0}");
	rc = check_copy(b.b, b.n, 64, &err);
	ck_assert_int_eq(rc, MF_ERR_INVALID);
	ck_assert_str_eq(err.pointer, "/samesame49999");
	free(b.b);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Pointers                                                            */

/* Pointers longer than MF_JSON_POINTER_MAX are cut between characters and
 * never inside "~0" or "~1". */
START_TEST(test_pointer_truncation)
{
	struct buf b = { 0 };
	struct mf_json_check_error err;
	static const char *const unit[] = { "a", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
					    "~", "/", "\\u00e9", "\\ud83d\\ude00" };
	static const size_t width[] = { 1, 2, 3, 4, 2, 2, 2, 4 };  /* in the pointer */

	for (size_t u = 0; u < N_ELEMS(unit); u++) {
		for (size_t reps = 60; reps < 300; reps += 37) {
			size_t n;

			b.n = 0;
			buf_str(&b, "{\"");
			for (size_t i = 0; i < reps; i++)
				buf_str(&b, unit[u]);
			buf_str(&b, "\":{\"x\":1,\"x\":2}}");
			ck_assert_int_eq(check_copy(b.b, b.n, 64, &err), MF_ERR_INVALID);
			ck_assert_str_eq(err.reason, "duplicate key");
			n = strlen(err.pointer);
			ck_assert_uint_lt(n, MF_JSON_POINTER_MAX);
			ck_assert(err.pointer[0] == '/');
			ck_assert_msg(json_ref_utf8_ok((const unsigned char *)err.pointer, n),
				      "unit %zu reps %zu: pointer cut inside a character", u, reps);
			/* Never half of "~0" or "~1", and as long as whole units allow. */
			if (unit[u][0] == '~' || unit[u][0] == '/') {
				ck_assert(err.pointer[n - 1] == '0' || err.pointer[n - 1] == '1' ||
					  err.pointer[n - 1] == 'x');
			}
			if (1 + reps * width[u] + 2 < MF_JSON_POINTER_MAX)
				ck_assert_uint_eq(n, 1 + reps * width[u] + 2);
			else
				ck_assert_uint_gt(n, MF_JSON_POINTER_MAX - 1 - width[u]);
		}
	}
	free(b.b);
}
END_TEST

void json_check_add_duplicates(Suite *s)
{
	TCase *tc = tcase_create("duplicates");

	tcase_add_test(tc, test_duplicates_small);
	tcase_add_test(tc, test_duplicates_large);
	tcase_add_test(tc, test_pointer_truncation);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
}
