/*
 * The report's one way into the odds engine: a spell, or every spell of a
 * deck, through mf_odds_compute() (the exact counts of a deck's spells at
 * once through mf_odds_compute_many()), charged to the report's budget.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report_int.h"

/* The query of spell i in deck d, its budget what is left (at most cap
 * when cap is not 0). */
static void query_of(const struct rep_ctx *c, const struct rep_deck *d, size_t i, uint32_t curve,
		     uint64_t cap, struct mf_odds_query *oq)
{
	const struct mf_report_query *q = c->q;
	uint64_t left = c->budget - c->work;

	memset(oq, 0, sizeof(*oq));
	oq->cat = q->cat;
	oq->size = q->size;
	oq->lands = d->lands;
	oq->counts = d->counts;
	oq->n_lands = d->n;
	oq->sources = d->n_src ? d->src : NULL;
	oq->source_counts = d->n_src ? d->src_counts : NULL;
	oq->n_sources = d->n_src;
	oq->cost = q->spells[i].cost;
	oq->x = c->x[i];
	oq->turn = c->turn[i];
	oq->curve = curve;
	if (curve && curve < mf_odds_delay_curve(oq->turn))  /* the mean delay's turns */
		oq->curve = mf_odds_delay_curve(oq->turn);
	oq->given_loose = !curve;  /* the advice reads p_castable alone */
	oq->on_draw = q->on_draw;
	oq->life = q->life;
	oq->policy = q->policy;
	oq->custom = q->custom;
	oq->seed = q->seed;
	oq->budget = cap && cap < left ? cap : left;
	oq->lanes = c->lanes;
	oq->stop = q->stop;
	oq->cache = c->cache;
}

/* Charges work to c's budget, capped at what is left: a computation given
 * up past its own budget (never more than what was left) overran it by a
 * unit or a solver call's at most. */
static void charge(struct rep_ctx *c, uint64_t work)
{
	uint64_t left = c->budget > c->work ? c->budget - c->work : 0;

	c->work += work < left ? work : left;
}

/* One mf_odds_compute() with `method`; its work charged, a refused
 * count's too (its estimate refuses most before any work). */
static int run(struct rep_ctx *c, struct mf_odds_query *oq, enum mf_odds_method method,
	       uint32_t games, struct mf_odds_result *out, bool *over_budget)
{
	int rc;

	oq->method = method;
	oq->games = games;
	if (oq->budget == 0) {  /* 0 would mean the odds' default */
		*over_budget = true;
		return MF_ERR_LIMIT;
	}
	rc = mf_odds_compute(oq, out);
	if (rc == MF_OK) {
		c->work += out->work;
		return MF_OK;
	}
	charge(c, out->work);
	if (rc == MF_ERR_LIMIT && out->over_budget)
		*over_budget = true;
	return rc;
}

/* The arrays of one mf_odds_compute_many() call: k queries of the deck's
 * distinct spells, the spell of each. */
struct batch {
	struct mf_odds_query *qs;
	struct mf_odds_result *res;
	size_t *spell;
	int *rcs;
	size_t k;
};

static void batch_free(struct batch *b)
{
	free(b->qs);
	free(b->res);
	free(b->spell);
	free(b->rcs);
}

/* Games a spell in the screening (report_int.h). */
static uint32_t screen_games(const struct rep_ctx *c)
{
	size_t games = REP_SCREEN_DECK_GAMES / (c->n_distinct ? c->n_distinct : 1);

	return games < REP_SCREEN_GAMES_MIN ? REP_SCREEN_GAMES_MIN :
	       games > REP_SCREEN_GAMES_MAX ? REP_SCREEN_GAMES_MAX : (uint32_t)games;
}

/* The odds of deck d's distinct spells, at once, into b (freed by the
 * caller whatever the answer): each spell whose method[i] is not REP_NONE
 * (method NULL: every spell exact), its budget what is left (at most cap
 * when cap is not 0), and for a screen its screening's games. MF_OK with
 * each query's answer in b->res and b->rcs, or MF_ERR_NOMEM. */
static int batch_ask(struct rep_ctx *c, const struct rep_deck *d, uint32_t curve,
		     const enum rep_method *method, uint64_t cap, struct batch *b)
{
	size_t n = c->q->n_spells;

	b->k = 0;
	b->qs = malloc(n * sizeof(*b->qs) + 1);
	b->res = malloc(n * sizeof(*b->res) + 1);
	b->spell = malloc(n * sizeof(*b->spell) + 1);
	b->rcs = malloc(n * sizeof(*b->rcs) + 1);
	if (!b->qs || !b->res || !b->spell || !b->rcs)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < n && c->budget > c->work; i++) {
		enum rep_method m = method ? method[i] : REP_EXACT;
		struct mf_odds_query *oq = &b->qs[b->k];

		if (c->first[i] != i || m == REP_NONE)
			continue;
		query_of(c, d, i, curve, cap, oq);
		oq->method = m == REP_EXACT ? MF_ODDS_EXACT : m == REP_AUTO ? MF_ODDS_AUTO : MF_ODDS_SAMPLE;
		oq->games = m == REP_SCREEN ? screen_games(c) : 0;
		b->spell[b->k++] = i;
	}
	if (b->k)
		mf_odds_compute_many(b->qs, b->k, b->res, b->rcs);
	return MF_OK;
}

