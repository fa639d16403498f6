/*
 * The card database's insides (manaflow/carddb.h). Its files call only
 * those below them, in this order:
 *   db.c          the arena, adding a card, finding one by name
 *   db_closest.c  did you mean
 *   db_key.c      a name's key within the database's bounds, and its mask
 *   name_key.c    the keys card names are matched by (manaflow/card.h)
 * db.c and db_closest.c call none of each other's functions: what both
 * read of a key is db_key.c's.
 */
#ifndef MF_CARD_DB_INT_H
#define MF_CARD_DB_INT_H

#include <stddef.h>
#include <stdint.h>

#include "manaflow/carddb.h"

/* Key lengths have a bucket each (a key is at most MF_CARD_TEXT_MAX bytes). */
#define MF_CARD_DB_LEN_BUCKETS (MF_CARD_TEXT_MAX + 1)

/* The keys of one card, beside its struct mf_card_db_card. */
struct mf_card_db_name {
	const char *key;      /* mf_card_name_key() of its name, NUL-terminated, in the arena */
	uint32_t len;         /* bytes of key */
	uint32_t front_len;   /* bytes of its front face's key, a prefix of key; == len
			       * for a one-faced name, never 0 */
	uint32_t next_len;    /* next card (index + 1) whose key has the same length, 0: none */
	uint32_t next_front;  /* next card (index + 1) whose front key has the same length and
			       * is shorter than its key, 0: none */
	uint64_t mask;        /* mf_card_db_mask() of key */
	uint64_t front_mask;  /* mf_card_db_mask() of its front key */
};

/* An open-addressing hash set of card indexes (index + 1; 0 is empty),
 * keyed by a card's full key or its front key. cap is a power of two. */
struct mf_card_db_index {
	uint32_t *slots;
	size_t cap;
	size_t n;
};

/* One block of the arena: strings and face arrays, never moved once
 * written, so the cards' pointers stay put while the card table grows. */
struct mf_card_db_block {
	struct mf_card_db_block *next;
	size_t used, cap;
	_Alignas(max_align_t) unsigned char data[];
};

struct mf_card_db {
	struct mf_card_db_card *cards;   /* n of them, room for cap */
	struct mf_card_db_name *names;   /* one per card, same index */
	size_t n, cap;
	struct mf_card_db_block *blocks; /* newest first */
	size_t arena_bytes;              /* allocated for blocks, headers included */
	struct mf_card_db_index full;    /* by key */
	struct mf_card_db_index front;   /* by front key, cards whose front key is shorter */
	uint32_t len_head[MF_CARD_DB_LEN_BUCKETS];   /* first card (index + 1) by key length */
	uint32_t front_head[MF_CARD_DB_LEN_BUCKETS]; /* first card (index + 1) by front key length */
};

/* The key of name (len bytes) into key (MF_CARD_TEXT_MAX + 1 bytes); its
 * length, or (size_t)-1 when longer than MF_CARD_TEXT_MAX or name is
 * (db_key.c). */
size_t mf_card_db_key(const char *name, size_t len, char key[MF_CARD_TEXT_MAX + 1]);

/* Which bytes a key holds, as a set of 64 classes (each letter and digit
 * its own, other bytes folded): a byte set by one key and not the other
 * needs an edit of its own, so the edit distance of two keys is at least
 * the larger count of classes either holds alone (db_key.c). Pure. */
uint64_t mf_card_db_mask(const char *key, size_t len);

#endif
