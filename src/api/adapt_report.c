/*
 * The deck report: a deck (card objects or a deck list, report_deck.c)
 * sorted into lands, spells and cards the model leaves out, the report
 * engine run on it (manaflow/report.h), and its answer as JSON
 * (report_text.c).
 */
#include "api/adapt_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/card_land.h"
#include "api/card_source.h"
#include "api/identity.h"
#include "api/json_decode.h"
#include "api/json_text.h"
#include "api/odds_fields.h"
#include "api/report_deck.h"
#include "api/report_text.h"
#include "api/report_warn.h"
#include "common/random.h"
#include "manaflow/carddb.h"
#include "manaflow/deck.h"

#define IGNORED_TEXT_MAX ((size_t)1 << 20)  /* bytes of the "ignored" cards' entries */
#define WARNINGS_TEXT_MAX ((size_t)64 << 10) /* bytes of the "warnings" entries */

/* The game fields: life, method and seed (on and policy are shared). */
static int decode_game(const cJSON *body, struct mf_report_query *q, struct mf_api_error *err)
{
	const char *method = NULL;
	int64_t life, seed;

	/* 0 until the deck is read: 40 with a commander, else 20 */
	if (mf_json_get_int(body, "", "life", false, 1, MF_MANA_LIFE_MAX, 0, &life, err) ||
	    mf_json_get_int(body, "", "seed", false, 0, (int64_t)1 << 53, 1, &seed, err) ||
	    mf_json_get_string(body, "", "method", false, 8, &method, err) ||
	    mf_api_odds_decode_on(body, &q->on_draw, err) ||
	    mf_api_odds_decode_policy(body, &q->policy, &q->custom, err))
		return -1;
	q->life = (uint32_t)life;
	q->seed = (uint64_t)seed;
	q->method = MF_ODDS_AUTO;
	if (method && strcmp(method, "exact") == 0)
		q->method = MF_ODDS_EXACT;
	else if (method && strcmp(method, "sample") == 0)
		q->method = MF_ODDS_SAMPLE;
	else if (method && strcmp(method, "auto") != 0)
		return mf_api_fail(err, "/method", "expected \"auto\", \"exact\" or \"sample\"");
	return 0;
}

/* Lists card c in "ignored" with why. */
static void ignore(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		   const char *why)
{
	MF_JSON_LIT(&b->ignored, ",{\"name\":");
	mf_json_text_string(&b->ignored, c->name);
	mf_buf_addf(&b->ignored, ",\"count\":%u,\"zone\":\"%s\",\"reason\":", c->count,
		    mf_deck_zone_name(c->zone));
	mf_json_text_string(&b->ignored, why);
	MF_JSON_LIT(&b->ignored, "}");
}

/* Whether the type line names the type Land (as a word). */
static bool says_land(const char *type_line)
{
	for (const char *p = type_line; p && (p = strstr(p, "Land")); p += 4)
		if ((p == type_line || p[-1] == ' ') && (p[4] == '\0' || p[4] == ' '))
			return true;
	return false;
}

/* The card's front face: its first face, or the card itself. */
static const struct mf_card_face *front(const struct mf_card_object *o)
{
	return o->n_faces ? &o->faces[0] : &o->card;
}

/* Whether the report reads the card as a land: its front face is one, or
 * a back face is one of a modal double-faced card (layout "modal_dfc", or
 * no layout given; a "transform" card's back face is not played as a land). */
static bool is_land_card(const struct mf_api_report_card *c)
{
	const struct mf_card_object *o = c->obj;

	if (says_land(front(o)->type_line) || (!o->n_faces && says_land(o->card.type_line)))
		return true;
	if (c->layout && strcmp(c->layout, "modal_dfc") != 0)
		return false;
	for (size_t f = 1; f < o->n_faces; f++)
		if (says_land(o->faces[f].type_line))
			return true;
	return false;
}

/* Adds count copies of catalogue land id to the deck's lands. */
static int add_land(struct mf_api_report_build *b, int32_t id, const struct mf_api_report_card *c,
		    struct mf_api_error *err)
{
	size_t k;

	for (k = 0; k < b->q.n_lands && b->lands[k] != id; k++)
		;
	if (k == b->q.n_lands) {
		if (k == MF_ODDS_LAND_KINDS_MAX)
			return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, c->at,
					    "more than %d distinct lands in the main deck",
					    MF_ODDS_LAND_KINDS_MAX);
		b->lands[k] = id;
		b->counts[k] = 0;
		b->q.n_lands++;
	}
	b->counts[k] += c->count;
	b->land_cards += c->count;
	return 0;
}

