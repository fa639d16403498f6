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
#include "api/json_decode.h"
#include "api/json_text.h"
#include "api/odds_fields.h"
#include "api/report_deck.h"
#include "api/report_text.h"
#include "api/report_warn.h"
#include "common/random.h"
#include "manaflow/deck.h"

#define IGNORED_TEXT_MAX ((size_t)1 << 20)  /* bytes of the "ignored" cards' entries */
#define WARNINGS_TEXT_MAX ((size_t)64 << 10) /* bytes of the "warnings" entries */

/* The game fields: life, method and seed (on and policy are shared). */
static int decode_game(const cJSON *body, struct mf_report_query *q, struct mf_api_error *err)
{
	const char *method = NULL;
	int64_t life, seed;

	if (mf_json_get_int(body, "", "life", false, 1, MF_MANA_LIFE_MAX, 20, &life, err) ||
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

/* A card that is no land: a spell when it has a mana cost (its front
 * face's: the first face's, or the card's up to " // "), else ignored. */
static int add_spell(struct mf_api_report_build *b, const struct mf_api_report_card *c,
		     struct mf_api_error *err)
{
	const char *cost = front(c->obj)->mana_cost;
	struct mf_mana_parse_error perr;
	struct mf_report_spell_in *s;
	struct mf_card_colors colors;
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
	/* an instant or a sorcery that makes mana (a ritual, a Scion token)
	 * is no source on the battlefield: only permanents are listed */
	if (!strstr(front(c->obj)->type_line ? front(c->obj)->type_line : "", "Instant") &&
	    !strstr(front(c->obj)->type_line ? front(c->obj)->type_line : "", "Sorcery") &&
	    mf_card_read_colors(c->obj, &colors) == MF_OK && colors.produces)
		ignore(b, c, "non-land mana source, not counted: cast as a spell, but its mana is "
		       "left out of the lands");
	return 0;
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

/* The deck-building rules the advice keeps (report.h): 4 copies of a
 * card, 1 with a commander, and then the commanders' colour identity. */
static void deck_rules(struct mf_api_report_build *b, const struct mf_api_report_deck *d)
{
	uint8_t identity = 0, one;
	bool commander = false;

	for (size_t i = 0; i < d->n; i++) {
		if (d->cards[i].zone != MF_DECK_ZONE_COMMANDER)
			continue;
		commander = true;
		if (d->cards[i].obj && mf_card_read_identity(d->cards[i].obj, &one) == MF_OK)
			identity |= one;
		else if (!d->cards[i].obj)  /* a catalogue land: its mana's colours */
			identity |= mf_odds_land_colors(b->q.cat, &d->cards[i].land, 1, 0);
	}
	b->q.copies_max = commander ? 1 : 4;
	b->q.off_identity = commander ? (uint8_t)(MF_CARD_WUBRG & ~identity) : 0;
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
	int rc;

	if (size > MF_REPORT_DECK_MAX)
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, at,
				    "%u cards in the main deck, more than %d", size, MF_REPORT_DECK_MAX);
	if (size < MF_ODDS_DECK_MIN)
		return mf_api_fail(err, at, "%u cards in the main deck: the report needs %d to %d",
				   size, MF_ODDS_DECK_MIN, MF_REPORT_DECK_MAX);
	b->q.size = size;
	for (size_t i = 0; i < d->n; i++)
		if (sort_card(b, &d->cards[i], ctx, err))
			return -1;
	if (mf_buf_error(&b->ignored))
		return mf_api_fail_buf(err, &b->ignored);
	if (!b->q.n_lands)
		return mf_api_fail(err, at, "the main deck has no land the model can use");
	if (!b->q.n_spells)
		return mf_api_fail(err, at, "the deck has no spell with a mana cost");
	order_spells(b->spells, b->q.n_spells);
	b->q.cat = ctx->lands;
	if (b->acc.n) {  /* lands read from cards: a catalogue of this request's own */
		rc = mf_mana_catalogue_extend(ctx->lands, b->acc.lands, b->acc.n, &b->own, &perr);
		if (rc)  /* each land was checked when read */
			return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
						  "the lands read from cards could not be used: %s",
						  perr.reason);
		b->q.cat = b->own;
	}
	deck_rules(b, d);
	mf_api_report_warnings(b, d);
	if (mf_buf_error(&b->warnings))
		return mf_api_fail_buf(err, &b->warnings);
	return deck_colors(b, d, err);
}

/* The report engine's failure as a problem. */
static int fail_report(int rc, const struct mf_report *r, struct mf_api_error *err)
{
	if (rc == MF_ERR_LIMIT && r->limit == MF_REPORT_LIMIT_BUDGET)
		return mf_api_fail_status(err, rc, MF_PROBLEM_SEARCH_BUDGET, NULL,
					  "the report needs more than %llu units of work; send "
					  "\"method\":\"sample\"",
					  (unsigned long long)MF_REPORT_BUDGET_DEFAULT);
	if (rc == MF_ERR_LIMIT)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, NULL,
					  "the deck is past a limit of the odds (a cost too large)");
	return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, NULL,
				  "the report could not be computed: %s", mf_status_str(rc));
}

static void build_free(struct mf_api_report_build *b)
{
	mf_api_card_lands_free(&b->acc);
	mf_mana_catalogue_free(b->own);
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
	mf_buf_init(&b->warnings, WARNINGS_TEXT_MAX);
	b->q.lands = b->lands;
	b->q.counts = b->counts;
	b->q.spells = b->spells;
	b->q.stop = ctx->stop;
	b->q.advice = true;
	if (decode_game(body, &b->q, err) || mf_api_report_deck_decode(body, ctx, &d, err) ||
	    build(b, &d, ctx, err))
		goto out;
	/* a sample's games are a function of the deck's contents and the seed
	 * asked: the same deck in any form or order, the same answer */
	b->q.seed = mf_mix64(b->q.seed ^ mf_api_report_deck_hash(&d));
	rc = mf_report_compute(&b->q, &r);
	if (rc) {
		rc = fail_report(rc, &r, err);
		goto out;
	}
	rc = mf_api_report_text(b, &r, out) ? mf_api_fail_buf(err, out) : 0;
out:
	mf_report_free(&r);
	mf_api_report_deck_free(&d);
	build_free(b);
	return rc ? -1 : 0;
}
