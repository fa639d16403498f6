/*
 * The plan of a payment: from a solved flow back to per-card steps.
 * Internal.
 */
#ifndef MF_MANA_PLAN_H
#define MF_MANA_PLAN_H

#include "mana/state.h"

/* Builds out->plan (allocated, the caller's to free with
 * mf_mana_result_free()) and out->n_plan from a state whose flow, built by
 * mf_payment_solve(), covered the demand; it consumes the flow left on the
 * network's edges and writes the zones' made and kept counts. Returns MF_OK,
 * or MF_ERR_NOMEM with out->plan left NULL. */
int mf_plan_build(struct solve_state *st, struct mf_mana_result *out);

#endif
