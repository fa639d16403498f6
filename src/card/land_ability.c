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
#include "card/text.h"

/* Whether s[0, n) starts with the literal p. */
static bool starts(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s, p, k) == 0;
}

/* What the cost of one ability asks for. */
struct cost {
	bool tap;
	bool sacrifice;                 /* sacrifices the land itself */
	unsigned life;
	unsigned mana;                  /* mana symbols, {2} counting 2 */
	enum mf_card_land_why other;    /* the first other part's reason, or NONE */
};

/* Mana a symbol's inside costs: a number its value, any other symbol 1. */
static unsigned symbol_mana(const char *inside, size_t n)
{
	unsigned v = 0;

	for (size_t i = 0; i < n; i++) {
		if (inside[i] < '0' || inside[i] > '9')
			return 1;
		v = v * 10 + (unsigned)(inside[i] - '0');
		if (v > 255)
			v = 255;
	}
	return n ? v : 1;
}

/* The reason of a cost part that is neither {T}, mana, life nor sacrificing
 * the land itself. */
static enum mf_card_land_why other_cost_why(const char *p, size_t n)
{
	if (mf_card_has_word(p, n, "counter") || mf_card_has_word(p, n, "counters"))
		return MF_CARD_WHY_COUNTERS;
	if (mf_card_has_word(p, n, "graveyard") || mf_card_has_word(p, n, "hand") ||
	    mf_card_has_word(p, n, "discard"))
		return MF_CARD_WHY_GAME_STATE;
	if (mf_card_has_word(p, n, "sacrifice") || mf_card_has_word(p, n, "tap") ||
	    mf_card_has_word(p, n, "exile") || mf_card_has_word(p, n, "return") ||
	    mf_card_has_word(p, n, "control"))
		return MF_CARD_WHY_OTHER_PERMANENTS;
	return MF_CARD_WHY_EXTRA_COST;
}

/* Reads one part of a cost, lo[at, end), trimmed. */
static void cost_part(struct mf_card_cursor *c, size_t end, struct cost *cost)
{
	struct mf_card_cursor part = *c;
	unsigned mana = 0;
	unsigned n;

	part.len = end;
	if (mf_card_lit(&part, "{t}") && mf_card_done(&part)) {
		cost->tap = true;
		return;
	}
	part.at = c->at;
	if (mf_card_lit(&part, "pay ") && mf_card_number(&part, &n) &&
	    mf_card_lit(&part, " life") && mf_card_done(&part)) {
		cost->life += n;
		return;
	}
	part.at = c->at;
	if (mf_card_lit(&part, "sacrifice ") && mf_card_self(&part) && mf_card_done(&part)) {
		cost->sacrifice = true;
		return;
	}
	/* "Remove a mining counter from <this>": one of those it entered with
	 * (the catalogue's reading of Gemstone Mine; the model taps a land
	 * once, so there is always one left). */
	part.at = c->at;
	if (c->x->enters_with_counters && mf_card_lit(&part, "remove a ")) {
		while (part.at < end && mf_card_is_word_char(part.s[part.at]))
			part.at++;
		if (mf_card_lit(&part, " counter from ") && mf_card_self(&part) && mf_card_done(&part))
			return;
	}
	part.at = c->at;
	while (part.at < end) {
		const char *inside;
		size_t inside_len;
		size_t len = mf_card_symbol_at(part.s, end, part.at, &inside, &inside_len);

		if (!len || (inside_len == 1 && (inside[0] == 't' || inside[0] == 'q' ||
						 inside[0] == 'e')))
			break;
		mana += symbol_mana(inside, inside_len);
		part.at += len;
	}
	if (part.at > c->at && mf_card_done(&part)) {
		cost->mana += mana;
		return;
	}
	if (cost->other == MF_CARD_WHY_NONE)
		cost->other = other_cost_why(c->s + c->at, end - c->at);
}

