#include "api/json_text.h"

#include <stdlib.h>
#include <string.h>

bool json_text_init(struct json_text *t, size_t cap)
{
	t->buf = malloc(cap);
	t->len = 0;
	t->cap = cap;
	if (t->buf)
		t->buf[0] = '\0';
	return t->buf != NULL;
}

/* Makes room for n more bytes and the NUL; on failure drops the text. */
static bool reserve(struct json_text *t, size_t n)
{
	char *grown;
	size_t cap = t->cap;

	if (!t->buf)
		return false;
	if (t->len + n + 1 <= cap)
		return true;
	while (cap < t->len + n + 1)
		cap *= 2;
	grown = realloc(t->buf, cap);
	if (!grown) {
		free(t->buf);
		t->buf = NULL;
		return false;
	}
	t->buf = grown;
	t->cap = cap;
	return true;
}

void json_text_raw(struct json_text *t, const char *s, size_t len)
{
	if (!reserve(t, len))
		return;
	memcpy(t->buf + t->len, s, len);
	t->len += len;
	t->buf[t->len] = '\0';
}

void json_text_string(struct json_text *t, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = strlen(s);

	/* Every byte escaped as \u00XX takes six: reserve the worst case. */
	if (!reserve(t, 6 * n + 2))
		return;
	t->buf[t->len++] = '"';
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			t->buf[t->len++] = '\\';
			t->buf[t->len++] = (char)c;
		} else if (c < 0x20) {
			memcpy(t->buf + t->len, "\\u00", 4);
			t->buf[t->len + 4] = hex[c >> 4];
			t->buf[t->len + 5] = hex[c & 15];
			t->len += 6;
		} else {
			t->buf[t->len++] = (char)c;
		}
	}
	t->buf[t->len++] = '"';
	t->buf[t->len] = '\0';
}

void json_text_uint(struct json_text *t, uint64_t v)
{
	char digits[24];
	size_t n = sizeof(digits);

	do {
		digits[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	json_text_raw(t, digits + n, sizeof(digits) - n);
}
