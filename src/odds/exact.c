/*
 * The exact odds: the distribution of what a game has shown, turn by turn.
 *
 * A state is what the land drops can depend on, and what is left to draw:
 *  - without bounce lands, the lands seen so far by group (drops.c shows
 *    that nothing else of their order matters);
 *  - with bounce lands, the kept hand's lands and each turn's draw;
 * and the lands of each group and the spells still drawable (cards
 * bottomed by a London mulligan are not). Every hand of every mulligan
 * stage is enumerated as a multiset of groups and spells with its
 * multivariate hypergeometric weight; then each turn draws one card from
 * the drawable ones, and states that meet are merged. On each turn asked,
 * every state and draw is asked whether it casts.
 */
#include <string.h>

#include "odds/odds_internal.h"

/* Where a state's parts sit in its key. */
struct layout {
	size_t n;       /* groups */
	size_t seq;     /* offset of the draws (bounce decks), last_turn bytes */
	size_t rest;    /* offset of the drawable lands by group */
	size_t spells;  /* offset of the drawable spells (one byte) */
	size_t stride;
};

static struct layout layout_of(const struct odds_ctx *c)
{
	struct layout l = { .n = c->n_groups };

	l.seq = l.n;
	l.rest = l.seq + c->last_turn;
	l.spells = l.rest + l.n;
	l.stride = l.spells + 1;
	return l;
}

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

/* ------------------------------------------------------------------ */
/* The kept hands.                                                     */

struct hands {
	struct odds_ctx *c;
	const struct odds_stage *st;
	struct odds_table *states;
	struct layout l;
	uint8_t held[MF_ODDS_LAND_KINDS_MAX];
	double norm;    /* C(size, cards drawn) */
	double reach;   /* P(this stage is reached) */
	double kept;    /* P(a hand of this stage is kept) */
};

/* A hand of held[] lands and `spells` spells, of weight p: kept into the
 * states, or a mulligan. */
static int hand_leaf(struct hands *h, uint32_t spells, double p)
{
	struct odds_ctx *c = h->c;
	uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2] = { 0 };
	union odds_value *v;
	bool added;

	if (!mf_odds_charge(c, 1))
		return MF_ERR_LIMIT;
	if (!mf_odds_keep(c, h->st, spells, h->held, key))
		return MF_OK;
	h->kept += p;
	for (size_t g = 0; g < h->l.n; g++)
		key[h->l.rest + g] = (uint8_t)(c->g[g].count - h->held[g]);
	key[h->l.spells] = (uint8_t)(c->spells - spells);
	v = mf_odds_table_put(h->states, key, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->p += h->reach * p;
	return MF_OK;
}

/* Every hand: `left` cards more from groups g.., then spells. */
static int hand_walk(struct hands *h, size_t g, uint32_t left, double weight)
{
	struct odds_ctx *c = h->c;
	int rc;

	if (g == c->n_groups) {
		if (left > c->spells)
			return MF_OK;
		return hand_leaf(h, left, weight * binom(c->spells, left) / h->norm);
	}
	for (uint32_t k = 0; k <= left && k <= c->g[g].count; k++) {
		h->held[g] = (uint8_t)k;
		rc = hand_walk(h, g + 1, left - k, weight * binom(c->g[g].count, k));
		if (rc)
			return rc;
	}
	h->held[g] = 0;
	return MF_OK;
}

/* The kept hands of every stage, weighted by reaching it. */
static int kept_hands(struct odds_ctx *c, struct odds_table *states)
{
	struct hands h = { .c = c, .states = states, .l = layout_of(c), .reach = 1 };

	for (size_t i = 0; i < c->n_stages && h.reach > 0; i++) {
		int rc;

		h.st = &c->stages[i];
		h.norm = binom(c->q->size, h.st->draw);
		h.kept = 0;
		rc = hand_walk(&h, 0, h.st->draw, 1);
		if (rc)
			return rc;
		h.reach *= 1 - h.kept;
	}
	return MF_OK;
}

/* ------------------------------------------------------------------ */
/* The turns.                                                          */

/* Turn t's draw x (a group, ODDS_SPELL or ODDS_NONE) after state key, of
 * probability p: tallied when turn t is asked. */
