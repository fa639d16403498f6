/*
 * With a bounce land before turn T, the order of the draws matters (a
 * bounce land needs a land to return): the lines of play of turns 1 .. T - 1
 * are walked turn by turn, keeping the largest battlefields, and turn T's
 * drops tried on them (largest_lines() says why that loses nothing).
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define LARGEST_MAX 512  /* largest battlefields kept on one turn */
#define FIELD MF_ODDS_LAND_KINDS_MAX  /* bytes a battlefield takes: copies of a
				       * constant size compile to a few moves */

struct line {
	struct odds_ctx *c;
	const struct odds_game *game;
	const uint8_t *lib;
	uint8_t arrived[MF_ODDS_LAND_KINDS_MAX];  /* every land by turn T */
};

/* Whether battlefield a is within b: no group holds more lands in a. Both
 * are FIELD bytes, zero past the groups, and a count is below 128, so each
 * 8-byte word is compared at once: (b | 0x80..) - a keeps the high bit of
 * every byte where b's count is at least a's. */
static bool within(const uint8_t *a, const uint8_t *b)
{
	const uint64_t high = 0x8080808080808080ull;

	for (size_t w = 0; w < FIELD; w += 8) {
		uint64_t x, y;

		memcpy(&x, a + w, 8);
		memcpy(&y, b + w, 8);
		if ((((y | high) - x) & high) != high)
			return false;
	}
	return true;
}

/* Whether battlefield a is within b and not equal to it. */
static bool strictly_within(const uint8_t *a, const uint8_t *b)
{
	return within(a, b) && memcmp(a, b, FIELD) != 0;
}

/* The land drops of turn T on the battlefields the lines reached (end[i];
 * size[]: room for n_end lands counts), each with the rest of the lands
 * arrived in hand: with `few` >= 0 (battlefields of at most `few` lands)
 * only the fast lands of that count, else every other drop and none. For
 * each drop, only the largest of the battlefields with it in hand, as
 * drops.c's castable_seen() argues. 1 when one casts. */
static int best_of_lines(struct line *w, const uint8_t **end, uint32_t *size, size_t n_end, int few)
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
		if (y < n && (c->g[y].drop == ODDS_DROP_FAST ? c->g[y].etb_lands != few : few >= 0))
			continue;
		if (y < n && (c->g[y].drop == ODDS_DROP_TAPPED || c->g[y].drop == ODDS_DROP_BOUNCE))
			continue;
		if (y == n && few >= 0)
			continue;
		if (y < n)
			want[y] = 1;
		for (size_t i = 0; i < n_end && rc == 0; i++) {
			bool beaten = false;

			if (y < n && end[i][y] == w->arrived[y])
				continue;
			for (size_t j = 0; j < n_end && !beaten; j++)
				beaten = (y == n || end[j][y] < w->arrived[y]) && size[j] > size[i] &&
					 strictly_within(end[i], end[j]);
			if (!beaten)
				rc = mf_odds_try_field(c, end[i], want, w->lib, y == n);
		}
		if (y < n)
			want[y] = 0;
	}
	return rc;
}

/* The largest battlefields of one turn: `count` of them, FIELD bytes each
 * in fields (n groups, then zeros), with their lands in size[]. */
struct frontier {
	uint8_t *fields;
	uint8_t size[LARGEST_MAX];
	size_t count;
};

/* Adds battlefield b (FIELD bytes, `lands` lands) to f unless one of f
 * holds it, dropping those it holds; a battlefield can only hold a larger
 * one, so those of b's size are only compared for equality. false when f
 * is full. */
