/* A Scryfall card object, decoded for the solvers that read printed text:
 * the deck colour rule (adapt_deck.c) and lands given as cards
 * (card_land.c). */
#ifndef MF_API_CARD_H
#define MF_API_CARD_H

#include "api/api.h"
#include "manaflow/card.h"

/*
 * Reads name (required), mana_cost, type_line, oracle_text and card_faces
 * (each face: the same fields, name optional) of the card object at node;
 * other keys are left alone, as the rest of a Scryfall object. The strings
 * point into node's tree. faces has room for MF_CARD_FACES_MAX faces. Returns
 * 0, or -1 with err naming the field under `at`.
 */
int mf_api_card_decode(const cJSON *node, const char *at, struct mf_card_object *card,
		       struct mf_card_face *faces, struct mf_api_error *err);

/* Faces the cards of an array may hold, counted generously before
 * validation (at most MF_CARD_FACES_MAX a card), so that one allocation fits
 * them. */
size_t mf_api_card_count_faces(const cJSON *cards);

#endif
