/*
 * The reader of mana sources that are no land (manaflow/card.h,
 * mf_card_source_read): a card's faces that are no land, their kind by the
 * type line, and the lines of their Oracle text that are not activated
 * abilities of a creature or an artifact: entering tapped, choosing a
 * colour, rituals, tokens, land search, and the mana of other kinds of
 * permanents. Activated abilities are in source_ability.c.
 */
#include "manaflow/card.h"

#include <string.h>

#include "card/cursor.h"
#include "card/ignored.h"
#include "card/source_ability.h"
#include "card/text.h"

/* ------------------------------------------------------------------ */
/* Lines                                                               */

/* Whether the line creates tokens that make mana: Treasure, Gold,
 * Powerstone, Eldrazi Spawn and Scion, or tokens with an "Add" ability. */
static bool makes_mana_tokens(const char *lo, size_t n)
{
	static const char *const kinds[] = {
		"treasure", "treasures", "gold", "powerstone", "powerstones", "spawn", "scion",
		"add",
	};

	if (!(mf_card_has_word(lo, n, "create") || mf_card_has_word(lo, n, "creates")))
		return false;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (mf_card_has_word(lo, n, kinds[i]))
			return true;
	}
	return false;
}

/* Whether the line puts lands from the library onto the battlefield: a
 * "search your library for" that names a land before "onto the
 * battlefield" (Rampant Growth, Cultivate, Sakura-Tribe Elder). */
static bool searches_lands(const struct mf_card_source_ctx *s, const char *lo, size_t n)
{
	static const char search[] = "search your library for";
	static const char onto[] = "onto the battlefield";

	for (size_t i = 0; i < n; i++) {
		if (!mf_card_starts(lo + i, n - i, search))
			continue;
		for (size_t j = i + sizeof(search) - 1; j < n; j++) {
			if (mf_card_starts(lo + j, n - j, onto))
				return mf_card_names_land(&s->line, lo + i, j - i);
		}
		return false;
	}
	return false;
}

/* "As <this> enters [the battlefield], choose a color." (Coldsteel Heart). */
static bool choose_color(const struct mf_card_source_ctx *s, const char *lo, size_t n)
{
	struct mf_card_cursor c = { lo, n, 0, &s->line };

	return mf_card_lit(&c, "as ") && mf_card_self(&c) && mf_card_lit(&c, " ") &&
	       mf_card_enters(&c) && mf_card_lit(&c, ", choose a color") && mf_card_stop(&c) &&
	       mf_card_done(&c);
}

/* A line of a creature or an artifact that is no activated ability:
 * entering tapped, not untapping, "If <this> would enter", the colour
 * choice (read in the first pass); any other that adds mana is listed by
 * its words. */
static void static_line(struct mf_card_source_ctx *s, const char *lo, const char *orig, size_t n)
{
	struct mf_card_cursor c = { lo, n, 0, &s->line };

	if (mf_card_self(&c) && mf_card_lit(&c, " ") && mf_card_enters(&c) &&
	    mf_card_lit(&c, " tapped")) {
		s->source->enters_tapped = true;
		/* "... tapped and with three charge counters on it." (Sphere of
		 * the Suns): what removes them is listed on its own. */
		if (mf_card_lit(&c, " with ") || mf_card_lit(&c, " and with "))
			return;
		/* With a condition it may enter tapped: taken as tapped, listed. */
		if (!mf_card_stop(&c))
			mf_card_land_ignore(&s->line, MF_CARD_WHY_NOT_UNDERSTOOD, orig, n, false);
		else if (!mf_card_done(&c))
			static_line(s, lo + c.at, orig + c.at, n - c.at);
		return;
	}
	c.at = 0;
	/* Basalt Monolith, Mana Vault: a source that taps once. Read, and listed. */
	if (mf_card_self(&c) && mf_card_lit(&c, " doesn't untap")) {
		mf_card_land_ignore(&s->line, mf_card_land_classify(lo, n), orig, n, false);
		return;
	}
	c.at = 0;
	/* Mox Diamond: one that needs a land card in hand. Read, and listed. */
	if (mf_card_lit(&c, "if ") && mf_card_self(&c) && mf_card_lit(&c, " would enter")) {
		mf_card_land_ignore(&s->line, MF_CARD_WHY_GAME_STATE, orig, n, false);
		return;
	}
	if (choose_color(s, lo, n))
		return;
	if (mf_card_has_word(lo, n, "add") || mf_card_has_word(lo, n, "adds"))
		mf_card_land_ignore(&s->line, mf_card_land_classify(lo, n), orig, n, true);
}

/* A level up card's "LEVEL 1-4" or "LEVEL 5+" line. */
static bool level_line(const char *lo, size_t n)
{
	return mf_card_starts(lo, n, "level ") && n > 6 && lo[6] >= '0' && lo[6] <= '9';
}

/* One line body of the face: mana tokens and land search on any face, the
 * mana of a face that is neither creature nor artifact listed, the others'
 * activated abilities and static lines read. */
