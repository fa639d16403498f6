/*
 * The exact odds: the distribution of what a game has shown, turn by turn.
 *
 * A state is what the land drops can depend on, and what is left to draw:
 *  - without bounce lands, the lands seen so far by group (drops.c shows
 *    that nothing else of their order matters);
 *  - with bounce lands, the kept hand's lands and each turn's draw;
 * and the lands of each group and the spells still drawable (cards
 * bottomed by a London mulligan are not). Every hand of every mulligan
 * stage is enumerated as a multiset of groups and spells with its
 * multivariate hypergeometric weight; then each turn draws one card from
 * the drawable ones, and states that meet are merged. On each turn asked,
 * every state and draw is asked whether it casts.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/record_int.h"

/* Where a state's parts sit in its key. */
struct layout {
	size_t n;       /* groups */
	size_t seq;     /* offset of the draws (bounce decks), last_turn bytes */
	size_t rest;    /* offset of the drawable lands by group */
	size_t spells;  /* offset of the drawable spells (one byte) */
	size_t stride;
};

static struct layout layout_of(const struct odds_ctx *c)
{
	struct layout l = { .n = c->n_groups };

	l.seq = l.n;
	l.rest = l.seq + c->last_turn;
	l.spells = l.rest + l.n;
	l.stride = l.spells + 1;
	return l;
}

/* The cache keeps a count's first states (its kept hands) as records of
 * 2n + 1 bytes, the lands kept and the lands left to draw by group and the
 * spells left to draw, in the order the enumeration first made them, each
 * with its weight: a state's key without the draws, whose place depends on
 * the last turn. Put back in that order, they lay the table out as the
 * enumeration did, so that the count adds up in the same order and
 * answers to the bit as without the cache. */
#define EXACT_CACHE_MARK 0xE5u  /* ends the key: the exact count's, not the grid's */

/* A kept hand into the states (exact.c's mf_odds_hand_fn), and each new
 * state's record into order[] while `track` (the records counted in heap,
 * and no more of them than the cache would keep). */
struct hands {
	struct odds_table *states;
	struct layout l;
	uint32_t spells;
	const struct odds_group *g;
	bool track;
	struct odds_heap *heap;
	uint8_t *order;
	size_t n_order, cap_order;  /* records */
};

/* A state's key from its record (2n + 1 bytes), into key (zeroed). */
static void key_of_record(const struct layout *l, const uint8_t *rec, uint8_t *key)
{
	memcpy(key, rec, l->n);
	memcpy(key + l->rest, rec + l->n, l->n + 1);
}

/* Appends key's record to h->order. Tracking stops (nothing is kept in
 * the cache then) when the records would be more than the cache keeps, or
 * the heap or the memory has no room for them. */
static void track(struct hands *h, const uint8_t *key)
{
	size_t size = 2 * h->l.n + 1, most = ODDS_CACHE_ENTRY_BYTES / (size + sizeof(double));

	if (h->n_order == h->cap_order) {
		size_t cap = h->cap_order ? 2 * h->cap_order : 1024;
		uint8_t *o;

		cap = cap < most ? cap : most;
		/* a heap without room stops the tracking, not the count: not
		 * taken (which would mark the heap over) unless it fits */
		if (cap == h->cap_order || (cap - h->cap_order) * size > h->heap->max - h->heap->used) {
			h->track = false;
			return;
		}
		mf_odds_heap_take(h->heap, (cap - h->cap_order) * size);
		o = realloc(h->order, cap * size);
		if (!o) {
			mf_odds_heap_give(h->heap, (cap - h->cap_order) * size);
			h->track = false;
			return;
		}
		h->order = o;
		h->cap_order = cap;
	}
	memcpy(h->order + h->n_order * size, key, h->l.n);
	memcpy(h->order + h->n_order * size + h->l.n, key + h->l.rest, h->l.n + 1);
	h->n_order++;
}

