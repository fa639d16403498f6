/*
 * mf_odds_compute(): the model, then the exact count when its estimated
 * size fits (method auto: MF_ODDS_AUTO_EXACT_MAX, or MF_ODDS_AUTO_GRID_MAX
 * when the dense grid counts it; exact: the budget), else
 * (or when asked) a sample with its error bars.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

/* One figure of a sample: its estimate and standard error. */
struct figure {
	double p, se;
};

static double clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The figures of a sample, post-stratified by the lands seen (strata.c):
 * at q->turn lands, castable and both (P(castable and enough lands),
 * unnormalised); on each curve turn, castable. */
struct figures {
	struct figure lands, castable, both, given;
	bool given_defined;
	struct figure by_turn[MF_ODDS_TURN_MAX];
};

static void estimate(const struct odds_ctx *c, const struct odds_strata *s, struct figures *f)
{
	uint32_t t = c->q->turn;

	memset(f, 0, sizeof(*f));
	for (uint32_t l = c->lands_needed; l < s->width; l++)
		for (uint32_t m = 0; m <= l; m++)
			f->lands.p += s->law[odds_stratum(s, t, l, m)];  /* exact: no error */
	mf_odds_strata_estimate(s, t, 0, &f->castable.p, &f->castable.se);
	mf_odds_strata_estimate(s, t, c->lands_needed, &f->both.p, &f->both.se);
	f->given_defined = f->lands.p > 0;
	if (f->given_defined) {
		f->given.p = clamp01(f->both.p / f->lands.p);
		f->given.se = f->both.se / f->lands.p;
	}
	for (uint32_t i = 0; i < c->q->curve; i++)
		mf_odds_strata_estimate(s, i + 1, 0, &f->by_turn[i].p, &f->by_turn[i].se);
}

/* Whether every figure is known to MF_ODDS_PRECISION at 95%. */
static bool precise(const struct odds_ctx *c, const struct figures *f)
{
	const double z = 1.959963984540054, most = MF_ODDS_PRECISION / z;
	bool ok = f->castable.se <= most && (!f->given_defined || f->given.se <= most);

	for (uint32_t i = 0; i < c->q->curve && ok; i++)
		ok = f->by_turn[i].se <= most;
	return ok;
}

/* A figure into the answer: p, its error and its 95% interval. */
static void put(const struct figure *f, double *p, double *se, double *lo, double *hi)
{
	const double z = 1.959963984540054;

	*p = clamp01(f->p);
	*se = f->se;
	*lo = clamp01(f->p - z * f->se);
	*hi = clamp01(f->p + z * f->se);
}

/* The sample, with its error bars: q->games games, or without them batches
 * of MF_ODDS_GAMES_BATCH until every figure is precise() or
 * MF_ODDS_GAMES_DEFAULT games were played. */
static int sample(struct odds_ctx *c, const struct mf_odds_query *q, struct mf_odds_result *out)
{
	double lo, hi;
	struct odds_strata strata, *s = &strata;
	struct odds_tally t;
	struct figures f;
	uint64_t state = q->seed;
	uint32_t games = 0;
	int rc;

	if ((rc = mf_odds_strata_init(c, s)) != MF_OK)
		return rc;
	memset(&t, 0, sizeof(t));
	do {
		uint32_t more = q->games ? q->games : MF_ODDS_GAMES_BATCH;

		rc = mf_odds_sample(c, &state, more, &t, s);
		if (rc)
			break;
		games += more;
		estimate(c, s, &f);
	} while (!q->games && games < MF_ODDS_GAMES_DEFAULT && !precise(c, &f));
	mf_odds_strata_free(s);
	if (rc)
		return rc;
	out->method = MF_ODDS_SAMPLE;
	out->games = games;
	out->games_with_lands = (uint64_t)t.lands;
	put(&f.lands, &out->p_lands, &out->se[0], &out->ci_low[0], &out->ci_high[0]);
	put(&f.castable, &out->p_castable, &out->se[1], &out->ci_low[1], &out->ci_high[1]);
	put(&f.given, &out->p_castable_given_lands, &out->se[2], &out->ci_low[2], &out->ci_high[2]);
	out->given_defined = f.given_defined;
	for (uint32_t i = 0; i < out->curve; i++)
		put(&f.by_turn[i], &out->by_turn[i], &out->by_turn_se[i], &lo, &hi);
	return MF_OK;
}

