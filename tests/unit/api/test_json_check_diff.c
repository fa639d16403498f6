/*
 * The differential test of the strict JSON pre-pass, part of
 * test-json-check: random documents, valid and mutated, from a fixed seed,
 * checked by mf_json_check and by the reference checker
 * (tests/reference/json_ref.c), which must agree on the verdict and on the
 * offset of the first error.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/json_check.h"
#include "common/random.h"
#include "json_check_test.h"
#include "reference/json_ref.h"

/* Uniform in [0, n) (n > 0), from the splitmix64 state. */
static size_t rand_below(uint64_t *state, size_t n)
{
	return (size_t)(mf_splitmix64(state) % n);
}

/* The reference's own verdicts on documents whose first error is known. */
START_TEST(test_reference_agrees_on_examples)
{
	static const char *const docs[] = {
		"{\"a\":1,\"a\":2}", "[1,]", "\"\\ud800\"", "020", "{\"x\":[true,{\"y\":null}]}",
		"\"\xc0\xaf\"", "1e+", "", "{\"li\\u0066e\":1,\"life\":2}",
	};
	static const size_t want[] = { 7, 3, 1, 1, JSON_REF_NO_ERROR, 1, 3, 0, 15 };

	for (size_t i = 0; i < N_ELEMS(docs); i++)
		ck_assert_uint_eq(json_ref_check(docs[i], strlen(docs[i]), 64), want[i]);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Differential test                                                   */

/* What the generator draws from: keys (some escaped, some repeating others
 * once unescaped), numbers, and pieces of string content. */
static const char *const gen_keys[] = {
	"a", "b", "life", "li\\u0066e", "cost", "x~y", "a/b", "\xc3\xa9", "\\u00e9",
	"\\ud83d\\ude00", "\xf0\x9f\x98\x80", "", "queries", "Life", "abcdefgh", "abcdefghi",
	"abcdefgh\\u0069", "\\n", "\\u000a",
};

static const char *const gen_numbers[] = {
	"0", "-0", "1", "-1", "20", "1e308", "0.5e-3", "1E+2", "-1.5E-7", "3.14159", "0e0",
	"123456789012345678901234567890", "-0.0", "7e-400",
	/* 63 characters, the most cJSON reads, and 64 */
	"-0.123456789012345678901234567890123456789012345678901234567890",
	"0.1234567890123456789012345678901234567890123456789012345678901e2",
};

static const char *const gen_pieces[] = {
	"abc", " ", "\\n", "\\\"", "\\\\", "\\/", "\\b\\f\\r\\t", "\\u0041", "\\u00e9", "\\u20ac",
	"\\ud83d\\ude00", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xdf\xbf",
	"\xef\xbf\xbf", "\xf4\x8f\xbf\xbf", "~/", "0123456789abcdef", "\x7f",
};

/* Single bytes and short tokens the mutations splice in. */
static const char gen_bytes[] = "{}[],:\"\\ -+.0123456789eEuxtrfalsnIN\t\n\x01\x1f\x7f"
				"\x80\xbf\xc0\xc1\xc2\xdf\xe0\xed\xef\xf0\xf4\xf5\xff";

static const char *const gen_tokens[] = {
	"\\u0000", "\\ud800", "\\udc00", "\\ud800\\udc00", "\xc0\xaf", "\xed\xa0\x80",
	"\xf4\x90\x80\x80", "\xe2\x82", "020", "1.", ".5", "1e", "NaN", ",", "\"a\":1,",
	"\"k1\":0,", "\"life\":", "[", "{", "]", "}", "true", "\\u00", "\\x", "\"",
};

/* Appends one of list[0..n), drawn uniformly. */
static void pick(struct buf *b, uint64_t *rng, const char *const *list, size_t n)
{
	buf_str(b, list[rand_below(rng, n)]);
}

/* Appends whitespace, none half the time. */
static void gen_ws(struct buf *b, uint64_t *rng)
{
	static const char *const ws[] = { "", "", "", "", " ", "\n", "\t", "\r\n  " };

	pick(b, rng, ws, N_ELEMS(ws));
}

/* Appends a valid string of up to three pieces. */
static void gen_string(struct buf *b, uint64_t *rng)
{
	size_t n = rand_below(rng, 4);

	buf_str(b, "\"");
	for (size_t i = 0; i < n; i++)
		pick(b, rng, gen_pieces, N_ELEMS(gen_pieces));
	buf_str(b, "\"");
}

/* A key "k<j>" for an object of n keys, j in [0, 3n), sometimes escaped.
 * (One draw per statement: the order of arguments is unspecified.) */
static void gen_big_key(struct buf *b, uint64_t *rng, size_t n)
{
	const char *k = rand_below(rng, 2) ? "\\u006b" : "k";
	size_t j = rand_below(rng, 3 * n);

	buf_fmt(b, "\"%s%zu\"", k, j);
}

/* Appends a value, surrounded by whitespace, depth levels down, valid but
 * for repeated keys: only scalars deeper than 5 levels or past 1500 bytes;
 * objects sometimes of 15 to 44 keys (around the 16 compared directly), with
 * distinct keys or keys that may repeat. */
static void gen_value(struct buf *b, uint64_t *rng, unsigned depth)
{
	size_t r = rand_below(rng, depth > 5 || b->n > 1500 ? 5 : 10);

	gen_ws(b, rng);
	if (r == 0) {
		pick(b, rng, gen_numbers, N_ELEMS(gen_numbers));
	} else if (r == 1) {
		gen_string(b, rng);
	} else if (r == 2) {
		static const char *const lit[] = { "true", "false", "null" };

		pick(b, rng, lit, N_ELEMS(lit));
	} else if (r == 3) {
		buf_fmt(b, "%zu", rand_below(rng, 1000));
	} else if (r == 4) {
		gen_string(b, rng);
	} else if (r < 7) {
		size_t n = rand_below(rng, 5);

		buf_str(b, "[");
		for (size_t i = 0; i < n; i++) {
			if (i)
				buf_str(b, ",");
			gen_value(b, rng, depth + 1);
		}
		gen_ws(b, rng);
		buf_str(b, "]");
	} else {
		int big = rand_below(rng, 6) == 0;
		size_t n = big ? 15 + rand_below(rng, 30) : rand_below(rng, 5);
		size_t base = rand_below(rng, 100);
		int distinct = rand_below(rng, 3) != 0;

		buf_str(b, "{");
		for (size_t i = 0; i < n; i++) {
			if (i)
				buf_str(b, ",");
			gen_ws(b, rng);
			if (big && distinct)
				buf_fmt(b, "\"k%zu\"", base + i);
			else if (big)
				gen_big_key(b, rng, n);
			else if (distinct)
				buf_fmt(b, "\"%s%zu\"", gen_keys[rand_below(rng, N_ELEMS(gen_keys))], i);
			else
				buf_fmt(b, "\"%s\"", gen_keys[rand_below(rng, N_ELEMS(gen_keys))]);
			gen_ws(b, rng);
			buf_str(b, ":");
			gen_value(b, rng, depth + 1);
		}
		gen_ws(b, rng);
		buf_str(b, "}");
	}
	gen_ws(b, rng);
}

/* One random edit of b: a byte replaced or deleted, a truncation, or an
 * insertion (a byte, a token of gen_tokens, a copy of a slice of the text). */
static void mutate(struct buf *b, uint64_t *rng)
{
	size_t at = b->n ? rand_below(rng, b->n + 1) : 0;
	size_t kind = rand_below(rng, 7);
	struct buf tail = { 0 };

	if (kind == 0 && at < b->n) {  /* replace a byte */
		b->b[at] = rand_below(rng, 4) ? gen_bytes[rand_below(rng, sizeof(gen_bytes) - 1)] :
						(char)rand_below(rng, 256);
		return;
	}
	if (kind == 1 && at < b->n) {  /* delete a byte */
		memmove(b->b + at, b->b + at + 1, b->n - at - 1);
		b->n--;
		return;
	}
	if (kind == 2) {  /* truncate */
		b->n = at;
		return;
	}
	/* Insert at `at`: a byte, a token, or a copy of a slice. */
	buf_put(&tail, b->b + at, b->n - at);
	b->n = at;
	if (kind == 3) {
		buf_put(b, &gen_bytes[rand_below(rng, sizeof(gen_bytes) - 1)], 1);
	} else if (kind < 6) {
		pick(b, rng, gen_tokens, N_ELEMS(gen_tokens));
	} else if (tail.n) {
		size_t from = rand_below(rng, tail.n), n = 1 + rand_below(rng, tail.n - from);

		buf_put(b, tail.b + from, n < 40 ? n : 40);
	}
	buf_put(b, tail.b, tail.n);
	free(tail.b);
}

/* 200,000 documents, half mutated, at several depth limits: the checker and
 * the reference agree on the verdict and the offset, and a rejection carries
 * a reason and a well-formed pointer. */
START_TEST(test_differential)
{
	static const unsigned depths[] = { 0, 1, 2, 3, 4, 8, 64 };
	uint64_t rng = 0x6a736f6e63686bULL;  /* fixed seed */
	struct buf b = { 0 };
	size_t accepted = 0, rejected = 0, big_objects = 0;

	for (int i = 0; i < 200000; i++) {
		struct mf_json_check_error err;
		unsigned max_depth = depths[rand_below(&rng, N_ELEMS(depths))];
		size_t want, mutations = rand_below(&rng, 4);
		int rc;

		b.n = 0;
		gen_value(&b, &rng, 0);
		if (mutations == 3)
			mutations = 0;  /* half the cases unmutated: mostly valid */
		for (size_t m = 0; m < mutations; m++)
			mutate(&b, &rng);
		want = json_ref_check(b.b, b.n, max_depth);
		REQUIRE(want != JSON_REF_NOMEM);
		rc = check_copy(b.b, b.n, max_depth, &err);
		if (rc == 0 ? want != JSON_REF_NO_ERROR :
			      (want == JSON_REF_NO_ERROR || err.offset != want)) {
			fprintf(stderr, "case %d (max_depth %u, %zu bytes):", i, max_depth, b.n);
			for (size_t k = 0; k < b.n; k++)
				fprintf(stderr, " %02x", (unsigned char)b.b[k]);
			fprintf(stderr, "\n");
			ck_abort_msg("case %d: checker rc %d offset %zu (%s), reference %zu", i, rc,
				     rc ? err.offset : 0, rc ? err.reason : "", want);
		}
		REQUIRE(rc != MF_ERR_NOMEM);
		if (rc) {
			size_t n = strnlen(err.pointer, sizeof(err.pointer));

			REQUIRE(n < sizeof(err.pointer));
			REQUIRE(json_ref_utf8_ok((const unsigned char *)err.pointer, n));
			REQUIRE(n == 0 || err.pointer[0] == '/');
			REQUIRE(err.reason[0] != '\0');
			rejected++;
		} else {
			accepted++;
		}
		for (size_t k = 0; k + 5 <= b.n; k++) {
			if (memcmp(b.b + k, "\"k15\"", 5) == 0) {
				big_objects++;
				break;
			}
		}
	}
	fprintf(stderr, "differential: %zu accepted, %zu rejected, %zu with large objects\n",
		accepted, rejected, big_objects);
	ck_assert_uint_gt(accepted, 30000);
	ck_assert_uint_gt(rejected, 30000);
	free(b.b);
}
END_TEST

void json_check_add_differential(Suite *s)
{
	TCase *tc = tcase_create("differential");

	tcase_add_test(tc, test_reference_agrees_on_examples);
	tcase_add_test(tc, test_differential);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
}
