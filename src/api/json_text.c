#include "api/json_text.h"

#include <string.h>

#include "manaflow/common.h"

int mf_json_text_string(struct mf_buf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;

	mf_buf_add(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		mf_buf_add(b, run, (size_t)(s - run));
		run = s + 1;
		if (c == '"' || c == '\\') {
			esc[1] = (char)c;
			mf_buf_add(b, esc, 2);
		} else {
			mf_buf_add(b, esc, 6);
		}
	}
	mf_buf_add(b, run, (size_t)(s - run));
	return mf_buf_add(b, "\"", 1);
}

int mf_json_text_letters(struct mf_buf *b, unsigned mask)
{
	char text[6 * 4 + 2];
	size_t n = 0;

	text[n++] = '[';
	for (int t = 0; t < 6; t++) {
		if (!(mask >> t & 1))
			continue;
		if (n > 1)
			text[n++] = ',';
		text[n++] = '"';
		text[n++] = "WUBRGC"[t];
		text[n++] = '"';
	}
	text[n++] = ']';
	return mf_buf_add(b, text, n);
}
