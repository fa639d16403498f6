/*
 * Check suites of the strict JSON pre-pass (src/api/json_check.c): every
 * rejection with its offset and reason, acceptance of valid documents,
 * duplicate keys in small and large objects with their pointers, nesting
 * limits, and a differential test against a recursive-descent reference
 * written here (fixed seed). Every input is copied into a heap block of
 * exactly its length, so that AddressSanitizer sees any read past len.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "api/json_check.h"
#include "common/random.h"

#define N_ELEMS(x) (sizeof(x) / sizeof((x)[0]))

/* ck_assert reports each passing assertion to the runner (a write on a pipe
 * in fork mode): hot loops use this instead, which costs nothing unless it
 * fails. */
#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
			ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond); \
	} while (0)
#define NO_ERROR ((size_t)-1)

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static size_t rand_below(uint64_t *state, size_t n)
{
	return (size_t)(mf_splitmix64(state) % n);
}

/* mf_json_check on an exact-size heap copy of text[0..len). */
static int check_copy(const void *text, size_t len, unsigned max_depth,
		      struct mf_json_check_error *err)
{
	char *copy = malloc(len ? len : 1);
	int rc;

	REQUIRE(copy != NULL);
	memcpy(copy, text, len);
	rc = mf_json_check(copy, len, max_depth, err);
	free(copy);
	return rc;
}

static void accept_at(int line, const char *text, size_t len, unsigned max_depth)
{
	struct mf_json_check_error err = { 0 };
	int rc = check_copy(text, len, max_depth, &err);

	if (rc != 0)
		ck_abort_msg("line %d: rejected at %zu (%s, pointer \"%s\")", line, err.offset,
			     err.reason, err.pointer);
}

static void reject_at(int line, const char *text, size_t len, unsigned max_depth,
		      size_t offset, const char *reason, const char *pointer)
{
	struct mf_json_check_error err = { 0 };
	int rc = check_copy(text, len, max_depth, &err);

	if (rc != MF_ERR_INVALID)
		ck_abort_msg("line %d: accepted (rc %d)", line, rc);
	if (err.offset != offset)
		ck_abort_msg("line %d: offset %zu, expected %zu (%s)", line, err.offset, offset,
			     err.reason);
	if (strcmp(err.reason, reason) != 0)
		ck_abort_msg("line %d: reason \"%s\", expected \"%s\"", line, err.reason, reason);
	if (pointer && strcmp(err.pointer, pointer) != 0)
		ck_abort_msg("line %d: pointer \"%s\", expected \"%s\"", line, err.pointer, pointer);
}

/* String literals, embedded NULs included (sizeof, not strlen). */
#define ACCEPT(lit) accept_at(__LINE__, lit, sizeof(lit) - 1, 64)
#define REJECT(lit, off, why) reject_at(__LINE__, lit, sizeof(lit) - 1, 64, off, why, NULL)
#define REJECT_PTR(lit, off, why, ptr) \
	reject_at(__LINE__, lit, sizeof(lit) - 1, 64, off, why, ptr)

/* A growing byte buffer for generated documents. */
struct buf {
	char *b;
	size_t n, cap;
};

static void buf_put(struct buf *b, const void *p, size_t n)
{
	if (n == 0)
		return;
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->b = realloc(b->b, b->cap);
		REQUIRE(b->b != NULL);
	}
	memcpy(b->b + b->n, p, n);
	b->n += n;
}

