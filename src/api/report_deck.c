/* The deck of a report, from card objects or a deck list: see
 * report_deck.h. */
#include "api/report_deck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/card.h"
#include "common/hash.h"
#include "common/random.h"
#include "api/json_decode.h"
#include "api/json_text.h"
#include "manaflow/carddb.h"

#define KEY_MAX 512  /* bytes of a name key compared (longer names match none) */

static const char *const zone_names[] = { "main", "sideboard", "commander", "companion",
					  "maybeboard" };

/* The zone called name into *zone; false for none. */
static bool zone_by_name(const char *name, enum mf_deck_zone *zone)
{
	for (size_t z = 0; z < sizeof(zone_names) / sizeof(zone_names[0]); z++)
		if (strcmp(name, zone_names[z]) == 0) {
			*zone = (enum mf_deck_zone)z;
			return true;
		}
	return false;
}

/* Appends the card (obj, land, zone) to d, or adds count to the same card
 * of the same zone met before. 0, or -1 out of memory. */
static int add_card(struct mf_api_report_deck *d, const struct mf_api_report_card *c)
{
	struct mf_api_report_card *grown;

	for (size_t i = 0; i < d->n; i++) {
		struct mf_api_report_card *k = &d->cards[i];
		bool same = c->obj ? k->obj == c->obj ||
			    (!d->from_list && k->obj && strcmp(k->name, c->name) == 0) :
			    !k->obj && k->land == c->land;

		if (same && k->zone == c->zone) {
			k->count += c->count;
			d->zone_cards[c->zone] += c->count;
			return 0;
		}
	}
	grown = realloc(d->cards, (d->n + 1) * sizeof(*grown));
	if (!grown)
		return -1;
	d->cards = grown;
	d->cards[d->n++] = *c;
	d->zone_cards[c->zone] += c->count;
	return 0;
}

/* One element of "cards": the object, its count, zone and layout. */
static int decode_entry(const cJSON *node, const char *at, struct mf_api_report_deck *d,
			size_t i, size_t used_faces, struct mf_api_error *err)
{
	struct mf_api_report_card c = { .land = -1 };
	const char *zone = NULL;
	char ptr[MF_JSON_POINTER_MAX];
	int64_t count;

	if (mf_api_card_decode(node, at, &d->objs[i], d->faces + used_faces, err) ||
	    mf_json_get_int(node, at, "count", false, 1, MF_API_REPORT_COUNT_MAX, 1, &count, err) ||
	    mf_json_get_string(node, at, "zone", false, 16, &zone, err) ||
	    mf_json_get_string(node, at, "layout", false, 64, &c.layout, err))
		return -1;
	c.zone = MF_DECK_ZONE_MAIN;
	if (zone && !zone_by_name(zone, &c.zone)) {
		mf_json_pointer_key(ptr, at, "zone");
		return mf_api_fail(err, ptr, "expected \"main\", \"sideboard\", \"commander\", "
				   "\"companion\" or \"maybeboard\", got \"%s\"", zone);
	}
	c.obj = &d->objs[i];
	c.name = c.obj->card.name;
	c.count = (uint32_t)count;
	snprintf(c.at, sizeof(c.at), "%s", at);
	if (add_card(d, &c))
		return mf_api_fail_nomem(err);
	return 0;
}

/* "cards": Scryfall card objects, as /v1/deck/colors takes them. */
static int decode_cards(const cJSON *cards, size_t n, struct mf_api_report_deck *d,
			struct mf_api_error *err)
{
	const cJSON *node;
	size_t i = 0, used_faces = 0;

	d->objs = calloc(n ? n : 1, sizeof(*d->objs));
	d->faces = calloc(mf_api_card_count_faces(cards) + 1, sizeof(*d->faces));
	if (!d->objs || !d->faces)
		return mf_api_fail_nomem(err);
	cJSON_ArrayForEach(node, cards) {
		char at[MF_JSON_POINTER_MAX];

		mf_json_pointer_index(at, "/cards", i);
		if (decode_entry(node, at, d, i, used_faces, err))
			return -1;
		used_faces += d->objs[i].n_faces;
		i++;
	}
	return 0;
}

/* Whether the catalogue land's name has key as its full or front key. */
static bool land_has_key(const char *land, const char *key)
{
	char k[KEY_MAX];

	if (mf_card_name_key(land, strlen(land), k, sizeof(k)) < sizeof(k) && strcmp(k, key) == 0)
		return true;
	return mf_card_name_front_key(land, strlen(land), k, sizeof(k)) < sizeof(k) &&
	       strcmp(k, key) == 0;
}

