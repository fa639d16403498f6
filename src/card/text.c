#include "card/text.h"

#include <string.h>

#include "common/utf8.h"

size_t mf_card_word_at(const char *s, size_t len, size_t at, const char *word)
{
	size_t n = strlen(word);

	if (at > len || n > len - at || memcmp(s + at, word, n) != 0)
		return 0;
	if (at + n < len && mf_card_is_word_char(s[at + n]))
		return 0;
	return n;
}

bool mf_card_has_word(const char *s, size_t len, const char *word)
{
	for (size_t i = 0; i < len; i++) {
		if (mf_card_word_starts_at(s, i) && mf_card_word_at(s, len, i, word))
			return true;
	}
	return false;
}

size_t mf_card_symbol_at(const char *s, size_t len, size_t at,
			 const char **inside, size_t *inside_len)
{
	size_t j;

	if (at >= len || s[at] != '{')
		return 0;
	for (j = at + 1; j < len && s[j] != '}' && s[j] != '\n'; j++)
		;
	if (j >= len || s[j] != '}')
		return 0;
	*inside = s + at + 1;
	*inside_len = j - at - 1;
	return j - at + 1;
}

bool mf_card_next_line(const char *text, size_t len, size_t *pos,
		       size_t *start, size_t *n)
{
	const char *nl;
	size_t end;

	if (*pos >= len)
		return false;
	nl = memchr(text + *pos, '\n', len - *pos);
	end = nl ? (size_t)(nl - text) : len;
	*start = *pos;
	*n = end - *pos;
	*pos = end + 1;
	return true;
}

size_t mf_card_clean_line(const char *line, size_t len, char *lower, char *orig)
{
	size_t n = 0, i = 0;

	while (i < len) {
		if (line[i] == '(') {
			const char *close = memchr(line + i, ')', len - i);

			if (close) {
				i = (size_t)(close - line) + 1;
				continue;
			}
		}
		if (orig)
			orig[n] = line[i];
		lower[n++] = mf_card_lower(line[i++]);
	}
	return n;
}

/* Length of an ability word and its dash ("Threshold — "), else 0: a prefix
 * before " — " with no symbol and no colon. */
static size_t ability_word(const char *lo, size_t n)
{
	static const char dash[] = " \xe2\x80\x94 ";

	for (size_t i = 0; i + sizeof(dash) - 1 <= n; i++) {
		if (lo[i] == '{' || lo[i] == ':' || lo[i] == '"')
			return 0;
		if (memcmp(lo + i, dash, sizeof(dash) - 1) == 0)
			return i + sizeof(dash) - 1;
	}
	return 0;
}

size_t mf_card_line_body(const char *lo, size_t n, size_t *skip)
{
	size_t at = ability_word(lo, n);

	while (at < n && lo[at] == ' ')
		at++;
	while (n > at && lo[n - 1] == ' ')
		n--;
	*skip = at;
	return n - at;
}

size_t mf_card_ability_colon(const char *lo, size_t n)
{
	for (size_t i = 0; i < n && lo[i] != '"'; i++) {
		if (lo[i] == ':')
			return i;
	}
	return n;
}

bool mf_card_copy_utf8(char *dst, size_t cap, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t out = 0, i = 0;

	while (i < len) {
		size_t n = mf_utf8_sequence(u + i, len - i);

		if (out + (n ? n : 1) > cap - 1)
			break;
		if (n == 0)
			dst[out++] = '?';
		else if (n == 1)
			dst[out++] = s[i] ? s[i] : ' ';
		else
			memcpy(dst + out, s + i, n);
		out += n > 1 ? n : 0;
		i += n ? n : 1;
	}
	dst[out] = '\0';
	return i < len;
}

/* Length of s, or MF_CARD_TEXT_MAX + 1 when it is longer than allowed. */
static size_t bounded_length(const char *s)
{
	return s ? strnlen(s, MF_CARD_TEXT_MAX + 1) : 0;
}

static int check_face(const struct mf_card_face *face)
{
	if (bounded_length(face->name) > MF_CARD_TEXT_MAX ||
	    bounded_length(face->mana_cost) > MF_CARD_TEXT_MAX ||
	    bounded_length(face->type_line) > MF_CARD_TEXT_MAX ||
	    bounded_length(face->oracle_text) > MF_CARD_TEXT_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

int mf_card_check(const struct mf_card_object *card)
{
	int rc;

	if (card->n_faces > 0 && !card->faces)
		return MF_ERR_INVALID;
	if (card->n_faces > MF_CARD_FACES_MAX)
		return MF_ERR_LIMIT;
	rc = check_face(&card->card);
	for (size_t f = 0; rc == MF_OK && f < card->n_faces; f++)
		rc = check_face(&card->faces[f]);
	return rc;
}
