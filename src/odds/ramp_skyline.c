/*
 * The places of a turn that no other place beats (ramp_int.h): a place
 * with the same cards in all, the same lands fetched and held fetches,
 * at least as many of every other land and of every source on the
 * battlefield rather than in the hand, for no more life, can play every
 * line the other can and more (a land on the battlefield is untapped
 * from the turn after it entered, a source there taps at once; more lands
 * only help a check, slow, bounce or Tron land and a fetch that untaps
 * with four). Not so with fast lands, which want few others: in a deck
 * with them a place beats another with other lands only once the other
 * has more lands out than a fast land allows (the count of lands out never
 * falls: a bounce land returns one as it comes). A board of the turn asked
 * beats another with at least as much of everything for no more life.
 *
 * Kept in one pass, the places by their cards out first: a place is beaten
 * only by one of at least as many, so each is compared with those kept
 * before it (the skyline), of which there are few.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

/* Whether place a (life la) beats place b (life lb). */
static bool beats_place(const struct odds_ctx *c, const uint8_t *a, uint32_t la, const uint8_t *b,
			uint32_t lb)
{
	size_t n = c->n_groups, s = c->ramp->n;
	uint32_t b_out = 0;

	if (la > lb || memcmp(a + 2 * n, b + 2 * n, n))  /* life, lands fetched */
		return false;
	for (size_t g = 0; g < n; g++) {
		if (a[g] + a[n + g] != b[g] + b[n + g] || a[g] < b[g] ||
		    (c->g[g].drop == ODDS_DROP_FETCH && a[g] != b[g]))
			return false;
		b_out += b[g];
	}
	if (c->ramp->fast_most >= 0 && b_out <= (uint32_t)c->ramp->fast_most &&
	    memcmp(a, b, n) != 0)
		return false;  /* a fast land may still enter untapped for b only */
	for (size_t k = 0; k < s; k++) {
		const uint8_t *x = a + 3 * n, *y = b + 3 * n;

		if (x[k] + x[s + k] != y[k] + y[s + k] || x[k] < y[k])
			return false;
	}
	return true;
}

/* Whether board a (life la) beats board b (life lb). */
static bool beats_board(size_t len, const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb)
{
	if (la > lb)
		return false;
	for (size_t i = 0; i < len; i++)
		if (a[i] < b[i])
			return false;
	return true;
}

/* A key's cards out: the lands and sources on the battlefield (a place),
 * or everything (a board). */
static uint32_t mass(const struct odds_ctx *c, const uint8_t *key, size_t len, bool boards)
{
	uint32_t m = 0;

	if (boards) {
		for (size_t i = 0; i < len; i++)
			m += key[i];
		return m;
	}
	for (size_t g = 0; g < c->n_groups; g++)
		m += key[g];
	for (size_t k = 0; k < c->ramp->n; k++)
		m += key[3 * c->n_groups + k];
	return m;
}

/* qsort's context: the places and their masses. */
struct order {
	uint32_t index, mass;
};

static int by_mass(const void *x, const void *y)
{
	const struct order *a = x, *b = y;

	if (a->mass != b->mass)
		return a->mass > b->mass ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

static int by_index(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return (a > b) - (a < b);
}

int mf_odds_ramp_skyline(struct odds_ctx *c, struct ramp_places *p, bool boards)
{
	struct order *o;
	uint32_t *kept;
	size_t n_kept = 0;

	if (p->n < 2)
		return MF_OK;
	o = malloc(p->n * sizeof(*o));
	kept = malloc(p->n * sizeof(*kept));
	if (!o || !kept) {
		free(o);
		free(kept);
		return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < p->n; i++)
		o[i] = (struct order){ (uint32_t)i, mass(c, p->keys + i * p->len, p->len, boards) };
	qsort(o, p->n, sizeof(*o), by_mass);
	for (size_t i = 0; i < p->n; i++) {
		const uint8_t *key = p->keys + (size_t)o[i].index * p->len;
		uint32_t life = p->life[o[i].index];
		bool beaten = false;

		if (!mf_odds_charge(c, 1 + n_kept / 16)) {
			free(o);
			free(kept);
			return MF_ERR_LIMIT;
		}
		for (size_t j = 0; j < n_kept && !beaten; j++) {
			const uint8_t *k = p->keys + (size_t)kept[j] * p->len;

			beaten = boards ? beats_board(p->len, k, p->life[kept[j]], key, life) :
				 beats_place(c, k, p->life[kept[j]], key, life);
		}
		if (!beaten)
			kept[n_kept++] = o[i].index;
	}
	qsort(kept, n_kept, sizeof(*kept), by_index);
	mf_odds_places_keep(p, kept, n_kept);
	free(o);
	free(kept);
	return MF_OK;
}
