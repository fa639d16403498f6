/*
 * One turn's mana in a deck with sources (ramp_int.h), after the turn's land
 * drop. The lands untapped and the sources able to tap from the start of
 * the turn fill a pool, each tapped once for one of its ways (every pool
 * they can fill that no other beats: more of every type for no more life);
 * then, in any order, sources are cast from the hand out of the pool (an
 * artifact that taps at once adding its mana), and sources with a filter
 * take their filter out of it for their mana. Mana is spent as a player
 * does in a main phase: nothing is kept to the next turn.
 *
 * Before the turn asked the answer is each set of sources the turn can
 * cast with its least life (none casting less of every kind for no less);
 * on the turn asked, the least life of a line that then pays the spell.
 * Both are remembered by the board. Tapping a land or a source without a
 * filter at the start of the turn, rather than later, changes nothing: the
 * pool keeps its mana all turn.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

/* One pool the start of the turn can fill, and the life its taps cost. */
struct start {
	struct ramp_pool pool;
	uint32_t life;
};

/* The pools of the start of a turn: at most RAMP_POOLS_MAX. */
struct starts {
	struct start s[RAMP_POOLS_MAX];
	size_t n;
	bool full;   /* a pool was dropped for want of room */
};

/* The start pools of a search, and room to make them. */
struct ramp_starts {
	struct starts pools, scratch;
};

/* Whether a beats b: no less of any type, for no more life. */
static bool beats(const struct start *a, const struct start *b)
{
	if (a->life > b->life)
		return false;
	for (int t = 0; t < RAMP_TYPES; t++)
		if (a->pool.mana[t] < b->pool.mana[t])
			return false;
	return true;
}

/* Adds x to out unless one there beats it, dropping those it beats. */
static void keep_start(struct starts *out, const struct start *x)
{
	for (size_t i = 0; i < out->n;) {
		if (beats(&out->s[i], x))
			return;
		if (beats(x, &out->s[i])) {
			out->s[i] = out->s[--out->n];
			continue;
		}
		i++;
	}
	if (out->n == RAMP_POOLS_MAX) {
		out->full = true;
		return;
	}
	out->s[out->n++] = *x;
}

/* Taps one more permanent of ways[0 .. n) (mana, life; n 0: it makes
 * nothing) on each pool of *in, into *out: every way, and untapped; its
 * mana of type t counted as map[t]. */
static void tap_one(const struct starts *in, const struct mf_mana_land_option *ways, size_t n,
		    const uint8_t *map, uint8_t cap, struct starts *out)
{
	out->n = 0;
	out->full = in->full;
	for (size_t i = 0; i < in->n; i++) {
		keep_start(out, &in->s[i]);
		for (size_t o = 0; o < n; o++) {
			struct start x = in->s[i];

			for (int t = 0; t < RAMP_TYPES; t++) {
				unsigned m = x.pool.mana[map[t]] + ways[o].mana[t];

				x.pool.mana[map[t]] = (uint8_t)(m < cap ? m : cap);
			}
			x.life += ways[o].life;
			keep_start(out, &x);
		}
	}
}

/* Whether Tron is assembled among board b's lands: every Urza's land
 * (every piece the catalogue has) is there. */
static bool tron_assembled(const struct odds_ctx *c, const struct ramp_board *b)
{
	const struct odds_ramp *r = c->ramp;
	unsigned have = 0;

	for (size_t g = 0; g < c->n_groups; g++)
		if (b->lands[g] && r->tron_piece[g] >= 0)
			have |= 1u << r->tron_piece[g];
	return r->n_tron && have == (1u << r->n_tron) - 1;
}

/* The ways land group g taps: its alternatives, a Tron piece making its
 * Tron mana while Tron is assembled; into ways, how many returned. */
static size_t land_ways(const struct odds_ctx *c, size_t g, bool tron,
			struct mf_mana_land_option *ways)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(c->q->cat, (size_t)c->g[g].land);
	size_t n = l->fetch_types ? 0 : l->n_options;

	memcpy(ways, l->options, n * sizeof(*ways));
	if (tron && l->tron && n == 1 && ways[0].mana[MF_MANA_C] == 1)
		ways[0].mana[MF_MANA_C] = l->tron;
	return n;
}

/* The pools board b's lands and ready sources without a filter fill, into
 * *out (scratch: *tmp), mana counted by map, at most cap of a type (more
 * of a type than the turn can spend in all pays nothing more: Hall's
 * conditions hold the same). */
