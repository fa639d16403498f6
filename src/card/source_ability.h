/*
 * The activated abilities of a mana source that is no land
 * (source_ability.c), for source.c, which reads the face's other lines.
 * Internal to src/card.
 */
#ifndef MF_CARD_SOURCE_ABILITY_H
#define MF_CARD_SOURCE_ABILITY_H

#include <stdbool.h>
#include <stddef.h>

#include "card/cursor.h"
#include "manaflow/card.h"

/* What reading one source face needs beyond its answer. */
struct mf_card_source_ctx {
	struct mf_card_land_ctx line;   /* the cursor's context; line.land is the face's
					 * scratch land, which collects its alternatives
					 * and ignored clauses (the same structs) */
	struct mf_card_source *source;  /* the face's answer: kind, filter, identity, chosen */
	bool spell;                     /* the face is an instant or a sorcery */
	bool color_chosen;              /* the face says "As <this> enters, choose a color." */
	bool leveled;                   /* past a level up card's "LEVEL N-M" line */
};

/*
 * Reads one activated ability, "cost: effect", of a creature or artifact
 * face, whose colon is at lo[colon]: "{T}: Add ..." and "{N}, {T}: Add ..."
 * (N at most MF_CARD_SOURCE_FILTER_MAX) become alternatives of
 * s->line.land, and set s->source's filter (the first ability read),
 * identity and chosen; any other ability that adds mana is listed with the
 * first reason that applies; one that does not is not mana-relevant and is
 * left alone. lo and orig are the same line body of n bytes, lower case and
 * as printed; they are read, never kept. Cannot fail.
 */
void mf_card_source_activated(struct mf_card_source_ctx *s, const char *lo,
			      const char *orig, size_t n, size_t colon);

#endif
