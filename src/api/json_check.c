/*
 * The strict RFC 8259 pre-pass of every JSON input (see json_check.h).
 *
 * One forward pass over the bytes, with an explicit stack of open arrays and
 * objects instead of recursion, so that the C stack use does not depend on
 * the input. Strings are scanned eight bytes at a time while they hold plain
 * ASCII; anything else (quote, backslash, control byte, non-ASCII) drops to a
 * byte-wise path that validates escapes and UTF-8.
 *
 * Duplicate keys: every open object keeps its keys, as (offset, first eight
 * unescaped bytes), on one stack shared by all open objects (a child's keys
 * sit above its parent's and go when it closes). An object of at most
 * SMALL_OBJECT keys compares each new key with its earlier ones as it goes; a
 * larger one is checked when it closes, by sorting its keys (heapsort, by
 * content then offset: O(n log n) comparisons even for keys chosen to
 * collide). So that the error reported is still the first in the text, any
 * other error first checks the larger objects still open for an earlier
 * duplicate.
 */
#include "api/json_check.h"
#include "api/json_bytes.h"
#include "api/json_check_state.h"
#include "api/json_keys.h"
#include "common/utf8.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first byte at or after s[p] that is not whitespace, or len. */
static inline size_t skip_ws(const unsigned char *s, size_t p, size_t len)
{
	while (p < len && mf_json_is_ws[s[p]])
		p++;
	return p;
}

static inline int is_digit(unsigned char c)
{
	return (unsigned)(c - '0') < 10;
}


/* ------------------------------------------------------------------ */
/* Stacks                                                              */

/* Grows *v (inline_v or the heap) of *cap elements of size sz to twice
 * that; 0, or -1 with *v unchanged. */
static int grow(void **v, void *inline_v, size_t *cap, size_t sz)
{
	size_t cap2 = *cap * 2;
	void *v2;

	if (cap2 > SIZE_MAX / sz)
		return -1;
	if (*v == inline_v) {
		v2 = malloc(cap2 * sz);
		if (v2)
			memcpy(v2, *v, *cap * sz);
	} else {
		v2 = realloc(*v, cap2 * sz);
	}
	if (!v2)
		return -1;
	*v = v2;
	*cap = cap2;
	return 0;
}

static int push_level(struct mf_json_check_state *ck, int obj)
{
	struct mf_json_level *lv;

	if (ck->depth == ck->lv_cap) {
		void *v = ck->lv;

		if (grow(&v, ck->lv_inline, &ck->lv_cap, sizeof(*ck->lv)))
			return -1;
		ck->lv = v;
	}
	lv = &ck->lv[ck->depth++];
	lv->index = 0;
	lv->key = 0;
	lv->mark = ck->n_keys;
	lv->obj = obj;
	return 0;
}

/* Records the key k of the innermost object (whose current member it starts):
 * a duplicate fails at once while the object is small. */
static int add_key(struct mf_json_check_state *ck, const struct mf_json_key *k)
{
	struct mf_json_level *lv = &ck->lv[ck->depth - 1];

	if (lv->index < SMALL_OBJECT) {
		for (size_t i = lv->mark; i < ck->n_keys; i++) {
			if (ck->keys[i].pre == k->pre && mf_json_key_cmp(ck->s, &ck->keys[i], k) == 0)
				return mf_json_fail_at(ck, k->off, "duplicate key", ck->depth - 1, k->off);
		}
	}
	if (ck->n_keys == ck->keys_cap) {
		void *v = ck->keys;

		if (grow(&v, ck->keys_inline, &ck->keys_cap, sizeof(*ck->keys)))
			return mf_json_fail_nomem(ck, k->off);
		ck->keys = v;
	}
	ck->keys[ck->n_keys++] = *k;
	lv->key = k->off;
	lv->index++;
	return 0;
}

