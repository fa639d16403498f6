/*
 * Reference checker of strict JSON: recursive descent, slow and plain
 * (see json_ref.h). Shares no code with src/api.
 */
#include "json_ref.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A growing byte buffer: a string's unescaped bytes. */
struct ref_buf {
	char *b;
	size_t n, cap;
};

/* The state of one descent over s[0..len). */
struct ref {
	const unsigned char *s;
	size_t len, p;       /* p: the next byte to read */
	unsigned max_depth;
	size_t err;          /* the offset of the first error, once failed */
	bool nomem;          /* an allocation failed: err means nothing */
};

int json_ref_utf8_ok(const unsigned char *s, size_t n)
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

/* Records the first error at off and returns -1, for `return ref_fail(...)`. */
static int ref_fail(struct ref *r, size_t off)
{
	r->err = off;
	return -1;
}

/* Records that memory ran out and returns -1. */
static int ref_nomem(struct ref *r)
{
	r->nomem = true;
	return -1;
}

/* Appends p[0..n) to b; 0, or -1 (b unchanged) when memory runs out. */
static int ref_buf_put(struct ref *r, struct ref_buf *b, const void *p, size_t n)
{
	if (n == 0)
		return 0;
	if (b->n + n > b->cap) {
		size_t cap = (b->n + n) * 2 + 64;
		char *grown = realloc(b->b, cap);

		if (grown == NULL)
			return ref_nomem(r);
		b->b = grown;
		b->cap = cap;
	}
	memcpy(b->b + b->n, p, n);
	b->n += n;
	return 0;
}

/* Skips the RFC's four whitespace bytes from r->p. */
static void ref_ws(struct ref *r)
{
	while (r->p < r->len && (r->s[r->p] == ' ' || r->s[r->p] == '\t' ||
				 r->s[r->p] == '\r' || r->s[r->p] == '\n'))
		r->p++;
}

/* The four hex digits of the \u escape at s[at] into *cp; 0, or -1 with the
 * error at the backslash (len when the text ends first). */
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

/* Appends the UTF-8 encoding of the scalar value cp to out; 0 or -1 (out
 * of memory). */
static int ref_put_utf8(struct ref *r, struct ref_buf *out, uint32_t cp)
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
	return ref_buf_put(r, out, b, n);
}

/* A string at r->p (a quote); its unescaped bytes go to out, which the
 * caller frees whatever the outcome. 0 with r->p past the closing quote,
 * or -1. */
static int ref_string(struct ref *r, struct ref_buf *out)
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
				if (ref_buf_put(r, out, &decoded[hit - simple], 1))
					return -1;
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
						cp = 0x10000 + (cp - 0xd800) * 0x400 + (lo - 0xdc00);
						if (ref_put_utf8(r, out, cp))
							return -1;
						r->p = q + 6;
						continue;
					}
				}
				return ref_fail(r, r->p);
			}
			if (ref_put_utf8(r, out, cp))
				return -1;
			r->p += 6;
			continue;
		}
		if (c >= 0x80) {
			size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

			if (r->len - r->p < n || !json_ref_utf8_ok(r->s + r->p, n) || c < 0xc0)
				return ref_fail(r, r->p);
			if (ref_buf_put(r, out, r->s + r->p, n))
				return -1;
			r->p += n;
			continue;
		}
		if (ref_buf_put(r, out, &c, 1))
			return -1;
		r->p++;
	}
}

/* One or more decimal digits at r->p; 0 with r->p past them, or -1. */
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
	if (i < b) {
		/* from a copy: the text need not end with the number */
		memcpy(text, s + i + 1, b - i - 1);
		text[b - i - 1] = '\0';
		exponent = strtol(text + (text[0] == '+'), NULL, 10);
	}
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

/* The grammar of a number at r->p ('-' or a digit); 0 with r->p past it,
 * or -1. */
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

/* A number at r->p: its grammar, then the error at its first byte when a
 * double would read a non-integer as an integer. 0 or -1. */
static int ref_number(struct ref *r)
{
	size_t start = r->p;
	int rc = ref_number_syntax(r);

	if (rc == 0 && ref_reads_as_another_integer(r->s, start, r->p))
		return ref_fail(r, start);
	if (rc == 0 && r->p - start > 63)
		return ref_fail(r, start);  /* longer than cJSON reads */
	return rc;
}

static int ref_value(struct ref *r, unsigned depth);

/* The object at r->p ('{'), the depth-th open container: every key kept,
 * unescaped, and compared with the earlier ones. 0 or -1. */
static int ref_object(struct ref *r, unsigned depth)
{
	struct ref_buf *keys = NULL;
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
		struct ref_buf *grown;

		if (r->s[r->p] != '"') {
			ref_fail(r, r->p);
			break;
		}
		grown = realloc(keys, (n + 1) * sizeof(*keys));
		if (grown == NULL) {
			ref_nomem(r);
			break;
		}
		keys = grown;
		keys[n] = (struct ref_buf){ 0 };
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

/* The array at r->p ('['), the depth-th open container. 0 or -1. */
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

/* The value at r->p, inside depth open containers. 0 with r->p past it,
 * or -1. */
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
		struct ref_buf ignored = { 0 };
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

size_t json_ref_check(const void *text, size_t len, unsigned max_depth)
{
	struct ref r = { text, len, 0, max_depth, JSON_REF_NO_ERROR, false };
	int rc;

	ref_ws(&r);
	if (r.p == len)
		return len;
	rc = ref_value(&r, 0);
	if (r.nomem)
		return JSON_REF_NOMEM;
	if (rc)
		return r.err;
	ref_ws(&r);
	return r.p == len ? JSON_REF_NO_ERROR : r.p;
}
