/*
 * Costs in the two notations users have: the contest's ("2WWU", every digit
 * its own generic amount) and Scryfall's ("{2}{W}{W}").
 */
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "mana/parse_error.h"

/* The type of mana letter c (W, U, B, R, G or C), or -1 for any other. */
static int mana_type_of(char c)
{
	const char *p = c ? strchr("WUBRGC", c) : NULL;

	return p ? (int)(p - "WUBRGC") : -1;
}

uint64_t mf_mana_cost_total(const struct mf_mana_cost *cost)
{
	uint64_t n = cost->generic;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += cost->need[t];
	for (int m = 0; m < 32; m++)
		n += (uint64_t)cost->hybrid[m] + cost->phyrexian[m];
	for (int c = 0; c < 5; c++)
		n += 2 * (uint64_t)cost->twobrid[c];
	return n;
}

unsigned mf_mana_cost_colors(const struct mf_mana_cost *cost)
{
	unsigned mask = 0;

	for (int t = 0; t < 5; t++)
		if (cost->need[t] || cost->twobrid[t])
			mask |= 1u << t;
	for (unsigned m = 0; m < 32; m++)
		if (cost->hybrid[m] || cost->phyrexian[m])
			mask |= m;
	return mask & 0x1fu;
}

bool mf_mana_cost_has_choices(const struct mf_mana_cost *cost)
{
	for (int m = 0; m < 32; m++)
		if (cost->hybrid[m] || cost->phyrexian[m])
			return true;
	for (int c = 0; c < 5; c++)
		if (cost->twobrid[c])
			return true;
	return cost->x_count > 0;
}

/* Adds amount to *slot unless the cost would ask for too much. */
static int add_checked(struct mf_mana_cost *out, uint32_t *slot, uint64_t amount, uint64_t weight,
		       size_t pos, struct mf_mana_parse_error *err)
{
	uint64_t choices = 1;

	if (mf_mana_cost_total(out) + amount * weight > MF_MANA_COST_MANA_MAX) {
		mf_mana_parse_fail(err, 0, pos, "the cost asks for more than %d mana", MF_MANA_COST_MANA_MAX);
		return MF_ERR_LIMIT;
	}
	if (slot == &out->x_count && out->x_count >= MF_MANA_X_SYMBOLS_MAX) {
		mf_mana_parse_fail(err, 0, pos, "the cost has more than %d {X} symbols", MF_MANA_X_SYMBOLS_MAX);
		return MF_ERR_LIMIT;
	}
	*slot += (uint32_t)amount;
	for (int c = 0; c < 5; c++)
		choices *= (uint64_t)out->twobrid[c] + 1;
	if (choices > MF_MANA_TWOBRID_CHOICES_MAX) {
		mf_mana_parse_fail(err, 0, pos, "the cost's {2/C} symbols can be paid in more than %d ways",
				MF_MANA_TWOBRID_CHOICES_MAX);
		return MF_ERR_LIMIT;
	}
	return MF_OK;
}

/* A colour letter's index, or -1 (C is not a colour: no {C/P}, no {W/C}). */
static int colour_of(char c)
{
	const char *p = c ? strchr("WUBRG", c) : NULL;

	return p ? (int)(p - "WUBRG") : -1;
}

/* Finds the slot and weight of one brace symbol's text; NULL if unknown. */
static uint32_t *brace_slot(struct mf_mana_cost *out, const char *sym, size_t len,
			    uint64_t *amount, uint64_t *weight)
{
	int a = len >= 1 ? colour_of(sym[0]) : -1;
	int b = len >= 3 ? colour_of(sym[2]) : -1;

	*amount = 1;
	*weight = 1;
	if (len == 1 && sym[0] == 'X')
		return (*weight = 0, &out->x_count);
	if (len == 1 && mana_type_of(sym[0]) >= 0)
		return &out->need[mana_type_of(sym[0])];
	if (len == 3 && sym[1] == '/' && a >= 0 && sym[2] == 'P')
		return &out->phyrexian[1u << a];
	if (len == 3 && sym[1] == '/' && a >= 0 && b >= 0 && a != b)
		return &out->hybrid[(1u << a) | (1u << b)];
	if (len == 5 && sym[1] == '/' && sym[3] == '/' && sym[4] == 'P' && a >= 0 && b >= 0 && a != b)
		return &out->phyrexian[(1u << a) | (1u << b)];
	if (len == 3 && sym[0] == '2' && sym[1] == '/' && b >= 0)
		return (*weight = 2, &out->twobrid[b]);
	if (len >= 1 && len <= 7 && strspn(sym, "0123456789") >= len) {
		*amount = 0;
		for (size_t k = 0; k < len; k++)
			*amount = *amount * 10 + (uint64_t)(sym[k] - '0');
		return &out->generic;
	}
	return NULL;
}

/* Bytes of a symbol to quote in a reason: at most max, and never half of a
 * UTF-8 character, since clients read the reason inside JSON. */
static int shown_len(const char *s, size_t len, size_t max)
{
	size_t n = len;

	if (n > max)
		for (n = max; n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80; n--)
			;
	return (int)n;
}

/* Adds the contest notation s[0, len) ("2WWU": each digit its own generic
 * amount) to *out. MF_OK, or MF_ERR_INVALID or MF_ERR_LIMIT with err filled
 * and *out partly added to (the caller clears it). */
