/*
 * The odds cache: what the spells of one deck share. The dense grid's kept
 * hands (grid.c) depend on the deck, the mulligan policy and which lands
 * make the cost's colours, not on the rest of the cost, so the spells of a
 * deck come back to a few sets of them. Each set is kept under a key of
 * everything it was made from; the least recently used go first, until
 * the new set fits with the others in MF_ODDS_CACHE_MAX less what the
 * record of the first deck sampled through it may take (record.c).
 */
#include <stdlib.h>
#include <string.h>

#include "odds/record_int.h"

struct mf_odds_cache {
	struct odds_cache_entry e[ODDS_CACHE_ENTRIES];
	uint64_t clock;  /* the last use stamp given */
	size_t bytes;    /* what the entries' sets take */
	struct odds_record *record;  /* the first deck sampled (record.c), or NULL */
	const struct odds_record *shared;  /* another cache's record, read only
					    * (mf_odds_cache_share()), or NULL */
};

struct mf_odds_cache *mf_odds_cache_new(void)
{
	return calloc(1, sizeof(struct mf_odds_cache));
}

/* Empties e (its bytes still counted in the cache: see drop()). */
static void entry_free(struct odds_cache_entry *e)
{
	free(e->start);
	free(e->class);
	memset(e, 0, sizeof(*e));
}

void mf_odds_cache_free(struct mf_odds_cache *cache)
{
	if (!cache)
		return;
	for (size_t i = 0; i < ODDS_CACHE_ENTRIES; i++)
		entry_free(&cache->e[i]);
	mf_odds_record_free(cache->record);
	free(cache);
}

struct mf_odds_cache *mf_odds_cache_share(const struct mf_odds_cache *from)
{
	struct mf_odds_cache *cache = mf_odds_cache_new();

	if (cache)
		cache->shared = from->record ? from->record : from->shared;
	return cache;
}

struct odds_record **mf_odds_cache_record(struct mf_odds_cache *cache)
{
	return cache->shared ? NULL : &cache->record;
}

const struct odds_record *mf_odds_cache_record_read(const struct mf_odds_cache *cache)
{
	return cache->shared ? cache->shared : cache->record;
}

const struct odds_cache_entry *mf_odds_cache_find(struct mf_odds_cache *cache,
						  const struct odds_cache_key *key)
{
	for (size_t i = 0; i < ODDS_CACHE_ENTRIES; i++) {
		struct odds_cache_entry *e = &cache->e[i];

		if (e->used && e->key.len == key->len && memcmp(e->key.bytes, key->bytes, key->len) == 0) {
			e->used = ++cache->clock;
			return e;
		}
	}
	return NULL;
}

/* A copy of n items of `size` bytes, or NULL (also for none). */
static void *copy_of(const void *items, size_t n, size_t size)
{
	void *p;

	if (!n)
		return NULL;
	p = malloc(n * size);
	if (p)
		memcpy(p, items, n * size);
	return p;
}

/* Empties e, its bytes no longer counted. */
static void drop(struct mf_odds_cache *cache, struct odds_cache_entry *e)
{
	cache->bytes -= e->bytes;
	entry_free(e);
}

/* The least recently used entry (a free one first), or NULL when every
 * entry is free and skip_free. */
static struct odds_cache_entry *oldest(struct mf_odds_cache *cache, bool skip_free)
{
	struct odds_cache_entry *e = NULL;

	for (size_t i = 0; i < ODDS_CACHE_ENTRIES; i++) {
		struct odds_cache_entry *x = &cache->e[i];

		if (skip_free && !x->used)
			continue;
		if (!e || x->used < e->used)
			e = x;
	}
	return e;
}

void mf_odds_cache_store(struct mf_odds_cache *cache, const struct odds_cache_key *key,
			 const void *start, size_t n_start, size_t start_size, const void *class,
			 size_t n_class, size_t class_size, uint64_t work)
{
	size_t bytes = n_start * start_size + n_class * class_size;
	struct odds_cache_entry *e;

	if (bytes > ODDS_CACHE_ENTRY_BYTES)
		return;
	while (cache->bytes + bytes > MF_ODDS_CACHE_MAX - ODDS_RECORD_MAX &&
	       (e = oldest(cache, true)) != NULL)
		drop(cache, e);
	e = oldest(cache, false);
	drop(cache, e);
	e->start = copy_of(start, n_start, start_size);
	e->class = copy_of(class, n_class, class_size);
	if ((n_start && !e->start) || (n_class && !e->class)) {
		entry_free(e);  /* no memory: the next spell makes them again */
		return;
	}
	e->key = *key;
	e->n_start = n_start;
	e->n_class = n_class;
	e->work = work;
	e->bytes = bytes;
	e->used = ++cache->clock;
	cache->bytes += bytes;
}
