/*
 * The exact count on a dense grid, for decks without bounce lands whose
 * multisets of lands fit in GRID_CELLS_MAX cells. It answers what exact.c
 * answers, without hashing and with far fewer castability searches, for a
 * batch of queries at once (grid_int.h).
 *
 * A cell is a multiset of lands seen, by group (mixed radix: count + 1 per
 * group). The kept hands (hands.c) fall into classes by the lands a London
 * mulligan bottomed and the hand's size: the class and the cell fix what
 * is still drawable, so each class is walked turn by turn over the grid
 * (grid_walk.c). The walk's tallies are kept by turn, lands seen and the
 * members that cast, and read into each member's figures at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/grid_int.h"

/* Whether member c tallies turn: its own turn, or one of its curve's. */
static bool asked(const struct odds_ctx *c, uint32_t turn)
{
	return turn == c->q->turn || turn <= c->q->curve;
}

/* Whether no line can cast on `turn`: even `turn` lands each making the
 * most any land of the deck makes fall short of the cost's mana. Such a
 * turn is tallied as not castable without asking. */
static bool hopeless_turn(const struct odds_ctx *c, uint32_t turn)
{
	uint32_t most = 0;

	for (size_t g = 0; g < c->n_groups; g++)
		if (c->g[g].reach > most)
			most = c->g[g].reach;
	return (uint64_t)turn * most < c->mana_needed;
}

/* The mana types (grid.c's does_all_of()) the members' costs ask for by
 * name: their colours, and C when one asks for {C}. */
static unsigned named_types(const struct grid *gr)
{
	unsigned types = 0;

	for (size_t k = 0; k < gr->n_members; k++) {
		const struct mf_mana_cost *cost = &gr->members[k]->q->cost;

		types |= mf_mana_cost_colors(cost) | (cost->need[MF_MANA_TYPES - 1] ? 1u << (MF_MANA_TYPES - 1) : 0);
	}
	return types;
}

/* Whether a land of group y, fetched before the turn asked (so untapped
 * then, however it enters), does all one of group z would: every fetch
 * finding z finds y; both tap for one mana for no life, y for every type
 * of z's that a member's cost names (any other only pays generic mana);
 * and y has every basic land type of z's that a check land of the deck
 * looks for. */
static bool does_all_of(const struct grid *gr, size_t y, size_t z, unsigned named, uint8_t checked)
{
	const struct odds_ctx *c = gr->c;
	unsigned my, mz;

	if (y == z)
		return true;
	if ((gr->finders[z] & ~gr->finders[y]) || (c->g[z].types & ~c->g[y].types & checked))
		return false;
	my = mf_odds_one_mana_types(mf_mana_catalogue_land(c->q->cat, (size_t)c->g[y].land));
	mz = mf_odds_one_mana_types(mf_mana_catalogue_land(c->q->cat, (size_t)c->g[z].land));
	return my && mz && !(mz & ~my & named);
}

/* Each fragile group's pool (grid_int.h). */
static void batch_pools(struct grid *gr)
{
	const struct odds_ctx *c = gr->c;
	unsigned named = named_types(gr);
	uint8_t checked = 0;

	for (size_t g = 0; g < gr->n; g++)
		if (c->g[g].count && c->g[g].drop == ODDS_DROP_CHECK)
			checked |= c->g[g].check;
	for (size_t z = 0; z < gr->n; z++) {
		gr->pool[z] = 0;
		if (!(gr->fragile >> z & 1))
			continue;
		for (size_t y = 0; y < gr->n; y++)
			if (c->g[y].count && gr->fetchable >> y & 1 && does_all_of(gr, y, z, named, checked))
				gr->pool[z] |= 1u << y;
	}
}

