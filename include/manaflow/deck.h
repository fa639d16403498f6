/*
 * manaflow deck: which colours is a deck of Magic cards?
 *
 * taw's rule (2013): colour X is one of a deck's colours iff some card of the
 * deck (sideboard included) can make mana of X and some card can spend X, in
 * its mana cost or in another cost printed on it. Generic mana and {C} never
 * make a deck colour. What one card makes and spends is read by
 * mf_card_read_colors() (manaflow/card.h, with the rules of reading); this
 * header unites the cards of a deck.
 *
 * Ownership: the solver only reads the caller's strings and structs, keeps no
 * pointer to them after returning, and writes only the caller's outputs, so
 * any number of threads may call it at once.
 */
#ifndef MANAFLOW_DECK_H
#define MANAFLOW_DECK_H

#include <stddef.h>
#include <stdint.h>

#include "manaflow/card.h"
#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limit; more is refused with MF_ERR_LIMIT. A card's own limits
 * are MF_CARD_TEXT_MAX and MF_CARD_FACES_MAX. */
#define MF_DECK_CARDS_MAX 1000  /* cards in one deck (distinct entries) */

/* What a whole deck can do: masks of MF_CARD_* bits. */
struct mf_deck_colors {
	uint8_t colors;    /* produces & uses & MF_CARD_WUBRG: the deck's colours */
	uint8_t produces;  /* union over the cards, C included */
	uint8_t uses;      /* union over the cards, C included */
};

/*
 * Reads n cards (n <= MF_DECK_CARDS_MAX; cards may be NULL when n is 0) and
 * combines them. per_card, when not NULL, has room for n entries and receives
 * each card's answer in input order. Returns MF_OK and fills *out, or the
 * first failing card's code from mf_card_read_colors() (MF_ERR_LIMIT also
 * when n is too large), with *bad_card (when not NULL) set to its index (n
 * for a too-large n); on failure *out is zeroed and per_card is unspecified.
 */
MF_EXPORT int mf_deck_colors(const struct mf_card_object *cards, size_t n,
			     struct mf_card_colors *per_card,
			     struct mf_deck_colors *out, size_t *bad_card);

/* Writes the letters of mask (MF_CARD_* bits) in "WUBRGC" order into buf
 * (NUL-terminated, at most 7 bytes) and returns how many letters it wrote.
 * Bits past MF_CARD_C are left out; it cannot fail. */
MF_EXPORT size_t mf_deck_letters(unsigned mask, char buf[7]);

#ifdef __cplusplus
}
#endif

#endif
