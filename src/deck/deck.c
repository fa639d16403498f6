#include "manaflow/deck.h"

#include <string.h>

int mf_deck_colors(const struct mf_card_object *cards, size_t n,
		   struct mf_card_colors *per_card,
		   struct mf_deck_colors *out, size_t *bad_card)
{
	struct mf_deck_colors deck = { 0, 0, 0 };
	int rc = MF_OK;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (n > MF_DECK_CARDS_MAX) {
		i = n;
		rc = MF_ERR_LIMIT;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct mf_card_colors one;

		rc = mf_card_read_colors(&cards[i], &one);
		if (rc != MF_OK)
			goto out;
		if (per_card)
			per_card[i] = one;
		deck.produces |= one.produces;
		deck.uses |= one.uses;
	}
	deck.colors = deck.produces & deck.uses & MF_CARD_WUBRG;
	*out = deck;
out:
	if (rc != MF_OK && bad_card)
		*bad_card = i;
	return rc;
}

size_t mf_deck_letters(unsigned mask, char buf[7])
{
	static const char letters[] = "WUBRGC";
	size_t n = 0;

	for (size_t t = 0; t < 6; t++) {
		if (mask & (1u << t))
			buf[n++] = letters[t];
	}
	buf[n] = '\0';
	return n;
}
