/* The deck list's entry point and the helpers its readers share: see
 * manaflow/decklist.h and decklist_build.h. */
#include "deck/decklist_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"

#define MF_DECK_BOM "\xef\xbb\xbf"

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

static enum mf_deck_format format_of(unsigned seen)
{
	if (seen & MF_DECK_SEEN_DEK)
		return MF_DECK_FORMAT_DEK;
	if (seen & MF_DECK_SEEN_ARCHIDEKT)
		return MF_DECK_FORMAT_ARCHIDEKT;
	if (seen & MF_DECK_SEEN_MOXFIELD)
		return MF_DECK_FORMAT_MOXFIELD;
	if (seen & MF_DECK_SEEN_ARENA)
		return MF_DECK_FORMAT_ARENA;
	return MF_DECK_FORMAT_TEXT;
}

/* The span of line number `line` of b->text, its end left out. */
static void line_span(const struct mf_deck_list_build *b, size_t line, const char **start,
		      size_t *n)
{
	const char *p = b->text, *end = b->text + b->len, *nl;

	while (--line > 0) {
		nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	nl = memchr(p, '\n', (size_t)(end - p));
	*n = (size_t)((nl ? nl : end) - p);
	if (*n > 0 && p[*n - 1] == '\r')
		(*n)--;
	*start = p;
}

/* Settles the blank-line sideboard, counts the zones and holds the main
 * deck to its limit; then hands the entries to out. */
static int finish(struct mf_deck_list_build *b, struct mf_deck_list *out)
{
	unsigned cards[MF_DECK_ZONES] = { 0 };
	struct mf_deck_list_entry *entries;
	const char *line_text;
	size_t i, names_len, line_len, blank_line = 0;
	char *names;

	if (b->n == 0)
		return mf_deck_list_fail(b, 0, NULL, 0, MF_ERR_INVALID, MF_DECK_LIST_FAULT_EMPTY,
					 "the list has no card line");
	for (i = 0; i < b->n; i++) {
		struct mf_deck_list_item *it = &b->items[i];

		if (it->blank_sideboard && !b->headers) {
			it->zone = MF_DECK_ZONE_SIDEBOARD;
			if (!blank_line)
				blank_line = it->line;
		}
		cards[it->zone] += it->count;
		if (it->zone == MF_DECK_ZONE_MAIN && cards[it->zone] > MF_DECK_LIST_MAIN_MAX) {
			line_span(b, it->line, &line_text, &line_len);
			return mf_deck_list_fail(b, it->line, line_text, line_len, MF_ERR_LIMIT,
						 MF_DECK_LIST_FAULT_MAIN_TOO_LARGE,
						 "more than %u cards in the main deck",
						 MF_DECK_LIST_MAIN_MAX);
		}
	}
	entries = malloc(b->n * sizeof(*entries));
	names = entries ? mf_buf_take(&b->names, &names_len) : NULL;
	if (!names) {
		free(entries);
		return mf_deck_list_fail(b, 0, NULL, 0, MF_ERR_NOMEM, MF_DECK_LIST_FAULT_NOMEM,
					 "out of memory");
	}
	for (i = 0; i < b->n; i++) {
		const struct mf_deck_list_item *it = &b->items[i];

		entries[i].name = names + it->name_off;
		entries[i].name_len = it->name_len;
		entries[i].count = it->count;
		entries[i].zone = it->zone;
		entries[i].line = it->line;
	}
	out->entries = entries;
	out->n = b->n;
	out->names = names;
	out->format = format_of(b->seen);
	out->blank_sideboard = blank_line;
	memcpy(out->cards, cards, sizeof(cards));
	return 0;
}

/* Whether the text (after the BOM) is XML: its first non-blank byte is '<'. */
static bool looks_like_xml(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (mf_deck_blank(s[i]) || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i < n && s[i] == '<';
}

int mf_deck_list_parse(const char *text, size_t len, struct mf_deck_list *out,
		       struct mf_deck_list_error *err)
{
	struct mf_deck_list_error local;
	struct mf_deck_list_build b;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&b, 0, sizeof(b));
	b.err = err ? err : &local;
	memset(b.err, 0, sizeof(*b.err));
	mf_buf_init(&b.names, MF_DECK_LIST_TEXT_MAX + MF_DECK_LIST_ENTRIES_MAX);
	if (len > MF_DECK_LIST_TEXT_MAX) {
		mf_deck_list_fail(&b, 0, NULL, 0, MF_ERR_LIMIT, MF_DECK_LIST_FAULT_TEXT_TOO_LONG,
				  "the text is longer than %u bytes", MF_DECK_LIST_TEXT_MAX);
		goto out;
	}
	if (len >= 3 && memcmp(text, MF_DECK_BOM, 3) == 0) {
		text += 3;
		len -= 3;
	}
	b.text = text ? text : "";
	b.len = len;
	if (looks_like_xml(b.text, b.len))
		rc = mf_deck_list_read_dek(&b);
	else
		rc = mf_deck_list_read_text(&b);
	if (rc == 0)
		rc = finish(&b, out);
	if (rc == 0)
		b.status = MF_OK;
out:
	free(b.items);
	mf_buf_free(&b.names);
	return b.status;
}

void mf_deck_list_free(struct mf_deck_list *list)
{
	if (!list)
		return;
	free(list->entries);
	free(list->names);
	memset(list, 0, sizeof(*list));
}

const char *mf_deck_zone_name(enum mf_deck_zone zone)
{
	static const char *const names[MF_DECK_ZONES] = {
		"main", "sideboard", "commander", "companion", "maybeboard",
	};

	return (unsigned)zone < MF_DECK_ZONES ? names[zone] : "?";
}

const char *mf_deck_format_name(enum mf_deck_format format)
{
	static const char *const names[] = { "text", "arena", "moxfield", "archidekt", "dek" };

	return (unsigned)format < sizeof(names) / sizeof(names[0]) ? names[format] : "?";
}
