/*
 * The odds and the sources: the deck, the policy and the spells from JSON,
 * the odds solver's answers to JSON (docs/odds.md).
 */
#include "api/adapt_odds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/identity.h"
#include "api/json_decode.h"
#include "api/json_text.h"
#include "api/land_name.h"
#include "api/odds_fields.h"
#include "api/odds_sources.h"
#include "api/odds_text.h"

/* The deck and game fields shared by every spell of a request. */
struct odds_request {
	struct mf_odds_query q;   /* cost, x and turn are set per spell */
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	const cJSON *spells;
	size_t n_spells;
	uint8_t identity;         /* the deck's colour identity ... */
	bool has_identity;        /* ... when the request gave one */
	struct mf_api_sources src;  /* its mana that is no land */
	struct mf_mana_catalogue *own;  /* the catalogue with its identity lands
					 * narrowed, or NULL (ctx's) */
};

static void request_free(struct odds_request *r)
{
	mf_api_sources_free(&r->src);
	mf_mana_catalogue_free(r->own);
	r->own = NULL;
}

/* The land rows; a land named twice counts once with both counts. */
static int decode_lands(const cJSON *body, const struct mf_api_ctx *ctx, struct odds_request *r,
			struct mf_api_error *err)
{
	static const char *const keys[] = { "name", "count", NULL };
	const cJSON *list, *row;
	size_t n, i = 0;
	uint64_t total = 0;

	if (mf_json_get_array(body, "", "lands", true, 256, &list, &n, err))
		return -1;
	cJSON_ArrayForEach(row, list) {
		const char *name;
		char at[MF_JSON_POINTER_MAX], name_at[MF_JSON_POINTER_MAX];
		int64_t count;
		int32_t id;
		size_t k;

		mf_json_pointer_index(at, "/lands", i++);
		if (mf_json_expect_object(row, at, keys, err) ||
		    mf_json_get_string(row, at, "name", true, MF_MANA_LAND_NAME_MAX * 4, &name, err) ||
		    mf_json_get_int(row, at, "count", true, 1, MF_ODDS_DECK_MAX, 1, &count, err))
			return -1;
		mf_json_pointer_key(name_at, at, "name");
		if (mf_api_land_by_name(ctx, name, name_at, &id, err))
			return -1;
		for (k = 0; k < r->q.n_lands && r->lands[k] != id; k++)
			;
		if (k == r->q.n_lands) {
			if (k == MF_ODDS_LAND_KINDS_MAX)
				return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, "/lands",
						    "more than %d distinct lands", MF_ODDS_LAND_KINDS_MAX);
			r->lands[k] = id;
			r->counts[k] = 0;
			r->q.n_lands++;
		}
		r->counts[k] += (uint32_t)count;
		total += (uint64_t)count;
	}
	if (total > r->q.size)
		return mf_api_fail(err, "/lands", "%llu lands in a deck of %u cards",
				   (unsigned long long)total, r->q.size);
	return 0;
}

static int decode_method(const cJSON *body, struct odds_request *r, struct mf_api_error *err)
{
	const char *method = NULL;
	int64_t seed, games;

	if (mf_json_get_string(body, "", "method", false, 8, &method, err) ||
	    mf_json_get_int(body, "", "seed", false, 0, (int64_t)1 << 53, 1, &seed, err) ||
	    mf_json_get_int(body, "", "games", false, 1000, MF_ODDS_GAMES_MAX, 0,
			    &games, err))
		return -1;
	r->q.method = MF_ODDS_AUTO;
	if (method && strcmp(method, "exact") == 0)
		r->q.method = MF_ODDS_EXACT;
	else if (method && strcmp(method, "sample") == 0)
		r->q.method = MF_ODDS_SAMPLE;
	else if (method && strcmp(method, "auto") != 0)
		return mf_api_fail(err, "/method", "expected \"auto\", \"exact\" or \"sample\"");
	r->q.seed = (uint64_t)seed;
	r->q.games = (uint32_t)games;
	return 0;
}

/* The identity, the mana sources and the identity lands of body into r,
 * its lands decoded. 0, or -1 with err. */
