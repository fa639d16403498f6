/*
 * The shared parts of an activated mana ability (card/mana_clause.h): its
 * cost, its "Add ..." list and the sentences after it (damage, Tron,
 * restrictions, riders), and keeping what it makes.
 */
#include "card/mana_clause.h"

#include <string.h>

#include "card/cursor.h"
#include "card/ignored.h"
#include "card/text.h"

/* ------------------------------------------------------------------ */
/* The cost                                                            */

/* Mana a symbol's inside costs: a number its value, any other symbol 1;
 * *number says whether it is a number. */
static unsigned symbol_mana(const char *inside, size_t n, bool *number)
{
	unsigned v = 0;

	*number = false;
	for (size_t i = 0; i < n; i++) {
		if (inside[i] < '0' || inside[i] > '9')
			return 1;
		v = v * 10 + (unsigned)(inside[i] - '0');
		if (v > 255)
			v = 255;
	}
	*number = n > 0;
	return n ? v : 1;
}

/* The reason of a cost part that is neither {T}, mana, life nor sacrificing
 * the face itself. */
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
static void cost_part(struct mf_card_cursor *c, size_t end, struct mf_card_cost *cost)
{
	struct mf_card_cursor part = *c;
	unsigned mana = 0, generic = 0;
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
		unsigned v;
		bool number;

		if (!len || (inside_len == 1 && (inside[0] == 't' || inside[0] == 'q' ||
						 inside[0] == 'e')))
			break;
		v = symbol_mana(inside, inside_len, &number);
		mana += v;
		generic += number ? v : 0;
		part.at += len;
	}
	if (part.at > c->at && mf_card_done(&part)) {
		cost->mana += mana;
		cost->generic += generic;
		return;
	}
	if (cost->other == MF_CARD_WHY_NONE)
		cost->other = other_cost_why(c->s + c->at, end - c->at);
}

void mf_card_read_cost(const struct mf_card_land_ctx *x, const char *lo, size_t n,
		       struct mf_card_cost *cost)
{
	struct mf_card_cursor c = { lo, n, 0, x };

	memset(cost, 0, sizeof(*cost));
	cost->other = MF_CARD_WHY_NONE;
	while (c.at < n) {
		const char *comma = memchr(lo + c.at, ',', n - c.at);
		size_t end = comma ? (size_t)(comma - lo) : n;

		c.at = mf_card_skip_blanks(lo, end, c.at);
		cost_part(&c, end, cost);
		c.at = end + 1;
	}
}

/* ------------------------------------------------------------------ */
/* "Add ..."                                                           */

/* Appends one alternative; false when a is full (the list is not read). */
static bool push_alt(struct mf_card_alts *a, const uint8_t mana[6], uint8_t flags)
{
	if (a->n == MF_CARD_ALTS_MAX)
		return false;
	a->flags[a->n] = flags;
	memcpy(a->mana[a->n++], mana, 6);
	return true;
}

/* Five alternatives: amount of one colour each, with flags. */
static bool push_five(struct mf_card_alts *a, unsigned amount, uint8_t flags)
{
	for (int t = 0; t < 5; t++) {
		uint8_t one[6] = { 0 };

		one[t] = (uint8_t)amount;
		if (!push_alt(a, one, flags))
			return false;
	}
	return true;
}

/* One choice of an "Add" list: symbols ({W}{U}, {C}{C}), "one mana of any
 * color" or "N mana of any one color", and with choices the commander's
 * identity and the chosen colour. */
static bool add_group(struct mf_card_cursor *c, struct mf_card_alts *a, bool choices)
{
	static const char letters[] = "wubrgc";
	uint8_t mana[6] = { 0 };
	size_t start = c->at;
	unsigned n;

	if (choices && mf_card_lit(c, "one mana of any color in your commander's color identity")) {
		a->identity = true;
		return push_five(a, 1, MF_CARD_MANA_IDENTITY);
	}
	if (choices && mf_card_lit(c, "one mana of the chosen color")) {
		a->chosen = true;
		return push_five(a, 1, MF_CARD_MANA_CHOSEN);
	}
	/* Exotic Orchard: the model assumes that the opponents' lands make
	 * every colour (docs/odds.md), so it makes any colour. */
	if (mf_card_lit(c, "one mana of any color that a land an opponent controls could produce") ||
	    mf_card_lit(c, "one mana of any color"))
		return push_five(a, 1, 0);
	if (mf_card_number(c, &n) && mf_card_lit(c, " mana of any one color"))
		return push_five(a, n, 0);
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
	return push_alt(a, mana, 0);
}

/* "Add" list up to the full stop: groups joined by ", ", " or ", ", or ". */
static bool add_list(struct mf_card_cursor *c, struct mf_card_alts *a, bool choices)
{
	if (!add_group(c, a, choices))
		return false;
	while (!mf_card_stop(c)) {
		if (!(mf_card_lit(c, ", or ") || mf_card_lit(c, " or ") || mf_card_lit(c, ", ")))
			return false;
		if (!add_group(c, a, choices))
			return false;
	}
	return true;
}

