/*
 * What a deck's computations keep for the next (struct mf_odds_cache,
 * odds.h): the kept hands of the exact counts (cache.c, keyed by grid.c's
 * mf_odds_grid_key()) and a sample's answers game by game (record.c), for
 * a deck a few cards apart. Included by the files that fill or read them:
 * odds.c, many.c, sampled.c, exact.c, grid.c, cache.c, record.c, reuse.c.
 */
#ifndef MF_ODDS_RECORD_INT_H
#define MF_ODDS_RECORD_INT_H

#include "odds/odds_internal.h"

/* cache.c: the key of a set of kept hands, every fact they were made
 * from (grid.c builds it; exact.c adds a byte of its own). */
#define ODDS_CACHE_KEY_MAX (8 + 4 * MF_ODDS_LAND_KINDS_MAX + 5 * 5 + 1)
struct odds_cache_key {
	uint8_t bytes[ODDS_CACHE_KEY_MAX];
	size_t len;
};

#define ODDS_CACHE_ENTRIES 8                      /* sets of kept hands kept */
#define ODDS_CACHE_ENTRY_BYTES (MF_ODDS_CACHE_MAX / 4)  /* the largest set kept */

/* One set: the grid's starts and classes (its own types, as bytes), or
 * the exact count's first states and their weights (exact.c), and the
 * work their enumeration charged. used: 0 for a free entry, else the
 * stamp of its last use. */
struct odds_cache_entry {
	struct odds_cache_key key;
	void *start, *class;
	size_t n_start, n_class;
	size_t bytes;              /* what start and class take */
	uint64_t work, used;
};

/* cache.c: the entry of key, or NULL. */
const struct odds_cache_entry *mf_odds_cache_find(struct mf_odds_cache *cache,
						  const struct odds_cache_key *key);

/* cache.c: where the cache keeps its sample record (record.c): *slot NULL
 * until a sample keeps one; the slot itself NULL for a cache that shares
 * another's record (mf_odds_cache_share()), which it never writes. */
struct odds_record **mf_odds_cache_record(struct mf_odds_cache *cache);

/* cache.c: the record a sample of the cache reads (its own, or the one
 * it shares), or NULL. */
const struct odds_record *mf_odds_cache_record_read(const struct mf_odds_cache *cache);

/* record.c: a sample's answers, game by game (opaque). At most
 * ODDS_RECORD_MAX bytes of answers (the spells past it are not kept), and
 * the sets of kept hands the rest of MF_ODDS_CACHE_MAX. */
struct odds_record;
#define ODDS_RECORD_MAX ((size_t)512 << 10)  /* within MF_ODDS_CACHE_MAX */

/* record.c: frees r (NULL accepted). */
void mf_odds_record_free(struct odds_record *r);

/* record.c: whether r's deck is dealt as q's would be but for its lands and
 * sources: the same catalogue, size, draw, life, policy and seed. */
bool mf_odds_record_rules(const struct odds_record *r, const struct mf_odds_query *q);

/* record.c: whether decks a and b hold the same sources, in the same
 * order and as many of each (mf_odds_source_id()). */
bool mf_odds_same_sources(const struct mf_odds_query *a, const struct mf_odds_query *b);

/* record.c: r's deck (its lands, counts, sources and rules; no cost). */
const struct mf_odds_query *mf_odds_record_deck(const struct odds_record *r);

/* record.c: the answers recorded for q's cost, x and turn under q's rules
 * (bit g of word g / 64: castable on the turn in game g), *games of them;
 * NULL (and 0) when there are none. Owned by the record. */
const uint64_t *mf_odds_record_find(const struct odds_record *r, const struct mf_odds_query *q,
				    uint64_t *games);

/* record.c: whether mf_odds_record_keep() would keep q's answers in r
 * (NULL: a record to make), as far as can be known before them. */
bool mf_odds_record_wants(const struct odds_record *r, const struct mf_odds_query *q);

/* record.c: keeps the answers bits[] of q's first `games` games in *slot,
 * made for q's deck when empty; only when *slot is q's deck, q's spell is
 * not kept yet and ODDS_RECORD_MAX has room. Without memory, nothing is
 * kept: the record is only ever a shortcut. */
void mf_odds_record_keep(struct odds_record **slot, const struct mf_odds_query *q,
			 const uint64_t *bits, uint64_t games);

/* cache.c: keeps a copy of n_start starts and n_class classes (of the
 * sizes given) under key, in place of the least recently used entry, the
 * least recently used others dropped until every set fits in
 * MF_ODDS_CACHE_MAX. Keeps nothing when they are larger than
 * ODDS_CACHE_ENTRY_BYTES or the copy finds no memory: the cache is only
 * ever a shortcut. */
void mf_odds_cache_store(struct mf_odds_cache *cache, const struct odds_cache_key *key,
			 const void *start, size_t n_start, size_t start_size, const void *class,
			 size_t n_class, size_t class_size, uint64_t work);

/* grid.c: the key of c's kept hands (everything hands.c and keep.c read),
 * for the cache and for batching queries alike. */
void mf_odds_grid_key(const struct odds_ctx *c, struct odds_cache_key *k);

#endif
