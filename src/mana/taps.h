/*
 * Bundles (stage 4 of solve.c): lands whose one alternative makes several
 * mana for life, and how many of each to tap. Internal.
 */
#ifndef MF_MANA_TAPS_H
#define MF_MANA_TAPS_H

#include "mana/state.h"

/* Finds the bundles on the battlefield and how many of each may be worth
 * tapping, into st->bundles and st->bundle_range (owned by st, freed by
 * mf_taps_free()). MF_OK; MF_ERR_LIMIT when n_choices ways to pay {2/C}
 * times the counts to try of every bundle but the last exceed
 * MF_MANA_BUNDLE_TRIES_MAX; MF_ERR_NOMEM. On failure, what was allocated is
 * left for mf_taps_free(). */
int mf_taps_prepare(struct solve_state *st, uint64_t n_choices);

/* Frees what mf_taps_prepare() allocated; safe on a state without bundles. */
void mf_taps_free(struct solve_state *st);

/* Finds the bundle taps that pay st->full for the least life: leaves them
 * in the bundles' `tapped` counts, with *payable and *life (as
 * mf_payment_solve() says them), and no network built. MF_OK, or
 * MF_ERR_NOMEM (*payable false). */
int mf_taps_search(struct solve_state *st, bool *payable, int64_t *life);

#endif
