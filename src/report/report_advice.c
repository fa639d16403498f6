/*
 * The advice: the swaps screened (report_screen.c), the best
 * REP_EXACT_SWAPS of them counted as the spells were (exact where the
 * report's spells were), the best MF_REPORT_ADVICE_MAX by that exact gain
 * kept; then one line for one land more and one for one land fewer.
 *
 * One land more: one copy of the least castable spell (on curve, not a
 * commander nor a mana source; ties: the first) is cut for one copy of the land the best
 * screened swap puts in that the deck may take one more of (else the
 * deck's land with the most copies that it may: a basic land).
 * One land fewer: one copy of the land the best screened swap takes out
 * (else the deck's land with the most copies) is cut for one more copy
 * of the most castable spell the deck may hold one more of (not a
 * commander nor a mana source; ties: the first): none in a singleton
 * deck, unless a spell allows any number. Either keeps the deck's size; the gain weighs each
 * spell by its new count. No line breaks a copy limit (report_rules.c).
 *
 * With mana that is no land in the deck (its figures then all sampled,
 * from one seed, so that a deck and its line share their games), two
 * lines more, each advised only when its gain is positive. A source in: one copy of the land of one land
 * fewer cut for one more copy of a source: the deck's own (one it may hold
 * another of) or a candidate of the query, the one the screening ranks
 * best. A source out: one copy of a source of the deck (the one whose loss
 * screens least) cut for the land of one land more. A source that is a
 * spell of the deck is weighed by its new count.
 *
 * Once the screening is done, its swaps and the lines are jobs, counted
 * on up to query.lanes threads (report_lanes.c) and charged in that order.
 * A budget spent or a stop raised ends the advice where it is:
 * advice_complete stays false and what was finished is kept.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_int.h"

#define REP_EXACT_SWAPS 5  /* best-screened swaps counted exactly */

/* count copies of catalogue land `land`, as an advice line's card. */
static struct mf_report_card card_land(const struct rep_ctx *c, int32_t land, uint32_t count)
{
	struct mf_report_card card = { .land = true, .index = land, .count = count };

	card.name = mf_mana_catalogue_land(c->q->cat, (size_t)land)->name;
	return card;
}

/* count copies of source g (mf_report_source()), as an advice line's card. */
static struct mf_report_card card_source(const struct rep_ctx *c, size_t g, uint32_t count)
{
	const struct mf_report_query *q = c->q;
	size_t spell = g < q->n_sources ? q->source_spell[g] : MF_REPORT_NO_SPELL;
	struct mf_report_card card = { .source = true, .count = count, .index = -1 };

	card.name = mf_report_source(q, g)->name;
	if (spell != MF_REPORT_NO_SPELL) {
		card.index = (int32_t)spell;
		card.name = q->spells[spell].name;
	}
	return card;
}

/* One copy of spell `spell` of the query, as an advice line's card. */
static struct mf_report_card card_spell(const struct rep_ctx *c, size_t spell)
{
	struct mf_report_card card = { .land = false, .index = (int32_t)spell, .count = 1 };

	card.name = c->q->spells[spell].name;
	return card;
}

/* a's changes from the deck's figures to p[]: the spells whose figure
 * moved, in deck order; and its gain with weights w. MF_ERR_NOMEM or MF_OK. */
static int fill(const struct rep_ctx *c, struct mf_report_advice *a, const double *p,
		const uint32_t *w)
{
	size_t n = c->q->n_spells;

	a->gain = (mf_report_mean(p, w, n) - mf_report_mean(c->base_p, c->weight, n)) * 100;
	a->changes = calloc(n, sizeof(*a->changes));
	if (!a->changes)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < n; i++)
		if (fabs(p[i] - c->base_p[i]) > 1e-12)
			a->changes[a->n_changes++] = (struct mf_report_change){
				.spell = i, .before = c->base_p[i], .after = p[i] };
	return MF_OK;
}

