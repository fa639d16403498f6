/*
 * Validator of mana solver results (tests only).
 *
 * Checks a result against its query from the rules alone: the plan is legal
 * (every land really in the zone it names, no card used twice, each step's
 * mana exactly one option of its land with Tron applied, each step's life
 * right, a fetch followed at once by the fetched card from the library and
 * the card fetchable, a life step (land -1) paying 2 life for a Phyrexian
 * symbol the cost has, no more such steps than the cost has such symbols),
 * its mana and life steps pay the whole cost, its life is min_life_paid,
 * life_left is life - min_life_paid, and no step (a fetch with its fetched
 * card, a life step) can be dropped. It cannot know that min_life_paid is the
 * least: the differential test compares that with mana_brute.
 *
 * Whether mana pays is decided by searching for an assignment of mana to
 * symbols (every way to pay each {2/C}, every split of each hybrid and
 * Phyrexian group among its colours), not by mana_brute's set condition, so
 * that the two references check each other.
 */
#ifndef MANAFLOW_TESTS_PLAN_CHECK_H
#define MANAFLOW_TESTS_PLAN_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"

/*
 * Returns true when result is a right answer to query as far as the plan
 * can show. On false, reason (size bytes, NUL-terminated) says what is wrong,
 * naming the step (0-based) where it applies.
 */
bool plan_check(const struct mf_mana_query *query, const struct mf_mana_result *result,
		char *reason, size_t size);

/* Whether mana made (per type) pays query->cost with x = query->x when
 * life_paid[m] of its Phyrexian symbols of mask m are paid with life: each
 * colour and C by its own type, each hybrid or Phyrexian symbol by a colour
 * of its mask, each {2/C} by C or two generic, generic by whatever is left.
 * False when life_paid[m] exceeds the cost's symbols of mask m. */
bool plan_mana_pays(const struct mf_mana_query *query, const uint64_t made[MF_MANA_TYPES],
		    const uint32_t life_paid[32]);

#endif
