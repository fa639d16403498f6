#include "api/adapt_mana.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/batch.h"
#include "api/card_land.h"
#include "api/json_decode.h"
#include "api/json_text.h"
#include "api/land_name.h"
#include "api/mana_direct.h"

/* A decoded query; the index arrays are owned here. Lands given as card
 * objects are kept in `cards`; the catalogue that holds them is built when
 * the query is solved (a batch decodes every query first). */
struct mana_request {
	struct mf_mana_query q;
	int32_t *ids;   /* battlefield then library, one allocation */
	struct mf_api_card_lands cards;
};

/* Frees what r owns and zeroes it; a zeroed r is fine. */
static void mana_request_free(struct mana_request *r)
{
	free(r->ids);
	mf_api_card_lands_free(&r->cards);
	memset(r, 0, sizeof(*r));
}

/* Decodes the lands of arr (at pointer ptr), names or card objects, into
 * out[] (catalogue indexes; own lands go to cards). 0, or -1 with err. */
static int decode_lands(const cJSON *arr, const char *ptr, const struct mf_api_ctx *ctx,
			int32_t *out, struct mf_api_card_lands *cards, struct mf_api_error *err)
{
	const cJSON *el;
	size_t i = 0;
	char at[MF_JSON_POINTER_MAX];

	cJSON_ArrayForEach(el, arr) {
		int32_t id;

		mf_json_pointer_index(at, ptr, i);
		if (cJSON_IsObject(el)) {
			if (mf_api_card_land_decode(el, at, ctx->lands, cards, &out[i], err))
				return -1;
			i++;
			continue;
		}
		if (!cJSON_IsString(el)) {
			mf_api_fail(err, at, "expected a land name (a string) or a card object");
			return -1;
		}
		if (mf_api_land_by_name(ctx, el->valuestring, at, &id, err))
			return -1;
		out[i++] = id;
	}
	return 0;
}

/* The query of f (whose lands' array it takes over) into *r, its cost,
 * x and life checked: the part of a query both paths, the tree's
 * (decode_query) and the text's (mana_direct.c), decode alike. 0, or -1
 * with err (pointers under at) and *r empty. */
static int build_query(struct mana_request *r, const char *at, const struct mf_api_ctx *ctx,
		       struct mf_api_mana_fields *f, struct mf_api_error *err)
{
	struct mf_mana_parse_error perr;
	char ptr[MF_JSON_POINTER_MAX];

	r->ids = f->ids;
	f->ids = NULL;
	if (mf_mana_cost_parse(f->cost, f->cost_len, &r->q.cost, &perr)) {
		mf_json_pointer_key(ptr, at, "cost");
		mf_api_failp(err, MF_PROBLEM_INVALID_COST, ptr, "%s", perr.reason);
		goto fail;
	}
	if (r->q.cost.x_count && f->x < 0) {
		mf_json_pointer_key(ptr, at, "x");
		mf_api_fail(err, ptr, "the cost has {X}: give its value as \"x\"");
		goto fail;
	}
	r->q.x = f->x < 0 ? 0 : (uint32_t)f->x;
	if (mf_mana_cost_total(&r->q.cost) + (uint64_t)r->q.cost.x_count * r->q.x > MF_MANA_COST_MANA_MAX) {
		mf_json_pointer_key(ptr, at, "x");
		mf_api_fail(err, ptr, "with this x the cost asks for more than %d mana", MF_MANA_COST_MANA_MAX);
		goto fail;
	}
	r->q.cat = ctx->lands;
	r->q.battlefield = r->ids;
	r->q.n_battlefield = f->n_field;
	r->q.library = r->ids + f->n_field;
	r->q.n_library = f->n_library;
	r->q.life = (uint32_t)f->life;
	return 0;
fail:
	mana_request_free(r);
	return -1;
}

/* Decodes one query object at pointer `at` into *r, which then owns its
 * arrays (mana_request_free). 0, or -1 with err and *r empty. */
static int decode_query(const cJSON *node, const char *at, const struct mf_api_ctx *ctx,
			struct mana_request *r, struct mf_api_error *err)
{
	static const char *const keys[] = { "battlefield", "library", "life", "cost", "x", NULL };
	const cJSON *field = NULL, *library = NULL;
	struct mf_api_mana_fields f = { 0 };
	char ptr[MF_JSON_POINTER_MAX];

