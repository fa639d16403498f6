/*
 * The exact odds: every hand of every mulligan stage and every run of
 * draws, as multisets of land groups and spells, weighted by the
 * multivariate hypergeometric law.
 */
#include <string.h>

#include "odds/odds_internal.h"

static double binom(uint32_t n, uint32_t k)
{
	double r = 1;

	if (k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (uint32_t i = 1; i <= k; i++)
		r = r * (double)(n - k + i) / (double)i;
	return r;
}

/* One enumeration: n cards from avail[g] lands of each group and `spells`
 * spells; at each multiset, leaf() gets held[] (lands of each group), the
 * spells and the multiset's weight (a probability). */
struct walk {
	struct odds_ctx *c;
	const uint32_t *avail;
	uint32_t spells;
	uint8_t held[MF_ODDS_LAND_KINDS_MAX];
	double norm;  /* C(cards, n) */
	int (*leaf)(struct walk *w, uint32_t spells, double p);
	void *arg;
};

static int walk_group(struct walk *w, size_t g, uint32_t left, double weight)
{
	struct odds_ctx *c = w->c;
	int rc;

	if (g == c->n_groups) {
		if (left > w->spells)
			return MF_OK;
		if (!mf_odds_charge(c, 1))
			return MF_ERR_LIMIT;
		return w->leaf(w, left, weight * binom(w->spells, left) / w->norm);
	}
	for (uint32_t k = 0; k <= left && k <= w->avail[g]; k++) {
		w->held[g] = (uint8_t)k;
		rc = walk_group(w, g + 1, left - k, weight * binom(w->avail[g], k));
		if (rc)
			return rc;
	}
	w->held[g] = 0;
	return MF_OK;
}

static int walk(struct walk *w, uint32_t n)
{
	uint32_t cards = w->spells;

	for (size_t g = 0; g < w->c->n_groups; g++)
		cards += w->avail[g];
	w->norm = binom(cards, n);
	memset(w->held, 0, sizeof(w->held));
	return walk_group(w, 0, n, 1);
}

/* The state of one kept hand while its draws are walked. */
struct kept_hand {
	uint8_t kept[MF_ODDS_LAND_KINDS_MAX];
	double p;               /* P(reach the stage) * P(this hand) */
	struct odds_tally *t;
};

static int draw_leaf(struct walk *w, uint32_t spells, double p)
{
	struct kept_hand *h = w->arg;
	struct odds_ctx *c = w->c;
	uint8_t seen[MF_ODDS_LAND_KINDS_MAX];
	uint32_t lands = 0;
	int castable;

	(void)spells;
	for (size_t g = 0; g < c->n_groups; g++) {
		seen[g] = (uint8_t)(h->kept[g] + w->held[g]);
		lands += seen[g];
	}
	castable = mf_odds_castable(c, seen);
	if (castable < 0)
		return castable;
	p *= h->p;
	if (lands >= c->lands_needed) {
		h->t->lands += p;
		h->t->both += castable ? p : 0;
	}
	h->t->castable += castable ? p : 0;
	return MF_OK;
}

/* The stage being walked, and the mass of the hands it keeps. */
struct stage_walk {
	const struct odds_stage *st;
	double reach, kept;
	struct odds_tally *t;
};

static int hand_leaf(struct walk *w, uint32_t spells, double p)
{
	struct stage_walk *s = w->arg;
	struct odds_ctx *c = w->c;
	struct kept_hand h = { .p = s->reach * p, .t = s->t };
	uint32_t rest[MF_ODDS_LAND_KINDS_MAX];
	struct walk draws = { .c = c, .avail = rest, .spells = c->spells - spells, .leaf = draw_leaf,
			      .arg = &h };

	if (!mf_odds_keep(c, s->st, spells, w->held, h.kept))
		return MF_OK;
	s->kept += p;
	for (size_t g = 0; g < c->n_groups; g++)
		rest[g] = c->g[g].count - w->held[g];
	return walk(&draws, c->draws);
}

int mf_odds_exact(struct odds_ctx *c, struct odds_tally *t)
{
	uint32_t all[MF_ODDS_LAND_KINDS_MAX];
	double reach = 1;

	memset(t, 0, sizeof(*t));
	for (size_t g = 0; g < c->n_groups; g++)
		all[g] = c->g[g].count;
	for (size_t i = 0; i < c->n_stages && reach > 0; i++) {
		struct stage_walk s = { .st = &c->stages[i], .reach = reach, .t = t };
		struct walk hands = { .c = c, .avail = all, .spells = c->spells, .leaf = hand_leaf, .arg = &s };
		int rc = walk(&hands, c->stages[i].draw);

		if (rc)
			return rc;
		reach *= 1 - s.kept;
	}
	return MF_OK;
}
