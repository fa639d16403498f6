/*
 * Mutated Oracle texts for the card readers' robustness tests
 * (tests/unit/card/mutate.h).
 */
#include "unit/card/mutate.h"

#include <string.h>

uint32_t mutate_rng(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return (uint32_t)(*state >> 16);
}

size_t mutate_text(uint64_t *state, const char *src, char *dst, size_t cap,
		   const char *const *pieces, size_t n_pieces)
{
	size_t n = strlen(src) < cap - 1 ? strlen(src) : cap - 1;
	int edits = 1 + (int)(mutate_rng(state) % 6);

	memcpy(dst, src, n);
	for (int e = 0; e < edits; e++) {
		size_t at = n ? mutate_rng(state) % (n + 1) : 0;

		switch (mutate_rng(state) % 4) {
		case 0: { /* delete a range */
			size_t k = n - at ? mutate_rng(state) % (n - at + 1) : 0;

			memmove(dst + at, dst + at + k, n - at - k);
			n -= k;
			break;
		}
		case 1: { /* duplicate a range */
			size_t k = n - at ? 1 + mutate_rng(state) % (n - at) : 0;

			if (n + k < cap - 1) {
				memmove(dst + at + k, dst + at, n - at);
				n += k;
			}
			break;
		}
		default: { /* splice in a piece */
			const char *p = pieces[mutate_rng(state) % n_pieces];
			size_t k = strlen(p);

			if (n + k < cap - 1) {
				memmove(dst + at + k, dst + at, n - at);
				memcpy(dst + at, p, k);
				n += k;
			}
			break;
		}
		}
	}
	dst[n] = '\0';
	return n;
}

int mutate_valid_utf8(const char *s, size_t size)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < size && u[i]) {
		unsigned c = u[i], n, lo = 0x80, hi = 0xbf;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 2;
		else if (c >= 0xe0 && c <= 0xef)
			n = 3;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 4;
		else
			return 0;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
		else if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
		if (i + n >= size || u[i + 1] < lo || u[i + 1] > hi)
			return 0;
		for (unsigned k = 2; k < n; k++) {
			if (u[i + k] < 0x80 || u[i + k] > 0xbf)
				return 0;
		}
		i += n;
	}
	return i < size;
}
