/*
 * What both odds references (odds_brute, the first model; odds_play, the
 * land drops) read the same way, written once (tests only, never from
 * src/odds): the mulligan policies' hand attempts and Karsten's count of
 * spells bottomed, the cost's colours and lands_needed, and the
 * combinatorics of their exact enumerations.
 */
#ifndef MANAFLOW_TESTS_ODDS_POLICY_H
#define MANAFLOW_TESTS_ODDS_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/odds.h"

#define ODDS_REF_ATTEMPTS_MAX 5

/* One hand attempt: `cards` fresh from the whole deck, `bottom` of them then
 * put on the bottom (London), kept with lo..hi lands left (or always). */
struct attempt {
	uint32_t cards, bottom;
	uint32_t lo, hi;
	bool always;
	bool rule2020;  /* the 6-card hand bottoms a spell only from 3 spells */
};

/* The policy's hand attempts, in order, into at (ODDS_REF_ATTEMPTS_MAX at
 * most): karsten2022 (a free 7 kept with 3..5 lands for 99+ cards, then 7
 * with 2..5, then 7 bottoming 1, 2, 3 kept with 2..4, the last always),
 * karsten2020 (the same without the free 7), paris2013 (fresh 7/6/5/4 kept
 * with 2..5/2..4/1..4/any), none (any 7), custom (keep_lo/hi per size,
 * London or Paris). Returns how many. */
size_t odds_ref_attempts(const struct mf_odds_query *q, struct attempt *at);

/* Spells bottomed (Karsten's count) when the attempt's `bottom` cards of 7
 * holding s spells go to the bottom. */
uint32_t odds_ref_spells_bottomed(const struct attempt *a, uint32_t s);

/* Colours (bit per colour) of the cost's coloured, hybrid, Phyrexian and
 * {2/C} symbols. */
unsigned odds_ref_cost_colours(const struct mf_mana_cost *c);

/* The mana value ({X} q->x each, {2/C} 2), or the coloured pips for
 * paris2013. */
uint64_t odds_ref_lands_needed(const struct mf_odds_query *q);

/* The binomial coefficient C(n, k), 0 when k > n. */
long double odds_ref_choose(uint32_t n, uint32_t k);

/* The next vector v[0..len) with 0 <= v[i] <= cap[i], odometer order;
 * false once every vector has been seen. */
bool odds_ref_odometer(uint32_t *v, const uint32_t *cap, size_t len);

/* The sum of v[0..len). */
uint32_t odds_ref_sum(const uint32_t *v, size_t len);

#endif
