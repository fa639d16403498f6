/*
 * A land given as a card object, from printed text to the mana model:
 * src/card reads the card (mf_card_land_read), and this file maps what it
 * read onto struct mf_mana_land, listing every clause the model cannot hold
 * (docs/api.md, "Lands as card objects").
 */
#include "api/card_land.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/card.h"
#include "api/json_decode.h"
#include "api/json_text.h"

/* The most life one ability may cost in the model: the card reader counts
 * up to 255, which stands for "255 or more", and the solver keeps 255 for
 * "cannot". */
#define LIFE_HELD_MAX 254

#define IGNORED_TEXT_MAX (4u << 20)  /* bytes of "ignored" entries in one query */

static void add_ignored(struct mf_api_card_lands *acc, const char *land, const char *clause,
			const char *why)
{
	if (mf_buf_len(&acc->ignored))
		MF_JSON_LIT(&acc->ignored, ",");
	MF_JSON_LIT(&acc->ignored, "{\"land\":");
	mf_json_text_string(&acc->ignored, land);
	MF_JSON_LIT(&acc->ignored, ",\"clause\":");
	mf_json_text_string(&acc->ignored, clause);
	MF_JSON_LIT(&acc->ignored, ",\"why\":");
	mf_json_text_string(&acc->ignored, why);
	MF_JSON_LIT(&acc->ignored, "}");
}

/* The clause text of mana alternative a, for the ignored list. */
static void mana_clause(const struct mf_card_land_mana *a, char out[64])
{
	size_t n = 0;

	n += (size_t)snprintf(out, 64, "{T}%s: Add ", a->life ? " and life" : "");
	for (int t = 0; t < 6 && n < 56; t++)
		for (unsigned k = 0; k < a->mana[t] && n < 56; k++)
			n += (size_t)snprintf(out + n, 64 - n, "{%c}", "WUBRGC"[t]);
}

static unsigned mana_size(const uint8_t mana[6])
{
	unsigned n = 0;

	for (int t = 0; t < 6; t++)
		n += mana[t];
	return n;
}

/* The alternatives the model can hold: one making several mana must be the
 * land's only one, and a land with basic land types or the Basic supertype
 * makes one mana a tap. */
static void map_mana(const struct mf_card_land *d, struct mf_mana_land *m,
		     struct mf_api_card_lands *acc, bool list)
{
	bool single_only = d->basic_types || (d->supertypes & MF_CARD_LAND_BASIC) || d->n_mana > 1;
	char clause[64];

	for (unsigned i = 0; i < d->n_mana; i++) {
		const struct mf_card_land_mana *a = &d->mana[i];
		struct mf_mana_land_option *o;

		if (single_only && mana_size(a->mana) > 1) {
			mana_clause(a, clause);
			if (list)
				add_ignored(acc, m->name, clause,
					    "several mana in one tap beside other ways to tap it");
			continue;
		}
		if (a->flags & MF_CARD_MANA_IDENTITY) {  /* the colours narrowing keeps */
			for (int t = 0; t < MF_MANA_C; t++)
				if (a->mana[t])
					m->identity |= (uint8_t)(1u << t);
			continue;
		}
		if (a->life >= LIFE_HELD_MAX + 1) {
			mana_clause(a, clause);
			if (list)
				add_ignored(acc, m->name, clause,
					    "costs more life than the model holds (254 at most)");
			continue;
		}
		o = &m->options[m->n_options++];
		memcpy(o->mana, a->mana, sizeof(o->mana));
		o->life = a->life;
	}
}

/* One fetch of the model: the first fetch ability, and those that differ
 * from it only in the land types they find. */
static void map_fetch(const struct mf_card_land *d, struct mf_mana_land *m,
		      struct mf_api_card_lands *acc, bool list)
{
	const struct mf_card_land_fetch *first = NULL;

