/*
 * Activated abilities of a creature or an artifact that makes mana:
 * "{T}[, Pay N life]: Add ..." and "{N}, {T}: Add ..." (a Signet's filter).
 * Any other ability that adds mana is listed, with the first reason that
 * applies, in this order: a spending restriction, counters, a mana cost
 * that is not {1} to {4} of generic mana, sacrificing the source, another
 * cost, no {T}, an activation condition, an effect not understood, a chosen
 * colour nothing chooses, a filter other than the face's.
 */
#include "card/source_ability.h"

#include "card/ignored.h"
#include "card/mana_clause.h"
#include "card/text.h"

/* What a source makes of its ability's cost beyond {T}, life and other
 * permanents: mana that is not {1} to {4} of generic mana is a mana cost;
 * sacrificing the source pays once, as a ritual (Lotus Petal), not each
 * turn. MF_CARD_WHY_NONE when it reads the cost. */
static enum mf_card_land_why cost_why(const struct mf_card_cost *cost)
{
	if (cost->mana != cost->generic || cost->generic > MF_CARD_SOURCE_FILTER_MAX)
		return MF_CARD_WHY_MANA_COST;
	if (cost->sacrifice)
		return MF_CARD_WHY_EXTRA_COST;
	return MF_CARD_WHY_NONE;
}

/* Why the ability is not read, or MF_CARD_WHY_NONE: the shared reasons,
 * then a chosen colour nothing chooses and a filter other than the face's. */
static enum mf_card_land_why mana_why(const struct mf_card_source_ctx *s, const char *lo,
				      size_t n, const struct mf_card_cost *cost,
				      const struct mf_card_mana_effect *e)
{
	enum mf_card_land_why why = mf_card_mana_why(lo, n, cost, e, cost_why(cost));

	if (why != MF_CARD_WHY_NONE)
		return why;
	if (e->alts.chosen && !s->color_chosen)
		return MF_CARD_WHY_GAME_STATE;
	if (s->line.land->n_mana > 0 && cost->generic != s->source->filter)
		return MF_CARD_WHY_FILTER;
	return MF_CARD_WHY_NONE;
}

void mf_card_source_activated(struct mf_card_source_ctx *s, const char *lo,
			      const char *orig, size_t n, size_t colon)
{
	size_t start = mf_card_skip_blanks(lo, n, colon + 1);
	struct mf_card_cost cost;
	struct mf_card_mana_effect e;
	enum mf_card_land_why why;

	if (!(mf_card_has_word(lo + start, n - start, "add") ||
	      mf_card_has_word(lo + start, n - start, "adds")))
		return;
	mf_card_read_cost(&s->line, lo, colon, &cost);
	mf_card_read_mana_effect(&s->line, lo, n, colon, true, &e);
	why = mana_why(s, lo, n, &cost, &e);
	if (why != MF_CARD_WHY_NONE) {
		mf_card_land_ignore(&s->line, why, orig, n, true);
		return;
	}
	if (s->line.land->n_mana == 0)
		s->source->filter = (uint8_t)cost.generic;
	s->source->identity |= e.alts.identity;
	s->source->chosen |= e.alts.chosen;
	mf_card_keep_alternatives(&s->line, &e.alts, 0, cost.life + e.life, orig, n);
	/* Riders of a kept ability: listed, but the ability stands. */
	mf_card_list_riders(&s->line, lo, orig, n, &e, false);
}
