/*
 * An independent reference for the deck report's new logic
 * (include/manaflow/report.h), sharing no code with src/report:
 *  - sources per colour, counted from the catalogue's land definitions by
 *    hand (a fetch counts for every colour a land of the deck it finds
 *    makes);
 *  - Karsten's needed sources for one row, found by asking mf_odds_compute()
 *    of his model deck (coloured basics and Wastes) for the fewest sources
 *    that reach his target, not read from mf_odds_sources();
 *  - the demand of a colour: each spell's row by the report's stated
 *    mapping, the largest needed, ties the first;
 *  - a whole deck's on-curve figures, and an advice line's deck rebuilt
 *    from its cards, with plain mf_odds_compute() calls.
 */
#ifndef MF_REFERENCE_REPORT_REF_H
#define MF_REFERENCE_REPORT_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/odds.h"
#include "manaflow/report.h"

/* Land cards of the deck that can make colour t (0..4). */
uint32_t report_ref_sources(const struct mf_mana_catalogue *cat, const int32_t *lands,
			    const uint32_t *counts, size_t n, int t);

/* Karsten's sources for a cost of `generic` + `pips` of one colour on
 * `turn`, in a deck of `size` cards and `lands` lands (karsten2022 on the
 * play, his target 0.89 + turn/100): the fewest coloured basics, the other
 * lands Wastes, whose p_castable_given_lands reaches the target; 0 when
 * none does. -1 when a computation fails. */
int64_t report_ref_needed(const struct mf_mana_catalogue *cat, uint32_t size, uint32_t lands,
			  uint32_t generic, uint32_t pips, uint32_t turn);

/* The report's colour entry for colour t, recomputed: sources, and the
 * demand spell (index), its row and needed, karsten2022 on the play.
 * false when no spell uses t or a computation fails. */
struct report_ref_color {
	uint32_t sources, needed, short_by;
	size_t demand;
	uint32_t generic, pips, turn;
};
bool report_ref_color(const struct mf_mana_catalogue *cat, uint32_t size, const int32_t *lands,
		      const uint32_t *counts, size_t n, const struct mf_report_spell_in *spells,
		      size_t n_spells, int t, struct report_ref_color *out);

/* The on-curve p_castable of each spell (the report's turn: mana value,
 * {X} as 1, within 1..20) in a deck, by mf_odds_compute() with `method`
 * (exact or sample with seed), curve 0, life 20, karsten2022, on the play.
 * false when a computation fails. */
bool report_ref_figures(const struct mf_mana_catalogue *cat, uint32_t size, const int32_t *lands,
			const uint32_t *counts, size_t n, const struct mf_report_spell_in *spells,
			size_t n_spells, enum mf_odds_method method, uint64_t seed, double *p);

/* The deck an advice line makes: lands[] / counts[] (n, room for
 * MF_ODDS_LAND_KINDS_MAX + 1) and per-spell counts w[] changed by its out
 * and in cards. false when the line's out card is not in the deck. */
bool report_ref_apply(const struct mf_report_advice *a, int32_t *lands, uint32_t *counts,
		      size_t *n, uint32_t *w);

#endif
