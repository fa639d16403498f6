#include "card/oracle.h"

#include <stdbool.h>
#include <string.h>

#include "manaflow/card.h"
#include "card/text.h"

/* The longest window taw's rule allows between "any" and "color"/"type". */
#define ANY_WINDOW_MAX 30

/* Mana doublers copy what a land made; they never add a colour of their own. */
static const char copied_mana_phrase[] = "any type that land produced";

static unsigned letter_color(char c)
{
	switch (mf_card_lower(c)) {
	case 'w': return MF_CARD_W;
	case 'u': return MF_CARD_U;
	case 'b': return MF_CARD_B;
	case 'r': return MF_CARD_R;
	case 'g': return MF_CARD_G;
	case 'c': return MF_CARD_C;
	default: return 0;
	}
}

unsigned mf_card_symbol_colors(const char *inside, size_t len)
{
	unsigned colors = 0;
	size_t start = 0;

	while (start <= len) {
		const char *slash = memchr(inside + start, '/', len - start);
		size_t end = slash ? (size_t)(slash - inside) : len;
		size_t part = end - start;
		const char *p = inside + start;

		/* Half mana ({HW}) is still white. */
		if (part == 2 && mf_card_lower(p[0]) == 'h') {
			p++;
			part--;
		}
		if (part == 1)
			colors |= letter_color(p[0]);
		start = end + 1;
	}
	return colors;
}

unsigned mf_card_symbols_colors(const char *text, size_t len)
{
	unsigned colors = 0;
	size_t i = 0;

	while (i < len) {
		const char *inside;
		size_t inside_len;
		size_t n = mf_card_symbol_at(text, len, i, &inside, &inside_len);

		if (n) {
			colors |= mf_card_symbol_colors(inside, inside_len);
			i += n;
		} else {
			i++;
		}
	}
	return colors;
}

unsigned mf_card_type_line_produces(const char *type_line, size_t len)
{
	static const struct {
		const char *word;
		unsigned color;
	} basic_types[] = {
		{ "plains", MF_CARD_W }, { "island", MF_CARD_U },
		{ "swamp", MF_CARD_B }, { "mountain", MF_CARD_R },
		{ "forest", MF_CARD_G },
	};
	unsigned colors = 0;
	size_t i = 0;

	while (i < len) {
		char word[16];
		size_t n = 0;

		if (!mf_card_is_word_char(type_line[i])) {
			i++;
			continue;
		}
		while (i < len && mf_card_is_word_char(type_line[i])) {
			if (n < sizeof(word) - 1)
				word[n] = mf_card_lower(type_line[i]);
			n++;
			i++;
		}
		if (n >= sizeof(word))
			continue;
		word[n] = '\0';
		for (size_t t = 0; t < sizeof(basic_types) / sizeof(basic_types[0]); t++) {
			if (strcmp(word, basic_types[t].word) == 0)
				colors |= basic_types[t].color;
		}
	}
	return colors;
}

/* taw reads a line for mana only when it mentions "mana" or has a symbol
 * other than a number, {X} or {T}. */
static bool line_may_add_mana(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		size_t j = i + 1;

		if (i + 4 <= len && memcmp(s + i, "mana", 4) == 0)
			return true;
		if (s[i] != '{')
			continue;
		while (j < len && s[j] >= '0' && s[j] <= '9')
			j++;
		if (j == i + 1 && j < len && (s[j] == 'x' || s[j] == 't'))
			j++;
		if (j == i + 1 || j >= len || s[j] != '}')
			return true;
	}
	return false;
}

/* Whether "any" is followed, within the window, by the word color(s) or
 * type(s); the gap starts and ends with a non-word character. */
static bool any_names_all_colors(const char *s, size_t len, size_t any_end)
{
	static const char *const kinds[] = { "colors", "color", "types", "type" };
	size_t last = any_end + ANY_WINDOW_MAX;

	if (any_end >= len || mf_card_is_word_char(s[any_end]))
		return false;
	for (size_t j = any_end + 1; j <= last && j < len; j++) {
		if (s[j - 1] == '.')
			return false;
		if (mf_card_is_word_char(s[j - 1]))
			continue;
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			if (mf_card_word_at(s, len, j, kinds[k]))
				return true;
		}
	}
	return false;
}

/* What one "Add ..." clause (the words after "add", up to the full stop)
 * makes. The clause is the caller's scratch copy: copied-mana phrases are
 * blanked in place. */
