/*
 * Scryfall's bulk "Oracle Cards" file (a JSON array of card objects) read
 * as a stream into a card database (manaflow/carddb.h), never whole.
 *
 * The caller hands the bytes over in pieces of any size (mf_card_stream_feed)
 * and says when they end (mf_card_stream_finish). A small scanner finds each
 * element of the top-level array (strings, escapes and nesting followed byte
 * by byte), copies it alone into a buffer, holds it to RFC 8259 with the
 * strict check every request body gets (mf_json_check), parses it with
 * cJSON, decodes the fields the model reads (api/card.h, and the layout),
 * adds them to the database and deletes the tree. So the memory held is the
 * database, one element (at most MF_CARD_STREAM_ELEMENT_MAX bytes) and one
 * element's tree.
 *
 * What stops the reading (an error, with the byte offset from the start of
 * the file): not a JSON array, an element that is not an object, malformed
 * JSON, nesting deeper than MF_API_JSON_DEPTH_MAX, an element longer than
 * MF_CARD_STREAM_ELEMENT_MAX, anything but blanks after the array, more
 * than MF_CARD_STREAM_BYTES_MAX bytes, the database full
 * (MF_CARD_DB_CARDS_MAX cards or MF_CARD_DB_BYTES_MAX bytes), or memory.
 * What only skips a card, counted: a card object the decoder refuses (no
 * name, a field not a string, a string over MF_CARD_TEXT_MAX, more than
 * MF_CARD_FACES_MAX faces, a layout over MF_CARD_DB_LAYOUT_MAX) or whose
 * name the database refuses (a key that is empty or too long). A card whose
 * name is already there is a duplicate: the first is kept, the second
 * counted. No file I/O here: the CLI reads the file.
 */
#ifndef MF_API_CARD_STREAM_H
#define MF_API_CARD_STREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "manaflow/carddb.h"

#define MF_CARD_STREAM_ELEMENT_MAX ((size_t)1 << 20)  /* bytes of one card object */
#define MF_CARD_STREAM_BYTES_MAX ((size_t)512 << 20)  /* bytes of the whole file */

/* Why the reading stopped, or why a card was skipped. */
struct mf_card_stream_error {
	size_t offset;     /* byte of the file, from 0 */
	char reason[240];  /* one English sentence, no newline, valid UTF-8 */
};

/* What has been read so far. */
struct mf_card_stream_stats {
	size_t elements;    /* card objects read */
	size_t added;       /* cards added to the database */
	size_t duplicates;  /* cards whose name was already there */
	size_t skipped;     /* cards refused (see above) */
	size_t bytes;       /* bytes fed */
};

struct mf_card_stream;

/* A reader adding to db (borrowed: it must outlive the reader, which is
 * the only writer to it meanwhile), or NULL out of memory. Freed with
 * mf_card_stream_free(). */
struct mf_card_stream *mf_card_stream_new(struct mf_card_db *db);

/* Frees the reader (not its database); NULL is fine. */
void mf_card_stream_free(struct mf_card_stream *s);

/*
 * Reads the next n bytes of the file (bytes may be NULL when n is 0).
 * Returns 0, or -1 once the reading has stopped (this call or an earlier
 * one): mf_card_stream_failure() then says why, and every later call
 * returns -1. The cards read before the failure stay in the database.
 */
int mf_card_stream_feed(struct mf_card_stream *s, const char *bytes, size_t n);

/* Says the file has ended: 0 when it held a whole array, else -1 as
 * mf_card_stream_feed() (a file that ends early fails at its length). */
int mf_card_stream_finish(struct mf_card_stream *s);

/* Why the reading stopped; NULL while it has not. Owned by s. */
const struct mf_card_stream_error *mf_card_stream_failure(const struct mf_card_stream *s);

/* The first card skipped and why; NULL when none was. Owned by s. */
const struct mf_card_stream_error *mf_card_stream_first_skip(const struct mf_card_stream *s);

/* The counts so far. */
struct mf_card_stream_stats mf_card_stream_stats(const struct mf_card_stream *s);

#endif
