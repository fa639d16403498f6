/*
 * One game's cards. Each card of the deck has an identity: its land (by
 * name and model, mf_odds_land_id(), not by catalogue index) and which copy
 * of it (or which of the cards that are no land). Each mulligan
 * stage of game i gives every card a random key, a hash of its identity,
 * the seed, i and the stage, and draws the cards of least key in order:
 * a uniform shuffle, as far as it is looked at. So
 *  - game i is the same whichever order the query lists its lands in,
 *    whether a land came by name or as a card object, and for every spell
 *    of the deck, to whatever turn it asks;
 *  - two decks a few cards apart (a swap of lands, one land more) deal the
 *    same game i wherever none of the cards only one of them holds comes
 *    up: what reuse.c builds on.
 */
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "odds/sample_int.h"

/* Lays out the copies of one card into l at *at: its code in each deck
 * (kind0, kind1: a land's index, ODDS_SOURCE_CARD + a source's, or
 * ODDS_SPELL) and which decks hold each copy (count0, count1 copies). A
 * copy's identity is the card's (id: mf_odds_land_id(), mf_odds_source_id();
 * 0 for the cards that are neither) and which copy it is. */
static void lay(struct odds_layout *l, uint32_t *at, uint64_t id, uint8_t kind0, uint8_t kind1,
		uint32_t count0, uint32_t count1)
{
	uint32_t most = count0 > count1 ? count0 : count1;

	for (uint32_t j = 0; j < most; j++, (*at)++) {
		l->kind[0][*at] = kind0;
		l->kind[1][*at] = kind1;
		l->in[*at] = (uint8_t)((j < count0) | (j < count1) << 1);
		l->id[*at] = !id ? mf_mix64(j) : mf_mix64(id + j * MF_SPLITMIX64_GAMMA);
	}
}

static uint64_t land_id(const struct mf_odds_query *q, size_t i)
{
	return mf_odds_land_id(mf_mana_catalogue_land(q->cat, (size_t)q->lands[i]));
}

/* The index of the source of identity id in q's sources, or -1. */
static int source_of(const struct mf_odds_query *q, uint64_t id)
{
	for (size_t i = 0; q && i < q->n_sources; i++)
		if (mf_odds_source_id(&q->sources[i]) == id)
			return (int)i;
	return -1;
}

/* q's sources laid out, with q1's (NULL: none) beside them. */
static void lay_sources(struct odds_layout *l, uint32_t *at, const struct mf_odds_query *q,
			const struct mf_odds_query *q1)
{
	for (size_t i = 0; i < q->n_sources; i++) {
		uint64_t id = mf_odds_source_id(&q->sources[i]);
		int k1 = source_of(q1, id);

		lay(l, at, id, (uint8_t)(ODDS_SOURCE_CARD + i),
		    k1 < 0 ? ODDS_SPELL : (uint8_t)(ODDS_SOURCE_CARD + k1), q->source_counts[i],
		    k1 < 0 ? 0 : q1->source_counts[k1]);
	}
	for (size_t i = 0; q1 && i < q1->n_sources; i++) {
		uint64_t id = mf_odds_source_id(&q1->sources[i]);

		if (source_of(q, id) < 0)
			lay(l, at, id, ODDS_SPELL, (uint8_t)(ODDS_SOURCE_CARD + i), 0,
			    q1->source_counts[i]);
	}
}

/* The index of land `land` in q's lands, or -1. */
static int index_of(const struct mf_odds_query *q, int32_t land)
{
	for (size_t i = 0; i < q->n_lands; i++)
		if (q->lands[i] == land)
			return (int)i;
	return -1;
}

/* The cards of q that are neither land nor source. */
static uint32_t others(const struct mf_odds_query *q)
{
	uint32_t lands = 0;

	for (size_t i = 0; i < q->n_lands; i++)
		lands += q->counts[i];
	for (size_t i = 0; i < q->n_sources; i++)
		lands += q->source_counts[i];
	return q->size - lands;
}

int mf_odds_layout_init(struct odds_layout *l, const struct mf_odds_query *q,
			const struct mf_odds_query *q1)
{
	size_t most = (size_t)q->size + (q1 ? q1->size : 0);
	uint32_t at = 0;

	memset(l, 0, sizeof(*l));
	l->size[0] = q->size;
	l->size[1] = q1 ? q1->size : 0;
	l->kind[0] = malloc(most);
	l->kind[1] = malloc(most);
	l->in = malloc(most);
	l->id = malloc(most * sizeof(*l->id));
	if (!l->kind[0] || !l->kind[1] || !l->in || !l->id) {
		mf_odds_layout_free(l);
		return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < q->n_lands; i++) {
		int k1 = q1 ? index_of(q1, q->lands[i]) : -1;

		lay(l, &at, land_id(q, i), (uint8_t)i, k1 < 0 ? ODDS_SPELL : (uint8_t)k1, q->counts[i],
		    k1 < 0 ? 0 : q1->counts[k1]);
	}
	for (size_t i = 0; q1 && i < q1->n_lands; i++)
		if (index_of(q, q1->lands[i]) < 0)
			lay(l, &at, land_id(q1, i), ODDS_SPELL, (uint8_t)i, 0, q1->counts[i]);
	lay_sources(l, &at, q, q1);
	lay(l, &at, 0, ODDS_SPELL, ODDS_SPELL, others(q), q1 ? others(q1) : 0);
	l->n = at;
	return MF_OK;
}