static unsigned effect_produces(char *s, size_t len)
{
	size_t phrase = sizeof(copied_mana_phrase) - 1;
	unsigned colors = mf_card_symbols_colors(s, len);

	for (size_t i = 0; i < len; i++) {
		if (mf_card_word_starts_at(s, i) && mf_card_word_at(s, len, i, "any") &&
		    i + phrase <= len && memcmp(s + i, copied_mana_phrase, phrase) == 0 &&
		    (i + phrase == len || !mf_card_is_word_char(s[i + phrase])))
			memset(s + i, ' ', phrase);
	}
	for (size_t i = 0; i < len; i++) {
		if (mf_card_word_starts_at(s, i) && mf_card_word_at(s, len, i, "any") &&
		    any_names_all_colors(s, len, i + 3)) {
			colors |= MF_CARD_WUBRG;
			break;
		}
	}
	return colors;
}

/* Length of "add" or "adds" as a whole word at s[at], else 0. */
static size_t add_word_at(const char *s, size_t len, size_t at)
{
	size_t n;

	if (!mf_card_word_starts_at(s, at))
		return 0;
	n = mf_card_word_at(s, len, at, "adds");
	return n ? n : mf_card_word_at(s, len, at, "add");
}

/* Splits one cleaned line into its "Add ..." clauses and the rest (its
 * costs), which is gathered into cost. */
static void read_line(char *s, size_t len, char *cost, unsigned *produces,
		      unsigned *uses)
{
	size_t n_cost = 0, i = 0;

	if (mf_card_has_word(s, len, "extort"))
		*uses |= MF_CARD_W | MF_CARD_B;
	if (!line_may_add_mana(s, len))
		return;
	while (i < len) {
		size_t word = add_word_at(s, len, i);
		size_t end;

		if (!word) {
			cost[n_cost++] = s[i++];
			continue;
		}
		end = i + word;
		while (end < len && s[end] != '.')
			end++;
		*produces |= effect_produces(s + i + word, end - i - word);
		i = end;
	}
	*uses |= mf_card_symbols_colors(cost, n_cost);
}

void mf_card_read_oracle(const char *text, size_t len, unsigned *produces,
		      unsigned *uses)
{
	char line[MF_CARD_TEXT_MAX];
	char cost[MF_CARD_TEXT_MAX];
	size_t pos = 0, start, n;

	if (len > MF_CARD_TEXT_MAX)
		len = MF_CARD_TEXT_MAX;
	while (mf_card_next_line(text, len, &pos, &start, &n)) {
		n = mf_card_clean_line(text + start, n, line, NULL);
		read_line(line, n, cost, produces, uses);
	}
}

static void read_face(const struct mf_card_face *face, unsigned *produces,
		      unsigned *uses)
{
	if (face->mana_cost)
		*uses |= mf_card_symbols_colors(face->mana_cost, strlen(face->mana_cost));
	if (face->oracle_text)
		mf_card_read_oracle(face->oracle_text, strlen(face->oracle_text),
				    produces, uses);
	if (face->type_line)
		*produces |= mf_card_type_line_produces(face->type_line,
							strlen(face->type_line));
}

/* One face's part of the colour identity. */
static unsigned face_identity(const struct mf_card_face *face)
{
	const char *text = face->oracle_text ? face->oracle_text : "";
	char line[MF_CARD_TEXT_MAX];
	size_t len = strlen(text), pos = 0, start, n;
	unsigned mask = 0;

	if (face->mana_cost)
		mask |= mf_card_symbols_colors(face->mana_cost, strlen(face->mana_cost));
	if (face->type_line)
		mask |= mf_card_type_line_produces(face->type_line, strlen(face->type_line));
	while (mf_card_next_line(text, len, &pos, &start, &n)) {
		n = mf_card_clean_line(text + start, n, line, NULL);
		mask |= mf_card_symbols_colors(line, n);
	}
	return mask & MF_CARD_WUBRG;
}

int mf_card_read_identity(const struct mf_card_object *card, uint8_t *out)
{
	unsigned mask;
	int rc;

	*out = 0;
	rc = mf_card_check(card);
	if (rc != MF_OK)
		return rc;
	mask = face_identity(&card->card);
	for (size_t f = 0; f < card->n_faces; f++)
		mask |= face_identity(&card->faces[f]);
	*out = (uint8_t)mask;
	return MF_OK;
}

int mf_card_read_colors(const struct mf_card_object *card,
			struct mf_card_colors *out)
{
	unsigned produces = 0, uses = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = mf_card_check(card);
	if (rc != MF_OK)
		goto out;

	/* A multi-face card repeats its faces' costs and type lines at the top
	 * ("{1}{R} // {2}{U}"); reading both changes nothing and keeps callers
	 * that send only one of them right. */
	read_face(&card->card, &produces, &uses);
	for (size_t f = 0; f < card->n_faces; f++)
		read_face(&card->faces[f], &produces, &uses);
	out->produces = (uint8_t)produces;
	out->uses = (uint8_t)uses;
out:
	return rc;
}
