/* The deck list's entry point (see manaflow/decklist.h): it picks the
 * reader, decklist_text.c or decklist_dek.c, and settles what they found.
 * It stands on top of the room's list files (decklist_build.h has the
 * order). */
#include "deck/decklist_build.h"

#include <stdlib.h>
#include <string.h>

#define MF_DECK_BOM "\xef\xbb\xbf"

/* The format the evidence seen (MF_DECK_SEEN_*) points to, the most
 * telling first. */
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
