/*
 * Exhaustive reference for the mana solver (tests only).
 *
 * Written from the IPSC 2016 M statement and the rules of real Magic costs
 * (hybrid, Phyrexian, {2/C}, {X}: docs/api.md), not from src/mana. Two
 * plain enumerations, one after the other:
 * - the lands: every battlefield land is left untapped or tapped for one of
 *   its options, every fetch land is left unused or used on one distinct
 *   fetchable library card, which is then tapped for one of its options.
 *   Choices that reach the same library cards taken and the same mana made
 *   are merged, keeping the least life (they see the same futures); mana of
 *   a type beyond what the cost could ever spend of it is not counted.
 * - the cost: every number of each Phyrexian symbol paid with 2 life and
 *   every number of each {2/C} paid with two generic. What is left is a set
 *   of symbols, each payable by some set of mana types ({W/U}: W or U,
 *   generic: all six); mana pays them iff for every set T of types, the
 *   symbols that only T can pay are no more than the mana of types in T
 *   (Hall's condition for this bipartite matching).
 * The least life is the least over both of land life + 2 per Phyrexian
 * symbol paid with life. Meant for boards of about a dozen lands; larger
 * inputs are refused with MF_ERR_LIMIT.
 *
 * Rules it fixes where the statement leaves room (the catalogue may hold
 * lands the contest never had):
 * - Tron is assembled when the catalogue has at least one land with a
 *   non-zero `tron` and every such land has a copy on the initial
 *   battlefield; a piece then makes `tron` colourless for each option that
 *   makes exactly one C.
 * - A fetch costs fetch_life; the fetched card must share a basic land type
 *   with the fetch's fetch_types, or be basic (supertype) when the fetch
 *   looks for a basic land card (MF_MANA_FETCH_BASIC). A fetched land with
 *   an untap_life (a shock land: 2) costs that much more life to use;
 *   fetching a card and not tapping it never helps, so it is not tried, and
 *   neither is fetching a card that enters tapped (etb not
 *   MF_MANA_ETB_UNTAPPED, or a fetch_tapped fetch): it could not be tapped
 *   this turn.
 * - A land whose one option makes several mana for life (Ancient Tomb) is
 *   tapped or not like any other; its mana counts whole.
 * - A fetched card is only tapped for its options (a fetched fetch land is
 *   not used to fetch again).
 * - {X} asks for query->x generic each; a hybrid or Phyrexian mask pays by
 *   any colour in it (bit t: colour t, W = bit 0 ... G = bit 4).
 */
#ifndef MANAFLOW_TESTS_MANA_BRUTE_H
#define MANAFLOW_TESTS_MANA_BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"

struct mana_brute_result {
	bool payable;            /* some choice of taps pays the cost */
	bool castable;           /* payable and min_life <= life - 1 */
	uint64_t min_life;       /* least life of any payment, when payable */
	/* When payable: one payment of exactly min_life from which no step can
	 * be dropped, in the same step format as mf_mana_result (a fetch followed at
	 * once by the fetched card's step, a Phyrexian symbol paid with life as
	 * a step of land -1). Owned; mana_brute_result_free(). */
	struct mf_mana_step *plan;
	size_t n_plan;
};

/*
 * Solves query->cost (with query->x) from query->battlefield and
 * query->library by exhaustive search; query->life only decides `castable`.
 * Returns MF_OK and fills *out, MF_ERR_INVALID for an index outside the
 * catalogue, MF_ERR_LIMIT when the search would be too large for a reference
 * (more than 16 library cards, about 2^20 land states or 4096 ways to pay
 * the Phyrexian and {2/C} symbols), or MF_ERR_NOMEM. On failure *out is
 * empty.
 */
int mana_brute_solve(const struct mf_mana_query *query, struct mana_brute_result *out);

/* Releases the plan and empties the result; safe on an empty result. */
void mana_brute_result_free(struct mana_brute_result *result);

/* Whether Tron is assembled by this battlefield under the rule above. */
bool mana_brute_tron_assembled(const struct mf_mana_catalogue *cat,
			       const int32_t *battlefield, size_t n_battlefield);

/* The mana and life of option `option` of land `land` once on the battlefield,
 * with Tron applied when `tron` is true (no shock life here). */
void mana_brute_option(const struct mf_mana_land *land, size_t option, bool tron,
		       uint32_t mana[MF_MANA_TYPES], uint32_t *life);

#endif
