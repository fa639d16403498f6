/*
 * The land reader (manaflow/card.h, mf_card_land_read): a card's land faces,
 * their type lines, and the lines of their Oracle text that are not
 * activated abilities: entering tapped, shock and reveal choices, bounce,
 * City of Brass's damage. Activated abilities are in land_ability.c.
 */
#include "manaflow/card.h"

#include <string.h>

#include "card/cursor.h"
#include "card/ignored.h"
#include "card/land_ability.h"
#include "card/oracle.h"
#include "card/text.h"

/* ------------------------------------------------------------------ */
/* Lines that are not activated abilities                              */

static void static_line(struct mf_card_land_ctx *x, const char *lo, const char *orig, size_t n);

/* "<this> enters [the battlefield] tapped[ unless ...| with ...]." */
static bool enters_tapped(struct mf_card_land_ctx *x, struct mf_card_cursor *c,
			  const char *orig)
{
	struct mf_card_land *land = x->land;
	unsigned n;
	size_t unless;

	if (!(mf_card_self(c) && mf_card_lit(c, " ") && mf_card_enters(c) &&
	      mf_card_lit(c, " tapped")))
		return false;
	if (mf_card_stop(c)) {
		/* "This land enters tapped. As it enters, choose a color ..." */
		land->enters = MF_CARD_ENTERS_TAPPED;
		if (!mf_card_done(c))
			static_line(x, c->s + c->at, orig + c->at, c->len - c->at);
		return true;
	}
	/* Depletion and Vivid lands: "tapped with two ... counters on it." */
	if (mf_card_lit(c, " with ")) {
		land->enters = MF_CARD_ENTERS_TAPPED;
		return true;
	}
	unless = c->at;
	if (mf_card_lit(c, " unless you control ")) {
		size_t cond = c->at;
		uint8_t types = 0;

		if (mf_card_number(c, &n) && mf_card_lit(c, " or fewer other lands") && mf_card_stop(c)) {
			land->enters = MF_CARD_ENTERS_UNLESS_FEW_LANDS;
			land->enters_count = (uint8_t)n;
			return true;
		}
		c->at = cond;
		if (mf_card_number(c, &n) && mf_card_lit(c, " or more other lands") && mf_card_stop(c)) {
			land->enters = MF_CARD_ENTERS_UNLESS_MANY_LANDS;
			land->enters_count = (uint8_t)n;
			return true;
		}
		c->at = cond;
		if (mf_card_number(c, &n) && mf_card_lit(c, " or more basic lands") && mf_card_stop(c)) {
			land->enters = MF_CARD_ENTERS_UNLESS_BASICS;
			land->enters_count = (uint8_t)n;
			return true;
		}
		c->at = cond;
		if (mf_card_types(c, &types) && mf_card_stop(c)) {
			land->enters = MF_CARD_ENTERS_UNLESS_TYPES;
			land->enters_types = types;
			return true;
		}
	}
	land->enters = MF_CARD_ENTERS_CONDITIONAL;
	mf_card_land_ignore(x, mf_card_land_classify(c->s + unless, c->len - unless),
			    orig, c->len, false);
	return true;
}

/* "If you control N or more other lands, <this> enters [the battlefield]
 * tapped." (Hive of the Eye Tyrant): untapped with at most N - 1 others. */
static bool enters_tapped_if_many(struct mf_card_land_ctx *x, struct mf_card_cursor *c)
{
	unsigned n;

	if (!(mf_card_lit(c, "if you control ") && mf_card_number(c, &n) && n >= 1 &&
	      mf_card_lit(c, " or more other lands, ") && mf_card_self(c) && mf_card_lit(c, " ") &&
	      mf_card_enters(c) && mf_card_lit(c, " tapped") && mf_card_stop(c) && mf_card_done(c)))
		return false;
	x->land->enters = MF_CARD_ENTERS_UNLESS_FEW_LANDS;
	x->land->enters_count = (uint8_t)(n - 1);
	return true;
}

/* "Each land is a <type> in addition to its other land types." (Urborg,
 * Tomb of Yawgmoth): this land has the type too, so it taps for its mana;
 * what it does to the other lands is listed as ignored. */