	memset(r, 0, sizeof(*r));
	if (mf_json_expect_object(node, at, keys, err) ||
	    mf_json_get_array(node, at, "battlefield", true, MF_MANA_QUERY_LANDS_MAX, &field, &f.n_field, err) ||
	    mf_json_get_array(node, at, "library", false, MF_MANA_QUERY_LANDS_MAX, &library, &f.n_library, err) ||
	    mf_json_get_int(node, at, "life", true, 1, MF_MANA_LIFE_MAX, 0, &f.life, err) ||
	    mf_json_get_string(node, at, "cost", true, MF_MANA_COST_TEXT_MAX, &f.cost, err) ||
	    mf_json_get_int(node, at, "x", false, 0, MF_MANA_X_MAX, -1, &f.x, err))
		return -1;
	if (f.n_field + f.n_library > MF_MANA_QUERY_LANDS_MAX) {
		mf_json_pointer_key(ptr, at, "library");
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, ptr,
				    "more than %d lands in battlefield and library together",
				    MF_MANA_QUERY_LANDS_MAX);
	}
	f.cost_len = strlen(f.cost);
	r->ids = malloc((f.n_field + f.n_library + 1) * sizeof(*r->ids));
	if (!r->ids) {
		mf_api_fail_nomem(err);
		return -1;
	}
	mf_json_pointer_key(ptr, at, "battlefield");
	if (decode_lands(field, ptr, ctx, r->ids, &r->cards, err))
		goto fail;
	mf_json_pointer_key(ptr, at, "library");
	if (library && decode_lands(library, ptr, ctx, r->ids + f.n_field, &r->cards, err))
		goto fail;
	f.ids = r->ids;
	r->ids = NULL;
	return build_query(r, at, ctx, &f, err);
fail:
	mana_request_free(r);
	return -1;
}

static void step_to_text(struct mf_buf *t, const struct mf_mana_catalogue *cat,
			 const struct mf_mana_step *s)
{
	char mana[64];
	size_t n = 0;

	if (s->land < 0) {  /* a Phyrexian symbol paid with life */
		mf_mana_phyrexian_format(s->phyrexian, mana);
		MF_JSON_LIT(t, "{\"symbol\":");
		mf_json_text_string(t, mana);
		MF_JSON_LIT(t, ",\"life\":");
		mf_buf_add_uint(t, s->life);
		MF_JSON_LIT(t, "}");
		return;
	}
	for (int ty = 0; ty < MF_MANA_TYPES; ty++)
		for (uint32_t k = 0; k < s->mana[ty] && n + 1 < sizeof(mana); k++)
			mana[n++] = mf_mana_letter((enum mf_mana_type)ty);
	mana[n] = '\0';
	MF_JSON_LIT(t, "{\"land\":");
	mf_json_text_string(t, mf_mana_catalogue_land(cat, (size_t)s->land)->name);
	if (s->from == MF_MANA_FROM_LIBRARY)
		MF_JSON_LIT(t, ",\"from\":\"library\",\"mana\":");
	else
		MF_JSON_LIT(t, ",\"from\":\"battlefield\",\"mana\":");
	mf_json_text_string(t, mana);
	MF_JSON_LIT(t, ",\"life\":");
	mf_buf_add_uint(t, s->life);
	if (s->fetch >= 0) {
		MF_JSON_LIT(t, ",\"fetch\":");
		mf_json_text_string(t, mf_mana_catalogue_land(cat, (size_t)s->fetch)->name);
	}
	MF_JSON_LIT(t, "}");
}