static int tally(struct odds_ctx *c, const struct layout *l, const uint8_t *key, uint32_t t,
		 uint8_t x, double p, struct odds_tally *out)
{
	uint8_t draws[MF_ODDS_TURN_MAX];
	struct odds_game game = { .hand = key, .draws = draws, .turn = t };
	uint32_t lands = 0;
	int castable;

	if (t != c->q->turn && t > c->q->curve)
		return MF_OK;
	if (c->bounce_in_deck)
		memcpy(draws, key + l->seq, t - 1);
	else
		memset(draws, ODDS_SPELL, t - 1);
	draws[t - 1] = x;
	castable = mf_odds_castable(c, &game);
	if (castable < 0)
		return castable;
	if (castable)
		out->by_turn[t - 1] += p;
	if (t != c->q->turn)
		return MF_OK;
	for (size_t g = 0; g < l->n; g++)
		lands += key[g];
	for (uint32_t k = 0; k < t; k++)
		lands += draws[k] < l->n && (c->bounce_in_deck || k == t - 1);
	if (castable)
		out->castable += p;
	if (lands >= c->lands_needed) {
		out->lands += p;
		out->both += castable ? p : 0;
	}
	return MF_OK;
}

/* State key of probability p on turn t, drawing x (or no draw): carried
 * into next (when there is a next turn). */
static int step(struct odds_ctx *c, const struct layout *l, const uint8_t *key, uint32_t t,
		uint8_t x, double p, struct odds_table *next)
{
	uint8_t k2[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 2];
	size_t land = x;  /* a group when below l->n (and so below the maximum) */
	union odds_value *v;
	bool added;

	if (!next)
		return MF_OK;
	memcpy(k2, key, l->stride);
	if (c->bounce_in_deck)
		k2[l->seq + t - 1] = x;
	if (land < l->n && land < MF_ODDS_LAND_KINDS_MAX) {
		if (!c->bounce_in_deck)
			k2[land]++;
		k2[l->rest + land]--;
	} else if (x == ODDS_SPELL) {
		k2[l->spells]--;
	}
	v = mf_odds_table_put(next, k2, &added);
	if (!v)
		return MF_ERR_NOMEM;
	v->p += p;
	return MF_OK;
}

/* Turn t for every state of `now`: each draw tallied and carried into next
 * (NULL on the last turn). */
static int turn(struct odds_ctx *c, const struct layout *l, const struct odds_table *now, uint32_t t,
		struct odds_table *next, struct odds_tally *out)
{
	bool draws = t > 1 || c->draw_t1;

	for (size_t i = 0; i < now->n_slots; i++) {
		const uint8_t *key = mf_odds_table_key(now, i);
		double p, total = 0;
		int rc;

		if (!key)
			continue;
		p = now->value[i].p;
		if (!draws) {
			if ((rc = tally(c, l, key, t, ODDS_NONE, p, out)) ||
			    (rc = step(c, l, key, t, ODDS_NONE, p, next)))
				return rc;
			continue;
		}
		for (size_t g = 0; g < l->n; g++)
			total += key[l->rest + g];
		total += key[l->spells];
		for (size_t x = 0; x <= l->n; x++) {
			uint32_t have = x < l->n ? key[l->rest + x] : key[l->spells];
			uint8_t card = x < l->n ? (uint8_t)x : ODDS_SPELL;

			if (!have)
				continue;
			if (!mf_odds_charge(c, 1))
				return MF_ERR_LIMIT;
			if ((rc = tally(c, l, key, t, card, p * have / total, out)) ||
			    (rc = step(c, l, key, t, card, p * have / total, next)))
				return rc;
		}
	}
	return MF_OK;
}

int mf_odds_exact(struct odds_ctx *c, struct odds_tally *t)
{
	struct layout l = layout_of(c);
	struct odds_table a, b;
	int rc;

	memset(t, 0, sizeof(*t));
	if ((rc = mf_odds_table_init(&a, l.stride)) != MF_OK)
		return rc;
	if ((rc = mf_odds_table_init(&b, l.stride)) != MF_OK) {
		mf_odds_table_free(&a);
		return rc;
	}
	rc = kept_hands(c, &a);
	for (uint32_t turn_no = 1; turn_no <= c->last_turn && !rc; turn_no++) {
		struct odds_table swap;
		bool last = turn_no == c->last_turn;

		rc = turn(c, &l, &a, turn_no, last ? NULL : &b, t);
		mf_odds_table_clear(&a);
		swap = a;
		a = b;
		b = swap;
	}
	mf_odds_table_free(&a);
	mf_odds_table_free(&b);
	return rc;
}
