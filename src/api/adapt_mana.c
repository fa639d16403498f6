#include "api/adapt_mana.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/batch.h"
#include "api/json_decode.h"
#include "api/json_text.h"

/* A decoded query; the index arrays are owned here. */
struct mana_request {
	struct mf_mana_query q;
	int32_t *cards;   /* battlefield then library, one allocation */
};

static void mana_request_free(struct mana_request *r)
{
	free(r->cards);
	memset(r, 0, sizeof(*r));
}

static int decode_lands(const cJSON *arr, const char *ptr, const struct mf_mana_catalogue *cat,
			int32_t *out, struct mf_api_error *err)
{
	const cJSON *el;
	size_t i = 0;
	char at[256];

	cJSON_ArrayForEach(el, arr) {
		int32_t id;

		mf_json_pointer_index(at, ptr, i);
		if (!cJSON_IsString(el)) {
			mf_api_fail(err, at, "expected a land name (a string)");
			return -1;
		}
		id = mf_mana_catalogue_find(cat, el->valuestring, strlen(el->valuestring));
		if (id < 0) {
			int32_t near = mf_mana_catalogue_closest(cat, el->valuestring,
							    strlen(el->valuestring));

			if (near >= 0)
				mf_api_fail(err, at, "unknown land \"%.*s\"; did you mean %s?",
					 mf_json_utf8_prefix(el->valuestring, 128), el->valuestring,
					 mf_mana_catalogue_land(cat, (size_t)near)->name);
			else
				mf_api_fail(err, at, "unknown land \"%.*s\"; GET /v1/lands lists them",
					 mf_json_utf8_prefix(el->valuestring, 128), el->valuestring);
			err->type = "unknown-land";
			err->title = "Unknown land";
			return -1;
		}
		out[i++] = id;
	}
	return 0;
}

static int decode_query(const cJSON *node, const char *at, const struct mf_mana_catalogue *cat,
			struct mana_request *r, struct mf_api_error *err)
{
	static const char *const keys[] = { "battlefield", "library", "life", "cost", "x", NULL };
	const cJSON *field = NULL, *library = NULL;
	size_t n_field = 0, n_library = 0;
	const char *cost = NULL;
	struct mf_mana_parse_error perr;
	char ptr[256];
	int64_t life, x;
	int rc;

	memset(r, 0, sizeof(*r));
	if (mf_json_expect_object(node, at, keys, err) ||
	    mf_json_get_array(node, at, "battlefield", true, MF_MANA_QUERY_LANDS_MAX, &field, &n_field, err) ||
	    mf_json_get_array(node, at, "library", false, MF_MANA_QUERY_LANDS_MAX, &library, &n_library, err) ||
	    mf_json_get_int(node, at, "life", true, 1, MF_MANA_LIFE_MAX, 0, &life, err) ||
	    mf_json_get_string(node, at, "cost", true, MF_MANA_COST_TEXT_MAX, &cost, err) ||
	    mf_json_get_int(node, at, "x", false, 0, MF_MANA_X_MAX, -1, &x, err))
		return -1;
	if (n_field + n_library > MF_MANA_QUERY_LANDS_MAX) {
		mf_json_pointer_key(ptr, at, "library");
		mf_api_fail(err, ptr, "more than %d lands in battlefield and library together",
			 MF_MANA_QUERY_LANDS_MAX);
		err->status = 413;
		err->type = "too-large";
		err->title = "Request too large";
		return -1;
	}
	r->cards = malloc((n_field + n_library + 1) * sizeof(*r->cards));
	if (!r->cards) {
		mf_api_fail_nomem(err);
		return -1;
	}
	mf_json_pointer_key(ptr, at, "battlefield");
	if (decode_lands(field, ptr, cat, r->cards, err))
		goto fail;
	mf_json_pointer_key(ptr, at, "library");
	if (library && decode_lands(library, ptr, cat, r->cards + n_field, err))
		goto fail;
	rc = mf_mana_cost_parse(cost, strlen(cost), &r->q.cost, &perr);
	if (rc) {
		mf_json_pointer_key(ptr, at, "cost");
		mf_api_fail(err, ptr, "%s", perr.reason);
		err->type = "invalid-cost";
		err->title = "Invalid cost";
		goto fail;
	}
	if (r->q.cost.x_count && x < 0) {
		mf_json_pointer_key(ptr, at, "x");
		mf_api_fail(err, ptr, "the cost has {X}: give its value as \"x\"");
		goto fail;
	}
	r->q.x = x < 0 ? 0 : (uint32_t)x;
	if (mf_mana_cost_total(&r->q.cost) + (uint64_t)r->q.cost.x_count * r->q.x > MF_MANA_COST_MANA_MAX) {
		mf_json_pointer_key(ptr, at, "x");
		mf_api_fail(err, ptr, "with this x the cost asks for more than %d mana", MF_MANA_COST_MANA_MAX);
		goto fail;
	}
	r->q.cat = cat;
	r->q.battlefield = r->cards;
	r->q.n_battlefield = n_field;
	r->q.library = r->cards + n_field;
	r->q.n_library = n_library;
	r->q.life = (uint32_t)life;
	return 0;
fail:
	mana_request_free(r);
	return -1;
}

