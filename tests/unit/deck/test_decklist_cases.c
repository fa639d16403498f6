/*
 * The deck list parser line by line: each fault with its line and reason,
 * each limit at and past its value, the .dek tokenizer's refusals, the
 * format hint, the blank-line sideboard, and the name keys.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/card.h"
#include "manaflow/decklist.h"
#include "unit/deck/decklist_suites.h"

/* Parses the NUL-terminated text; the caller frees *list on MF_OK. */
static int parse(const char *text, struct mf_deck_list *list, struct mf_deck_list_error *err)
{
	return mf_deck_list_parse(text, strlen(text), list, err);
}

/* Asserts that text is refused with status, fault and line; the reason
 * must hold `want`. */
#define ck_refused(text, status, fault_, line_, want)                              \
	do {                                                                         \
		struct mf_deck_list list_;                                           \
		struct mf_deck_list_error err_;                                      \
		int rc_ = parse(text, &list_, &err_);                                \
		ck_assert_int_eq(rc_, status);                                       \
		ck_assert_str_eq(decklist_fault_slug(err_.fault),                    \
				 decklist_fault_slug(fault_));                       \
		ck_assert_uint_eq(err_.line, line_);                                 \
		ck_assert_msg(strstr(err_.reason, want) != NULL,                     \
			      "reason \"%s\" lacks \"%s\"", err_.reason, want);       \
		ck_assert_ptr_null(list_.entries);                                   \
		ck_assert_ptr_null(list_.names);                                     \
		ck_assert_uint_eq(list_.n, 0);                                       \
	} while (0)

/* Parses text, which must succeed, and checks entry i. */
static void ck_entry(const char *text, size_t i, size_t line, enum mf_deck_zone zone,
		     unsigned count, const char *name)
{
	struct mf_deck_list list;
	struct mf_deck_list_error err;
	int rc = parse(text, &list, &err);

	ck_assert_msg(rc == MF_OK, "refused at line %zu: %s", err.line, err.reason);
	ck_assert_uint_gt(list.n, i);
	ck_assert_uint_eq(list.entries[i].line, line);
	ck_assert_str_eq(mf_deck_zone_name(list.entries[i].zone), mf_deck_zone_name(zone));
	ck_assert_uint_eq(list.entries[i].count, count);
	ck_assert_str_eq(list.entries[i].name, name);
	mf_deck_list_free(&list);
}

static enum mf_deck_format format_of(const char *text)
{
	struct mf_deck_list list;
	enum mf_deck_format f;

	ck_assert_int_eq(parse(text, &list, NULL), MF_OK);
	f = list.format;
	mf_deck_list_free(&list);
	return f;
}

/* A text of n lines, each `line` and a line end; the caller frees it. */
static char *repeat(const char *line, size_t n)
{
	size_t len = strlen(line);
	char *s = malloc(n * (len + 1) + 1);

	ck_assert_ptr_nonnull(s);
	for (size_t i = 0; i < n; i++) {
		memcpy(s + i * (len + 1), line, len);
		s[i * (len + 1) + len] = '\n';
	}
	s[n * (len + 1)] = '\0';
	return s;
}

/* ------------------------------------------------------------------ */
/* Card lines                                                          */

START_TEST(count_forms)
{
	ck_entry("4 Lightning Bolt", 0, 1, MF_DECK_ZONE_MAIN, 4, "Lightning Bolt");
	ck_entry("4x Lightning Bolt", 0, 1, MF_DECK_ZONE_MAIN, 4, "Lightning Bolt");
	ck_entry("12X Island", 0, 1, MF_DECK_ZONE_MAIN, 12, "Island");
	ck_entry("250 Relentless Rats", 0, 1, MF_DECK_ZONE_MAIN, 250, "Relentless Rats");
	ck_entry("007 Seven Dwarves", 0, 1, MF_DECK_ZONE_MAIN, 7, "Seven Dwarves");
	ck_entry("1\t\tShock", 0, 1, MF_DECK_ZONE_MAIN, 1, "Shock");
	/* A name may start with digits or signs. */
	ck_entry("1 1996 World Champion", 0, 1, MF_DECK_ZONE_MAIN, 1, "1996 World Champion");
	ck_entry("1 +2 Mace", 0, 1, MF_DECK_ZONE_MAIN, 1, "+2 Mace");
}
END_TEST