/* The batch's masks by turn (grid_int.h) and its last turn. */
static void batch_turns(struct grid *gr)
{
	memset(gr->ask, 0, sizeof(gr->ask));
	memset(gr->look, 0, sizeof(gr->look));
	memset(gr->care, 0, sizeof(gr->care));
	memset(gr->absorb_lands, 0, sizeof(gr->absorb_lands));
	gr->last_turn = 0;
	for (size_t k = 0; k < gr->n_members; k++) {
		const struct odds_ctx *m = gr->members[k];

		for (uint32_t t = 1; t <= m->last_turn; t++) {
			if (!asked(m, t))
				continue;
			gr->ask[t - 1] |= (uint8_t)(1u << k);
			if (!hopeless_turn(m, t))
				gr->look[t - 1] |= (uint8_t)(1u << k);
		}
		/* a member cares about every turn before its last (which it asks) */
		for (uint32_t t = 1; t < m->last_turn; t++) {
			gr->care[t - 1] |= (uint8_t)(1u << k);
			if (m->lands_needed > gr->absorb_lands[t - 1])
				gr->absorb_lands[t - 1] = m->lands_needed;
		}
		if (m->last_turn > gr->last_turn)
			gr->last_turn = m->last_turn;
	}
}

/* The batch's implications between members (grid_int.h). */
static void batch_implications(struct grid *gr)
{
	memset(gr->implied, 0, sizeof(gr->implied));
	memset(gr->implied_not, 0, sizeof(gr->implied_not));
	for (size_t a = 0; a < gr->n_members; a++)
		for (size_t b = 0; b < gr->n_members; b++)
			if (a != b && mf_odds_cost_within(gr->members[a], gr->members[b])) {
				gr->implied[b] |= (uint8_t)(1u << a);
				gr->implied_not[a] |= (uint8_t)(1u << b);
			}
}

/* The bytes of the grid's arrays (grid_init), for cells, blocks and turns. */
static size_t arrays_bytes(size_t cells, size_t blocks, size_t n, uint32_t turns)
{
	return cells * ((n ? n : 1) + 1 + blocks * (n + 1) + 2 * sizeof(double)) +
	       3 * ((cells + 63) / 64) * sizeof(uint64_t) +
	       (size_t)turns * GRID_SEEN_MAX * 128 * sizeof(double);
}

/* The grid's size: cells and memo blocks; false when too large, or when
 * its arrays, with an eighth of the heap's cap to spare for its classes,
 * would not fit what is left of the lead's heap (the hash tables of
 * exact.c, which grow only as far as they need, or the sample answer
 * instead). */
static bool measure(const struct grid *gr, uint32_t *cells, size_t *blocks)
{
	const struct odds_ctx *c = gr->c;
	uint64_t n = 1;

	for (size_t g = 0; g < c->n_groups; g++) {
		n *= c->g[g].count + 1u;
		if (n > GRID_CELLS_MAX)
			return false;
	}
	*blocks = 0;
	for (uint32_t t = 1; t <= gr->last_turn; t++)
		*blocks += gr->look[t - 1] != 0;
	*cells = (uint32_t)n;
	return n * *blocks * (c->n_groups + 1) <= GRID_MEMO_MAX &&
	       arrays_bytes(n, *blocks, c->n_groups, gr->last_turn) + c->heap.max / 8 <=
	       c->heap.max - c->heap.used;
}

bool mf_odds_grid_fits(struct odds_ctx *const *members, size_t n_members)
{
	struct grid gr = { .c = members[0], .members = members, .n_members = n_members };
	uint32_t cells;
	size_t blocks;

	if (members[0]->bounce_in_deck || members[0]->q->n_sources)
		return false;
	batch_turns(&gr);
	return measure(&gr, &cells, &blocks);
}

static void grid_free(struct grid *gr)
{
	mf_odds_heap_give(&gr->c->heap, gr->counted);
	free(gr->digits);
	free(gr->lands);
	free(gr->memo);
	free(gr->cur);
	free(gr->next);
	free(gr->mass);
	free(gr->live);
	free(gr->absorbable);
	free(gr->live_next);
	free(gr->class);
	free(gr->start);
	mf_odds_table_free(&gr->classes);
}

/* Allocates the grid of members[0 .. n_members) and writes each cell's
 * lands; MF_OK or MF_ERR_NOMEM (the heap's cap included). */
