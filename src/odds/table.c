/*
 * The odds' one hash table: fixed-size byte keys, one 8-byte value each,
 * open addressing with linear probing, doubled at half full. It holds the
 * castability memo, the payment memo and the distribution of what was seen.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define TABLE_FIRST_SLOTS 1024

/* FNV-1a over the key. */
static uint64_t key_hash(const uint8_t *k, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ k[i]) * 1099511628211ull;
	return h;
}

/* Allocates n empty slots into *t (stride kept); MF_OK or MF_ERR_NOMEM. */
static int alloc_slots(struct odds_table *t, size_t n)
{
	t->keys = malloc(n * t->stride);
	t->used = calloc(n, 1);
	t->value = calloc(n, sizeof(*t->value));
	t->n_slots = n;
	t->n_used = 0;
	if (t->keys && t->used && t->value)
		return MF_OK;
	mf_odds_table_free(t);
	return MF_ERR_NOMEM;
}

int mf_odds_table_init(struct odds_table *t, size_t stride)
{
	memset(t, 0, sizeof(*t));
	t->stride = stride ? stride : 1;
	return alloc_slots(t, TABLE_FIRST_SLOTS);
}

void mf_odds_table_free(struct odds_table *t)
{
	size_t stride = t->stride;

	free(t->keys);
	free(t->used);
	free(t->value);
	memset(t, 0, sizeof(*t));
	t->stride = stride;
}

/* The slot of key: its own, or the free one where it would go. */
static size_t slot_of(const struct odds_table *t, const uint8_t *key)
{
	size_t mask = t->n_slots - 1, h = key_hash(key, t->stride) & mask;

	while (t->used[h] && memcmp(t->keys + h * t->stride, key, t->stride) != 0)
		h = (h + 1) & mask;
	return h;
}

union odds_value *mf_odds_table_find(const struct odds_table *t, const uint8_t *key)
{
	size_t h;

	if (!t->n_slots)
		return NULL;
	h = slot_of(t, key);
	return t->used[h] ? &t->value[h] : NULL;
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

		if (!old.used[i])
			continue;
		h = slot_of(t, old.keys + i * old.stride);
		memcpy(t->keys + h * t->stride, old.keys + i * old.stride, t->stride);
		t->used[h] = 1;
		t->value[h] = old.value[i];
		t->n_used++;
	}
	mf_odds_table_free(&old);
	return MF_OK;
}

union odds_value *mf_odds_table_put(struct odds_table *t, const uint8_t *key, bool *added)
{
	size_t h;

	*added = false;
	if (!t->n_slots && alloc_slots(t, TABLE_FIRST_SLOTS) != MF_OK)
		return NULL;
	h = slot_of(t, key);
	if (t->used[h])
		return &t->value[h];
	if (2 * (t->n_used + 1) > t->n_slots) {
		if (grow(t) != MF_OK)
			return NULL;
		h = slot_of(t, key);
	}
	memcpy(t->keys + h * t->stride, key, t->stride);
	t->used[h] = 1;
	t->value[h].u = 0;
	t->n_used++;
	*added = true;
	return &t->value[h];
}

const uint8_t *mf_odds_table_key(const struct odds_table *t, size_t i)
{
	return i < t->n_slots && t->used[i] ? t->keys + i * t->stride : NULL;
}