/* The on-curve figures of the deck's sampled spells, as the swaps' will
 * be asked (curve 0, so that before and after share their games). */
static int base_figures(struct rep_ctx *c)
{
	size_t n = c->q->n_spells;
	enum rep_method *method = calloc(n + 1, sizeof(*method));
	struct mf_odds_result *res = malloc(n * sizeof(*res) + 1);
	bool *done = malloc(n * sizeof(*done) + 1), over;
	int rc = method && res && done ? MF_OK : MF_ERR_NOMEM;

	/* the exact figures are the report's, curve or not */
	for (size_t i = 0; i < n && !rc; i++)
		method[i] = c->exact[i] ? REP_NONE : REP_SAMPLE;
	if (!rc)
		rc = mf_report_eval_many(c, &c->deck, 0, method, res, done, &over);
	for (size_t i = 0; i < n && !rc; i++)
		if (!c->exact[c->first[i]])
			c->base_p[i] = res[c->first[i]].p_castable;
	free(method);
	free(res);
	free(done);
	return rc;
}

/* Whether spell i of the query is also one of its mana sources (whose
 * copies the source lines move, with the mana they make). */
static bool is_source(const struct rep_ctx *c, size_t i)
{
	for (size_t k = 0; k < c->q->n_sources; k++)
		if (c->q->source_spell[k] == i)
			return true;
	return false;
}

/* The spell of least (most) on-curve figure, not a commander nor a mana
 * source, and for the most one the deck may hold one more copy of; ties:
 * the first. n_spells when there is none. */
static size_t extreme_spell(const struct rep_ctx *c, bool most)
{
	size_t best = c->q->n_spells;

	for (size_t i = 0; i < c->q->n_spells; i++) {
		if (c->q->spells[i].commander || is_source(c, i) ||
		    (most && !mf_report_may_add_spell(c, i, c->q->spells[i].count)))
			continue;
		if (best == c->q->n_spells || (most ? c->base_p[i] > c->base_p[best] :
					       c->base_p[i] < c->base_p[best]))
			best = i;
	}
	return best;
}

/* The deck's land with the most copies, of those it may take one more of
 * when `more`; ties: the first. -1 when there is none. */
static int32_t most_copies(const struct rep_ctx *c, const struct rep_deck *d, bool more)
{
	int32_t best = -1;
	uint32_t count = 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->counts[i] > count && (!more || mf_report_may_add_land(c, d, d->lands[i], 1))) {
			best = d->lands[i];
			count = d->counts[i];
		}
	return best;
}

/* The land of one land more (more) or fewer: the first screened swap's in
 * (out) that the deck may take one more of (any), else most_copies(). */
static int32_t line_land(const struct rep_ctx *c, const struct rep_swap *swaps, size_t n, bool more)
{
	for (size_t j = 0; j < n; j++) {
		if (!more)
			return swaps[j].out;
		if (mf_report_may_add_land(c, &c->deck, swaps[j].in, 1))
			return swaps[j].in;
	}
	return most_copies(c, &c->deck, more);
}

/* The deck of one screened swap counted as the report's spells were: its
 * line into *a. */
static int count_swap(struct rep_ctx *c, const struct rep_swap *swap, struct mf_report_advice *a)
{
	double p[MF_REPORT_SPELLS_MAX];
	struct rep_deck d;
	bool over;
	int rc;

	mf_report_swap_deck(&c->deck, swap->out, swap->in, swap->k, &d);
	rc = mf_report_eval_deck(c, &d, false, p, &over);
	if (rc)
		return rc;
	memset(a, 0, sizeof(*a));
	a->kind = MF_REPORT_SWAP;
	a->out = card_land(c, swap->out, swap->k);
	a->in = card_land(c, swap->in, swap->k);
	return fill(c, a, p, c->weight);
}

/* The swaps counted (tried[0 .. n_tried)), best first by their gain,
 * positive only, into out; those not kept freed. */
