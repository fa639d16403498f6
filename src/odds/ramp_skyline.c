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

/* Bit i for each of the len (at most 64) bytes p[i] that is not 0, eight
 * bytes at a time: each byte's nonzero-ness into its top bit, gathered by
 * a multiply (the bits of one word are the same for every key, so that the
 * supports of two keys compare). */
static uint64_t nonzero_bytes(const uint8_t *p, size_t len)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t bits = 0;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w, top;

		memcpy(&w, p + i, 8);
		top = (((w & low7) + low7) | w) & ~low7;
		bits |= ((top >> 7) * 0x0102040810204080ull >> 56) << i;
	}
	for (; i < len; i++)
		bits |= (uint64_t)(p[i] != 0) << i;
	return bits;
}

/* A key's cards out, its mass: the lands and sources on the battlefield (a
 * place), or everything (a board, at most 64 counts). Into *support, a
 * bit for each of those counts that is not 0: a place beats another only
 * when it has some of each the other has, which a word's test tells before
 * the counts are compared. */
static uint32_t measure(const struct odds_ctx *c, const uint8_t *key, size_t len, bool boards,
			uint64_t *support)
{
	size_t n = c->n_groups, s = c->ramp->n;
	uint32_t m = 0;

	if (boards) {
		for (size_t i = 0; i < len; i++)
			m += key[i];
		*support = nonzero_bytes(key, len);
		return m;
	}
	for (size_t g = 0; g < n; g++)
		m += key[g];
	for (size_t k = 0; k < s; k++)
		m += key[3 * n + k];
	*support = nonzero_bytes(key, n) | nonzero_bytes(key + 3 * n, s) << MF_ODDS_LAND_KINDS_MAX;
	return m;
}

/* Into order[0 .. n), the places of masses mass[0 .. n) (at most most), the
 * heaviest first and, of one mass, the earlier first: a counting sort,
 * count[] of most + 2 entries. */
static void by_mass(const uint32_t *mass, size_t n, uint32_t most, uint32_t *count, uint32_t *order)
{
	memset(count, 0, ((size_t)most + 2) * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		count[most - mass[i] + 1]++;
	for (uint32_t d = 1; d <= most + 1; d++)
		count[d] += count[d - 1];
	for (size_t i = 0; i < n; i++)
		order[count[most - mass[i]]++] = (uint32_t)i;
}

int mf_odds_ramp_skyline(struct odds_ctx *c, struct ramp_places *p, bool boards)
{
	uint32_t *mass, *order, *kept, *count, most = 0;
	uint64_t *support;
	uint8_t *keep;
	size_t n_kept = 0, n = p->n;

	if (n < 2)
		return MF_OK;
	support = malloc(n * (sizeof(*support) + 3 * sizeof(*mass)) + n);
	if (!support)
		return MF_ERR_NOMEM;
	mass = (uint32_t *)(support + n);
	order = mass + n;
	kept = order + n;
	keep = (uint8_t *)(kept + n);
	for (size_t i = 0; i < n; i++) {
		mass[i] = measure(c, p->keys + i * p->len, p->len, boards, &support[i]);
		most = mass[i] > most ? mass[i] : most;
	}
	count = malloc(((size_t)most + 2) * sizeof(*count));
	if (!count) {
		free(support);
		return MF_ERR_NOMEM;
	}
	by_mass(mass, n, most, count, order);
	free(count);
	memset(keep, 0, n);
	for (size_t i = 0; i < n; i++) {
		const uint8_t *key = p->keys + (size_t)order[i] * p->len;
		uint32_t life = p->life[order[i]];
		bool beaten = false;

		if (!mf_odds_charge(c, 1 + n_kept / 16)) {
			free(support);
			return MF_ERR_LIMIT;
		}
		for (size_t j = 0; j < n_kept && !beaten; j++) {
			const uint8_t *k = p->keys + (size_t)kept[j] * p->len;

			if (support[order[i]] & ~support[kept[j]])
				continue;
			beaten = boards ? beats_board(p->len, k, p->life[kept[j]], key, life) :
				 beats_place(c, k, p->life[kept[j]], key, life);
		}
		if (!beaten) {
			kept[n_kept++] = order[i];
			keep[order[i]] = 1;
		}
	}
	/* the places kept, in their order */
	n_kept = 0;
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			kept[n_kept++] = (uint32_t)i;
	mf_odds_places_keep(p, kept, n_kept);
	free(support);
	return MF_OK;
}