/* The result's members, without the closing brace. */
static void result_members(const struct mf_mana_catalogue *cat, const struct mf_mana_result *res,
			   uint32_t life, struct mf_buf *t)
{
	char reason[160];

	if (res->castable)
		MF_JSON_LIT(t, "{\"castable\":true,\"min_life_paid\":");
	else
		MF_JSON_LIT(t, "{\"castable\":false,\"min_life_paid\":");
	if (res->payable)
		mf_buf_add_uint(t, res->min_life_paid);
	else
		MF_JSON_LIT(t, "null");
	if (!res->castable) {
		if (res->payable)
			snprintf(reason, sizeof(reason),
				 "every payment costs at least %llu life and you have %u",
				 (unsigned long long)res->min_life_paid, life);
		else
			snprintf(reason, sizeof(reason), "these lands cannot make this mana");
		MF_JSON_LIT(t, ",\"reason\":");
		mf_json_text_string(t, reason);
	} else {
		MF_JSON_LIT(t, ",\"life_left\":");
		mf_buf_add_uint(t, res->life_left);
		MF_JSON_LIT(t, ",\"plan\":[");
		for (size_t i = 0; i < res->n_plan; i++) {
			if (i)
				MF_JSON_LIT(t, ",");
			step_to_text(t, cat, &res->plan[i]);
		}
		MF_JSON_LIT(t, "]");
	}
}

/* Solves a decoded query (at: its JSON pointer) and appends the answer;
 * -1 + err on failure. */
static int solve_to_json(const struct mana_request *r, const char *at, struct mf_buf *out,
			 struct mf_api_error *err)
{
	struct mf_mana_catalogue *own = NULL;
	struct mf_mana_query q = r->q;
	struct mf_mana_parse_error perr;
	struct mf_mana_result res;
	char ptr[MF_JSON_POINTER_MAX];
	int rc;

	if (r->cards.n) {  /* lands read from cards: a catalogue of this query's own */
		rc = mf_mana_catalogue_extend(q.cat, r->cards.lands, r->cards.n, &own, &perr);
		if (rc)  /* each land was checked when decoded */
			return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
						  "the lands given as cards could not be used: %s",
						  perr.reason);
		q.cat = own;
	}
	rc = mf_mana_solve(&q, &res);

	if (rc == MF_ERR_LIMIT) {  /* a --lands catalogue or lands given as cards */
		mf_json_pointer_key(ptr, at, "battlefield");
		mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, ptr,
				   "more than %d tries of how many lands that make several mana "
				   "for life to tap (two kinds of them or more on the battlefield)",
				   MF_MANA_BUNDLE_TRIES_MAX);
	} else if (rc) {
		mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
				   "the query could not be solved: %s", mf_status_str(rc));
	} else {
		result_members(q.cat, &res, q.life, out);
		mf_api_card_lands_ignored_json(&r->cards, out);
		rc = MF_JSON_LIT(out, "}");
		mf_mana_result_free(&res);
		if (rc)
			mf_api_fail_buf(err, out);
	}
	mf_mana_catalogue_free(own);
	return rc ? -1 : 0;
}

int mf_api_mana_solve(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err)
{
	struct mana_request r;
	int rc;

	if (decode_query(body, "", ctx, &r, err))
		return -1;
	rc = solve_to_json(&r, "", out, err);
	mana_request_free(&r);
	return rc;
}

int mf_api_mana_solve_text(const char *text, size_t len, const struct mf_api_ctx *ctx,
			   struct mf_buf *out, struct mf_api_error *err)
{
	struct mf_api_mana_fields f;
	struct mana_request r;
	int rc = mf_api_mana_direct_read(text, len, ctx->lands, &f);

	if (rc == MF_ERR_NOMEM)
		return mf_api_fail_nomem(err);
	if (rc == 0)
		return MF_API_TREE;
	/* a cost or an x the query refuses: the tree path would have read
	 * all the rest alike, and refuses it here in the same words */
	memset(&r, 0, sizeof(r));
	if (build_query(&r, "", ctx, &f, err))
		return -1;
	rc = solve_to_json(&r, "", out, err);
	mana_request_free(&r);
	return rc;
}

static int decode_batch_query(const cJSON *el, const char *at, const struct mf_api_ctx *ctx,
			      void *item, struct mf_api_error *err)
{
	return decode_query(el, at, ctx, item, err);
}

static int answer_batch_query(const void *item, const char *at, const struct mf_api_ctx *ctx,
			      struct mf_buf *out, struct mf_api_error *err)
{
	(void)ctx;  /* a query is bounded by its limits; the batch looks at ctx->stop between them */
	return solve_to_json(item, at, out, err);
}

static void release_batch_query(void *item)
{
	mana_request_free(item);
}

int mf_api_mana_batch(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err)
{
	static const struct mf_api_batch_ops ops = {
		sizeof(struct mana_request), decode_batch_query, answer_batch_query,
		release_batch_query,
	};

	return mf_api_batch(body, "queries", MF_API_MANA_BATCH_MAX, &ops, ctx, out, err);
}

