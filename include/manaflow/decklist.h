/*
 * manaflow decklist: the text a player pastes, turned into entries.
 *
 * A pure parser: it reads the caller's bytes, knows no card database and no
 * JSON, and returns what each card line says: a count, a name as written,
 * a zone and the line it came from. Whether the name is a card is for the
 * layer above, which matches names by their keys (mf_card_name_key() and
 * mf_card_name_front_key(), manaflow/card.h).
 *
 * Accepted (docs/internals.md, "The deck list", has the details):
 *  - MTG Arena: `4 Lightning Bolt (M10) 146`, the headers Deck, Sideboard,
 *    Commander, Companion, and an About block (`About`, `Name My Deck`);
 *  - MTGO text: `4 Lightning Bolt`, the sideboard after a `Sideboard` or
 *    `SIDEBOARD:` header, or after a blank line in a list that has no
 *    header and no `SB:` prefix at all;
 *  - MTGO .dek XML: `<Cards Quantity="4" Sideboard="false" Name="..." />`
 *    in a `<Deck>` root, XML entities decoded;
 *  - Moxfield: set codes with any collector number (`(ALL) 22b`,
 *    `(PLST) LRW-256`) and the `*F*` and `*E*` foil markers;
 *  - Archidekt: `4x` counts, `[Category,...]` (a `{top}` suffix ignored),
 *    `^Tag,#colour^` tags; the categories Sideboard, Maybeboard and
 *    Commander put the card in that zone;
 *  - `SB: 2 Duress` lines (sideboard);
 *  - a UTF-8 byte order mark, CRLF line ends, blanks around a line.
 * Section headers are matched without case, with or without a final ':'.
 *
 * Threads: no global state; every call works on its own arguments only.
 */
#ifndef MANAFLOW_DECKLIST_H
#define MANAFLOW_DECKLIST_H

#include <stddef.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limits. The text's length, its lines, its entries and the
 * main deck's cards are lists: more is MF_ERR_LIMIT. A line, a name or a
 * count out of range is a bad line: MF_ERR_INVALID. */
#define MF_DECK_LIST_TEXT_MAX (256u * 1024u) /* bytes of text, a BOM included */
#define MF_DECK_LIST_LINES_MAX 10000u        /* lines of text */
#define MF_DECK_LIST_LINE_MAX 1024u          /* bytes of a line (of a .dek tag), its end left out */
#define MF_DECK_LIST_ENTRIES_MAX 500u        /* card lines, every zone */
#define MF_DECK_LIST_MAIN_MAX 250u           /* cards in the main deck (the sum of its counts) */
#define MF_DECK_LIST_COUNT_MAX 250u          /* the count of one line: 1 to this */
#define MF_DECK_LIST_NAME_MAX 200u           /* bytes of a name as written */
#define MF_DECK_LIST_XML_DEPTH_MAX 8u        /* nested elements of a .dek file */
#define MF_DECK_LIST_ERROR_TEXT_MAX 120u     /* bytes of the bad line kept in the error */

/* Where a card goes. */
enum mf_deck_zone {
	MF_DECK_ZONE_MAIN = 0,
	MF_DECK_ZONE_SIDEBOARD,
	MF_DECK_ZONE_COMMANDER,
	MF_DECK_ZONE_COMPANION,
	MF_DECK_ZONE_MAYBEBOARD,
};
#define MF_DECK_ZONES 5

/* Which export the text looks like: a hint from the strongest evidence
 * (a .dek root; else an Archidekt `4x`, category or tag; else a Moxfield
 * foil marker or a collector number that is not all digits; else an Arena
 * header Deck, Commander, Companion or About, or a set code; else plain
 * text as MTGO writes it). Every line form is accepted whatever the hint. */
enum mf_deck_format {
	MF_DECK_FORMAT_TEXT = 0,
	MF_DECK_FORMAT_ARENA,
	MF_DECK_FORMAT_MOXFIELD,
	MF_DECK_FORMAT_ARCHIDEKT,
	MF_DECK_FORMAT_DEK,
};

/* One card line. */
struct mf_deck_list_entry {
	const char *name;       /* NUL-terminated, valid UTF-8, as written and
				 * trimmed, without count, set code, collector
				 * number, foil marker, category or tag (a .dek
				 * name with its entities decoded); owned by the
				 * list */
	size_t name_len;        /* bytes, 1 to MF_DECK_LIST_NAME_MAX */
	unsigned count;         /* 1 to MF_DECK_LIST_COUNT_MAX */
	enum mf_deck_zone zone;
	size_t line;            /* 1-based line of the text (the BOM not a line) */
};