static void buf_str(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

static void buf_fmt(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void buf_fmt(struct buf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	REQUIRE(n >= 0 && (size_t)n < sizeof(tmp));
	buf_put(b, tmp, (size_t)n);
}

/* Whether s[0..n) is well-formed UTF-8 (written apart from the checker's). */
static int utf8_ok(const unsigned char *s, size_t n);

/* ------------------------------------------------------------------ */
/* UTF-8                                                               */

START_TEST(test_utf8_rejected)
{
	REJECT("\"\xc0\xaf\"", 1, "invalid UTF-8: an overlong encoding");
	REJECT("\"\xc1\xbf\"", 1, "invalid UTF-8: an overlong encoding");
	REJECT("\"ok\xe0\x80\xaf\"", 3, "invalid UTF-8: an overlong encoding");
	REJECT("\"\xe0\x9f\xbf\"", 1, "invalid UTF-8: an overlong encoding");
	REJECT("\"\xf0\x8f\xbf\xbf\"", 1, "invalid UTF-8: an overlong encoding");
	REJECT("\"\xed\xa0\x80\"", 1, "invalid UTF-8: a surrogate code point");
	REJECT("\"\xed\xbf\xbf\"", 1, "invalid UTF-8: a surrogate code point");
	REJECT("\"\xf4\x90\x80\x80\"", 1, "invalid UTF-8: a code point above U+10FFFF");
	REJECT("\"\xf5\x80\x80\x80\"", 1, "invalid UTF-8: a code point above U+10FFFF");
	REJECT("\"\xf8\x88\x80\x80\x80\"", 1, "invalid UTF-8: a byte that never appears in UTF-8");
	REJECT("\"\xff\"", 1, "invalid UTF-8: a byte that never appears in UTF-8");
	REJECT("\"\xe2\x82\"", 1, "invalid UTF-8: a truncated sequence");
	REJECT("\"ab\xe2\x82", 3, "invalid UTF-8: a truncated sequence");
	REJECT("\"\xf0\x9f\x98\"", 1, "invalid UTF-8: a truncated sequence");
	REJECT("\"\xc3\"", 1, "invalid UTF-8: a truncated sequence");
	REJECT("\"\xc3", 1, "invalid UTF-8: a truncated sequence");
	REJECT("\"\xc3\xa9\xa9\"", 3, "invalid UTF-8: a stray continuation byte");
	REJECT("\"\x80\"", 1, "invalid UTF-8: a stray continuation byte");
	/* In a key, and outside strings. */
	REJECT_PTR("{\"a\":{\"\xed\xa0\x80\":1}}", 7, "invalid UTF-8: a surrogate code point", "/a");
	REJECT("[1,\xc0\xaf]", 3, "invalid UTF-8: an overlong encoding");
	REJECT("{} \x80", 3, "invalid UTF-8: a stray continuation byte");
	REJECT("\xff", 0, "invalid UTF-8: a byte that never appears in UTF-8");
	/* Well-formed but not JSON there: a BOM, a bare letter. */
	REJECT("\xef\xbb\xbf{}", 0, "expected a value");
	REJECT("[\xc3\xa9]", 1, "expected a value");
}
END_TEST

START_TEST(test_utf8_accepted)
{
	struct buf b = { 0 };
	unsigned char ch[4];

	ACCEPT("\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbf\"");
	ACCEPT("\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\xf0\x9f\x98\x80\"");
	ACCEPT("{\"\xc3\xa9t\xc3\xa9\":\"\xe2\x82\xac\"}");
	/* Every scalar value from U+0020, raw, in one string. */
	buf_str(&b, "\"");
	for (uint32_t cp = 0x20; cp <= 0x10ffff; cp++) {
		if (cp == '"' || cp == '\\' || (cp >= 0xd800 && cp <= 0xdfff))
			continue;
		if (cp < 0x80) {
			ch[0] = (unsigned char)cp;
			buf_put(&b, ch, 1);
		} else if (cp < 0x800) {
			ch[0] = (unsigned char)(0xc0 | cp >> 6);
			ch[1] = (unsigned char)(0x80 | (cp & 0x3f));
			buf_put(&b, ch, 2);
		} else if (cp < 0x10000) {
			ch[0] = (unsigned char)(0xe0 | cp >> 12);
			ch[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
			ch[2] = (unsigned char)(0x80 | (cp & 0x3f));
			buf_put(&b, ch, 3);
		} else {
			ch[0] = (unsigned char)(0xf0 | cp >> 18);
			ch[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
			ch[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
			ch[3] = (unsigned char)(0x80 | (cp & 0x3f));
			buf_put(&b, ch, 4);
		}
	}
	buf_str(&b, "\"");
	accept_at(__LINE__, b.b, b.n, 64);
	free(b.b);
}
END_TEST

/* Every 2-byte string "\"XY\"" where XY is any two bytes: accepted exactly
 * when XY is well-formed UTF-8 text allowed in a string. */
START_TEST(test_utf8_all_pairs)
{
	char doc[4] = { '"', 0, 0, '"' };
	struct mf_json_check_error err;

	for (unsigned x = 0; x < 256; x++) {
		for (unsigned y = 0; y < 256; y++) {
			int want, rc;

			doc[1] = (char)x;
			doc[2] = (char)y;
			if (x == '\\')
				want = y != 0 && strchr("\"\\/bfnrt", (int)y) != NULL;
			else if (x >= 0x80)
				want = utf8_ok((const unsigned char *)doc + 1, 2);
			else
				want = x >= 0x20 && x != '"' && y >= 0x20 && y < 0x80 && y != '"' &&
				       y != '\\';
			rc = check_copy(doc, 4, 64, &err);
			if ((rc == 0) != want)
				ck_abort_msg("bytes %02x %02x: rc %d (%s)", x, y, rc, rc ? err.reason : "");
		}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Strings                                                             */

START_TEST(test_control_bytes)
{
	REJECT("\"a\x01z\"", 2, "a raw control byte 0x01 in a string");
	REJECT("\"a\nz\"", 2, "a raw control byte 0x0a in a string");
	REJECT("\"\t\"", 1, "a raw control byte 0x09 in a string");
	REJECT("\"\x1f\"", 1, "a raw control byte 0x1f in a string");
	REJECT("\"abcdefghijklmnop\x1fq\"", 17, "a raw control byte 0x1f in a string");
	REJECT("\"a\0z\"", 2, "a NUL byte in a string");
	REJECT_PTR("{\"k\":[\"\0\"]}", 7, "a NUL byte in a string", "/k/0");
	REJECT("{\"a\0\":1}", 3, "a NUL byte in a string");
	/* NUL anywhere else. */
	REJECT("\0", 0, "a NUL byte");
	REJECT("{}\0", 2, "a NUL byte");
	REJECT("[1,\0]", 3, "a NUL byte");
	REJECT("[1\0]", 2, "a NUL byte");
	REJECT("{\0}", 1, "a NUL byte");
	/* DEL is not a control byte for JSON. */
	ACCEPT("\"\x7f\"");
}
END_TEST

START_TEST(test_escapes)
{
	ACCEPT("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"");
	ACCEPT("\"\\u0001\\u001f\\u0041\\u00e9\\u00E9\\u20ac\\uffff\\uFFFE\"");
	ACCEPT("\"\\ud83d\\ude00\\uD800\\uDC00\\udbff\\udfff\"");
	ACCEPT("[\"\\ud83d\\ude00\"]");
	REJECT("\"\\u0000\"", 1, "a string holds \\u0000 (NUL)");
	REJECT_PTR("{\"a\":\"xy\\u0000\"}", 8, "a string holds \\u0000 (NUL)", "/a");
	REJECT("{\"\\u0000\":1}", 2, "a string holds \\u0000 (NUL)");
	REJECT("\"ab\\ud800\"", 3, "a high surrogate escape without its low surrogate");
	REJECT("\"\\ud800\\u0041\"", 1, "a high surrogate escape without its low surrogate");
	REJECT("\"\\ud800\\ud800\\udc00\"", 1, "a high surrogate escape without its low surrogate");
	REJECT("\"\\ud800x\"", 1, "a high surrogate escape without its low surrogate");
	REJECT("\"\\ud800\\n\"", 1, "a high surrogate escape without its low surrogate");
	REJECT("\"\\ud800", 1, "a high surrogate escape without its low surrogate");
	REJECT("\"\\udc00\"", 1, "a low surrogate escape without its high surrogate");
	REJECT("\"\\ude00\\ud83d\"", 1, "a low surrogate escape without its high surrogate");
	REJECT("\"\\ud800\\uzzzz\"", 7, "a \\u escape without four hex digits");
	REJECT("\"\\u12g4\"", 1, "a \\u escape without four hex digits");
	REJECT("\"\\u\"", 1, "a \\u escape without four hex digits");
	REJECT("\"\\x41\"", 1, "an invalid escape sequence");
	REJECT("\"\\U0041\"", 1, "an invalid escape sequence");
	REJECT("\"\\'\"", 1, "an invalid escape sequence");
	REJECT("\"\\\xc3\xa9\"", 1, "an invalid escape sequence");
	REJECT("\"\\u12", 5, "unterminated string");
	REJECT("\"\\ud800\\udc", 11, "unterminated string");
	REJECT("\"\\", 2, "unterminated string");
	REJECT("\"abc", 4, "unterminated string");
	REJECT("\"", 1, "unterminated string");
	REJECT("[\"abcdefghijklmnopqrstuvwxyz", 28, "unterminated string");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Numbers and literals                                                */

START_TEST(test_numbers)
{
	static const char *const good[] = {
		"0", "-0", "1", "-1", "20", "0.5", "0.5e-3", "1e308", "1E+2", "1e-400", "-1.5E-7",
		"123456789012345678901234567890123456789", "0e0", "-0.0", "1e0001", "[0,-0,1.0]",
		"{\"a\":-12.5e+3}", " 7 ",
	};

	for (size_t i = 0; i < N_ELEMS(good); i++)
		accept_at(__LINE__, good[i], strlen(good[i]), 64);
	REJECT("020", 1, "a number with a leading zero");
	REJECT("-01", 2, "a number with a leading zero");
	REJECT("[00]", 2, "a number with a leading zero");
	REJECT("01.5", 1, "a number with a leading zero");
	REJECT("20.", 3, "no digit after the decimal point");
	REJECT("[20.]", 4, "no digit after the decimal point");
	REJECT("1.e5", 2, "no digit after the decimal point");
	REJECT(".5", 0, "a number starting with '.'");
	REJECT("[.5]", 1, "a number starting with '.'");
	REJECT("-", 1, "no digit after '-'");
	REJECT("[-]", 2, "no digit after '-'");
	REJECT("- 1", 1, "no digit after '-'");
	REJECT("-.5", 1, "no digit after '-'");
	REJECT("+1", 0, "a number starting with '+'");
	REJECT_PTR("{\"n\":+1}", 5, "a number starting with '+'", "/n");
	REJECT("1e", 2, "no digit in the exponent");
	REJECT("1e+", 3, "no digit in the exponent");
	REJECT("[1E-]", 4, "no digit in the exponent");
	REJECT("1e+x", 3, "no digit in the exponent");
	/* not integers, which a double would read as one: refused, not rounded */
	REJECT_PTR("{\"life\":19.9999999999999999}", 8,
		   "a number that is not an integer, which a double reads as one", "/life");
	REJECT("0.99999999999999999999", 0, "a number that is not an integer, which a double reads as one");
	REJECT("[-7.00000000000000000001e1]", 1,
	       "a number that is not an integer, which a double reads as one");
	{
		/* integers however written, and non-integers a double keeps apart */
		static const char *const integers[] = { "20.0", "2.0e1", "-12.5e+3", "1250e-2", "0.5",
							"19.9999", "1e-400", "100E-2" };

		for (size_t i = 0; i < N_ELEMS(integers); i++)
			accept_at(__LINE__, integers[i], strlen(integers[i]), 64);
	}
	REJECT("NaN", 0, "NaN and Infinity are not JSON");
	REJECT("[NaN]", 1, "NaN and Infinity are not JSON");
	REJECT("Infinity", 0, "NaN and Infinity are not JSON");
	REJECT("-Infinity", 1, "NaN and Infinity are not JSON");
	REJECT("-Inf", 1, "no digit after '-'");
	REJECT("0x1F", 1, "a hexadecimal number");
	REJECT("-0X1F", 2, "a hexadecimal number");
	REJECT("1.5.3", 3, "trailing bytes after the value");
	REJECT("[1 2]", 3, "expected ',' or ']'");
	REJECT("1x", 1, "trailing bytes after the value");
	/* cJSON reads 63 characters of a number at most: longer is refused here */
	ACCEPT("-0.123456789012345678901234567890123456789012345678901234567890");
	REJECT_PTR("{\"n\":0.12345678901234567890123456789012345678901234567890123456789012}", 5,
		   "a number longer than 63 characters", "/n");
}
END_TEST

START_TEST(test_literals)
{
	ACCEPT("true");
	ACCEPT("false");
	ACCEPT("null");
	ACCEPT("[true,false,null]");
	ACCEPT(" \t\r\n{\"a\" : [ true , null ] }\n");
	REJECT("tru", 3, "unexpected end of input");
	REJECT("trux", 3, "an invalid literal");
	REJECT("nul", 3, "unexpected end of input");
	REJECT("nulL", 3, "an invalid literal");
	REJECT("fals\0", 4, "a NUL byte");
	REJECT("True", 0, "expected a value");
	REJECT("undefined", 0, "expected a value");
	REJECT("'a'", 0, "expected a value");
	REJECT("truex", 4, "trailing bytes after the value");
	REJECT("nullnull", 4, "trailing bytes after the value");
	REJECT("[true false]", 6, "expected ',' or ']'");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Structure                                                           */

START_TEST(test_structure)
{
	ACCEPT("{}");
	ACCEPT("[]");
	ACCEPT("[{}]");
	ACCEPT("{\"a\":[]}");
	ACCEPT("[ ]");
	ACCEPT("{ }");
	ACCEPT("\"\"");
	ACCEPT("{\"\":\"\"}");
	ACCEPT("{\"a\":{\"b\":{\"c\":[1,[2,[3,{\"d\":\"e\"}]]]}},\"f\":null}");
	ACCEPT("{\"a\":{\"a\":1},\"b\":{\"a\":2},\"c\":[{\"a\":1},{\"a\":1}]}");
	REJECT("", 0, "empty input");
	REJECT("   \n", 4, "empty input");
	REJECT("{} x", 3, "trailing bytes after the value");
	REJECT("1 2", 2, "trailing bytes after the value");
	REJECT("{}}", 2, "trailing bytes after the value");
	REJECT("[1,]", 3, "a comma before ']'");
	REJECT_PTR("{\"a\":1,}", 7, "a comma before '}'", "");
	REJECT_PTR("{\"q\":[1 ,\n]}", 10, "a comma before ']'", "/q");
	REJECT("[,1]", 1, "expected a value");
	REJECT("[1,,2]", 3, "expected a value");
	REJECT("{,}", 1, "expected a string key");
	REJECT("{1:2}", 1, "expected a string key");
	REJECT("{'a':1}", 1, "expected a string key");
	REJECT("{a:1}", 1, "expected a string key");
	REJECT_PTR("{\"a\" 1}", 5, "expected ':' after a key", "/a");
	REJECT_PTR("{\"a\":}", 5, "expected a value", "/a");
	REJECT_PTR("{\"a\":1 \"b\":2}", 7, "expected ',' or '}'", "");
	REJECT("{\"a\":1]", 6, "expected ',' or '}'");
	REJECT("[1}", 2, "expected ',' or ']'");
	REJECT("[", 1, "unexpected end of input");
	REJECT("[1", 2, "unexpected end of input");
	REJECT("[1,", 3, "unexpected end of input");
	REJECT("{", 1, "unexpected end of input");
	REJECT_PTR("{\"a\"", 4, "unexpected end of input", "/a");
	REJECT_PTR("{\"a\":", 5, "unexpected end of input", "/a");
	REJECT_PTR("{\"a\":1", 6, "unexpected end of input", "");
	REJECT_PTR("{\"a\":[1,{\"b\":[", 14, "unexpected end of input", "/a/1/b");
	REJECT("]", 0, "expected a value");
	REJECT("/* c */ 1", 0, "expected a value");
}
END_TEST

/* Bytes beyond len are never part of the text, nor read (ASan checks). */
START_TEST(test_bounded_by_len)
{
	struct mf_json_check_error err;

	ck_assert_int_eq(check_copy("[1,2]", 3, 64, &err), MF_ERR_INVALID);
	ck_assert_uint_eq(err.offset, 3);
	ck_assert_str_eq(err.reason, "unexpected end of input");
	ck_assert_int_eq(check_copy("truex", 4, 64, &err), 0);
	ck_assert_int_eq(check_copy("123", 2, 64, &err), 0);
	ck_assert_int_eq(check_copy("\"abcdefghijklmnop\"", 17, 64, &err), MF_ERR_INVALID);
	ck_assert_str_eq(err.reason, "unterminated string");
	ck_assert_int_eq(check_copy("\"\\u00e9\"", 6, 64, &err), MF_ERR_INVALID);
	ck_assert_uint_eq(err.offset, 6);
	ck_assert_int_eq(check_copy("\"\xe2\x82\xac\"", 3, 64, &err), MF_ERR_INVALID);
	ck_assert_str_eq(err.reason, "invalid UTF-8: a truncated sequence");
	ck_assert_int_eq(check_copy("{}\0", 2, 64, &err), 0);
	ck_assert_int_eq(mf_json_check(NULL, 0, 64, &err), MF_ERR_INVALID);
	ck_assert_str_eq(err.reason, "empty input");
	/* Every prefix of a document exercising each path: no crash, no overread. */
	{
		static const char doc[] = "{\"a\\u00e9~/\":[1.5e-3,-0,true,false,null,"
					  "\"\\ud83d\\ude00\xf0\x9f\x98\x80\\n\"],\"b\":{}}";

		for (size_t n = 0; n < sizeof(doc) - 1; n++)
			ck_assert_int_eq(check_copy(doc, n, 64, &err), MF_ERR_INVALID);
		ck_assert_int_eq(check_copy(doc, sizeof(doc) - 1, 64, &err), 0);
	}
}
END_TEST

START_TEST(test_error_untouched_on_success)
{
	struct mf_json_check_error err, before;

	memset(&err, 0x5a, sizeof(err));
	before = err;
	ck_assert_int_eq(check_copy("{\"a\":[1,2,{\"b\":null}]}", 22, 64, &err), 0);
	ck_assert(memcmp(&err, &before, sizeof(err)) == 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Depth                                                               */

static void nest(struct buf *b, size_t depth, int objects)
{
	b->n = 0;
	for (size_t i = 0; i < depth; i++)
		buf_str(b, objects && i % 2 ? "{\"k\":" : "[");
	buf_str(b, "0");
	for (size_t i = depth; i-- > 0;)
		buf_str(b, objects && i % 2 ? "}" : "]");
}

START_TEST(test_depth)
{
	struct buf b = { 0 };
	struct mf_json_check_error err;
	int rc;

	for (int objects = 0; objects < 2; objects++) {
		nest(&b, 64, objects);
		accept_at(__LINE__, b.b, b.n, 64);
		nest(&b, 65, objects);
		rc = check_copy(b.b, b.n, 64, &err);
		ck_assert_int_eq(rc, MF_ERR_INVALID);
		ck_assert_str_eq(err.reason, "nesting deeper than 64 levels");
		/* The 65th bracket: 32 "[" and 32 "{\"k\":" before it when mixed. */
		ck_assert_uint_eq(err.offset, objects ? 32 * 1 + 32 * 5 : 64);
	}
	REJECT_PTR("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", 64,
		   "nesting deeper than 64 levels",
		   "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0"
		   "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0");
	reject_at(__LINE__, "[]", 2, 0, 0, "nesting deeper than 0 levels", "");
	reject_at(__LINE__, "{\"a\":[1,{}]}", 12, 2, 8, "nesting deeper than 2 levels", "/a/1");
	accept_at(__LINE__, "{\"a\":[1,{}]}", 12, 3);
	accept_at(__LINE__, "\"x\"", 3, 0);
	accept_at(__LINE__, "[[]]", 4, 2);
	reject_at(__LINE__, "[[]]", 4, 1, 1, "nesting deeper than 1 levels", "/0");
	/* Beyond the inline level stack: 100000 levels on the heap. */
	nest(&b, 100000, 1);
	accept_at(__LINE__, b.b, b.n, 100000);
	rc = check_copy(b.b, b.n, 99999, &err);
	ck_assert_int_eq(rc, MF_ERR_INVALID);
	ck_assert_str_eq(err.reason, "nesting deeper than 99999 levels");
	ck_assert_uint_eq(strlen(err.pointer), MF_JSON_POINTER_MAX - 1 - 1);  /* cut whole */
	rc = check_copy(b.b, b.n, 64, &err);
	ck_assert_int_eq(rc, MF_ERR_INVALID);
	accept_at(__LINE__, b.b, b.n, (unsigned)-1);
	/* Unterminated at depth: every level on the heap, freed. */
	rc = check_copy(b.b, b.n / 2, (unsigned)-1, &err);
	ck_assert_int_eq(rc, MF_ERR_INVALID);
	free(b.b);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Duplicate keys                                                      */

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
			ck_assert_msg(utf8_ok((const unsigned char *)err.pointer, n),
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

/* ------------------------------------------------------------------ */
/* The reference: recursive descent, slow and plain                    */

static int utf8_ok(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t cp;
		size_t need, k;

		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if ((s[i] & 0xe0) == 0xc0) {
			need = 1;
			cp = s[i] & 0x1f;
		} else if ((s[i] & 0xf0) == 0xe0) {
			need = 2;
			cp = s[i] & 0x0f;
		} else if ((s[i] & 0xf8) == 0xf0) {
			need = 3;
			cp = s[i] & 0x07;
		} else {
			return 0;
		}
		for (k = 1; k <= need; k++) {
			if (i + k >= n || (s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((need == 1 && cp < 0x80) || (need == 2 && cp < 0x800) ||
		    (need == 3 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += need + 1;
	}
	return 1;
}

struct ref {
	const unsigned char *s;
	size_t len, p;
	unsigned max_depth;
	size_t err;
};

static int ref_fail(struct ref *r, size_t off)
{
	r->err = off;
	return -1;
}

static void ref_ws(struct ref *r)
{
	while (r->p < r->len && (r->s[r->p] == ' ' || r->s[r->p] == '\t' ||
				 r->s[r->p] == '\r' || r->s[r->p] == '\n'))
		r->p++;
}

static int ref_hex4(struct ref *r, size_t at, uint32_t *cp)
{
	*cp = 0;
	for (size_t i = 0; i < 4; i++) {
		unsigned char c;

		if (at + 2 + i >= r->len)
			return ref_fail(r, r->len);
		c = r->s[at + 2 + i];
		if (c >= '0' && c <= '9')
			*cp = *cp * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			*cp = *cp * 16 + (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*cp = *cp * 16 + (c - 'A' + 10);
		else
			return ref_fail(r, at);
	}
	return 0;
}

static void put_utf8(struct buf *out, uint32_t cp)
{
	unsigned char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | cp >> 6);
		b[1] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | cp >> 12);
		b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (unsigned char)(0xf0 | cp >> 18);
		b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	buf_put(out, b, n);
}

/* A string at r->p (a quote); its unescaped bytes go to out. */
static int ref_string(struct ref *r, struct buf *out)
{
	r->p++;
	for (;;) {
		unsigned char c;

		if (r->p >= r->len)
			return ref_fail(r, r->len);
		c = r->s[r->p];
		if (c == '"') {
			r->p++;
			return 0;
		}
		if (c < 0x20)
			return ref_fail(r, r->p);
		if (c == '\\') {
			uint32_t cp, lo;
			const char *simple = "\"\\/bfnrt", *hit;
			static const char decoded[] = "\"\\/\b\f\n\r\t";

			if (r->p + 1 >= r->len)
				return ref_fail(r, r->len);
			hit = r->s[r->p + 1] ? strchr(simple, r->s[r->p + 1]) : NULL;
			if (hit) {
				buf_put(out, &decoded[hit - simple], 1);
				r->p += 2;
				continue;
			}
			if (r->s[r->p + 1] != 'u')
				return ref_fail(r, r->p);
			if (ref_hex4(r, r->p, &cp))
				return -1;
			if (cp == 0 || (cp >= 0xdc00 && cp <= 0xdfff))
				return ref_fail(r, r->p);
			if (cp >= 0xd800 && cp <= 0xdbff) {
				size_t q = r->p + 6;

				if (q + 1 < r->len && r->s[q] == '\\' && r->s[q + 1] == 'u') {
					if (ref_hex4(r, q, &lo))
						return -1;
					if (lo >= 0xdc00 && lo <= 0xdfff) {
						put_utf8(out, 0x10000 + (cp - 0xd800) * 0x400 + (lo - 0xdc00));
						r->p = q + 6;
						continue;
					}
				}
				return ref_fail(r, r->p);
			}
			put_utf8(out, cp);
			r->p += 6;
			continue;
		}
		if (c >= 0x80) {
			size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

			if (r->len - r->p < n || !utf8_ok(r->s + r->p, n) || c < 0xc0)
				return ref_fail(r, r->p);
			buf_put(out, r->s + r->p, n);
			r->p += n;
			continue;
		}
		buf_put(out, &c, 1);
		r->p++;
	}
}

static int ref_digits(struct ref *r)
{
	if (r->p >= r->len)
		return ref_fail(r, r->len);
	if (r->s[r->p] < '0' || r->s[r->p] > '9')
		return ref_fail(r, r->p);
	while (r->p < r->len && r->s[r->p] >= '0' && r->s[r->p] <= '9')
		r->p++;
	return 0;
}

static int ref_number_syntax(struct ref *r);

/* Whether the literal s[a, b) is not an integer while strtod reads it as a
 * non-zero one: decided by stripping trailing zeros of all its digits until
 * none stand after the decimal point (the checker walks the digits from the
 * point instead). */
static bool ref_reads_as_another_integer(const unsigned char *s, size_t a, size_t b)
{
	char text[600], digits[600];
	size_t n = 0, i = a + (s[a] == '-');
	long decimals = 0, exponent = 0;
	bool fraction = false;
	double v;

	if (b - a >= 512)
		return true;
	for (; i < b && (s[i] | 0x20) != 'e'; i++) {
		if (s[i] == '.') {
			fraction = true;
			continue;
		}
		digits[n++] = (char)s[i];
		decimals += fraction;
	}
	if (i < b)
		exponent = strtol((const char *)s + i + 1 + (s[i + 1] == '+'), NULL, 10);
	if (exponent > 100000)
		exponent = 100000;
	if (exponent < -100000)
		exponent = -100000;
	decimals -= exponent;
	while (n && digits[n - 1] == '0' && decimals > 0) {
		n--;
		decimals--;
	}
	if (decimals <= 0 || n == 0)
		return false;  /* an integer however it is written */
	memcpy(text, s + a, b - a);
	text[b - a] = '\0';
	v = strtod(text, NULL);
	return isfinite(v) && v != 0 && v == trunc(v);
}

static int ref_number(struct ref *r)
{
	size_t start = r->p;
	int rc = ref_number_syntax(r);

	if (rc == 0 && ref_reads_as_another_integer(r->s, start, r->p))
		return ref_fail(r, start);
	return rc;
}

static int ref_number_syntax(struct ref *r)
{
	if (r->s[r->p] == '-')
		r->p++;
	if (r->p < r->len && r->s[r->p] == '0') {
		r->p++;
		if (r->p < r->len && r->s[r->p] >= '0' && r->s[r->p] <= '9')
			return ref_fail(r, r->p);
	} else if (ref_digits(r)) {
		return -1;
	}
	if (r->p < r->len && r->s[r->p] == '.') {
		r->p++;
		if (ref_digits(r))
			return -1;
	}
	if (r->p < r->len && (r->s[r->p] == 'e' || r->s[r->p] == 'E')) {
		r->p++;
		if (r->p < r->len && (r->s[r->p] == '+' || r->s[r->p] == '-'))
			r->p++;
		if (ref_digits(r))
			return -1;
	}
	return 0;
}

static int ref_value(struct ref *r, unsigned depth);

static int ref_object(struct ref *r, unsigned depth)
{
	struct buf *keys = NULL;
	size_t n = 0;
	int rc = -1;

	r->p++;
	ref_ws(r);
	if (r->p >= r->len)
		return ref_fail(r, r->len);
	if (r->s[r->p] == '}') {
		r->p++;
		return 0;
	}
	for (;;) {
		size_t at = r->p;

		if (r->s[r->p] != '"') {
			ref_fail(r, r->p);
			break;
		}
		keys = realloc(keys, (n + 1) * sizeof(*keys));
		REQUIRE(keys != NULL);
		keys[n] = (struct buf){ 0 };
		if (ref_string(r, &keys[n++]))
			break;
		for (size_t i = 0; i + 1 < n; i++) {
			if (keys[i].n == keys[n - 1].n &&
			    (keys[i].n == 0 || memcmp(keys[i].b, keys[n - 1].b, keys[i].n) == 0)) {
				ref_fail(r, at);
				goto out;
			}
		}
		ref_ws(r);
		if (r->p >= r->len) {
			ref_fail(r, r->len);
			break;
		}
		if (r->s[r->p] != ':') {
			ref_fail(r, r->p);
			break;
		}
		r->p++;
		ref_ws(r);
		if (ref_value(r, depth))
			break;
		ref_ws(r);
		if (r->p >= r->len) {
			ref_fail(r, r->len);
			break;
		}
		if (r->s[r->p] == '}') {
			r->p++;
			rc = 0;
			break;
		}
		if (r->s[r->p] != ',') {
			ref_fail(r, r->p);
			break;
		}
		r->p++;
		ref_ws(r);
		if (r->p >= r->len) {
			ref_fail(r, r->len);
			break;
		}
	}
out:
	for (size_t i = 0; i < n; i++)
		free(keys[i].b);
	free(keys);
	return rc;
}

static int ref_array(struct ref *r, unsigned depth)
{
	r->p++;
	ref_ws(r);
	if (r->p < r->len && r->s[r->p] == ']') {
		r->p++;
		return 0;
	}
	for (;;) {
		if (ref_value(r, depth))
			return -1;
		ref_ws(r);
		if (r->p >= r->len)
			return ref_fail(r, r->len);
		if (r->s[r->p] == ']') {
			r->p++;
			return 0;
		}
		if (r->s[r->p] != ',')
			return ref_fail(r, r->p);
		r->p++;
		ref_ws(r);
	}
}

/* The value at r->p, inside depth open containers. */
static int ref_value(struct ref *r, unsigned depth)
{
	unsigned char c;

	if (r->p >= r->len)
		return ref_fail(r, r->len);
	c = r->s[r->p];
	if (c == '{' || c == '[') {
		if (depth >= r->max_depth)
			return ref_fail(r, r->p);
		return c == '{' ? ref_object(r, depth + 1) : ref_array(r, depth + 1);
	}
	if (c == '"') {
		struct buf ignored = { 0 };
		int rc = ref_string(r, &ignored);

		free(ignored.b);
		return rc;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return ref_number(r);
	for (const char *const *w = (const char *const[]){ "true", "false", "null", NULL }; *w;
	     w++) {
		if (c != (unsigned char)(*w)[0])
			continue;
		for (size_t i = 0; (*w)[i]; i++) {
			if (r->p + i >= r->len)
				return ref_fail(r, r->len);
			if (r->s[r->p + i] != (unsigned char)(*w)[i])
				return ref_fail(r, r->p + i);
		}
		r->p += strlen(*w);
		return 0;
	}
	return ref_fail(r, r->p);
}

/* The reference verdict: NO_ERROR, or the offset of the first error. */
static size_t ref_check(const void *text, size_t len, unsigned max_depth)
{
	struct ref r = { text, len, 0, max_depth, NO_ERROR };

	ref_ws(&r);
	if (r.p == len)
		return len;
	if (ref_value(&r, 0))
		return r.err;
	ref_ws(&r);
	return r.p == len ? NO_ERROR : r.p;
}

START_TEST(test_reference_agrees_on_examples)
{
	static const char *const docs[] = {
		"{\"a\":1,\"a\":2}", "[1,]", "\"\\ud800\"", "020", "{\"x\":[true,{\"y\":null}]}",
		"\"\xc0\xaf\"", "1e+", "", "{\"li\\u0066e\":1,\"life\":2}",
	};
	static const size_t want[] = { 7, 3, 1, 1, NO_ERROR, 1, 3, 0, 15 };

	for (size_t i = 0; i < N_ELEMS(docs); i++)
		ck_assert_uint_eq(ref_check(docs[i], strlen(docs[i]), 64), want[i]);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Differential test                                                   */

static const char *const gen_keys[] = {
	"a", "b", "life", "li\\u0066e", "cost", "x~y", "a/b", "\xc3\xa9", "\\u00e9",
	"\\ud83d\\ude00", "\xf0\x9f\x98\x80", "", "queries", "Life", "abcdefgh", "abcdefghi",
	"abcdefgh\\u0069", "\\n", "\\u000a",
};

static const char *const gen_numbers[] = {
	"0", "-0", "1", "-1", "20", "1e308", "0.5e-3", "1E+2", "-1.5E-7", "3.14159", "0e0",
	"123456789012345678901234567890", "-0.0", "7e-400",
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

static void pick(struct buf *b, uint64_t *rng, const char *const *list, size_t n)
{
	buf_str(b, list[rand_below(rng, n)]);
}

static void gen_ws(struct buf *b, uint64_t *rng)
{
	static const char *const ws[] = { "", "", "", "", " ", "\n", "\t", "\r\n  " };

	pick(b, rng, ws, N_ELEMS(ws));
}

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
		want = ref_check(b.b, b.n, max_depth);
		rc = check_copy(b.b, b.n, max_depth, &err);
		if (rc == 0 ? want != NO_ERROR : (want == NO_ERROR || err.offset != want)) {
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
			REQUIRE(utf8_ok((const unsigned char *)err.pointer, n));
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

/* ------------------------------------------------------------------ */
/* Out of memory                                                       */

/* Whether a sanitizer owns the address space (RLIMIT_AS would break it). */
static int under_sanitizer(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
	return 1;
#else
	return 0;
#endif
#else
	return 0;
#endif
}

/* Whether the out-of-memory test can run here: it caps the address space,
 * which needs a forked test and no sanitizer owning the address space. */
static int can_cap_memory(void)
{
	const char *fork_mode = getenv("CK_FORK");

	return !under_sanitizer() && !(fork_mode && strcmp(fork_mode, "no") == 0);
}

/* A 2-million-key object needs a 32 MiB key stack: with the address space
 * capped just above what the process uses, the check says "out of memory"
 * (-2), distinct from a rejection. Registered only where can_cap_memory(). */
START_TEST(test_out_of_memory)
{
	struct mf_json_check_error err;
	struct buf b = { 0 };
	struct rlimit old, cap;
	unsigned long pages = 0;
	FILE *f;
	int rc;

	buf_str(&b, "{");
	for (int i = 0; i < 2000000; i++)
		buf_fmt(&b, "%s\"k%07d\":0", i ? "," : "", i);
	buf_str(&b, "}");
	f = fopen("/proc/self/statm", "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%lu", &pages), 1);
	fclose(f);
	ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
	cap = old;
	cap.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)8 << 20);
	ck_assert_int_eq(setrlimit(RLIMIT_AS, &cap), 0);
	rc = mf_json_check(b.b, b.n, 64, &err);
	setrlimit(RLIMIT_AS, &old);
	ck_assert_int_eq(rc, MF_ERR_NOMEM);
	ck_assert_str_eq(err.reason, "out of memory");
	ck_assert_str_eq(err.pointer, "");
	/* With room again, the same text passes. */
	ck_assert_int_eq(mf_json_check(b.b, b.n, 64, &err), 0);
	free(b.b);
}
END_TEST

static Suite *json_check_suite(void)
{
	Suite *s = suite_create("json_check");
	TCase *tc;

	tc = tcase_create("utf8");
	tcase_add_test(tc, test_utf8_rejected);
	tcase_add_test(tc, test_utf8_accepted);
	tcase_add_test(tc, test_utf8_all_pairs);
	suite_add_tcase(s, tc);

	tc = tcase_create("tokens");
	tcase_add_test(tc, test_control_bytes);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_literals);
	suite_add_tcase(s, tc);

	tc = tcase_create("structure");
	tcase_add_test(tc, test_structure);
	tcase_add_test(tc, test_bounded_by_len);
	tcase_add_test(tc, test_error_untouched_on_success);
	tcase_add_test(tc, test_depth);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);

	tc = tcase_create("duplicates");
	tcase_add_test(tc, test_duplicates_small);
	tcase_add_test(tc, test_duplicates_large);
	tcase_add_test(tc, test_pointer_truncation);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);

	tc = tcase_create("differential");
	tcase_add_test(tc, test_reference_agrees_on_examples);
	tcase_add_test(tc, test_differential);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);

	/* Not run (and not counted) under a sanitizer or valgrind's CK_FORK=no;
	 * the plain run of CI has it. */
	if (can_cap_memory()) {
		tc = tcase_create("memory");
		tcase_add_test(tc, test_out_of_memory);
		tcase_set_timeout(tc, 120);
		suite_add_tcase(s, tc);
	} else {
		fprintf(stderr, "json-check: the out-of-memory test is not run here "
				"(sanitizer or CK_FORK=no)\n");
	}
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(json_check_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