/* Appends a string literal (sizeof of anything else would be wrong). */
#define JSON_LIT(t, s) json_text_raw(t, "" s "", sizeof(s) - 1)

static void step_to_text(struct json_text *t, const struct mf_mana_catalogue *cat,
			 const struct mf_mana_step *s)
{
	char mana[64];
	size_t n = 0;

	if (s->land < 0) {  /* a Phyrexian symbol paid with life */
		mf_mana_phyrexian_format(s->phyrexian, mana);
		JSON_LIT(t, "{\"symbol\":");
		json_text_string(t, mana);
		JSON_LIT(t, ",\"life\":");
		json_text_uint(t, s->life);
		JSON_LIT(t, "}");
		return;
	}
	for (int ty = 0; ty < MF_MANA_TYPES; ty++)
		for (uint32_t k = 0; k < s->mana[ty] && n + 1 < sizeof(mana); k++)
			mana[n++] = mf_mana_letter((enum mf_mana_type)ty);
	mana[n] = '\0';
	JSON_LIT(t, "{\"land\":");
	json_text_string(t, mf_mana_catalogue_land(cat, (size_t)s->land)->name);
	if (s->from == MF_MANA_FROM_LIBRARY)
		JSON_LIT(t, ",\"from\":\"library\",\"mana\":");
	else
		JSON_LIT(t, ",\"from\":\"battlefield\",\"mana\":");
	json_text_string(t, mana);
	JSON_LIT(t, ",\"life\":");
	json_text_uint(t, s->life);
	if (s->fetch >= 0) {
		JSON_LIT(t, ",\"fetch\":");
		json_text_string(t, mf_mana_catalogue_land(cat, (size_t)s->fetch)->name);
	}
	JSON_LIT(t, "}");
}

/* The result is written as text, not built as a tree: this is the answer
 * of the hottest route. */
cJSON *mf_api_mana_result_to_json(const struct mf_mana_catalogue *cat, const struct mf_mana_result *res,
			   uint32_t life)
{
	struct json_text t;
	char reason[160];
	cJSON *raw;

	if (!json_text_init(&t, 256 + 96 * res->n_plan))
		return NULL;
	if (res->castable)
		JSON_LIT(&t, "{\"castable\":true,\"min_life_paid\":");
	else
		JSON_LIT(&t, "{\"castable\":false,\"min_life_paid\":");
	if (res->payable)
		json_text_uint(&t, res->min_life_paid);
	else
		JSON_LIT(&t, "null");
	if (!res->castable) {
		if (res->payable)
			snprintf(reason, sizeof(reason),
				 "every payment costs at least %llu life and you have %u",
				 (unsigned long long)res->min_life_paid, life);
		else
			snprintf(reason, sizeof(reason), "these lands cannot make this mana");
		JSON_LIT(&t, ",\"reason\":");
		json_text_string(&t, reason);
	} else {
		JSON_LIT(&t, ",\"life_left\":");
		json_text_uint(&t, res->life_left);
		JSON_LIT(&t, ",\"plan\":[");
		for (size_t i = 0; i < res->n_plan; i++) {
			if (i)
				JSON_LIT(&t, ",");
			step_to_text(&t, cat, &res->plan[i]);
		}
		JSON_LIT(&t, "]");
	}
	JSON_LIT(&t, "}");
	raw = t.buf ? cJSON_CreateRaw(t.buf) : NULL;
	free(t.buf);
	return raw;
}