/* Whether one face of the catalogue card `land` ("A // B") has key. */
static bool face_has_key(const char *land, const char *key)
{
	const char *sep = strstr(land, " // ");
	char k[KEY_MAX];

	if (!sep)
		return false;
	if (mf_card_name_key(land, (size_t)(sep - land), k, sizeof(k)) < sizeof(k) &&
	    strcmp(k, key) == 0)
		return true;
	return mf_card_name_key(sep + 4, strlen(sep + 4), k, sizeof(k)) < sizeof(k) &&
	       strcmp(k, key) == 0;
}

/* The catalogue land a deck-list name means, or -1: a card of the
 * catalogue with a land on each face (a pathway) when the name is one of
 * its faces, since a deck holds the card and its face is chosen when it is
 * played; else the land of that name, or of that key as a full name or a
 * front face. */
static int32_t catalogue_land(const struct mf_mana_catalogue *cat, const char *name, size_t len)
{
	int32_t exact = mf_mana_catalogue_find(cat, name, len);
	char key[KEY_MAX];

	if (mf_card_name_key(name, len, key, sizeof(key)) >= sizeof(key))
		return exact;
	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++)
		if (face_has_key(mf_mana_catalogue_land(cat, i)->name, key))
			return (int32_t)i;
	if (exact >= 0)
		return exact;
	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++)
		if (land_has_key(mf_mana_catalogue_land(cat, i)->name, key))
			return (int32_t)i;
	return -1;
}

/* Appends one unresolved entry to the problem's "cards" (at most
 * MF_API_REPORT_UNKNOWN_MAX, and as many as fit). */
static void add_unknown(struct mf_buf *b, const struct mf_api_ctx *ctx,
			const struct mf_deck_list_entry *e, size_t listed)
{
	const struct mf_card_db_card *near = NULL;
	const char *hint = NULL;
	int32_t land;

	if (ctx->cards)
		near = mf_card_db_closest(ctx->cards, e->name, e->name_len, MF_CARD_DB_DISTANCE_AUTO,
					  NULL);
	if (near) {
		hint = near->object.card.name;
	} else {
		const struct mf_card_object *source = mf_card_source_closest(e->name, e->name_len);

		land = mf_mana_catalogue_closest(ctx->lands, e->name, e->name_len);
		if (land >= 0)
			hint = mf_mana_catalogue_land(ctx->lands, (size_t)land)->name;
		else if (source)  /* the mana sources known without a database */
			hint = source->card.name;
	}
	if (listed)
		MF_JSON_LIT(b, ",");
	MF_JSON_LIT(b, "{\"name\":");
	mf_json_text_string(b, e->name);
	mf_buf_addf(b, ",\"line\":%zu,\"did_you_mean\":", e->line);
	if (hint)
		mf_json_text_string(b, hint);
	else
		MF_JSON_LIT(b, "null");
	MF_JSON_LIT(b, "}");
}

/* The unknown-cards problem for the n entries of list that resolved to
 * nothing (unknown[i] set). */
static int fail_unknown(const struct mf_api_ctx *ctx, const struct mf_deck_list *list,
			const bool *unknown, size_t n, struct mf_api_error *err)
{
	struct mf_buf b;
	size_t listed = 0, first = 0;

	for (size_t i = 0; i < list->n; i++)
		if (unknown[i]) {
			first = i;
			break;
		}
	if (ctx->cards)
		mf_api_failp(err, MF_PROBLEM_UNKNOWN_CARDS, "/decklist",
			     "%zu name%s of the deck list match%s no card of the card database and no "
			     "land or mana source of the catalogues; the first: \"%.*s\" (line %zu)",
			     n, n == 1 ? "" : "s", n == 1 ? "es" : "",
			     mf_json_utf8_prefix(list->entries[first].name, 128),
			     list->entries[first].name, list->entries[first].line);
	else  /* said once: every spell needs the database */
		mf_api_failp(err, MF_PROBLEM_UNKNOWN_CARDS, "/decklist",
			     "%zu name%s of the deck list match%s no land or mana source of the "
			     "catalogues, and no card database is loaded, which every other card "
			     "needs%s%s. "
			     "The first: \"%.*s\" (line %zu)", n, n == 1 ? "" : "s",
			     n == 1 ? "es" : "", ctx->cards_option ? ": load one with " : "",
			     ctx->cards_option ? ctx->cards_option : "",
			     mf_json_utf8_prefix(list->entries[first].name, 128),
			     list->entries[first].name, list->entries[first].line);
	/* an entry past the members' room is taken back: the cap only
	 * bounds one entry's text */
	mf_buf_init(&b, (size_t)64 << 10);
	MF_JSON_LIT(&b, ",\"cards\":[");
	for (size_t i = 0; i < list->n && listed < MF_API_REPORT_UNKNOWN_MAX; i++) {
		size_t before = mf_buf_len(&b);

		if (!unknown[i])
			continue;
		add_unknown(&b, ctx, &list->entries[i], listed);
		if (!mf_buf_error(&b) && mf_buf_len(&b) > MF_API_MEMBERS_MAX - 64) {
			b.len = before;  /* room for "]" and the count of those left out */
			break;
		}
		listed++;
	}
	if (!mf_buf_error(&b)) {
		snprintf(err->members, sizeof(err->members), "%.*s],\"cards_not_listed\":%zu",
			 (int)mf_buf_len(&b), mf_buf_ptr(&b), n - listed);
	}
	mf_buf_free(&b);
	return -1;
}