static int grid_init(struct grid *gr, struct odds_ctx *const *members, size_t n_members)
{
	struct odds_ctx *c = members[0];
	size_t blocks = 0, n = c->n_groups, bytes;
	uint32_t cells = 0;

	memset(gr, 0, sizeof(*gr));
	gr->c = c;
	gr->members = members;
	gr->n_members = n_members;
	gr->n = n;
	for (size_t g = 0; g < n; g++) {
		if (c->g[g].count && c->g[g].finds)
			gr->fetch_group[gr->n_fetch_groups++] = (uint8_t)g;
		for (size_t z = 0; z < n && c->g[g].count; z++)
			if (c->g[g].finds >> z & 1) {
				gr->finders[z] |= 1u << g;
				gr->fetchable |= 1u << z;
			}
	}
	for (size_t z = 0; z < n; z++)
		if (gr->fetchable >> z & 1 && c->g[z].drop != ODDS_DROP_UNTAPPED)
			gr->fragile |= 1u << z;
	batch_pools(gr);
	batch_turns(gr);
	batch_implications(gr);
	if (!measure(gr, &cells, &blocks))
		return MF_ERR_NOMEM;
	gr->cells = cells;
	bytes = arrays_bytes(cells, blocks, n, gr->last_turn);
	if (!mf_odds_heap_take(&c->heap, bytes))
		return MF_ERR_NOMEM;
	gr->counted = bytes;
	for (uint32_t t = 1, b = 0; t <= gr->last_turn; t++)
		gr->block[t - 1] = gr->look[t - 1] ? (uint8_t)b++ : UINT8_MAX;
	for (size_t g = 0, s = 1; g < n; g++) {
		gr->stride[g] = (uint32_t)s;
		s *= c->g[g].count + 1u;
	}
	gr->digits = malloc((size_t)cells * (n ? n : 1));
	gr->lands = malloc(cells);
	gr->memo = calloc(blocks * cells * (n + 1) + 1, 1);
	gr->cur = calloc(cells, sizeof(*gr->cur));
	gr->next = calloc(cells, sizeof(*gr->next));
	gr->mass = calloc((size_t)gr->last_turn * GRID_SEEN_MAX * 128, sizeof(*gr->mass));
	gr->words = (cells + 63) / 64;
	gr->live = calloc(gr->words, sizeof(*gr->live));
	gr->live_next = calloc(gr->words, sizeof(*gr->live_next));
	gr->absorbable = calloc(gr->words, sizeof(*gr->absorbable));
	if (!gr->digits || !gr->lands || !gr->memo || !gr->cur || !gr->next || !gr->mass ||
	    !gr->live || !gr->live_next || !gr->absorbable ||
	    mf_odds_table_init(&gr->classes, n + 1, &c->heap) != MF_OK)
		return MF_ERR_NOMEM;
	/* cell by cell, the digits counted up like an odometer (group 0 the
	 * fastest): no division */
	{
		uint8_t d[MF_ODDS_LAND_KINDS_MAX] = { 0 };
		uint32_t sum = 0;

		for (uint32_t cell = 0; cell < cells; cell++) {
			memcpy(gr->digits + (size_t)cell * n, d, n);
			gr->lands[cell] = (uint8_t)sum;
			for (size_t g = 0; g < n; g++) {
				if (d[g] < c->g[g].count) {
					d[g]++;
					sum++;
					break;
				}
				sum -= d[g];
				d[g] = 0;
			}
		}
	}
	for (uint32_t cell = 0; cell < cells && gr->fragile; cell++)
		if (mf_odds_grid_fetch_safe(gr, cell, gr->fragile, true))
			gr->absorbable[cell / 64] |= 1ull << (cell % 64);
	return MF_OK;
}

/* ------------------------------------------------------------------ */
/* The kept hands, by class.                                           */

/* Makes room for need items of size bytes in *items (*cap of them now),
 * counted in gr's heap (the old and new blocks both, while realloc may
 * hold both). MF_OK or MF_ERR_NOMEM. */
static int grow(struct grid *gr, void **items, size_t *cap, size_t need, size_t size)
{
	size_t cap2 = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return MF_OK;
	while (cap2 < need)
		cap2 *= 2;
	if (!mf_odds_heap_take(&gr->c->heap, cap2 * size))
		return MF_ERR_NOMEM;
	p = realloc(*items, cap2 * size);
	if (!p) {
		mf_odds_heap_give(&gr->c->heap, cap2 * size);
		return MF_ERR_NOMEM;
	}
	mf_odds_heap_give(&gr->c->heap, *cap * size);
	gr->counted += (cap2 - *cap) * size;
	*items = p;
	*cap = cap2;
	return MF_OK;
}

