/*
 * One payment: the pre-tapped mana and the bundles' spent first, a cheap
 * check that enough lands remain, then the least life of the min-cost flow
 * over the rest. Used by solve.c for each way of paying {2/C} and by taps.c
 * for each count of bundles it tries. Internal.
 */
#ifndef MF_MANA_PAYMENT_H
#define MF_MANA_PAYMENT_H

#include "mana/state.h"

/*
 * Solves st->full with the bundles tapped as their `tapped` counts say: sets
 * st->have, st->bundle_life, st->left and st->surplus, then *payable, and
 * *life including the bundles' life (*life is meaningful only when
 * *payable). The network, when one was needed, stays built in st for
 * mf_plan_build(); mf_network_free() releases it, also after a failure.
 * Returns MF_OK, or MF_ERR_NOMEM (*payable false).
 */
int mf_payment_solve(struct solve_state *st, bool *payable, int64_t *life);

#endif
