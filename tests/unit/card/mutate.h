/*
 * Mutated Oracle texts for the card readers' robustness tests (the land
 * reader's and the source reader's), from a fixed seed so that a failure
 * comes back the same way every time, and the check of the text the
 * readers copy out of them. Test code.
 */
#ifndef MF_TEST_CARD_MUTATE_H
#define MF_TEST_CARD_MUTATE_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the xorshift generator whose state is *state. */
uint32_t mutate_rng(uint64_t *state);

/*
 * Copies src into dst (cap >= 1 bytes, NUL-terminated, cut to cap - 1) with
 * 1 to 6 random edits drawn from *state: a range deleted, a range
 * duplicated, or one of the n_pieces pieces spliced in. Returns the length
 * written.
 */
size_t mutate_text(uint64_t *state, const char *src, char *dst, size_t cap,
		   const char *const *pieces, size_t n_pieces);

/* Whether s is NUL-terminated within size bytes and valid UTF-8 (RFC 3629). */
int mutate_valid_utf8(const char *s, size_t size);

#endif