void mf_odds_layout_free(struct odds_layout *l)
{
	free(l->kind[0]);
	free(l->kind[1]);
	free(l->in);
	free(l->id);
	memset(l, 0, sizeof(*l));
}

/* One deck's draw of one stage: the m cards it holds of least key, in
 * order (their places in the layout). */
struct pick {
	uint64_t key[7 + MF_ODDS_TURN_MAX];
	uint32_t at[7 + MF_ODDS_TURN_MAX];
	uint32_t have, m;
};

/* Offers card p of key k to pick x. */
static void offer(struct pick *x, uint64_t k, uint32_t p)
{
	uint32_t j;

	if (x->have == x->m && (!x->m || k >= x->key[x->m - 1]))
		return;
	j = x->have < x->m ? x->have++ : x->m - 1;
	for (; j > 0 && x->key[j - 1] > k; j--) {
		x->key[j] = x->key[j - 1];
		x->at[j] = x->at[j - 1];
	}
	x->key[j] = k;
	x->at[j] = p;
}

/* The first m cards of picks a and b (each in order), in order, into x:
 * by key, the earlier card first of two of one key. */
static void merge(const struct pick *a, const struct pick *b, uint32_t m, struct pick *x)
{
	uint32_t i = 0, j = 0;

	x->m = x->have = m;
	for (uint32_t o = 0; o < m; o++) {
		bool from_a = j == b->have || (i < a->have && (a->key[i] < b->key[j] ||
							      (a->key[i] == b->key[j] && a->at[i] < b->at[j])));

		x->key[o] = from_a ? a->key[i] : b->key[j];
		x->at[o] = from_a ? a->at[i++] : b->at[j++];
	}
}

/* Stage `stage` of deck x's deal, its pick made: whether it keeps; *d
 * set to it. */
static bool keeps(const struct odds_ctx *c, const struct odds_layout *l, int x, size_t stage,
		  const struct pick *pk, struct odds_deal *d)
{
	uint32_t lands = 0, kept;

	d->st = &c->stages[stage];
	for (uint32_t j = 0; j < d->st->draw; j++)
		lands += l->kind[x][pk->at[j]] < MF_ODDS_LAND_KINDS_MAX;  /* no spell, no source */
	kept = mf_odds_lands_kept(c, d->st, lands, d->st->draw - lands);
	d->bottomed = kept < lands;
	for (uint32_t j = 0; j < pk->m; j++)
		d->cards[j] = l->kind[x][pk->at[j]];
	return mf_odds_keeps(d->st, kept);
}

uint32_t mf_odds_deal(const struct odds_ctx *c, const struct odds_layout *l, uint64_t game,
		      uint32_t draws, struct odds_deal *d, struct odds_deal *d1)
{
	bool done[2] = { false, d1 == NULL };
	uint32_t looked = 0;

	for (size_t i = 0; i < c->n_stages && !(done[0] && done[1]); i++) {
		uint64_t s = c->q->seed ^ mf_mix64((game * 8 + i + 1) * MF_SPLITMIX64_GAMMA);
		/* the cards both decks hold, and those of one alone: each card
		 * offered once, and each deck's draw merged from two picks */
		struct pick pk[2], both = { .m = 0 }, own[2];

		for (int x = 0; x < 2; x++) {
			uint32_t m = c->stages[i].draw + draws;

			own[x].have = 0;
			own[x].m = done[x] ? 0 : m < l->size[x] ? m : l->size[x];
			both.m = own[x].m > both.m ? own[x].m : both.m;
		}
		both.have = 0;
		looked += done[0] ? 0 : l->size[0];
		for (uint32_t p = 0; p < l->n; p++) {
			uint64_t k = mf_mix64(s ^ l->id[p]);

			if (l->in[p] == 3)
				offer(&both, k, p);
			else if (l->in[p] & 1)
				offer(&own[0], k, p);
			else if (l->in[p] & 2)
				offer(&own[1], k, p);
		}
		for (int x = 0; x < 2; x++)
			merge(&both, &own[x], own[x].m, &pk[x]);
		for (int x = 0; x < 2; x++)
			if (!done[x])
				done[x] = keeps(c, l, x, i, &pk[x], x ? d1 : d) || i + 1 == c->n_stages;
	}
	return looked;
}
