/*
 * manaflow card database: the cards a deck list's names are resolved
 * against, as read from Scryfall's bulk "Oracle Cards" file.
 *
 * A database keeps what the model reads of each card and nothing else: its
 * name, layout, mana cost, type line and Oracle text, and the same four
 * fields of each face (struct mf_card_object, manaflow/card.h). Cards are
 * added one at a time (the JSON file is read by the API layer, which hands
 * each card over as plain structs); the database copies their strings into
 * an arena of its own.
 *
 * Names are matched by mf_card_name_key() (manaflow/card.h): without
 * ASCII case, blanks squeezed, and " // ", " /// " and "/" all one
 * separator. A name finds the card whose full name has its key or, failing
 * that, the card whose front face has it ("Fire" finds "Fire // Ice",
 * "bonecrusher giant" finds "Bonecrusher Giant // Stomp"). Of two cards with
 * the same key the first added is kept and the second refused as a
 * duplicate (Oracle Cards has one object per Oracle id, so a duplicate name
 * there is a layout such as a token or an art series, never a second card
 * with other rules).
 *
 * Threads: building (mf_card_db_add) needs the database to itself; once it
 * is built, any number of threads may call the lookups at once, which only
 * read it. No I/O, no global state.
 */
#ifndef MANAFLOW_CARDDB_H
#define MANAFLOW_CARDDB_H

#include <stdbool.h>
#include <stddef.h>

#include "manaflow/card.h"
#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limits. Strings and faces of one card are held to card.h's
 * MF_CARD_TEXT_MAX and MF_CARD_FACES_MAX. */
#define MF_CARD_DB_CARDS_MAX 100000u            /* cards of one database */
#define MF_CARD_DB_BYTES_MAX ((size_t)256 << 20) /* bytes one database may hold */
#define MF_CARD_DB_LAYOUT_MAX 64u               /* bytes of a layout ("modal_dfc") */
#define MF_CARD_DB_DISTANCE_MAX 8u              /* largest edit distance mf_card_db_closest() tries */

struct mf_card_db;

/* One card as the database holds it. Every string is NUL-terminated and
 * owned by the database ("" for a field the card did not have); faces point
 * into the database too. */
struct mf_card_db_card {
	struct mf_card_object object;  /* name, cost, type line, Oracle text, faces */
	const char *layout;            /* Scryfall's layout ("normal", "split", ...) */
};

/* A new, empty database the caller frees with mf_card_db_free(), or NULL
 * when out of memory. */
MF_EXPORT struct mf_card_db *mf_card_db_new(void);

/* Frees db and everything it holds; NULL is fine. Every pointer a lookup
 * returned dies with it. */
MF_EXPORT void mf_card_db_free(struct mf_card_db *db);

/*
 * Adds a copy of card (its name and the other fields of struct
 * mf_card_object, NULL strings read as "") with its layout (NULL reads as
 * ""). Keeps nothing of the caller's. Returns:
 *  - MF_OK, with *added (may be NULL) true, or false when a card with the
 *    same name key is already there (the first is kept, nothing is added);
 *  - MF_ERR_INVALID: card is NULL, its name's key or its front face's key
 *    is empty ("", " // Ice"), or faces is NULL with n_faces > 0;
 *  - MF_ERR_LIMIT: a string longer than MF_CARD_TEXT_MAX, a layout longer
 *    than MF_CARD_DB_LAYOUT_MAX, more than MF_CARD_FACES_MAX faces, or the
 *    database already at MF_CARD_DB_CARDS_MAX cards or
 *    MF_CARD_DB_BYTES_MAX bytes;
 *  - MF_ERR_NOMEM.
 * On any failure the database is as it was, and stays usable. Cards
 * returned by earlier lookups may move: look them up again after adding.
 */
MF_EXPORT int mf_card_db_add(struct mf_card_db *db, const struct mf_card_object *card,
			     const char *layout, bool *added);

/* Cards held. */
MF_EXPORT size_t mf_card_db_count(const struct mf_card_db *db);

/* Bytes the database has allocated: its arena, card table and indexes. */
MF_EXPORT size_t mf_card_db_bytes(const struct mf_card_db *db);

/* The i-th card added (0-based), or NULL when i >= mf_card_db_count(). */
MF_EXPORT const struct mf_card_db_card *mf_card_db_get(const struct mf_card_db *db, size_t i);

/*
 * The card named name (len bytes, no NUL needed; NULL only when len is 0),
 * by its full name's key or else by its front face's, as above; NULL when
 * none has that key (a name longer than MF_CARD_TEXT_MAX finds none). The
 * card is owned by db.
 */
MF_EXPORT const struct mf_card_db_card *mf_card_db_find(const struct mf_card_db *db,
							const char *name, size_t len);

/*
 * Did you mean: the card whose full name's key or front face's key is the
 * fewest edits (Levenshtein: a byte inserted, deleted or replaced) from
 * name's key, if that is at most max_distance (capped at
 * MF_CARD_DB_DISTANCE_MAX; MF_CARD_DB_DISTANCE_AUTO: as far as a
 * misspelling goes, 1 edit for a key of up to 5 bytes, 2 up to 14, 3
 * longer); ties go to the card added first. Writes the
 * distance to *distance (may be NULL). NULL when no card is that close (a
 * name the database has is at distance 0). Keys are compared byte for byte,
 * so a letter outside ASCII is one edit per byte of its UTF-8. Cost: one
 * bounded comparison per card whose key length is within max_distance of
 * the name's.
 */
#define MF_CARD_DB_DISTANCE_AUTO 0u
MF_EXPORT const struct mf_card_db_card *mf_card_db_closest(const struct mf_card_db *db,
							   const char *name, size_t len,
							   unsigned max_distance,
							   unsigned *distance);

/* ------------------------------------------------------------------ */
/* The built-in catalogue of mana sources that are no land             */

/*
 * The cards the service knows by name as mana sources without a card
 * database (data/sources.json, compiled in): dorks, rocks, the Talismans
 * and the Signets, each with its Scryfall name, mana cost, type line and
 * Oracle text, for mf_card_source_read() (manaflow/card.h) to read like
 * any card. Constant data: any thread may read it, nothing is to be freed.
 */

/* The catalogue's cards, *n of them, in the file's order. */
MF_EXPORT const struct mf_card_object *mf_card_sources_builtin(size_t *n);

/* The catalogue's card named name (len bytes; ASCII case ignored), or NULL. */
MF_EXPORT const struct mf_card_object *mf_card_source_find(const char *name, size_t len);

/* Did you mean: the catalogue's card whose name (ASCII case ignored) is
 * nearest to name, if no more edits away than a misspelling (1 edit up to
 * 5 bytes, 2 up to 14, 3 longer); the first of a tie; NULL when none is
 * that near. */
MF_EXPORT const struct mf_card_object *mf_card_source_closest(const char *name, size_t len);

#ifdef __cplusplus
}
#endif

#endif
