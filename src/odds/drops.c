/*
 * One game's land drops: can some line of play cast the cost on turn T?
 *
 * The rules (docs/odds.md, "Land drops"): one land a turn from the hand; a
 * land drawn on turn t is played on t or later. Every land played before T
 * is untapped on T; a fetch played before T was cracked then (its land is
 * untapped by T, whatever it is) or held; the land played on T pays only if
 * it enters untapped, by its kind (enum odds_drop). Bounce lands return a
 * land to the hand.
 *
 * Which battlefields can stand on turn T before its land drop:
 *  - without bounce lands, any T - 1 or fewer of the lands seen before
 *    turn T's draw: lands arrive at most one a turn after the hand, so any
 *    such set can be played in time. More lands on the battlefield never
 *    hurt but for a fast land played on T, so only the largest sets are
 *    tried (at most two lands beside a fast land). The answer depends on
 *    the lands seen before T and the card drawn on T, the memo's key.
 *  - when a bounce land arrives before turn T the order of the draws
 *    matters: the lines of play of turns 1 .. T - 1 are walked turn by
 *    turn, keeping the largest battlefields (largest_lines() says why that
 *    loses nothing), and the key is the hand and each draw.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define LARGEST_MAX 512  /* largest battlefields kept on one turn */

/* A battlefield on turn T before its land drop, and what is left to try. */
struct field {
	struct odds_ctx *c;
	uint8_t lib[MF_ODDS_LAND_KINDS_MAX];  /* library for fetches */
	uint8_t on[MF_ODDS_LAND_KINDS_MAX];   /* untapped lands (fetches resolved) */
	uint32_t lands;        /* lands you control (held fetches too) */
	uint32_t life_paid;
	bool no_drop;          /* try no land drop on T too, beside the hand's */
};

/* Whether the lands f->on, plus `extra` life, pay the cost: 1, 0 or a
 * negative mf_status. */
static int pays(struct field *f, uint32_t extra)
{
	uint32_t least;
	uint64_t paid;
	int rc = mf_odds_least_life(f->c, f->on, &least);

	if (rc)
		return rc;
	paid = (uint64_t)least + f->life_paid + extra;
	return least != UINT32_MAX && paid < f->c->q->life;
}

/* Land y added untapped for `extra` life: pays or not (1, 0, mf_status). */
static int pays_with(struct field *f, size_t y, uint32_t extra)
{
	int rc;

	f->on[y]++;
	rc = pays(f, extra);
	f->on[y]--;
	return rc;
}

/* Fetch group x played on turn T: each land it can find, entering as it
 * would (a shock for 2 life, a tapped land never; a fetch whose land enters
 * tapped pays only if it untaps with enough lands). */
static int fetch_on_turn(struct field *f, const struct odds_group *x)
{
	struct odds_ctx *c = f->c;
	int rc = 0;

	if (x->fetch_tapped && !(x->untap_at && f->lands + 1 >= x->untap_at))
		return 0;
	for (size_t z = 0; z < c->n_groups && rc == 0; z++) {
		const struct odds_group *y = &c->g[z];

		if (!f->lib[z] || !(x->finds >> z & 1))
			continue;
		if (x->fetch_tapped || y->drop == ODDS_DROP_UNTAPPED)
			rc = pays_with(f, z, x->fetch_life);
		else if (y->drop == ODDS_DROP_SHOCK)
			rc = pays_with(f, z, x->fetch_life + 2u);
	}
	return rc;
}

/* The basic land types among the untapped lands. */
static uint8_t types_out(const struct field *f)
{
	uint8_t types = 0;

	for (size_t g = 0; g < f->c->n_groups; g++)
		if (f->on[g])
			types |= f->c->g[g].types;
	return types;
}

/* The land of group y played on turn T onto the battlefield f (or none,
 * y == n_groups): 1 when that pays the cost. */
