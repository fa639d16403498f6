/*
 * The land reader's cursor and its matchers (card/cursor.h): literals,
 * references to the face itself, counts, basic land types, "enters", full
 * stops and sentences.
 */
#include "card/cursor.h"

#include <string.h>

#include "card/text.h"

void mf_card_ctx_init(struct mf_card_land_ctx *x, struct mf_card_land *land, const char *name)
{
	const char *comma = name ? strchr(name, ',') : NULL;

	memset(x, 0, sizeof(*x));
	x->land = land;
	x->name = name;
	x->first_mana_why = MF_CARD_WHY_NONE;
	x->name_len = name ? strlen(name) : 0;
	x->short_len = comma ? (size_t)(comma - name) : x->name_len;
}

bool mf_card_lit(struct mf_card_cursor *c, const char *lit)
{
	size_t n = strlen(lit);

	if (n > c->len - c->at || memcmp(c->s + c->at, lit, n) != 0)
		return false;
	if (n && mf_card_is_word_char(lit[n - 1]) && c->at + n < c->len &&
	    mf_card_is_word_char(c->s[c->at + n]))
		return false;
	c->at += n;
	return true;
}

/* Whether the face's name (its first n bytes) is at c, in any case. */
static bool name_at(struct mf_card_cursor *c, size_t n)
{
	const char *name = c->x->name;

	if (!name || n == 0 || n > c->len - c->at)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (mf_card_lower(name[i]) != c->s[c->at + i])
			return false;
	}
	if (c->at + n < c->len && mf_card_is_word_char(c->s[c->at + n]) &&
	    mf_card_is_word_char(name[n - 1]))
		return false;
	c->at += n;
	return true;
}

bool mf_card_self(struct mf_card_cursor *c)
{
	static const char *const generic[] = {
		"this land", "this artifact", "this creature", "this permanent", "~", "it",
	};

	if (name_at(c, c->x->name_len) || name_at(c, c->x->short_len))
		return true;
	for (size_t i = 0; i < sizeof(generic) / sizeof(generic[0]); i++) {
		if (mf_card_lit(c, generic[i]))
			return true;
	}
	return false;
}

bool mf_card_number(struct mf_card_cursor *c, unsigned *n)
{
	static const char *const words[] = {
		"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	};
	size_t at = c->at;
	unsigned v = 0;

	while (at < c->len && c->s[at] >= '0' && c->s[at] <= '9') {
		v = v * 10 + (unsigned)(c->s[at] - '0');
		if (v > 255)
			v = 255;
		at++;
	}
	if (at > c->at && (at == c->len || !mf_card_is_word_char(c->s[at]))) {
		c->at = at;
		*n = v;
		return true;
	}
	for (unsigned i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (mf_card_lit(c, words[i])) {
			*n = i + 1;
			return true;
		}
	}
	return false;
}

/* One basic land type, after an optional article. */
static bool one_type(struct mf_card_cursor *c, uint8_t *mask)
{
	static const char *const names[] = { "plains", "island", "swamp", "mountain", "forest" };
	size_t start = c->at;

	(void)(mf_card_lit(c, "a ") || mf_card_lit(c, "an "));
	for (unsigned t = 0; t < 5; t++) {
		if (mf_card_lit(c, names[t])) {
			*mask |= (uint8_t)(1u << t);
			return true;
		}
	}
	c->at = start;
	return false;
}

bool mf_card_types(struct mf_card_cursor *c, uint8_t *mask)
{
	if (!one_type(c, mask))
		return false;
	for (;;) {
		size_t at = c->at;

		if ((mf_card_lit(c, ", or ") || mf_card_lit(c, " or ") || mf_card_lit(c, ", ")) &&
		    one_type(c, mask))
			continue;
		c->at = at;
		return true;
	}
}

bool mf_card_names_land(const struct mf_card_land_ctx *x, const char *lo, size_t n)
{
	if (mf_card_has_word(lo, n, "land") || mf_card_has_word(lo, n, "lands"))
		return true;
	for (size_t i = 0; i < n; i++) {
		struct mf_card_cursor t = { lo, n, i, x };
		uint8_t mask = 0;

		if (mf_card_word_starts_at(lo, i) && mf_card_types(&t, &mask))
			return true;
	}
	return false;
}

bool mf_card_enters(struct mf_card_cursor *c)
{
	return mf_card_lit(c, "enters the battlefield") || mf_card_lit(c, "enters");
}

bool mf_card_stop(struct mf_card_cursor *c)
{
	if (c->at >= c->len || c->s[c->at] != '.' ||
	    (c->at + 1 < c->len && c->s[c->at + 1] != ' '))
		return false;
	c->at++;
	while (c->at < c->len && c->s[c->at] == ' ')
		c->at++;
	return true;
}

bool mf_card_done(const struct mf_card_cursor *c)
{
	for (size_t i = c->at; i < c->len; i++) {
		if (c->s[i] != ' ')
			return false;
	}
	return true;
}

size_t mf_card_sentence(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '.' && (i + 1 == len || s[i + 1] == ' '))
			return i + 1;
	}
	return len;
}