/* A land card read from its Oracle text (card_land.c); a land the model
 * cannot tap is listed as ignored. */
static int read_land(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		     const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	int32_t id;

	if (c->zone == MF_DECK_ZONE_COMMANDER) {
		ignore(b, c, "a land in the command zone: not counted");
		return 0;
	}
	if (mf_api_card_land_add(c->obj, NULL, c->at, ctx->lands, &b->acc, &id, err)) {
		if (err->problem != MF_PROBLEM_UNSUPPORTED_LAND)
			return -1;
		ignore(b, c, err->detail);
		return 0;
	}
	if (!says_land(front(c->obj)->type_line)) {
		ignore(b, c, "a modal double-faced card: counted as its land face, its spell face "
		       "not cast");
		if (!c->layout)
			mf_api_report_warn(b, "layout-guessed", "%s has no \"layout\": its land back "
					   "face was taken for a modal double-faced card's, which may be "
					   "played as the land; send Scryfall's layout (a \"transform\" "
					   "card's back face is never played as a land)", c->name);
	}
	return add_land(b, id, c, err);
}

/* Card c, a spell of the main deck, also read as a mana source that is no
 * land (card_source.h): a kind of the deck's, its spell remembered by
 * name; mana the model does not play is listed as ignored, the card still
 * cast. */
static int add_source(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		      struct mf_api_error *err)
{
	size_t before = b->src.n;
	const char *why = NULL;
	char text[240];
	int rc = mf_api_source_add(&b->src, c->obj, c->count, c->at, &why, err);

	if (rc < 0)
		return -1;
	if (rc == MF_API_SOURCE_ADDED && b->src.n > before)
		b->source_name[before] = c->name;
	if (rc == MF_API_SOURCE_UNREAD) {
		snprintf(text, sizeof(text), "its mana is not modelled (%s): cast as a spell only",
			 why);
		ignore(b, c, text);
	}
	if (rc == MF_API_SOURCE_FULL)
		ignore(b, c, "a mana source past the model's 16 kinds: cast as a spell only");
	return 0;
}

/* A card that is no land: a spell when it has a mana cost (its front
 * face's: the first face's, or the card's up to " // "), else ignored. */
static int add_spell(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		     struct mf_api_error *err)
{
	const char *cost = front(c->obj)->mana_cost;
	struct mf_mana_parse_error perr;
	struct mf_report_spell_in *s;
	char why[200];

	if (!cost || !*cost)
		cost = c->obj->card.mana_cost;
	if (!cost || !*cost) {
		ignore(b, c, "no mana cost");
		return 0;
	}
	/* the deck as a whole: which card is past the limit depends on order */
	if (b->q.n_spells == MF_REPORT_SPELLS_MAX)
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, strcmp(c->at, "/decklist") ? "/cards" :
				    "/decklist", "more than %d distinct spells",
				    MF_REPORT_SPELLS_MAX);
	s = &b->spells[b->q.n_spells];
	/* a card object without faces may give its faces' costs at once
	 * ("{1}{U}{U} // {1}{U}"): the front face's is the part before " // " */
	if (mf_mana_cost_parse(cost, strstr(cost, " // ") ? (size_t)(strstr(cost, " // ") - cost) :
			       strlen(cost), &s->cost, &perr)) {
		snprintf(why, sizeof(why), "a mana cost the model cannot read: %s", perr.reason);
		ignore(b, c, why);
		return 0;
	}
	s->name = c->name;
	s->count = c->count;
	s->commander = c->zone == MF_DECK_ZONE_COMMANDER;
	s->copies_max = mf_card_copies_max(c->obj);
	b->q.n_spells++;
	if (s->commander)
		b->commanders += c->count;
	else
		b->spell_cards += c->count;
	return s->commander ? 0 : add_source(b, c, err);
}

/* Sorts one distinct card of the deck into the lands, the spells or the
 * ignored; a sideboard or maybeboard card is not in the deck at all. */