static int decode_sources(const cJSON *body, const struct mf_api_ctx *ctx, struct odds_request *r,
			  struct mf_api_error *err)
{
	uint64_t lands = 0;

	if (mf_api_identity_decode(body, "", "identity", &r->identity, &r->has_identity, err))
		return -1;
	mf_api_sources_init(&r->src, r->identity);
	if (mf_api_odds_decode_sources(body, ctx, &r->src, err))
		return -1;
	for (size_t k = 0; k < r->q.n_lands; k++)
		lands += r->counts[k];
	if (lands + r->src.cards > r->q.size)
		return mf_api_fail(err, "/sources", "%llu lands and %u mana sources in a deck of %u "
				   "cards", (unsigned long long)lands, r->src.cards, r->q.size);
	if (r->src.n && r->q.method == MF_ODDS_EXACT)
		return mf_api_fail(err, "/method", "a deck with mana sources is sampled: the exact "
				   "count plays lands only; send \"auto\" or \"sample\"");
	r->q.sources = r->src.s;
	r->q.source_counts = r->src.counts;
	r->q.n_sources = r->src.n;
	if (mf_api_identity_lands(ctx->lands, r->lands, r->q.n_lands, r->identity, &r->own, err))
		return -1;
	if (r->own)
		r->q.cat = r->own;
	return 0;
}

/* Decodes the whole odds body into *r (its catalogue ctx->lands, or its
 * own with identity lands: request_free() it). 0, or -1 with err. */
static int decode_request(const cJSON *body, const struct mf_api_ctx *ctx,
			  struct odds_request *r, struct mf_api_error *err)
{
	static const char *const keys[] = { "size", "lands", "spells", "on", "policy", "life",
					    "method", "seed", "games", "curve", "sources",
					    "identity", NULL };
	int64_t size, life, curve;

	memset(r, 0, sizeof(*r));
	mf_api_sources_init(&r->src, 0);
	r->q.cat = ctx->lands;
	r->q.lands = r->lands;
	r->q.counts = r->counts;
	if (mf_json_expect_object(body, "", keys, err) ||
	    mf_json_get_int(body, "", "size", true, MF_ODDS_DECK_MIN, MF_ODDS_DECK_MAX, 60, &size, err) ||
	    mf_json_get_int(body, "", "life", false, 1, MF_MANA_LIFE_MAX, 20, &life, err) ||
	    mf_json_get_int(body, "", "curve", false, 1, MF_ODDS_TURN_MAX, 0, &curve, err) ||
	    mf_json_get_array(body, "", "spells", true, MF_API_ODDS_SPELLS_MAX, &r->spells,
			      &r->n_spells, err))
		return -1;
	r->q.size = (uint32_t)size;
	r->q.life = (uint32_t)life;
	r->q.curve = (uint32_t)curve;
	if (decode_lands(body, ctx, r, err) || mf_api_odds_decode_on(body, &r->q.on_draw, err) ||
	    mf_api_odds_decode_policy(body, &r->q.policy, &r->q.custom, err) ||
	    decode_method(body, r, err) || decode_sources(body, ctx, r, err))
		return -1;
	return 0;
}

/* One spell: its cost, x and turn into q. */
static int decode_spell(const cJSON *node, const char *at, struct mf_odds_query *q,
			struct mf_api_error *err)
{
	static const char *const keys[] = { "cost", "turn", "x", NULL };
	struct mf_mana_parse_error perr;
	const char *cost;
	char ptr[MF_JSON_POINTER_MAX];
	int64_t turn, x;

