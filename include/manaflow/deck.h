/*
 * manaflow deck: which colours is a deck of Magic cards?
 *
 * taw's rule (2013): colour X is one of a deck's colours iff some card of the
 * deck (sideboard included) can make mana of X and some card can spend X, in
 * its mana cost or in another cost printed on it. Hybrid symbols count both
 * halves, {2/X} and Phyrexian {X/P} count as X; generic mana and {C} never
 * make a deck colour.
 *
 * A card is read from its printed text, one face at a time:
 *  - it makes X when an "Add ..." / "adds ..." clause of its Oracle text
 *    (the words up to the next full stop) names {X}, or says "any ... color"
 *    or "any ... type" within 30 characters (all five colours), or when its
 *    type line has X's basic land type (a Forest makes G with no rules text);
 *  - it spends X when {X} appears in its mana cost or in its Oracle text
 *    outside those clauses; Extort spends W and B.
 * Reminder text in parentheses is skipped. "X mana in any combination of {R}
 * and/or {G}" makes R and G only, and "any type that land produced" (mana
 * doublers) makes nothing new: those only copy what another card made.
 * As in taw's script, a line is read for "Add" clauses only when it says
 * "mana" or has a symbol other than a number, {X} or {T}. Text is matched
 * case-insensitively (ASCII); a word is a run of ASCII letters, digits and
 * '_', so "colorless" is not "color". The card's own fields and every face
 * are read and their answers united.
 *
 * Ownership: the solver only reads the caller's strings and structs, keeps no
 * pointer to them after returning, and writes only the caller's outputs, so
 * any number of threads may call it at once.
 */
#ifndef MANAFLOW_DECK_H
#define MANAFLOW_DECK_H

#include <stddef.h>
#include <stdint.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Colour masks: bit t is "WUBRGC"[t], the order of enum mf_mana_type. */
#define MF_DECK_W 0x01u
#define MF_DECK_U 0x02u
#define MF_DECK_B 0x04u
#define MF_DECK_R 0x08u
#define MF_DECK_G 0x10u
#define MF_DECK_C 0x20u
#define MF_DECK_WUBRG 0x1fu  /* the five colours; C is a type of mana, not a colour */

/* Documented limits; inputs beyond them are refused with MF_ERR_LIMIT. */
#define MF_DECK_TEXT_MAX 4096   /* bytes in one name, cost, type line or Oracle text */
#define MF_DECK_FACES_MAX 8     /* faces of one card (Who // What // When // Where // Why has 5) */
#define MF_DECK_CARDS_MAX 1000  /* cards in one deck (distinct entries) */

/*
 * One face of a card, or the card itself. Every field is a NUL-terminated
 * UTF-8 string owned by the caller; NULL reads as "". The name is not read by
 * the solver (it is there so that callers can carry it alongside).
 */
struct mf_deck_face {
	const char *name;
	const char *mana_cost;    /* Scryfall notation: "{2}{W/U}{R/P}" */
	const char *type_line;    /* "Basic Land — Mountain" */
	const char *oracle_text;  /* lines separated by '\n' */
};

/*
 * A card as a deck tool holds a Scryfall card object: its own fields plus,
 * for split, flip, adventure, transform and modal double-faced cards, its
 * faces (n_faces <= MF_DECK_FACES_MAX; faces may be NULL when n_faces is 0).
 */
struct mf_deck_card {
	struct mf_deck_face card;
	const struct mf_deck_face *faces;
	size_t n_faces;
};

/* What one card can do: masks of MF_DECK_* bits (C included). */
struct mf_deck_card_colors {
	uint8_t produces;
	uint8_t uses;
};

/* What a whole deck can do. */
struct mf_deck_colors {
	uint8_t colors;    /* produces & uses & MF_DECK_WUBRG: the deck's colours */
	uint8_t produces;  /* union over the cards, C included */
	uint8_t uses;      /* union over the cards, C included */
};

/*
 * Reads one card. Returns MF_OK and fills *out; MF_ERR_INVALID when faces is
 * NULL with n_faces > 0; MF_ERR_LIMIT when a string is longer than
 * MF_DECK_TEXT_MAX or there are more than MF_DECK_FACES_MAX faces. On failure
 * *out is zeroed.
 */
MF_EXPORT int mf_deck_read_card(const struct mf_deck_card *card,
				struct mf_deck_card_colors *out);

/*
 * Reads n cards (n <= MF_DECK_CARDS_MAX; cards may be NULL when n is 0) and
 * combines them. per_card, when not NULL, has room for n entries and receives
 * each card's answer in input order. Returns MF_OK and fills *out, or the
 * first failing card's code from mf_deck_read_card() (MF_ERR_LIMIT also when
 * n is too large), with *bad_card (when not NULL) set to its index (n for a
 * too-large n); on failure *out is zeroed and per_card is unspecified.
 */
MF_EXPORT int mf_deck_colors(const struct mf_deck_card *cards, size_t n,
			     struct mf_deck_card_colors *per_card,
			     struct mf_deck_colors *out, size_t *bad_card);

/* Writes the letters of mask in "WUBRGC" order into buf (NUL-terminated,
 * at most 7 bytes) and returns how many letters it wrote. */
MF_EXPORT size_t mf_deck_letters(unsigned mask, char buf[7]);

#ifdef __cplusplus
}
#endif

#endif
