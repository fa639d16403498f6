/*
 * The advice's screening. A deck's exact on-curve count costs about as much
 * as the report's spells, so the hundred-odd possible swaps cannot all be
 * counted exactly. Each is first asked of a cheap proxy: every spell
 * sampled with a few games (REP_SCREEN_DECK_GAMES a deck, 64 to 200 a
 * spell) from the report's seed, the same
 * seed for the deck and for every swap (common random numbers: the
 * sampler lays the deck out by groups of lands, so a swap changes the
 * cards of only a few positions and most games are the same game in
 * both decks, which cancels most of the noise of a difference). Only the
 * best-screened swaps are then counted exactly (report_advice.c), and only
 * the exact figures are answered: the screening decides what is tried,
 * never a number shown.
 *
 * Candidates: k = 1 or 2 copies of a land of the deck for as many of a
 * land that makes only colours the spells use (and at least one of them),
 * that the deck may hold k more copies of and that keeps to the deck's
 * colour identity (report_rules.c): no swap breaks a deck-building rule,
 * so the best legal swap is advised even when an illegal one is better.
 * Lands that the odds cannot tell apart (the same facts but the name: a
 * snow basic and its basic, the faces of different pathways of one
 * colour) are tried once. Even the proxy cannot ask every pair (a
 * three-colour Commander deck has twenty kinds and fifty lands to put in),
 * so it is asked in three rounds, on the model that a swap's gain is
 * about what the land put in is worth less what the land taken out is:
 *  1. each land put in for one copy of the deck's most plentiful land;
 *  2. each land of the deck taken out for the best land of round 1;
 *  3. every pair of the REP_ROUND_IN best lands in and REP_ROUND_OUT best
 *     out by that model, then 2 copies of the REP_TWO_COPIES best pairs.
 * Rounds 1 and 2 are swaps too, and every swap kept was screened itself:
 * the model only chooses the pairs of round 3. About n_in + n_out + 20
 * decks are screened instead of n_in x n_out.
 *
 * Why it is safe: no screened figure is ever answered, so a proxy's error
 * can only make the advice miss a good swap, never misstate one; every
 * advised gain, before and after is the engine's count on the swapped deck
 * (tests/unit/deck recounts them). What it can miss: a swap the proxy ranks
 * below the REP_EXACT_SWAPS counted, when its true gain is within the
 * proxy's noise of theirs (a few tenths of a point: close to as good), or
 * a pair the additive model of round 3 does not propose (interactions:
 * a check land needing its basics, a fetch needing its finds).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_int.h"

#define REP_IN_MAX 64      /* lands tried as the land put in */
#define REP_ROUND_IN 4     /* round 3: the best lands in ... */
#define REP_ROUND_OUT 4    /* ... times the best out */
#define REP_TWO_COPIES 4   /* best 1-copy swaps also tried with 2 copies */

/* Colours land l makes for candidacy: its alternatives', and a fetch's
 * basic land types (a fetch of any basic land: the deck's colours). */
static unsigned own_colors(const struct mf_mana_land *l, unsigned deck_colors)
{
	unsigned mask = 0;

	if (l->fetch_types)
		mask = l->fetch_types & MF_MANA_FETCH_BASIC ? deck_colors : l->fetch_types & 0x1fu;
	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < 5; t++)
			if (l->options[i].mana[t])
				mask |= 1u << t;
	return mask;
}

/* Whether the odds see a and b alike: every fact but the name (and snow). */
static bool same_facts(const struct mf_mana_land *a, const struct mf_mana_land *b)
{
	if (a->kind != b->kind || a->basic_types != b->basic_types ||
	    (a->supertypes & MF_MANA_SUPER_BASIC) != (b->supertypes & MF_MANA_SUPER_BASIC) ||
	    a->etb != b->etb || a->fetch_types != b->fetch_types ||
	    a->fetch_life != b->fetch_life || a->fetch_tapped != b->fetch_tapped ||
	    a->fetch_untap_at != b->fetch_untap_at || a->untap_life != b->untap_life ||
	    a->tron != b->tron || a->n_options != b->n_options)
		return false;
	for (unsigned i = 0; i < a->n_options; i++)
		if (memcmp(a->options[i].mana, b->options[i].mana, sizeof(a->options[i].mana)) ||
		    a->options[i].life != b->options[i].life)
			return false;
	return true;
}

/* Whether land index `in` may be put in: only the spells' colours, at least
 * one, no Tron piece (a Tron piece is known by its name). */
static bool may_put_in(const struct mf_mana_land *l, unsigned deck_colors)
{
	unsigned made = own_colors(l, deck_colors);

	return !l->tron && made && !(made & ~deck_colors);
}

/* The lands tried as `in`: the deck's own first, then the catalogue's, each
 * unlike every one before it. Returns how many. */
