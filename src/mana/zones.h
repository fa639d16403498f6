/*
 * The query's zones by kind of land, and the pre-tap: what the lands with no
 * choice make (stage 1 of solve.c). Internal.
 */
#ifndef MF_MANA_ZONES_H
#define MF_MANA_ZONES_H

#include "mana/state.h"

/*
 * Counts st->q's battlefield and library by kind of land into st->field and
 * st->library (allocated here, freed by mf_zones_free()), in order of first
 * appearance, and sets st->tron and st->pretap (the mana of the pre-tapped
 * lands). st->q, st->lands and st->role must be set. Returns MF_OK;
 * MF_ERR_INVALID for a land id outside the catalogue; MF_ERR_NOMEM. On
 * failure both zones are freed and empty.
 */
int mf_zones_count(struct solve_state *st);

/* Frees and empties the zones mf_zones_count() made; safe on empty ones. */
void mf_zones_free(struct solve_state *st);

/* The mana one card of pre-tapped land `land` makes, into mana[] (Tron
 * counted when st->tron). Cannot fail. */
void mf_zones_pretap_mana(const struct solve_state *st, int32_t land,
			  uint64_t mana[MF_MANA_TYPES]);

#endif