static int drop_on_turn(struct field *f, size_t y)
{
	const struct odds_group *x;

	if (y == f->c->n_groups)
		return pays(f, 0);
	x = &f->c->g[y];
	switch (x->drop) {
	case ODDS_DROP_UNTAPPED:
		return pays_with(f, y, 0);
	case ODDS_DROP_SHOCK:
		return pays_with(f, y, 2);
	case ODDS_DROP_CHECK:
		return (types_out(f) & x->check) ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_FAST:
		return f->lands <= 2 ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_SLOW:
		return f->lands >= 2 ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_FETCH:
		return fetch_on_turn(f, x);
	default:
		return 0;  /* enters tapped, or a bounce land: no help on its turn */
	}
}

/* The fetches among the lands before T (left[g] copies of group g to go):
 * each copy held or cracked for a land of the library; then the land drop
 * of T from the groups of `hand`. The copies of one group take options in
 * ascending order, so each choice is tried once: option 0 is holding it,
 * option z + 1 finding a land of group z; `from` is the least option the
 * next copy of group g may take. */
static int resolve(struct field *f, uint8_t *left, size_t g, size_t from, const uint8_t *hand)
{
	struct odds_ctx *c = f->c;
	int rc = 0;

	while (g < c->n_groups && !left[g]) {
		g++;
		from = 0;
	}
	if (g == c->n_groups) {
		if (!mf_odds_charge(c, 1))
			return MF_ERR_LIMIT;
		for (size_t y = 0; y <= c->n_groups && rc == 0; y++)
			if (y == c->n_groups ? f->no_drop : hand[y] != 0)
				rc = drop_on_turn(f, y);
		return rc;
	}
	left[g]--;
	if (from == 0)
		rc = resolve(f, left, g, 0, hand);
	for (size_t z = from ? from - 1 : 0; z < c->n_groups && rc == 0; z++) {
		if (!f->lib[z] || !(c->g[g].finds >> z & 1))
			continue;
		f->lib[z]--;
		f->on[z]++;
		f->life_paid += c->g[g].fetch_life;
		rc = resolve(f, left, g, z + 1, hand);
		f->life_paid -= c->g[g].fetch_life;
		f->on[z]--;
		f->lib[z]++;
	}
	left[g]++;
	return rc;
}

/* Battlefield s (lands by group, fetches unresolved) before turn T's drop,
 * with hand[] to play it from (and no drop, when no_drop): 1 when some
 * resolution and drop casts. */
static int try_field(struct odds_ctx *c, const uint8_t *s, const uint8_t *hand, const uint8_t *lib,
		     bool no_drop)
{
	struct field f = { .c = c, .no_drop = no_drop };
	uint8_t fetches[MF_ODDS_LAND_KINDS_MAX] = { 0 };

	memcpy(f.lib, lib, c->n_groups);
	for (size_t g = 0; g < c->n_groups; g++) {
		f.lands += s[g];
		if (c->g[g].drop == ODDS_DROP_FETCH)
			fetches[g] = s[g];
		else
			f.on[g] = s[g];
	}
	return resolve(&f, fetches, 0, 0, hand);
}

/* ------------------------------------------------------------------ */
/* Without bounce lands: the largest battlefields of the lands seen.   */

/* Every sub-multiset s of pool with k lands, groups g.. in reverse order
 * (the last groups make the cost's colours and enter untapped: tried
 * first), s holding the choice so far: try_field on each (the drops of
 * hand[], or none), 1 at the first that casts. */
static int choose(struct odds_ctx *c, const uint8_t *pool, uint8_t *s, size_t g, uint32_t k,
		  uint32_t avail, const uint8_t *hand, const uint8_t *lib, bool no_drop)
{
	size_t at = c->n_groups - 1 - g;
	int rc = 0;

	if (!k)
		return try_field(c, s, hand, lib, no_drop);
	if (g == c->n_groups || avail < k)
		return 0;
	for (uint32_t n = pool[at] < k ? pool[at] : k;; n--) {
		s[at] = (uint8_t)n;
		rc = choose(c, pool, s, g + 1, k - n, avail - pool[at], hand, lib, no_drop);
		s[at] = 0;
		if (rc || n == 0)
			break;
	}
	return rc;
}

