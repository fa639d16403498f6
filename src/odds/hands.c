/*
 * Every kept hand: each stage's hands enumerated as multisets of groups and
 * spells with their multivariate hypergeometric weight, kept or sent to a
 * mulligan by keep.c, each kept one weighted by reaching its stage. The
 * exact counts (exact.c, grid.c) start from these.
 */
#include <threads.h>

#include "odds/odds_internal.h"

struct walk {
	struct odds_ctx *c;
	const struct odds_stage *st;
	mf_odds_hand_fn fn;
	void *arg;
	uint8_t held[MF_ODDS_LAND_KINDS_MAX];
	double norm;    /* C(size, cards drawn) */
	double reach;   /* P(this stage is reached) */
	double kept;    /* P(a hand of this stage is kept) */
};

/* C(n, k) for k <= n - k, by the product: the table's values too. */
static double binom_product(uint32_t n, uint32_t k)
{
	double r = 1;

	for (uint32_t i = 1; i <= k; i++)
		r = r * (double)(n - k + i) / (double)i;
	return r;
}

/* C(n, k) for n up to a deck's cards and k up to BINOM_K (a hand and the
 * draws), made once: the strata's laws ask for millions. */
#define BINOM_K 32
static double binom_table[MF_ODDS_DECK_MAX + 1][BINOM_K + 1];
static once_flag binom_once = ONCE_FLAG_INIT;

static void binom_fill(void)
{
	for (uint32_t n = 0; n <= MF_ODDS_DECK_MAX; n++)
		for (uint32_t k = 0; k <= BINOM_K && 2 * k <= n; k++)
			binom_table[n][k] = binom_product(n, k);
}

double mf_odds_binom(uint32_t n, uint32_t k)
{
	if (k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	if (n <= MF_ODDS_DECK_MAX && k <= BINOM_K) {
		call_once(&binom_once, binom_fill);
		return binom_table[n][k];
	}
	return binom_product(n, k);
}

/* A hand of held[] lands and `spells` spells, of weight p: passed on when
 * kept. */
static int leaf(struct walk *w, uint32_t spells, double p)
{
	struct odds_kept k = { .st = w->st, .held = w->held, .spells = spells };
	uint8_t kept[MF_ODDS_LAND_KINDS_MAX] = { 0 };

	if (!mf_odds_charge(w->c, 1))
		return MF_ERR_LIMIT;
	if (!mf_odds_keep(w->c, w->st, spells, w->held, kept))
		return MF_OK;
	w->kept += p;
	k.kept = kept;
	k.p = w->reach * p;
	return w->fn(w->arg, &k);
}

/* Every hand: `left` cards more from groups g.., then spells. */
static int walk(struct walk *w, size_t g, uint32_t left, double weight)
{
	struct odds_ctx *c = w->c;
	int rc;

	if (g == c->n_groups) {
		if (left > c->spells)
			return MF_OK;
		return leaf(w, left, weight * mf_odds_binom(c->spells, left) / w->norm);
	}
	for (uint32_t k = 0; k <= left && k <= c->g[g].count; k++) {
		w->held[g] = (uint8_t)k;
		rc = walk(w, g + 1, left - k, weight * mf_odds_binom(c->g[g].count, k));
		if (rc)
			return rc;
	}
	w->held[g] = 0;
	return MF_OK;
}

int mf_odds_hands(struct odds_ctx *c, mf_odds_hand_fn fn, void *arg)
{
	struct walk w = { .c = c, .fn = fn, .arg = arg, .reach = 1 };

	for (size_t i = 0; i < c->n_stages && w.reach > 0; i++) {
		int rc;

		w.st = &c->stages[i];
		w.norm = mf_odds_binom(c->q->size, w.st->draw);
		w.kept = 0;
		rc = walk(&w, 0, w.st->draw, 1);
		if (rc)
			return rc;
		w.reach *= 1 - w.kept;
	}
	return MF_OK;
}