int mf_report_eval_exact(struct rep_ctx *c, const struct rep_deck *d, uint32_t curve,
			 struct mf_odds_result *out, bool *counted, bool *refused)
{
	size_t n = c->q->n_spells;
	struct batch b;
	int rc;

	for (size_t i = 0; i < n; i++)
		counted[i] = refused[i] = false;
	rc = batch_ask(c, d, curve, NULL, MF_REPORT_SPELL_EXACT_MAX, &b);
	/* in the spells' order, as long as the report's budget holds them
	 * all: one past it is answered later, with what is left (none: its
	 * work is charged, as a refused count's is) */
	for (size_t j = 0; j < b.k && !rc; j++) {
		const struct mf_odds_result *r = &b.res[j];

		if (b.rcs[j] == MF_OK && c->work <= c->budget && r->work <= c->budget - c->work) {
			out[b.spell[j]] = *r;
			counted[b.spell[j]] = true;
			c->work += r->work;
		} else {
			charge(c, r->work);
		}
		refused[b.spell[j]] = b.rcs[j] == MF_ERR_LIMIT && r->over_budget;
		if (b.rcs[j] == MF_ERR_NOMEM)
			rc = MF_ERR_NOMEM;  /* as it would be counted alone */
	}
	batch_free(&b);
	return rc;
}

int mf_report_eval_spell(struct rep_ctx *c, const struct rep_deck *d, size_t i, uint32_t curve,
		   enum rep_method method, struct mf_odds_result *out, bool *over_budget)
{
	struct mf_odds_query oq;
	int rc;

	*over_budget = false;
	switch (method) {
	case REP_EXACT:
		query_of(c, d, i, curve, 0, &oq);
		return run(c, &oq, MF_ODDS_EXACT, 0, out, over_budget);
	case REP_SAMPLE:
		query_of(c, d, i, curve, 0, &oq);
		return run(c, &oq, MF_ODDS_SAMPLE, 0, out, over_budget);
	case REP_SCREEN:
		query_of(c, d, i, curve, 0, &oq);
		return run(c, &oq, MF_ODDS_SAMPLE, screen_games(c), out, over_budget);
	case REP_SHARE:
		query_of(c, d, i, curve, MF_REPORT_SPELL_EXACT_MAX, &oq);
		return run(c, &oq, MF_ODDS_EXACT, 0, out, over_budget);
	case REP_AUTO:
	default:
		break;
	}
	/* auto: exact when its count fits a spell's share, else sampled */
	rc = mf_report_eval_spell(c, d, i, curve, REP_SHARE, out, over_budget);
	if (rc != MF_ERR_LIMIT || !*over_budget || c->work >= c->budget)
		return rc;
	*over_budget = false;
	query_of(c, d, i, curve, 0, &oq);
	return run(c, &oq, MF_ODDS_SAMPLE, 0, out, over_budget);
}

int mf_report_eval_many(struct rep_ctx *c, const struct rep_deck *d, uint32_t curve,
			const enum rep_method *method, struct mf_odds_result *out, bool *done,
			bool *over_budget)
{
	struct batch b = { 0 };
	int rc = MF_OK;

	*over_budget = false;
	for (size_t i = 0; i < c->q->n_spells; i++)
		done[i] = false;
	if (c->budget <= c->work) {
		*over_budget = true;
		return MF_ERR_LIMIT;
	}
	/* every spell asked at once (exact counts on one grid walk together,
	 * samples of one deck share their games), each within what is left
	 * of the budget; then charged in the spells' order, the first past
	 * the budget ending the rest */
	rc = batch_ask(c, d, curve, method, 0, &b);
	for (size_t j = 0; j < b.k && !rc; j++) {
		if (b.rcs[j] != MF_OK) {
			rc = b.rcs[j];
			*over_budget = rc == MF_ERR_LIMIT && b.res[j].over_budget;
		} else if (b.res[j].work > c->budget - c->work) {
			rc = MF_ERR_LIMIT;
			*over_budget = true;
		} else {
			c->work += b.res[j].work;
			out[b.spell[j]] = b.res[j];
			done[b.spell[j]] = true;
		}
	}
	batch_free(&b);
	return rc;
}

int mf_report_eval_deck(struct rep_ctx *c, const struct rep_deck *d, bool screen, double *p,
		  bool *over_budget)
{
	size_t n = c->q->n_spells;
	enum rep_method *method = calloc(n + 1, sizeof(*method));
	struct mf_odds_result *res = malloc(n * sizeof(*res) + 1);
	bool *done = malloc(n * sizeof(*done) + 1);
	int rc = method && res && done ? MF_OK : MF_ERR_NOMEM;

	*over_budget = false;
	for (size_t i = 0; i < n && !rc; i++)
		method[i] = screen ? REP_SCREEN : !c->exact[i] ? REP_SAMPLE :
			    c->q->method == MF_ODDS_EXACT ? REP_EXACT : REP_AUTO;
	if (!rc)
		rc = mf_report_eval_many(c, d, 0, method, res, done, over_budget);
	for (size_t i = 0; i < n && !rc; i++)
		p[i] = res[c->first[i]].p_castable;
	free(method);
	free(res);
	free(done);
	return rc;
}

double mf_report_mean(const double *p, const uint32_t *w, size_t n)
{
	double sum = 0, total = 0;

	for (size_t i = 0; i < n; i++) {
		sum += p[i] * w[i];
		total += w[i];
	}
	return total > 0 ? sum / total : 0;
}
