/*
 * Activated abilities of a land: "{T}[, Pay N life][, Sacrifice <this>]:
 * Add ..." and "...: Search your library for ... card, put it onto the
 * battlefield [tapped] ...". Everything else that adds mana or fetches is
 * listed as ignored, with the first reason that applies, in this order: a
 * spending restriction, counters, a mana cost, another cost, no {T}, an
 * activation condition, an effect that is not understood.
 */
#include "card/land_ability.h"

#include <string.h>

#include "card/cursor.h"
#include "card/ignored.h"
#include "card/mana_clause.h"
#include "card/text.h"

/* What a land makes of the mana in an ability's cost: a filter when one
 * symbol turns into two mana or more with every alternative, else a mana
 * cost; MF_CARD_WHY_NONE without mana. */
static enum mf_card_land_why cost_mana_why(const struct mf_card_cost *cost,
					   const struct mf_card_mana_effect *e)
{
	if (!cost->mana)
		return MF_CARD_WHY_NONE;
	if (!e->parsed || cost->mana != 1 || e->alts.n == 0)
		return MF_CARD_WHY_MANA_COST;
	for (size_t i = 0; i < e->alts.n; i++) {
		unsigned sum = 0;

		for (int t = 0; t < 6; t++)
			sum += e->alts.mana[i][t];
		if (sum < 2)
			return MF_CARD_WHY_MANA_COST;
	}
	return MF_CARD_WHY_FILTER;
}

static void mana_ability(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			 size_t n, size_t colon, const struct mf_card_cost *cost)
{
	struct mf_card_mana_effect e;
	enum mf_card_land_why why;

	/* The commander's identity is read (Command Tower: five alternatives
	 * flagged MF_CARD_MANA_IDENTITY); a chosen colour is not: a land's
	 * choice (Thriving lands) depends on the game. */
	mf_card_read_mana_effect(x, lo, n, colon, true, &e);
	why = e.alts.chosen ? mf_card_land_classify(lo, n) :
	      mf_card_mana_why(lo, n, cost, &e, cost_mana_why(cost, &e));
	if (why != MF_CARD_WHY_NONE) {
		mf_card_land_ignore(x, why, orig, n, true);
		return;
	}
	mf_card_keep_alternatives(x, &e.alts, cost->sacrifice ? MF_CARD_MANA_SACRIFICE : 0,
				  cost->life + e.life, orig, n);
	if (e.tron)
		x->land->tron = (uint8_t)e.tron;
	/* Riders of a kept ability: listed, but the ability stands. */
	mf_card_list_riders(x, lo, orig, n, &e, true);
}

/* ------------------------------------------------------------------ */
/* "Search your library for ..."                                       */

/* The card a fetch looks for: "a basic land card", "a[n] [basic] <types>
 * card". Returns false when it is something else. */
static bool fetch_target(struct mf_card_cursor *c, struct mf_card_land_fetch *f)
{
	size_t start = c->at;

	if (mf_card_lit(c, "a basic land card")) {
		f->basic = f->any_basic = true;
		f->types = MF_CARD_WUBRG;
		return true;
	}
	c->at = start;
	(void)(mf_card_lit(c, "a ") || mf_card_lit(c, "an "));
	f->basic = mf_card_lit(c, "basic ");
	f->types = 0;
	if (mf_card_types(c, &f->types) && mf_card_lit(c, " card"))
		return true;
	c->at = start;
	return false;
}

static void fetch_ability(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			  size_t n, size_t start, const struct mf_card_cost *cost)
{
	struct mf_card_cursor c = { lo, n, start, x };
	struct mf_card_land_fetch f = { 0 };
	size_t first = mf_card_sentence(lo + start, n - start);
	bool parsed;
	enum mf_card_land_why why = MF_CARD_WHY_NONE;

	parsed = mf_card_lit(&c, "search your library for ") && fetch_target(&c, &f) &&
		 (mf_card_lit(&c, ", put it onto the battlefield") ||
		  mf_card_lit(&c, " and put it onto the battlefield") ||
		  mf_card_lit(&c, ", put that card onto the battlefield") ||
		  mf_card_lit(&c, " and put that card onto the battlefield"));
	if (parsed) {
		f.tapped = mf_card_lit(&c, " tapped");
		if (mf_card_lit(&c, ", then shuffle"))
			(void)mf_card_lit(&c, " your library");
		parsed = mf_card_stop(&c);
	}
	/* Not a land it looks for (Eye of Ugin's creature): not mana-relevant. */
	if (!parsed && !mf_card_names_land(x, lo + start, first))
		return;

	if (cost->other == MF_CARD_WHY_COUNTERS)
		why = MF_CARD_WHY_COUNTERS;
	else if (cost->mana)
		why = MF_CARD_WHY_MANA_COST;
	else if (cost->other != MF_CARD_WHY_NONE)
		why = cost->other;
	else if (!cost->tap)
		why = MF_CARD_WHY_NO_TAP;
	else if (!parsed || !cost->sacrifice)
		why = MF_CARD_WHY_NOT_UNDERSTOOD;
	if (why != MF_CARD_WHY_NONE) {
		mf_card_land_ignore(x, why, orig, n, true);
		return;
	}
	if (x->land->n_fetch == MF_CARD_LAND_FETCH_MAX) {
		mf_card_land_ignore(x, MF_CARD_WHY_LIMIT, orig, n, true);
		return;
	}
	f.life = (uint8_t)(cost->life > 255 ? 255 : cost->life);
	x->land->fetch[x->land->n_fetch++] = f;
	/* "Then shuffle." is harmless; Fabled Passage's untap is read. */
	for (size_t at = c.at, len = 0; at < n; at = mf_card_skip_blanks(lo, n, at + len)) {
		struct mf_card_cursor s;
		bool shuffle, untap = false;

		len = mf_card_sentence(lo + at, n - at);
		s = (struct mf_card_cursor){ lo, at + len, at, x };
		shuffle = mf_card_lit(&s, "then shuffle");

		if (shuffle)
			(void)mf_card_lit(&s, " your library");
		else
			untap = mf_card_lit(&s, "then if you control four or more lands, untap that land");
		if (untap && f.tapped && mf_card_stop(&s))
			x->land->fetch[x->land->n_fetch - 1].untap_lands = 4;
		else if (!(shuffle && mf_card_stop(&s)))
			mf_card_land_ignore(x, mf_card_land_classify(lo + at, len), orig + at, len, false);
	}
}

void mf_card_land_activated(struct mf_card_land_ctx *x, const char *lo,
			    const char *orig, size_t n, size_t colon)
{
	struct mf_card_cost cost;
	size_t start = mf_card_skip_blanks(lo, n, colon + 1);

	mf_card_read_cost(x, lo, colon, &cost);
	if (mf_card_starts(lo + start, n - start, "search your library for "))
		fetch_ability(x, lo, orig, n, start, &cost);
	else if (mf_card_has_word(lo + start, n - start, "add") ||
		 mf_card_has_word(lo + start, n - start, "adds"))
		mana_ability(x, lo, orig, n, colon, &cost);
}
