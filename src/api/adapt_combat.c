#include "api/adapt_combat.h"

#include <string.h>

#include "api/json_decode.h"
#include "api/json_text.h"

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
	char ptr[MF_JSON_POINTER_MAX];

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
	char ptr[MF_JSON_POINTER_MAX], at[MF_JSON_POINTER_MAX];
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

/* Appends [i, ...] for the indexes i < n with flags[i] set. */
static void indexes_text(struct mf_buf *out, const bool *flags, size_t n)
{
	bool first = true;

	MF_JSON_LIT(out, "[");
	for (size_t i = 0; i < n; i++) {
		if (!flags[i])
			continue;
		if (!first)
			MF_JSON_LIT(out, ",");
		first = false;
		mf_buf_add_uint(out, i);
	}
	MF_JSON_LIT(out, "]");
}

/* Appends score2 / 2 as JSON: an integer, or a half ("-1.5"). */
static void half_text(struct mf_buf *out, int64_t score2)
{
	uint64_t mag = score2 < 0 ? (uint64_t)0 - (uint64_t)score2 : (uint64_t)score2;

	if (score2 < 0)
		MF_JSON_LIT(out, "-");
	mf_buf_add_uint(out, mag / 2);
	if (mag & 1)
		MF_JSON_LIT(out, ".5");
}

int mf_api_combat_result_to_json(const struct mf_combat_board *board,
				 const struct mf_combat_result *res, struct mf_buf *out)
{
	MF_JSON_LIT(out, "{\"blocks\":[");
	for (size_t i = 0; i < res->n_blocks; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		MF_JSON_LIT(out, "[");
		mf_buf_add_uint(out, (uint64_t)res->blocks[i].defender);
		MF_JSON_LIT(out, ",");
		mf_buf_add_uint(out, (uint64_t)res->blocks[i].attacker);
		MF_JSON_LIT(out, "]");
	}
	MF_JSON_LIT(out, "],\"score\":");
	half_text(out, res->score2);
	MF_JSON_LIT(out, ",\"damage_to_player\":");
	mf_buf_add_uint(out, res->damage_to_player);
	MF_JSON_LIT(out, ",\"destroyed\":{\"attackers\":");
	indexes_text(out, res->attacker_destroyed, board->n_attackers);
	MF_JSON_LIT(out, ",\"defenders\":");
	indexes_text(out, res->defender_destroyed, board->n_defenders);
	return MF_JSON_LIT(out, "}}");
}

int mf_api_combat_blocks(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			 struct mf_api_error *err)
{
	struct combat_request r;
	struct mf_combat_result res;
	struct mf_combat_error cerr;
	char at[MF_JSON_POINTER_MAX];
	int rc;

	if (decode_request(body, &r, err))
		return -1;
	rc = mf_combat_solve(&r.board, ctx->stop, &res, &cerr);
	if (rc == MF_ERR_STOPPED)  /* cerr is not filled for a stop: no pointer */
		return mf_api_fail_stopped(err, NULL);
	if (rc == MF_ERR_NOMEM)    /* nor for the working tables' memory */
		return mf_api_fail_nomem(err);
	if (rc) {
		/* The decoder enforces every limit first; this is a safety net. */
		mf_json_pointer_index(at, cerr.side == MF_COMBAT_ATTACKER ? "/attackers"
									  : "/defenders",
				      cerr.index);
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at, "%s", cerr.reason);
	}
	if (mf_api_combat_result_to_json(&r.board, &res, out))
		return mf_api_fail_buf(err, out);
	return 0;
}
