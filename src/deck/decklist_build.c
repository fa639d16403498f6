/* The helpers the deck list's readers share (decklist_build.h): a fault
 * and its line, the checks of a line, a count and a name, and adding an
 * entry. Calls nothing of the deck room but these. */
#include "deck/decklist_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"

bool mf_deck_list_word_is(const char *s, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n && word[i]; i++) {
		if (mf_deck_lower(s[i]) != mf_deck_lower(word[i]))
			return false;
	}
	return i == n && word[i] == '\0';
}

/* Copies the bad line into err->text as valid UTF-8, cut at a character. */
static void copy_line(char *dst, const char *src, size_t n)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, o = 0, seq;

	while (i < n) {
		seq = s[i] < 0x80 ? 1 : mf_utf8_sequence(s + i, n - i);
		if (seq == 0) {
			/* One byte that is not UTF-8: U+FFFD. */
			if (o + 3 > MF_DECK_LIST_ERROR_TEXT_MAX)
				break;
			memcpy(dst + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
			continue;
		}
		if (o + seq > MF_DECK_LIST_ERROR_TEXT_MAX)
			break;
		if (seq == 1 && ((s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f))
			dst[o] = '?';
		else
			memcpy(dst + o, s + i, seq);
		o += seq;
		i += seq;
	}
	dst[o] = '\0';
}

int mf_deck_list_fail(struct mf_deck_list_build *b, size_t line, const char *line_text,
		      size_t line_len, int status, enum mf_deck_list_fault fault,
		      const char *fmt, ...)
{
	struct mf_deck_list_error *err = b->err;
	va_list ap;

	err->fault = fault;
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(err->reason, sizeof(err->reason), fmt, ap);
	va_end(ap);
	if (line > 0)
		copy_line(err->text, line_text, line_len);
	else
		err->text[0] = '\0';
	b->status = status;
	return -1;
}

int mf_deck_list_check_line(struct mf_deck_list_build *b, size_t line, const char *line_text,
			    size_t n, bool check_length)
{
	const unsigned char *s = (const unsigned char *)line_text;
	const char *why;
	size_t i, seq;

	if (check_length && n > MF_DECK_LIST_LINE_MAX)
		return mf_deck_list_fail(b, line, line_text, n, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_LINE_TOO_LONG,
					 "a line is longer than %u bytes", MF_DECK_LIST_LINE_MAX);
	for (i = 0; i < n; i += seq) {
		if (s[i] == 0)
			return mf_deck_list_fail(b, line, line_text, n, MF_ERR_INVALID,
						 MF_DECK_LIST_FAULT_ENCODING,
						 "a NUL byte at byte %zu of the line", i + 1);
		if ((s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
			return mf_deck_list_fail(b, line, line_text, n, MF_ERR_INVALID,
						 MF_DECK_LIST_FAULT_ENCODING,
						 "a control character (0x%02x) at byte %zu of the line",
						 (unsigned)s[i], i + 1);
		seq = s[i] < 0x80 ? 1 : mf_utf8_sequence_why(s + i, n - i, &why);
		if (seq == 0)
			return mf_deck_list_fail(b, line, line_text, n, MF_ERR_INVALID,
						 MF_DECK_LIST_FAULT_ENCODING,
						 "%s at byte %zu of the line", why, i + 1);
	}
	return 0;
}

int mf_deck_list_count(struct mf_deck_list_build *b, size_t line, const char *line_text,
		       size_t line_len, const char *digits, size_t n, unsigned *count)
{
	unsigned v = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		v = v * 10 + (unsigned)(digits[i] - '0');
		if (v > MF_DECK_LIST_COUNT_MAX)
			return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_INVALID,
						 MF_DECK_LIST_FAULT_COUNT_OVER,
						 "a count over %u", MF_DECK_LIST_COUNT_MAX);
	}
	if (v == 0)
		return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_COUNT_ZERO, "a count of 0");
	*count = v;
	return 0;
}

int mf_deck_list_add(struct mf_deck_list_build *b, size_t line, const char *line_text,
		     size_t line_len, const char *name, size_t name_len, unsigned count,
		     enum mf_deck_zone zone, bool blank_sideboard)
{
	struct mf_deck_list_item *item;

	while (name_len > 0 && mf_deck_blank(name[0])) {
		name++;
		name_len--;
	}
	while (name_len > 0 && mf_deck_blank(name[name_len - 1]))
		name_len--;
	if (name_len == 0)
		return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_NO_NAME, "a count with no card name");
	if (name_len > MF_DECK_LIST_NAME_MAX)
		return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_NAME_TOO_LONG,
					 "a card name longer than %u bytes", MF_DECK_LIST_NAME_MAX);
	/* The line was checked, but a .dek name may hold decoded entities. */
	if (mf_deck_list_check_line(b, line, name, name_len, false) != 0) {
		/* Name the line, not the decoded name. */
		return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_ENCODING,
					 "a card name with a control character or not UTF-8");
	}
	if (b->n == MF_DECK_LIST_ENTRIES_MAX)
		return mf_deck_list_fail(b, line, line_text, line_len, MF_ERR_LIMIT,
					 MF_DECK_LIST_FAULT_TOO_MANY_ENTRIES,
					 "more than %u card lines", MF_DECK_LIST_ENTRIES_MAX);
	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 64;
		struct mf_deck_list_item *grown;

		if (cap > MF_DECK_LIST_ENTRIES_MAX)
			cap = MF_DECK_LIST_ENTRIES_MAX;
		grown = realloc(b->items, cap * sizeof(*grown));
		if (!grown)
			goto nomem;
		b->items = grown;
		b->cap = cap;
	}
	item = &b->items[b->n];
	item->name_off = mf_buf_len(&b->names);
	item->name_len = name_len;
	item->count = count;
	item->zone = zone;
	item->line = line;
	item->blank_sideboard = blank_sideboard;
	/* The buffer's failure is sticky: checking the second add checks both. */
	mf_buf_add(&b->names, name, name_len);
	if (mf_buf_add(&b->names, "", 1) != 0)
		goto nomem;
	b->n++;
	return 0;
nomem:
	return mf_deck_list_fail(b, 0, NULL, 0, MF_ERR_NOMEM, MF_DECK_LIST_FAULT_NOMEM,
				 "out of memory");
}
