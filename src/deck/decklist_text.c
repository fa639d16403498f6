/*
 * The line formats of a deck list (Arena, MTGO text, Moxfield, Archidekt,
 * SB: prefixes): one line at a time, in one pass. A line is blank, a
 * section header, a Name line of an About block, or a card line:
 *
 *   [SB:] COUNT[x] NAME [(SET) [NUMBER]] [*F*|*E*] [[Category,...]] [^Tag^]
 *
 * The trailing parts are taken off the end in any order, so that the name
 * is what is left; a parenthesis that is not a set code (a space inside,
 * as in "B.F.M. (Big Furry Monster)") stays in the name.
 */
#include "deck/decklist_build.h"

#include <string.h>

#define MF_DECK_SET_CODE_MAX 8 /* letters and digits between the parentheses */

/* What a card line's tail said beyond its name. */
struct tail {
	bool zone_set;          /* a category named a zone */
	enum mf_deck_zone zone;
};

/* One parse's progress through the lines. */
struct text_state {
	enum mf_deck_zone zone; /* of the current section */
	bool about;             /* inside an About block */
	bool cards;             /* a card line was read */
	bool blank;             /* a blank line followed the first cards of a
				 * list with no header yet */
};

static const struct {
	const char *word;
	int zone;               /* enum mf_deck_zone, or -1 for About */
	bool arena;             /* evidence of an Arena export */
} headers[] = {
	{ "deck", MF_DECK_ZONE_MAIN, true },
	{ "main", MF_DECK_ZONE_MAIN, false },
	{ "maindeck", MF_DECK_ZONE_MAIN, false },
	{ "main deck", MF_DECK_ZONE_MAIN, false },
	{ "mainboard", MF_DECK_ZONE_MAIN, false },
	{ "sideboard", MF_DECK_ZONE_SIDEBOARD, false },
	{ "commander", MF_DECK_ZONE_COMMANDER, true },
	{ "commanders", MF_DECK_ZONE_COMMANDER, false },
	{ "companion", MF_DECK_ZONE_COMPANION, true },
	{ "maybeboard", MF_DECK_ZONE_MAYBEBOARD, false },
	{ "about", -1, true },
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alnum(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static size_t rtrim(const char *s, size_t n)
{
	while (n > 0 && mf_deck_blank(s[n - 1]))
		n--;
	return n;
}

/* Start of the last blank-separated token of s[0, n) (n trimmed). */
static size_t token_start(const char *s, size_t n)
{
	while (n > 0 && !mf_deck_blank(s[n - 1]))
		n--;
	return n;
}

/* Whether s[0, n) is "(SET)": 1 to MF_DECK_SET_CODE_MAX letters or digits. */
static bool is_set_code(const char *s, size_t n)
{
	if (n < 3 || n > MF_DECK_SET_CODE_MAX + 2 || s[0] != '(' || s[n - 1] != ')')
		return false;
	for (size_t i = 1; i + 1 < n; i++) {
		if (!is_alnum(s[i]))
			return false;
	}
	return true;
}

/* Reads one category of an Archidekt [..] list: a zone's name (its {top}
 * suffix ignored) sets the zone, the first such category winning. */
static void read_category(const char *s, size_t n, struct tail *t)
{
	const char *brace = memchr(s, '{', n);

	if (brace)
		n = (size_t)(brace - s);
	while (n > 0 && mf_deck_blank(*s)) {
		s++;
		n--;
	}
	n = rtrim(s, n);
	if (t->zone_set)
		return;
	t->zone_set = true;
	if (mf_deck_list_word_is(s, n, "sideboard"))
		t->zone = MF_DECK_ZONE_SIDEBOARD;
	else if (mf_deck_list_word_is(s, n, "maybeboard"))
		t->zone = MF_DECK_ZONE_MAYBEBOARD;
	else if (mf_deck_list_word_is(s, n, "commander"))
		t->zone = MF_DECK_ZONE_COMMANDER;
	else
		t->zone_set = false;
}

/* Whether s[0, *n) ends in a set code, with or without a collector number
 * after it; if so takes them off *n and records the evidence. */
static bool strip_set(struct mf_deck_list_build *b, const char *s, size_t *n)
{
	size_t len = *n, start = token_start(s, len), prev, open;

	if (start > 0 && is_set_code(s + start, len - start)) {
		b->seen |= MF_DECK_SEEN_ARENA;
		*n = rtrim(s, start);
		return true;
	}
	if (start == 0 || memchr(s + start, '(', len - start) != NULL ||
	    memchr(s + start, ')', len - start) != NULL)
		return false;
	/* A collector number, if a set code comes before it. */
	prev = rtrim(s, start);
	open = token_start(s, prev);
	if (open == 0 || !is_set_code(s + open, prev - open))
		return false;
	b->seen |= MF_DECK_SEEN_ARENA;
	for (size_t i = start; i < len; i++) {
		if (!is_digit(s[i]))
			b->seen |= MF_DECK_SEEN_MOXFIELD;
	}
	*n = rtrim(s, open);
	return true;
}

/* Takes the tail parts off the end of s[0, *n), in any order (a set code
 * once), and records the evidence of a format. */
static void strip_tail(struct mf_deck_list_build *b, const char *s, size_t *n, struct tail *t)
{
	size_t len = rtrim(s, *n), open, start;
	bool set = false;

	for (;;) {
		char last = len > 0 ? s[len - 1] : '\0';

		if (last == '^' || last == ']') {
			char opener = last == '^' ? '^' : '[';

			open = len - 1;
			while (open > 0 && s[open - 1] != opener)
				open--;
			/* A tag or category opens after a blank, not at the start. */
			if (open < 2 || !mf_deck_blank(s[open - 2]))
				break;
			if (last == ']') {
				const char *c = s + open;
				size_t left = len - 1 - open, piece;

				while (left > 0) {
					const char *comma = memchr(c, ',', left);

					piece = comma ? (size_t)(comma - c) : left;
					read_category(c, piece, t);
					left -= comma ? piece + 1 : piece;
					c += piece + (comma ? 1 : 0);
				}
			}
			b->seen |= MF_DECK_SEEN_ARCHIDEKT;
			len = rtrim(s, open - 1);
			continue;
		}
		start = token_start(s, len);
		if (len - start == 3 && s[start] == '*' && s[start + 2] == '*' &&
		    (mf_deck_lower(s[start + 1]) == 'f' || mf_deck_lower(s[start + 1]) == 'e') &&
		    start > 0) {
			b->seen |= MF_DECK_SEEN_MOXFIELD;
			len = rtrim(s, start);
			continue;
		}
		if (!set && strip_set(b, s, &len)) {
			set = true;
			continue;
		}
		break;
	}
	*n = len;
}

/* A card line, its SB: prefix already taken off: s[0, n) trimmed. */
static int card_line(struct mf_deck_list_build *b, struct text_state *st, size_t line,
		     const char *raw, size_t raw_len, const char *s, size_t n, bool sb)
{
	struct tail t = { false, MF_DECK_ZONE_MAIN };
	enum mf_deck_zone zone = sb ? MF_DECK_ZONE_SIDEBOARD : st->zone;
	size_t digits = 0, rest;
	unsigned count;

	while (digits < n && is_digit(s[digits]))
		digits++;
	if (digits == 0)
		return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_NO_COUNT,
					 "a card line starts with its count");
	rest = digits;
	if (rest < n && (s[rest] == 'x' || s[rest] == 'X')) {
		b->seen |= MF_DECK_SEEN_ARCHIDEKT;
		rest++;
	}
	if (rest < n && !mf_deck_blank(s[rest]))
		return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_NO_COUNT,
					 "a card line starts with its count, then a space");
	if (mf_deck_list_count(b, line, raw, raw_len, s, digits, &count) != 0)
		return -1;
	s += rest;
	n -= rest;
	strip_tail(b, s, &n, &t);
	if (t.zone_set)
		zone = t.zone;
	st->cards = true;
	return mf_deck_list_add(b, line, raw, raw_len, s, n, count, zone,
				st->blank && zone == MF_DECK_ZONE_MAIN && !sb && !t.zone_set);
}

