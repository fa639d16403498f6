/* JSON <-> deck-colour solver structs: a deck's cards, answered by the
 * server and by `manaflow colors`. */
#ifndef MF_API_ADAPT_DECK_H
#define MF_API_ADAPT_DECK_H

#include "api/api.h"
#include "manaflow/deck.h"

#define MF_API_DECK_COUNT_MAX 10000  /* copies of one card entry ("count") */

/*
 * A deck: {"cards":[card, ...]} -> {"colors","produces",
 * "uses","cards":[{"name","produces","uses"}, ...]}.
 *
 * A card is a Scryfall card object: name (required), mana_cost, type_line,
 * oracle_text, card_faces (objects with the same fields) and the optional
 * count (1..MF_API_DECK_COUNT_MAX) and zone ("main" or "sideboard") are checked;
 * every other field of a card or face is accepted and ignored, so deck tools
 * can send the objects they hold. The request object itself takes only
 * "cards". Limits: MF_DECK_CARDS_MAX entries (too-large beyond),
 * MF_CARD_FACES_MAX faces (too-large), MF_CARD_TEXT_MAX bytes per string
 * (invalid-field). count and zone do
 * not change the answer: the rule reads the sideboard too and needs one
 * copy of a card.
 */
int mf_api_deck_colors(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		       struct mf_api_error *err);

/* The problems the deck handler can answer with (api/problem.h). */
#define MF_API_DECK_PROBLEMS                                                  \
	(MF_PROBLEM_BIT(MF_PROBLEM_INVALID_FIELD) | MF_PROBLEM_BIT(MF_PROBLEM_TOO_LARGE) | \
	 MF_PROBLEM_BIT(MF_PROBLEM_OUT_OF_MEMORY))

#endif
