#include "common/utf8.h"

size_t mf_utf8_sequence(const unsigned char *s, size_t len)
{
	unsigned char c = s[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range rules out overlong forms, surrogates and
	 * code points past U+10FFFF. */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n > len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t k = 2; k < n; k++) {
		if (s[k] < 0x80 || s[k] > 0xbf)
			return 0;
	}
	return n;
}