/* Reads the cost lo[0, n), parts separated by commas. */
static void read_cost(struct mf_card_land_ctx *x, const char *lo, size_t n, struct cost *cost)
{
	struct mf_card_cursor c = { lo, n, 0, x };

	memset(cost, 0, sizeof(*cost));
	while (c.at < n) {
		const char *comma = memchr(lo + c.at, ',', n - c.at);
		size_t end = comma ? (size_t)(comma - lo) : n;

		while (c.at < end && lo[c.at] == ' ')
			c.at++;
		cost_part(&c, end, cost);
		c.at = end + 1;
	}
}

/* ------------------------------------------------------------------ */
/* "Add ..."                                                           */

struct alts {
	size_t n;
	uint8_t mana[MF_CARD_LAND_MANA_MAX * 2][6];
};

static bool push_alt(struct alts *a, const uint8_t mana[6])
{
	if (a->n == sizeof(a->mana) / sizeof(a->mana[0]))
		return false;
	memcpy(a->mana[a->n++], mana, 6);
	return true;
}

/* One choice of an "Add" list: symbols ({W}{U}, {C}{C}), "one mana of any
 * color" or "N mana of any one color". */
static bool add_group(struct mf_card_cursor *c, struct alts *a)
{
	static const char letters[] = "wubrgc";
	uint8_t mana[6] = { 0 };
	size_t start = c->at;
	unsigned n;

	/* Exotic Orchard: the model assumes that the opponents' lands make
	 * every colour (docs/odds.md), so it makes any colour. */
	if (mf_card_lit(c, "one mana of any color that a land an opponent controls could produce") ||
	    mf_card_lit(c, "one mana of any color")) {
		for (int t = 0; t < 5; t++) {
			uint8_t one[6] = { 0 };

			one[t] = 1;
			if (!push_alt(a, one))
				return false;
		}
		return true;
	}
	if (mf_card_number(c, &n) && mf_card_lit(c, " mana of any one color")) {
		for (int t = 0; t < 5; t++) {
			uint8_t some[6] = { 0 };

			some[t] = (uint8_t)n;
			if (!push_alt(a, some))
				return false;
		}
		return true;
	}
	c->at = start;
	while (c->at + 3 <= c->len && c->s[c->at] == '{' && c->s[c->at + 2] == '}') {
		const char *t = memchr(letters, c->s[c->at + 1], 6);

		if (!t)
			break;
		if (mana[t - letters] < 255)
			mana[t - letters]++;
		c->at += 3;
	}
	if (c->at == start)
		return false;
	return push_alt(a, mana);
}

/* "Add" list up to the full stop: groups joined by ", ", " or ", ", or ". */
static bool add_list(struct mf_card_cursor *c, struct alts *a)
{
	if (!add_group(c, a))
		return false;
	while (!mf_card_stop(c)) {
		if (!(mf_card_lit(c, ", or ") || mf_card_lit(c, " or ") || mf_card_lit(c, ", ")))
			return false;
		if (!add_group(c, a))
			return false;
	}
	return true;
}

/* C made by an Urza's land while Tron is assembled: "if you control an
 * urza's ... and an urza's ..., add {c}{c} instead." */
static unsigned tron_sentence(const char *lo, size_t n)
{
	static const char head[] = "if you control an urza's ";
	static const char tail[] = " instead.";
	const char *add = NULL;
	unsigned c = 0;

	if (n < sizeof(head) + sizeof(tail) || memcmp(lo, head, sizeof(head) - 1) != 0 ||
	    memcmp(lo + n - (sizeof(tail) - 1), tail, sizeof(tail) - 1) != 0)
		return 0;
	for (size_t i = 0; i + 6 <= n && !add; i++) {
		if (memcmp(lo + i, ", add {", 7) == 0)
			add = lo + i + 6;
	}
	if (!add)
		return 0;
	while (add + 3 <= lo + n && memcmp(add, "{c}", 3) == 0) {
		c++;
		add += 3;
	}
	return add == lo + n - (sizeof(tail) - 1) ? c : 0;
}

