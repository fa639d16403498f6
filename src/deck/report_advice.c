/*
 * The advice: the swaps screened (report_screen.c), the best
 * REP_EXACT_SWAPS of them counted as the spells were (exact where the
 * report's spells were), the best MF_REPORT_ADVICE_MAX by that exact gain
 * kept; then one line for one land more and one for one land fewer.
 *
 * One land more: one copy of the least castable spell (on curve, not a
 * commander; ties: the first) is cut for one copy of the land the best
 * screened swap puts in that the deck may take one more of (else the
 * deck's land with the most copies that it may: a basic land).
 * One land fewer: one copy of the land the best screened swap takes out
 * (else the deck's land with the most copies) is cut for one more copy
 * of the most castable spell the deck may hold one more of (not a
 * commander; ties: the first): none in a singleton deck, unless a spell
 * allows any number. Either keeps the deck's size; the gain weighs each
 * spell by its new count. No line breaks a copy limit (report_rules.c).
 *
 * A budget spent or a stop raised ends the advice where it is:
 * advice_complete stays false and what was finished is kept.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "deck/report_int.h"

#define REP_EXACT_SWAPS 5  /* best-screened swaps counted exactly */

/* count copies of catalogue land `land`, as an advice line's card. */
static struct mf_report_card card_land(const struct rep_ctx *c, int32_t land, uint32_t count)
{
	struct mf_report_card card = { .land = true, .index = land, .count = count };

	card.name = mf_mana_catalogue_land(c->q->cat, (size_t)land)->name;
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

/* The spell of least (most) on-curve figure, not a commander, and for the
 * most one the deck may hold one more copy of; ties: the first. n_spells
 * when there is none. */
static size_t extreme_spell(const struct rep_ctx *c, bool most)
{
	size_t best = c->q->n_spells;

	for (size_t i = 0; i < c->q->n_spells; i++) {
		if (c->q->spells[i].commander ||
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

/* The exact swaps, best first by exact gain, positive only, into out. */
static int exact_swaps(struct rep_ctx *c, const struct rep_swap *swaps, size_t n,
		       struct mf_report *out)
{
	struct mf_report_advice tried[REP_EXACT_SWAPS];
	size_t n_tried = 0;
	int rc = MF_OK;

	for (size_t j = 0; j < n && n_tried < REP_EXACT_SWAPS && !rc; j++) {
		struct mf_report_advice *a = &tried[n_tried];
		double p[MF_REPORT_SPELLS_MAX];
		struct rep_deck d;
		bool over;

		if (!mf_report_swap_deck(&c->deck, swaps[j].out, swaps[j].in, swaps[j].k, &d))
			continue;
		rc = mf_report_eval_deck(c, &d, false, p, &over);
		if (rc)
			break;
		memset(a, 0, sizeof(*a));
		a->kind = MF_REPORT_SWAP;
		a->out = card_land(c, swaps[j].out, swaps[j].k);
		a->in = card_land(c, swaps[j].in, swaps[j].k);
		rc = fill(c, a, p, c->weight);
		if (!rc)
			n_tried++;
	}
	out->screened_exact = n_tried;
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
	return rc;
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

int mf_report_advise(struct rep_ctx *c, struct mf_report *out)
{
	struct rep_swap *swaps = malloc(REP_SWAPS_MAX * sizeof(*swaps));
	size_t n = 0;
	bool over = false;
	int rc;

	out->advice_complete = false;
	if (!swaps)
		return MF_ERR_NOMEM;
	rc = base_figures(c);
	if (!rc)
		rc = mf_report_screen(c, swaps, &n, &over);
	out->candidates = n;
	if (!rc)
		rc = exact_swaps(c, swaps, n, out);
	if (!rc)
		rc = land_line(c, swaps, n, true, &out->more_land, &out->has_more_land);
	if (!rc)
		rc = land_line(c, swaps, n, false, &out->fewer_land, &out->has_fewer_land);
	free(swaps);
	if (rc == MF_ERR_STOPPED || rc == MF_ERR_LIMIT)
		return MF_OK;  /* what was finished stands; advice_complete false */
	out->advice_complete = rc == MF_OK;
	return rc;
}
