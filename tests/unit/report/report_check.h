/*
 * Helpers of the deck report's tests: a deck by names and costs, and the
 * check of a whole report against the reference (tests/reference/report_ref.h)
 * and against plain mf_odds_compute() calls. Test code: failures fail the
 * running Check test.
 */
#ifndef MF_UNIT_DECK_REPORT_CHECK_H
#define MF_UNIT_DECK_REPORT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/report.h"

#define RC_SPELLS_MAX 100

/* The built-in catalogue, loaded once for the process. */
const struct mf_mana_catalogue *rc_catalogue(void);

struct rc_deck {
	uint32_t size;
	int32_t lands[MF_ODDS_LAND_KINDS_MAX + 1];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX + 1];
	size_t n_lands;
	struct mf_report_spell_in spells[RC_SPELLS_MAX];
	size_t n_spells;
};

/* Appends a land by name (must be in the catalogue) or a spell by cost (its
 * name the cost text). */
void rc_land(struct rc_deck *d, const char *name, uint32_t count);
void rc_spell(struct rc_deck *d, const char *cost, uint32_t count, bool commander);

/* The report's query for d: karsten2022 on the play, life 20, seed 1. */
struct mf_report_query rc_query(const struct rc_deck *d, enum mf_odds_method method, bool advice);

/* Checks r, computed from rc_query(d, method, ...), in full:
 *  - each spell's odds equal mf_odds_compute() of its own query (curve
 *    MF_REPORT_CURVE, by the method the report names, the same seed),
 *    field by field; spells of one cost and turn share their answer;
 *  - each colour equals report_ref_color();
 *  - every advice line: the deck rebuilt from its cards, every spell's
 *    after by report_ref_figures() and before on the deck itself (exact
 *    decks only: method exact), the gain recomputed; swaps best first,
 *    positive, 1 or 2 copies of a land for as many of another.
 * Returns how many advice lines it checked. */
size_t rc_check(const struct rc_deck *d, const struct mf_report *r, bool advice_exact);

#endif