	for (unsigned i = 0; i < d->n_fetch; i++) {
		const struct mf_card_land_fetch *f = &d->fetch[i];
		const char *why = NULL;

		if (m->n_options)
			why = "a fetch beside a mana ability: the land is tapped for mana";
		else if (d->basic_types || (d->supertypes & MF_CARD_LAND_BASIC))
			why = "a fetch on a land with basic land types";
		else if (f->basic && !f->any_basic)
			why = "searches for a basic land of a given type, which the model cannot tell "
			      "from a non-basic land of that type";
		else if (f->life > LIFE_HELD_MAX)
			why = "costs more life than the model holds (254 at most)";
		else if (first && (f->life != first->life || f->tapped != first->tapped ||
				   f->untap_lands != first->untap_lands || f->any_basic != first->any_basic))
			why = "a second fetch unlike the first";
		if (why) {
			if (list)
				add_ignored(acc, m->name, "Search your library for a land card", why);
			continue;
		}
		if (!first) {
			first = f;
			m->fetch_life = f->life;
			m->fetch_tapped = f->tapped;
			m->fetch_untap_at = f->untap_lands;
		}
		m->fetch_types |= f->any_basic ? MF_MANA_FETCH_BASIC : (uint8_t)(f->types & MF_CARD_WUBRG);
	}
}

/* The colours (bit t for W..G) m's alternatives make. */
static unsigned made_colors(const struct mf_mana_land *m)
{
	unsigned mask = 0;

	for (unsigned i = 0; i < m->n_options; i++)
		for (int t = 0; t < 5; t++)
			if (m->options[i].mana[t])
				mask |= 1u << t;
	return mask;
}

/* A condition of the board that the model reads, for a land no fetch can
 * find: at most or at least N other lands (fast lands, Hive of the Eye
 * Tyrant, slow lands), or a land of the basic land types of the colours it
 * makes (check lands). Sets m's condition (and the cycle's kind when it is
 * a cycle's) and returns true; false for any other condition. */
static bool map_condition(const struct mf_card_land *d, struct mf_mana_land *m)
{
	switch (d->enters) {
	case MF_CARD_ENTERS_UNLESS_FEW_LANDS:
	case MF_CARD_ENTERS_UNLESS_MANY_LANDS:
		if (d->enters_count > MF_MANA_ETB_LANDS_MAX)
			return false;
		m->etb_if = d->enters == MF_CARD_ENTERS_UNLESS_FEW_LANDS ? MF_MANA_IF_FEW_LANDS :
			    MF_MANA_IF_MANY_LANDS;
		m->etb_lands = d->enters_count;
		if (d->enters_count == 2)
			m->kind = d->enters == MF_CARD_ENTERS_UNLESS_FEW_LANDS ? MF_MANA_KIND_FAST :
				  MF_MANA_KIND_SLOW;
		return true;
	case MF_CARD_ENTERS_UNLESS_TYPES:
		if ((d->enters_types & MF_CARD_WUBRG) != made_colors(m))
			return false;
		m->etb_if = MF_MANA_IF_TYPES;
		m->kind = MF_MANA_KIND_CHECK;
		return true;
	default:
		return false;
	}
}

/* How the land enters, when a fetch finds it or when it is played: "you may
 * pay N life, if you don't it enters tapped" is an untapped land for N life
 * (untap_life: a shock land 2, a modal double-faced card's land face 3).
 * Reads m's alternatives: map_mana() comes first. */
static void map_enters(const struct mf_card_land *d, struct mf_mana_land *m,
		       struct mf_api_card_lands *acc, bool list)
{
	bool fetchable = d->basic_types || (d->supertypes & MF_CARD_LAND_BASIC);

	switch (d->enters) {
	case MF_CARD_ENTERS_UNTAPPED:
		m->etb = MF_MANA_ETB_UNTAPPED;
		return;
	case MF_CARD_ENTERS_TAPPED:
		m->etb = MF_MANA_ETB_TAPPED;
		return;
	case MF_CARD_ENTERS_PAY_LIFE:
		if (d->enters_life <= LIFE_HELD_MAX) {
			m->etb = MF_MANA_ETB_UNTAPPED;
			m->untap_life = d->enters_life;
			return;
		}
		break;
	default:
		break;
	}
	/* Untapped under a condition: a fetch takes it as tapped; played, it
	 * enters by the condition when the model reads it, else tapped; on the
	 * battlefield it is untapped as listed. */
	m->etb = fetchable ? MF_MANA_ETB_TAPPED : MF_MANA_ETB_CONDITIONAL;
	if (!fetchable)
		map_condition(d, m);
	if (fetchable && list)
		add_ignored(acc, m->name, "enters tapped unless a condition holds",
			    "the condition cannot be told from the query: fetched, it enters tapped");
}

/* d as the solver's land (m->name kept, the rest rewritten); list: add its
 * ignored clauses to acc. */
static void to_mana_land(const struct mf_card_land *d, struct mf_mana_land *m,
			 struct mf_api_card_lands *acc, bool list)
{
	char name[sizeof(m->name)];

