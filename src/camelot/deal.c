/*
 * Camelot deals as text: the SPOJ notation, one character per card.
 */
#include "manaflow/camelot.h"

#include <stdio.h>
#include <string.h>

static const char card_chars[] = "A234567890JQK";

char mf_camelot_card_char(uint8_t value)
{
	if (value < 1 || value > MF_CAMELOT_VALUES)
		return '?';
	return card_chars[value - 1];
}

uint8_t mf_camelot_card_value(char c)
{
	const char *hit;

	if (c == '\0')
		return 0;
	hit = strchr(card_chars, c);
	return hit ? (uint8_t)(hit - card_chars + 1) : 0;
}

/* Names a value the way a player says it in an error message. */
static const char *value_name(uint8_t value)
{
	static const char *const names[] = {
		"?", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10",
		"jack", "queen", "king",
	};

	return value <= MF_CAMELOT_VALUES ? names[value] : "?";
}


int mf_camelot_deal_parse(const char *text, size_t len,
			  struct mf_camelot_deal *out,
			  struct mf_camelot_parse_error *err)
{
	uint8_t seen[MF_CAMELOT_VALUES + 1] = { 0 };
	char shown[8];

	err->position = 0;
	err->reason[0] = '\0';
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (mf_camelot_card_value((char)c))
			continue;
		if (c >= 0x21 && c < 0x7f)
			snprintf(shown, sizeof(shown), "'%c'", c);
		else
			snprintf(shown, sizeof(shown), "0x%02x", c);
		err->position = i + 1;
		snprintf(err->reason, sizeof(err->reason),
			 "%s is not a card: use A 2-9 0 (for 10) J Q K", shown);
		return MF_ERR_INVALID;
	}
	if (len != MF_CAMELOT_DECK_SIZE) {
		/* Point at the first missing card, or the first one too many. */
		err->position = len < MF_CAMELOT_DECK_SIZE ? len + 1
							   : MF_CAMELOT_DECK_SIZE + 1;
		snprintf(err->reason, sizeof(err->reason),
			 "the deal has %zu cards; it needs exactly 52", len);
		return MF_ERR_INVALID;
	}
	for (size_t i = 0; i < len; i++) {
		uint8_t value = mf_camelot_card_value(text[i]);

		if (++seen[value] > MF_CAMELOT_COPIES) {
			err->position = i + 1;
			snprintf(err->reason, sizeof(err->reason),
				 "a fifth %s: a deal has exactly four of each value",
				 value_name(value));
			return MF_ERR_INVALID;
		}
		out->cards[i] = value;
	}
	return MF_OK;
}

size_t mf_camelot_deal_format(const struct mf_camelot_deal *deal,
			      char *buf, size_t size)
{
	size_t i;

	if (size == 0)
		return MF_CAMELOT_DECK_SIZE;
	for (i = 0; i < MF_CAMELOT_DECK_SIZE && i + 1 < size; i++)
		buf[i] = mf_camelot_card_char(deal->cards[i]);
	buf[i] = '\0';
	return MF_CAMELOT_DECK_SIZE;
}
