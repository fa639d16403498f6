/*
 * What the deck list's parsers share (internal to src/deck): the state of
 * one parse, the entries it has found, how a fault is reported, and the
 * checks every format applies. Its files call only those below them:
 *   decklist.c        the entry point: picks a reader, settles the entries
 *   decklist_text.c   the line formats     } the two readers, which call
 *   decklist_dek.c    MTGO's .dek XML      } none of each other's functions
 *   decklist_build.c  the helpers below: a fault, the checks, adding an entry
 */
#ifndef MF_DECK_DECKLIST_BUILD_H
#define MF_DECK_DECKLIST_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "common/buf.h"
#include "manaflow/decklist.h"

/* Evidence of a format (enum mf_deck_format's comment), ORed per parse. */
#define MF_DECK_SEEN_ARENA 1u
#define MF_DECK_SEEN_MOXFIELD 2u
#define MF_DECK_SEEN_ARCHIDEKT 4u
#define MF_DECK_SEEN_DEK 8u

/* One entry while parsing: its name is an offset into the names buffer,
 * which may still move. */
struct mf_deck_list_item {
	size_t name_off;
	size_t name_len;
	unsigned count;
	enum mf_deck_zone zone;
	size_t line;
	bool blank_sideboard; /* main deck after a blank line: the sideboard
			       * if the list turns out to have no header */
};

struct mf_deck_list_build {
	const char *text;     /* after the BOM */
	size_t len;
	struct mf_deck_list_item *items;
	size_t n, cap;
	struct mf_buf names;  /* each name and its NUL */
	unsigned seen;        /* MF_DECK_SEEN_* */
	bool headers;         /* a section header or an SB: prefix was read:
			       * blank lines mean nothing */
	struct mf_deck_list_error *err; /* never NULL (a local when the caller's is) */
	int status;           /* the failure's mf_status */
};

/* Records a fault on line (1-based; 0 for the text as a whole, then
 * line_text is ignored) whose text is line_text[0, line_len), with status
 * (MF_ERR_INVALID, MF_ERR_LIMIT, MF_ERR_NOMEM) and a printf-style reason.
 * Returns -1, for `return mf_deck_list_fail(...)`. */
int mf_deck_list_fail(struct mf_deck_list_build *b, size_t line, const char *line_text,
		      size_t line_len, int status, enum mf_deck_list_fault fault,
		      const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Checks line_text[0, n) (line number line): no NUL, no control character
 * but tab, well-formed UTF-8, and when check_length at most
 * MF_DECK_LIST_LINE_MAX bytes. 0, or -1 after mf_deck_list_fail(). */
int mf_deck_list_check_line(struct mf_deck_list_build *b, size_t line, const char *line_text,
			    size_t n, bool check_length);

/* Reads a count of digits[0, n) (digits only, n >= 1) into *count. 0, or
 * -1 after mf_deck_list_fail() for zero or more than
 * MF_DECK_LIST_COUNT_MAX, naming line. */
int mf_deck_list_count(struct mf_deck_list_build *b, size_t line, const char *line_text,
		       size_t line_len, const char *digits, size_t n, unsigned *count);

/* Adds an entry: name[0, name_len) (trimmed here of blanks; must then be
 * 1 to MF_DECK_LIST_NAME_MAX bytes of UTF-8 with no control character),
 * count (already checked), zone, line. 0, or -1 after mf_deck_list_fail()
 * (a bad name, MF_DECK_LIST_ENTRIES_MAX reached, out of memory). */
int mf_deck_list_add(struct mf_deck_list_build *b, size_t line, const char *line_text,
		     size_t line_len, const char *name, size_t name_len, unsigned count,
		     enum mf_deck_zone zone, bool blank_sideboard);

/* The two readers (decklist_text.c, decklist_dek.c), which only
 * decklist.c calls: b->text holds the text after the BOM. 0, or -1 after
 * mf_deck_list_fail(). */
int mf_deck_list_read_text(struct mf_deck_list_build *b);
int mf_deck_list_read_dek(struct mf_deck_list_build *b);

/* Lower-case ASCII letter of c (other bytes unchanged). */
static inline char mf_deck_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Whether c is a blank inside a line. */
static inline bool mf_deck_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Whether s[0, n) is word, ASCII case ignored. */
bool mf_deck_list_word_is(const char *s, size_t n, const char *word);

#endif