/* Appends the basic land type names of mask (bit t: WUBRG order). */
static void type_names_text(struct mf_buf *out, unsigned mask)
{
	static const char *const names[5] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
	bool first = true;

	MF_JSON_LIT(out, "[");
	for (int t = 0; t < 5; t++) {
		if (!(mask >> t & 1))
			continue;
		if (!first)
			MF_JSON_LIT(out, ",");
		first = false;
		mf_json_text_string(out, names[t]);
	}
	MF_JSON_LIT(out, "]");
}

/* How the land enters the battlefield, as the API spells it (a land that
 * may pay life to enter untapped: "unless-life-paid", whatever the amount). */
static const char *enters_tapped_text(const struct mf_mana_land *l)
{
	if (l->untap_life)
		return "unless-life-paid";
	if (l->etb == MF_MANA_ETB_TAPPED)
		return "always";
	if (l->etb == MF_MANA_ETB_CONDITIONAL)
		return "conditionally";
	return "never";
}

/* Appends land l as one entry of the catalogue listing (openapi.yaml:
 * enters_tapped, untap_life, the life it pays to enter untapped, and
 * identity, a land making its produces only within the commander's colour
 * identity). */
static void land_text(struct mf_buf *out, const struct mf_mana_land *l)
{
	unsigned produces = l->identity;  /* an identity land: the colours it may make */

	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (l->options[i].mana[t])
				produces |= 1u << t;
	MF_JSON_LIT(out, "{\"name\":");
	mf_json_text_string(out, l->name);
	MF_JSON_LIT(out, ",\"kind\":");
	mf_json_text_string(out, mf_mana_land_kind_name(l->kind));
	MF_JSON_LIT(out, ",\"basic_types\":");
	type_names_text(out, l->basic_types);
	MF_JSON_LIT(out, ",\"produces\":");
	mf_json_text_letters(out, produces);
	MF_JSON_LIT(out, ",\"fetches\":");
	type_names_text(out, l->fetch_types);
	if (l->supertypes == (MF_MANA_SUPER_BASIC | MF_MANA_SUPER_SNOW))
		MF_JSON_LIT(out, ",\"supertypes\":[\"Basic\",\"Snow\"]");
	else if (l->supertypes == MF_MANA_SUPER_BASIC)
		MF_JSON_LIT(out, ",\"supertypes\":[\"Basic\"]");
	else if (l->supertypes == MF_MANA_SUPER_SNOW)
		MF_JSON_LIT(out, ",\"supertypes\":[\"Snow\"]");
	else
		MF_JSON_LIT(out, ",\"supertypes\":[]");
	MF_JSON_LIT(out, ",\"enters_tapped\":");
	mf_json_text_string(out, enters_tapped_text(l));
	MF_JSON_LIT(out, ",\"untap_life\":");
	mf_buf_add_uint(out, l->untap_life);
	if (l->identity)
		MF_JSON_LIT(out, ",\"identity\":true");
	else
		MF_JSON_LIT(out, ",\"identity\":false");
	if (!l->fetch_types) {
		MF_JSON_LIT(out, ",\"fetch\":null}");
		return;
	}
	MF_JSON_LIT(out, ",\"fetch\":{\"types\":");
	type_names_text(out, l->fetch_types);
	if (l->fetch_types & MF_MANA_FETCH_BASIC)
		MF_JSON_LIT(out, ",\"basic\":true,\"life\":");
	else
		MF_JSON_LIT(out, ",\"basic\":false,\"life\":");
	mf_buf_add_uint(out, l->fetch_life);
	if (l->fetch_tapped)
		MF_JSON_LIT(out, ",\"enters_tapped\":true}}");
	else
		MF_JSON_LIT(out, ",\"enters_tapped\":false}}");
}

int mf_api_mana_lands(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err)
{
	(void)body;
	MF_JSON_LIT(out, "{\"lands\":[");
	for (size_t i = 0; i < mf_mana_catalogue_size(ctx->lands); i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		land_text(out, mf_mana_catalogue_land(ctx->lands, i));
	}
	if (MF_JSON_LIT(out, "]}"))
		return mf_api_fail_buf(err, out);
	return 0;
}