/* A kept hand into its class (grid.c's mf_odds_hand_fn). */
static int hand_start(void *arg, const struct odds_kept *k)
{
	struct grid *gr = arg;
	uint8_t key[MF_ODDS_LAND_KINDS_MAX + 1] = { 0 };
	union odds_value *v;
	uint32_t cell = 0;
	bool added;

	for (size_t g = 0; g < gr->n; g++) {
		key[g] = (uint8_t)(k->held[g] - k->kept[g]);
		cell += k->kept[g] * gr->stride[g];
	}
	key[gr->n] = k->st->draw;
	v = mf_odds_table_put(&gr->classes, key, &added);
	if (!v)
		return MF_ERR_NOMEM;
	if (added) {
		struct grid_class *cl;

		if (grow(gr, (void **)&gr->class, &gr->cap_class, gr->n_class + 1, sizeof(*gr->class)))
			return MF_ERR_NOMEM;
		cl = &gr->class[gr->n_class];
		memset(cl, 0, sizeof(*cl));
		memcpy(cl->bottomed, key, gr->n);
		for (size_t g = 0; g < gr->n; g++)
			cl->bottomed_lands += key[g];
		cl->draw = k->st->draw;
		v->u = gr->n_class++;
	}
	if (grow(gr, (void **)&gr->start, &gr->cap_start, gr->n_start + 1, sizeof(*gr->start)))
		return MF_ERR_NOMEM;
	gr->start[gr->n_start++] = (struct grid_start){ (uint32_t)v->u, cell, k->p };
	return MF_OK;
}


/* Sorts the kept hands by class, keeping their order within a class (a
 * counting sort: the classes are numbered 0 .. n_class - 1). MF_OK or
 * MF_ERR_NOMEM (the heap's cap included). */
static int sort_by_class(struct grid *gr)
{
	size_t bytes = gr->n_start * sizeof(*gr->start) + (gr->n_class + 1) * sizeof(size_t);
	struct grid_start *sorted;
	size_t *at;
	bool ok;

	if (!mf_odds_heap_take(&gr->c->heap, bytes))
		return MF_ERR_NOMEM;
	sorted = malloc(gr->n_start * sizeof(*sorted) + 1);
	at = calloc(gr->n_class + 1, sizeof(*at));
	ok = sorted && at;
	if (ok) {
		for (size_t i = 0; i < gr->n_start; i++)
			at[gr->start[i].class + 1]++;
		for (size_t k = 0; k < gr->n_class; k++)
			at[k + 1] += at[k];
		for (size_t i = 0; i < gr->n_start; i++)
			sorted[at[gr->start[i].class]++] = gr->start[i];
		memcpy(gr->start, sorted, gr->n_start * sizeof(*sorted));
	}
	free(sorted);
	free(at);
	mf_odds_heap_give(&gr->c->heap, bytes);
	return ok ? MF_OK : MF_ERR_NOMEM;
}

/* The cache's key of the grid's kept hands: everything hands.c, keep.c
 * and hand_start() read. */
void mf_odds_grid_key(const struct odds_ctx *c, struct odds_cache_key *k)
{
	uint8_t *b = k->bytes;
	size_t n = 0;

	b[n++] = (uint8_t)c->n_groups;
	for (size_t g = 0; g < c->n_groups; g++) {
		b[n++] = (uint8_t)(c->g[g].count >> 8);
		b[n++] = (uint8_t)c->g[g].count;
		b[n++] = c->g[g].colors;
		b[n++] = c->g[g].tapped;
	}
	b[n++] = (uint8_t)(c->spells >> 8);
	b[n++] = (uint8_t)c->spells;
	b[n++] = (uint8_t)(c->q->size >> 8);
	b[n++] = (uint8_t)c->q->size;
	b[n++] = (uint8_t)c->q->policy;
	b[n++] = (uint8_t)c->n_stages;
	for (size_t i = 0; i < c->n_stages; i++) {
		const struct odds_stage *st = &c->stages[i];

		b[n++] = st->draw;
		b[n++] = st->bottom;
		b[n++] = st->lo;
		b[n++] = st->hi;
		b[n++] = st->keep_any;
	}
	k->len = n;
}

