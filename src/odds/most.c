/*
 * The most mana k lands of a pool can make, each of a group making per[g]
 * at most (mf_odds_most_mana()): a bound on what any battlefield of them
 * pays, for drops.c and lines.c. Arithmetic only; see odds_internal.h.
 */
#include <string.h>

#include "odds/odds_internal.h"

void mf_odds_by_mana_init(const struct odds_ctx *c, const uint8_t *pool, const uint32_t *per,
			  struct odds_by_mana *b)
{
	b->n = 0;
	for (size_t g = 0; g < c->n_groups; g++) {
		size_t i = 0;

		if (!pool[g])
			continue;
		while (i < b->n && b->mana[i] > per[g])
			i++;
		if (i == b->n || b->mana[i] != per[g]) {
			memmove(b->mana + i + 1, b->mana + i, (b->n - i) * sizeof(b->mana[0]));
			memmove(b->lands + i + 1, b->lands + i, (b->n - i) * sizeof(b->lands[0]));
			for (size_t h = 0; h < g; h++)
				b->at[h] = (uint8_t)(b->at[h] + (b->at[h] >= i));
			b->mana[i] = per[g];
			b->lands[i] = 0;
			b->n++;
		}
		b->at[g] = (uint8_t)i;
		b->lands[i] += pool[g];
	}
}

uint64_t mf_odds_by_mana_most(const struct odds_by_mana *b, uint32_t k)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < b->n && k; i++) {
		uint32_t take = b->lands[i] < k ? b->lands[i] : k;

		sum += (uint64_t)take * b->mana[i];
		k -= take;
	}
	return sum;
}

uint64_t mf_odds_most_of(const struct odds_ctx *c, const uint8_t *pool, uint32_t k, const uint32_t *per)
{
	struct odds_by_mana b;

	mf_odds_by_mana_init(c, pool, per, &b);
	return mf_odds_by_mana_most(&b, k);
}