static int hand_state(void *arg, const struct odds_kept *k)
{
	struct hands *h = arg;
	uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2] = { 0 };
	union odds_value *v;
	bool added;

	for (size_t g = 0; g < h->l.n; g++) {
		key[g] = k->kept[g];
		key[h->l.rest + g] = (uint8_t)(h->g[g].count - k->held[g]);
	}
	key[h->l.spells] = (uint8_t)(h->spells - k->spells);
	v = mf_odds_table_put(h->states, key, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->p += k->p;
	if (added && h->track)
		track(h, key);
	return MF_OK;
}

/* The cache's key of c's kept hands: the grid's (the same hands, keep rule
 * and bottoming), marked as the exact count's. */
static void exact_key(const struct odds_ctx *c, struct odds_cache_key *k)
{
	mf_odds_grid_key(c, k);
	k->bytes[k->len++] = EXACT_CACHE_MARK;
}

/* The first states of entry e into states, in their order, their
 * enumeration's work charged as if done again. MF_OK, MF_ERR_LIMIT or
 * MF_ERR_NOMEM. */
static int reuse_states(struct odds_ctx *c, const struct layout *l, const struct odds_cache_entry *e,
			struct odds_table *states)
{
	const uint8_t *rec = e->start;
	const double *p = e->class;
	size_t size = 2 * l->n + 1;

	if (!mf_odds_charge_as_spent(c, e->work))
		return MF_ERR_LIMIT;
	for (size_t i = 0; i < e->n_start; i++, rec += size) {
		uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2] = { 0 };
		union odds_value *v;
		bool added;

		key_of_record(l, rec, key);
		v = mf_odds_table_put(states, key, &added);
		if (!v)
			return MF_ERR_NOMEM;
		v->p = p[i];
	}
	return MF_OK;
}

/* Keeps h's first states in the cache under key, in their order, with
 * their weights (nothing when there is no memory for them: the cache is
 * only a shortcut). */
static void store_states(const struct hands *h, struct mf_odds_cache *cache,
			 const struct odds_cache_key *key, uint64_t work)
{
	size_t size = 2 * h->l.n + 1;
	double *p = malloc(h->n_order * sizeof(*p) + 1);

	if (!p)
		return;
	for (size_t i = 0; i < h->n_order; i++) {
		uint8_t k[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2] = { 0 };

		key_of_record(&h->l, h->order + i * size, k);
		p[i] = mf_odds_table_find(h->states, k)->p;
	}
	mf_odds_cache_store(cache, key, h->order, h->n_order, size, p, h->n_order, sizeof(*p), work);
	free(p);
}

/* The kept hands of every stage, weighted by reaching it (from the query's
 * cache when it holds them, and into it when not). */
static int kept_hands(struct odds_ctx *c, struct odds_table *states)
{
	struct hands h = { .states = states, .l = layout_of(c), .spells = c->spells, .g = c->g,
			   .heap = &c->heap };
	struct mf_odds_cache *cache = c->q->cache;
	const struct odds_cache_entry *e;
	struct odds_cache_key key;
	uint64_t before = c->work;
	int rc;

	if (cache) {
		exact_key(c, &key);
		if ((e = mf_odds_cache_find(cache, &key)) != NULL)
			return reuse_states(c, &h.l, e, states);
		h.track = true;
	}
	rc = mf_odds_hands(c, hand_state, &h);
	if (!rc && h.track)
		store_states(&h, cache, &key, c->work - before);
	free(h.order);
	mf_odds_heap_give(h.heap, h.cap_order * (2 * h.l.n + 1));
	return rc;
}

/* ------------------------------------------------------------------ */
/* The turns.                                                          */

/* Turn t's draw x (a group, ODDS_SPELL or ODDS_NONE) after state key, of
 * probability p: tallied when turn t is asked. */
