/*
 * Text primitives shared by the card domain's readers of printed card text
 * (oracle.c for taw's colour rule, land.c and source.c for the readers of
 * lands and of other mana sources): words, mana
 * symbols, lines with their reminder text left out, bounded UTF-8 copies,
 * and the size checks every reader makes of a card first.
 * Internal to src/card.
 *
 * Matching is ASCII case-insensitive; a word is a run of ASCII letters,
 * digits and '_', so the bytes of a UTF-8 sequence ("—") separate words and
 * "colorless" is not "color". Nothing here allocates or keeps state: every
 * function is safe to call from any number of threads at once.
 */
#ifndef MF_CARD_TEXT_H
#define MF_CARD_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "manaflow/card.h"

/* The checks every reader makes of a card before reading it: MF_OK;
 * MF_ERR_INVALID when faces is NULL with n_faces > 0; MF_ERR_LIMIT past
 * MF_CARD_FACES_MAX faces or a string longer than MF_CARD_TEXT_MAX. */
int mf_card_check(const struct mf_card_object *card);

static inline char mf_card_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static inline bool mf_card_is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Whether a word may start at s[at]: at is 0 or follows a non-word byte. */
static inline bool mf_card_word_starts_at(const char *s, size_t at)
{
	return at == 0 || !mf_card_is_word_char(s[at - 1]);
}

/* Length of word (lower case, NUL-terminated) when s[at, len) starts with it
 * and a word ends there, else 0. The caller checks the boundary before at. */
size_t mf_card_word_at(const char *s, size_t len, size_t at, const char *word);

/* Whether the lower-case text s[0, len) has word as a whole word. */
bool mf_card_has_word(const char *s, size_t len, const char *word);

/* Whether s[0, n) starts with the literal p (NUL-terminated), byte for byte. */
static inline bool mf_card_starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s, p, k) == 0;
}

/* The first byte of s[at, n) that is no blank, or n. */
static inline size_t mf_card_skip_blanks(const char *s, size_t n, size_t at)
{
	while (at < n && s[at] == ' ')
		at++;
	return at;
}

/* Length of the mana symbol ("{...}", never spanning a line break) that starts
 * at s[at], else 0. On success *inside and *inside_len name the text between
 * the braces. */
size_t mf_card_symbol_at(const char *s, size_t len, size_t at,
			 const char **inside, size_t *inside_len);

/*
 * The next line of text[0, len) from *pos: sets *start and *n to it (without
 * its '\n') and moves *pos past it. Returns false when no line is left.
 */
bool mf_card_next_line(const char *text, size_t len, size_t *pos,
		       size_t *start, size_t *n);

/*
 * Copies one line (no '\n' inside) leaving out reminder text: each '(' up to
 * the first ')' after it; a '(' never closed stays. lower receives the copy
 * lower-cased (ASCII), and orig, when not NULL, the same bytes as printed, so
 * that an offset in one is the same text in the other. Both need room for
 * len bytes; nothing is NUL-terminated. Returns the length written.
 */
size_t mf_card_clean_line(const char *line, size_t len, char *lower, char *orig);

/*
 * The body of one clean line lo[0, n) (mf_card_clean_line()): without an
 * ability word and its dash ("Threshold — ") and the blanks around it.
 * Sets *skip to the bytes left out in front and returns the body's length
 * (0 for a blank line). Reads only lo.
 */
size_t mf_card_line_body(const char *lo, size_t n, size_t *skip);

/*
 * Where the colon of an activated ability ("cost: effect") is in the line
 * body lo[0, n), or n when it is no activated ability: the colon must come
 * before any quotation mark, since a colon inside quotes is an ability
 * granted to something else.
 */
size_t mf_card_ability_colon(const char *lo, size_t n);

/*
 * Copies at most cap - 1 bytes of s[0, len) into dst and NUL-terminates it
 * (cap >= 1), so that dst is always valid UTF-8: a byte that does not start
 * a well-formed sequence (RFC 3629: no overlong forms, surrogates or code
 * points past U+10FFFF) is written as '?', a NUL as ' ', and a cut never splits
 * a sequence: it falls before the first one that does not fit whole. Returns
 * whether anything was cut.
 */
bool mf_card_copy_utf8(char *dst, size_t cap, const char *s, size_t len);

#endif
