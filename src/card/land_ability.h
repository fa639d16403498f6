/*
 * The activated abilities of a land face (land_ability.c), for land.c,
 * which reads the face's other lines. Internal to src/card.
 */
#ifndef MF_CARD_LAND_ABILITY_H
#define MF_CARD_LAND_ABILITY_H

#include <stddef.h>

#include "card/cursor.h"

/*
 * Reads one activated ability, "cost: effect", whose colon is at lo[colon]:
 * a mana ability becomes alternatives, a fetch a fetch, a mana-relevant one
 * that is neither an ignored clause; any other is not mana-relevant and is
 * left alone. lo and orig are the same line of n bytes, lower case and as
 * printed (mf_card_clean_line()); they are read, never kept. Writes only
 * x->land and x's counters, and cannot fail: what it cannot hold is listed
 * as ignored (card/ignored.h).
 */
void mf_card_land_activated(struct mf_card_land_ctx *x, const char *lo,
			    const char *orig, size_t n, size_t colon);

#endif
