/* The deck of POST /v1/deck/report, from either input form ("cards":
 * Scryfall card objects with count and zone; "decklist": the text a player
 * pastes) to one list of distinct cards, each resolved to a card object
 * and/or a catalogue land. What each card is to the report (land, spell,
 * ignored) is the adapter's call (adapt_report.c). */
#ifndef MF_API_REPORT_DECK_H
#define MF_API_REPORT_DECK_H

#include <stdbool.h>

#include "api/api.h"
#include "manaflow/card.h"
#include "manaflow/decklist.h"

#define MF_API_REPORT_COUNT_MAX 250   /* copies of one card entry ("count") */
#define MF_API_REPORT_ENTRIES_MAX 500 /* card entries of "cards" (MF_DECK_LIST_ENTRIES_MAX) */
#define MF_API_REPORT_UNKNOWN_MAX 40  /* unknown names listed in a problem's "cards" */

/* One distinct card of the deck, in the order it first appears. */
struct mf_api_report_card {
	const char *name;                  /* the card's own name (database, request or
					    * catalogue), borrowed */
	const struct mf_card_object *obj;  /* NULL: a catalogue land named in a deck list
					    * that the card database lacks */
	int32_t land;                      /* catalogue index when a deck list names a
					    * catalogue land, else -1 */
	const char *layout;                /* Scryfall's layout when known, else NULL */
	uint32_t count;                    /* copies, summed over its entries */
	enum mf_deck_zone zone;
	char at[MF_JSON_POINTER_MAX];      /* where it came from: "/cards/3" or "/decklist" */
	size_t line;                       /* deck-list line of its first entry, 0 for cards */
};

/* A decoded deck, its distinct cards in the canonical order (by zone, then
 * by name key), whatever the form or order they came in; owns what the
 * cards point to but the request tree. */
struct mf_api_report_deck {
	struct mf_api_report_card *cards;
	size_t n;
	uint32_t zone_cards[MF_DECK_ZONES];  /* sum of the counts per zone */
	struct mf_card_object *objs;         /* "cards": the decoded objects */
	struct mf_card_face *faces;
	struct mf_deck_list list;            /* "decklist": the parsed list */
	bool from_list;
	size_t commanders_guessed;           /* sideboard cards taken as the commanders
					      * (see mf_api_report_deck_decode()) */
};

/*
 * Decodes body's "cards" or "decklist" (exactly one) into *d (zeroed
 * first; free it with mf_api_report_deck_free() whatever the outcome).
 * Deck-list names are matched as mf_card_name_key() spells them, by full
 * name or front face, against the catalogue (ctx->lands) and the card
 * database (ctx->cards). A deck with no command zone, 99 main-deck cards
 * and one or two sideboard cards that may all be commanders (legendary
 * creatures, or "can be your commander") is a Commander deck as MTGO
 * exports it: those cards are taken as the commanders, and counted in
 * commanders_guessed. Returns 0, or -1 with err: invalid-field at
 * /decklist (a bad line: its number and text) or under /cards (a bad
 * object, zone or count); too-large past MF_DECK_LIST_* or
 * MF_API_REPORT_ENTRIES_MAX; unknown-cards with a "cards" member listing
 * each unresolved entry's name, line and closest known name.
 */
int mf_api_report_deck_decode(const cJSON *body, const struct mf_api_ctx *ctx,
			      struct mf_api_report_deck *d, struct mf_api_error *err);

/* A hash of the deck's contents: each card of the main deck and the
 * command zone by the key of its name, its count and its zone, in the
 * canonical order; the same deck in any form or order hashes alike. */
uint64_t mf_api_report_deck_hash(const struct mf_api_report_deck *d);

/* Frees what d owns and zeroes it; harmless on a zeroed deck. */
void mf_api_report_deck_free(struct mf_api_report_deck *d);

#endif
