/* JSON pointers: see json_pointer.h. Calls nothing of the API layer. */
#include "api/json_pointer.h"

#include <string.h>

/* Appends bytes[0, n) whole, or marks p full when they do not fit. */
static void put(struct mf_json_pointer *p, const char *bytes, size_t n)
{
	if (p->full || p->n + n >= MF_JSON_POINTER_MAX) {
		p->full = true;
		return;
	}
	memcpy(p->buf + p->n, bytes, n);
	p->n += n;
	p->buf[p->n] = '\0';
}

/* Bytes of the UTF-8 character whose lead byte is c (1 for a stray byte). */
static size_t char_len(unsigned char c)
{
	return c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

void mf_json_pointer_start(struct mf_json_pointer *p, char *buf, const char *at)
{
	size_t n = strlen(at);

	p->buf = buf;
	p->n = 0;
	p->full = false;
	buf[0] = '\0';
	if (n < MF_JSON_POINTER_MAX) {
		put(p, at, n);
		return;
	}
	/* cut at a character, as a key would be */
	for (n = MF_JSON_POINTER_MAX - 1; n > 0 && ((unsigned char)at[n] & 0xc0) == 0x80; n--)
		;
	put(p, at, n);
	p->full = true;
}

void mf_json_pointer_add_key(struct mf_json_pointer *p, const char *key, size_t len)
{
	size_t start = p->n, i = 0;

	put(p, "/", 1);
	while (!p->full && i < len) {
		size_t n = char_len((unsigned char)key[i]);

		if (n > len - i)
			n = len - i;
		if (key[i] == '~')
			put(p, "~0", 2);
		else if (key[i] == '/')
			put(p, "~1", 2);
		else
			put(p, key + i, n);
		i += n;
	}
	if (p->full && p->n == start + 1 && len > 0) {
		p->n = start;  /* a bare "/" would name the empty key */
		p->buf[start] = '\0';
	}
}

void mf_json_pointer_add_index(struct mf_json_pointer *p, size_t index)
{
	char digits[24];
	size_t i = sizeof(digits);

	do {
		digits[--i] = (char)('0' + index % 10);
		index /= 10;
	} while (index);
	digits[--i] = '/';
	put(p, digits + i, sizeof(digits) - i);
}

void mf_json_pointer_key(char *out, const char *at, const char *key)
{
	struct mf_json_pointer p;

	mf_json_pointer_start(&p, out, at);
	mf_json_pointer_add_key(&p, key, strlen(key));
}

void mf_json_pointer_index(char *out, const char *at, size_t index)
{
	struct mf_json_pointer p;

	mf_json_pointer_start(&p, out, at);
	mf_json_pointer_add_index(&p, index);
}