static bool type_for_each_land(struct mf_card_land_ctx *x, struct mf_card_cursor *c,
			       const char *orig)
{
	uint8_t types = 0;

	if (!(mf_card_lit(c, "each land is ") && mf_card_types(c, &types) &&
	      mf_card_lit(c, " in addition to its other land types") && mf_card_stop(c) &&
	      mf_card_done(c)))
		return false;
	for (unsigned t = 0; t < 5; t++) {
		struct mf_card_land_mana *m;

		if (!(types >> t & 1) || (x->land->basic_types >> t & 1) ||
		    x->land->n_mana == MF_CARD_LAND_MANA_MAX)
			continue;
		m = &x->land->mana[x->land->n_mana++];
		memset(m, 0, sizeof(*m));
		m->mana[t] = 1;
		m->flags = MF_CARD_MANA_IMPLICIT;
		m->ability = (uint8_t)x->next_ability++;
	}
	mf_card_land_ignore(x, MF_CARD_WHY_OTHER_LANDS, orig, c->len, false);
	return true;
}

/* "As <this> enters [the battlefield], you may pay N life | reveal a[n]
 * <types> card from your hand. If you don't, <this> enters [...] tapped." */
static bool enters_choice(struct mf_card_land_ctx *x, struct mf_card_cursor *c,
			  const char *orig)
{
	struct mf_card_land *land = x->land;
	size_t choice;
	unsigned life = 0;
	uint8_t types = 0;
	bool pay = false, reveal = false;

	if (!(mf_card_lit(c, "as ") && mf_card_self(c) && mf_card_lit(c, " ") &&
	      mf_card_enters(c) && mf_card_lit(c, ", you may ")))
		return false;
	choice = c->at;
	if (mf_card_lit(c, "pay ") && mf_card_number(c, &life) && mf_card_lit(c, " life"))
		pay = true;
	else if ((c->at = choice, mf_card_lit(c, "reveal ")) && mf_card_types(c, &types) &&
		 mf_card_lit(c, " card from your hand"))
		reveal = true;
	if ((pay || reveal) && mf_card_stop(c) && mf_card_lit(c, "if you don't, ") &&
	    mf_card_self(c) && mf_card_lit(c, " ") && mf_card_enters(c) &&
	    mf_card_lit(c, " tapped") && mf_card_stop(c) && mf_card_done(c)) {
		land->enters = pay ? MF_CARD_ENTERS_PAY_LIFE : MF_CARD_ENTERS_UNLESS_REVEAL;
		land->enters_life = (uint8_t)life;
		land->enters_types = types;
		return true;
	}
	if (!mf_card_has_word(c->s, c->len, "tapped"))
		return false;
	/* Revealing a Giant card: what the hand holds. */
	land->enters = MF_CARD_ENTERS_CONDITIONAL;
	mf_card_land_ignore(x, MF_CARD_WHY_GAME_STATE, orig, c->len, false);
	return true;
}

/* "When <this> enters [the battlefield], return a land you control to its
 * owner's hand." and "..., sacrifice it unless you return an untapped
 * <type> | a non-Lair land you control to its owner's hand." */
static bool bounce(struct mf_card_land_ctx *x, struct mf_card_cursor *c)
{
	struct mf_card_land *land = x->land;
	size_t what;
	uint8_t types = 0;
	bool untapped = false;

	if (!(mf_card_lit(c, "when ") && mf_card_self(c) && mf_card_lit(c, " ") &&
	      mf_card_enters(c) && mf_card_lit(c, ", ")))
		return false;
	if (mf_card_lit(c, "return a land")) {
		what = c->at;
	} else if (mf_card_lit(c, "sacrifice it unless you return ")) {
		what = c->at;
		if (mf_card_lit(c, "an untapped ") && mf_card_types(c, &types))
			untapped = true;
		else if (!(c->at = what, mf_card_lit(c, "a non-lair land")))
			return false;
	} else {
		return false;
	}
	if (!(mf_card_lit(c, " you control to its owner's hand") && mf_card_stop(c) &&
	      mf_card_done(c)))
		return false;
	land->bounce = true;
	land->bounce_types = types;
	land->bounce_untapped = untapped;
	return true;
}

/* "Whenever <this> becomes tapped, it deals N damage to you." */
static bool tap_damage(struct mf_card_land_ctx *x, struct mf_card_cursor *c)
{
	unsigned n;

	if (!(mf_card_lit(c, "whenever ") && mf_card_self(c) &&
	      mf_card_lit(c, " becomes tapped, ") && mf_card_self(c) &&
	      mf_card_lit(c, " deals ") && mf_card_number(c, &n) &&
	      mf_card_lit(c, " damage to you") && mf_card_stop(c) && mf_card_done(c)))
		return false;
	x->tap_damage += n;
	return true;
}