/* A bad deck list: its first fault, at /decklist. */
static int fail_list(int rc, const struct mf_deck_list_error *e, struct mf_api_error *err)
{
	if (!e->line)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, "/decklist", "%s", e->reason);
	if (rc == MF_ERR_LIMIT)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, "/decklist", "line %zu: %s",
					  e->line, e->reason);
	return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, "/decklist",
				  "line %zu: %s (\"%s\")", e->line, e->reason, e->text);
}

/* "decklist": parsed, and each entry resolved against the catalogue and
 * the card database. */
static int decode_list(const char *text, const struct mf_api_ctx *ctx,
		       struct mf_api_report_deck *d, struct mf_api_error *err)
{
	struct mf_deck_list_error e;
	bool *unknown;
	size_t n_unknown = 0;
	int rc = mf_deck_list_parse(text, strlen(text), &d->list, &e);

	d->from_list = true;
	if (rc)
		return fail_list(rc, &e, err);
	unknown = calloc(d->list.n + 1, sizeof(*unknown));
	if (!unknown)
		return mf_api_fail_nomem(err);
	for (size_t i = 0; i < d->list.n && !rc; i++) {
		const struct mf_deck_list_entry *en = &d->list.entries[i];
		const struct mf_card_db_card *card =
			ctx->cards ? mf_card_db_find(ctx->cards, en->name, en->name_len) : NULL;
		/* a mana source the service knows by name, without a database */
		const struct mf_card_object *source =
			card ? NULL : mf_card_source_find(en->name, en->name_len);
		struct mf_api_report_card c = { .count = en->count, .zone = en->zone, .line = en->line };

		c.land = catalogue_land(ctx->lands, en->name, en->name_len);
		if (c.land < 0 && !card && !source) {
			unknown[i] = true;
			n_unknown++;
			continue;
		}
		c.obj = card ? &card->object : source;
		c.layout = card ? card->layout : NULL;
		c.name = c.obj ? c.obj->card.name :
			 mf_mana_catalogue_land(ctx->lands, (size_t)c.land)->name;
		snprintf(c.at, sizeof(c.at), "/decklist");
		if (add_card(d, &c))
			rc = mf_api_fail_nomem(err);
	}
	if (!rc && n_unknown)
		rc = fail_unknown(ctx, &d->list, unknown, n_unknown, err);
	free(unknown);
	return rc ? -1 : 0;
}

/* Whether the card may be a commander: a legendary creature, or its text
 * says it can be your commander. */
static bool may_command(const struct mf_card_object *o)
{
	const struct mf_card_face *f = o && o->n_faces ? &o->faces[0] : o ? &o->card : NULL;
	const char *type = f && f->type_line ? f->type_line : "";
	const char *text = f && f->oracle_text ? f->oracle_text : "";

	if (!f)
		return false;
	return (strstr(type, "Legendary") && strstr(type, "Creature")) ||
	       strstr(text, "can be your commander");
}

/* MTGO's Commander deck: no command zone, 99 main-deck cards and one or
 * two sideboard cards that may all command, which are taken as the
 * commanders (mf_api_report_deck_decode()). */