/* "<this> deals N damage to you." (pain lands, Ancient Tomb); with a
 * condition after "to you", *conditional is set. */
static bool damage_sentence(struct mf_card_land_ctx *x, const char *lo, size_t n,
			    unsigned *life, bool *conditional)
{
	struct mf_card_cursor c = { lo, n, 0, x };

	if (!(mf_card_self(&c) && mf_card_lit(&c, " deals ") && mf_card_number(&c, life) &&
	      mf_card_lit(&c, " damage to you")))
		return false;
	*conditional = !mf_card_stop(&c);
	return true;
}

/* A rider the ability keeps: a mana replacement under a condition says what
 * it depends on; any other rider is MF_CARD_WHY_RIDER. */
static enum mf_card_land_why rider_why(const char *lo, size_t n)
{
	if (!mf_card_has_word(lo, n, "instead"))
		return MF_CARD_WHY_RIDER;
	return mf_card_land_classify(lo, n) == MF_CARD_WHY_COUNTERS ? MF_CARD_WHY_COUNTERS
		: MF_CARD_WHY_GAME_STATE;
}

static void keep_alternatives(struct mf_card_land_ctx *x, const struct alts *a,
			      const struct cost *cost, unsigned life,
			      const char *orig, size_t n)
{
	struct mf_card_land *land = x->land;
	unsigned total = cost->life + life;

	for (size_t i = 0; i < a->n; i++) {
		struct mf_card_land_mana *m;

		if (land->n_mana == MF_CARD_LAND_MANA_MAX) {
			mf_card_land_ignore(x, MF_CARD_WHY_LIMIT, orig, n, false);
			break;
		}
		m = &land->mana[land->n_mana++];
		memcpy(m->mana, a->mana[i], 6);
		m->life = (uint8_t)(total > 255 ? 255 : total);
		m->flags = cost->sacrifice ? MF_CARD_MANA_SACRIFICE : 0;
		m->ability = (uint8_t)(x->next_ability > 255 ? 255 : x->next_ability);
	}
	x->next_ability++;
}

