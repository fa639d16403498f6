/* UTF-8 validation: see utf8.h. */
#include "common/utf8.h"

size_t mf_utf8_sequence_why(const unsigned char *s, size_t len, const char **why)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c < 0xc0) {
		*why = "invalid UTF-8: a stray continuation byte";
		return 0;
	}
	if (c < 0xc2) {
		*why = "invalid UTF-8: an overlong encoding";
		return 0;
	}
	/* The second byte's range rules out overlong forms, surrogates and
	 * code points past U+10FFFF. */
	if (c < 0xe0) {
		n = 2;
	} else if (c < 0xf0) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c < 0xf5) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else if (c < 0xf8) {
		*why = "invalid UTF-8: a code point above U+10FFFF";
		return 0;
	} else {
		*why = "invalid UTF-8: a byte that never appears in UTF-8";
		return 0;
	}
	if (len < 2 || (s[1] & 0xc0) != 0x80) {
		*why = "invalid UTF-8: a truncated sequence";
		return 0;
	}
	if (s[1] < lo) {
		*why = "invalid UTF-8: an overlong encoding";
		return 0;
	}
	if (s[1] > hi) {
		*why = c == 0xed ? "invalid UTF-8: a surrogate code point" :
				   "invalid UTF-8: a code point above U+10FFFF";
		return 0;
	}
	for (i = 2; i < n; i++) {
		if (len <= i || (s[i] & 0xc0) != 0x80) {
			*why = "invalid UTF-8: a truncated sequence";
			return 0;
		}
	}
	return n;
}

size_t mf_utf8_sequence(const unsigned char *s, size_t len)
{
	const char *why;

	return mf_utf8_sequence_why(s, len, &why);
}
