/*
 * The keys of a JSON text already checked (json_check.c): reading a
 * string's unescaped bytes, ordering keys by them, and finding the first
 * key of an object that repeats an earlier one. Internal to json_check.c,
 * which holds the text; nothing here reads past a string's closing quote.
 */
#ifndef MF_API_JSON_KEYS_H
#define MF_API_JSON_KEYS_H

#include <stddef.h>
#include <stdint.h>

/* A key of an open object. */
struct mf_json_key {
	size_t off;    /* offset of its opening quote */
	uint64_t pre;  /* its first 8 unescaped bytes, big-endian, zero-padded */
};

/* Reads the unescaped bytes of a string already checked, from its quote. */
struct mf_json_unesc {
	const unsigned char *s;
	size_t p;
	unsigned char buf[4];
	unsigned n, i;
};

/* The value of hex digit c, or -1. */
int mf_json_hex_value(unsigned char c);

/* The value of the four hex digits at h (already checked). */
unsigned mf_json_hex4(const unsigned char *h);

/* Starts reading the string whose opening quote is at s[quote]. */
void mf_json_unesc_init(struct mf_json_unesc *u, const unsigned char *s, size_t quote);

/* The next unescaped byte (an escape's code point as UTF-8), or -1 at the
 * closing quote. */
int mf_json_unesc_next(struct mf_json_unesc *u);

/* A total order on keys of text s by their unescaped bytes (not
 * lexicographic: the first eight bytes decide first); 0 for equal keys. */
int mf_json_key_cmp(const unsigned char *s, const struct mf_json_key *a, const struct mf_json_key *b);

/* The offset of the earliest key of v[0..n) that repeats an earlier one, or
 * SIZE_MAX for none; sorts v (heapsort: O(n log n) comparisons even for keys
 * chosen to collide). */
size_t mf_json_first_duplicate(const unsigned char *s, struct mf_json_key *v, size_t n);

#endif
