/* Lands given as Scryfall card objects: each is read from its Oracle text
 * (src/card's reader), turned into the mana solver's model, and collected
 * per query with the clauses the model leaves out. */
#ifndef MF_API_CARD_LAND_H
#define MF_API_CARD_LAND_H

#include "api/api.h"
#include "manaflow/card.h"

#define MF_API_CARD_LANDS_MAX 256  /* distinct lands read from cards in one query */

/* The lands one query brought as cards. Zero it before the first use. */
struct mf_api_card_lands {
	struct mf_mana_land *lands;  /* distinct lands not in the catalogue as they are */
	size_t n;
	int32_t *seen;     /* catalogue lands already met as cards (their clauses listed) */
	size_t n_seen;
	struct mf_buf ignored;  /* the answer's "ignored" entries, comma-separated JSON */
	size_t n_cards;    /* card objects read */
};

/*
 * Reads the card object at node (pointer `at`) as one land and sets *index:
 * the catalogue's index when the card's land is the catalogue land of the
 * same name and the same model, else mf_mana_catalogue_size(cat) + k for the
 * k-th distinct land of acc->lands. The object may add "face" (a face's name)
 * to pick a land face of a card with several; by default the first is taken,
 * and the others are listed as ignored. Returns 0, or -1 with err:
 * invalid-field for a malformed object, a land name longer than
 * MF_MANA_LAND_NAME_MAX or an unknown face; unsupported-land for a card
 * that is no land or leaves nothing to tap; too-large past
 * MF_API_CARD_LANDS_MAX distinct lands; out-of-memory.
 */
int mf_api_card_land_decode(const cJSON *node, const char *at, const struct mf_mana_catalogue *cat,
			    struct mf_api_card_lands *acc, int32_t *index, struct mf_api_error *err);

/* As mf_api_card_land_decode() for a card already decoded (from a request
 * or a card database): face names the land face to take (NULL: the first);
 * problems are reported at `at`, an unknown face at `at`/face. */
int mf_api_card_land_add(const struct mf_card_object *card, const char *face, const char *at,
			 const struct mf_mana_catalogue *cat, struct mf_api_card_lands *acc,
			 int32_t *index, struct mf_api_error *err);

/* Whether a and b are the same land to the solver: name, types, how it
 * enters, fetch, Tron, and the same alternatives in any order (the kind, a
 * label, is not compared). */
bool mf_api_land_same(const struct mf_mana_land *a, const struct mf_mana_land *b);

/* Appends ,"ignored":[...] (every clause left out, once per land) to out
 * when any card was read; nothing otherwise. Returns 0, or the buffer's
 * negative mf_status. */
int mf_api_card_lands_ignored_json(const struct mf_api_card_lands *acc, struct mf_buf *out);

/* Frees what acc holds and zeroes it. */
void mf_api_card_lands_free(struct mf_api_card_lands *acc);

#endif