static int parse_contest(const char *s, size_t len, struct mf_mana_cost *out,
			 struct mf_mana_parse_error *err)
{
	for (size_t i = 0; i < len; i++) {
		int type = mana_type_of(s[i]);
		int rc;

		if (type < 0 && (s[i] < '0' || s[i] > '9'))
			return mf_mana_parse_fail(err, 0, i + 1,
					 "unknown symbol '%c' at position %zu (expected 0-9, W, U, B, R, G or C)",
					 s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?', i + 1);
		rc = add_checked(out, type < 0 ? &out->generic : &out->need[type],
				 type < 0 ? (uint64_t)(s[i] - '0') : 1, 1, i + 1, err);
		if (rc)
			return rc;
	}
	return MF_OK;
}

/* Adds the brace notation s[0, len) ("{2}{W/U}{G/P}") to *out. MF_OK, or
 * MF_ERR_INVALID or MF_ERR_LIMIT with err filled and *out partly added to
 * (the caller clears it). */
static int parse_braces(const char *s, size_t len, struct mf_mana_cost *out,
			struct mf_mana_parse_error *err)
{
	size_t i = 0;

	while (i < len) {
		size_t start = i, close;
		const char *sym;
		size_t sym_len;
		uint32_t *slot;
		uint64_t amount, weight;
		int rc;

		if (s[i] != '{')
			return mf_mana_parse_fail(err, 0, i + 1, "expected '{' at position %zu", i + 1);
		for (close = i + 1; close < len && s[close] != '}' && s[close] != '{'; close++)
			;
		if (close == len || s[close] != '}')
			return mf_mana_parse_fail(err, 0, start + 1, "unclosed '{' at position %zu", start + 1);
		sym = s + start + 1;
		sym_len = close - start - 1;
		slot = brace_slot(out, sym, sym_len, &amount, &weight);
		if (!slot)
			return mf_mana_parse_fail(err, 0, start + 1, "unknown symbol {%.*s} at position %zu",
					       shown_len(sym, sym_len, 20), sym, start + 1);
		rc = add_checked(out, slot, amount, weight, start + 1, err);
		if (rc)
			return rc;
		i = close + 1;
	}
	return MF_OK;
}

int mf_mana_cost_parse(const char *text, size_t len, struct mf_mana_cost *out,
		  struct mf_mana_parse_error *err)
{
	memset(out, 0, sizeof(*out));
	memset(err, 0, sizeof(*err));
	if (len == 0)
		return mf_mana_parse_fail(err, 0, 1, "the cost is empty");
	if (len > MF_MANA_COST_TEXT_MAX) {
		mf_mana_parse_fail(err, 0, MF_MANA_COST_TEXT_MAX + 1, "the cost is longer than %d bytes",
			  MF_MANA_COST_TEXT_MAX);
		return MF_ERR_LIMIT;
	}
	if (text[0] == '{')
		return parse_braces(text, len, out, err);
	return parse_contest(text, len, out, err);
}

/* "W" or "G/U": the colours of mask as Scryfall writes them, where a pair
 * reads clockwise round the colour wheel (W/U, ..., G/W; W/B, ..., G/U). */
static void mask_letters(unsigned mask, char *out)
{
	int first = -1, second = -1;

	for (int c = 0; c < 5; c++)
		if (mask >> c & 1)
			*(first < 0 ? &first : &second) = c;
	if (first < 0) {
		out[0] = '\0';
	} else if (second < 0) {
		out[0] = "WUBRG"[first];
		out[1] = '\0';
	} else {
		if (second - first > 2) {
			int t = first;

			first = second;
			second = t;
		}
		out[0] = "WUBRG"[first];
		out[1] = '/';
		out[2] = "WUBRG"[second];
		out[3] = '\0';
	}
}

void mf_mana_phyrexian_format(unsigned mask, char out[8])
{
	char letters[8];

	mask_letters(mask & 0x1f, letters);
	snprintf(out, 8, "{%.3s/P}", letters);
}

/* Appends times copies of symbol to buf; n counts what was needed. */
static void append_symbol(char *buf, size_t size, size_t *n, const char *symbol, uint64_t times)
{
	for (uint64_t k = 0; k < times; k++) {
		int w = snprintf(*n < size ? buf + *n : NULL, *n < size ? size - *n : 0, "%s", symbol);

		*n += (size_t)w;
	}
}

size_t mf_mana_cost_format(const struct mf_mana_cost *cost, char *buf, size_t size)
{
	char sym[16], letters[8];
	size_t n = 0;

	if (size)
		buf[0] = '\0';
	append_symbol(buf, size, &n, "{X}", cost->x_count);
	if (cost->generic || (mf_mana_cost_total(cost) == 0 && !cost->x_count)) {
		snprintf(sym, sizeof(sym), "{%u}", cost->generic);
		append_symbol(buf, size, &n, sym, 1);
	}
	for (unsigned m = 0; m < 32; m++) {
		mask_letters(m, letters);
		snprintf(sym, sizeof(sym), "{%s}", letters);
		append_symbol(buf, size, &n, sym, cost->hybrid[m]);
	}
	for (int c = 0; c < 5; c++) {
		snprintf(sym, sizeof(sym), "{2/%c}", "WUBRG"[c]);
		append_symbol(buf, size, &n, sym, cost->twobrid[c]);
	}
	for (unsigned m = 0; m < 32; m++) {
		mf_mana_phyrexian_format(m, sym);
		append_symbol(buf, size, &n, sym, cost->phyrexian[m]);
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		snprintf(sym, sizeof(sym), "{%c}", "WUBRGC"[t]);
		append_symbol(buf, size, &n, sym, cost->need[t]);
	}
	return n;
}
