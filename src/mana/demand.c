/*
 * The demand of a payment, from the query's cost (see demand.h). The solver
 * and the plan once built it each their own way; one place now says how the
 * cost's symbols become a demand.
 */
#include <string.h>

#include "mana/demand.h"

uint64_t mf_demand_choices(const struct mf_mana_cost *cost)
{
	uint64_t n = 1;

	for (int c = 0; c < 5; c++)
		n *= (uint64_t)cost->twobrid[c] + 1;
	return n;
}

void mf_demand_init(struct demand *d, const struct mf_mana_query *q, const uint64_t *life_paid)
{
	const struct mf_mana_cost *cost = &q->cost;

	memset(d, 0, sizeof(*d));
	for (int t = 0; t < MF_MANA_TYPES; t++)
		d->need[t] = cost->need[t];
	d->generic = cost->generic + (uint64_t)cost->x_count * q->x;
	if (!life_paid) {
		for (unsigned m = 0; m < 32; m++) {
			d->hybrid[m] = cost->hybrid[m];
			d->phyrexian[m] = cost->phyrexian[m];
		}
		return;
	}
	/* Mask 0 names no symbol, and has no colour to be paid with. */
	for (unsigned m = 1; m < 32; m++) {
		uint64_t by_mana = cost->phyrexian[m] - life_paid[m];

		d->hybrid[m] = cost->hybrid[m];
		if (m & (m - 1))
			d->hybrid[m] += by_mana;
		else
			d->need[__builtin_ctz(m)] += by_mana;
	}
}

void mf_demand_add_twobrid(struct demand *d, const struct mf_mana_cost *cost, uint64_t choice)
{
	for (int c = 0; c < 5; c++) {
		uint64_t radix = (uint64_t)cost->twobrid[c] + 1, as_colour = choice % radix;

		choice /= radix;
		d->need[c] += as_colour;
		d->generic += 2 * (cost->twobrid[c] - as_colour);
	}
}
