#include "manaflow/deck.h"

#include <string.h>

#include "card/oracle.h"
#include "card/text.h"

static void read_face(const struct mf_deck_face *face, unsigned *produces,
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

int mf_deck_read_card(const struct mf_deck_card *card,
		      struct mf_deck_card_colors *out)
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

int mf_deck_colors(const struct mf_deck_card *cards, size_t n,
		   struct mf_deck_card_colors *per_card,
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
		struct mf_deck_card_colors one;

		rc = mf_deck_read_card(&cards[i], &one);
		if (rc != MF_OK)
			goto out;
		if (per_card)
			per_card[i] = one;
		deck.produces |= one.produces;
		deck.uses |= one.uses;
	}
	deck.colors = deck.produces & deck.uses & MF_DECK_WUBRG;
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