static int tally(struct odds_ctx *c, const struct layout *l, const uint8_t *key, uint32_t t,
		 uint8_t x, double p, struct odds_tally *out)
{
	uint8_t draws[MF_ODDS_TURN_MAX];
	struct odds_game game = { .hand = key, .draws = draws, .turn = t };
	uint32_t lands = 0;
	int castable;

	if (t != c->q->turn && t > c->q->curve)
		return MF_OK;
	if (c->bounce_in_deck)
		memcpy(draws, key + l->seq, t - 1);
	else
		memset(draws, ODDS_SPELL, t - 1);
	draws[t - 1] = x;
	castable = mf_odds_castable(c, &game);
	if (castable < 0)
		return castable;
	if (castable)
		out->by_turn[t - 1] += p;
	if (t != c->q->turn)
		return MF_OK;
	for (size_t g = 0; g < l->n; g++)
		lands += key[g];
	for (uint32_t k = 0; k < t; k++)
		lands += draws[k] < l->n && (c->bounce_in_deck || k == t - 1);
	if (castable)
		out->castable += p;
	if (lands >= c->lands_needed) {
		out->lands += p;
		out->both += castable ? p : 0;
	}
	return MF_OK;
}

/* State key of probability p on turn t, drawing x (or no draw): carried
 * into next (when there is a next turn). */
static int step(struct odds_ctx *c, const struct layout *l, const uint8_t *key, uint32_t t,
		uint8_t x, double p, struct odds_table *next)
{
	uint8_t k2[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2];
	size_t land = x;  /* a group when below l->n (and so below the maximum) */
	union odds_value *v;
	bool added;

	if (!next)
		return MF_OK;
	memcpy(k2, key, l->stride);
	if (c->bounce_in_deck)
		k2[l->seq + t - 1] = x;
	if (land < l->n && land < MF_ODDS_LAND_KINDS_MAX) {
		if (!c->bounce_in_deck)
			k2[land]++;
		k2[l->rest + land]--;
	} else if (x == ODDS_SPELL) {
		k2[l->spells]--;
	}
	v = mf_odds_table_put(next, k2, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->p += p;
	return MF_OK;
}

/* Turn t for every state of `now`: each draw tallied and carried into next
 * (NULL on the last turn). */
static int turn(struct odds_ctx *c, const struct layout *l, const struct odds_table *now, uint32_t t,
		struct odds_table *next, struct odds_tally *out)
{
	bool draws = t > 1 || c->draw_t1;

	for (size_t i = 0; i < now->n_slots; i++) {
		const uint8_t *key = mf_odds_table_key(now, i);
		double p, total = 0;
		int rc;

		if (!key)
			continue;
		p = now->value[i].p;
		if (!draws) {
			if ((rc = tally(c, l, key, t, ODDS_NONE, p, out)) ||
			    (rc = step(c, l, key, t, ODDS_NONE, p, next)))
				return rc;
			continue;
		}
		for (size_t g = 0; g < l->n; g++)
			total += key[l->rest + g];
		total += key[l->spells];
		for (size_t x = 0; x <= l->n; x++) {
			uint32_t have = x < l->n ? key[l->rest + x] : key[l->spells];
			uint8_t card = x < l->n ? (uint8_t)x : ODDS_SPELL;

			if (!have)
				continue;
			if (!mf_odds_charge(c, 1))
				return MF_ERR_LIMIT;
			if ((rc = tally(c, l, key, t, card, p * have / total, out)) ||
			    (rc = step(c, l, key, t, card, p * have / total, next)))
				return rc;
		}
	}
	return MF_OK;
}

int mf_odds_exact(struct odds_ctx *c, struct odds_tally *t)
{
	struct layout l = layout_of(c);
	struct odds_table a, b;
	int rc;

	memset(t, 0, sizeof(*t));
	if ((rc = mf_odds_table_init(&a, l.stride, &c->heap)) != MF_OK)
		return rc;
	if ((rc = mf_odds_table_init(&b, l.stride, &c->heap)) != MF_OK) {
		mf_odds_table_free(&a);
		return rc;
	}
	rc = kept_hands(c, &a);
	for (uint32_t turn_no = 1; turn_no <= c->last_turn && !rc; turn_no++) {
		struct odds_table swap;
		bool last = turn_no == c->last_turn;

		rc = turn(c, &l, &a, turn_no, last ? NULL : &b, t);
		mf_odds_table_clear(&a);
		swap = a;
		a = b;
		b = swap;
	}
	mf_odds_table_free(&a);
	mf_odds_table_free(&b);
	return rc;
}
