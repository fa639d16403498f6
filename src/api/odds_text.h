/* The odds' figures and rules as JSON text, shared by the odds, the
 * sources and the deck report so that they read alike. */
#ifndef MF_API_ODDS_TEXT_H
#define MF_API_ODDS_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/buf.h"
#include "manaflow/odds.h"

/* A probability as every answer writes it: 6 decimals. */
void mf_api_prob_text(struct mf_buf *out, double p);

/* ,"by_turn":[{"turn","p_castable"(,"standard_error")},...] for turns
 * 1 .. curve (at most r's curve), then ,"mean_delay" of the spell asked on
 * turn (mf_odds_mean_delay()); nothing when curve is 0. */
void mf_api_odds_by_turn_text(struct mf_buf *out, const struct mf_odds_result *r, uint32_t curve,
			      uint32_t turn);

/* ,"rules":{...}: the mulligan, the hands kept, the bottom, and what land
 * drops and "castable" mean, for the policy in a deck of size cards; with
 * sources, also how mana that is no land is played ("sources"). */
void mf_api_odds_rules_text(struct mf_buf *out, enum mf_odds_policy policy,
			    const struct mf_odds_custom *custom, uint32_t size, bool on_draw,
			    bool sources);

#endif