static int sort_card(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		     const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	if (c->zone == MF_DECK_ZONE_SIDEBOARD || c->zone == MF_DECK_ZONE_MAYBEBOARD)
		return 0;
	if (c->zone == MF_DECK_ZONE_COMPANION) {
		ignore(b, c, "a companion starts outside the game: not counted");
		return 0;
	}
	if (!c->obj) {  /* a catalogue land named in a deck list */
		if (c->zone == MF_DECK_ZONE_COMMANDER) {
			ignore(b, c, "a land in the command zone: not counted");
			return 0;
		}
		return add_land(b, c->land, c, err);
	}
	if (c->land >= 0 && c->zone != MF_DECK_ZONE_COMMANDER)
		return add_land(b, c->land, c, err);
	if (is_land_card(c))
		return read_land(b, c, ctx, err);
	return add_spell(b, c, err);
}

/* The deck's colours by taw's rule over every card object given (every
 * zone, as /v1/deck/colors reads them), with the colours of the lands
 * named from the catalogue only. */
static int deck_colors(struct mf_api_report_build *b, const struct mf_api_report_deck *d,
		       struct mf_api_error *err)
{
	struct mf_card_object *objs = calloc(d->n + 1, sizeof(*objs));
	struct mf_deck_colors dc;
	size_t n = 0;
	unsigned produces = 0;

	if (!objs)
		return mf_api_fail_nomem(err);
	for (size_t i = 0; i < d->n; i++)
		if (d->cards[i].obj)
			objs[n++] = *d->cards[i].obj;
	if (mf_deck_colors(objs, n, NULL, &dc, NULL) != MF_OK)
		memset(&dc, 0, sizeof(dc));
	free(objs);
	for (size_t k = 0; k < b->q.n_lands; k++)
		produces |= mf_odds_land_colors(b->q.cat, b->lands, b->q.n_lands, k);
	b->colors = (uint8_t)((dc.produces | produces) & dc.uses & MF_CARD_WUBRG);
	return 0;
}

/* The commanders' colour identity into b->identity; whether the deck has
 * a commander. */
static bool commander_identity(struct mf_api_report_build *b, const struct mf_api_report_deck *d,
			       const struct mf_mana_catalogue *cat)
{
	uint8_t one;
	bool commander = false;

	b->identity = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (d->cards[i].zone != MF_DECK_ZONE_COMMANDER)
			continue;
		commander = true;
		if (d->cards[i].obj && mf_card_read_identity(d->cards[i].obj, &one) == MF_OK)
			b->identity |= one;
		else if (!d->cards[i].obj)  /* a catalogue land: its mana's colours */
			b->identity |= (uint8_t)mf_odds_land_colors(cat, &d->cards[i].land, 1, 0);
	}
	return commander;
}

/* The deck-building rules the advice keeps (report.h): 4 copies of a
 * card, 1 with a commander, and then the commanders' colour identity. */
static void deck_rules(struct mf_api_report_build *b, bool commander)
{
	b->q.copies_max = commander ? 1 : 4;
	b->q.off_identity = commander ? (uint8_t)(MF_CARD_WUBRG & ~b->identity) : 0;
}

/* Whether the deck holds a card of name (the catalogue's spelling). */
static bool deck_has(const struct mf_api_report_build *b, const char *name)
{
	for (size_t i = 0; i < b->q.n_spells; i++)
		if (b->spells[i].name && !strcmp(b->spells[i].name, name))
			return true;
	return false;
}

/* The sources of the built-in catalogue the advice may put in: not in the
 * deck, of its identity (with a commander) or colours (without), and the
 * cheapest first (then in the catalogue's order), one of each model, at
 * most MF_REPORT_SOURCE_CANDIDATES_MAX. */
static int source_candidates(struct mf_api_report_build *b, bool commander,
			     struct mf_api_error *err)
{
	size_t n_cat, n = 0;
	const struct mf_card_object *cat = mf_card_sources_builtin(&n_cat);
	uint8_t allowed = commander ? b->identity : b->colors;

	if (!b->src.n)  /* a deck of lands alone is counted exactly: no source lines */
		return 0;

