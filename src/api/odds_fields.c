/* The game fields the odds, the sources and the report share: see
 * odds_fields.h. */
#include "api/odds_fields.h"

#include <string.h>

#include "api/json_decode.h"

int mf_api_odds_decode_on(const cJSON *body, bool *on_draw, struct mf_api_error *err)
{
	const char *on = NULL;

	if (mf_json_get_string(body, "", "on", false, 8, &on, err))
		return -1;
	*on_draw = on && strcmp(on, "draw") == 0;
	if (on && !*on_draw && strcmp(on, "play") != 0)
		return mf_api_fail(err, "/on", "expected \"play\" or \"draw\"");
	return 0;
}

/* A custom policy: {"keep":{"7":[lo,hi],"6":[lo,hi],"5":[lo,hi]},
 * "mulligan":"london"|"paris"}; sizes left out keep karsten2022's ranges. */
static int decode_custom(const cJSON *node, struct mf_odds_custom *c, struct mf_api_error *err)
{
	static const char *const keys[] = { "keep", "mulligan", NULL };
	static const char *const sizes[] = { "7", "6", "5", "4", NULL };
	static const uint8_t lo[4] = { 2, 2, 2, 0 }, hi[4] = { 5, 4, 4, 4 };
	const cJSON *keep;
	const char *mulligan = NULL;

	if (mf_json_expect_object(node, "/policy", keys, err) ||
	    mf_json_get_string(node, "/policy", "mulligan", false, 8, &mulligan, err))
		return -1;
	c->london = !mulligan || strcmp(mulligan, "london") == 0;
	if (mulligan && !c->london && strcmp(mulligan, "paris") != 0)
		return mf_api_fail(err, "/policy/mulligan", "expected \"london\" or \"paris\"");
	memcpy(c->keep_lo, lo, 4);
	memcpy(c->keep_hi, hi, 4);
	keep = mf_json_member(node, "keep");
	if (!keep)
		return 0;
	if (mf_json_expect_object(keep, "/policy/keep", sizes, err))
		return -1;
	for (int i = 0; i < 3; i++) {
		const cJSON *range = mf_json_member(keep, sizes[i]);
		char at[MF_JSON_POINTER_MAX];
		int64_t a, b;

		mf_json_pointer_key(at, "/policy/keep", sizes[i]);
		if (!range)
			continue;
		if (!cJSON_IsArray(range) || cJSON_GetArraySize(range) != 2)
			return mf_api_fail(err, at, "expected [least, most] lands to keep");
		if (mf_json_as_int(range->child, at, 0, 7 - i, &a, err) ||
		    mf_json_as_int(range->child->next, at, 0, 7 - i, &b, err))
			return -1;
		if (a > b)
			return mf_api_fail(err, at, "the least is more than the most");
		c->keep_lo[i] = (uint8_t)a;
		c->keep_hi[i] = (uint8_t)b;
	}
	if (mf_json_member(keep, "4"))
		return mf_api_fail(err, "/policy/keep/4", "a 4-card hand is always kept");
	return 0;
}

int mf_api_odds_decode_policy(const cJSON *body, enum mf_odds_policy *policy, struct mf_odds_custom *custom,
			 struct mf_api_error *err)
{
	const cJSON *node = mf_json_member(body, "policy");

	*policy = MF_ODDS_KARSTEN2022;
	if (!node)
		return 0;
	if (cJSON_IsObject(node)) {
		*policy = MF_ODDS_CUSTOM;
		return decode_custom(node, custom, err);
	}
	if (cJSON_IsString(node))
		for (int p = 0; p < MF_ODDS_CUSTOM; p++)
			if (strcmp(node->valuestring, mf_odds_policy_name((enum mf_odds_policy)p)) == 0) {
				*policy = (enum mf_odds_policy)p;
				return 0;
			}
	return mf_api_fail(err, "/policy",
			   "expected \"karsten2022\", \"karsten2020\", \"paris2013\", \"none\" or "
			   "{\"keep\":{\"7\":[2,5],\"6\":[2,4],\"5\":[2,4]},\"mulligan\":\"london\"}");
}