static size_t lands_in(const struct rep_ctx *c, unsigned deck_colors, int32_t in[REP_IN_MAX])
{
	const struct mf_mana_catalogue *cat = c->q->cat;
	size_t n = 0, n_cat = mf_mana_catalogue_size(cat);

	for (size_t i = 0; i < c->deck.n + n_cat && n < REP_IN_MAX; i++) {
		int32_t at = i < c->deck.n ? c->deck.lands[i] : (int32_t)(i - c->deck.n);
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)at);
		bool seen = false;

		if (!may_put_in(l, deck_colors) || !mf_report_may_add_land(c, &c->deck, at, 1))
			continue;
		for (size_t j = 0; j < n && !seen; j++)
			seen = in[j] == at || same_facts(mf_mana_catalogue_land(cat, (size_t)in[j]), l);
		if (!seen)
			in[n++] = at;
	}
	return n;
}

bool mf_report_swap_deck(const struct rep_deck *d, int32_t out, int32_t in, uint32_t k,
		   struct rep_deck *to)
{
	bool placed = false;

	*to = *d;  /* the sources as they are */
	to->n = 0;
	for (size_t i = 0; i < d->n; i++) {
		uint32_t count = d->counts[i];

		if (d->lands[i] == out) {
			if (count < k)
				return false;
			count -= k;
		}
		if (d->lands[i] == in) {
			count += k;
			placed = true;
		}
		if (count) {
			to->lands[to->n] = d->lands[i];
			to->counts[to->n++] = count;
		}
	}
	if (!placed) {
		if (to->n >= MF_ODDS_LAND_KINDS_MAX)
			return false;
		to->lands[to->n] = in;
		to->counts[to->n++] = k;
	}
	return true;
}

/* Best screened first; ties by fewer copies, then catalogue indexes. */
static int by_screened(const void *a, const void *b)
{
	const struct rep_swap *x = a, *y = b;

	if (x->screened != y->screened)
		return x->screened < y->screened ? 1 : -1;
	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	if (x->out != y->out)
		return x->out < y->out ? -1 : 1;
	return (x->in > y->in) - (x->in < y->in);
}

/* The screening's state: the swaps screened so far and what they share. */
struct screen {
	struct rep_ctx *c;
	struct rep_swap *swaps;
	size_t n;
	double m0;                       /* the deck's screened mean */
};

/* One swap a round asks of the proxy (out, in, k), and its answer: rc
 * MF_OK with its screened gain, or 1 when it is no swap of this deck
 * (same land, lands alike, too few copies, too many kinds). */
struct ask {
	int32_t out, in;
	uint32_t k;
	int rc;
	double gain;
	/* how it is answered: a swap screened before (or earlier in the
	 * round), or its deck screened (a job of mf_report_run_jobs()) */
	size_t same;                     /* the ask it is the same as, or SIZE_MAX */
	struct rep_deck d;
	const struct screen *s;
};

/* Screens one ask's deck (a job; arg: the ask): its gain. */
static int screen_deck(struct rep_ctx *c, void *arg)
{
	struct ask *a = arg;
	double p[MF_REPORT_SPELLS_MAX];
	bool over = false;
	int rc = mf_report_eval_deck(c, &a->d, true, p, &over);

	if (rc)
		return rc;
	a->gain = (mf_report_mean(p, c->weight, c->q->n_spells) - a->s->m0) * 100;
	return MF_OK;
}

/* Whether ask a is no swap of s's deck, or one screened already: a->rc
 * set (1, or MF_OK with its gain), else a->d made, to be screened. */
static bool settled(const struct screen *s, struct ask *a, size_t pending)
{
	const struct mf_mana_catalogue *cat = s->c->q->cat;

	a->rc = 1;
	if (a->out == a->in || same_facts(mf_mana_catalogue_land(cat, (size_t)a->out),
					  mf_mana_catalogue_land(cat, (size_t)a->in)) ||
	    !mf_report_may_add_land(s->c, &s->c->deck, a->in, a->k))
		return true;
	for (size_t j = 0; j < s->n; j++)
		if (s->swaps[j].out == a->out && s->swaps[j].in == a->in && s->swaps[j].k == a->k) {
			a->rc = MF_OK;
			a->gain = s->swaps[j].screened;
			return true;
		}
	return s->n + pending >= REP_SWAPS_MAX ||
	       !mf_report_swap_deck(&s->c->deck, a->out, a->in, a->k, &a->d);
}

/* Answers asks[0 .. n) of one round, each swap screened once and kept in
 * s->swaps in the asks' order, the decks counted on the report's lanes.
 * MF_OK, or the failure of the first that failed (the swaps before it
 * kept, the asks from it on unanswered). */
static int screen_round(struct screen *s, struct ask *asks, size_t n)
{
	struct rep_job *jobs = malloc(n * sizeof(*jobs) + 1);
	size_t k = 0, done = 0;
	int rc;

	if (!jobs)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < n; i++) {
		struct ask *a = &asks[i];

		a->same = SIZE_MAX;
		a->s = s;
		for (size_t j = 0; j < i && a->same == SIZE_MAX; j++)
			if (asks[j].out == a->out && asks[j].in == a->in && asks[j].k == a->k)
				a->same = j;
		if (a->same != SIZE_MAX || settled(s, a, k))
			continue;
		jobs[k++] = (struct rep_job){ .run = screen_deck, .arg = a };
	}
	rc = mf_report_run_jobs(s->c, jobs, k, &done);
	for (size_t j = 0; j < done; j++) {
		struct ask *a = jobs[j].arg;

		a->rc = MF_OK;
		s->swaps[s->n++] = (struct rep_swap){ .out = a->out, .in = a->in, .k = a->k,
						      .screened = a->gain };
	}
	for (size_t i = 0; i < n; i++)
		if (asks[i].same != SIZE_MAX) {
			asks[i].rc = asks[asks[i].same].rc;
			asks[i].gain = asks[asks[i].same].gain;
		}
	free(jobs);
	return rc;
}

