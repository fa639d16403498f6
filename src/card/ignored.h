/*
 * The mana-relevant clauses of a land face that the land reader does not
 * turn into fields (mf_card_land.ignored), used by land.c and
 * land_ability.c alike, and by the source reader (source.c,
 * source_ability.c, mana_clause.c) for a source's. Internal to src/card.
 */
#ifndef MF_CARD_IGNORED_H
#define MF_CARD_IGNORED_H

#include <stdbool.h>
#include <stddef.h>

#include "card/cursor.h"
#include "manaflow/card.h"

/*
 * Lists the clause orig[0, n) (as printed; trailing blanks left out) in the
 * face's ignored clauses with why, cut to MF_CARD_LAND_CLAUSE_MAX bytes of
 * valid UTF-8; past MF_CARD_LAND_IGNORED_MAX clauses it is only counted.
 * mana says that the clause adds mana or fetches a land: the first such
 * reason is the face's reason to be unsupported when nothing else is read.
 * Copies orig; cannot fail.
 */
void mf_card_land_ignore(struct mf_card_land_ctx *x, enum mf_card_land_why why,
			 const char *orig, size_t n, bool mana);

/* The reason for a mana-relevant clause lo[0, n) (lower case) that is not
 * understood, guessed from its words: triggered, spending restriction,
 * counters, other permanents, game state, or not understood. Reads only lo;
 * cannot fail. */
enum mf_card_land_why mf_card_land_classify(const char *lo, size_t n);

#endif