START_TEST(count_faults)
{
	ck_refused("Lightning Bolt", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1, "count");
	ck_refused("4Lightning Bolt", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1,
		   "then a space");
	ck_refused("-1 Lightning Bolt", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1, "count");
	ck_refused("1 Shock\n0 Shock", MF_ERR_INVALID, MF_DECK_LIST_FAULT_COUNT_ZERO, 2, "0");
	ck_refused("251 Island", MF_ERR_INVALID, MF_DECK_LIST_FAULT_COUNT_OVER, 1, "over 250");
	ck_refused("99999999999999999999999 Island", MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_COUNT_OVER, 1, "over 250");
	ck_refused("SB: Duress", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1, "count");
	ck_refused("4", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_NAME, 1, "no card name");
	ck_refused("4x   ", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_NAME, 1, "no card name");
	ck_refused("4 (M10) 146", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_NAME, 1, "no card name");
	ck_refused("4 *F* [Removal]", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_NAME, 1, "no card name");
}
END_TEST

START_TEST(tails)
{
	ck_entry("1 Arcane Denial (ALL) 22b *F*", 0, 1, MF_DECK_ZONE_MAIN, 1, "Arcane Denial");
	ck_entry("1 Sol Ring (PLST) LRW-256", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring");
	ck_entry("1 Sol Ring (PRM)", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring");
	ck_entry("1 Sol Ring *e*", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring");
	/* Tail parts in any order at the end. */
	ck_entry("1x Sol Ring [Ramp] *F* (C21) 263", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring");
	/* One set code only: the one before it is the name's. */
	ck_entry("1 Foo (ABC) 1 (DEF) 2", 0, 1, MF_DECK_ZONE_MAIN, 1, "Foo (ABC) 1");
	ck_entry("1x Sol Ring (C21) 263 ^Have^ [Ramp] *F*", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring");
	/* Not a set code: a space or a sign inside, or too long. */
	ck_entry("1 Erase (Not the Urza's Legacy One)", 0, 1, MF_DECK_ZONE_MAIN, 1,
		 "Erase (Not the Urza's Legacy One)");
	ck_entry("1 Foo (A-B) 12", 0, 1, MF_DECK_ZONE_MAIN, 1, "Foo (A-B) 12");
	ck_entry("1 Foo (ABCDEFGHI)", 0, 1, MF_DECK_ZONE_MAIN, 1, "Foo (ABCDEFGHI)");
	/* A collector number needs a set code before it. */
	ck_entry("1 Borrowing 100,000 Arrows", 0, 1, MF_DECK_ZONE_MAIN, 1,
		 "Borrowing 100,000 Arrows");
	/* A bracket or caret glued to the name is the name's. */
	ck_entry("1 Sol Ring[Ramp]", 0, 1, MF_DECK_ZONE_MAIN, 1, "Sol Ring[Ramp]");
	ck_entry("1 Foo*F*", 0, 1, MF_DECK_ZONE_MAIN, 1, "Foo*F*");
	ck_entry("1 Foo ^", 0, 1, MF_DECK_ZONE_MAIN, 1, "Foo ^");
}
END_TEST

START_TEST(categories)
{
	ck_entry("1x Kenrith (ELD) 303 [Commander{top}]", 0, 1, MF_DECK_ZONE_COMMANDER, 1, "Kenrith");
	ck_entry("1x Duress [ sideboard ]", 0, 1, MF_DECK_ZONE_SIDEBOARD, 1, "Duress");
	ck_entry("1x Duress [Discard,Maybeboard{noDeck}]", 0, 1, MF_DECK_ZONE_MAYBEBOARD, 1,
		 "Duress");
	/* The first category naming a zone wins. */
	ck_entry("1x Duress [Maybeboard,Sideboard]", 0, 1, MF_DECK_ZONE_MAYBEBOARD, 1, "Duress");
	ck_entry("1x Duress [Sideboards]", 0, 1, MF_DECK_ZONE_MAIN, 1, "Duress");
	ck_entry("1x Duress []", 0, 1, MF_DECK_ZONE_MAIN, 1, "Duress");
	/* A category overrides the section and the SB: prefix. */
	ck_entry("Sideboard\n1x Kenrith [Commander]", 0, 2, MF_DECK_ZONE_COMMANDER, 1, "Kenrith");
	ck_entry("SB: 1x Kenrith [Commander]", 0, 1, MF_DECK_ZONE_COMMANDER, 1, "Kenrith");
}
END_TEST

START_TEST(names_kept)
{
	ck_entry("1 Lórien Revealed (LTR) 60", 0, 1, MF_DECK_ZONE_MAIN, 1, "Lórien Revealed");
	ck_entry("1 Jötun Grunt", 0, 1, MF_DECK_ZONE_MAIN, 1, "Jötun Grunt");
	ck_entry("1 Who // What // When // Where // Why", 0, 1, MF_DECK_ZONE_MAIN, 1,
		 "Who // What // When // Where // Why");
	ck_entry("1 Fire/Ice", 0, 1, MF_DECK_ZONE_MAIN, 1, "Fire/Ice");
	ck_entry("1   Kongming,  \"Sleeping Dragon\"  ", 0, 1, MF_DECK_ZONE_MAIN, 1,
		 "Kongming,  \"Sleeping Dragon\"");
}
END_TEST

START_TEST(name_limits)
{
	char line[512];

	memset(line, 'A', sizeof(line));
	memcpy(line, "1 ", 2);
	line[2 + MF_DECK_LIST_NAME_MAX] = '\0';
	ck_entry(line, 0, 1, MF_DECK_ZONE_MAIN, 1, line + 2);
	line[2 + MF_DECK_LIST_NAME_MAX] = 'A';
	line[2 + MF_DECK_LIST_NAME_MAX + 1] = '\0';
	ck_refused(line, MF_ERR_INVALID, MF_DECK_LIST_FAULT_NAME_TOO_LONG, 1, "200 bytes");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Sections                                                            */

START_TEST(sections)
{
	ck_entry("Deck\n1 Shock\nSideboard:\n1 Duress", 1, 4, MF_DECK_ZONE_SIDEBOARD, 1, "Duress");
	ck_entry("  SIDEBOARD :  \n1 Duress", 0, 2, MF_DECK_ZONE_SIDEBOARD, 1, "Duress");
	ck_entry("Commanders\n1 Kenrith", 0, 2, MF_DECK_ZONE_COMMANDER, 1, "Kenrith");
	ck_entry("About\nName  Burn, the deck  \nName again\n\nDeck\n1 Shock", 0, 6,
		 MF_DECK_ZONE_MAIN, 1, "Shock");
	/* A header ends an About block without a blank line. */
	ck_entry("About\nName Burn\nDeck\n1 Shock", 0, 4, MF_DECK_ZONE_MAIN, 1, "Shock");
	ck_refused("Deck\n1 Shock\nTokens", MF_ERR_INVALID, MF_DECK_LIST_FAULT_UNKNOWN_SECTION, 3,
		   "unknown section");
	ck_refused("Creature Tokens:\n1 Goblin", MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_UNKNOWN_SECTION, 1, "unknown section");
	ck_refused("Lightning Bolt", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1, "count");
	ck_refused("Name Burn\n1 Shock", MF_ERR_INVALID, MF_DECK_LIST_FAULT_NO_COUNT, 1, "count");
	ck_refused("About\nDescription Fast", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ABOUT, 2,
		   "only a Name");
	ck_refused("1 Shock\nAbout\nName Burn", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ABOUT, 2,
		   "after the cards");
}
END_TEST

START_TEST(blank_line_sideboard)
{
	const char *three = "\n\n1 Shock\n\n\n1 Duress\n\n1 Negate\n";

	/* MTGO's text: blank lines before the first card mean nothing; after
	 * it, the first blank line starts the sideboard, which goes on. */
	ck_entry(three, 0, 3, MF_DECK_ZONE_MAIN, 1, "Shock");
	ck_entry(three, 1, 6, MF_DECK_ZONE_SIDEBOARD, 1, "Duress");
	ck_entry(three, 2, 8, MF_DECK_ZONE_SIDEBOARD, 1, "Negate");
	/* A header anywhere, even after, makes blank lines mean nothing. */
	ck_entry("1 Shock\n\n1 Duress\nCompanion\n1 Lurrus", 1, 3, MF_DECK_ZONE_MAIN, 1, "Duress");
	ck_entry("1 Shock\n\n1 Duress\nSB: 1 Negate", 1, 3, MF_DECK_ZONE_MAIN, 1, "Duress");
	/* An About block is no header: its blank line comes before the cards. */
	ck_entry("About\nName X\n\n1 Shock\n\n1 Duress", 1, 6, MF_DECK_ZONE_SIDEBOARD, 1,
		 "Duress");
	/* Whitespace-only lines are blank; a category keeps its zone. */
	ck_entry("1 Shock\n \t \n1x Kenrith [Commander]", 1, 3, MF_DECK_ZONE_COMMANDER, 1,
		 "Kenrith");
}
END_TEST

START_TEST(format_hint)
{
	ck_assert_int_eq(format_of("4 Lightning Bolt"), MF_DECK_FORMAT_TEXT);
	ck_assert_int_eq(format_of("4 Lightning Bolt\nSIDEBOARD:\n1 Duress"), MF_DECK_FORMAT_TEXT);
	ck_assert_int_eq(format_of("Deck\n4 Lightning Bolt"), MF_DECK_FORMAT_ARENA);
	ck_assert_int_eq(format_of("4 Lightning Bolt (M10) 146"), MF_DECK_FORMAT_ARENA);
	ck_assert_int_eq(format_of("4 Lightning Bolt (M10) 146a"), MF_DECK_FORMAT_MOXFIELD);
	ck_assert_int_eq(format_of("4 Lightning Bolt *F*"), MF_DECK_FORMAT_MOXFIELD);
	ck_assert_int_eq(format_of("4x Lightning Bolt"), MF_DECK_FORMAT_ARCHIDEKT);
	ck_assert_int_eq(format_of("4 Lightning Bolt *F* [Burn]"), MF_DECK_FORMAT_ARCHIDEKT);
	ck_assert_int_eq(format_of("<Deck><Cards Quantity=\"1\" Name=\"X\"/></Deck>"),
			 MF_DECK_FORMAT_DEK);
	ck_assert_str_eq(mf_deck_format_name(MF_DECK_FORMAT_DEK), "dek");
	ck_assert_str_eq(mf_deck_format_name((enum mf_deck_format)99), "?");
	ck_assert_str_eq(mf_deck_zone_name(MF_DECK_ZONE_MAYBEBOARD), "maybeboard");
	ck_assert_str_eq(mf_deck_zone_name((enum mf_deck_zone)-1), "?");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bytes                                                               */

START_TEST(encoding)
{
	struct mf_deck_list list;
	struct mf_deck_list_error err;
	char line[400];
	size_t o = 0;

	ck_refused("1 Shock\n1 J\xf6tun", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ENCODING, 2,
		   "invalid UTF-8");
	ck_refused("1 \xed\xa0\x80 Shock", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ENCODING, 1,
		   "surrogate");
	ck_refused("1 Shock\x01", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ENCODING, 1,
		   "control character");
	ck_refused("1 Shock\r\r\n", MF_ERR_INVALID, MF_DECK_LIST_FAULT_ENCODING, 1,
		   "control character");
	/* A NUL, which the length lets through. */
	ck_assert_int_eq(mf_deck_list_parse("1 Sh\0ck", 7, &list, &err), MF_ERR_INVALID);
	ck_assert_uint_eq(err.fault, MF_DECK_LIST_FAULT_ENCODING);
	ck_assert_str_eq(err.text, "1 Sh?ck");
	/* The error's text: control characters as '?', bad bytes as U+FFFD,
	 * cut at a character within its limit. */
	ck_assert_int_eq(parse("1 A\x02\xff", &list, &err), MF_ERR_INVALID);
	ck_assert_str_eq(err.text, "1 A?\xef\xbf\xbd");
	memcpy(line, "1x ", 3);
	o = 3;
	while (o + 2 < sizeof(line) - 1) {
		memcpy(line + o, "\xc3\xa9", 2);
		o += 2;
	}
	line[o] = '\0';
	ck_assert_int_eq(parse(line, &list, &err), MF_ERR_INVALID);
	ck_assert_uint_eq(err.fault, MF_DECK_LIST_FAULT_NAME_TOO_LONG);
	ck_assert_uint_eq(strlen(err.text), MF_DECK_LIST_ERROR_TEXT_MAX - 1);
	ck_assert_int_eq(memcmp(err.text, line, MF_DECK_LIST_ERROR_TEXT_MAX - 1), 0);
}
END_TEST

START_TEST(bom_and_line_ends)
{
	ck_entry("\xef\xbb\xbf" "1 Shock\r\n1 Duress\r\n", 1, 2, MF_DECK_ZONE_MAIN, 1, "Duress");
	ck_entry("\xef\xbb\xbf" "Deck\r\n1 Shock", 0, 2, MF_DECK_ZONE_MAIN, 1, "Shock");
	ck_entry("1 Shock\r", 0, 1, MF_DECK_ZONE_MAIN, 1, "Shock");
	/* A BOM anywhere else is a character of its line. */
	ck_refused("\xef\xbb\xbf\xef\xbb\xbf" "Deck", MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_UNKNOWN_SECTION, 1, "unknown section");
}
END_TEST

START_TEST(not_nul_terminated)
{
	const char text[] = "4 Lightning Bolt\n2 Shockwave";
	struct mf_deck_list list;

	/* Only the first len bytes count: "2 Shock". */
	ck_assert_int_eq(mf_deck_list_parse(text, strlen(text) - 4, &list, NULL), MF_OK);
	ck_assert_uint_eq(list.n, 2);
	ck_assert_str_eq(list.entries[1].name, "Shock");
	ck_assert_uint_eq(list.cards[MF_DECK_ZONE_MAIN], 6);
	mf_deck_list_free(&list);
	ck_assert_ptr_null(list.entries);
	mf_deck_list_free(&list);
	mf_deck_list_free(NULL);
	ck_assert_int_eq(mf_deck_list_parse(NULL, 0, &list, NULL), MF_ERR_INVALID);
	ck_refused("", MF_ERR_INVALID, MF_DECK_LIST_FAULT_EMPTY, 0, "no card");
	ck_refused("\n\n  \n", MF_ERR_INVALID, MF_DECK_LIST_FAULT_EMPTY, 0, "no card");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Limits                                                              */

START_TEST(limits)
{
	struct mf_deck_list list;
	struct mf_deck_list_error err;
	char *text, *big;
	size_t len;

	/* Lines: exactly the limit is read; one more is refused. */
	text = malloc(MF_DECK_LIST_LINES_MAX + 8);
	ck_assert_ptr_nonnull(text);
	memset(text, '\n', MF_DECK_LIST_LINES_MAX - 1);
	memcpy(text + MF_DECK_LIST_LINES_MAX - 1, "1 Shock", 8);
	ck_entry(text, 0, MF_DECK_LIST_LINES_MAX, MF_DECK_ZONE_MAIN, 1, "Shock");
	free(text);
	text = repeat("", MF_DECK_LIST_LINES_MAX + 1);
	ck_refused(text, MF_ERR_LIMIT, MF_DECK_LIST_FAULT_TOO_MANY_LINES,
		   MF_DECK_LIST_LINES_MAX + 1, "10000 lines");
	free(text);
	/* Entries. */
	text = repeat("SB: 1 Duress", MF_DECK_LIST_ENTRIES_MAX);
	ck_assert_int_eq(parse(text, &list, NULL), MF_OK);
	ck_assert_uint_eq(list.n, MF_DECK_LIST_ENTRIES_MAX);
	ck_assert_uint_eq(list.cards[MF_DECK_ZONE_SIDEBOARD], MF_DECK_LIST_ENTRIES_MAX);
	mf_deck_list_free(&list);
	free(text);
	text = repeat("SB: 1 Duress", MF_DECK_LIST_ENTRIES_MAX + 1);
	ck_refused(text, MF_ERR_LIMIT, MF_DECK_LIST_FAULT_TOO_MANY_ENTRIES,
		   MF_DECK_LIST_ENTRIES_MAX + 1, "500 card lines");
	free(text);
	/* The main deck: 250 cards; the sideboard and other zones apart. */
	ck_entry("200 Island\n50 Forest\n250 Mountain [Sideboard]\nCommander\n1 Kenrith", 2, 3,
		 MF_DECK_ZONE_SIDEBOARD, 250, "Mountain");
	ck_refused("200 Island\n50 Forest\n\n1 Plains\nSideboard", MF_ERR_LIMIT,
		   MF_DECK_LIST_FAULT_MAIN_TOO_LARGE, 4, "250 cards");
	/* The text: the limit counts the BOM. */
	len = MF_DECK_LIST_TEXT_MAX;
	big = malloc(len + 1);
	ck_assert_ptr_nonnull(big);
	memset(big, ' ', len);
	memcpy(big, "\xef\xbb\xbf" "1 Shock\n", 11);
	for (size_t i = 64; i < len; i += 64)
		big[i] = '\n';
	ck_assert_int_eq(mf_deck_list_parse(big, len, &list, &err), MF_OK);
	ck_assert_uint_eq(list.n, 1);
	mf_deck_list_free(&list);
	ck_assert_int_eq(mf_deck_list_parse(big, len + 1, &list, &err), MF_ERR_LIMIT);
	ck_assert_uint_eq(err.fault, MF_DECK_LIST_FAULT_TEXT_TOO_LONG);
	ck_assert_uint_eq(err.line, 0);
	ck_assert_str_eq(err.text, "");
	free(big);
}
END_TEST

START_TEST(line_length)
{
	char line[MF_DECK_LIST_LINE_MAX + 8];

	/* Blanks around a name count towards the line, not the name. */
	memset(line, ' ', sizeof(line));
	memcpy(line, "1 Shock", 7);
	line[MF_DECK_LIST_LINE_MAX] = '\0';
	ck_entry(line, 0, 1, MF_DECK_ZONE_MAIN, 1, "Shock");
	line[MF_DECK_LIST_LINE_MAX] = ' ';
	line[MF_DECK_LIST_LINE_MAX + 1] = '\0';
	ck_refused(line, MF_ERR_INVALID, MF_DECK_LIST_FAULT_LINE_TOO_LONG, 1, "1024 bytes");
}
END_TEST

/* ------------------------------------------------------------------ */
/* .dek                                                                */

#define DEK(cards) "<?xml version=\"1.0\"?>\n<Deck>\n" cards "\n</Deck>\n"

START_TEST(dek_accepted)
{
	ck_entry(DEK("<Cards Quantity=\"2\" Name=\"A &lt;&gt; B\" />"), 0, 3, MF_DECK_ZONE_MAIN, 2,
		 "A <> B");
	ck_entry(DEK("<Cards Quantity=\"2\" Name=\"&#x1F409;\" Sideboard = 'true'/>"), 0, 3,
		 MF_DECK_ZONE_SIDEBOARD, 2, "\xf0\x9f\x90\x89");
	ck_entry(DEK("<NetDeckID>0</NetDeckID><Cards Quantity=\"1\" Name=\" Shock \"></Cards>"), 0,
		 3, MF_DECK_ZONE_MAIN, 1, "Shock");
	/* Only <Cards> children of the root are entries. */
	ck_entry(DEK("<Other><Cards Quantity=\"9\" Name=\"X\"/></Other>"
		     "<Cards Quantity=\"1\" Name=\"Y\" Extra='&amp;'/>"),
		 0, 3, MF_DECK_ZONE_MAIN, 1, "Y");
	/* Zeros before a count are no digits too many. */
	ck_entry(DEK("<Cards Quantity=\"000000000000000000004\" Name=\"X\"/>"), 0, 3,
		 MF_DECK_ZONE_MAIN, 4, "X");
	ck_entry("  \r\n<Deck><Cards Quantity=\"1\" Name=\"Y\"/></Deck>", 0, 2, MF_DECK_ZONE_MAIN,
		 1, "Y");
}
END_TEST

START_TEST(dek_refused)
{
	const enum mf_deck_list_fault xml = MF_DECK_LIST_FAULT_XML;

	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"A &bogus; B\"/>"), MF_ERR_INVALID, xml, 3,
		   "entity");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"&#0;\"/>"), MF_ERR_INVALID, xml, 3, "entity");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"&#xD800;\"/>"), MF_ERR_INVALID, xml, 3,
		   "entity");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"&#1;\"/>"), MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_ENCODING, 3, "control");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"a<b\"/>"), MF_ERR_INVALID, xml, 3, "'<'");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"A\" Name=\"B\"/>"), MF_ERR_INVALID, xml, 3,
		   "twice");
	ck_refused(DEK("<Cards Quantity=\"1\"/>"), MF_ERR_INVALID, xml, 3, "Quantity and Name");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"A\" Sideboard=\"yes\"/>"), MF_ERR_INVALID,
		   xml, 3, "\"true\" or \"false\"");
	ck_refused(DEK("<Cards Quantity=\"four\" Name=\"A\"/>"), MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_NO_COUNT, 3, "whole number");
	ck_refused(DEK("<Cards Quantity=\"0000000000000000000000251\" Name=\"A\"/>"),
		   MF_ERR_INVALID, MF_DECK_LIST_FAULT_COUNT_OVER, 3, "over 250");
	ck_refused(DEK("<Cards Quantity=\"0\" Name=\"A\"/>"), MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_COUNT_ZERO, 3, "0");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"\"/>"), MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_NO_NAME, 3, "no card name");
	ck_refused(DEK("<Cards Quantity=1 Name=\"A\"/>"), MF_ERR_INVALID, xml, 3, "quoted");
	ck_refused(DEK("<Cards Quantity=\"1\"Name=\"A\"/>"), MF_ERR_INVALID, xml, 3, "separated");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"A\">"), MF_ERR_INVALID, xml, 4, "does not match");
	ck_refused(DEK("</Cards>"), MF_ERR_INVALID, xml, 3, "does not match");
	ck_refused(DEK("<Cards Quantity=\"1\" Name=\"A\""), MF_ERR_INVALID, xml, 3, "an attribute");
	ck_refused("<Deck>\n<!DOCTYPE x>", MF_ERR_INVALID, xml, 2, "DOCTYPE");
	ck_refused("<?xml version=\"1.0\"", MF_ERR_INVALID, xml, 1, "declaration");
	ck_refused("<Deck><!-- open", MF_ERR_INVALID, xml, 1, "comment");
	ck_refused("<Deck><Cards", MF_ERR_INVALID, xml, 1, "not closed");
	ck_refused("<Decks></Decks>", MF_ERR_INVALID, xml, 1, "root element");
	ck_refused("<?xml version=\"1.0\"?>\n", MF_ERR_INVALID, xml, 0, "no <Deck>");
	ck_refused("<Deck/>\n<Deck/>", MF_ERR_INVALID, xml, 2, "after the <Deck>");
	ck_refused("<Deck></Deck>\nx", MF_ERR_INVALID, xml, 2, "text outside");
	ck_refused("<Deck>\n  <a><b>\n</b>", MF_ERR_INVALID, xml, 2, "ends inside");
	ck_refused("<Deck></Deck>", MF_ERR_INVALID, MF_DECK_LIST_FAULT_EMPTY, 0, "no card");
	ck_refused("<Deck><a><b><c><d><e><f><g><h>", MF_ERR_INVALID, xml, 1, "too deep");
	ck_refused("<Deck>\n<Cards Quantity=\"1\" Name=\"\xff\"/>", MF_ERR_INVALID,
		   MF_DECK_LIST_FAULT_ENCODING, 2, "invalid UTF-8");
}
END_TEST