static void read_line(struct mf_card_source_ctx *s, const char *lo, const char *orig, size_t n)
{
	bool adds = mf_card_has_word(lo, n, "add") || mf_card_has_word(lo, n, "adds");
	size_t colon;

	/* Joraga Treespeaker: what follows needs level counters. */
	if (level_line(lo, n)) {
		s->leveled = true;
		return;
	}
	if (s->leveled && adds) {
		mf_card_land_ignore(&s->line, MF_CARD_WHY_COUNTERS, orig, n, true);
		return;
	}

	if (makes_mana_tokens(lo, n)) {
		mf_card_land_ignore(&s->line, MF_CARD_WHY_TOKENS, orig, n, true);
		return;
	}
	if (searches_lands(s, lo, n)) {
		mf_card_land_ignore(&s->line, MF_CARD_WHY_LAND_SEARCH, orig, n, true);
		return;
	}
	if (s->source->kind == MF_CARD_SOURCE_NONE) {
		if (adds)
			mf_card_land_ignore(&s->line, s->spell ? MF_CARD_WHY_RITUAL
					    : MF_CARD_WHY_NOT_PERMANENT_KIND, orig, n, true);
		return;
	}
	colon = mf_card_ability_colon(lo, n);
	if (colon < n)
		mf_card_source_activated(s, lo, orig, n, colon);
	else
		static_line(s, lo, orig, n);
}

/* ------------------------------------------------------------------ */
/* Faces                                                               */

/* What the type line makes of a face: a land (*land), an instant or a
 * sorcery (*spell), and its kind as a source. */
static enum mf_card_source_kind face_kind(const char *type_line, bool *land, bool *spell)
{
	char lo[MF_CARD_TEXT_MAX];
	size_t n = type_line ? strlen(type_line) : 0;

	for (size_t i = 0; i < n; i++)
		lo[i] = mf_card_lower(type_line[i]);
	*land = mf_card_has_word(lo, n, "land");
	*spell = mf_card_has_word(lo, n, "instant") || mf_card_has_word(lo, n, "sorcery");
	if (mf_card_has_word(lo, n, "creature"))
		return MF_CARD_SOURCE_CREATURE;
	if (mf_card_has_word(lo, n, "artifact"))
		return MF_CARD_SOURCE_ARTIFACT;
	return MF_CARD_SOURCE_NONE;
}

/* Calls each clean line body of text (lower case and as printed) with fn:
 * the two passes over a face share it. */
static void each_line(struct mf_card_source_ctx *s, const char *text,
		      void (*fn)(struct mf_card_source_ctx *, const char *, const char *, size_t))
{
	char lo[MF_CARD_TEXT_MAX], orig[MF_CARD_TEXT_MAX];
	size_t len = strlen(text), pos = 0, start, n, skip;

	while (mf_card_next_line(text, len, &pos, &start, &n)) {
		n = mf_card_clean_line(text + start, n, lo, orig);
		n = mf_card_line_body(lo, n, &skip);
		if (n > 0)
			fn(s, lo + skip, orig + skip, n);
	}
}

/* The first pass: whether the face chooses a colour as it enters, which
 * "the chosen color" of a mana ability needs, wherever the line is. */
static void find_choice(struct mf_card_source_ctx *s, const char *lo, const char *orig,
			size_t n)
{
	(void)orig;
	if (choose_color(s, lo, n))
		s->color_chosen = true;
}

/* Reads one face that is no land into *src. Returns whether it is an entry:
 * a mana ability read, or a clause that makes mana not read. */
static bool read_face(const struct mf_card_face *face, size_t index,
		      enum mf_card_source_kind kind, bool spell, struct mf_card_source *src)
{
	struct mf_card_land scratch;
	struct mf_card_source_ctx s;
	const char *text = face->oracle_text ? face->oracle_text : "";

	memset(src, 0, sizeof(*src));
	memset(&scratch, 0, sizeof(scratch));
	mf_card_ctx_init(&s.line, &scratch, face->name);
	s.source = src;
	s.spell = spell;
	s.color_chosen = false;
	s.leveled = false;
	src->name = face->name;
	src->mana_cost = face->mana_cost;
	src->face = index;
	src->kind = kind;

	each_line(&s, text, find_choice);
	each_line(&s, text, read_line);

	src->n_mana = scratch.n_mana;
	memcpy(src->mana, scratch.mana, sizeof(src->mana));
	src->n_ignored = scratch.n_ignored;
	src->n_ignored_total = scratch.n_ignored_total;
	memcpy(src->ignored, scratch.ignored, sizeof(src->ignored));
	src->unsupported = src->n_mana ? MF_CARD_WHY_NONE : s.line.first_mana_why;
	return src->n_mana > 0 || s.line.first_mana_why != MF_CARD_WHY_NONE;
}

/* Reads one face of card into the next entry of out, unless it is a land
 * or says nothing of mana. */
static void read_card_face(const struct mf_card_face *face, size_t index,
			   struct mf_card_sources *out)
{
	bool land, spell;
	enum mf_card_source_kind kind = face_kind(face->type_line, &land, &spell);

	if (!land && read_face(face, index, kind, spell, &out->faces[out->n]))
		out->n++;
}

int mf_card_source_read(const struct mf_card_object *card, struct mf_card_sources *out)
{
	int rc;

	out->n = 0;
	rc = mf_card_check(card);
	if (rc != MF_OK)
		return rc;
	if (card->n_faces == 0) {
		read_card_face(&card->card, MF_CARD_LAND_CARD, out);
		return MF_OK;
	}
	for (size_t f = 0; f < card->n_faces; f++)
		read_card_face(&card->faces[f], f, out);
	return MF_OK;
}
