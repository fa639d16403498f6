/*
 * One hand: keep it or take a mulligan, and which lands London bottoms.
 *
 * How many spells and lands are bottomed follows Karsten's counts. Which
 * lands, one at a time (docs/odds.md):
 *  1. a land making none of the cost's colours;
 *  2. else the land whose cost colours are made by the most other lands of
 *     the hand (for a land of several colours: its least-made colour), so
 *     that the last source of a colour is kept;
 *  3. then a land that enters tapped before one that does not;
 *  4. then by name: the groups' order (model.c) within each class of lands
 *     that can tie.
 */
#include "odds/odds_internal.h"

/* Spells bottomed from a 7-card hand of `spells` spells that keeps 7 - k:
 * Karsten's counts, aiming at 3 lands (4 for karsten2020's 6-card hand). */
static uint32_t spells_bottomed(const struct odds_ctx *c, uint32_t k, uint32_t spells)
{
	uint32_t ideal_lands = c->q->policy == MF_ODDS_KARSTEN2020 && k == 1 ? 4 : 3;
	uint32_t kept_spells = 7 - k - ideal_lands;
	uint32_t extra = spells > kept_spells ? spells - kept_spells : 0;

	return extra < k ? extra : k;
}

/* made[t]: the lands of hand making cost colour t (bit t of their colours). */
static void count_made(const struct odds_ctx *c, const uint8_t *hand, uint32_t made[5])
{
	for (int t = 0; t < 5; t++)
		made[t] = 0;
	for (size_t h = 0; h < c->n_groups; h++)
		for (int t = 0; t < 5; t++)
			if (c->g[h].colors >> t & 1)
				made[t] += hand[h];
}

/* Rule 2's measure of group g in a hand whose lands make colour t made[t]
 * times: for each cost colour g makes, the other lands of the hand making
 * that colour; the least of these. UINT32_MAX for a land making none of
 * the cost's colours (rule 1). */
static uint32_t redundancy(const struct odds_ctx *c, const uint32_t made[5], size_t g)
{
	uint32_t least = UINT32_MAX;

	for (int t = 0; t < 5; t++)
		if (c->g[g].colors >> t & 1 && made[t] - 1 < least)
			least = made[t] - 1;  /* less g's own copy */
	return least;
}

/* The group of the land bottomed next from hand (which holds a land),
 * made[] counted as count_made() does. */
static size_t next_bottomed(const struct odds_ctx *c, const uint8_t *hand, const uint32_t made[5])
{
	size_t best = c->n_groups;
	uint32_t best_r = 0;

	for (size_t g = 0; g < c->n_groups; g++) {
		uint32_t r;

		if (!hand[g])
			continue;
		r = redundancy(c, made, g);
		/* Groups that can tie come in name order, so only a strictly
		 * better candidate replaces the best. */
		if (best == c->n_groups || r > best_r ||
		    (r == best_r && c->g[g].tapped && !c->g[best].tapped)) {
			best = g;
			best_r = r;
		}
	}
	return best;
}

uint32_t mf_odds_lands_kept(const struct odds_ctx *c, const struct odds_stage *st, uint32_t lands,
			    uint32_t spells)
{
	uint32_t bottom_lands = st->bottom ? st->bottom - spells_bottomed(c, st->bottom, spells) : 0;

	return lands - (bottom_lands < lands ? bottom_lands : lands);
}

bool mf_odds_keeps(const struct odds_stage *st, uint32_t lands_kept)
{
	return st->keep_any || (lands_kept >= st->lo && lands_kept <= st->hi);
}

bool mf_odds_keep(const struct odds_ctx *c, const struct odds_stage *st, uint32_t spells,
		  const uint8_t *held, uint8_t *kept)
{
	uint32_t lands = 0, left, made[5];

	for (size_t g = 0; g < c->n_groups; g++) {
		kept[g] = held[g];
		lands += held[g];
	}
	left = mf_odds_lands_kept(c, st, lands, spells);
	if (lands > left)
		count_made(c, kept, made);
	for (; lands > left; lands--) {
		size_t g = next_bottomed(c, kept, made);

		kept[g]--;
		for (int t = 0; t < 5; t++)
			made[t] -= c->g[g].colors >> t & 1;
	}
	return mf_odds_keeps(st, lands);
}
