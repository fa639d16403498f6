/* Mana sources that are no land, as a query brings them (docs/odds.md,
 * "Mana that is no land"): cards read by the card room's source reader
 * (mf_card_source_read), from the built-in catalogue by name
 * (mf_card_source_find) or as Scryfall card objects, turned into the odds'
 * struct mf_odds_source, narrowed to the deck's colour identity, and
 * gathered per query with the clauses the model leaves out. */
#ifndef MF_API_CARD_SOURCE_H
#define MF_API_CARD_SOURCE_H

#include <stdbool.h>

#include "api/api.h"
#include "manaflow/card.h"
#include "manaflow/odds.h"

#define MF_API_SOURCE_NAME_MAX 160  /* bytes of a source's name kept */

/* The sources one query brought: mf_api_sources_init(), then add. */
struct mf_api_sources {
	uint8_t identity;  /* the deck's colour identity (bit t: colour t), for
			    * "any color in your commander's color identity" */
	struct mf_odds_source s[MF_ODDS_SOURCE_KINDS_MAX];  /* s[i].name: names[i] */
	uint32_t counts[MF_ODDS_SOURCE_KINDS_MAX];
	char names[MF_ODDS_SOURCE_KINDS_MAX][MF_API_SOURCE_NAME_MAX + 1];
	size_t n;          /* kinds: sources the model plays alike are one kind,
			    * named by the least name (the answer is the same
			    * whatever the order of the cards) */
	uint32_t cards;    /* copies added, of every kind */
	struct mf_buf ignored;  /* "ignored" entries, comma-separated JSON:
				 * {"source","clause","why"} */
};

#define MF_API_SOURCES_IGNORED_MAX ((size_t)256 << 10)  /* bytes of the ignored entries */

/* An empty acc for a deck of colour identity `identity`; allocates
 * nothing, so it cannot fail. */
void mf_api_sources_init(struct mf_api_sources *acc, uint8_t identity);

/* What mf_api_source_add() made of a card. */
enum mf_api_source_read {
	MF_API_SOURCE_ADDED,     /* a source of the model: count copies added */
	MF_API_SOURCE_NONE,      /* a card that says nothing of mana: a plain spell */
	MF_API_SOURCE_UNREAD,    /* mana the model does not play (a ritual, Treasure,
				  * a cost with {X} ...): *why says what */
	MF_API_SOURCE_FULL,      /* a source of a kind past MF_ODDS_SOURCE_KINDS_MAX */
};

/*
 * Reads card as one source of the model into *s (its name not set): the
 * first face that makes mana the model plays, its commander's-identity mana
 * narrowed to identity (*uses_identity then true), a chosen colour taken as
 * any colour. With list, its clauses not read are listed there. Returns
 * MF_API_SOURCE_ADDED, _NONE or _UNREAD (*why set to the reason), or -1
 * with err (out of memory, or the card failing the reader's limits: an
 * invalid field at `at`).
 */
int mf_api_source_read(const struct mf_card_object *card, uint8_t identity,
		       struct mf_odds_source *s, bool *uses_identity, const char **why,
		       struct mf_api_sources *list, const char *at, struct mf_api_error *err);

/*
 * Reads card as a mana source and adds count copies of it to acc: the first
 * face that makes mana the model plays (a creature or an artifact with
 * "{T}: Add ..." or "{N}, {T}: Add ..."), its commander's-identity mana
 * narrowed to acc->identity, a chosen colour taken as any colour (chosen as
 * it is cast, the draws known), its clauses not read listed in
 * acc->ignored. *why (may be NULL) is set, for MF_API_SOURCE_UNREAD, to a
 * static reason or one of the reader's. Returns the reading, or -1 with err
 * (out of memory; the card itself failing the reader's limits is an
 * invalid field at `at`).
 */
int mf_api_source_add(struct mf_api_sources *acc, const struct mf_card_object *card,
		      uint32_t count, const char *at, const char **why, struct mf_api_error *err);

/* Appends ,"sources":[{"name","count","kind","makes"}...] (the kinds the
 * model plays, by name) and, when any clause was left out,
 * ,"ignored_sources":[...] to out. Returns 0 or the buffer's negative
 * mf_status. */
int mf_api_sources_json(const struct mf_api_sources *acc, struct mf_buf *out);

/* Appends the alternatives of source s, as JSON: ["G"], ["C","W!1","U!1"]
 * (a letter per mana, "!N" for N life). */
void mf_api_source_makes_json(const struct mf_odds_source *s, struct mf_buf *out);

/* Frees what acc holds (its ignored buffer) and zeroes it. */
void mf_api_sources_free(struct mf_api_sources *acc);

#endif