/* Closes the innermost object: a large one is checked for duplicates now. */
static int close_object(struct mf_json_check_state *ck)
{
	struct mf_json_level *lv = &ck->lv[ck->depth - 1];

	if (lv->index > SMALL_OBJECT) {
		size_t dup = mf_json_first_duplicate(ck->s, ck->keys + lv->mark, ck->n_keys - lv->mark);

		if (dup != MF_JSON_NO_KEY)
			return mf_json_fail_at(ck, dup, "duplicate key", ck->depth - 1, dup);
	}
	ck->n_keys = lv->mark;
	ck->depth--;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Tokens                                                              */

/* Checks the escape at s[*pp] == '\\' and moves past it. */
static int scan_escape(struct mf_json_check_state *ck, size_t *pp, int in_member)
{
	const unsigned char *s = ck->s;
	size_t p = *pp, len = ck->len, q;
	unsigned cp, lo;

	if (len - p < 2)
		return mf_json_fail(ck, len, "unterminated string", in_member);
	switch (s[p + 1]) {
	case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
		*pp = p + 2;
		return 0;
	case 'u':
		break;
	default:
		return mf_json_fail(ck, p, "an invalid escape sequence", in_member);
	}
	for (q = p + 2; q < p + 6; q++) {
		if (q >= len)
			return mf_json_fail(ck, len, "unterminated string", in_member);
		if (mf_json_hex_value(s[q]) < 0)
			return mf_json_fail(ck, p, "a \\u escape without four hex digits", in_member);
	}
	cp = mf_json_hex4(s + p + 2);
	if (cp == 0)
		return mf_json_fail(ck, p, "a string holds \\u0000 (NUL)", in_member);
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return mf_json_fail(ck, p, "a low surrogate escape without its high surrogate", in_member);
	if (cp < 0xd800 || cp > 0xdbff) {
		*pp = p + 6;
		return 0;
	}
	/* A high surrogate: a low one must follow. */
	q = p + 6;
	if (len - q >= 2 && s[q] == '\\' && s[q + 1] == 'u') {
		for (size_t h = q + 2; h < q + 6; h++) {
			if (h >= len)
				return mf_json_fail(ck, len, "unterminated string", in_member);
			if (mf_json_hex_value(s[h]) < 0)
				return mf_json_fail(ck, q, "a \\u escape without four hex digits", in_member);
		}
		lo = mf_json_hex4(s + q + 2);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			*pp = q + 6;
			return 0;
		}
	}
	return mf_json_fail(ck, p, "a high surrogate escape without its low surrogate", in_member);
}

/* Checks the string whose opening quote is at s[*pp] and moves past its
 * closing quote; when k is not NULL the string is a key, described in *k. */
static int scan_string(struct mf_json_check_state *ck, size_t *pp, struct mf_json_key *k)
{
	const unsigned char *s = ck->s;
	size_t p = *pp + 1, len = ck->len, start = p;
	int esc = 0, in_member = k == NULL;
	unsigned char c;

	for (;;) {
		p = mf_json_skip_plain(s, p, len);
		if (p == len)
			return mf_json_fail(ck, len, "unterminated string", in_member);
		c = s[p];
		if (c == '"')
			break;
		if (c == '\\') {
			esc = 1;
			if (scan_escape(ck, &p, in_member))
				return MF_ERR_INVALID;
		} else if (c < 0x20) {
			char why[48];

			if (c == 0)
				return mf_json_fail(ck, p, "a NUL byte in a string", in_member);
			snprintf(why, sizeof(why), "a raw control byte 0x%02x in a string", c);
			return mf_json_fail(ck, p, why, in_member);
		} else {
			const char *why;
			size_t n = mf_utf8_sequence_why(s + p, len - p, &why);

			if (!n)
				return mf_json_fail(ck, p, why, in_member);
			p += n;
		}
	}
	*pp = p + 1;
	if (k) {
		uint64_t pre = 0;
		unsigned i = 0;

		k->off = start - 1;
		if (!esc) {
			for (; i < 8 && start + i < p; i++)
				pre = pre << 8 | s[start + i];
		} else {
			struct mf_json_unesc u;
			int b;

			mf_json_unesc_init(&u, s, start - 1);
			for (; i < 8 && (b = mf_json_unesc_next(&u)) >= 0; i++)
				pre = pre << 8 | (unsigned)b;
		}
		k->pre = i ? pre << (8 * (8 - i)) : 0;
	}
	return 0;
}

/* Checks the rest of the literal word (whose first byte matched) at s[*pp]. */
static int scan_literal(struct mf_json_check_state *ck, size_t *pp, const char *word)
{
	size_t p = *pp, n = strlen(word);

	for (size_t i = 1; i < n; i++) {
		if (p + i == ck->len)
			return mf_json_fail_end(ck, 1);
		if (ck->s[p + i] != (unsigned char)word[i])
			return mf_json_fail_byte(ck, p + i, "an invalid literal", 1);
	}
	*pp = p + n;
	return 0;
}

/* Whether s[p..len) starts with word. */
static int starts_with(const unsigned char *s, size_t p, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len - p >= n && memcmp(s + p, word, n) == 0;
}

/* Whether the number literal s[a, b) (already checked) is an integer: every
 * digit after the decimal point, once the exponent moves it, is 0. */