	if (mf_json_expect_object(node, at, keys, err) ||
	    mf_json_get_string(node, at, "cost", true, MF_MANA_COST_TEXT_MAX, &cost, err) ||
	    mf_json_get_int(node, at, "turn", false, 1, MF_ODDS_TURN_MAX, 0, &turn, err) ||
	    mf_json_get_int(node, at, "x", false, 0, 1000, -1, &x, err))
		return -1;
	if (mf_mana_cost_parse(cost, strlen(cost), &q->cost, &perr)) {
		mf_json_pointer_key(ptr, at, "cost");
		return mf_api_failp(err, MF_PROBLEM_INVALID_COST, ptr, "%s", perr.reason);
	}
	if (q->cost.x_count && x < 0) {
		mf_json_pointer_key(ptr, at, "x");
		return mf_api_fail(err, ptr, "the cost has {X}: give its value as \"x\"");
	}
	q->x = x < 0 ? 0 : (uint32_t)x;
	if (!turn) {  /* the cost's mana value, at least turn 1 */
		uint64_t mv = mf_mana_cost_total(&q->cost) + (uint64_t)q->cost.x_count * q->x;

		if (mv > MF_ODDS_TURN_MAX) {
			mf_json_pointer_key(ptr, at, "turn");
			return mf_api_fail(err, ptr, "the mana value is past turn %d: give \"turn\"",
					   MF_ODDS_TURN_MAX);
		}
		turn = mv ? (int64_t)mv : 1;
	}
	q->turn = (uint32_t)turn;
	return 0;
}

/* One spell's answer; curve: the request's (0: none). */
static void result_text(struct mf_buf *out, const struct mf_odds_query *q, const struct mf_odds_result *r,
			uint32_t curve)
{
	static const char *const names[3] = { "p_lands", "p_castable", "p_castable_given_lands" };
	char cost[256];

	mf_mana_cost_format(&q->cost, cost, sizeof(cost));
	MF_JSON_LIT(out, "{\"cost\":");
	mf_json_text_string(out, cost);
	mf_buf_addf(out, ",\"turn\":%u,\"lands_needed\":%u,\"method\":\"%s\",\"p_lands\":", q->turn,
		    r->lands_needed, r->method == MF_ODDS_EXACT ? "exact" : "sample");
	mf_api_prob_text(out, r->p_lands);
	MF_JSON_LIT(out, ",\"p_castable\":");
	mf_api_prob_text(out, r->p_castable);
	MF_JSON_LIT(out, ",\"p_castable_given_lands\":");
	if (r->given_defined)
		mf_api_prob_text(out, r->p_castable_given_lands);
	else
		MF_JSON_LIT(out, "null");
	mf_buf_addf(out, ",\"groups\":%u,\"solver_calls\":%llu", r->groups,
		    (unsigned long long)r->solver_calls);
	if (r->method == MF_ODDS_SAMPLE) {
		mf_buf_addf(out, ",\"games\":%llu,\"games_with_lands\":%llu,\"seed\":%llu,"
			    "\"standard_error\":{", (unsigned long long)r->games,
			    (unsigned long long)r->games_with_lands, (unsigned long long)q->seed);
		for (int i = 0; i < 3; i++) {
			mf_buf_addf(out, "%s\"%s\":", i ? "," : "", names[i]);
			mf_api_prob_text(out, r->se[i]);
		}
		MF_JSON_LIT(out, "},\"interval95\":{");
		for (int i = 0; i < 3; i++) {
			mf_buf_addf(out, "%s\"%s\":[", i ? "," : "", names[i]);
			mf_api_prob_text(out, r->ci_low[i]);
			MF_JSON_LIT(out, ",");
			mf_api_prob_text(out, r->ci_high[i]);
			MF_JSON_LIT(out, "]");
		}
		MF_JSON_LIT(out, "}");
	}
	mf_api_odds_by_turn_text(out, r, curve, q->turn);
	MF_JSON_LIT(out, "}");
}

static void deck_text(struct mf_buf *out, uint32_t size, uint64_t lands, bool on_draw,
		      enum mf_odds_policy policy, const struct mf_odds_custom *custom, bool sources)
{
	mf_buf_addf(out, "{\"size\":%u,\"lands\":%llu,\"on\":\"%s\",\"policy\":\"%s\"", size,
		    (unsigned long long)lands, on_draw ? "draw" : "play", mf_odds_policy_name(policy));
	mf_api_odds_rules_text(out, policy, custom, size, on_draw, sources);
}

/* The spells of one request: each spell's query (its cost, x and turn in
 * the request's deck), and, per distinct query, its answer. */
struct odds_spells {
	struct mf_odds_query *q;      /* n_distinct of them */
	struct mf_odds_result *res;
	int *rc;
	size_t *of;                   /* spell i -> its distinct query */
	size_t *first;                /* distinct query -> its first spell */
	size_t n_distinct;
};