static void static_line(struct mf_card_land_ctx *x, const char *lo, const char *orig, size_t n)
{
	struct mf_card_cursor c = { lo, n, 0, x };

	/* In 2019 wording only hideaway's reminder text says it enters tapped. */
	if (mf_card_word_at(lo, n, 0, "hideaway")) {
		x->land->enters = MF_CARD_ENTERS_TAPPED;
		return;
	}
	/* Gemstone Mine, the Vivid lands: removing one of these counters is
	 * a free cost to the model (land_ability.c), whose land taps once. */
	if (mf_card_has_word(lo, n, "enters") && mf_card_has_word(lo, n, "with") &&
	    mf_card_has_word(lo, n, "counters") && n >= 6 && memcmp(lo + n - 6, "on it.", 6) == 0)
		x->enters_with_counters = true;
	if (enters_tapped(x, &c, orig) || (c.at = 0, enters_choice(x, &c, orig)) ||
	    (c.at = 0, enters_tapped_if_many(x, &c)) || (c.at = 0, type_for_each_land(x, &c, orig)) ||
	    (c.at = 0, bounce(x, &c)) || (c.at = 0, tap_damage(x, &c)))
		return;
	c.at = 0;
	if (mf_card_lit(&c, "if ") && mf_card_self(&c) && mf_card_lit(&c, " would enter")) {
		/* "... sacrifice a Forest instead": it cannot come alone. */
		mf_card_land_ignore(x, MF_CARD_WHY_OTHER_PERMANENTS, orig, n, false);
		return;
	}
	c.at = 0;
	if (mf_card_lit(&c, "when ") && mf_card_self(&c) && mf_card_lit(&c, " ") &&
	    mf_card_enters(&c) && mf_card_lit(&c, ", sacrifice it unless you pay {")) {
		mf_card_land_ignore(x, MF_CARD_WHY_EXTRA_COST, orig, n, false);
		return;
	}
	if (mf_card_has_word(lo, n, "add") || mf_card_has_word(lo, n, "adds")) {
		mf_card_land_ignore(x, mf_card_land_classify(lo, n), orig, n, true);
		return;
	}
	if (mf_card_has_word(lo, n, "enters") && mf_card_has_word(lo, n, "tapped")) {
		if (x->land->enters == MF_CARD_ENTERS_UNTAPPED)
			x->land->enters = MF_CARD_ENTERS_CONDITIONAL;
		mf_card_land_ignore(x, MF_CARD_WHY_NOT_UNDERSTOOD, orig, n, false);
	}
}

static void read_line(struct mf_card_land_ctx *x, const char *lo, const char *orig, size_t n)
{
	size_t skip, colon;

	n = mf_card_line_body(lo, n, &skip);
	if (n == 0)
		return;
	colon = mf_card_ability_colon(lo + skip, n);
	if (colon < n)
		mf_card_land_activated(x, lo + skip, orig + skip, n, colon);
	else
		static_line(x, lo + skip, orig + skip, n);
}

/* ------------------------------------------------------------------ */
/* Faces                                                               */

/* Whether a type line has the word "Land", and its supertypes. */
static bool land_type_line(const char *type_line, uint8_t *supertypes)
{
	char lo[MF_CARD_TEXT_MAX];
	size_t n = type_line ? strlen(type_line) : 0;

	for (size_t i = 0; i < n; i++)
		lo[i] = mf_card_lower(type_line[i]);
	*supertypes = (uint8_t)((mf_card_has_word(lo, n, "basic") ? MF_CARD_LAND_BASIC : 0) |
				(mf_card_has_word(lo, n, "snow") ? MF_CARD_LAND_SNOW : 0) |
				(mf_card_has_word(lo, n, "legendary") ? MF_CARD_LAND_LEGENDARY : 0));
	return mf_card_has_word(lo, n, "land");
}

/* Two alternatives are the same when all but their ability index agree. */
static bool same_mana(const struct mf_card_land_mana *a, const struct mf_card_land_mana *b)
{
	return memcmp(a->mana, b->mana, sizeof(a->mana)) == 0 && a->life == b->life &&
	       a->flags == b->flags;
}

static void finish(struct mf_card_land_ctx *x)
{
	struct mf_card_land *land = x->land;
	size_t kept = 0;

	for (size_t i = 0; i < land->n_mana; i++) {
		unsigned life = land->mana[i].life + x->tap_damage;
		bool dup = false;

		land->mana[i].life = (uint8_t)(life > 255 ? 255 : life);
		for (size_t j = 0; j < kept && !dup; j++)
			dup = same_mana(&land->mana[j], &land->mana[i]);
		if (!dup)
			land->mana[kept++] = land->mana[i];
	}
	land->n_mana = (uint8_t)kept;
	for (size_t i = 0; i < land->n_fetch; i++) {
		unsigned life = land->fetch[i].life + x->tap_damage;

		land->fetch[i].life = (uint8_t)(life > 255 ? 255 : life);
	}
	if (land->n_mana + land->n_fetch > 0)
		land->unsupported = MF_CARD_WHY_NONE;
	else if (x->first_mana_why != MF_CARD_WHY_NONE)
		land->unsupported = x->first_mana_why;
	else
		land->unsupported = MF_CARD_WHY_NO_MANA;
}