	for (uint64_t mv = 0; mv <= 4 && n < MF_REPORT_SOURCE_CANDIDATES_MAX; mv++)
		for (size_t i = 0; i < n_cat && n < MF_REPORT_SOURCE_CANDIDATES_MAX; i++) {
			struct mf_odds_source s;
			const char *why;
			uint8_t id;
			bool uses_identity, alike = false;
			int rc;

			if (mf_card_read_identity(&cat[i], &id) || (id & ~allowed) ||
			    deck_has(b, cat[i].card.name))
				continue;
			rc = mf_api_source_read(&cat[i], b->identity, &s, &uses_identity, &why, NULL,
						"", err);
			if (rc < 0)
				return -1;
			if (rc != MF_API_SOURCE_ADDED || !s.n_options ||
			    mf_mana_cost_total(&s.cost) != mv)
				continue;
			s.name = cat[i].card.name;
			for (size_t j = 0; j < n && !alike; j++)
				alike = !memcmp(&b->candidates[j].cost, &s.cost, sizeof(s.cost)) &&
					b->candidates[j].creature == s.creature &&
					b->candidates[j].enters_tapped == s.enters_tapped &&
					b->candidates[j].filter == s.filter &&
					b->candidates[j].n_options == s.n_options &&
					!memcmp(b->candidates[j].options, s.options,
						s.n_options * sizeof(s.options[0]));
			for (size_t k = 0; k < b->src.n && !alike; k++)
				alike = !strcmp(b->src.s[k].name, s.name);
			if (!alike)
				b->candidates[n++] = s;
		}
	b->q.source_candidates = b->candidates;
	b->q.n_source_candidates = n;
	return 0;
}

/* The deck's sources in the query, each kind's spell found again among the
 * spells in their answer's order. */
static void query_sources(struct mf_api_report_build *b)
{
	for (size_t k = 0; k < b->src.n; k++) {
		b->source_spell[k] = MF_REPORT_NO_SPELL;
		for (size_t i = 0; i < b->q.n_spells; i++)
			if (b->spells[i].name == b->source_name[k])
				b->source_spell[k] = i;
	}
	b->q.sources = b->src.n ? b->src.s : NULL;
	b->q.source_counts = b->src.n ? b->src.counts : NULL;
	b->q.source_spell = b->src.n ? b->source_spell : NULL;
	b->q.n_sources = b->src.n;
}


/* The turn the report asks a spell on: its mana value, {X} as 1. */
static uint64_t spell_turn(const struct mf_report_spell_in *s)
{
	return mf_mana_cost_total(&s->cost) + s->cost.x_count;
}

/* The answer's order of spells: the commanders first, then by the turn
 * each is asked on, then by name (the deck's canonical order breaks ties:
 * a stable merge keeps it). */
static bool spell_before(const struct mf_report_spell_in *a, const struct mf_report_spell_in *b)
{
	if (a->commander != b->commander)
		return a->commander;
	return spell_turn(a) < spell_turn(b);
}

/* Insertion sort of the spells by spell_before(), stable: at most
 * MF_REPORT_SPELLS_MAX of them. */
static void order_spells(struct mf_report_spell_in *s, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct mf_report_spell_in x = s[i];
		size_t j = i;

		for (; j > 0 && spell_before(&x, &s[j - 1]); j--)
			s[j] = s[j - 1];
		s[j] = x;
	}
}

/* Sorts the deck and checks it against the report's limits. */
static int build(struct mf_api_report_build *b, const struct mf_api_report_deck *d,
		 const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	const char *at = d->from_list ? "/decklist" : "/cards";
	uint32_t size = d->zone_cards[MF_DECK_ZONE_MAIN];
	struct mf_mana_parse_error perr;
	bool commander;
	int rc;

	if (size > MF_REPORT_DECK_MAX)
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, at,
				    "%u cards in the main deck, more than %d", size, MF_REPORT_DECK_MAX);
	if (size < MF_ODDS_DECK_MIN)
		return mf_api_fail(err, at, "%u cards in the main deck: the report needs %d to %d",
				   size, MF_ODDS_DECK_MIN, MF_REPORT_DECK_MAX);
	b->q.size = size;
	commander = commander_identity(b, d, ctx->lands);
	b->src.identity = b->identity;
	for (size_t i = 0; i < d->n; i++)
		if (sort_card(b, &d->cards[i], ctx, err))
			return -1;
	/* the identity lands: those read from cards narrowed here, the
	 * catalogue's in a catalogue of their own below (api/identity.h) */
	for (size_t i = 0; i < b->acc.n; i++)
		mf_mana_land_narrow(&b->acc.lands[i], b->identity);
	if (mf_buf_error(&b->ignored))
		return mf_api_fail_buf(err, &b->ignored);
	if (!b->q.n_lands)
		return mf_api_fail(err, at, "the main deck has no land the model can use");
	if (!b->q.n_spells)
		return mf_api_fail(err, at, "the deck has no spell with a mana cost");
	order_spells(b->spells, b->q.n_spells);
	query_sources(b);
	if (b->src.n && b->q.method == MF_ODDS_EXACT)
		return mf_api_fail(err, "/method", "a deck with mana sources that are no land is "
				   "sampled: the exact count plays lands only; send \"auto\" or "
				   "\"sample\"");
	if (!b->q.life)  /* a Commander game starts at 40 */
		b->q.life = b->commanders ? 40 : 20;
	b->q.cat = ctx->lands;
	if (b->acc.n) {  /* lands read from cards: a catalogue of this request's own */
		rc = mf_mana_catalogue_extend(ctx->lands, b->acc.lands, b->acc.n, &b->own, &perr);
		if (rc)  /* each land was checked when read */
			return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
						  "the lands read from cards could not be used: %s",
						  perr.reason);
		b->q.cat = b->own;
	}
	if (mf_api_identity_lands(b->q.cat, b->lands, b->q.n_lands, b->identity, &b->narrowed, err))
		return -1;
	if (b->narrowed)
		b->q.cat = b->narrowed;
	deck_rules(b, commander);
	mf_api_report_warnings(b, d);
	if (mf_buf_error(&b->warnings))
		return mf_api_fail_buf(err, &b->warnings);
	if (deck_colors(b, d, err))
		return -1;
	return source_candidates(b, commander, err);
}