static void start_pools(const struct odds_ctx *c, const struct ramp_board *b, const uint8_t *map,
			uint8_t cap, struct starts *out, struct starts *tmp)
{
	const struct odds_ramp *r = c->ramp;
	struct mf_mana_land_option ways[MF_MANA_LAND_OPTIONS_MAX];
	struct starts *cur = out, *next = tmp, *swap;
	bool tron = tron_assembled(c, b);

	memset(&cur->s[0], 0, sizeof(cur->s[0]));
	cur->n = 1;
	cur->full = false;
	for (size_t g = 0; g < c->n_groups; g++) {
		size_t n = b->lands[g] ? land_ways(c, g, tron, ways) : 0;

		for (uint8_t k = 0; k < b->lands[g]; k++) {
			tap_one(cur, ways, n, map, cap, next);
			swap = cur, cur = next, next = swap;
		}
	}
	for (size_t s = 0; s < r->n; s++) {
		const struct mf_odds_source *src = r->s[s].src;

		if (src->filter)
			continue;
		for (uint8_t k = 0; k < b->ready[s]; k++) {
			tap_one(cur, src->options, src->n_options, map, cap, next);
			swap = cur, cur = next, next = swap;
		}
	}
	if (cur != out) {  /* the pools kept, not the whole array */
		out->n = cur->n;
		out->full = cur->full;
		memcpy(out->s, cur->s, cur->n * sizeof(cur->s[0]));
	}
}

/* ------------------------------------------------------------------ */
/* The search of one turn                                              */

/* Where a turn's search is: the pool, the sources left in the hand, and
 * the sources with a filter that may still tap, by kind. */
struct place {
	struct ramp_pool pool;
	uint8_t hand[MF_ODDS_SOURCE_KINDS_MAX];
	uint8_t filt[MF_ODDS_SOURCE_KINDS_MAX];
};

/* One turn's search. */
struct search {
	struct odds_ctx *c;
	const struct ramp_board *b;
	bool spell;                      /* the turn asked: pay the spell */
	uint32_t most;                   /* life it may spend (the query's life - 1) */
	uint32_t best;                   /* spell: the least life found */
	const uint8_t *map;              /* what each type of mana counts as */
	struct ramp_cast *found;         /* before: the casts found */
	size_t n_found, cap_found;
	int rc;                          /* a failure, ends the search */
};

static void visit(struct search *s, const struct place *p, uint32_t life);

/* Whether no step from a place reached with life can better the search's
 * answer: on the turn asked, a payment for no more life is found. */
static bool settled(const struct search *s, uint32_t life)
{
	return s->spell && life >= s->best;
}

/* The key of place p in the seen table: pool, hand, filters. */
static void place_key(const struct search *s, const struct place *p, uint8_t *key)
{
	size_t n = s->c->ramp->n;

	memcpy(key, p->pool.mana, RAMP_TYPES);
	memcpy(key + RAMP_TYPES, p->hand, n);
	memcpy(key + RAMP_TYPES + n, p->filt, n);
}

/* Records the casts of place p (reached with life) before the turn asked. */
static void record_cast(struct search *s, const struct place *p, uint32_t life)
{
	const struct odds_ramp *r = s->c->ramp;
	struct ramp_cast x = { .life = life };

	for (size_t k = 0; k < r->n; k++)
		x.cast[k] = (uint8_t)(s->b->hand[k] - p->hand[k]);
	for (size_t i = 0; i < s->n_found; i++) {
		if (!memcmp(s->found[i].cast, x.cast, sizeof(x.cast))) {
			if (life < s->found[i].life)
				s->found[i].life = life;
			return;
		}
	}
	if (s->n_found == s->cap_found) {
		size_t cap = s->cap_found ? 2 * s->cap_found : 16;
		struct ramp_cast *more = realloc(s->found, cap * sizeof(*more));

		if (!more) {
			s->rc = MF_ERR_NOMEM;
			return;
		}
		s->found = more;
		s->cap_found = cap;
	}
	s->found[s->n_found++] = x;
}

/* Tapping source kind k's option o (filter already taken) into p, its
 * mana counted by map. */
static void add_option(struct place *p, const struct mf_odds_source *src, size_t o,
		       const uint8_t *map, uint32_t *life)
{
	for (int t = 0; t < RAMP_TYPES; t++)
		p->pool.mana[map[t]] = (uint8_t)(p->pool.mana[map[t]] + src->options[o].mana[t]);
	*life += src->options[o].life;
}

/* The step in progress: the place it leaves from and the source it acts
 * on, for the callbacks of the pool's rests. */
struct step {
	struct search *s;
	const struct place *from;
	size_t kind;
	bool cast;     /* a cast (cost paid), else a filter taken */
	uint32_t life;
};

/* A rest's answer: 1 (enough rests) once the turn asked has found a
 * payment for no more life than the step's own, which no step from it
 * betters; else the search's failure or 0. */
static int rest_done(const struct step *st)
{
	if (st->s->rc)
		return st->s->rc;
	return settled(st->s, st->life);
}