bool mf_card_damage_sentence(const struct mf_card_land_ctx *x, const char *lo, size_t n,
			     unsigned *life, bool *conditional)
{
	struct mf_card_cursor c = { lo, n, 0, x };

	if (!(mf_card_self(&c) && mf_card_lit(&c, " deals ") && mf_card_number(&c, life) &&
	      mf_card_lit(&c, " damage to you")))
		return false;
	*conditional = !mf_card_stop(&c);
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

/* A rider the ability keeps: a mana replacement under a condition says what
 * it depends on; any other rider is MF_CARD_WHY_RIDER. */
static enum mf_card_land_why rider_why(const char *lo, size_t n)
{
	if (!mf_card_has_word(lo, n, "instead"))
		return MF_CARD_WHY_RIDER;
	return mf_card_land_classify(lo, n) == MF_CARD_WHY_COUNTERS ? MF_CARD_WHY_COUNTERS
		: MF_CARD_WHY_GAME_STATE;
}

void mf_card_read_mana_effect(const struct mf_card_land_ctx *x, const char *lo, size_t n,
			      size_t colon, bool choices, struct mf_card_mana_effect *e)
{
	size_t start = mf_card_skip_blanks(lo, n, colon + 1);
	struct mf_card_cursor c = { lo, n, start, x };

	memset(e, 0, sizeof(*e));
	e->condition = MF_CARD_WHY_NONE;
	e->start = start;
	e->parsed = mf_card_lit(&c, "add ") && add_list(&c, &e->alts, choices);
	e->end = mf_card_skip_blanks(lo, n, e->parsed ? c.at
				     : start + mf_card_sentence(lo + start, n - start));
	for (size_t at = e->end, len = 0; at < n; at = mf_card_skip_blanks(lo, n, at + len)) {
		unsigned dmg;
		bool cond = false;

		len = mf_card_sentence(lo + at, n - at);
		if (mf_card_starts(lo + at, len, "spend this mana only"))
			e->spend = true;
		else if (mf_card_starts(lo + at, len, "activate only") ||
			 mf_card_starts(lo + at, len, "activate this ability only"))
			e->condition = mf_card_has_word(lo + at, len, "control")
				? MF_CARD_WHY_OTHER_PERMANENTS : MF_CARD_WHY_GAME_STATE;
		else if (mf_card_damage_sentence(x, lo + at, len, &dmg, &cond))
			e->life += dmg, e->life_conditional |= cond;
		else if (tron_sentence(lo + at, len) != 0)
			e->tron = tron_sentence(lo + at, len);
	}
}

enum mf_card_land_why mf_card_mana_why(const char *lo, size_t n, const struct mf_card_cost *cost,
				       const struct mf_card_mana_effect *e,
				       enum mf_card_land_why cost_why)
{
	if (e->spend)
		return MF_CARD_WHY_SPEND_RESTRICTION;
	if (cost->other == MF_CARD_WHY_COUNTERS)
		return MF_CARD_WHY_COUNTERS;
	if (cost_why != MF_CARD_WHY_NONE)
		return cost_why;
	if (cost->other != MF_CARD_WHY_NONE)
		return cost->other;
	if (!cost->tap)
		return MF_CARD_WHY_NO_TAP;
	if (e->condition != MF_CARD_WHY_NONE)
		return e->condition;
	if (!e->parsed)
		return mf_card_land_classify(lo + e->start, n - e->start);
	return MF_CARD_WHY_NONE;
}

void mf_card_keep_alternatives(struct mf_card_land_ctx *x, const struct mf_card_alts *a,
			       uint8_t flags, unsigned life, const char *orig, size_t n)
{
	struct mf_card_land *land = x->land;

	for (size_t i = 0; i < a->n; i++) {
		struct mf_card_land_mana *m;

		if (land->n_mana == MF_CARD_LAND_MANA_MAX) {
			mf_card_land_ignore(x, MF_CARD_WHY_LIMIT, orig, n, false);
			break;
		}
		m = &land->mana[land->n_mana++];
		memcpy(m->mana, a->mana[i], 6);
		m->life = (uint8_t)(life > 255 ? 255 : life);
		m->flags = (uint8_t)(flags | a->flags[i]);
		m->ability = (uint8_t)(x->next_ability > 255 ? 255 : x->next_ability);
	}
	x->next_ability++;
}

void mf_card_list_riders(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			 size_t n, const struct mf_card_mana_effect *e, bool tron_read)
{
	for (size_t at = e->end, len = 0; at < n; at = mf_card_skip_blanks(lo, n, at + len)) {
		unsigned dmg;
		bool cond = false, damage;

		len = mf_card_sentence(lo + at, n - at);
		damage = mf_card_damage_sentence(x, lo + at, len, &dmg, &cond);
		if (damage && cond)
			mf_card_land_ignore(x, mf_card_land_classify(lo + at, len), orig + at, len, false);
		else if (!damage && !(tron_read && tron_sentence(lo + at, len) != 0))
			mf_card_land_ignore(x, rider_why(lo + at, len), orig + at, len, false);
	}
}