static void best_swaps(struct mf_report_advice *tried, size_t n_tried, struct mf_report *out)
{
	/* the best positive gains, best first; ties: the better screened */
	while (out->n_advice < MF_REPORT_ADVICE_MAX) {
		size_t best = n_tried;

		for (size_t j = 0; j < n_tried; j++)
			if (tried[j].changes && tried[j].gain > 1e-9 &&
			    (best == n_tried || tried[j].gain > tried[best].gain))
				best = j;
		if (best == n_tried)
			break;
		out->advice[out->n_advice++] = tried[best];
		tried[best].changes = NULL;
	}
	for (size_t j = 0; j < n_tried; j++)
		free(tried[j].changes);
}

/* One land more (more) or one fewer, as the file's comment says, from the
 * n screened swaps best first; *has set when the line exists. */
static int land_line(struct rep_ctx *c, const struct rep_swap *swaps, size_t n_swaps, bool more,
		     struct mf_report_advice *a, bool *has)
{
	size_t n = c->q->n_spells, spell = extreme_spell(c, !more);
	uint32_t w[MF_REPORT_SPELLS_MAX];
	double p[MF_REPORT_SPELLS_MAX];
	struct rep_deck d;
	int32_t land = line_land(c, swaps, n_swaps, more);
	bool over;
	int rc;

	if (spell == n || land < 0)
		return MF_OK;
	if (more) {
		if (!mf_report_swap_deck(&c->deck, -1, land, 1, &d))
			return MF_OK;
	} else {
		uint32_t lands = 0;

		d = c->deck;
		for (size_t i = 0; i < d.n; i++)
			lands += d.counts[i];
		if (lands < 2)
			return MF_OK;
		for (size_t i = 0; i < d.n; i++)
			if (d.lands[i] == land && --d.counts[i] == 0)
				d.lands[i] = d.lands[--d.n], d.counts[i] = d.counts[d.n];
	}
	rc = mf_report_eval_deck(c, &d, false, p, &over);
	if (rc)
		return rc;
	memcpy(w, c->weight, n * sizeof(*w));
	w[spell] = more ? w[spell] - 1 : w[spell] + 1;
	memset(a, 0, sizeof(*a));
	a->kind = more ? MF_REPORT_ONE_MORE_LAND : MF_REPORT_ONE_LAND_FEWER;
	a->out = more ? card_spell(c, spell) : card_land(c, land, 1);
	a->in = more ? card_land(c, land, 1) : card_spell(c, spell);
	rc = fill(c, a, p, w);
	*has = rc == MF_OK;
	return rc;
}

/* Deck d less one copy of land `land` into *to: false when it has none, or
 * it is the deck's last land. */
static bool minus_land(const struct rep_deck *d, int32_t land, struct rep_deck *to)
{
	uint32_t lands = 0;
	bool found = false;

	*to = *d;
	for (size_t i = 0; i < to->n; i++)
		lands += to->counts[i];
	for (size_t i = 0; i < to->n && lands >= 2 && !found; i++)
		if (to->lands[i] == land) {
			found = true;
			if (--to->counts[i] == 0) {
				to->lands[i] = to->lands[--to->n];
				to->counts[i] = to->counts[to->n];
			}
		}
	return found;
}

/* The deck of a source line: source g in (in) for one copy of `land`, or
 * out for one more copy of `land`; false when there is no such deck. */
static bool source_line_deck(const struct rep_ctx *c, size_t g, int32_t land, bool in,
			     struct rep_deck *to)
{
	struct rep_deck mid;

	if (in)
		return minus_land(&c->deck, land, &mid) &&
		       mf_report_source_deck(c, &mid, g, 1, to);
	return mf_report_source_deck(c, &c->deck, g, -1, &mid) &&
	       mf_report_swap_deck(&mid, -1, land, 1, to);
}

/* Whether source g may go in (one more copy: a spell's copy limit) or out
 * (the deck holds it). */