static void guess_commanders(struct mf_api_report_deck *d)
{
	size_t side = 0;

	if (d->zone_cards[MF_DECK_ZONE_COMMANDER] || d->zone_cards[MF_DECK_ZONE_MAIN] != 99 ||
	    d->zone_cards[MF_DECK_ZONE_SIDEBOARD] < 1 || d->zone_cards[MF_DECK_ZONE_SIDEBOARD] > 2)
		return;
	for (size_t i = 0; i < d->n; i++)
		if (d->cards[i].zone == MF_DECK_ZONE_SIDEBOARD &&
		    (d->cards[i].count != 1 || !may_command(d->cards[i].obj)))
			return;
	for (size_t i = 0; i < d->n; i++)
		if (d->cards[i].zone == MF_DECK_ZONE_SIDEBOARD) {
			d->cards[i].zone = MF_DECK_ZONE_COMMANDER;
			side++;
		}
	d->zone_cards[MF_DECK_ZONE_COMMANDER] = (uint32_t)side;
	d->zone_cards[MF_DECK_ZONE_SIDEBOARD] = 0;
	d->commanders_guessed = side;
}

/* Orders two distinct cards canonically: by zone, then by the key of
 * their names, then (two cards of one name given as objects) by their
 * printed text, then by their first line. */
static int canonical(const void *pa, const void *pb)
{
	const struct mf_api_report_card *a = pa, *b = pb;
	char ka[KEY_MAX], kb[KEY_MAX];
	int c;

	if (a->zone != b->zone)
		return a->zone < b->zone ? -1 : 1;
	mf_card_name_key(a->name, strlen(a->name), ka, sizeof(ka));
	mf_card_name_key(b->name, strlen(b->name), kb, sizeof(kb));
	if ((c = strcmp(ka, kb)) != 0 || (c = strcmp(a->name, b->name)) != 0)
		return c;
	if (a->obj && b->obj) {
		const struct mf_card_face *fa = &a->obj->card, *fb = &b->obj->card;

		if ((c = strcmp(fa->type_line ? fa->type_line : "", fb->type_line ? fb->type_line : "")) ||
		    (c = strcmp(fa->oracle_text ? fa->oracle_text : "",
				fb->oracle_text ? fb->oracle_text : "")) ||
		    (c = strcmp(fa->mana_cost ? fa->mana_cost : "", fb->mana_cost ? fb->mana_cost : "")))
			return c;
	}
	return (a->line > b->line) - (a->line < b->line);
}

int mf_api_report_deck_decode(const cJSON *body, const struct mf_api_ctx *ctx,
			      struct mf_api_report_deck *d, struct mf_api_error *err)
{
	const cJSON *cards = NULL;
	const char *text = NULL;
	size_t n = 0;
	int rc;

	memset(d, 0, sizeof(*d));
	if (mf_json_get_array(body, "", "cards", false, MF_API_REPORT_ENTRIES_MAX, &cards, &n, err) ||
	    mf_json_get_string(body, "", "decklist", false, MF_DECK_LIST_TEXT_MAX, &text, err))
		return -1;
	if (!cards == !text)
		return mf_api_fail(err, "", "give the deck as \"cards\" (card objects) or as "
				   "\"decklist\" (text), one of them");
	rc = text ? decode_list(text, ctx, d, err) : decode_cards(cards, n, d, err);
	if (!rc)
		guess_commanders(d);
	if (!rc && d->n > 1)
		qsort(d->cards, d->n, sizeof(*d->cards), canonical);
	return rc;
}

uint64_t mf_api_report_deck_hash(const struct mf_api_report_deck *d)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < d->n; i++) {
		const struct mf_api_report_card *c = &d->cards[i];
		char key[KEY_MAX + 16];
		size_t len;

		if (c->zone != MF_DECK_ZONE_MAIN && c->zone != MF_DECK_ZONE_COMMANDER)
			continue;
		len = mf_card_name_key(c->name, strlen(c->name), key, KEY_MAX);
		len = len < KEY_MAX ? len : KEY_MAX - 1;
		len += (size_t)snprintf(key + len, sizeof(key) - len, "|%u|%d;", c->count, (int)c->zone);
		h = mf_mix64(h ^ mf_fnv1a64(key, len));
	}
	return h;
}

void mf_api_report_deck_free(struct mf_api_report_deck *d)
{
	free(d->cards);
	free(d->objs);
	free(d->faces);
	mf_deck_list_free(&d->list);
	memset(d, 0, sizeof(*d));
}
