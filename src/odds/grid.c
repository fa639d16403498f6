/*
 * The exact count on a dense grid, for decks without bounce lands whose
 * multisets of lands fit in GRID_CELLS_MAX cells. It answers what exact.c
 * answers, without hashing and with far fewer castability searches.
 *
 * A cell is a multiset of lands seen, by group (mixed radix: count + 1 per
 * group). The kept hands (hands.c) fall into classes by the lands a London
 * mulligan bottomed and the hand's size: the class and the cell fix what
 * is still drawable, so each class is walked turn by turn over the grid.
 * Each turn's draw x from cell S is tallied with castable(S, x), one byte
 * per (turn asked, cell, draw) that drops.c fills on first use.
 *
 * Castability never falls when one more land is seen: a land in hand does
 * all it could do from the library (played where a fetch would find it,
 * for no life and untapped), and an extra land drawn on the turn only adds
 * a choice. So a cell whose smaller neighbour casts, or whose draw of a
 * spell casts, casts without a search. Nor does it fall a turn later: a
 * line of play still works with its last land drop delayed. So a draw that
 * casts on a turn asked, with the lands the cost needs, leaves the walk
 * and counts as castable on every later turn.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define GRID_CELLS_MAX (1u << 18)     /* cells of the grid */
#define GRID_MEMO_MAX (16u << 20)      /* bytes of castability memo */
#define GRID_UNKNOWN (-1)

/* A class of kept hands: what was bottomed, so what stays drawable. */
struct class {
	uint8_t bottomed[MF_ODDS_LAND_KINDS_MAX];
	uint32_t bottomed_lands;
	uint32_t draw;          /* cards of the hand drawn (before bottoming) */
};

/* A kept hand: its class, the cell of its kept lands, its probability. */
struct start {
	uint32_t class, cell;
	double p;
};

struct grid {
	struct odds_ctx *c;
	size_t n;                          /* groups */
	uint32_t stride[MF_ODDS_LAND_KINDS_MAX];
	uint32_t cells;
	uint8_t *digits;                   /* cells * n: the lands of each cell */
	uint8_t *lands;                    /* cells: how many lands */
	int8_t *memo;                      /* blocks * cells * (n + 1) */
	uint8_t block[MF_ODDS_TURN_MAX];   /* turn - 1 -> memo block (asked turns) */
	double *cur, *next;                /* cells: probability of each */
	double absorbed[MF_ODDS_TURN_MAX]; /* cast on turn t with enough lands: done */
	uint32_t *act, *act_next;          /* the cells of cur and next */
	uint8_t *mark;                     /* cells: in act_next */
	size_t n_act, n_next;
	struct odds_table classes;         /* class key -> index into class[] */
	struct class *class;
	size_t n_class, cap_class;
	struct start *start;
	size_t n_start, cap_start;
	size_t counted;                    /* bytes counted in c->heap, but classes' */
	struct odds_cache_key key;         /* of the kept hands, with the query's cache */
};

/* The turns whose castability is tallied: the one asked and the curve's. */
static bool asked(const struct odds_ctx *c, uint32_t turn)
{
	return turn == c->q->turn || turn <= c->q->curve;
}

/* Whether no line can cast on `turn`: even `turn` lands each making the
 * most any land of the deck makes fall short of the cost's mana. Such a
 * turn is tallied as not castable without asking, and has no memo. */
static bool hopeless_turn(const struct odds_ctx *c, uint32_t turn)
{
	uint32_t most = 0;

	for (size_t g = 0; g < c->n_groups; g++)
		if (c->g[g].reach > most)
			most = c->g[g].reach;
	return (uint64_t)turn * most < c->mana_needed;
}

/* Whether turn's castability is looked up (and so has a memo block). */
static bool looked_up(const struct odds_ctx *c, uint32_t turn)
{
	return asked(c, turn) && !hopeless_turn(c, turn);
}

/* The bytes of the grid's arrays (grid_init), for cells and blocks. */
static size_t arrays_bytes(size_t cells, size_t blocks, size_t n)
{
	return cells * ((n ? n : 1) + 1 + blocks * (n + 1) + 2 * sizeof(double) +
			2 * sizeof(uint32_t) + 1);
}

/* The grid's size: cells and memo bytes; false when too large, or when its
 * arrays, with an eighth of the heap's cap to spare for its classes, would
 * not fit what is left of the computation's heap (the hash tables of
 * exact.c, which grow only as far as they need, or the sample answer
 * instead). */
