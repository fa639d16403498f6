/*
 * A sample's record: for each spell of the first deck sampled through a
 * request's cache, whether it cast on its turn in each game. A later
 * sample of a deck a few cards apart (the deck report's swaps, one land
 * more or fewer) deals the recorded deck's game beside its own, and where
 * a spell saw the same cards in both (sample.c says when that settles it)
 * takes the recorded answer instead of searching the land drops again.
 * Answers are the same with the record or without; only the searches,
 * and so the work and solver calls, are fewer.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/record_int.h"

/* One spell recorded: its cost, x and turn, and a bit per game. */
struct record_spell {
	struct mf_mana_cost cost;
	uint32_t x, turn;
	uint64_t games;
	uint64_t *bits;
};

struct odds_record {
	struct mf_odds_query deck;  /* the deck's fields (lands, counts and sources: below) */
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	struct mf_odds_source sources[MF_ODDS_SOURCE_KINDS_MAX];  /* names: in names */
	uint32_t source_counts[MF_ODDS_SOURCE_KINDS_MAX];
	char *names[MF_ODDS_SOURCE_KINDS_MAX];                    /* owned copies */
	struct record_spell *spells;
	size_t n_spells, room;
	size_t bytes;  /* what the bits take, within ODDS_RECORD_MAX */
};

void mf_odds_record_free(struct odds_record *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_spells; i++)
		free(r->spells[i].bits);
	for (size_t i = 0; i < MF_ODDS_SOURCE_KINDS_MAX; i++)
		free(r->names[i]);
	free(r->spells);
	free(r);
}

bool mf_odds_record_rules(const struct odds_record *r, const struct mf_odds_query *q)
{
	const struct mf_odds_query *d = &r->deck;

	if (d->cat != q->cat || d->size != q->size || d->on_draw != q->on_draw ||
	    d->life != q->life || d->policy != q->policy || d->seed != q->seed)
		return false;
	return q->policy != MF_ODDS_CUSTOM ||
	       (memcmp(d->custom.keep_lo, q->custom.keep_lo, sizeof(d->custom.keep_lo)) == 0 &&
		memcmp(d->custom.keep_hi, q->custom.keep_hi, sizeof(d->custom.keep_hi)) == 0 &&
		d->custom.london == q->custom.london);
}

const struct mf_odds_query *mf_odds_record_deck(const struct odds_record *r)
{
	return &r->deck;
}

bool mf_odds_same_sources(const struct mf_odds_query *a, const struct mf_odds_query *b)
{
	if (a->n_sources != b->n_sources)
		return false;
	for (size_t i = 0; i < a->n_sources; i++)
		if (a->source_counts[i] != b->source_counts[i] ||
		    mf_odds_source_id(&a->sources[i]) != mf_odds_source_id(&b->sources[i]))
			return false;
	return true;
}

/* Whether q's lands and counts, and its sources and their counts, are the
 * record's, in the same order. */
static bool same_deck(const struct odds_record *r, const struct mf_odds_query *q)
{
	return r->deck.n_lands == q->n_lands &&
	       memcmp(r->lands, q->lands, q->n_lands * sizeof(*q->lands)) == 0 &&
	       memcmp(r->counts, q->counts, q->n_lands * sizeof(*q->counts)) == 0 &&
	       mf_odds_same_sources(&r->deck, q);
}

/* A new record of q's deck, its lands, counts and sources copied (the
 * names too: q's are borrowed); NULL without memory. */
static struct odds_record *record_new(const struct mf_odds_query *q)
{
	struct odds_record *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->deck = *q;
	memcpy(r->lands, q->lands, q->n_lands * sizeof(*q->lands));
	memcpy(r->counts, q->counts, q->n_lands * sizeof(*q->counts));
	r->deck.lands = r->lands;
	r->deck.counts = r->counts;
	for (size_t i = 0; i < q->n_sources; i++) {
		const char *name = q->sources[i].name;

		r->sources[i] = q->sources[i];
		r->source_counts[i] = q->source_counts[i];
		if (name && !(r->names[i] = strdup(name))) {
			mf_odds_record_free(r);
			return NULL;
		}
		r->sources[i].name = r->names[i];
	}
	r->deck.sources = q->n_sources ? r->sources : NULL;
	r->deck.source_counts = q->n_sources ? r->source_counts : NULL;
	r->deck.cache = NULL;
	r->deck.stop = NULL;
	return r;
}

/* The spell of q's cost, x and turn in r, or NULL. */
static struct record_spell *spell_of(const struct odds_record *r, const struct mf_odds_query *q)
{
	for (size_t i = 0; i < r->n_spells; i++) {
		struct record_spell *s = &r->spells[i];

		if (s->x == q->x && s->turn == q->turn && memcmp(&s->cost, &q->cost, sizeof(s->cost)) == 0)
			return s;
	}
	return NULL;
}

const uint64_t *mf_odds_record_find(const struct odds_record *r, const struct mf_odds_query *q,
				    uint64_t *games)
{
	const struct record_spell *s = mf_odds_record_rules(r, q) ? spell_of(r, q) : NULL;

	*games = s ? s->games : 0;
	return s ? s->bits : NULL;
}

bool mf_odds_record_wants(const struct odds_record *r, const struct mf_odds_query *q)
{
	return !r || (mf_odds_record_rules(r, q) && same_deck(r, q) && !spell_of(r, q) &&
		      r->bytes < ODDS_RECORD_MAX);
}

void mf_odds_record_keep(struct odds_record **slot, const struct mf_odds_query *q,
			 const uint64_t *bits, uint64_t games)
{
	struct odds_record *r = *slot;
	size_t bytes = (size_t)((games + 63) / 64) * sizeof(*bits);
	struct record_spell *s;

	if (!r) {
		r = record_new(q);
		if (!r)
			return;  /* no memory: nothing recorded, nothing lost */
		*slot = r;
	}
	if (!mf_odds_record_wants(r, q) || r->bytes + bytes > ODDS_RECORD_MAX)
		return;
	if (r->n_spells == r->room) {
		size_t room = r->room ? 2 * r->room : 16;
		struct record_spell *more = realloc(r->spells, room * sizeof(*more));

		if (!more)
			return;
		r->spells = more;
		r->room = room;
	}
	s = &r->spells[r->n_spells];
	s->bits = malloc(bytes + 1);
	if (!s->bits)
		return;
	memcpy(s->bits, bits, bytes);
	s->cost = q->cost;
	s->x = q->x;
	s->turn = q->turn;
	s->games = games;
	r->bytes += bytes;
	r->n_spells++;
}
