/*
 * The odds' one hash table: fixed-size byte keys, one 8-byte value each,
 * open addressing with linear probing, doubled at half full. It holds the
 * castability memo, the payment memo, the distribution of what was seen
 * and a turn's search. Emptying it moves its generation on, which frees
 * every slot at once: a search emptied it before each board, and clearing
 * its slots (a table grown to thousands by one large search) cost a tenth
 * of a Commander report's instructions.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define TABLE_FIRST_SLOTS 1024

bool mf_odds_heap_take(struct odds_heap *h, size_t n)
{
	if (!h)
		return true;
	if (n > h->max - h->used) {
		h->over = true;
		return false;
	}
	h->used += n;
	return true;
}

void mf_odds_heap_give(struct odds_heap *h, size_t n)
{
	if (h)
		h->used -= n;
}

/* The bytes n slots of t take. */
static size_t slots_bytes(const struct odds_table *t, size_t n)
{
	return n * (t->stride + sizeof(*t->used) + sizeof(*t->value));
}

/* Allocates n empty slots into *t (stride and heap kept); MF_OK or
 * MF_ERR_NOMEM (t is then empty). */
static int alloc_slots(struct odds_table *t, size_t n)
{
	if (!mf_odds_heap_take(t->heap, slots_bytes(t, n))) {
		t->keys = NULL;
		t->used = NULL;
		t->value = NULL;
		t->n_slots = t->n_used = 0;
		return MF_ERR_NOMEM;
	}
	t->keys = malloc(n * t->stride);
	t->used = calloc(n, sizeof(*t->used));
	t->value = calloc(n, sizeof(*t->value));
	t->n_slots = n;
	t->n_used = 0;
	t->gen = 1;
	if (t->keys && t->used && t->value)
		return MF_OK;
	mf_odds_table_free(t);
	return MF_ERR_NOMEM;
}

int mf_odds_table_init_for(struct odds_table *t, size_t stride, size_t entries,
			   struct odds_heap *heap)
{
	size_t n = 16;

	memset(t, 0, sizeof(*t));
	t->stride = stride ? stride : 1;
	t->heap = heap;
	while (n < 2 * entries)
		n *= 2;
	return alloc_slots(t, n);
}

int mf_odds_table_init(struct odds_table *t, size_t stride, struct odds_heap *heap)
{
	return mf_odds_table_init_for(t, stride, TABLE_FIRST_SLOTS / 2, heap);
}

bool mf_odds_table_move_heap(struct odds_table *t, struct odds_heap *to)
{
	size_t bytes = slots_bytes(t, t->n_slots);

	if (!mf_odds_heap_take(to, bytes))
		return false;
	mf_odds_heap_give(t->heap, bytes);
	t->heap = to;
	return true;
}

void mf_odds_table_free(struct odds_table *t)
{
	size_t stride = t->stride, max_entries = t->max_entries;
	struct odds_heap *heap = t->heap;

	free(t->keys);
	free(t->used);
	free(t->value);
	mf_odds_heap_give(heap, slots_bytes(t, t->n_slots));
	memset(t, 0, sizeof(*t));
	t->stride = stride;
	t->max_entries = max_entries;
	t->heap = heap;
}

/* The value a used slot of t holds for a key of hash `hash`: t's
 * generation over 24 bits of the hash. */
static uint32_t tag_of(const struct odds_table *t, uint64_t hash)
{
	return t->gen << 24 | (uint32_t)(hash >> 40);
}

/* Whether slot h of t is used (in t's generation). */
static bool slot_used(const struct odds_table *t, size_t h)
{
	return t->used[h] >> 24 == t->gen;
}

/* The slot of key (of hash h): its own, or the free one where it would go. */
static size_t slot_of(const struct odds_table *t, const uint8_t *key, uint64_t hash)
{
	size_t mask = t->n_slots - 1, h = (size_t)hash & mask;
	uint32_t tag = tag_of(t, hash);

	while (slot_used(t, h) &&
	       (t->used[h] != tag || memcmp(t->keys + h * t->stride, key, t->stride) != 0))
		h = (h + 1) & mask;
	return h;
}

union odds_value *mf_odds_table_find(const struct odds_table *t, const uint8_t *key)
{
	size_t h;

	if (!t->n_slots)
		return NULL;
	h = slot_of(t, key, mf_odds_key_hash(key, t->stride));
	return slot_used(t, h) ? &t->value[h] : NULL;
}

/* Doubles the table, keeping every entry; MF_OK or MF_ERR_NOMEM (the table
 * is then unchanged). */
static int grow(struct odds_table *t)
{
	struct odds_table old = *t;

	if (alloc_slots(t, old.n_slots * 2) != MF_OK) {
		*t = old;
		return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < old.n_slots; i++) {
		size_t h;

		const uint8_t *k = old.keys + i * old.stride;
		uint64_t hash;

		if (!slot_used(&old, i))
			continue;
		hash = mf_odds_key_hash(k, t->stride);
		h = slot_of(t, k, hash);
		memcpy(t->keys + h * t->stride, k, t->stride);
		t->used[h] = tag_of(t, hash);
		t->value[h] = old.value[i];
		t->n_used++;
	}
	mf_odds_table_free(&old);
	return MF_OK;
}

union odds_value *mf_odds_table_put(struct odds_table *t, const uint8_t *key, bool *added)
{
	uint64_t hash = mf_odds_key_hash(key, t->stride);
	size_t h;

	*added = false;
	if (!t->n_slots && alloc_slots(t, 16) != MF_OK)
		return NULL;
	h = slot_of(t, key, hash);
	if (slot_used(t, h))
		return &t->value[h];
	if (t->max_entries && t->n_used >= t->max_entries) {
		/* a memo at its cap starts again: answers are recomputed */
		mf_odds_table_clear(t);
		h = slot_of(t, key, hash);
	}
	if (2 * (t->n_used + 1) > t->n_slots) {
		if (grow(t) != MF_OK)
			return NULL;
		h = slot_of(t, key, hash);
	}
	memcpy(t->keys + h * t->stride, key, t->stride);
	t->used[h] = tag_of(t, hash);
	t->value[h].u = 0;
	t->n_used++;
	*added = true;
	return &t->value[h];
}

void mf_odds_table_clear(struct odds_table *t)
{
	if (!t->n_used)
		return;
	if (++t->gen == 256) {  /* every tag of the slots is old: clear them */
		memset(t->used, 0, t->n_slots * sizeof(*t->used));
		t->gen = 1;
	}
	t->n_used = 0;
}

const uint8_t *mf_odds_table_key(const struct odds_table *t, size_t i)
{
	return i < t->n_slots && slot_used(t, i) ? t->keys + i * t->stride : NULL;
}