/* A line that is not blank and has no count: a header, an About block's
 * Name, or a fault. s[0, n) is trimmed. */
static int word_line(struct mf_deck_list_build *b, struct text_state *st, size_t line,
		     const char *raw, size_t raw_len, const char *s, size_t n)
{
	size_t word = n > 0 && s[n - 1] == ':' ? rtrim(s, n - 1) : n;

	for (size_t i = 0; i < sizeof(headers) / sizeof(headers[0]); i++) {
		if (!mf_deck_list_word_is(s, word, headers[i].word))
			continue;
		if (headers[i].arena)
			b->seen |= MF_DECK_SEEN_ARENA;
		if (headers[i].zone < 0) {
			if (st->cards)
				return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
							 MF_DECK_LIST_FAULT_ABOUT,
							 "an About block after the cards");
			st->about = true;
			return 0;
		}
		st->about = false;
		st->blank = false;
		st->zone = (enum mf_deck_zone)headers[i].zone;
		b->headers = true;
		return 0;
	}
	if (st->about) {
		if (n > 4 && mf_deck_list_word_is(s, 4, "name") && mf_deck_blank(s[4]))
			return 0;
		return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_ABOUT,
					 "an About block holds only a Name line");
	}
	/* One word, or words and a colon: meant as a header. */
	if (word < n || memchr(s, ' ', n) == NULL)
		return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_UNKNOWN_SECTION,
					 "an unknown section (Deck, Sideboard, Commander, Companion "
					 "and Maybeboard are known), or a card with no count");
	return mf_deck_list_fail(b, line, raw, raw_len, MF_ERR_INVALID,
				 MF_DECK_LIST_FAULT_NO_COUNT, "a card line starts with its count");
}