static bool literal_is_integer(const unsigned char *s, size_t a, size_t b)
{
	size_t int_digits = 0, seen = 0, p = a;
	long exp = 0;
	int exp_sign = 1;

	if (s[p] == '-')
		p++;
	for (; p < b && is_digit(s[p]); p++)
		int_digits++;
	/* the exponent, clamped: past the literal's own length it cannot matter */
	for (size_t q = p; q < b; q++) {
		if ((s[q] | 0x20) != 'e')
			continue;
		q++;
		if (q < b && (s[q] == '+' || s[q] == '-'))
			exp_sign = s[q++] == '-' ? -1 : 1;
		for (; q < b && exp < 100000; q++)
			exp = exp * 10 + (s[q] - '0');
		break;
	}
	/* digits, the integer part's then the fraction's: those at or past the
	 * decimal point's new place must be 0 */
	for (size_t q = s[a] == '-' ? a + 1 : a; q < b && (s[q] | 0x20) != 'e'; q++) {
		if (s[q] == '.')
			continue;
		if ((long)seen >= (long)int_digits + exp_sign * exp && s[q] != '0')
			return false;
		seen++;
	}
	return true;
}

/* Whether the number literal s[a, b) is not an integer while a double reads
 * it as a non-zero one ("life": 19.9999999999999999 would be 20). */
static bool reads_as_another_integer(const unsigned char *s, size_t a, size_t b)
{
	char text[512];
	double v;

	if (literal_is_integer(s, a, b))
		return false;
	if (b - a >= sizeof(text))
		return true;  /* more digits than any double holds: no honest reading */
	memcpy(text, s + a, b - a);
	text[b - a] = '\0';
	v = strtod(text, NULL);
	return isfinite(v) && v != 0 && v == trunc(v);
}

/* Checks the number at s[*pp] ('-' or a digit) and moves past it. */
static int scan_number(struct mf_json_check_state *ck, size_t *pp)
{
	const unsigned char *s = ck->s;
	size_t p = *pp, len = ck->len;

	if (s[p] == '-') {
		p++;
		if (starts_with(s, p, len, "Infinity"))
			return mf_json_fail(ck, p, "NaN and Infinity are not JSON", 1);
	}
	if (p < len && s[p] == '0') {
		p++;
		if (p < len && is_digit(s[p]))
			return mf_json_fail(ck, p, "a number with a leading zero", 1);
		if (p < len && (s[p] | 0x20) == 'x')
			return mf_json_fail(ck, p, "a hexadecimal number", 1);
	} else if (p < len && is_digit(s[p])) {
		while (++p < len && is_digit(s[p]))
			;
	} else {
		return p < len ? mf_json_fail_byte(ck, p, "no digit after '-'", 1) :
				 mf_json_fail(ck, p, "no digit after '-'", 1);
	}
	if (p < len && s[p] == '.') {
		p++;
		if (p == len || !is_digit(s[p]))
			return p < len ? mf_json_fail_byte(ck, p, "no digit after the decimal point", 1) :
					 mf_json_fail(ck, p, "no digit after the decimal point", 1);
		while (++p < len && is_digit(s[p]))
			;
	}
	if (p < len && (s[p] | 0x20) == 'e') {
		p++;
		if (p < len && (s[p] == '+' || s[p] == '-'))
			p++;
		if (p == len || !is_digit(s[p]))
			return p < len ? mf_json_fail_byte(ck, p, "no digit in the exponent", 1) :
					 mf_json_fail(ck, p, "no digit in the exponent", 1);
		while (++p < len && is_digit(s[p]))
			;
	}
	if (reads_as_another_integer(s, *pp, p))
		return mf_json_fail(ck, *pp, "a number that is not an integer, which a double reads as one", 1);
	/* cJSON reads at most MF_JSON_NUMBER_MAX characters of a number: a
	 * longer one is refused here, so that a parse that fails after this
	 * check can only be for lack of memory (parse.c) */
	if (p - *pp > MF_JSON_NUMBER_MAX)
		return mf_json_fail(ck, *pp, "a number longer than 63 characters", 1);
	*pp = p;
	return 0;
}

/* Why no value can start at s[p]. */
static int fail_value(struct mf_json_check_state *ck, size_t p)
{
	const unsigned char *s = ck->s;
	const char *reason = "expected a value";

	if (s[p] == '+')
		reason = "a number starting with '+'";
	else if (s[p] == '.')
		reason = "a number starting with '.'";
	else if (starts_with(s, p, ck->len, "NaN") || starts_with(s, p, ck->len, "Infinity"))
		reason = "NaN and Infinity are not JSON";
	return mf_json_fail_byte(ck, p, reason, 1);
}

