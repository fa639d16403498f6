#include "api/adapt_combat.h"

#include <string.h>

#include "api/json_decode.h"

/* A decoded request: the creatures live here, the board points at them. */
struct combat_request {
	struct mf_combat_creature attackers[MF_COMBAT_ATTACKERS_MAX];
	struct mf_combat_creature defenders[MF_COMBAT_DEFENDERS_MAX];
	struct mf_combat_board board;
};

/* [power, toughness] or {"power":P,"toughness":T}, both numbers checked. */
static int decode_creature(const cJSON *node, const char *at,
			   struct mf_combat_creature *out, struct mf_api_error *err)
{
	static const char *const keys[] = { "power", "toughness", NULL };
	int64_t power, toughness;
	char ptr[256];

	if (cJSON_IsObject(node)) {
		if (mf_json_expect_object(node, at, keys, err) ||
		    mf_json_get_int(node, at, "power", true, 0, MF_COMBAT_POWER_MAX, 0,
				 &power, err) ||
		    mf_json_get_int(node, at, "toughness", true, MF_COMBAT_TOUGHNESS_MIN,
				 MF_COMBAT_TOUGHNESS_MAX, 0, &toughness, err))
			return -1;
	} else if (cJSON_IsArray(node) && cJSON_GetArraySize(node) == 2) {
		mf_json_pointer_index(ptr, at, 0);
		if (mf_json_as_int(cJSON_GetArrayItem(node, 0), ptr, 0, MF_COMBAT_POWER_MAX,
				&power, err))
			return -1;
		mf_json_pointer_index(ptr, at, 1);
		if (mf_json_as_int(cJSON_GetArrayItem(node, 1), ptr, MF_COMBAT_TOUGHNESS_MIN,
				MF_COMBAT_TOUGHNESS_MAX, &toughness, err))
			return -1;
	} else {
		mf_api_fail(err, at, "expected a creature: [power, toughness] or "
			 "{\"power\":P,\"toughness\":T}");
		return -1;
	}
	out->power = (uint32_t)power;
	out->toughness = (uint32_t)toughness;
	return 0;
}

static int decode_side(const cJSON *body, const char *key, size_t max,
		       struct mf_combat_creature *out, size_t *count,
		       struct mf_api_error *err)
{
	const cJSON *list = NULL, *node;
	char ptr[256], at[256];
	size_t i = 0;

	if (mf_json_get_array(body, "", key, true, max, &list, count, err))
		return -1;
	mf_json_pointer_key(ptr, "", key);
	cJSON_ArrayForEach(node, list) {
		mf_json_pointer_index(at, ptr, i);
		if (decode_creature(node, at, &out[i], err))
			return -1;
		i++;
	}
	return 0;
}

static int decode_request(const cJSON *body, struct combat_request *r,
			  struct mf_api_error *err)
{
	static const char *const keys[] = { "attackers", "defenders", NULL };

	memset(r, 0, sizeof(*r));
	r->board.attackers = r->attackers;
	r->board.defenders = r->defenders;
	if (mf_json_expect_object(body, "", keys, err) ||
	    decode_side(body, "attackers", MF_COMBAT_ATTACKERS_MAX, r->attackers,
			&r->board.n_attackers, err) ||
	    decode_side(body, "defenders", MF_COMBAT_DEFENDERS_MAX, r->defenders,
			&r->board.n_defenders, err))
		return -1;
	return 0;
}

/* Appends the indexes i < n with flags[i] set; -1 when out of memory. */
static int add_indexes(cJSON *obj, const char *key, const bool *flags, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(obj, key);

	if (!arr)
		return -1;
	for (size_t i = 0; i < n; i++) {
		cJSON *num;

		if (!flags[i])
			continue;
		num = cJSON_CreateNumber((double)i);
		if (!num || !cJSON_AddItemToArray(arr, num)) {
			cJSON_Delete(num);
			return -1;
		}
	}
	return 0;
}

static int add_blocks(cJSON *obj, const struct mf_combat_result *res)
{
	cJSON *arr = cJSON_AddArrayToObject(obj, "blocks");

	if (!arr)
		return -1;
	for (size_t i = 0; i < res->n_blocks; i++) {
		const int pair[2] = { res->blocks[i].defender, res->blocks[i].attacker };
		cJSON *item = cJSON_CreateIntArray(pair, 2);

		if (!item || !cJSON_AddItemToArray(arr, item)) {
			cJSON_Delete(item);
			return -1;
		}
	}
	return 0;
}

cJSON *mf_api_combat_result_to_json(const struct mf_combat_board *board,
			     const struct mf_combat_result *res)
{
	cJSON *o = cJSON_CreateObject(), *destroyed;

	if (!o || add_blocks(o, res) ||
	    !cJSON_AddNumberToObject(o, "score", (double)res->score2 / 2) ||
	    !cJSON_AddNumberToObject(o, "damage_to_player", res->damage_to_player))
		goto fail;
	destroyed = cJSON_AddObjectToObject(o, "destroyed");
	if (!destroyed ||
	    add_indexes(destroyed, "attackers", res->attacker_destroyed, board->n_attackers) ||
	    add_indexes(destroyed, "defenders", res->defender_destroyed, board->n_defenders))
		goto fail;
	return o;
fail:
	cJSON_Delete(o);
	return NULL;
}

cJSON *mf_api_combat_blocks(const cJSON *body, const struct mf_api_ctx *ctx,
			     struct mf_api_error *err)
{
	struct combat_request r;
	struct mf_combat_result res;
	struct mf_combat_error cerr;
	cJSON *answer = NULL;
	char at[256];
	int rc;

	(void)ctx;
	if (decode_request(body, &r, err))
		goto out;
	rc = mf_combat_solve(&r.board, &res, &cerr);
	if (rc == MF_ERR_NOMEM) {
		mf_api_fail_nomem(err);
		goto out;
	}
	if (rc) {
		/* The decoder enforces every limit first; this is a safety net. */
		mf_json_pointer_index(at, cerr.side == MF_COMBAT_ATTACKER ? "/attackers"
								  : "/defenders",
				   cerr.index);
		mf_api_fail(err, at, "%s", cerr.reason);
		goto out;
	}
	answer = mf_api_combat_result_to_json(&r.board, &res);
	if (!answer)
		mf_api_fail_nomem(err);
out:
	return answer;
}