static bool measure(const struct odds_ctx *c, uint32_t *cells, size_t *blocks)
{
	uint64_t n = 1;

	for (size_t g = 0; g < c->n_groups; g++) {
		n *= c->g[g].count + 1u;
		if (n > GRID_CELLS_MAX)
			return false;
	}
	*blocks = 0;
	for (uint32_t t = 1; t <= c->last_turn; t++)
		*blocks += looked_up(c, t);
	*cells = (uint32_t)n;
	return n * *blocks * (c->n_groups + 1) <= GRID_MEMO_MAX &&
	       arrays_bytes(n, *blocks, c->n_groups) + c->heap.max / 8 <= c->heap.max - c->heap.used;
}

bool mf_odds_grid_fits(const struct odds_ctx *c)
{
	uint32_t cells;
	size_t blocks;

	return !c->bounce_in_deck && measure(c, &cells, &blocks);
}

static void grid_free(struct grid *gr)
{
	mf_odds_heap_give(&gr->c->heap, gr->counted);
	free(gr->digits);
	free(gr->lands);
	free(gr->memo);
	free(gr->cur);
	free(gr->next);
	free(gr->act);
	free(gr->act_next);
	free(gr->mark);
	free(gr->class);
	free(gr->start);
	mf_odds_table_free(&gr->classes);
}

/* Allocates the grid and writes each cell's lands; MF_OK or MF_ERR_NOMEM. */
static int grid_init(struct grid *gr, struct odds_ctx *c)
{
	size_t blocks = 0, n = c->n_groups;
	uint32_t cells = 0;

	memset(gr, 0, sizeof(*gr));
	gr->c = c;
	gr->n = n;
	measure(c, &cells, &blocks);
	gr->cells = cells;
	if (!mf_odds_heap_take(&c->heap, arrays_bytes(cells, blocks, n)))
		return MF_ERR_NOMEM;
	gr->counted = arrays_bytes(cells, blocks, n);
	for (uint32_t t = 1, b = 0; t <= c->last_turn; t++)
		gr->block[t - 1] = looked_up(c, t) ? (uint8_t)b++ : UINT8_MAX;
	for (size_t g = 0, s = 1; g < n; g++) {
		gr->stride[g] = (uint32_t)s;
		s *= c->g[g].count + 1u;
	}
	gr->digits = malloc((size_t)cells * (n ? n : 1));
	gr->lands = malloc(cells);
	gr->memo = malloc(blocks * cells * (n + 1));
	gr->cur = calloc(cells, sizeof(*gr->cur));
	gr->next = calloc(cells, sizeof(*gr->next));
	gr->act = malloc(cells * sizeof(*gr->act));
	gr->act_next = malloc(cells * sizeof(*gr->act_next));
	gr->mark = calloc(cells, 1);
	if (!gr->digits || !gr->lands || !gr->memo || !gr->cur || !gr->next ||
	    !gr->act || !gr->act_next || !gr->mark ||
	    mf_odds_table_init(&gr->classes, n + 1, &c->heap) != MF_OK)
		return MF_ERR_NOMEM;
	memset(gr->memo, GRID_UNKNOWN, blocks * cells * (n + 1));
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
		struct class *cl;

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
	gr->start[gr->n_start++] = (struct start){ (uint32_t)v->u, cell, k->p };
	return MF_OK;
}

/* ------------------------------------------------------------------ */
/* Castability, from the memo.                                         */

/* Whether the lands of `cell` seen before turn t and draw x (a group, or
 * n for a spell or no draw) cast: 1, 0 or a negative mf_status. */
static int castable(struct grid *gr, uint32_t t, uint32_t cell, size_t x)
{
	size_t n = gr->n;
	int8_t *memo = gr->memo + ((size_t)gr->block[t - 1] * gr->cells) * (n + 1);
	const uint8_t *s = gr->digits + (size_t)cell * n;
	int rc = GRID_UNKNOWN;

	if (memo[(size_t)cell * (n + 1) + x] != GRID_UNKNOWN)
		return memo[(size_t)cell * (n + 1) + x];
	if (x < n) {
		rc = castable(gr, t, cell, n);
		if (rc < 0)
			return rc;
		rc = rc ? 1 : GRID_UNKNOWN;
	}
	for (size_t g = 0; g < n && rc == GRID_UNKNOWN; g++)
		if (s[g] && memo[(size_t)(cell - gr->stride[g]) * (n + 1) + x] == 1)
			rc = 1;
	if (rc == GRID_UNKNOWN) {
		rc = mf_odds_castable_seen(gr->c, s, x < n ? (uint8_t)x : ODDS_SPELL, t);
		if (rc < 0)
			return rc;
	}
	memo[(size_t)cell * (n + 1) + x] = (int8_t)rc;
	return rc;
}

