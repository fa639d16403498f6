/*
 * Costs in the two notations users have: the contest's ("2WWU", every digit
 * its own generic amount) and Scryfall's ("{2}{W}{W}").
 */
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "mana/parse_error.h"

static int mana_type_of(char c)
{
	const char *p = c ? strchr("WUBRGC", c) : NULL;

	return p ? (int)(p - "WUBRGC") : -1;
}

uint64_t mf_cost_total(const struct mf_cost *cost)
{
	uint64_t n = cost->generic;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += cost->need[t];
	return n;
}

static int add_checked(struct mf_cost *out, int type, uint64_t amount, size_t pos,
		       struct mf_parse_error *err)
{
	if (mf_cost_total(out) + amount > MF_COST_MANA_MAX) {
		mana_parse_fail(err, 0, pos, "the cost asks for more than %d mana", MF_COST_MANA_MAX);
		return MF_ERR_LIMIT;
	}
	if (type < 0)
		out->generic += (uint32_t)amount;
	else
		out->need[type] += (uint32_t)amount;
	return MF_OK;
}

static int parse_contest(const char *s, size_t len, struct mf_cost *out,
			 struct mf_parse_error *err)
{
	for (size_t i = 0; i < len; i++) {
		int type = mana_type_of(s[i]);
		int rc;

		if (type < 0 && (s[i] < '0' || s[i] > '9'))
			return mana_parse_fail(err, 0, i + 1,
					 "unknown symbol '%c' at position %zu (expected 0-9, W, U, B, R, G or C)",
					 s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?', i + 1);
		rc = add_checked(out, type, type < 0 ? (uint64_t)(s[i] - '0') : 1, i + 1, err);
		if (rc)
			return rc;
	}
	return MF_OK;
}

static int parse_braces(const char *s, size_t len, struct mf_cost *out,
			struct mf_parse_error *err)
{
	size_t i = 0;

	while (i < len) {
		size_t start = i, close;
		const char *sym;
		size_t sym_len;
		int type, rc;
		uint64_t amount = 1;

		if (s[i] != '{')
			return mana_parse_fail(err, 0, i + 1, "expected '{' at position %zu", i + 1);
		for (close = i + 1; close < len && s[close] != '}' && s[close] != '{'; close++)
			;
		if (close == len || s[close] != '}')
			return mana_parse_fail(err, 0, start + 1, "unclosed '{' at position %zu", start + 1);
		sym = s + start + 1;
		sym_len = close - start - 1;
		type = sym_len == 1 ? mana_type_of(sym[0]) : -1;
		if (type < 0) {
			size_t k;

			amount = 0;
			for (k = 0; k < sym_len && sym[k] >= '0' && sym[k] <= '9' && k < 8; k++)
				amount = amount * 10 + (uint64_t)(sym[k] - '0');
			if (sym_len == 0 || k != sym_len)
				return mana_parse_fail(err, 0, start + 1, "unknown symbol {%.*s} at position %zu",
						 (int)(sym_len > 20 ? 20 : sym_len), sym, start + 1);
		}
		rc = add_checked(out, type, amount, start + 1, err);
		if (rc)
			return rc;
		i = close + 1;
	}
	return MF_OK;
}

int mf_cost_parse(const char *text, size_t len, struct mf_cost *out,
		  struct mf_parse_error *err)
{
	memset(out, 0, sizeof(*out));
	memset(err, 0, sizeof(*err));
	if (len == 0)
		return mana_parse_fail(err, 0, 1, "the cost is empty");
	if (len > MF_COST_TEXT_MAX) {
		mana_parse_fail(err, 0, MF_COST_TEXT_MAX + 1, "the cost is longer than %d bytes",
			  MF_COST_TEXT_MAX);
		return MF_ERR_LIMIT;
	}
	if (text[0] == '{')
		return parse_braces(text, len, out, err);
	return parse_contest(text, len, out, err);
}

size_t mf_cost_format(const struct mf_cost *cost, char *buf, size_t size)
{
	size_t n = 0;
	int w;

	if (size)
		buf[0] = '\0';
	if (cost->generic || mf_cost_total(cost) == 0) {
		w = snprintf(buf, size, "{%u}", cost->generic);
		n += (size_t)w;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		for (uint32_t k = 0; k < cost->need[t]; k++) {
			w = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0, "{%c}",
				     "WUBRGC"[t]);
			n += (size_t)w;
		}
	return n;
}
