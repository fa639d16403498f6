/*
 * mf_odds_compute(): the model, then the exact count when its estimated
 * size fits (method auto: MF_ODDS_AUTO_EXACT_MAX, or MF_ODDS_AUTO_GRID_MAX
 * when the dense grid counts it; exact: the budget), else
 * (or when asked) a sample with its error bars.
 */
#include <math.h>
#include <string.h>

#include "odds/odds_internal.h"

/* Standard error and 95% Wilson interval of k successes in n trials. */
static void interval(double k, double n, double *se, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double p = n > 0 ? k / n : 0, d, centre, half;

	if (n <= 0) {
		*se = *lo = 0;
		*hi = 1;
		return;
	}
	*se = sqrt(p * (1 - p) / n);
	d = 1 + z * z / n;
	centre = (p + z * z / (2 * n)) / d;
	half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

static void fill(struct mf_odds_result *out, const struct odds_tally *t, double games)
{
	out->p_lands = t->lands / games;
	out->p_castable = t->castable / games;
	out->given_defined = t->lands > 0;
	out->p_castable_given_lands = t->lands > 0 ? t->both / t->lands : 0;
	for (uint32_t i = 0; i < out->curve; i++)
		out->by_turn[i] = t->by_turn[i] / games;
}

/* Whether every figure of the sample t of `games` games is known to
 * MF_ODDS_PRECISION at 95% (normal approximation). */
static bool precise(const struct odds_ctx *c, const struct odds_tally *t, double games)
{
	const double z = 1.959963984540054;
	double p[3 + MF_ODDS_TURN_MAX], n[3 + MF_ODDS_TURN_MAX];
	size_t k = 0;

	p[k] = t->lands / games, n[k++] = games;
	p[k] = t->castable / games, n[k++] = games;
	if (t->lands > 0)
		p[k] = t->both / t->lands, n[k++] = t->lands;
	for (uint32_t i = 0; i < c->q->curve; i++)
		p[k] = t->by_turn[i] / games, n[k++] = games;
	for (size_t i = 0; i < k; i++)
		if (z * sqrt(p[i] * (1 - p[i]) / n[i]) > MF_ODDS_PRECISION)
			return false;
	return true;
}

/* The sample, with its error bars: q->games games, or without them batches
 * of MF_ODDS_GAMES_BATCH until every figure is precise() or
 * MF_ODDS_GAMES_DEFAULT games were played. */
static int sample(struct odds_ctx *c, const struct mf_odds_query *q, struct mf_odds_result *out)
{
	struct odds_tally t;
	uint64_t state = q->seed;
	uint32_t games = 0;
	double lo, hi;
	int rc;

	memset(&t, 0, sizeof(t));
	do {
		uint32_t more = q->games ? q->games : MF_ODDS_GAMES_BATCH;

		rc = mf_odds_sample(c, &state, more, &t);
		if (rc)
			return rc;
		games += more;
	} while (!q->games && games < MF_ODDS_GAMES_DEFAULT && !precise(c, &t, games));
	out->method = MF_ODDS_SAMPLE;
	out->games = games;
	out->games_with_lands = (uint64_t)t.lands;
	fill(out, &t, games);
	interval(t.lands, games, &out->se[0], &out->ci_low[0], &out->ci_high[0]);
	interval(t.castable, games, &out->se[1], &out->ci_low[1], &out->ci_high[1]);
	interval(t.both, t.lands, &out->se[2], &out->ci_low[2], &out->ci_high[2]);
	for (uint32_t i = 0; i < out->curve; i++)
		interval(t.by_turn[i], games, &out->by_turn_se[i], &lo, &hi);
	return MF_OK;
}

int mf_odds_compute(const struct mf_odds_query *q, struct mf_odds_result *out)
{
	struct odds_ctx c;
	struct odds_tally t;
	uint64_t spent = 0;  /* work of an exact count given up for a sample */
	uint64_t estimate, auto_max;
	bool grid;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = mf_odds_model(&c, q);
	if (rc)
		goto done;
	out->lands_needed = c.lands_needed;
	out->groups = (uint32_t)c.n_groups;
	out->curve = q->curve;
	estimate = q->method == MF_ODDS_SAMPLE ? 0 : mf_odds_exact_estimate(&c);
	grid = mf_odds_grid_fits(&c);
	auto_max = grid ? MF_ODDS_AUTO_GRID_MAX : MF_ODDS_AUTO_EXACT_MAX;
	if (q->method == MF_ODDS_EXACT && estimate > c.budget) {
		c.over_budget = true;
		rc = MF_ERR_LIMIT;
		goto done;
	}
	if (q->method == MF_ODDS_EXACT ||
	    (q->method == MF_ODDS_AUTO && estimate <= auto_max && estimate <= c.budget)) {
		rc = grid ? mf_odds_grid(&c, &t) : mf_odds_exact(&c, &t);
		if (rc == MF_OK) {
			out->method = MF_ODDS_EXACT;
			fill(out, &t, 1);
			goto done;
		}
		if (rc != MF_ERR_LIMIT || !c.over_budget || q->method == MF_ODDS_EXACT)
			goto done;
		/* auto, and the estimate was short: sample with a fresh budget
		 * (the memos' answers stay good) */
		spent = c.work;
		c.work = 0;
		c.over_budget = false;
	}
	rc = sample(&c, q, out);
done:
	out->solver_calls = c.solver_calls;
	out->work = spent + c.work;
	if (rc) {
		bool over = c.over_budget && rc == MF_ERR_LIMIT;

		memset(out, 0, sizeof(*out));
		out->over_budget = over;
	}
	mf_odds_model_free(&c);
	return rc;
}
