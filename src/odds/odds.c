/*
 * mf_odds_compute(): the model, then the exact count when its estimated
 * size fits (method auto: MF_ODDS_AUTO_EXACT_MAX, or MF_ODDS_AUTO_GRID_MAX
 * when the dense grid counts it; exact: the budget), else
 * (or when asked) a sample with its error bars.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/sample_int.h"

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

/* The exact count's size, estimated before any work (0 for a sample); a
 * count past what the method allows (the budget, and for auto its largest
 * exact count, grid or not) is only known to be past it. */
static uint64_t estimate_of(const struct odds_ctx *c, bool grid)
{
	uint64_t most = c->budget;

	if (c->q->method == MF_ODDS_SAMPLE)
		return 0;
	if (c->q->n_sources)  /* the exact count plays lands only */
		return UINT64_MAX;
	if (c->q->method == MF_ODDS_AUTO) {
		uint64_t auto_max = grid ? MF_ODDS_AUTO_GRID_MAX : MF_ODDS_AUTO_EXACT_MAX;

		most = auto_max < most ? auto_max : most;
	}
	return mf_odds_exact_estimate(c, most);
}

/* The end of c's computation with status rc (spent: the work of an exact
 * count given up): its solver calls and work into out, or on failure
 * only over_budget and the work. The status, MF_ERR_STOPPED when c was
 * stopped. */
static int finish(const struct odds_ctx *c, int rc, uint64_t spent, struct mf_odds_result *out)
{
	if (rc && c->stopped)
		rc = MF_ERR_STOPPED;
	if (rc) {
		bool over = c->over_budget && rc == MF_ERR_LIMIT;

		memset(out, 0, sizeof(*out));
		out->over_budget = over;
	} else {
		out->solver_calls = c->solver_calls;
	}
	out->work = spent + c->work;
	return rc;
}

bool mf_odds_takes_grid(struct odds_ctx *c, uint64_t *estimate)
{
	struct odds_ctx *one = c;

	if (c->q->method == MF_ODDS_SAMPLE || !mf_odds_grid_fits(&one, 1))
		return false;
	if (*estimate == UINT64_MAX)
		*estimate = estimate_of(c, true);  /* not cheap: only for a query the grid takes */
	return *estimate <= c->budget &&
	       (c->q->method == MF_ODDS_EXACT || *estimate <= MF_ODDS_AUTO_GRID_MAX);
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
	struct odds_to_record kept;
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
	grid = mf_odds_grid_fits(&one, 1);
	estimate = estimate_of(&c, grid);
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
	mf_odds_sample_answers(&one, 1, &c.heap, out, &rc, &kept);
	mf_odds_sample_keep(&kept);
	if (rc == MF_ERR_NOMEM && c.heap.over) {
		rc = MF_ERR_LIMIT;
		c.over_budget = true;
	}
done:
	rc = finish(&c, rc, spent, out);
	mf_odds_model_free(&c);
	return rc;
}

bool mf_odds_samples_at_once(struct odds_ctx *c)
{
	struct odds_ctx *one = c;
	bool grid;
	uint64_t estimate, auto_max;

	if (c->q->method != MF_ODDS_AUTO)
		return c->q->method == MF_ODDS_SAMPLE;
	grid = mf_odds_grid_fits(&one, 1);
	estimate = estimate_of(c, grid);
	auto_max = grid ? MF_ODDS_AUTO_GRID_MAX : MF_ODDS_AUTO_EXACT_MAX;
	return estimate > auto_max || estimate > c->budget;
}

void mf_odds_compute_sampled(struct odds_ctx *const *cs, size_t k, struct odds_heap *heap,
			     struct mf_odds_result *out, int *rcs, struct odds_to_record *kept)
{
	for (size_t i = 0; i < k; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		describe(cs[i], &out[i]);
	}
	mf_odds_sample_answers(cs, k, heap, out, rcs, kept);
	for (size_t i = 0; i < k; i++) {
		if (rcs[i] == MF_ERR_NOMEM && heap->over) {
			rcs[i] = MF_ERR_LIMIT;
			cs[i]->over_budget = true;
		}
		rcs[i] = finish(cs[i], rcs[i], 0, &out[i]);
	}
}