	memcpy(name, m->name, sizeof(name));
	memset(m, 0, sizeof(*m));
	memcpy(m->name, name, sizeof(name));
	m->kind = MF_MANA_KIND_OTHER;
	m->basic_types = d->basic_types & MF_CARD_WUBRG;
	m->supertypes = (uint8_t)((d->supertypes & MF_CARD_LAND_BASIC ? MF_MANA_SUPER_BASIC : 0) |
				  (d->supertypes & MF_CARD_LAND_SNOW ? MF_MANA_SUPER_SNOW : 0));
	m->tron = d->tron;
	for (unsigned i = 0; list && i < d->n_ignored; i++)
		add_ignored(acc, m->name, d->ignored[i].text, mf_card_land_why_text(d->ignored[i].why));
	map_mana(d, m, acc, list);
	if (m->identity && (m->n_options || d->n_fetch)) {
		/* the commander's colours beside other mana: the other mana only */
		if (list)
			add_ignored(acc, m->name, "one mana of any color in your commander's color "
				    "identity", "beside other ways to tap it: not modelled");
		m->identity = 0;
	}
	map_fetch(d, m, acc, list);
	map_enters(d, m, acc, list);
	if (m->tron && (m->n_options != 1 || mana_size(m->options[0].mana) != 1 ||
			!m->options[0].mana[MF_MANA_C] || m->options[0].life)) {
		if (list)
			add_ignored(acc, m->name, "Tron", "more C with the other Urza's lands, beside other "
				    "ways to tap it");
		m->tron = 0;
	}
}

/* The land face named face (NULL: the first) into *pick; an unknown name
 * is an invalid field at at/face. */
static int pick_face(const char *face, const char *at, const struct mf_card_lands *lands,
		     size_t *pick, struct mf_api_error *err)
{
	char ptr[MF_JSON_POINTER_MAX];

	*pick = 0;
	if (!face)
		return 0;
	for (size_t i = 0; i < lands->n; i++)
		if (strcmp(lands->faces[i].name ? lands->faces[i].name : "", face) == 0) {
			*pick = i;
			return 0;
		}
	mf_json_pointer_key(ptr, at, "face");
	return mf_api_fail(err, ptr, "the card has no land face named \"%.*s\"",
			   mf_json_utf8_prefix(face, 128), face);
}

/* Index of m among the catalogue (same name, same model) or acc's lands,
 * or -1. */
static int32_t find_same(const struct mf_mana_catalogue *cat, const struct mf_api_card_lands *acc,
			 const struct mf_mana_land *m)
{
	int32_t i = mf_mana_catalogue_find(cat, m->name, strlen(m->name));

	if (i >= 0 && mf_api_land_same(mf_mana_catalogue_land(cat, (size_t)i), m))
		return i;
	for (size_t k = 0; k < acc->n; k++)
		if (mf_api_land_same(&acc->lands[k], m))
			return (int32_t)(mf_mana_catalogue_size(cat) + k);
	return -1;
}

static bool has_option(const struct mf_mana_land *l, const struct mf_mana_land_option *o)
{
	for (unsigned i = 0; i < l->n_options; i++)
		if (l->options[i].life == o->life && memcmp(l->options[i].mana, o->mana, sizeof(o->mana)) == 0)
			return true;
	return false;
}

bool mf_api_land_same(const struct mf_mana_land *a, const struct mf_mana_land *b)
{
	if (strcmp(a->name, b->name) != 0 || a->basic_types != b->basic_types ||
	    a->supertypes != b->supertypes || a->etb != b->etb || a->etb_if != b->etb_if ||
	    a->etb_lands != b->etb_lands || a->fetch_types != b->fetch_types ||
	    a->fetch_life != b->fetch_life || a->fetch_tapped != b->fetch_tapped ||
	    a->fetch_untap_at != b->fetch_untap_at || a->untap_life != b->untap_life ||
	    a->tron != b->tron || a->n_options != b->n_options)
		return false;
	for (unsigned i = 0; i < a->n_options; i++)
		if (!has_option(b, &a->options[i]))
			return false;
	return true;
}

/* Lists the clauses land m (read from face d of lands, or from every face
 * when d is NULL) leaves out, once per land: each face's, and the faces
 * not taken. */