static void spells_free(struct odds_spells *s)
{
	free(s->q);
	free(s->res);
	free(s->rc);
	free(s->of);
	free(s->first);
}

/* The distinct query of q's cost, x and turn among those of s, or
 * SIZE_MAX: a spell asked again is computed once. */
static size_t known(const struct odds_spells *s, const struct mf_odds_query *q)
{
	for (size_t k = 0; k < s->n_distinct; k++)
		if (s->q[k].x == q->x && s->q[k].turn == q->turn &&
		    memcmp(&s->q[k].cost, &q->cost, sizeof(q->cost)) == 0)
			return k;
	return SIZE_MAX;
}

/* Every spell of r decoded into s (nothing computed yet); 0, or -1 with
 * the first bad spell's problem. */
static int decode_spells(struct odds_request *r, struct odds_spells *s, struct mf_api_error *err)
{
	const cJSON *spell;
	size_t i = 0, n = r->n_spells + 1;

	memset(s, 0, sizeof(*s));
	s->q = malloc(n * sizeof(*s->q));
	s->res = malloc(n * sizeof(*s->res));
	s->rc = malloc(n * sizeof(*s->rc));
	s->of = malloc(n * sizeof(*s->of));
	s->first = malloc(n * sizeof(*s->first));
	if (!s->q || !s->res || !s->rc || !s->of || !s->first)
		return mf_api_fail_nomem(err);
	cJSON_ArrayForEach(spell, r->spells) {
		char at[MF_JSON_POINTER_MAX];
		size_t k;

		mf_json_pointer_index(at, "/spells", i);
		if (decode_spell(spell, at, &r->q, err))
			return -1;
		k = known(s, &r->q);
		if (k == SIZE_MAX) {
			uint32_t delay = mf_odds_delay_curve(r->q.turn);

			k = s->n_distinct++;
			s->q[k] = r->q;
			/* a curve goes on to the turns the mean delay reads */
			if (r->q.curve && r->q.curve < delay)
				s->q[k].curve = delay;
			s->first[k] = i;
		}
		s->of[i++] = k;
	}
	return 0;
}

/* The odds of distinct query k, or a problem at its first spell. */
static int compute(const struct odds_request *r, const struct odds_spells *s, size_t k,
		   struct mf_api_error *err)
{
	int rc = s->rc[k];
	char at[MF_JSON_POINTER_MAX];

	mf_json_pointer_index(at, "/spells", s->first[k]);
	if (rc == MF_ERR_LIMIT && s->res[k].over_budget)
		return mf_api_fail_status(err, rc, MF_PROBLEM_SEARCH_BUDGET, at,
					  "the %s count needs more than %llu units of work; send %s",
					  r->q.method == MF_ODDS_EXACT ? "exact" : "sampled",
					  (unsigned long long)(r->q.budget ? r->q.budget : MF_ODDS_BUDGET_DEFAULT),
					  r->q.method == MF_ODDS_EXACT ? "\"method\":\"sample\"" :
					  "fewer \"games\" or an earlier \"curve\"");
	if (rc)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, at,
					  "the odds could not be computed: %s", mf_status_str(rc));
	return 0;
}

int mf_api_mana_odds(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
		     struct mf_api_error *err)
{
	struct odds_request r;
	struct odds_spells s;
	struct mf_odds_cache *cache;
	uint64_t lands = 0;
	int rc = 0;