/* Solves a decoded query and encodes the answer; NULL + err on failure. */
static cJSON *solve_to_json(const struct mana_request *r, struct mf_api_error *err)
{
	struct mf_mana_result res;
	cJSON *o;
	int rc = mf_mana_solve(&r->q, &res);

	if (rc == MF_ERR_NOMEM)
		return mf_api_fail_nomem(err);
	if (rc)
		return mf_api_fail(err, "", "the query could not be solved: %s", mf_status_str(rc));
	o = mf_api_mana_result_to_json(r->q.cat, &res, r->q.life);
	mf_mana_result_free(&res);
	return o ? o : mf_api_fail_nomem(err);
}

cJSON *mf_api_mana_solve(const cJSON *body, const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	struct mana_request r;
	cJSON *o;

	if (decode_query(body, "", ctx->lands, &r, err))
		return NULL;
	o = solve_to_json(&r, err);
	mana_request_free(&r);
	return o;
}

static int decode_batch_query(const cJSON *el, const char *at, const struct mf_api_ctx *ctx,
			      void *item, struct mf_api_error *err)
{
	return decode_query(el, at, ctx->lands, item, err);
}

static cJSON *answer_batch_query(const void *item, const char *at, struct mf_api_error *err)
{
	(void)at;
	return solve_to_json(item, err);
}

static void release_batch_query(void *item)
{
	mana_request_free(item);
}

cJSON *mf_api_mana_batch(const cJSON *body, const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	static const struct mf_api_batch_ops ops = {
		sizeof(struct mana_request), decode_batch_query, answer_batch_query,
		release_batch_query,
	};

	return mf_api_batch(body, "queries", MANA_BATCH_MAX, &ops, ctx, err);
}

/* Adds key: the basic land type names of mask (bit t: WUBRG order). */
static int add_type_names(cJSON *o, const char *key, unsigned mask)
{
	static const char *const names[5] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
	cJSON *arr = cJSON_AddArrayToObject(o, key);

	if (!arr)
		return -1;
	for (int t = 0; t < 5; t++) {
		cJSON *s;

		if (!(mask >> t & 1))
			continue;
		s = cJSON_CreateString(names[t]);
		if (!s || !cJSON_AddItemToArray(arr, s)) {
			cJSON_Delete(s);
			return -1;
		}
	}
	return 0;
}

static int add_land(cJSON *arr, const struct mf_mana_land *l)
{
	cJSON *o = cJSON_CreateObject();
	unsigned produces = 0;

	if (!o || !cJSON_AddItemToArray(arr, o)) {
		cJSON_Delete(o);
		return -1;
	}
	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (l->options[i].mana[t])
				produces |= 1u << t;
	if (!cJSON_AddStringToObject(o, "name", l->name) ||
	    !cJSON_AddStringToObject(o, "kind", mf_mana_land_kind_name(l->kind)) ||
	    add_type_names(o, "basic_types", l->basic_types) ||
	    mf_json_add_letters(o, "produces", produces) ||
	    add_type_names(o, "fetches", l->fetch_types))
		return -1;
	return 0;
}

cJSON *mf_api_mana_lands(const cJSON *body, const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	cJSON *out = cJSON_CreateObject();
	cJSON *arr = out ? cJSON_AddArrayToObject(out, "lands") : NULL;

	if (!arr)
		goto fail;
	for (size_t i = 0; i < mf_mana_catalogue_size(ctx->lands); i++)
		if (add_land(arr, mf_mana_catalogue_land(ctx->lands, i)))
			goto fail;
	return out;
fail:
	cJSON_Delete(out);
	return mf_api_fail_nomem(err);
}