static void list_clauses(const struct mf_card_lands *lands, const struct mf_card_land *d,
			 const struct mf_mana_land *m, struct mf_api_card_lands *acc)
{
	struct mf_mana_land again;

	for (size_t f = 0; f < lands->n; f++) {
		if (d && &lands->faces[f] != d) {
			add_ignored(acc, m->name, lands->faces[f].name ? lands->faces[f].name : "",
				    "another land face of the card, not taken: \"face\" named one, or the "
				    "faces differ in more than their mana");
			continue;
		}
		memcpy(again.name, m->name, sizeof(again.name));
		to_mana_land(&lands->faces[f], &again, acc, true);
	}
}

static bool seen_before(struct mf_api_card_lands *acc, int32_t index)
{
	for (size_t k = 0; k < acc->n_seen; k++)
		if (acc->seen[k] == index)
			return true;
	return false;
}

/* Whether a and b are one land but for their alternatives. */
static bool alike_but_mana(const struct mf_mana_land *a, const struct mf_mana_land *b)
{
	return a->basic_types == b->basic_types && a->supertypes == b->supertypes &&
	       a->etb == b->etb && a->etb_if == b->etb_if && a->etb_lands == b->etb_lands &&
	       !a->fetch_types && !b->fetch_types && a->untap_life == b->untap_life &&
	       !a->tron && !b->tron;
}

/* A card with several land faces and no face named (a pathway) is one land
 * that chooses its face when played: m becomes the land named as the card
 * whose alternatives are every face's, when the faces are alike but for
 * their mana (the same entering, no fetch) and their alternatives fit.
 * Returns true when m was so made; false leaves m as the first face. */
static bool either_face(const struct mf_card_object *card, const struct mf_card_lands *lands,
			struct mf_api_card_lands *acc, struct mf_mana_land *m)
{
	struct mf_mana_land all = *m, f;
	size_t len = strlen(card->card.name ? card->card.name : "");

	if (lands->n < 2 || !len || len > MF_MANA_LAND_NAME_MAX)
		return false;
	for (size_t i = 1; i < lands->n; i++) {
		memset(&f, 0, sizeof(f));
		to_mana_land(&lands->faces[i], &f, acc, false);
		if (!alike_but_mana(&all, &f) || !f.n_options)
			return false;
		for (unsigned k = 0; k < f.n_options; k++) {
			if (has_option(&all, &f.options[k]))
				continue;
			if (all.n_options == MF_MANA_LAND_OPTIONS_MAX)
				return false;
			all.options[all.n_options++] = f.options[k];
		}
	}
	if (!all.n_options)
		return false;
	memset(all.name, 0, sizeof(all.name));
	memcpy(all.name, card->card.name, len);
	all.kind = MF_MANA_KIND_OTHER;
	*m = all;
	return true;
}

/* Reads the card into *m (zeroed first), without listing its clauses:
 * the face named, else the card as one land of either face when it has
 * several alike (*face_out NULL), else its first land face. */
static int read_land(const struct mf_card_object *card, const char *face, const char *at,
		     struct mf_mana_land *m, const struct mf_card_land **face_out,
		     struct mf_card_lands *lands, struct mf_api_card_lands *acc,
		     struct mf_api_error *err)
{
	const struct mf_card_land *d;
	char ptr[MF_JSON_POINTER_MAX];
	size_t pick, len;

	if (mf_card_land_read(card, lands) != MF_OK)
		return mf_api_fail(err, at, "the card could not be read");
	if (!lands->n)
		return mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
				    "\"%.*s\" is not a land: no face's type line says Land",
				    mf_json_utf8_prefix(card->card.name, 128), card->card.name);
	if (pick_face(face, at, lands, &pick, err))
		return -1;
	d = *face_out = &lands->faces[pick];
	len = strlen(d->name ? d->name : "");
	if (!len || len > MF_MANA_LAND_NAME_MAX) {
		mf_json_pointer_key(ptr, at, "name");
		return mf_api_fail(err, ptr, "a land's name must be 1 to %d bytes", MF_MANA_LAND_NAME_MAX);
	}
	memset(m, 0, sizeof(*m));
	memcpy(m->name, d->name, len);
	to_mana_land(d, m, acc, false);
	if (!face && m->n_options && either_face(card, lands, acc, m)) {
		*face_out = NULL;
		return 0;
	}
	if (!m->n_options && !m->fetch_types && !m->identity) {
		const char *why = mf_card_land_why_text(d->unsupported != MF_CARD_WHY_NONE ?
							d->unsupported : MF_CARD_WHY_NO_MANA);

		if (d->n_mana)  /* read, but the model holds none of it */
			return mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
					    "\"%s\" leaves nothing the model can tap: several mana in one "
					    "tap beside other ways to tap it", m->name);
		if (d->n_fetch)
			return mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
					    "\"%s\" leaves nothing the model can tap: a fetch the model "
					    "cannot hold (docs/api.md)", m->name);
		if (d->n_ignored)
			return mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
					    "\"%s\" leaves nothing the model can tap: %s (\"%s\")",
					    m->name, why, d->ignored[0].text);
		return mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
				    "\"%s\" leaves nothing the model can tap: %s", m->name, why);
	}
	return 0;
}