static void fill(struct mf_odds_result *out, const struct odds_tally *t)
{
	out->p_lands = t->lands;
	out->p_castable = t->castable;
	out->given_defined = t->lands > 0;
	out->p_castable_given_lands = t->lands > 0 ? t->both / t->lands : 0;
	for (uint32_t i = 0; i < out->curve; i++)
		out->by_turn[i] = t->by_turn[i];
}

/* The figures of c's query that every answer carries. */
static void describe(const struct odds_ctx *c, struct mf_odds_result *out)
{
	out->lands_needed = c->lands_needed;
	out->groups = (uint32_t)c->n_groups;
	out->curve = c->q->curve;
}

/* The exact count's size, estimated before any work (0 for a sample). */
static uint64_t estimate_of(const struct odds_ctx *c)
{
	return c->q->method == MF_ODDS_SAMPLE ? 0 : mf_odds_exact_estimate(c);
}

bool mf_odds_takes_grid(struct odds_ctx *c)
{
	struct odds_ctx *one = c;
	uint64_t estimate;

	if (c->q->method == MF_ODDS_SAMPLE || !mf_odds_grid_fits(&one, 1))
		return false;
	estimate = estimate_of(c);  /* not cheap: only for a query the grid takes */
	return estimate <= c->budget &&
	       (c->q->method == MF_ODDS_EXACT || estimate <= MF_ODDS_AUTO_GRID_MAX);
}

void mf_odds_exact_result(const struct odds_ctx *c, const struct odds_tally *t,
			  struct mf_odds_result *out)
{
	memset(out, 0, sizeof(*out));
	describe(c, out);
	out->method = MF_ODDS_EXACT;
	fill(out, t);
	out->solver_calls = c->solver_calls;
	out->work = c->work;
}

int mf_odds_compute(const struct mf_odds_query *q, struct mf_odds_result *out)
{
	struct odds_ctx c, *one = &c;
	struct odds_tally t;
	uint64_t spent = 0;  /* work of an exact count given up for a sample */
	uint64_t estimate, auto_max;
	bool grid;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = mf_odds_model(&c, q);
	if (rc)
		goto done;
	describe(&c, out);
	estimate = estimate_of(&c);
	grid = mf_odds_grid_fits(&one, 1);
	auto_max = grid ? MF_ODDS_AUTO_GRID_MAX : MF_ODDS_AUTO_EXACT_MAX;
	if (q->method == MF_ODDS_EXACT && estimate > c.budget) {
		c.over_budget = true;
		rc = MF_ERR_LIMIT;
		goto done;
	}
	if (q->method == MF_ODDS_EXACT ||
	    (q->method == MF_ODDS_AUTO && estimate <= auto_max && estimate <= c.budget)) {
		memset(&t, 0, sizeof(t));
		rc = grid ? mf_odds_grid(&one, 1, &t) : mf_odds_exact(&c, &t);
		if (rc == MF_ERR_NOMEM && c.heap.over) {
			/* past the memory cap: over budget, as past the work's */
			rc = MF_ERR_LIMIT;
			c.over_budget = true;
		}
		if (rc == MF_OK) {
			out->method = MF_ODDS_EXACT;
			fill(out, &t);
			goto done;
		}
		if (rc != MF_ERR_LIMIT || !c.over_budget || q->method == MF_ODDS_EXACT)
			goto done;
		/* auto, and the estimate was short: sample with a fresh budget
		 * (the memos' answers stay good) */
		spent = c.work;
		c.work = 0;
		c.over_budget = false;
		c.heap.over = false;
	}
	rc = sample(&c, q, out);
	if (rc == MF_ERR_NOMEM && c.heap.over) {
		rc = MF_ERR_LIMIT;
		c.over_budget = true;
	}
done:
	out->solver_calls = c.solver_calls;
	out->work = spent + c.work;
	if (rc && c.stopped)
		rc = MF_ERR_STOPPED;
	if (rc) {
		bool over = c.over_budget && rc == MF_ERR_LIMIT;

		memset(out, 0, sizeof(*out));
		out->over_budget = over;
	}
	mf_odds_model_free(&c);
	return rc;
}
