/*
 * The cursor the land reader reads a line with (manaflow/card.h,
 * mf_card_land_read), shared by land.c (a face and its static and triggered
 * lines) and land_ability.c (its activated abilities), which do not call
 * each other's matchers, and by the source reader (source.c,
 * source_ability.c, mf_card_source_read) and mana_clause.c, which both
 * readers call. Also the context of the face being read, which the cursor
 * needs to know the face's name; the source reader collects a face's
 * alternatives and ignored clauses in a scratch land of its own.
 * Internal to src/card.
 *
 * Every line is read twice over: in lower case for matching, and as printed
 * for the text of an ignored clause; both come from mf_card_clean_line(), so
 * an offset is the same text in each. Nothing here allocates or keeps state.
 */
#ifndef MF_CARD_CURSOR_H
#define MF_CARD_CURSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/card.h"

/* What reading one face needs beyond its output. */
struct mf_card_land_ctx {
	struct mf_card_land *land;
	const char *name;        /* the face's name as printed, may be NULL */
	size_t name_len;
	size_t short_len;        /* "Boseiju" of "Boseiju, Who Shelters All", else name_len */
	unsigned tap_damage;     /* "Whenever <this> becomes tapped, it deals N damage to you" */
	unsigned next_ability;   /* index of the next mana ability read */
	enum mf_card_land_why first_mana_why;  /* first ignored clause that adds mana or fetches */
	bool enters_with_counters;  /* "enters ... with N <kind> counters on it" */
};

/* Starts the context of reading the face called name (may be NULL) into
 * land: every counter 0. Keeps the pointers, reads name's length. */
void mf_card_ctx_init(struct mf_card_land_ctx *x, struct mf_card_land *land, const char *name);

/* A position in one lower-case line s[0, len), which the caller owns, of the
 * face x. The matchers below advance c->at only when they match and return
 * whether they did; they never read past len. */
struct mf_card_cursor {
	const char *s;
	size_t len;
	size_t at;
	const struct mf_card_land_ctx *x;
};

/* The literal lit (lower case); when it ends with a word character, a word
 * must end there too ("add" is not "additional"). */
bool mf_card_lit(struct mf_card_cursor *c, const char *lit);

/* A reference to the face itself: its name or the part before its first
 * comma, "this land", "this artifact", "this creature", "this permanent",
 * "~" or "it". */
bool mf_card_self(struct mf_card_cursor *c);

/* A count: digits, or "one" to "ten"; a larger number reads as 255. *n is
 * set only when a count is there. */
bool mf_card_number(struct mf_card_cursor *c, unsigned *n);

/* A list of basic land types, each with an optional "a"/"an": "a Plains or
 * an Island", "Forest, Plains, or Island". ORs MF_CARD_W... into *mask. */
bool mf_card_types(struct mf_card_cursor *c, uint8_t *mask);

/* Whether the lower-case text lo[0, n) of face x says "land(s)" or names a
 * basic land type, as words. Reads only lo. */
bool mf_card_names_land(const struct mf_card_land_ctx *x, const char *lo, size_t n);

/* "enters the battlefield" (2019 wording) or "enters" (current wording). */
bool mf_card_enters(struct mf_card_cursor *c);

/* A full stop at the end of the text or before a space; skips the spaces. */
bool mf_card_stop(struct mf_card_cursor *c);

/* Whether only blanks are left. */
bool mf_card_done(const struct mf_card_cursor *c);

/* Length of the sentence at s[0, len): up to and including the first full
 * stop that ends the text or comes before a space, else len. */
size_t mf_card_sentence(const char *s, size_t len);

#endif