	if (decode_request(body, ctx, &r, err)) {
		request_free(&r);
		return -1;
	}
	r.q.budget = ctx->odds_budget;
	r.q.lanes = ctx->lanes;
	r.q.stop = ctx->stop;
	/* the spells share kept hands through it; without memory for it, they
	 * make their own */
	cache = r.n_spells > 1 ? mf_odds_cache_new() : NULL;
	r.q.cache = cache;
	rc = decode_spells(&r, &s, err);
	if (!rc)
		mf_odds_compute_many(s.q, s.n_distinct, s.res, s.rc);
	/* the first spell that failed, in the request's order (those left
	 * out after a failure say nothing) */
	for (size_t i = 0; i < r.n_spells && !rc; i++)
		if (s.rc[s.of[i]] != MF_ODDS_SKIPPED)
			rc = compute(&r, &s, s.of[i], err);
	mf_odds_cache_free(cache);
	for (size_t k = 0; k < r.q.n_lands; k++)
		lands += r.counts[k];
	if (!rc) {
		deck_text(out, r.q.size, lands, r.q.on_draw, r.q.policy, &r.q.custom, r.src.n > 0);
		mf_buf_addf(out, ",\"life\":%u", r.q.life);
		if (r.has_identity) {
			char id[6];

			mf_api_identity_text(r.identity, id);
			mf_buf_addf(out, ",\"identity\":\"%s\"", id);
		}
		if (r.src.n)
			mf_api_sources_json(&r.src, out);
		MF_JSON_LIT(out, ",");
		if (r.q.curve)
			mf_buf_addf(out, "\"curve\":%u,", r.q.curve);
		MF_JSON_LIT(out, "\"results\":[");
		for (size_t i = 0; i < r.n_spells; i++) {
			if (i)
				MF_JSON_LIT(out, ",");
			result_text(out, &s.q[s.of[i]], &s.res[s.of[i]], r.q.curve);
		}
	}
	spells_free(&s);
	request_free(&r);
	if (rc)
		return rc;
	if (MF_JSON_LIT(out, "]}"))
		return mf_api_fail_buf(err, out);
	return 0;
}

int mf_api_mana_sources(cJSON *body, const struct mf_api_ctx *ctx, struct mf_buf *out,
			struct mf_api_error *err)
{
	static const char *const keys[] = { "size", "lands", "on", "policy", "target", NULL };
	struct mf_odds_sources_query q = { 0 };
	static const struct mf_json_range probability = { 0, 1, true, "a probability" };
	struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX];
	size_t n;
	int64_t size, lands;
	int rc;

	if (mf_json_expect_object(body, "", keys, err) ||
	    mf_json_get_int(body, "", "size", true, MF_ODDS_DECK_MIN, MF_ODDS_DECK_MAX, 60, &size, err) ||
	    mf_json_get_int(body, "", "lands", true, 1, MF_ODDS_DECK_MAX, 1, &lands, err) ||
	    mf_api_odds_decode_on(body, &q.on_draw, err) || mf_api_odds_decode_policy(body, &q.policy, &q.custom, err))
		return -1;
	if (lands > size)
		return mf_api_fail(err, "/lands", "more lands than cards");
	if (mf_json_get_number(body, "", "target", false, &probability, 0, &q.target, err))
		return -1;
	q.size = (uint32_t)size;
	q.lands = (uint32_t)lands;
	q.stop = ctx->stop;
	rc = mf_odds_sources(&q, rows, &n);
	if (rc)
		return mf_api_fail_status(err, rc, MF_PROBLEM_TOO_LARGE, NULL,
					  "the table could not be computed: %s", mf_status_str(rc));
	deck_text(out, q.size, q.lands, q.on_draw, q.policy, &q.custom, false);
	MF_JSON_LIT(out, ",\"rows\":[");
	for (size_t i = 0; i < n; i++) {
		char pattern[16];
		int len = 0;

		if (rows[i].generic)
			len = snprintf(pattern, sizeof(pattern), "%u", rows[i].generic);
		for (unsigned k = 0; k < rows[i].pips && len < 15; k++)
			pattern[len++] = 'C';
		pattern[len] = '\0';
		mf_buf_addf(out, "%s{\"pattern\":\"%s\",\"turn\":%u,\"target\":%.2f,\"sources\":", i ? "," : "",
			    pattern, rows[i].turn, rows[i].target);
		if (rows[i].sources)
			mf_buf_addf(out, "%u", rows[i].sources);
		else
			MF_JSON_LIT(out, "null");
		MF_JSON_LIT(out, ",\"p\":");
		mf_api_prob_text(out, rows[i].p);
		MF_JSON_LIT(out, "}");
	}
	if (MF_JSON_LIT(out, "]}"))
		return mf_api_fail_buf(err, out);
	return 0;
}