/* ------------------------------------------------------------------ */
/* The grammar                                                         */

static int check_text(struct mf_json_check_state *ck)
{
	const unsigned char *s = ck->s;
	size_t len = ck->len, p;
	struct mf_json_level *lv;
	struct mf_json_key k;
	int rc;

	p = skip_ws(s, 0, len);
	if (p == len)
		return mf_json_fail(ck, len, "empty input", 0);
value:
	/* p < len: a value starts at s[p], the current member's. */
	switch (s[p]) {
	case '"':
		if (scan_string(ck, &p, NULL))
			return MF_ERR_INVALID;
		goto after;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		if (scan_number(ck, &p))
			return MF_ERR_INVALID;
		goto after;
	case 't':
		if (scan_literal(ck, &p, "true"))
			return MF_ERR_INVALID;
		goto after;
	case 'f':
		if (scan_literal(ck, &p, "false"))
			return MF_ERR_INVALID;
		goto after;
	case 'n':
		if (scan_literal(ck, &p, "null"))
			return MF_ERR_INVALID;
		goto after;
	case '[':
	case '{':
		break;
	default:
		return fail_value(ck, p);
	}
	if (ck->depth >= ck->max_depth) {
		char why[64];

		snprintf(why, sizeof(why), "nesting deeper than %u levels", ck->max_depth);
		return mf_json_fail(ck, p, why, 1);
	}
	if (push_level(ck, s[p] == '{'))
		return mf_json_fail_nomem(ck, p);
	p = skip_ws(s, p + 1, len);
	if (p == len)
		return mf_json_fail_end(ck, 0);
	if (s[p] == (ck->lv[ck->depth - 1].obj ? '}' : ']')) {
		p++;
		ck->depth--;  /* empty: no keys to check */
		goto after;
	}
	if (!ck->lv[ck->depth - 1].obj)
		goto value;
key:
	/* p < len: a key must start at s[p]. */
	if (s[p] != '"')
		return mf_json_fail_byte(ck, p, "expected a string key", 0);
	if (scan_string(ck, &p, &k))
		return MF_ERR_INVALID;
	rc = add_key(ck, &k);
	if (rc)
		return rc;
	p = skip_ws(s, p, len);
	if (p == len)
		return mf_json_fail_end(ck, 1);
	if (s[p] != ':')
		return mf_json_fail_byte(ck, p, "expected ':' after a key", 1);
	p = skip_ws(s, p + 1, len);
	if (p == len)
		return mf_json_fail_end(ck, 1);
	goto value;
after:
	/* A value ended at s[p]. */
	p = skip_ws(s, p, len);
	if (ck->depth == 0) {
		if (p != len)
			return mf_json_fail_byte(ck, p, "trailing bytes after the value", 0);
		return MF_OK;
	}
	if (p == len)
		return mf_json_fail_end(ck, 0);
	lv = &ck->lv[ck->depth - 1];
	if (s[p] == ',') {
		p = skip_ws(s, p + 1, len);
		if (p == len)
			return mf_json_fail_end(ck, 0);
		if (lv->obj) {
			if (s[p] == '}')
				return mf_json_fail(ck, p, "a comma before '}'", 0);
			goto key;
		}
		if (s[p] == ']')
			return mf_json_fail(ck, p, "a comma before ']'", 0);
		lv->index++;
		goto value;
	}
	if (lv->obj) {
		if (s[p] != '}')
			return mf_json_fail_byte(ck, p, "expected ',' or '}'", 0);
		if (close_object(ck))
			return MF_ERR_INVALID;
	} else {
		if (s[p] != ']')
			return mf_json_fail_byte(ck, p, "expected ',' or ']'", 0);
		ck->depth--;
	}
	p++;
	goto after;
}

int mf_json_check(const char *text, size_t len, unsigned max_depth,
		  struct mf_json_check_error *err)
{
	struct mf_json_check_state ck;
	int rc;

	ck.s = (const unsigned char *)text;
	ck.len = len;
	ck.max_depth = max_depth;
	ck.err = err;
	ck.lv = ck.lv_inline;
	ck.depth = 0;
	ck.lv_cap = INLINE_LEVELS;
	ck.keys = ck.keys_inline;
	ck.n_keys = 0;
	ck.keys_cap = INLINE_KEYS;
	rc = check_text(&ck);
	if (ck.lv != ck.lv_inline)
		free(ck.lv);
	if (ck.keys != ck.keys_inline)
		free(ck.keys);
	return rc;
}