/* ------------------------------------------------------------------ */
/* The turns of one class.                                             */

/* One turn's sums, kept in locals while a turn is walked. */
struct sums {
	double castable_on_turn, lands, both, by_turn;
};

static void carry(struct grid *gr, uint32_t cell, double p)
{
	if (!gr->mark[cell]) {
		gr->mark[cell] = 1;
		gr->act_next[gr->n_next++] = cell;
	}
	gr->next[cell] += p;
}

/* The absorbed probability into the sums of the turns after it. */
static void add_absorbed(const struct grid *gr, struct odds_tally *out)
{
	const struct odds_ctx *c = gr->c;

	for (uint32_t t = 1; t <= c->last_turn; t++) {
		double p = gr->absorbed[t - 1];

		for (uint32_t later = t + 1; later <= c->last_turn; later++)
			if (asked(c, later))
				out->by_turn[later - 1] += p;
		if (t < c->q->turn) {
			out->castable += p;
			out->lands += p;
			out->both += p;
		}
	}
}

/* Turn t of class cl, `library` cards drawable: each cell's draws
 * tallied (when t is asked) and carried into next (unless t is last), or,
 * when it cast with the lands the cost needs, absorbed: add_absorbed()
 * counts it on the later turns. The loop reads the turn's memo row by row
 * (no memo: a hopeless turn, where nothing casts). */
static int walk_turn(struct grid *gr, const struct class *cl, uint32_t t, uint32_t library,
		     struct odds_tally *out)
{
	struct odds_ctx *c = gr->c;
	bool draws = t > 1 || c->draw_t1, last = t == c->last_turn, on_turn = t == c->q->turn;
	size_t n = gr->n, n_next = gr->n_next;
	bool tally = asked(c, t);
	const int8_t *memo = gr->block[t - 1] != UINT8_MAX ?
			     gr->memo + (size_t)gr->block[t - 1] * gr->cells * (n + 1) : NULL;
	/* the grid's arrays in locals: the stores below cannot then make the
	 * compiler read them again */
	double *cur = gr->cur, *next = gr->next;
	const uint32_t *act = gr->act, *stride = gr->stride;
	uint32_t *act_next = gr->act_next;
	uint8_t *mark = gr->mark;
	const uint8_t *digits = gr->digits, *lands_of = gr->lands;
	uint32_t needed = c->lands_needed, unseen = c->lands - cl->bottomed_lands;
	uint32_t avail[MF_ODDS_LAND_KINDS_MAX + 1];  /* drawable lands of each group, in the class */
	struct sums sum = { 0, 0, 0, 0 };
	double absorbed = 0;
	int rc = MF_OK;

	for (size_t g = 0; g < n; g++)
		avail[g] = c->g[g].count - cl->bottomed[g];
	for (size_t i = 0; i < gr->n_act && !rc; i++) {
		uint32_t cell = act[i], lands = lands_of[cell];
		const uint8_t *s = digits + (size_t)cell * n;
		const int8_t *row = memo ? memo + (size_t)cell * (n + 1) : NULL;
		/* Each draw's probability is per_card times the cards that make it
		 * (without a draw: p, one "card"), so the cell's sums are counted in
		 * cards, as integers, and multiplied once: no chain of floating
		 * additions from draw to draw. */
		double per_card = draws ? cur[cell] / library : cur[cell];
		uint32_t cards_cast = 0, cards_lands = 0, cards_both = 0, cards_absorbed = 0;

		cur[cell] = 0;
		if (!mf_odds_charge(c, n + 1)) {
			rc = MF_ERR_LIMIT;
			break;
		}
		/* drawable: lands not seen nor bottomed; the rest are spells */
		avail[n] = library - (unseen - lands);
		for (size_t x = draws ? 0 : n; x <= n; x++) {
			uint32_t have = !draws ? 1 : x < n ? avail[x] - s[x] : avail[n];
			uint32_t seen = lands + (x < n), to;
			int cast = 0;

			if (!have)
				continue;
			if (tally) {
				if (row)
					cast = row[x] != GRID_UNKNOWN ? row[x] : castable(gr, t, cell, x);
				if (cast < 0) {
					rc = cast;
					break;
				}
				cards_cast += cast ? have : 0;
				if (on_turn && seen >= needed) {
					cards_lands += have;
					cards_both += cast ? have : 0;
				}
			}
			if (last)
				continue;
			/* cast with the lands the cost needs: it casts on every later
			 * turn whatever it draws, so it leaves the walk */
			if (cast == 1 && seen >= needed) {
				cards_absorbed += have;
				continue;
			}
			to = x < n ? cell + stride[x] : cell;
			if (!mark[to]) {
				mark[to] = 1;
				act_next[n_next++] = to;
			}
			next[to] += per_card * have;
		}
		sum.by_turn += per_card * cards_cast;
		if (on_turn) {
			sum.castable_on_turn += per_card * cards_cast;
			sum.lands += per_card * cards_lands;
			sum.both += per_card * cards_both;
		}
		absorbed += per_card * cards_absorbed;
	}
	gr->n_next = n_next;
	gr->absorbed[t - 1] += absorbed;
	out->by_turn[t - 1] += sum.by_turn;
	out->castable += sum.castable_on_turn;
	out->lands += sum.lands;
	out->both += sum.both;
	return rc;
}