/* The most mana a land of each group can make on turn T into per[]: its
 * own, or for a fetch the most of a land it can find in the library. */
static void most_mana(const struct odds_ctx *c, const uint8_t *lib, uint32_t *per)
{
	for (size_t g = 0; g < c->n_groups; g++) {
		per[g] = c->g[g].mana;
		for (size_t z = 0; z < c->n_groups; z++)
			if (lib[z] && (c->g[g].finds >> z & 1) && c->g[z].mana > per[g])
				per[g] = c->g[z].mana;
	}
}

/* The most mana k lands of pool[] can make, per[g] each. */
static uint64_t most_of(const struct odds_ctx *c, const uint8_t *pool, uint32_t k, const uint32_t *per)
{
	uint8_t left[MF_ODDS_LAND_KINDS_MAX];
	uint64_t sum = 0;

	memcpy(left, pool, c->n_groups);
	while (k) {
		size_t best = c->n_groups;

		for (size_t g = 0; g < c->n_groups; g++)
			if (left[g] && (best == c->n_groups || per[g] > per[best]))
				best = g;
		if (best == c->n_groups || !per[best])
			break;
		for (; left[best] && k; left[best]--, k--)
			sum += per[best];
		left[best] = 0;
	}
	return sum;
}

/* Lands seen[] before turn T, `last` drawn on T (a group, or ODDS_SPELL):
 * for each land drop of T (or none), the largest battlefields of the rest,
 * unless even their most mana falls short of the cost. */