static void mana_ability(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			 size_t n, size_t colon, const struct cost *cost)
{
	size_t start = colon + 1;
	struct mf_card_cursor c;
	struct alts a = { 0 };
	bool parsed, spend = false, conditional = false;
	enum mf_card_land_why condition = MF_CARD_WHY_NONE, why;
	unsigned life = 0, tron = 0;
	size_t end;

	while (start < n && lo[start] == ' ')
		start++;
	c = (struct mf_card_cursor){ lo, n, start, x };
	parsed = mf_card_lit(&c, "add ") && add_list(&c, &a);
	end = parsed ? c.at : start + mf_card_sentence(lo + start, n - start);
	while (end < n && lo[end] == ' ')
		end++;
	/* The sentences after the "Add" one. */
	for (size_t at = end; at < n;) {
		size_t len = mf_card_sentence(lo + at, n - at);
		unsigned dmg, t;
		bool cond = false;

		if (starts(lo + at, len, "spend this mana only"))
			spend = true;
		else if (starts(lo + at, len, "activate only") ||
			 starts(lo + at, len, "activate this ability only"))
			condition = mf_card_has_word(lo + at, len, "control")
				? MF_CARD_WHY_OTHER_PERMANENTS : MF_CARD_WHY_GAME_STATE;
		else if (damage_sentence(x, lo + at, len, &dmg, &cond))
			life += dmg, conditional |= cond;
		else if ((t = tron_sentence(lo + at, len)) != 0)
			tron = t;
		at += len;
		while (at < n && lo[at] == ' ')
			at++;
	}

	if (spend)
		why = MF_CARD_WHY_SPEND_RESTRICTION;
	else if (cost->other == MF_CARD_WHY_COUNTERS)
		why = MF_CARD_WHY_COUNTERS;
	else if (cost->mana)
		why = parsed && cost->mana == 1 && a.n > 0 ? MF_CARD_WHY_FILTER : MF_CARD_WHY_MANA_COST;
	else if (cost->other != MF_CARD_WHY_NONE)
		why = cost->other;
	else if (!cost->tap)
		why = MF_CARD_WHY_NO_TAP;
	else if (condition != MF_CARD_WHY_NONE)
		why = condition;
	else if (!parsed)
		why = mf_card_land_classify(lo + start, n - start);
	else
		why = MF_CARD_WHY_NONE;
	/* A filter turns one mana into two: every alternative makes two or more. */
	if (why == MF_CARD_WHY_FILTER) {
		for (size_t i = 0; i < a.n; i++) {
			unsigned sum = 0;

			for (int t = 0; t < 6; t++)
				sum += a.mana[i][t];
			if (sum < 2)
				why = MF_CARD_WHY_MANA_COST;
		}
	}
	if (why != MF_CARD_WHY_NONE) {
		mf_card_land_ignore(x, why, orig, n, true);
		return;
	}

	keep_alternatives(x, &a, cost, life, orig, n);
	if (tron)
		x->land->tron = (uint8_t)tron;
	/* Riders of a kept ability: listed, but the ability stands. */
	for (size_t at = end; at < n;) {
		size_t len = mf_card_sentence(lo + at, n - at);
		unsigned dmg;
		bool cond = false;

		if (damage_sentence(x, lo + at, len, &dmg, &cond) && cond)
			mf_card_land_ignore(x, mf_card_land_classify(lo + at, len), orig + at, len, false);
		else if (!damage_sentence(x, lo + at, len, &dmg, &cond) &&
			 tron_sentence(lo + at, len) == 0)
			mf_card_land_ignore(x, rider_why(lo + at, len), orig + at, len, false);
		at += len;
		while (at < n && lo[at] == ' ')
			at++;
	}
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

/* Whether lo[0, n) says "land(s)" or names a basic land type. */
static bool names_land(const struct mf_card_land_ctx *x, const char *lo, size_t n)
{
	if (mf_card_has_word(lo, n, "land") || mf_card_has_word(lo, n, "lands"))
		return true;
	for (size_t i = 0; i < n; i++) {
		struct mf_card_cursor t = { lo, n, i, x };
		uint8_t mask = 0;

		if (mf_card_word_starts_at(lo, i) && mf_card_types(&t, &mask))
			return true;
	}
	return false;
}

static void fetch_ability(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			  size_t n, size_t start, const struct cost *cost)
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
	if (!parsed && !names_land(x, lo + start, first))
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
	for (size_t at = c.at; at < n;) {
		size_t len = mf_card_sentence(lo + at, n - at);
		struct mf_card_cursor s = { lo, at + len, at, x };
		bool shuffle = mf_card_lit(&s, "then shuffle"), untap = false;

		if (shuffle)
			(void)mf_card_lit(&s, " your library");
		else
			untap = mf_card_lit(&s, "then if you control four or more lands, untap that land");
		if (untap && f.tapped && mf_card_stop(&s))
			x->land->fetch[x->land->n_fetch - 1].untap_lands = 4;
		else if (!(shuffle && mf_card_stop(&s)))
			mf_card_land_ignore(x, mf_card_land_classify(lo + at, len), orig + at, len, false);
		at += len;
		while (at < n && lo[at] == ' ')
			at++;
	}
}

void mf_card_land_activated(struct mf_card_land_ctx *x, const char *lo,
			    const char *orig, size_t n, size_t colon)
{
	struct cost cost;
	size_t start = colon + 1;

	while (start < n && lo[start] == ' ')
		start++;
	read_cost(x, lo, colon, &cost);
	if (starts(lo + start, n - start, "search your library for "))
		fetch_ability(x, lo, orig, n, start, &cost);
	else if (mf_card_has_word(lo + start, n - start, "add") ||
		 mf_card_has_word(lo + start, n - start, "adds"))
		mana_ability(x, lo, orig, n, colon, &cost);
}