static bool source_may(const struct rep_ctx *c, size_t g, bool in)
{
	const struct mf_report_query *q = c->q;
	size_t spell = g < q->n_sources ? q->source_spell[g] : MF_REPORT_NO_SPELL;

	if (!in)
		return mf_report_source_count(&c->deck, g) > 0;
	return spell == MF_REPORT_NO_SPELL || mf_report_may_add_spell(c, spell, q->spells[spell].count);
}

/* A source line (in: a land cut for a source; else a source cut for a
 * land), as the file's comment says: every source it may take screened,
 * the best counted; *has set when it gains. */
static int source_line(struct rep_ctx *c, const struct rep_swap *swaps, size_t n_swaps, bool in,
		       struct mf_report_advice *a, bool *has)
{
	const struct mf_report_query *q = c->q;
	size_t n = q->n_spells, best = SIZE_MAX, all = q->n_sources + q->n_source_candidates;
	int32_t land = line_land(c, swaps, n_swaps, !in);
	double p[MF_REPORT_SPELLS_MAX], best_mean = 0;
	uint32_t w[MF_REPORT_SPELLS_MAX];
	struct rep_deck d;
	bool over;
	int rc = MF_OK;

	if (land < 0)
		return MF_OK;
	for (size_t g = 0; g < all && !rc; g++) {
		size_t spell = g < q->n_sources ? q->source_spell[g] : MF_REPORT_NO_SPELL;
		double mean;

		if (!source_may(c, g, in) || !source_line_deck(c, g, land, in, &d))
			continue;
		rc = mf_report_eval_deck(c, &d, true, p, &over);
		memcpy(w, c->weight, n * sizeof(*w));
		if (spell != MF_REPORT_NO_SPELL)
			w[spell] = in ? w[spell] + 1 : w[spell] - 1;
		mean = mf_report_mean(p, w, n);  /* the deck's own mean is the same for all */
		if (!rc && (best == SIZE_MAX || mean > best_mean)) {
			best = g;
			best_mean = mean;
		}
	}
	if (rc || best == SIZE_MAX)
		return rc;
	source_line_deck(c, best, land, in, &d);
	rc = mf_report_eval_deck(c, &d, false, p, &over);
	if (rc)
		return rc;
	memcpy(w, c->weight, n * sizeof(*w));
	if (best < q->n_sources && q->source_spell[best] != MF_REPORT_NO_SPELL) {
		if (in)
			w[q->source_spell[best]]++;
		else
			w[q->source_spell[best]]--;
	}
	memset(a, 0, sizeof(*a));
	a->kind = in ? MF_REPORT_SOURCE_FOR_LAND : MF_REPORT_LAND_FOR_SOURCE;
	a->out = in ? card_land(c, land, 1) : card_source(c, best, 1);
	a->in = in ? card_source(c, best, 1) : card_land(c, land, 1);
	rc = fill(c, a, p, w);
	if (!rc && a->gain > 1e-9) {
		*has = true;
		return MF_OK;
	}
	free(a->changes);
	memset(a, 0, sizeof(*a));
	return rc;
}

/* One line of the advice to count, and its answer. */
struct line {
	enum { LINE_SWAP, LINE_LAND, LINE_SOURCE } kind;
	const struct rep_swap *swaps;  /* the screened swaps, best first */
	size_t n_swaps;
	size_t swap;                   /* LINE_SWAP: the one counted */
	bool more;                     /* LINE_LAND: one more; LINE_SOURCE: a source in */
	struct mf_report_advice a;
	bool has;                      /* a is a line (a swap's always is) */
};

/* Counts one line (a job of mf_report_run_jobs(); arg: its struct line). */
static int count_line(struct rep_ctx *c, void *arg)
{
	struct line *l = arg;

	switch (l->kind) {
	case LINE_SWAP:
		l->has = true;
		return count_swap(c, &l->swaps[l->swap], &l->a);
	case LINE_LAND:
		return land_line(c, l->swaps, l->n_swaps, l->more, &l->a, &l->has);
	case LINE_SOURCE:
	default:
		return source_line(c, l->swaps, l->n_swaps, l->more, &l->a, &l->has);
	}
}