/* The kept hands of entry e into the grid, their enumeration's work
 * charged as if done again. MF_OK, MF_ERR_LIMIT or MF_ERR_NOMEM. */
static int reuse_starts(struct grid *gr, const struct odds_cache_entry *e)
{
	if (!mf_odds_charge_as_spent(gr->c, e->work))
		return MF_ERR_LIMIT;
	if (grow(gr, (void **)&gr->start, &gr->cap_start, e->n_start, sizeof(*gr->start)) ||
	    grow(gr, (void **)&gr->class, &gr->cap_class, e->n_class, sizeof(*gr->class)))
		return MF_ERR_NOMEM;
	if (e->n_start)
		memcpy(gr->start, e->start, e->n_start * sizeof(*gr->start));
	if (e->n_class)
		memcpy(gr->class, e->class, e->n_class * sizeof(*gr->class));
	gr->n_start = e->n_start;
	gr->n_class = e->n_class;
	return MF_OK;
}

/* Every kept hand into gr->start, sorted by class (from the query's
 * cache when it holds them, and into it when not). MF_OK or a negative
 * mf_status. */
static int kept_starts(struct grid *gr)
{
	struct odds_ctx *c = gr->c;
	struct mf_odds_cache *cache = c->q->cache;
	const struct odds_cache_entry *e;
	uint64_t before = c->work;
	int rc;

	if (cache) {
		mf_odds_grid_key(c, &gr->key);
		if ((e = mf_odds_cache_find(cache, &gr->key)) != NULL)
			return reuse_starts(gr, e);
	}
	rc = mf_odds_hands(c, hand_start, gr);
	if (!rc)
		rc = sort_by_class(gr);
	if (!rc && cache)
		mf_odds_cache_store(cache, &gr->key, gr->start, gr->n_start, sizeof(*gr->start),
				    gr->class, gr->n_class, sizeof(*gr->class), c->work - before);
	return rc;
}

/* Member k's figures from the walk's tallies: by turn, lands seen and
 * who cast (gr->mass), and what left the walk cast (gr->absorbed). */
static void member_tally(const struct grid *gr, size_t k, struct odds_tally *out)
{
	const struct odds_ctx *m = gr->members[k];
	uint32_t turn = m->q->turn, needed = m->lands_needed;

	memset(out, 0, sizeof(*out));
	for (uint32_t t = 1; t <= m->last_turn; t++) {
		const double *mass = gr->mass + (size_t)(t - 1) * GRID_SEEN_MAX * 128;
		double absorbed = 0;

		if (!asked(m, t))
			continue;
		for (uint32_t before = 1; before < t; before++)
			absorbed += gr->absorbed[before - 1];
		out->by_turn[t - 1] = absorbed;
		if (t == turn)
			out->castable = out->lands = out->both = absorbed;
		for (uint32_t seen = 0; seen < GRID_SEEN_MAX; seen++)
			for (unsigned pat = 0; pat < 128; pat++) {
				double p = mass[seen * 128 + pat];
				bool cast = pat >> k & 1;

				if (p == 0)
					continue;
				out->by_turn[t - 1] += cast ? p : 0;
				if (t != turn)
					continue;
				out->castable += cast ? p : 0;
				out->lands += seen >= needed ? p : 0;
				out->both += cast && seen >= needed ? p : 0;
			}
	}
}

int mf_odds_grid(struct odds_ctx *const *members, size_t n_members, struct odds_tally *out)
{
	struct grid gr;
	int rc;

	rc = grid_init(&gr, members, n_members);
	if (!rc)
		rc = kept_starts(&gr);
	for (size_t i = 0, j; i < gr.n_start && !rc; i = j) {
		for (j = i; j < gr.n_start && gr.start[j].class == gr.start[i].class; j++)
			;
		rc = mf_odds_grid_walk_class(&gr, gr.start[i].class, i, j);
	}
	/* the lead did the walk: each other member is charged it too, as if
	 * it had walked alone */
	for (size_t k = 1; k < n_members && !rc; k++)
		if (!mf_odds_charge_as_spent(members[k], members[0]->work))
			rc = MF_ERR_LIMIT;
	for (size_t k = 0; k < n_members && !rc; k++)
		member_tally(&gr, k, &out[k]);
	grid_free(&gr);
	return rc;
}
