/*
 * The bytes of a JSON string, as both readers of JSON text see them: the
 * strict check (json_check.c) and the mana solve's one-pass reader
 * (mana_direct.c). Internal to the API layer; static tables and inline
 * functions only, so that the scanners' inner loops stay inline.
 */
#ifndef MF_API_JSON_BYTES_H
#define MF_API_JSON_BYTES_H

#include <stdint.h>
#include <string.h>

#define MF_JSON_R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v

/* Bytes that a string holds as they are: printable ASCII but '"' and '\\'. */
static const unsigned char mf_json_str_plain[256] = {
	MF_JSON_R16(0), MF_JSON_R16(0),
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x20: '"' */
	MF_JSON_R16(1), MF_JSON_R16(1),
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,  /* 0x50: '\\' */
	MF_JSON_R16(1), MF_JSON_R16(1),
	MF_JSON_R16(0), MF_JSON_R16(0), MF_JSON_R16(0), MF_JSON_R16(0),
	MF_JSON_R16(0), MF_JSON_R16(0), MF_JSON_R16(0), MF_JSON_R16(0),
};

/* JSON's whitespace: space, tab, LF, CR. */
static const unsigned char mf_json_is_ws[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
};

#define MF_JSON_ONES UINT64_C(0x0101010101010101)
#define MF_JSON_HIGHS UINT64_C(0x8080808080808080)

/* Whether any of the 8 bytes at s is not mf_json_str_plain (exact: no false
 * answer either way, since a byte >= 0x80 answers yes by itself). s must
 * have 8 bytes to read. */
static inline int mf_json_swar_special(const unsigned char *s)
{
	uint64_t x, q, b, m;

	memcpy(&x, s, sizeof(x));
	q = x ^ (MF_JSON_ONES * '"');
	b = x ^ (MF_JSON_ONES * '\\');
	m = ((q - MF_JSON_ONES) & ~q) | ((b - MF_JSON_ONES) & ~b) |
	    ((x - MF_JSON_ONES * 0x20) & ~x) | x;
	return (m & MF_JSON_HIGHS) != 0;
}

/* The first byte at or after s[p] (p <= len) that is not
 * mf_json_str_plain, or len. */
static inline size_t mf_json_skip_plain(const unsigned char *s, size_t p, size_t len)
{
	while (len - p >= 8 && !mf_json_swar_special(s + p))
		p += 8;
	while (p < len && mf_json_str_plain[s[p]])
		p++;
	return p;
}

#endif