/* The failure of report query q's engine as a problem. */
static int fail_report(int rc, const struct mf_report_query *q, const struct mf_report *r,
		       struct mf_api_error *err)
{
	if (rc == MF_ERR_LIMIT && r->limit == MF_REPORT_LIMIT_BUDGET)
		return mf_api_fail_status(err, rc, MF_PROBLEM_SEARCH_BUDGET, NULL,
					  "the report needs more than %llu units of work; send "
					  "\"method\":\"sample\"",
					  (unsigned long long)(q->budget ? q->budget :
							       MF_REPORT_BUDGET_DEFAULT));
	if (rc == MF_ERR_LIMIT)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, NULL,
					  "the deck is past a limit of the odds (a cost too large)");
	return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, NULL,
				  "the report could not be computed: %s", mf_status_str(rc));
}

static void build_free(struct mf_api_report_build *b)
{
	mf_api_card_lands_free(&b->acc);
	mf_api_sources_free(&b->src);
	mf_mana_catalogue_free(b->own);
	mf_mana_catalogue_free(b->narrowed);
	mf_buf_free(&b->ignored);
	mf_buf_free(&b->warnings);
	free(b);
}

int mf_api_deck_report(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		       struct mf_api_error *err)
{
	static const char *const keys[] = { "cards", "decklist", "on", "policy", "life", "method",
					    "seed", NULL };
	struct mf_api_report_deck d = { 0 };
	struct mf_api_report_build *b;
	struct mf_report r = { 0 };
	int rc = -1;

	if (mf_json_expect_object(body, "", keys, err))
		return -1;
	b = calloc(1, sizeof(*b));  /* about 40 KiB: not on a worker's stack */
	if (!b)
		return mf_api_fail_nomem(err);
	mf_buf_init(&b->ignored, IGNORED_TEXT_MAX);
	mf_api_sources_init(&b->src, 0);
	mf_buf_init(&b->warnings, WARNINGS_TEXT_MAX);
	b->q.lands = b->lands;
	b->q.counts = b->counts;
	b->q.spells = b->spells;
	b->q.stop = ctx->stop;
	b->q.budget = ctx->report_budget;
	b->q.lanes = ctx->lanes;
	b->q.advice = true;
	if (decode_game(body, &b->q, err) || mf_api_report_deck_decode(body, ctx, &d, err) ||
	    build(b, &d, ctx, err))
		goto out;
	/* a sample's games are a function of the deck's contents and the seed
	 * asked: the same deck in any form or order, the same answer */
	b->q.seed = mf_mix64(b->q.seed ^ mf_api_report_deck_hash(&d));
	rc = mf_report_compute(&b->q, &r);
	if (rc) {
		rc = fail_report(rc, &b->q, &r, err);
		goto out;
	}
	rc = mf_api_report_text(b, &r, out) ? mf_api_fail_buf(err, out) : 0;
out:
	mf_report_free(&r);
	mf_api_report_deck_free(&d);
	build_free(b);
	return rc ? -1 : 0;
}