/* A parsed list. Entries keep the text's order; the same name may appear
 * on several lines (merging them is the matching layer's job). */
struct mf_deck_list {
	struct mf_deck_list_entry *entries; /* owned; n of them */
	size_t n;
	enum mf_deck_format format;
	unsigned cards[MF_DECK_ZONES];      /* sum of the counts per zone */
	char *names;                        /* owned: the one block all names point into */
	size_t blank_sideboard;             /* the line of the first card that MTGO's
					     * blank-line rule (no header, no SB:) put in
					     * the sideboard; 0 when it put none */
};

/* Why a list was refused. */
enum mf_deck_list_fault {
	MF_DECK_LIST_FAULT_NONE = 0,
	MF_DECK_LIST_FAULT_NOMEM,           /* MF_ERR_NOMEM */
	MF_DECK_LIST_FAULT_TEXT_TOO_LONG,   /* MF_ERR_LIMIT, line 0 */
	MF_DECK_LIST_FAULT_TOO_MANY_LINES,  /* MF_ERR_LIMIT */
	MF_DECK_LIST_FAULT_TOO_MANY_ENTRIES, /* MF_ERR_LIMIT */
	MF_DECK_LIST_FAULT_MAIN_TOO_LARGE,  /* MF_ERR_LIMIT: the entry passing it */
	MF_DECK_LIST_FAULT_EMPTY,           /* no card at all, line 0 */
	MF_DECK_LIST_FAULT_LINE_TOO_LONG,
	MF_DECK_LIST_FAULT_ENCODING,        /* not UTF-8, a NUL or a control character */
	MF_DECK_LIST_FAULT_NO_COUNT,        /* a card line must start with its count */
	MF_DECK_LIST_FAULT_COUNT_ZERO,
	MF_DECK_LIST_FAULT_COUNT_OVER,      /* over MF_DECK_LIST_COUNT_MAX */
	MF_DECK_LIST_FAULT_NO_NAME,
	MF_DECK_LIST_FAULT_NAME_TOO_LONG,
	MF_DECK_LIST_FAULT_UNKNOWN_SECTION, /* a header (one word, or ending in ':') not known */
	MF_DECK_LIST_FAULT_ABOUT,           /* a line of an About block other than Name */
	MF_DECK_LIST_FAULT_XML,             /* a .dek file that is not as MTGO writes it */
};

struct mf_deck_list_error {
	enum mf_deck_list_fault fault;
	size_t line;      /* 1-based line at fault; 0 for the text as a whole */
	char reason[160]; /* one English sentence, no trailing newline */
	char text[MF_DECK_LIST_ERROR_TEXT_MAX + 1]; /* the line as written, line
			   * end left out, cut at a character boundary; a
			   * byte that is not UTF-8 shows as U+FFFD and a
			   * control character as '?', so it is always valid
			   * UTF-8; "" for line 0 */
};

/*
 * Parses len bytes of text (not necessarily NUL-terminated; NULL only when
 * len is 0). Returns MF_OK and fills *out, which then owns its entries and
 * names until mf_deck_list_free(). Otherwise returns MF_ERR_INVALID (a bad
 * line, or no card at all), MF_ERR_LIMIT (a list past its limit above) or
 * MF_ERR_NOMEM, with *err filled (err may be NULL) and *out zeroed, so
 * that there is nothing to free. The first fault in the text's order is
 * reported (for .dek, encoding faults come before the XML's).
 */
MF_EXPORT int mf_deck_list_parse(const char *text, size_t len, struct mf_deck_list *out,
				 struct mf_deck_list_error *err);

/* Frees what a successful mf_deck_list_parse() put in *list and zeroes it;
 * harmless on a zeroed list (after a failure) and on NULL. */
MF_EXPORT void mf_deck_list_free(struct mf_deck_list *list);

/* The zone's lower-case English name ("main", "sideboard", "commander",
 * "companion", "maybeboard"), "?" for a value outside the enum. */
MF_EXPORT const char *mf_deck_zone_name(enum mf_deck_zone zone);

/* The format's name ("text", "arena", "moxfield", "archidekt", "dek"),
 * "?" for a value outside the enum. */
MF_EXPORT const char *mf_deck_format_name(enum mf_deck_format format);

#ifdef __cplusplus
}
#endif

#endif