/* The indexes of the `most` largest of v[0..n) (NAN: never), best first,
 * into best[]; returns how many. */
static size_t top(const double *v, size_t n, size_t most, size_t *best)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		size_t at = k;

		if (isnan(v[i]))
			continue;
		while (at > 0 && v[best[at - 1]] < v[i])
			at--;
		if (at >= most)
			continue;
		if (k < most)
			k++;
		memmove(best + at + 1, best + at, (k - 1 - at) * sizeof(*best));
		best[at] = i;
	}
	return k;
}

int mf_report_screen(struct rep_ctx *c, struct rep_swap *swaps, size_t *n, bool *over_budget)
{
	const struct mf_report_query *q = c->q;
	struct screen s = { .c = c, .swaps = swaps };
	double value_in[REP_IN_MAX], value_out[MF_ODDS_LAND_KINDS_MAX], p[MF_REPORT_SPELLS_MAX];
	size_t best_in[REP_ROUND_IN], best_out[REP_ROUND_OUT], n_best_in, n_best_out, n_in, ref = 0;
	size_t n_asks = 0;
	int32_t in[REP_IN_MAX];
	unsigned deck_colors = 0;
	/* the most asks of a round: every land in, or out, or the pairs */
	struct ask *asks = calloc(REP_IN_MAX + MF_ODDS_LAND_KINDS_MAX + REP_ROUND_IN * REP_ROUND_OUT,
				  sizeof(*asks));
	int rc;

	*n = 0;
	if (!asks)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < q->n_spells; i++)
		deck_colors |= mf_mana_cost_colors(&q->spells[i].cost);
	n_in = lands_in(c, deck_colors, in);
	rc = mf_report_eval_deck(c, &c->deck, true, p, over_budget);
	if (rc)
		goto out;
	s.m0 = mf_report_mean(p, c->weight, q->n_spells);
	for (size_t o = 1; o < c->deck.n; o++)
		if (c->deck.counts[o] > c->deck.counts[ref])
			ref = o;
	/* round 1: each land in, for the most plentiful land */
	for (size_t i = 0; i < n_in; i++)
		asks[i] = (struct ask){ .out = c->deck.lands[ref], .in = in[i], .k = 1 };
	rc = screen_round(&s, asks, n_in);
	if (rc)
		goto out;
	for (size_t i = 0; i < n_in; i++)
		value_in[i] = asks[i].rc == MF_OK ? asks[i].gain :
			      in[i] == c->deck.lands[ref] ? 0 : NAN;
	n_best_in = top(value_in, n_in, REP_ROUND_IN, best_in);
	/* round 2: each land out, for the best land in (out's worth: what that
	 * swap gains over the reference's, which took nothing better out) */
	for (size_t o = 0; o < c->deck.n && n_best_in; o++)
		asks[o] = (struct ask){ .out = c->deck.lands[o], .in = in[best_in[0]], .k = 1 };
	rc = screen_round(&s, asks, n_best_in ? c->deck.n : 0);
	if (rc)
		goto out;
	for (size_t o = 0; o < c->deck.n && n_best_in; o++)
		value_out[o] = asks[o].rc == MF_OK ? asks[o].gain :
			       c->deck.lands[o] == in[best_in[0]] ? NAN :
			       o == ref ? value_in[best_in[0]] : NAN;
	n_best_out = n_best_in ? top(value_out, c->deck.n, REP_ROUND_OUT, best_out) : 0;
	/* round 3: the best pairs by the model, then two copies of the best */
	for (size_t i = 0; i < n_best_in; i++)
		for (size_t o = 0; o < n_best_out; o++)
			asks[n_asks++] = (struct ask){ .out = c->deck.lands[best_out[o]],
						       .in = in[best_in[i]], .k = 1 };
	rc = screen_round(&s, asks, n_asks);
	if (rc)
		goto out;
	qsort(swaps, s.n, sizeof(*swaps), by_screened);
	/* the first REP_TWO_COPIES of the 1-copy swaps that are swaps with 2 */
	n_asks = 0;
	for (size_t j = 0, n_one = s.n; j < n_one && n_asks < REP_TWO_COPIES; j++) {
		asks[n_asks] = (struct ask){ .out = swaps[j].out, .in = swaps[j].in, .k = 2 };
		if (!settled(&s, &asks[n_asks], n_asks) || asks[n_asks].rc == MF_OK)
			n_asks++;
	}
	rc = screen_round(&s, asks, n_asks);
	if (rc)
		goto out;
	qsort(swaps, s.n, sizeof(*swaps), by_screened);
out:
	*n = s.n;
	free(asks);
	return rc;
}