static bool add_largest(struct frontier *f, const uint8_t *b, uint32_t lands)
{
	for (size_t i = 0; i < f->count;) {
		uint8_t *m = f->fields + i * FIELD;

		if (f->size[i] == lands) {
			if (memcmp(b, m, FIELD) == 0)
				return true;
		} else if (f->size[i] > lands) {
			if (within(b, m))
				return true;
		} else if (within(m, b)) {
			f->count--;
			memcpy(m, f->fields + f->count * FIELD, FIELD);
			f->size[i] = f->size[f->count];
			continue;
		}
		i++;
	}
	if (f->count == LARGEST_MAX)
		return false;
	memcpy(f->fields + f->count * FIELD, b, FIELD);
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
 * land on T that pays with at most `few` other lands (few >= 0; -1 for the
 * rest), the walk keeps the largest battlefields of at most `few` lands
 * instead, and a turn may always pass. 1 when one casts. */
static int largest_lines(struct line *w, int few)
{
	struct odds_ctx *c = w->c;
	const struct odds_game *g = w->game;
	size_t n = c->n_groups;
	struct frontier *cur, *next, *swap;
	uint8_t arrived[MF_ODDS_LAND_KINDS_MAX];
	int rc = MF_OK;

	/* the two frontiers, made once a computation */
	if (!c->frontiers && !(c->frontiers = malloc(2 * (sizeof(*cur) + LARGEST_MAX * FIELD))))
		return MF_ERR_NOMEM;
	cur = c->frontiers;
	next = cur + 1;
	cur->fields = (uint8_t *)(next + 1);
	next->fields = cur->fields + LARGEST_MAX * FIELD;
	memset(cur->fields, 0, FIELD);
	cur->size[0] = 0;
	cur->count = 1;  /* the empty battlefield */
	memcpy(arrived, g->hand, n);
	for (uint32_t t = 1; t < g->turn && rc == 0; t++) {
		if (g->draws[t - 1] < n)
			arrived[g->draws[t - 1]]++;
		next->count = 0;
		for (size_t i = 0; i < cur->count && rc == 0; i++) {
			uint8_t *bf = cur->fields + i * FIELD, b[FIELD];
			uint32_t lands = cur->size[i];
			bool played = false, room = true;

			if (!mf_odds_charge(c, 1)) {
				rc = MF_ERR_LIMIT;
				break;
			}
			for (size_t y = 0; y < n && room; y++) {
				if (arrived[y] == bf[y])
					continue;
				memcpy(b, bf, FIELD);
				b[y]++;
				if (c->g[y].drop != ODDS_DROP_BOUNCE) {
					played = true;
					if (few < 0 || lands < (uint32_t)few)
						room = add_largest(next, b, lands + 1);
					continue;
				}
				for (size_t z = 0; z < n && room; z++) {
					if (!b[z])
						continue;
					b[z]--;
					room = add_largest(next, b, lands);
					b[z]++;
				}
			}
			if ((!played || few >= 0) && room)
				room = add_largest(next, bf, lands);
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
			end[i] = cur->fields + i * FIELD;
		rc = best_of_lines(w, end, size, cur->count, few);
	}
	return rc;
}

/* Every line of play of game g: 1 when one casts. First the bound of
 * drops.c's castable_seen(): the turn - 1 lands of most mana before T and the best
 * drop of T. */
int mf_odds_castable_lines(struct odds_ctx *c, const struct odds_game *g, const uint8_t *lib)
{
	struct line w = { .c = c, .game = g, .lib = lib };
	uint8_t hand[MF_ODDS_LAND_KINDS_MAX];
	uint32_t best_drop = 0, per[MF_ODDS_LAND_KINDS_MAX];
	uint32_t fast = 0;  /* bit k: a fast land paying with at most k others is at hand */
	int rc;

	mf_odds_most_mana(c, lib, per);
	memcpy(hand, g->hand, c->n_groups);
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			hand[g->draws[t - 1]]++;
	for (size_t y = 0; y < c->n_groups; y++) {
		if (!hand[y] && g->draws[g->turn - 1] != y)
			continue;
		if (c->g[y].drop == ODDS_DROP_FAST)
			fast |= 1u << c->g[y].etb_lands;
		if (c->g[y].drop != ODDS_DROP_TAPPED && c->g[y].drop != ODDS_DROP_BOUNCE &&
		    per[y] > best_drop)
			best_drop = per[y];
	}
	if (mf_odds_most_of(c, hand, g->turn - 1, per) + best_drop < c->mana_needed)
		return 0;
	memcpy(w.arrived, hand, c->n_groups);
	if (g->draws[g->turn - 1] < c->n_groups)
		w.arrived[g->draws[g->turn - 1]]++;
	rc = largest_lines(&w, -1);
	for (; rc == 0 && fast; fast &= fast - 1)
		rc = largest_lines(&w, __builtin_ctz(fast));
	return rc;
}
