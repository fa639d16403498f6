/*
 * The odds room's memory: the heap that caps one computation's bytes and
 * the hash table every memo and distribution use (table.c). Below every
 * other odds file; odds_internal.h includes it for struct odds_ctx.
 */
#ifndef MF_ODDS_TABLE_INT_H
#define MF_ODDS_TABLE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The bytes one computation's tables and arrays hold (table.c, grid.c,
 * strata.c), against their cap: a request past it is refused, `over` is
 * set, and the computation ends as over its budget (MF_ERR_LIMIT), so that
 * memory is bounded like time. */
struct odds_heap {
	size_t used, max;
	bool over;
};

/* The cap of struct odds_heap. With what is not counted there (the mana
 * solver's calls, the model's and the sample's small arrays, the
 * allocator's rounding), within MF_ODDS_WORKING_SET_MAX (odds.h). */
#define ODDS_HEAP_MAX ((size_t)16 << 20)

/* An open-addressing hash table of fixed-size byte keys and one 8-byte
 * value each (table.c). */
struct odds_table {
	uint8_t *keys;     /* n_slots keys of `stride` bytes */
	uint32_t *used;    /* a used slot: the table's generation in the top
			    * byte, a tag of the key's hash below; any other
			    * value is a free slot (table.c) */
	union odds_value {
		double p;
		uint64_t u;
	} *value;
	size_t n_slots, n_used, stride;
	uint32_t gen;      /* 1..255: emptying the table moves it on */
	size_t max_entries;  /* 0: none; a memo past it is emptied and starts again */
	struct odds_heap *heap;  /* where its slots are counted, or NULL */
};

/* The hash of an n-byte key, for the odds' hash table and the ramp's
 * sets of places: eight bytes at a time, each word mixed in by a multiply
 * and a shift (FNV-1a's constants), the last bytes as memcpy() into a
 * zeroed word reads them (without calling it for a length known only at
 * run time), then the whole avalanched. */
static inline uint64_t mf_odds_key_hash(const uint8_t *k, size_t n)
{
	uint64_t h = 1469598103934665603ull ^ n, w;
	uint8_t tail[8] = { 0 };

	for (; n >= 8; n -= 8, k += 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 1099511628211ull;
		h ^= h >> 29;
	}
	switch (n) {  /* each case falls through to the next */
	case 7: tail[6] = k[6]; /* fall through */
	case 6: tail[5] = k[5]; /* fall through */
	case 5: tail[4] = k[4]; /* fall through */
	case 4: tail[3] = k[3]; /* fall through */
	case 3: tail[2] = k[2]; /* fall through */
	case 2: tail[1] = k[1]; /* fall through */
	case 1: tail[0] = k[0]; /* fall through */
	default: break;
	}
	if (n) {
		memcpy(&w, tail, 8);
		h = (h ^ w) * 1099511628211ull;
	}
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

/* The most answers a memo (castable, pays) keeps: about 2 MB each at most.
 * Most keys of a sampled deck never come again, so a larger memo mostly
 * costs the growing and the page faults of a table past the caches. */
#define ODDS_MEMO_MAX ((size_t)1 << 14)

/* table.c: counts n more bytes in h (NULL: nothing counted); false, with
 * h->over set and nothing counted, when they would pass h->max. */
bool mf_odds_heap_take(struct odds_heap *h, size_t n);
/* table.c: n bytes counted in h are freed (NULL h: nothing). */
void mf_odds_heap_give(struct odds_heap *h, size_t n);

/* table.c. Every call that may grow returns MF_OK or MF_ERR_NOMEM (out of
 * memory, or the table's heap would pass its cap: see heap->over). The
 * slots are counted in heap (NULL: not counted). */
int mf_odds_table_init(struct odds_table *t, size_t stride, struct odds_heap *heap);
/* The same, with room for about `entries` keys before it grows. */
int mf_odds_table_init_for(struct odds_table *t, size_t stride, size_t entries,
			   struct odds_heap *heap);
void mf_odds_table_free(struct odds_table *t);
/* The value of key, or NULL. */
union odds_value *mf_odds_table_find(const struct odds_table *t, const uint8_t *key);
/* The value of key, added as 0 when new (*added says which); NULL for no memory. */
union odds_value *mf_odds_table_put(struct odds_table *t, const uint8_t *key, bool *added);
/* Counts t's slots in `to` from now on, not in its heap; false, with
 * nothing changed (and to->over set), when `to` has no room for them. */
bool mf_odds_table_move_heap(struct odds_table *t, struct odds_heap *to);
/* Empties the table, keeping its slots: at once (its generation moved
 * on), and by clearing them only once in 255 times. */
void mf_odds_table_clear(struct odds_table *t);
/* Slot i's key, or NULL when the slot is empty (for walking every entry). */
const uint8_t *mf_odds_table_key(const struct odds_table *t, size_t i);

#endif
