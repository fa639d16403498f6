/*
 * Check suites of the strict JSON pre-pass (src/api/json_check.c): every
 * rejection with its offset and reason, acceptance of valid documents,
 * nesting limits and running out of memory. Duplicate keys are tested in
 * test_json_check_keys.c, and the differential test against the reference
 * checker (tests/reference/json_ref.c, fixed seed) in test_json_check_diff.c;
 * this file builds the one suite of all three. Every input is copied into a
 * heap block of exactly its length, so that AddressSanitizer sees any read
 * past len.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "api/json_check.h"
#include "json_check_test.h"
#include "reference/json_ref.h"

/* ------------------------------------------------------------------ */
/* UTF-8                                                               */

/* Every kind of ill-formed UTF-8, in strings, keys and between tokens. */
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

/* Well-formed UTF-8, every scalar value from U+0020 included. */
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
				want = json_ref_utf8_ok((const unsigned char *)doc + 1, 2);
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

/* Raw bytes below 0x20 in strings, and NUL anywhere. */
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

/* Escapes: the simple ones, \u with surrogate pairs, and every way to get
 * them wrong. */
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

/* The number grammar, non-integers a double reads as integers, NaN and
 * Infinity, and the 63-character limit. */
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

/* true, false and null, and their near misses. */
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

/* Arrays, objects, commas, colons, empty input and trailing bytes. */
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

/* An accepted text leaves *err as it was. */
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

/* Makes b a number nested depth levels deep: arrays, or arrays and objects
 * {"k":...} in turn when objects. */
static void nest(struct buf *b, size_t depth, int objects)
{
	b->n = 0;
	for (size_t i = 0; i < depth; i++)
		buf_str(b, objects && i % 2 ? "{\"k\":" : "[");
	buf_str(b, "0");
	for (size_t i = depth; i-- > 0;)
		buf_str(b, objects && i % 2 ? "}" : "]");
}

/* The nesting limit at 64, at small limits and at 100000 levels (beyond the
 * inline level stack). */
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

/* The one suite of test-json-check; its tcases "duplicates" and
 * "differential" come from the other files. */
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

	json_check_add_duplicates(s);
	json_check_add_differential(s);

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

/* Runs the suite; fails when any test fails. */
int main(void)
{
	SRunner *sr = srunner_create(json_check_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
