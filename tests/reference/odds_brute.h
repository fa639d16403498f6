/*
 * Exact, plain reference for the odds solver (tests only).
 *
 * Written from the model of include/manaflow/odds.h as the odds brief states
 * it, not from src/odds. It enumerates, for each hand attempt of the
 * mulligan policy, every composition of the cards drawn for it (spells and
 * each land of the deck, never merging two lands that behave alike) with its
 * multivariate hypergeometric weight, applies the keep rule and the London
 * bottoming, then enumerates every composition of the draws from the cards
 * that attempt did not take. Castability of a set of seen lands is asked of
 * the exhaustive mana reference (mana_brute), never of mf_mana_solve: every
 * sub-multiset of at most `turn` seen lands is tried as the battlefield.
 *
 * The model, exactly as implemented:
 *  - attempts are independent fresh shuffles of the whole deck;
 *  - karsten2022: for decks of 99+ cards a free 7 kept with 3..5 lands; then
 *    7 kept with 2..5; then 7 drawn and k = 1, 2, 3 bottomed, the hand of
 *    h = 7 - k kept with 2..4 lands (h = 4 always); spells bottomed
 *    min(k, max(0, s - (h - 3))) with s the spells among the 7, lands the
 *    rest of the k. karsten2020: no free 7, and at h = 6 min(1, max(0, s - 2))
 *    spells. paris2013: fresh hands of 7/6/5/4 kept with 2..5/2..4/1..4/any.
 *    none: any 7. custom: keep_lo/keep_hi[i] for 7 - i cards, 4 always,
 *    London (karsten2022's counts) or Paris;
 *  - lands bottomed first: fewest of the cost's colours made (a fetch: the
 *    colours of the basic types it finds, all five for a basic-land fetch),
 *    then name ascending (strcmp), then catalogue index;
 *  - draws: turn - 1 on the play, turn on the draw or for karsten2022 with
 *    99+ cards; from the cards the kept attempt did not draw;
 *  - library for fetches: every deck land not seen (bottomed ones included);
 *  - lands_needed: the mana value (x for each {X}, 2 for {2/C}), or the
 *    coloured pips for paris2013.
 *
 * Limits (a reference, not a product): 40..250 cards, 1..4 kinds of land,
 * turns 1..4; anything else is refused with MF_ERR_LIMIT (MF_ERR_INVALID for
 * malformed queries). The method, seed, games and budget are ignored.
 */
#ifndef MANAFLOW_TESTS_ODDS_BRUTE_H
#define MANAFLOW_TESTS_ODDS_BRUTE_H

#include <stdint.h>

#include "manaflow/odds.h"

#define ODDS_BRUTE_KINDS_MAX 4
#define ODDS_BRUTE_TURN_MAX 4

struct odds_brute_result {
	uint32_t lands_needed;
	double p_lands, p_castable, p_castable_given_lands;  /* given: 0 when p_lands is 0 */
	uint64_t brute_calls;  /* mana_brute_solve calls made */
};

/*
 * Computes the three probabilities of q exactly. Returns MF_OK and fills
 * *out; MF_ERR_INVALID for a malformed query (no catalogue, an index outside
 * it, a land given twice, a zero count, counts above the size, a custom
 * range lo > hi, a life of 0 or above MF_MANA_LIFE_MAX); MF_ERR_LIMIT beyond
 * the limits above; or what mana_brute_solve returned. On failure *out is
 * zeroed.
 */
int odds_brute_compute(const struct mf_odds_query *q, struct odds_brute_result *out);

#endif