START_TEST(dek_tag_length)
{
	char text[MF_DECK_LIST_LINE_MAX * 2];
	int n;

	n = snprintf(text, sizeof(text), "<Deck>\n<Cards Quantity=\"1\" Name=\"%0*d\"/>", 1100, 0);
	ck_assert_int_lt(n, (int)sizeof(text));
	ck_refused(text, MF_ERR_INVALID, MF_DECK_LIST_FAULT_LINE_TOO_LONG, 2, "1024 bytes");
	n = snprintf(text, sizeof(text), "<Deck>\n<Cards Quantity=\"1\" Name=\"%0*d\"/>", 500, 0);
	ck_refused(text, MF_ERR_INVALID, MF_DECK_LIST_FAULT_NAME_TOO_LONG, 2, "200 bytes");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Name keys                                                           */

static void ck_keys(const char *name, const char *key, const char *front)
{
	char buf[256];

	ck_assert_uint_eq(mf_card_name_key(name, strlen(name), buf, sizeof(buf)), strlen(key));
	ck_assert_str_eq(buf, key);
	ck_assert_uint_eq(mf_card_name_front_key(name, strlen(name), buf, sizeof(buf)),
			  strlen(front));
	ck_assert_str_eq(buf, front);
}

START_TEST(name_keys)
{
	ck_keys("Lightning Bolt", "lightning bolt", "lightning bolt");
	ck_keys("  LIGHTNING\t  bolt ", "lightning bolt", "lightning bolt");
	ck_keys("Fire // Ice", "fire // ice", "fire");
	ck_keys("Fire /// Ice", "fire // ice", "fire");
	ck_keys("FIRE/ice", "fire // ice", "fire");
	ck_keys("Fire//Ice", "fire // ice", "fire");
	ck_keys("Who // What // When // Where // Why", "who // what // when // where // why", "who");
	ck_keys("Valki, God of Lies // Tibalt, Cosmic Impostor",
		"valki, god of lies // tibalt, cosmic impostor", "valki, god of lies");
	/* Only ASCII folds: the UTF-8 of Jötun is kept byte for byte. */
	ck_keys("JÖTUN Grunt", "jÖtun grunt", "jÖtun grunt");
	ck_keys("Lórien Revealed", "lórien revealed", "lórien revealed");
	ck_keys("", "", "");
	ck_keys(" / ", " // ", "");
}
END_TEST

START_TEST(name_key_sizes)
{
	char buf[8];

	/* As snprintf: the full length back, the key cut and terminated. */
	ck_assert_uint_eq(mf_card_name_key("Fire/Ice", 8, NULL, 0), 11);
	memset(buf, 'z', sizeof(buf));
	ck_assert_uint_eq(mf_card_name_key("Fire/Ice", 8, buf, sizeof(buf)), 11);
	ck_assert_str_eq(buf, "fire //");
	ck_assert_uint_eq(mf_card_name_key("Fire/Ice", 8, buf, 1), 11);
	ck_assert_str_eq(buf, "");
	/* The length bounds the name: no NUL needed. */
	ck_assert_uint_eq(mf_card_name_front_key("Fire/Ice", 4, buf, sizeof(buf)), 4);
	ck_assert_str_eq(buf, "fire");
}
END_TEST

Suite *decklist_cases_suite(void)
{
	Suite *s = suite_create("decklist_cases");
	TCase *lines = tcase_create("lines");
	TCase *dek = tcase_create("dek");
	TCase *keys = tcase_create("keys");

	tcase_add_test(lines, count_forms);
	tcase_add_test(lines, count_faults);
	tcase_add_test(lines, tails);
	tcase_add_test(lines, categories);
	tcase_add_test(lines, names_kept);
	tcase_add_test(lines, name_limits);
	tcase_add_test(lines, sections);
	tcase_add_test(lines, blank_line_sideboard);
	tcase_add_test(lines, format_hint);
	tcase_add_test(lines, encoding);
	tcase_add_test(lines, bom_and_line_ends);
	tcase_add_test(lines, not_nul_terminated);
	tcase_add_test(lines, limits);
	tcase_add_test(lines, line_length);
	suite_add_tcase(s, lines);
	tcase_add_test(dek, dek_accepted);
	tcase_add_test(dek, dek_refused);
	tcase_add_test(dek, dek_tag_length);
	suite_add_tcase(s, dek);
	tcase_add_test(keys, name_keys);
	tcase_add_test(keys, name_key_sizes);
	suite_add_tcase(s, keys);
	return s;
}