static int one_line(struct mf_deck_list_build *b, struct text_state *st, size_t line,
		    const char *raw, size_t raw_len)
{
	const char *s = raw;
	size_t n = rtrim(raw, raw_len);

	if (mf_deck_list_check_line(b, line, raw, raw_len, true) != 0)
		return -1;
	while (n > 0 && mf_deck_blank(*s)) {
		s++;
		n--;
	}
	if (n == 0) {
		st->about = false;
		/* MTGO's text: a blank line ends the main deck. */
		if (st->cards && !b->headers)
			st->blank = true;
		return 0;
	}
	if (n >= 3 && mf_deck_list_word_is(s, 3, "sb:")) {
		b->headers = true;
		s += 3;
		n -= 3;
		while (n > 0 && mf_deck_blank(*s)) {
			s++;
			n--;
		}
		return card_line(b, st, line, raw, raw_len, s, n, true);
	}
	if (is_digit(s[0]))
		return card_line(b, st, line, raw, raw_len, s, n, false);
	return word_line(b, st, line, raw, raw_len, s, n);
}

int mf_deck_list_read_text(struct mf_deck_list_build *b)
{
	struct text_state st = { MF_DECK_ZONE_MAIN, false, false, false };
	const char *p = b->text, *end = b->text + b->len, *nl;
	size_t line = 0, n;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = (size_t)((nl ? nl : end) - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (++line > MF_DECK_LIST_LINES_MAX)
			return mf_deck_list_fail(b, line, p, n, MF_ERR_LIMIT,
						 MF_DECK_LIST_FAULT_TOO_MANY_LINES,
						 "more than %u lines", MF_DECK_LIST_LINES_MAX);
		if (one_line(b, &st, line, p, n) != 0)
			return -1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}