/* The lines to count after the screening, in the order they are charged:
 * the best REP_EXACT_SWAPS screened swaps, one land more, one fewer, and
 * with sources a source in and a source out. Returns how many. */
static size_t plan_lines(const struct rep_ctx *c, const struct rep_swap *swaps, size_t n,
			 struct line *lines)
{
	size_t k = 0, n_swaps = 0;
	struct rep_deck d;

	for (size_t j = 0; j < n && n_swaps < REP_EXACT_SWAPS; j++)
		if (mf_report_swap_deck(&c->deck, swaps[j].out, swaps[j].in, swaps[j].k, &d)) {
			lines[k++] = (struct line){ .kind = LINE_SWAP, .swap = j };
			n_swaps++;
		}
	lines[k++] = (struct line){ .kind = LINE_LAND, .more = true };
	lines[k++] = (struct line){ .kind = LINE_LAND, .more = false };
	if (c->q->n_sources) {
		lines[k++] = (struct line){ .kind = LINE_SOURCE, .more = true };
		lines[k++] = (struct line){ .kind = LINE_SOURCE, .more = false };
	}
	for (size_t i = 0; i < k; i++) {
		lines[i].swaps = swaps;
		lines[i].n_swaps = n;
	}
	return k;
}

/* The lines done (lines[0 .. done) of k) into out; every other one's
 * changes freed. */
static void keep_lines(struct line *lines, size_t k, size_t done, struct mf_report *out)
{
	struct mf_report_advice tried[REP_EXACT_SWAPS];
	size_t n_tried = 0;

	for (size_t i = 0; i < k; i++) {
		struct line *l = &lines[i];
		struct mf_report_advice *to = NULL;
		bool *has = NULL;

		if (i < done && l->has && l->kind == LINE_SWAP) {
			tried[n_tried++] = l->a;
			continue;
		}
		if (l->kind == LINE_LAND) {
			to = l->more ? &out->more_land : &out->fewer_land;
			has = l->more ? &out->has_more_land : &out->has_fewer_land;
		} else if (l->kind == LINE_SOURCE) {
			to = l->more ? &out->source_in : &out->source_out;
			has = l->more ? &out->has_source_in : &out->has_source_out;
		}
		if (i < done && l->has && to) {
			*to = l->a;
			*has = true;
		} else {
			free(l->a.changes);
		}
	}
	out->screened_exact = n_tried;
	best_swaps(tried, n_tried, out);
}

int mf_report_advise(struct rep_ctx *c, struct mf_report *out)
{
	struct rep_swap *swaps = malloc(REP_SWAPS_MAX * sizeof(*swaps));
	struct line lines[REP_EXACT_SWAPS + 4] = { 0 };
	struct rep_job jobs[REP_EXACT_SWAPS + 4];
	size_t n = 0, k = 0, done = 0;
	bool over = false;
	int rc;

	out->advice_complete = false;
	if (!swaps)
		return MF_ERR_NOMEM;
	rc = base_figures(c);
	if (!rc)
		rc = mf_report_screen(c, swaps, &n, &over);
	out->candidates = n;
	if (!rc) {
		k = plan_lines(c, swaps, n, lines);
		for (size_t i = 0; i < k; i++)
			jobs[i] = (struct rep_job){ .run = count_line, .arg = &lines[i] };
		rc = mf_report_run_jobs(c, jobs, k, &done);
	}
	keep_lines(lines, k, done, out);
	free(swaps);
	if (rc == MF_ERR_STOPPED || rc == MF_ERR_LIMIT)
		return MF_OK;  /* what was finished stands; advice_complete false */
	out->advice_complete = rc == MF_OK;
	return rc;
}