int mf_api_card_land_decode(const cJSON *node, const char *at, const struct mf_mana_catalogue *cat,
			    struct mf_api_card_lands *acc, int32_t *index, struct mf_api_error *err)
{
	struct mf_card_face faces[MF_CARD_FACES_MAX];
	struct mf_card_object card;
	const char *face = NULL;

	if (mf_api_card_decode(node, at, &card, faces, err) ||
	    mf_json_get_string(node, at, "face", false, MF_CARD_TEXT_MAX, &face, err))
		return -1;
	return mf_api_card_land_add(&card, face, at, cat, acc, index, err);
}

int mf_api_card_land_add(const struct mf_card_object *card, const char *face, const char *at,
			 const struct mf_mana_catalogue *cat, struct mf_api_card_lands *acc,
			 int32_t *index, struct mf_api_error *err)
{
	struct mf_card_lands *lands;
	const struct mf_card_land *d = NULL;
	struct mf_mana_land m;
	struct mf_mana_parse_error perr;
	int32_t i;
	int rc = -1;

	if (!acc->n_cards)
		mf_buf_init(&acc->ignored, IGNORED_TEXT_MAX);
	lands = malloc(sizeof(*lands));  /* about 10 KiB: not on a worker's stack */
	if (!lands)
		return mf_api_fail_nomem(err);
	if (read_land(card, face, at, &m, &d, lands, acc, err))
		goto out;
	acc->n_cards++;
	i = find_same(cat, acc, &m);
	if (i < 0) {
		struct mf_mana_land *grown;

		if (acc->n == MF_API_CARD_LANDS_MAX) {
			mf_api_failp(err, MF_PROBLEM_TOO_LARGE, at,
				     "more than %d distinct lands given as cards in one query",
				     MF_API_CARD_LANDS_MAX);
			goto out;
		}
		if (mf_mana_land_check(&m, &perr) != MF_OK) {
			mf_api_failp(err, MF_PROBLEM_UNSUPPORTED_LAND, at,
				     "\"%s\" cannot be modelled: %s", m.name, perr.reason);
			goto out;
		}
		grown = realloc(acc->lands, (acc->n + 1) * sizeof(*grown));
		if (!grown) {
			mf_api_fail_nomem(err);
			goto out;
		}
		acc->lands = grown;
		acc->lands[acc->n] = m;
		i = (int32_t)(mf_mana_catalogue_size(cat) + acc->n++);
	}
	if (!seen_before(acc, i)) {
		int32_t *grown = realloc(acc->seen, (acc->n_seen + 1) * sizeof(*grown));

		if (!grown) {
			mf_api_fail_nomem(err);
			goto out;
		}
		acc->seen = grown;
		acc->seen[acc->n_seen++] = i;
		list_clauses(lands, d, &m, acc);
		if (mf_buf_error(&acc->ignored)) {
			mf_api_fail_buf(err, &acc->ignored);
			goto out;
		}
	}
	*index = i;
	rc = 0;
out:
	free(lands);
	return rc;
}

int mf_api_card_lands_ignored_json(const struct mf_api_card_lands *acc, struct mf_buf *out)
{
	if (!acc->n_cards)
		return 0;
	MF_JSON_LIT(out, ",\"ignored\":[");
	mf_buf_add(out, mf_buf_ptr(&acc->ignored), mf_buf_len(&acc->ignored));
	return MF_JSON_LIT(out, "]");
}

void mf_api_card_lands_free(struct mf_api_card_lands *acc)
{
	free(acc->lands);
	free(acc->seen);
	mf_buf_free(&acc->ignored);
	memset(acc, 0, sizeof(*acc));
}
