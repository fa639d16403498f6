/*
 * Validator of mana solver results (tests only).
 *
 * Checks a result against its query from the rules alone: the plan is legal
 * (every land really in the zone it names, no card used twice, each step's
 * mana exactly one option of its land with Tron applied, each step's life
 * right, a fetch followed at once by the fetched card from the library and
 * the card fetchable), it pays the cost, its life is min_life_paid, life_left
 * is life - min_life_paid, and no step (a fetch with its fetched card) can be
 * dropped. It cannot know that min_life_paid is the least: the differential
 * test compares that with mana_brute.
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
bool plan_check(const struct mf_query *query, const struct mf_result *result,
		char *reason, size_t size);

/* Whether mana made (per type) pays cost: each colour and C by its own type,
 * generic by whatever is left. */
bool plan_mana_pays(const uint64_t made[MF_MANA_TYPES], const struct mf_cost *cost);

#endif