static void read_face(const struct mf_card_face *face, size_t index, uint8_t supertypes,
		      struct mf_card_land *land)
{
	char lo[MF_CARD_TEXT_MAX], orig[MF_CARD_TEXT_MAX];
	struct mf_card_land_ctx x;
	const char *text = face->oracle_text ? face->oracle_text : "";
	size_t len = strlen(text), pos = 0, start, n;

	memset(land, 0, sizeof(*land));
	mf_card_ctx_init(&x, land, face->name);
	land->name = face->name;
	land->face = index;
	land->supertypes = supertypes;
	if (face->type_line)
		land->basic_types = (uint8_t)mf_card_type_line_produces(face->type_line,
									strlen(face->type_line));
	/* Each basic land type has "{T}: Add <its colour>." */
	for (unsigned t = 0; t < 5; t++) {
		if (land->basic_types & (1u << t)) {
			struct mf_card_land_mana *m = &land->mana[land->n_mana++];

			m->mana[t] = 1;
			m->flags = MF_CARD_MANA_IMPLICIT;
			m->ability = (uint8_t)x.next_ability++;
		}
	}
	while (mf_card_next_line(text, len, &pos, &start, &n)) {
		n = mf_card_clean_line(text + start, n, lo, orig);
		read_line(&x, lo, orig, n);
	}
	finish(&x);
}

int mf_card_land_read(const struct mf_card_object *card, struct mf_card_lands *out)
{
	uint8_t supertypes;
	int rc;

	out->n = 0;
	rc = mf_card_check(card);
	if (rc != MF_OK)
		return rc;

	if (card->n_faces == 0) {
		if (land_type_line(card->card.type_line, &supertypes))
			read_face(&card->card, MF_CARD_LAND_CARD, supertypes, &out->faces[out->n++]);
		return MF_OK;
	}
	for (size_t f = 0; f < card->n_faces; f++) {
		if (land_type_line(card->faces[f].type_line, &supertypes))
			read_face(&card->faces[f], f, supertypes, &out->faces[out->n++]);
	}
	return MF_OK;
}

const char *mf_card_land_why_text(enum mf_card_land_why why)
{
	static const char *const text[MF_CARD_WHY_COUNT] = {
		[MF_CARD_WHY_NONE] = "",
		[MF_CARD_WHY_SPEND_RESTRICTION] = "mana with a spending restriction",
		[MF_CARD_WHY_FILTER] = "filter ability with a mana cost",
		[MF_CARD_WHY_MANA_COST] = "activated ability with a mana cost",
		[MF_CARD_WHY_OTHER_PERMANENTS] = "needs other permanents",
		[MF_CARD_WHY_COUNTERS] = "needs counters",
		[MF_CARD_WHY_GAME_STATE] = "depends on the game state",
		[MF_CARD_WHY_EXTRA_COST] = "cost other than tapping, life or sacrificing the land",
		[MF_CARD_WHY_NO_TAP] = "mana ability that does not tap the land",
		[MF_CARD_WHY_TRIGGERED] = "mana from a triggered ability",
		[MF_CARD_WHY_RIDER] = "another effect of a mana ability",
		[MF_CARD_WHY_NOT_UNDERSTOOD] = "text not understood",
		[MF_CARD_WHY_LIMIT] = "beyond the reader's limits",
		[MF_CARD_WHY_NO_MANA] = "no mana ability",
		[MF_CARD_WHY_OTHER_LANDS] = "what it makes the other lands is not modelled: it taps "
					    "for that type's mana itself",
		[MF_CARD_WHY_RITUAL] = "an instant or sorcery's mana, once",
		[MF_CARD_WHY_TOKENS] = "mana from tokens (Treasure)",
		[MF_CARD_WHY_LAND_SEARCH] = "puts lands from the library onto the battlefield",
		[MF_CARD_WHY_NOT_PERMANENT_KIND] = "a mana ability of a permanent that is neither "
						   "creature nor artifact",
	};

	if ((unsigned)why >= MF_CARD_WHY_COUNT)
		return "unknown";
	return text[why];
}