/* Charges work as if spent unit by unit: up to the unit past the budget,
 * where such spending would have stopped. False past the budget or when
 * stopped. */
static bool charge_as_spent(struct odds_ctx *c, uint64_t work)
{
	if (c->work + work > c->budget)
		work = c->work < c->budget ? c->budget + 1 - c->work : 1;
	return mf_odds_charge(c, work);
}

/* Every turn of class k, whose kept hands are start[from..to). */
static int walk_class(struct grid *gr, size_t k, size_t from, size_t to, struct odds_tally *out)
{
	const struct class *cl = &gr->class[k];
	struct odds_ctx *c = gr->c;
	uint32_t library = c->q->size - cl->draw;
	int rc = MF_OK;

	gr->n_next = 0;
	for (size_t i = from; i < to; i++)
		carry(gr, gr->start[i].cell, gr->start[i].p);
	for (uint32_t t = 1; t <= c->last_turn && !rc; t++) {
		double *swap_p = gr->cur;
		uint32_t *swap_a = gr->act;

		gr->cur = gr->next;
		gr->next = swap_p;
		gr->act = gr->act_next;
		gr->act_next = swap_a;
		gr->n_act = gr->n_next;
		gr->n_next = 0;
		for (size_t i = 0; i < gr->n_act; i++)
			gr->mark[gr->act[i]] = 0;
		rc = walk_turn(gr, cl, t, library, out);
		if (t > 1 || c->draw_t1)
			library--;
	}
	return rc;  /* after an error the grid is left as it is, and freed */
}

static int by_class(const void *a, const void *b)
{
	const struct start *x = a, *y = b;

	return (x->class > y->class) - (x->class < y->class);
}

/* The cache's key of the grid's kept hands: everything hands.c, keep.c
 * and hand_start() read. */
static void hands_key(const struct odds_ctx *c, struct odds_cache_key *k)
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
	if (!charge_as_spent(gr->c, e->work))
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
		hands_key(c, &gr->key);
		if ((e = mf_odds_cache_find(cache, &gr->key)) != NULL)
			return reuse_starts(gr, e);
	}
	rc = mf_odds_hands(c, hand_start, gr);
	if (!rc && gr->n_start)
		qsort(gr->start, gr->n_start, sizeof(*gr->start), by_class);
	if (!rc && cache)
		mf_odds_cache_store(cache, &gr->key, gr->start, gr->n_start, sizeof(*gr->start),
				    gr->class, gr->n_class, sizeof(*gr->class), c->work - before);
	return rc;
}

int mf_odds_grid(struct odds_ctx *c, struct odds_tally *t)
{
	struct grid gr;
	int rc;

	memset(t, 0, sizeof(*t));
	rc = grid_init(&gr, c);
	if (!rc)
		rc = kept_starts(&gr);
	for (size_t i = 0, j; i < gr.n_start && !rc; i = j) {
		for (j = i; j < gr.n_start && gr.start[j].class == gr.start[i].class; j++)
			;
		rc = walk_class(&gr, gr.start[i].class, i, j, t);
	}
	if (!rc)
		add_absorbed(&gr, t);
	grid_free(&gr);
	return rc;
}
