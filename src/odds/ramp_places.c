/*
 * A set of places of the lines of play (ramp_int.h): keys of one length,
 * each with the least life that reached it, kept densely in the order they
 * came (a turn walks them without looking at empty slots) and found by an
 * open-addressing index whose slots are stamped with a generation, so that
 * emptying the set is one increment however large it grew.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

void mf_odds_places_init(struct ramp_places *p, size_t len, struct odds_heap *heap)
{
	memset(p, 0, sizeof(*p));
	p->len = len;
	p->gen = 1;
	p->heap = heap;
}

void mf_odds_places_free(struct ramp_places *p)
{
	mf_odds_heap_give(p->heap, p->cap * (p->len + sizeof(*p->life)) +
				   p->n_slots * sizeof(*p->slots));
	free(p->keys);
	free(p->life);
	free(p->slots);
	mf_odds_places_init(p, p->len, p->heap);
}

void mf_odds_places_clear(struct ramp_places *p)
{
	p->n = 0;
	if (++p->gen == 0) {  /* wrapped: every stamp could match again */
		memset(p->slots, 0, p->n_slots * sizeof(*p->slots));
		p->gen = 1;
	}
}

/* Room for twice the places: the arrays and an index of four slots a
 * place, rebuilt. MF_OK or MF_ERR_NOMEM (p unchanged). */
static int grow(struct ramp_places *p)
{
	size_t cap = p->cap ? 2 * p->cap : 64, n_slots = 4 * cap;
	size_t more = (cap - p->cap) * (p->len + sizeof(*p->life)) +
		      (n_slots - p->n_slots) * sizeof(*p->slots);
	uint8_t *keys;
	uint32_t *life;
	struct ramp_slot *slots;

	if (!mf_odds_heap_take(p->heap, more))
		return MF_ERR_NOMEM;
	keys = realloc(p->keys, cap * p->len);
	if (keys)
		p->keys = keys;
	life = keys ? realloc(p->life, cap * sizeof(*life)) : NULL;
	if (life)
		p->life = life;
	slots = life ? calloc(n_slots, sizeof(*slots)) : NULL;
	if (!slots) {
		mf_odds_heap_give(p->heap, more);
		return MF_ERR_NOMEM;
	}
	free(p->slots);
	p->slots = slots;
	p->n_slots = n_slots;
	p->cap = cap;
	p->gen = 1;
	for (size_t i = 0; i < p->n; i++) {
		size_t h = (size_t)mf_odds_key_hash(p->keys + i * p->len, p->len) & (n_slots - 1);

		while (slots[h].gen)
			h = (h + 1) & (n_slots - 1);
		slots[h].gen = p->gen;
		slots[h].index = (uint32_t)i;
	}
	return MF_OK;
}

int mf_odds_places_least(struct ramp_places *p, const uint8_t *key, uint32_t life, bool *added)
{
	size_t h;
	int rc;

	*added = false;
	if (p->n == p->cap && (rc = grow(p)) != MF_OK)
		return rc;
	h = (size_t)mf_odds_key_hash(key, p->len) & (p->n_slots - 1);
	for (; p->slots[h].gen == p->gen; h = (h + 1) & (p->n_slots - 1)) {
		uint32_t i = p->slots[h].index;

		if (!memcmp(p->keys + (size_t)i * p->len, key, p->len)) {
			if (life < p->life[i])
				p->life[i] = life;
			return MF_OK;
		}
	}
	p->slots[h].gen = p->gen;
	p->slots[h].index = (uint32_t)p->n;
	memcpy(p->keys + p->n * p->len, key, p->len);
	p->life[p->n++] = life;
	*added = true;
	return MF_OK;
}

void mf_odds_places_keep(struct ramp_places *p, const uint32_t *keep, size_t n_keep)
{
	/* keep[] ascends: each entry moves down or stays */
	for (size_t j = 0; j < n_keep; j++) {
		if (keep[j] == j)
			continue;
		memcpy(p->keys + j * p->len, p->keys + (size_t)keep[j] * p->len, p->len);
		p->life[j] = p->life[keep[j]];
	}
	p->n = n_keep;
	if (++p->gen == 0) {
		memset(p->slots, 0, p->n_slots * sizeof(*p->slots));
		p->gen = 1;
	}
	for (size_t i = 0; i < p->n; i++) {
		size_t h = (size_t)mf_odds_key_hash(p->keys + i * p->len, p->len) & (p->n_slots - 1);

		while (p->slots[h].gen == p->gen)
			h = (h + 1) & (p->n_slots - 1);
		p->slots[h].gen = p->gen;
		p->slots[h].index = (uint32_t)i;
	}
}
