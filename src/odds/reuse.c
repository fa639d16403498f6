/*
 * When a sampled game of one deck is a recorded game of another (record.c):
 * game i of both is dealt from the same random keys of the same cards
 * (deal.c), so the two differ only where a card of one deck and not of the
 * other comes up. A spell whose answer on its
 * turn depends only on what it saw by then (the stage kept, the hand kept,
 * each draw) and on what its fetches could find in the library, has the
 * same answer in both when those are the same:
 *  - the same stage kept, and no land bottomed (bottoming reads the deck's
 *    groups; without it the hand kept is the hand drawn); in decks whose
 *    mana that is no land differs, nothing bottomed at all (which sources
 *    are bottomed reads each deck's list of them; decks with the same list,
 *    as a land swap leaves it, bottom the same ones from the same hand);
 *  - the same cards to its turn: land by land, and source by source (a
 *    source is the same card in both when it has the same identity,
 *    mf_odds_source_id());
 *  - with f fetches among them, for each land whose count differs between
 *    the decks and that a fetch of either deck can find, as many of it
 *    left to find, up to f (no line of play finds more than f lands).
 */
#include <string.h>

#include "odds/sample_int.h"

#define REUSE_SOURCE (1 << 30)  /* a card's value: source i of the sample's deck */
#define REUSE_OTHER (1 << 29)   /* source i of the record's deck alone */

/* The index of the source of q with the identity of s, or -1. */
static int source_in(const struct mf_odds_query *q, const struct mf_odds_source *s)
{
	uint64_t id = mf_odds_source_id(s);

	for (size_t i = 0; i < q->n_sources; i++)
		if (mf_odds_source_id(&q->sources[i]) == id)
			return (int)i;
	return -1;
}

/* What each card of q's deck is into land[]: its catalogue land, a source
 * (REUSE_SOURCE + its index in `as`, the sample's deck, or REUSE_OTHER +
 * its own when `as` has none like it), or -1 for any other card. */
static void lands_of(const struct mf_odds_query *q, const struct mf_odds_query *as, int32_t *land)
{
	for (size_t i = 0; i < 256; i++)
		land[i] = i < q->n_lands ? q->lands[i] : -1;
	for (size_t i = 0; i < q->n_sources; i++) {
		int at = source_in(as, &q->sources[i]);

		land[ODDS_SOURCE_CARD + i] = at < 0 ? REUSE_OTHER + (int32_t)i : REUSE_SOURCE + at;
	}
}

/* The copies of catalogue land l in q's deck. */
static uint32_t count_of(const struct mf_odds_query *q, int32_t l)
{
	for (size_t i = 0; i < q->n_lands; i++)
		if (q->lands[i] == l)
			return q->counts[i];
	return 0;
}

/* Whether some fetch of deck a or b can find catalogue land l. */
static bool found(const struct mf_odds_query *a, const struct mf_odds_query *b, int32_t l)
{
	uint8_t by = mf_odds_found_by(mf_mana_catalogue_land(a->cat, (size_t)l));

	for (int d = 0; d < 2; d++) {
		const struct mf_odds_query *q = d ? b : a;

		for (size_t i = 0; i < q->n_lands; i++)
			if (mf_mana_catalogue_land(q->cat, (size_t)q->lands[i])->fetch_types & by)
				return true;
	}
	return false;
}

/* Adds land l to u's changed lands when its counts differ and a fetch
 * finds it (once). */
static void note_change(struct odds_reuse *u, const struct mf_odds_query *q,
			const struct mf_odds_query *r, int32_t l)
{
	uint32_t count = count_of(q, l), ref_count = count_of(r, l);

	if (count == ref_count || !found(q, r, l))
		return;
	for (size_t i = 0; i < u->n_changed; i++)
		if (u->changed[i].land == l)
			return;
	u->changed[u->n_changed].land = l;
	u->changed[u->n_changed].count = count;
	u->changed[u->n_changed++].ref_count = ref_count;
}

void mf_odds_reuse_init(struct odds_reuse *u, const struct odds_ctx *c, const struct odds_record *ref)
{
	const struct mf_odds_query *q = c->q, *r;

	memset(u, 0, sizeof(*u));
	if (!ref || !mf_odds_record_rules(ref, q))
		return;
	r = mf_odds_record_deck(ref);
	u->ref = ref;
	lands_of(q, q, u->land);
	lands_of(r, q, u->ref_land);
	/* which sources a London mulligan bottoms reads the order of each
	 * deck's sources: where they differ, no game bottoming is reused */
	u->sources = !mf_odds_same_sources(q, r);
	for (size_t i = 0; i < q->n_lands; i++)
		u->fetch[i] = mf_mana_catalogue_land(q->cat, (size_t)q->lands[i])->fetch_types != 0;
	for (size_t i = 0; i < q->n_lands; i++)
		note_change(u, q, r, q->lands[i]);
	for (size_t i = 0; i < r->n_lands; i++)
		note_change(u, q, r, r->lands[i]);
}

void mf_odds_reuse_game(const struct odds_reuse *u, const struct odds_deal *d,
			const struct odds_deal *d0, uint32_t draws, struct odds_reuse_game *g)
{
	uint32_t n = d->st->draw + draws;

	g->hand = d->st->draw;
	g->same_to = 0;
	if (d->st != d0->st || d->bottomed || d0->bottomed || (u->sources && d->st->bottom))
		return;
	g->fetches[0] = 0;
	for (size_t i = 0; i < u->n_changed; i++)
		g->have[i][0] = 0;
	for (uint32_t j = 0; j < n && u->land[d->cards[j]] == u->ref_land[d0->cards[j]]; j++) {
		g->fetches[j + 1] = (uint8_t)(g->fetches[j] + u->fetch[d->cards[j]]);
		for (size_t i = 0; i < u->n_changed; i++)
			g->have[i][j + 1] = (uint8_t)(g->have[i][j] +
						      (u->land[d->cards[j]] == u->changed[i].land));
		g->same_to = j + 1;
	}
}

bool mf_odds_reuse_same(const struct odds_reuse *u, const struct odds_ctx *c,
			const struct odds_reuse_game *g)
{
	uint32_t first = c->draw_t1 ? 1 : 2, turn = c->q->turn;
	uint32_t seen = g->hand + (turn >= first ? turn - first + 1 : 0), fetches;

	if (seen > g->same_to)
		return false;
	fetches = g->fetches[seen];
	for (size_t i = 0; i < u->n_changed && fetches; i++) {
		uint32_t left = u->changed[i].count - g->have[i][seen];
		uint32_t ref_left = u->changed[i].ref_count - g->have[i][seen];

		if ((left < fetches ? left : fetches) != (ref_left < fetches ? ref_left : fetches))
			return false;
	}
	return true;
}
