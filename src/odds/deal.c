/*
 * One game's cards. Each card of the deck has an identity: its land and
 * which copy of it (or which of the cards that are no land). Each mulligan
 * stage of game i gives every card a random key, a hash of its identity,
 * the seed, i and the stage, and draws the cards of least key in order:
 * a uniform shuffle, as far as it is looked at. So
 *  - game i is the same whichever order the query lists its lands in, and
 *    for every spell of the deck, to whatever turn it asks;
 *  - two decks a few cards apart (a swap of lands, one land more) deal the
 *    same game i wherever none of the cards only one of them holds comes
 *    up: what reuse.c builds on.
 */
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "odds/odds_internal.h"

int mf_odds_layout_init(struct odds_layout *l, const struct mf_odds_query *q)
{
	uint32_t at = 0;

	l->n = q->size;
	l->kind = malloc(q->size);
	l->id = malloc(q->size * sizeof(*l->id));
	if (!l->kind || !l->id) {
		mf_odds_layout_free(l);
		return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < q->n_lands; i++)
		for (uint32_t j = 0; j < q->counts[i]; j++, at++) {
			l->kind[at] = (uint8_t)i;
			l->id[at] = mf_mix64(((uint64_t)(uint32_t)q->lands[i] + 1) << 32 | j);
		}
	for (uint32_t j = 0; at < q->size; j++, at++) {
		l->kind[at] = ODDS_SPELL;
		l->id[at] = mf_mix64(j);
	}
	return MF_OK;
}

void mf_odds_layout_free(struct odds_layout *l)
{
	free(l->kind);
	free(l->id);
	l->kind = NULL;
	l->id = NULL;
}

/* The m cards of l of least key under stream s, in order, into at[]
 * (their places in l). */
static void least_keys(const struct odds_layout *l, uint64_t s, uint32_t m, uint32_t *at)
{
	uint64_t key[7 + MF_ODDS_TURN_MAX];
	uint32_t have = 0;

	for (uint32_t p = 0; p < l->n; p++) {
		uint64_t k = mf_mix64(s ^ l->id[p]);
		uint32_t j;

		if (have == m && k >= key[m - 1])
			continue;
		j = have < m ? have++ : m - 1;
		for (; j > 0 && key[j - 1] > k; j--) {
			key[j] = key[j - 1];
			at[j] = at[j - 1];
		}
		key[j] = k;
		at[j] = p;
	}
}

void mf_odds_deal(const struct odds_ctx *c, const struct odds_layout *l, uint64_t game,
		  uint32_t draws, struct odds_deal *d)
{
	uint32_t at[7 + MF_ODDS_TURN_MAX], m = 0;

	for (size_t i = 0; i < c->n_stages; i++) {
		uint64_t s = c->q->seed ^ mf_mix64((game * 8 + i + 1) * MF_SPLITMIX64_GAMMA);
		uint32_t lands = 0, kept;

		d->st = &c->stages[i];
		m = d->st->draw + draws < l->n ? d->st->draw + draws : l->n;
		least_keys(l, s, m, at);
		for (uint32_t j = 0; j < d->st->draw; j++)
			lands += l->kind[at[j]] != ODDS_SPELL;
		kept = mf_odds_lands_kept(c, d->st, lands, d->st->draw - lands);
		d->bottomed = kept < lands;
		if (mf_odds_keeps(d->st, kept))
			break;
	}
	for (uint32_t j = 0; j < m; j++)
		d->cards[j] = l->kind[at[j]];
}
