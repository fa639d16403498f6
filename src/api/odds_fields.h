/* The game fields the odds, the sources and the deck report decode alike
 * ("on", "policy"), so that adapters never include each other. */
#ifndef MF_API_ODDS_FIELDS_H
#define MF_API_ODDS_FIELDS_H

#include <stdbool.h>

#include "api/api.h"
#include "manaflow/odds.h"

/* "on": "play" (the default) or "draw" into *on_draw. 0, or -1 with an
 * invalid field at /on. */
int mf_api_odds_decode_on(const cJSON *body, bool *on_draw, struct mf_api_error *err);

/* "policy": a policy's name (default karsten2022) or a custom object
 * {"keep":{...},"mulligan":...} into *policy and *custom. 0, or -1 with an
 * invalid field under /policy. */
int mf_api_odds_decode_policy(const cJSON *body, enum mf_odds_policy *policy,
			      struct mf_odds_custom *custom, struct mf_api_error *err);

#endif
