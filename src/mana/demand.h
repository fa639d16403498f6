/*
 * The demand of a payment: the mana a query's cost asks for, by kind of
 * symbol, built from the cost in one place for the solver (solve.c, which
 * pays each way of paying {2/C} on its own) and for the plan (plan.c, which
 * checks taps against the cost less the Phyrexian symbols paid with life).
 * Plain values: nothing here allocates or fails.
 */
#ifndef MF_MANA_DEMAND_H
#define MF_MANA_DEMAND_H

#include <stdint.h>

#include "manaflow/mana.h"

/* Mana still to pay, by kind of symbol (masks as in struct mf_mana_cost). */
struct demand {
	uint64_t need[MF_MANA_TYPES];
	uint64_t generic;
	uint64_t hybrid[32];
	uint64_t phyrexian[32];
};

/* How many ways the cost's {2/C} symbols can be paid: per colour, how many
 * of them take the colour (the product of count + 1). At most
 * MF_MANA_TWOBRID_CHOICES_MAX for a query mf_mana_solve() accepts; the
 * caller checks that bound. */
uint64_t mf_demand_choices(const struct mf_mana_cost *cost);

/*
 * Sets *d to query q's cost with its {2/C} symbols left out (see
 * mf_demand_add_twobrid()), {X} counted as q->x generic. With life_paid
 * NULL, the Phyrexian symbols stay as they are, to be paid with mana or
 * life; otherwise life_paid[m] symbols of mask m (1 to 31) are paid with life
 * and the rest by mana, as a colour symbol for one colour and a hybrid one
 * for several, so that d->phyrexian is all 0. life_paid[m] must not exceed
 * the cost's count. *d is the caller's; nothing can fail.
 */
void mf_demand_init(struct demand *d, const struct mf_mana_query *q, const uint64_t *life_paid);

/* Adds the cost's {2/C} symbols to *d, paid in the choice-th way (choice <
 * mf_demand_choices(cost)): per colour, choice's digit in radix count + 1
 * symbols as the colour, the rest as two generic each. */
void mf_demand_add_twobrid(struct demand *d, const struct mf_mana_cost *cost, uint64_t choice);

#endif