/* After a filter taken (rest): the source's mana, each way. */
static int after_filter(void *arg, const struct ramp_pool *rest, uint32_t life)
{
	struct step *st = arg;
	const struct mf_odds_source *src = st->s->c->ramp->s[st->kind].src;

	(void)life;
	for (size_t o = 0; o < src->n_options && !st->s->rc; o++) {
		struct place p = *st->from;
		uint32_t l = st->life;

		p.pool = *rest;
		p.filt[st->kind]--;
		add_option(&p, src, o, st->s->map, &l);
		visit(st->s, &p, l);
	}
	return rest_done(st);
}

/* After a source's cost paid (rest, for life): in play; an artifact that
 * taps at once taps, each way (or not), or readies its filter. */
static int after_cast(void *arg, const struct ramp_pool *rest, uint32_t life)
{
	struct step *st = arg;
	const struct ramp_source *rs = &st->s->c->ramp->s[st->kind];
	struct place p = *st->from;
	uint32_t l = st->life + life;

	p.pool = *rest;
	p.hand[st->kind]--;
	if (rs->taps_now && rs->src->filter)
		p.filt[st->kind]++;
	visit(st->s, &p, l);
	if (rs->taps_now && !rs->src->filter)
		for (size_t o = 0; o < rs->src->n_options && !st->s->rc; o++) {
			struct place q = p;
			uint32_t lq = l;

			add_option(&q, rs->src, o, st->s->map, &lq);
			visit(st->s, &q, lq);
		}
	return rest_done(st);
}

/* Every step from place p (reached with life), and p itself as an end. */
static void visit(struct search *s, const struct place *p, uint32_t life)
{
	const struct odds_ramp *r = s->c->ramp;
	uint8_t key[RAMP_TYPES + 2 * MF_ODDS_SOURCE_KINDS_MAX];
	union odds_value *v;
	bool added;

	if (s->rc || life > s->most || settled(s, life))
		return;  /* on the turn asked, no step from p pays for less */
	if (!mf_odds_charge(s->c, 1)) {
		s->rc = MF_ERR_LIMIT;
		return;
	}
	place_key(s, p, key);
	v = mf_odds_table_put(&s->c->ramp->seen, key, &added);
	if (!v) {
		s->rc = MF_ERR_NOMEM;
		return;
	}
	if (!added && v->u <= life)
		return;  /* reached before for no more life */
	v->u = life;
	if (s->spell) {
		uint32_t pay = mf_odds_ramp_pays(&r->spell, &p->pool);

		if (pay != UINT32_MAX && life + pay < s->best)
			s->best = life + pay;
	} else {
		record_cast(s, p, life);
	}
	for (size_t k = 0; k < r->n && !s->rc && !settled(s, life); k++) {
		struct step st = { .s = s, .from = p, .kind = k, .life = life };

		if (p->filt[k] && r->s[k].src->n_options)
			mf_odds_ramp_take(&p->pool, r->s[k].src->filter, after_filter, &st);
		if (s->rc || !p->hand[k] || (s->spell && !r->s[k].taps_now))
			continue;  /* on the turn asked, only what taps at once helps */
		st.cast = true;
		mf_odds_ramp_rests(&r->s[k].cost, &p->pool, after_cast, &st);
	}
}

/* The most mana board b's turn can spend: the spell's (on the turn
 * asked), the costs of the sources in the hand it may cast, and the
 * filters of those it may tap; at most 255. */
static uint8_t spend_most(const struct search *s)
{
	const struct odds_ramp *r = s->c->ramp;
	uint64_t most = s->spell ? r->spell_total : 0;

	for (size_t k = 0; k < r->n; k++) {
		uint64_t hand = s->spell && !r->s[k].taps_now ? 0 : s->b->hand[k];

		most += hand * r->s[k].mv + (hand + s->b->ready[k]) * r->s[k].src->filter;
	}
	return (uint8_t)(most < 255 ? most : 255);
}

/* Searches board b's turn from each of its start pools. */
static int search_turn(struct search *s)
{
	struct odds_ramp *r = s->c->ramp;
	struct starts *pools;
	struct place p;

	if (!r->sh->starts && !(r->sh->starts = malloc(sizeof(*r->sh->starts))))
		return MF_ERR_NOMEM;
	pools = &r->sh->starts->pools;
	start_pools(s->c, s->b, s->map, spend_most(s), pools, &r->sh->starts->scratch);
	mf_odds_table_clear(&r->seen);
	memset(&p, 0, sizeof(p));
	memcpy(p.hand, s->b->hand, r->n);
	for (size_t k = 0; k < r->n; k++)
		p.filt[k] = r->s[k].src->filter ? s->b->ready[k] : 0;
	for (size_t i = 0; i < pools->n && !s->rc; i++) {
		p.pool = pools->s[i].pool;
		visit(s, &p, pools->s[i].life);
	}
	if (!s->rc && pools->full)
		s->rc = MF_ERR_LIMIT;  /* more pools than kept: never guess */
	return s->rc;
}