static int castable_seen(struct odds_ctx *c, const uint8_t *seen, uint8_t last, const uint8_t *lib,
			 uint32_t turn)
{
	uint8_t pool[MF_ODDS_LAND_KINDS_MAX], hand[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	uint8_t s[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	uint32_t total = 0, per[MF_ODDS_LAND_KINDS_MAX];
	int rc = 0;

	most_mana(c, lib, per);
	memcpy(pool, seen, c->n_groups);
	for (size_t g = 0; g < c->n_groups; g++)
		total += seen[g];
	for (size_t y = c->n_groups + 1; y-- > 0 && rc == 0;) {
		bool drop = y < c->n_groups, from_pool = drop && y != last;
		uint32_t room = turn - 1, k;
		uint64_t most;

		if (drop && ((y != last && !seen[y]) || c->g[y].drop == ODDS_DROP_TAPPED ||
			     c->g[y].drop == ODDS_DROP_BOUNCE))
			continue;  /* not in hand, or no better than no drop */
		if (drop && c->g[y].drop == ODDS_DROP_FAST && room > 2)
			room = 2;
		if (from_pool)
			pool[y]--;
		k = total - from_pool < room ? total - from_pool : room;
		most = most_of(c, pool, k, per) + (drop ? per[y] : 0);
		if (most >= c->mana_needed) {
			if (drop)
				hand[y] = 1;
			rc = choose(c, pool, s, 0, k, total - from_pool, hand, lib, !drop);
			hand[y] = 0;
		}
		if (from_pool)
			pool[y]++;
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* With bounce lands: the lines of play of turns 1 .. T - 1.          */

struct line {
	struct odds_ctx *c;
	const struct odds_game *game;
	const uint8_t *lib;
	uint8_t arrived[MF_ODDS_LAND_KINDS_MAX];  /* every land by turn T */
};

/* Whether multiset a is within b (n groups) and not equal to it. */
static bool strictly_within(const uint8_t *a, const uint8_t *b, size_t n)
{
	bool less = false;

	for (size_t g = 0; g < n; g++) {
		if (a[g] > b[g])
			return false;
		less |= a[g] < b[g];
	}
	return less;
}

/* The land drops of turn T on the battlefields the lines reached (end[i];
 * size[]: room for n_end lands counts), each with the rest of the lands
 * arrived in hand: fast lands only when `small` (battlefields of at most
 * two lands), else every other drop and none. For each drop, only the
 * largest of the battlefields with it in hand, as castable_seen() argues.
 * 1 when one casts. */
static int best_of_lines(struct line *w, const uint8_t **end, uint32_t *size, size_t n_end, bool small)
{
	struct odds_ctx *c = w->c;
	size_t n = c->n_groups;
	uint8_t want[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	int rc = 0;

	for (size_t i = 0; i < n_end; i++) {
		size[i] = 0;
		for (size_t g = 0; g < n; g++)
			size[i] += end[i][g];
	}
	for (size_t y = 0; y <= n && rc == 0; y++) {
		if (y < n && ((c->g[y].drop == ODDS_DROP_FAST) != small || c->g[y].drop == ODDS_DROP_TAPPED ||
			      c->g[y].drop == ODDS_DROP_BOUNCE))
			continue;
		if (y == n && small)
			continue;
		if (y < n)
			want[y] = 1;
		for (size_t i = 0; i < n_end && rc == 0; i++) {
			bool beaten = false;

			if (y < n && end[i][y] == w->arrived[y])
				continue;
			for (size_t j = 0; j < n_end && !beaten; j++)
				beaten = (y == n || end[j][y] < w->arrived[y]) && size[j] > size[i] &&
					 strictly_within(end[i], end[j], n);
			if (!beaten)
				rc = try_field(c, end[i], want, w->lib, y == n);
		}
		if (y < n)
			want[y] = 0;
	}
	return rc;
}

/* The largest battlefields of one turn: `count` of them, n bytes each in
 * fields, with their lands in size[]. */
struct frontier {
	uint8_t *fields;
	uint8_t size[LARGEST_MAX];
	size_t count;
};

/* Whether every group of a is at most b's (n groups). */
static bool within(const uint8_t *a, const uint8_t *b, size_t n)
{
	for (size_t g = 0; g < n; g++)
		if (a[g] > b[g])
			return false;
	return true;
}

/* Adds battlefield b (n groups, `lands` lands) to f unless one of f holds
 * it, dropping those it holds; a battlefield can only hold a larger one, so
 * those of b's size are only compared for equality. false when f is full. */
static bool add_largest(struct frontier *f, const uint8_t *b, uint32_t lands, size_t n)
{
	for (size_t i = 0; i < f->count;) {
		uint8_t *m = f->fields + i * n;

		if (f->size[i] == lands) {
			if (memcmp(b, m, n) == 0)
				return true;
		} else if (f->size[i] > lands) {
			if (within(b, m, n))
				return true;
		} else if (within(m, b, n)) {
			f->count--;
			memcpy(m, f->fields + f->count * n, n);
			f->size[i] = f->size[f->count];
			continue;
		}
		i++;
	}
	if (f->count == LARGEST_MAX)
		return false;
	memcpy(f->fields + f->count * n, b, n);
	f->size[f->count++] = (uint8_t)lands;
	return true;
}

/* The lines of play of turns 1 .. T - 1, walked turn by turn keeping only
 * the largest battlefields, and turn T's drops on them.
 *
 * Playing a land that is no bounce land rather than none leaves, from then
 * on, a battlefield at least as large, every land the other line would
 * later hold being either still in hand or untapped on the battlefield;
 * and a bounce land returns a land of the larger battlefield as well. That
 * is never worse on turn T, but for a fast land played then: so a turn
 * passes without a land only when the hand holds nothing but bounce lands,
 * and a battlefield within another of the same turn is dropped. For a fast
 * land on T (`small`), the walk keeps the largest battlefields of at most
 * two lands instead, and a turn may always pass. 1 when one casts. */
static int largest_lines(struct line *w, bool small)
{
	struct odds_ctx *c = w->c;
	const struct odds_game *g = w->game;
	size_t n = c->n_groups;
	struct frontier *cur = calloc(1, sizeof(*cur)), *next = calloc(1, sizeof(*next)), *swap;
	uint8_t arrived[MF_ODDS_LAND_KINDS_MAX];
	int rc = MF_OK;

	/* n + 1: never an allocation of nothing */
	if (!cur || !next || !(cur->fields = calloc(LARGEST_MAX, n + 1)) ||
	    !(next->fields = malloc(LARGEST_MAX * (n + 1)))) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	cur->count = 1;  /* the empty battlefield */
	memcpy(arrived, g->hand, n);
	for (uint32_t t = 1; t < g->turn && rc == 0; t++) {
		if (g->draws[t - 1] < n)
			arrived[g->draws[t - 1]]++;
		next->count = 0;
		for (size_t i = 0; i < cur->count && rc == 0; i++) {
			uint8_t *bf = cur->fields + i * n, b[MF_ODDS_LAND_KINDS_MAX];
			uint32_t lands = cur->size[i];
			bool played = false, room = true;

			if (!mf_odds_charge(c, 1)) {
				rc = MF_ERR_LIMIT;
				break;
			}
			for (size_t y = 0; y < n && room; y++) {
				if (arrived[y] == bf[y])
					continue;
				memcpy(b, bf, n);
				b[y]++;
				if (c->g[y].drop != ODDS_DROP_BOUNCE) {
					played = true;
					if (!small || lands < 2)
						room = add_largest(next, b, lands + 1, n);
					continue;
				}
				for (size_t z = 0; z < n && room; z++) {
					if (!b[z])
						continue;
					b[z]--;
					room = add_largest(next, b, lands, n);
					b[z]++;
				}
			}
			if ((!played || small) && room)
				room = add_largest(next, bf, lands, n);
			if (!room) {
				c->over_budget = true;
				rc = MF_ERR_LIMIT;
			}
		}
		swap = cur;
		cur = next;
		next = swap;
	}
	if (rc == 0) {
		const uint8_t *end[LARGEST_MAX];
		uint32_t size[LARGEST_MAX];

		for (size_t i = 0; i < cur->count; i++)
			end[i] = cur->fields + i * n;
		rc = best_of_lines(w, end, size, cur->count, small);
	}
out:
	if (cur)
		free(cur->fields);
	if (next)
		free(next->fields);
	free(cur);
	free(next);
	return rc;
}

/* Every line of play of game g: 1 when one casts. First the bound of
 * castable_seen(): the turn - 1 lands of most mana before T and the best
 * drop of T. */
static int castable_lines(struct odds_ctx *c, const struct odds_game *g, const uint8_t *lib)
{
	struct line w = { .c = c, .game = g, .lib = lib };
	uint8_t hand[MF_ODDS_LAND_KINDS_MAX];
	uint32_t best_drop = 0, per[MF_ODDS_LAND_KINDS_MAX];
	bool fast = false;
	int rc;

	most_mana(c, lib, per);
	memcpy(hand, g->hand, c->n_groups);
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			hand[g->draws[t - 1]]++;
	for (size_t y = 0; y < c->n_groups; y++) {
		if (!hand[y] && g->draws[g->turn - 1] != y)
			continue;
		fast |= c->g[y].drop == ODDS_DROP_FAST;
		if (c->g[y].drop != ODDS_DROP_TAPPED && c->g[y].drop != ODDS_DROP_BOUNCE &&
		    per[y] > best_drop)
			best_drop = per[y];
	}
	if (most_of(c, hand, g->turn - 1, per) + best_drop < c->mana_needed)
		return 0;
	memcpy(w.arrived, hand, c->n_groups);
	if (g->draws[g->turn - 1] < c->n_groups)
		w.arrived[g->draws[g->turn - 1]]++;
	rc = largest_lines(&w, false);
	if (rc == 0 && fast)
		rc = largest_lines(&w, true);
	return rc;
}

/* ------------------------------------------------------------------ */

/* 1 when not even every land seen, untapped, with every land its fetches
 * could find, pays the cost: no line of play can then. 0 when it does,
 * or a negative mf_status. */
static int hopeless(struct odds_ctx *c, const struct odds_game *g, const uint8_t *lib)
{
	uint8_t all[MF_ODDS_LAND_KINDS_MAX] = { 0 }, fetches = 0;  /* one byte even with no land */
	uint32_t least;
	int rc;

	memcpy(all, g->hand, c->n_groups);
	for (uint32_t t = 1; t <= g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			all[g->draws[t - 1]]++;
	for (size_t k = 0; k < c->n_groups; k++)
		if (c->g[k].drop == ODDS_DROP_FETCH) {
			fetches = (uint8_t)(fetches + all[k]);
			all[k] = 0;
		}
	for (size_t z = 0; z < c->n_groups && fetches; z++)
		for (size_t k = 0; k < c->n_groups; k++)
			if (c->g[k].finds >> z & 1) {
				all[z] = (uint8_t)(all[z] + (lib[z] < fetches ? lib[z] : fetches));
				break;
			}
	rc = mf_odds_least_life(c, all, &least);
	if (rc)
		return rc;
	return least == UINT32_MAX || least >= c->q->life;
}

/* Whether a bounce land can be played before turn g->turn: only then does
 * the order of the draws matter. */
static bool ordered(const struct odds_ctx *c, const struct odds_game *g)
{
	if (!c->bounce_in_deck)
		return false;
	for (size_t k = 0; k < c->n_groups; k++)
		if (g->hand[k] && c->g[k].drop == ODDS_DROP_BOUNCE)
			return true;
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < c->n_groups && c->g[g->draws[t - 1]].drop == ODDS_DROP_BOUNCE)
			return true;
	return false;
}

int mf_odds_castable(struct odds_ctx *c, const struct odds_game *g)
{
	size_t n = c->n_groups, stride = c->castable.stride;
	uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 3] = { 0 };
	uint8_t lib[MF_ODDS_LAND_KINDS_MAX];
	uint8_t last = ODDS_SPELL;
	bool in_order = ordered(c, g);
	union odds_value *v;
	bool added;
	int rc;

	/* what the line of play can depend on: the hand and each draw, or the
	 * lands before the turn and the turn's draw */
	memcpy(key, g->hand, n);
	for (uint32_t t = 1; t <= g->turn; t++) {
		uint8_t d = g->draws[t - 1] < n ? g->draws[t - 1] : ODDS_SPELL;

		if (in_order)
			key[n + t - 1] = d;
		else if (t < g->turn && d != ODDS_SPELL)
			key[d]++;
		else if (t == g->turn)
			last = d;
	}
	if (!in_order)
		key[n] = last;
	key[stride - 2] = in_order;
	key[stride - 1] = (uint8_t)g->turn;
	v = mf_odds_table_find(&c->castable, key);
	if (v)
		return (int)v->u;
	/* the library for fetches: every land not seen by turn T */
	for (size_t k = 0; k < n; k++)
		lib[k] = (uint8_t)(c->g[k].count - g->hand[k]);
	for (uint32_t t = 1; t <= g->turn; t++)
		if (g->draws[t - 1] < n)
			lib[g->draws[t - 1]]--;
	rc = hopeless(c, g, lib);
	if (rc == 0)
		rc = in_order ? castable_lines(c, g, lib) : castable_seen(c, key, last, lib, g->turn);
	else if (rc == 1)
		rc = 0;
	if (rc < 0)
		return rc;
	v = mf_odds_table_put(&c->castable, key, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->u = (uint64_t)rc;
	return rc;
}
