#include "api/json_text.h"

#include <string.h>

#include "manaflow/common.h"

/* Bytes a JSON string cannot hold as they are: controls (NUL, which ends
 * the text, among them), '"' and '\\'. */
static const unsigned char needs_escape[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
	[0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1,
	[0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
	[0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1,
	[0x1c] = 1, [0x1d] = 1, [0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

int mf_json_text_string(struct mf_buf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run;

	mf_buf_add(b, "\"", 1);
	for (;;) {
		unsigned char c;

		/* a run of bytes that go as they are, in one piece */
		for (run = s; !needs_escape[(unsigned char)*s]; s++)
			;
		mf_buf_add(b, run, (size_t)(s - run));
		c = (unsigned char)*s++;
		if (c == '\0')
			break;
		if (c == '"' || c == '\\') {
			char esc[2] = { '\\', (char)c };

			mf_buf_add(b, esc, 2);
		} else {
			char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };

			mf_buf_add(b, esc, 6);
		}
	}
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