/* ------------------------------------------------------------------ */
/* The answers, by board                                               */

/* The key of board b: its lands, ready sources and hand (only the sources
 * that tap at once, for the spell). */
static void board_key(const struct odds_ctx *c, const struct ramp_board *b, bool spell, uint8_t *key)
{
	const struct odds_ramp *r = c->ramp;

	memcpy(key, b->lands, c->n_groups);
	memcpy(key + c->n_groups, b->ready, r->n);
	for (size_t k = 0; k < r->n; k++)
		key[c->n_groups + r->n + k] = !spell || r->s[k].taps_now ? b->hand[k] : 0;
}

/* Drops every cast of found[0 .. *n) that another casts more of every
 * kind than, for no more life. */
static void keep_best(const struct odds_ramp *r, struct ramp_cast *found, size_t *n)
{
	for (size_t i = 0; i < *n;) {
		bool beaten = false;

		for (size_t j = 0; j < *n && !beaten; j++) {
			bool more = true;

			if (j == i || found[j].life > found[i].life)
				continue;
			for (size_t k = 0; k < r->n && more; k++)
				more = found[j].cast[k] >= found[i].cast[k];
			beaten = more && (found[j].life < found[i].life ||
					  memcmp(found[j].cast, found[i].cast, r->n) != 0);
		}
		if (beaten)
			found[i] = found[--*n];
		else
			i++;
	}
}

/* Appends found[0 .. n) to r's list: their first index, or SIZE_MAX
 * without memory. */
static size_t keep_casts(struct odds_ramp *r, const struct ramp_cast *found, size_t n)
{
	size_t at = r->sh->n_casts;

	if (r->sh->n_casts + n > r->sh->cap_casts) {
		size_t cap = 2 * (r->sh->n_casts + n) + 64;
		struct ramp_cast *more = realloc(r->sh->cast_list, cap * sizeof(*more));

		if (!more)
			return SIZE_MAX;
		r->sh->cast_list = more;
		r->sh->cap_casts = cap;
	}
	memcpy(r->sh->cast_list + at, found, n * sizeof(*found));
	r->sh->n_casts += n;
	return at;
}

int mf_odds_ramp_casts(struct odds_ctx *c, const struct ramp_board *b, const struct ramp_cast **casts,
		       size_t *n)
{
	struct odds_ramp *r = c->ramp;
	uint8_t key[MF_ODDS_LAND_KINDS_MAX + 2 * MF_ODDS_SOURCE_KINDS_MAX] = { 0 };
	struct search s = { .c = c, .b = b, .most = c->q->life - 1, .map = r->cast_map };
	union odds_value *v;
	bool added;
	size_t at;
	int rc;

	board_key(c, b, false, key);
	v = mf_odds_table_find(&r->sh->casts, key);
	if (v) {
		*casts = r->sh->cast_list + (v->u >> 16);
		*n = (size_t)(v->u & 0xffff);
		return MF_OK;
	}
	rc = search_turn(&s);
	if (!rc) {
		keep_best(r, s.found, &s.n_found);
		if (r->sh->casts.n_used + 1 >= r->sh->casts.max_entries || r->sh->n_casts > ((size_t)1 << 20)) {
			mf_odds_table_clear(&r->sh->casts);  /* the memo starts again */
			r->sh->n_casts = 0;
		}
		at = keep_casts(r, s.found, s.n_found);
		v = at == SIZE_MAX ? NULL : mf_odds_table_put(&r->sh->casts, key, &added);
		rc = v ? MF_OK : MF_ERR_NOMEM;
		if (v) {
			v->u = (uint64_t)at << 16 | s.n_found;
			*casts = r->sh->cast_list + at;
			*n = s.n_found;
		}
	}
	free(s.found);
	return rc;
}

int mf_odds_ramp_spell(struct odds_ctx *c, const struct ramp_board *b, uint32_t *life)
{
	struct odds_ramp *r = c->ramp;
	uint8_t key[MF_ODDS_LAND_KINDS_MAX + 2 * MF_ODDS_SOURCE_KINDS_MAX] = { 0 };
	struct search s = { .c = c, .b = b, .spell = true, .most = c->q->life - 1,
			    .best = UINT32_MAX, .map = r->spell_map };
	union odds_value *v;
	bool added;
	int rc;

	board_key(c, b, true, key);
	v = mf_odds_table_find(&r->pays, key);
	if (v) {
		*life = (uint32_t)(v->u - 1);
		return MF_OK;
	}
	rc = search_turn(&s);
	free(s.found);
	if (rc)
		return rc;
	v = mf_odds_table_put(&r->pays, key, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->u = (uint64_t)s.best + 1;
	*life = s.best;
	return MF_OK;
}
