/* The card database of `manaflow serve --cards FILE`: Scryfall's Oracle
 * Cards file read in chunks through the streaming reader (api/card_stream.h). */
#ifndef MF_CLI_CARDS_FILE_H
#define MF_CLI_CARDS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "api/card_stream.h"
#include "manaflow/carddb.h"

#define MF_CLI_CARDS_CHUNK ((size_t)64 << 10)  /* bytes read at a time */

/* What loading a file did, or why it failed. */
struct mf_cli_cards_load {
	const char *path;                    /* the file (borrowed from the caller) */
	bool has_offset;                     /* a failure inside the file: offset is set */
	size_t offset;                       /* byte of the file where it failed, from 0 */
	char reason[256];                    /* why it failed, one sentence */
	struct mf_card_stream_stats stats;   /* counts (of a failure: as far as it got) */
	struct mf_card_stream_error first_skip; /* the first card skipped; reason "" if none */
	uint64_t ms;                         /* milliseconds the load took */
	size_t bytes_held;                   /* mf_card_db_bytes() of the database */
};

/*
 * Loads the cards of path (borrowed) into a new database the caller frees
 * with mf_card_db_free(), filling *out. On failure returns NULL with
 * out->reason (and out->offset when has_offset) saying why: a file that
 * cannot be opened or read, is longer than MF_CARD_STREAM_BYTES_MAX, is
 * refused by the reader, or holds no card at all. Prints nothing; holds one
 * chunk of the file at a time.
 */
struct mf_card_db *mf_cli_cards_open(const char *path, struct mf_cli_cards_load *out);

#endif
