/*
 * One game of the ramp reference (odds_ramp.h): every line of play, turn by
 * turn, as a set of places a line can be in (lands and sources in the hand
 * and on the battlefield, lands fetched, life paid). Each turn, every land
 * drop of every place; then (odds_ramp_turn.c) every set of sources the
 * turn can cast makes a place of the next turn, and on turn T the spell is
 * paid or not. Also the tables both files keep places, boards and states
 * in.
 */
#include "odds_ramp.h"

#include <stdlib.h>
#include <string.h>

#include "common/hash.h"

#define KINDS MF_ODDS_LAND_KINDS_MAX
#define SOURCES MF_ODDS_SOURCE_KINDS_MAX
#define PLACE_MAX (3 * KINDS + 2 * SOURCES)
#define BOARD_MAX (KINDS + 2 * SOURCES)

/* A place's bytes, for a player of nl kinds of land and ns of source:
 * lands in the hand, on the battlefield (an uncracked fetch too), taken
 * from the library by fetches; sources in the hand, on the battlefield. */
#define HAND(p, pl) ((pl))
#define FIELD(p, pl) ((pl) + (p)->nl)
#define FETCHED(p, pl) ((pl) + 2 * (p)->nl)
#define SHAND(p, pl) ((pl) + 3 * (p)->nl)
#define SFIELD(p, pl) ((pl) + 3 * (p)->nl + (p)->ns)

/* How a land played (or fetched) enters. */
enum entry { ENTRY_TAPPED, ENTRY_UNTAPPED, ENTRY_SHOCK };  /* SHOCK: tapped, or untapped
							    * for its untap_life */

struct odds_ramp_player {
	const struct mf_odds_query *q;
	size_t nl, ns;
	const struct mf_mana_land *land[KINDS];
	uint32_t library[KINDS];              /* this game: deck lands not seen by T */
	struct odds_ramp_table places[2];     /* before this turn, after it */
	struct odds_ramp_turns *turns;        /* what a turn's board casts */
};

uint32_t odds_ramp_untap_threshold(const struct mf_mana_land *land)
{
	return land->etb_lands;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */

void odds_ramp_table_init(struct odds_ramp_table *t, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->len = len;
	t->gen = 1;
}

/* The slot of key among slots (n_slots a power of two): the slot holding
 * it, or the empty one it would take. */
static struct odds_ramp_slot *table_slot(const struct odds_ramp_table *t,
					struct odds_ramp_slot *slots, size_t n_slots,
					const uint8_t *key)
{
	size_t i = (size_t)mf_fnv1a64(key, t->len) & (n_slots - 1);

	while (slots[i].gen == t->gen && memcmp(t->keys + (size_t)slots[i].index * t->len, key,
						t->len))
		i = (i + 1) & (n_slots - 1);
	return &slots[i];
}

/* Room for one more key. MF_OK or MF_ERR_NOMEM (t as it was). */
static int table_grow(struct odds_ramp_table *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		uint8_t *keys = realloc(t->keys, cap * (t->len ? t->len : 1));
		uint64_t *vals;

		if (!keys)
			return MF_ERR_NOMEM;
		t->keys = keys;
		vals = realloc(t->vals, cap * sizeof(*vals));
		if (!vals)
			return MF_ERR_NOMEM;
		t->vals = vals;
		t->cap = cap;
	}
	if (2 * (t->n + 1) > t->n_slots) {
		size_t n_slots = t->n_slots ? 2 * t->n_slots : 128;
		struct odds_ramp_slot *slots = calloc(n_slots, sizeof(*slots));  /* gen 0: empty */

		if (!slots)
			return MF_ERR_NOMEM;
		for (size_t i = 0; i < t->n; i++)
			*table_slot(t, slots, n_slots, t->keys + i * t->len) =
				(struct odds_ramp_slot){ t->gen, (uint32_t)i };
		free(t->slots);
		t->slots = slots;
		t->n_slots = n_slots;
	}
	return MF_OK;
}

int odds_ramp_table_find(struct odds_ramp_table *t, const uint8_t *key, uint64_t init,
			 size_t *at, bool *added)
{
	struct odds_ramp_slot *slot;
	int rc = table_grow(t);

	if (rc != MF_OK)
		return rc;
	slot = table_slot(t, t->slots, t->n_slots, key);
	*added = slot->gen != t->gen;
	if (!*added) {
		*at = slot->index;
		return MF_OK;
	}
	memcpy(t->keys + t->n * t->len, key, t->len);
	t->vals[t->n] = init;
	*slot = (struct odds_ramp_slot){ t->gen, (uint32_t)t->n };
	*at = t->n++;
	return MF_OK;
}

int odds_ramp_table_least(struct odds_ramp_table *t, const uint8_t *key, uint64_t life)
{
	size_t at;
	bool added;
	int rc = odds_ramp_table_find(t, key, life, &at, &added);

	if (rc == MF_OK && life < t->vals[at])
		t->vals[at] = life;
	return rc;
}

void odds_ramp_table_clear(struct odds_ramp_table *t)
{
	if (++t->gen == 0) {
		memset(t->slots, 0, t->n_slots * sizeof(*t->slots));
		t->gen = 1;
	}
	t->n = 0;
}

void odds_ramp_table_free(struct odds_ramp_table *t)
{
	free(t->keys);
	free(t->vals);
	free(t->slots);
}

/* ------------------------------------------------------------------ */
/* Land drops                                                          */

/* Whether the fetch finds the card: a basic land type in common, or a
 * basic-land fetch and a basic card. */
static bool finds(const struct mf_mana_land *fetch, const struct mf_mana_land *card)
{
	return (fetch->fetch_types & 0x1fu & card->basic_types) != 0 ||
	       ((fetch->fetch_types & MF_MANA_FETCH_BASIC) &&
		(card->supertypes & MF_MANA_SUPER_BASIC));
}

/* How land k enters when played (or fetched by a fetch that does not put
 * it tapped) onto field, which holds `others` lands. */
static enum entry entry_of(const struct odds_ramp_player *p, size_t k, const uint8_t *field,
			   uint32_t others)
{
	const struct mf_mana_land *l = p->land[k];
	unsigned types = odds_play_land_colours(l);  /* a check land: those of its colours */

	if (odds_play_enters_tapped(l))
		return ENTRY_TAPPED;
	if (l->untap_life)
		return ENTRY_SHOCK;
	if (l->etb != MF_MANA_ETB_CONDITIONAL)
		return ENTRY_UNTAPPED;
	switch (l->etb_if) {
	case MF_MANA_IF_TYPES:
		for (size_t y = 0; y < p->nl; y++)
			if (field[y] && (p->land[y]->basic_types & types))
				return ENTRY_UNTAPPED;
		return ENTRY_TAPPED;
	case MF_MANA_IF_FEW_LANDS:
		return others <= odds_ramp_untap_threshold(l) ? ENTRY_UNTAPPED : ENTRY_TAPPED;
	case MF_MANA_IF_MANY_LANDS:
		return others >= odds_ramp_untap_threshold(l) ? ENTRY_UNTAPPED : ENTRY_TAPPED;
	default:
		return ENTRY_TAPPED;  /* a condition the model cannot tell */
	}
}

/* Adds place pl with `life` paid to the places after this turn, unless its
 * life is spent; a place already there keeps the lesser life. */
static int push(struct odds_ramp_player *p, const uint8_t *pl, uint64_t life)
{
	if (life + 1 > p->q->life)
		return MF_OK;
	return odds_ramp_table_least(&p->places[1], pl, life);
}

/* After turn t's land drop: place pl (the drop made), the lands tapping
 * this turn by kind, the life paid so far. Before T, every set of sources
 * the turn can cast makes a place of the next turn; on T, *cast when the
 * spell is paid with 1 life left. */
static int after_drop(struct odds_ramp_player *p, uint32_t t, const uint8_t *pl,
		      const uint8_t *lands, uint64_t life, bool *cast)
{
	uint8_t board[BOARD_MAX], next[PLACE_MAX];
	size_t count, len = 3 * p->nl + 2 * p->ns;
	const uint8_t *casts;
	const uint64_t *lives;
	bool any = false;
	int rc;

	memcpy(board, lands, p->nl);
	memcpy(board + p->nl, SFIELD(p, pl), p->ns);
	memcpy(board + p->nl + p->ns, SHAND(p, pl), p->ns);
	if (t == p->q->turn) {
		uint64_t spell;

		rc = odds_ramp_turns_final(p->turns, board, &spell);
		if (rc == MF_OK && spell != ODDS_RAMP_NO_LIFE && life + spell + 1 <= p->q->life)
			*cast = true;
		return rc;
	}
	for (size_t s = 0; s < p->ns; s++)
		any |= SHAND(p, pl)[s] > 0;
	if (!any)
		return push(p, pl, life);  /* nothing to cast */
	rc = odds_ramp_turns_casts(p->turns, board, &casts, &lives, &count);
	for (size_t i = 0; i < count && rc == MF_OK; i++) {
		const uint8_t *c = casts + i * p->ns;

		memcpy(next, pl, len);
		for (size_t s = 0; s < p->ns; s++) {
			SHAND(p, next)[s] -= c[s];
			SFIELD(p, next)[s] += c[s];
		}
		rc = push(p, next, life + lives[i]);
	}
	return rc;
}

/* after_drop() for a land of kind k entering as e: tapped (lands as
 * they were), untapped (k taps too), or either, untapped for its life. */
static int entered(struct odds_ramp_player *p, uint32_t t, const uint8_t *pl,
		   const uint8_t *lands, size_t k, enum entry e, uint64_t life, bool *cast)
{
	uint8_t more[KINDS];
	int rc = MF_OK;

	memcpy(more, lands, p->nl);
	if (p->land[k]->n_options)
		more[k]++;
	if (e != ENTRY_UNTAPPED)
		rc = after_drop(p, t, pl, lands, life, cast);
	if (rc == MF_OK && e == ENTRY_UNTAPPED)
		rc = after_drop(p, t, pl, more, life, cast);
	if (rc == MF_OK && e == ENTRY_SHOCK)
		rc = after_drop(p, t, pl, more, life + p->land[k]->untap_life, cast);
	return rc;
}

/* Fetch k played on turn t from place `from` (lands tapping before it,
 * `others` lands on the battlefield): held, or cracked for every land of
 * the library it finds. */
static int play_fetch(struct odds_ramp_player *p, uint32_t t, const uint8_t *from,
		      const uint8_t *lands, uint32_t others, size_t k, uint64_t life, bool *cast)
{
	const struct mf_mana_land *l = p->land[k];
	uint8_t pl[PLACE_MAX];
	size_t len = 3 * p->nl + 2 * p->ns;
	int rc;

	memcpy(pl, from, len);
	HAND(p, pl)[k]--;
	FIELD(p, pl)[k]++;
	rc = after_drop(p, t, pl, lands, life, cast);  /* held */
	for (size_t j = 0; j < p->nl && rc == MF_OK && !*cast; j++) {
		enum entry e;

		if (FETCHED(p, from)[j] >= p->library[j] || !finds(l, p->land[j]))
			continue;
		memcpy(pl, from, len);
		HAND(p, pl)[k]--;
		FETCHED(p, pl)[j]++;
		FIELD(p, pl)[j]++;
		if (l->fetch_tapped)  /* Fabled Passage untaps it with enough lands */
			e = l->fetch_untap_at && others + 1 >= l->fetch_untap_at ?
				ENTRY_UNTAPPED : ENTRY_TAPPED;
		else
			e = entry_of(p, j, FIELD(p, from), others);
		rc = entered(p, t, pl, lands, j, e, life + l->fetch_life, cast);
	}
	return rc;
}

/* Every land drop of turn t from place `from` (its draw made) with `life`
 * paid: none, or a land of the hand as it may enter. */
static int land_drops(struct odds_ramp_player *p, uint32_t t, const uint8_t *from,
		      uint64_t life, bool *cast)
{
	uint8_t lands[KINDS], pl[PLACE_MAX];
	size_t len = 3 * p->nl + 2 * p->ns;
	uint32_t others = 0;
	int rc;

	for (size_t k = 0; k < p->nl; k++) {
		lands[k] = p->land[k]->n_options ? FIELD(p, from)[k] : 0;  /* a fetch: no mana */
		others += FIELD(p, from)[k];
	}
	rc = after_drop(p, t, from, lands, life, cast);  /* no land */
	for (size_t k = 0; k < p->nl && rc == MF_OK && !*cast; k++) {
		const struct mf_mana_land *l = p->land[k];

		if (!HAND(p, from)[k])
			continue;
		if (l->fetch_types) {
			rc = play_fetch(p, t, from, lands, others, k, life, cast);
			continue;
		}
		memcpy(pl, from, len);
		HAND(p, pl)[k]--;
		FIELD(p, pl)[k]++;
		if (l->kind != MF_MANA_KIND_BOUNCE) {
			rc = entered(p, t, pl, lands, k, entry_of(p, k, FIELD(p, from), others),
				     life, cast);
			continue;
		}
		/* A bounce land enters tapped and returns a land, itself included;
		 * the land returned makes no mana this turn. */
		for (size_t r = 0; r < p->nl && rc == MF_OK && !*cast; r++) {
			uint8_t back[PLACE_MAX], fewer[KINDS];

			if (!FIELD(p, pl)[r])
				continue;
			memcpy(back, pl, len);
			FIELD(p, back)[r]--;
			HAND(p, back)[r]++;
			memcpy(fewer, lands, p->nl);
			if (r != k && fewer[r])
				fewer[r]--;
			rc = after_drop(p, t, back, fewer, life, cast);
		}
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* Games                                                               */

int odds_ramp_player_run(struct odds_ramp_player *p, const struct odds_ramp_game *g,
			 bool *out)
{
	const struct mf_odds_query *q = p->q;
	uint8_t start[PLACE_MAX] = { 0 }, pl[PLACE_MAX];
	size_t len = 3 * p->nl + 2 * p->ns;
	int rc;

	*out = false;
	for (size_t k = 0; k < p->nl; k++) {
		HAND(p, start)[k] = (uint8_t)g->hand[k];
		p->library[k] = q->counts[k] - g->hand[k];
	}
	for (size_t s = 0; s < p->ns; s++)
		SHAND(p, start)[s] = (uint8_t)g->hand_sources[s];
	for (uint32_t t = 1; t <= q->turn; t++)
		if (g->drawn[t] >= 0 && (size_t)g->drawn[t] < p->nl)
			p->library[g->drawn[t]]--;
	odds_ramp_table_clear(&p->places[1]);
	rc = push(p, start, 0);
	for (uint32_t t = 1; t <= q->turn && rc == MF_OK && !*out; t++) {
		struct odds_ramp_table swap = p->places[0];

		p->places[0] = p->places[1];
		p->places[1] = swap;
		odds_ramp_table_clear(&p->places[1]);
		for (size_t i = 0; i < p->places[0].n && rc == MF_OK && !*out; i++) {
			int32_t d = g->drawn[t];

			memcpy(pl, p->places[0].keys + i * len, len);
			if (d >= 0 && (size_t)d < p->nl)
				HAND(p, pl)[d]++;
			else if (d >= 0)
				SHAND(p, pl)[(size_t)d - p->nl]++;
			rc = land_drops(p, t, pl, p->places[0].vals[i], out);
		}
	}
	if (rc != MF_OK)
		*out = false;
	return rc;
}

int odds_ramp_player_new(const struct mf_odds_query *q, struct odds_ramp_player **out)
{
	struct odds_ramp_player *p = calloc(1, sizeof(*p));
	int rc;

	*out = NULL;
	if (!p)
		return MF_ERR_NOMEM;
	p->q = q;
	p->nl = q->n_lands;
	p->ns = q->n_sources;
	for (size_t k = 0; k < p->nl; k++)
		p->land[k] = mf_mana_catalogue_land(q->cat, (size_t)q->lands[k]);
	odds_ramp_table_init(&p->places[0], 3 * p->nl + 2 * p->ns);
	odds_ramp_table_init(&p->places[1], 3 * p->nl + 2 * p->ns);
	rc = odds_ramp_turns_new(q, &p->turns);
	if (rc != MF_OK) {
		odds_ramp_player_free(p);
		return rc;
	}
	*out = p;
	return MF_OK;
}

void odds_ramp_player_free(struct odds_ramp_player *p)
{
	if (!p)
		return;
	odds_ramp_table_free(&p->places[0]);
	odds_ramp_table_free(&p->places[1]);
	odds_ramp_turns_free(p->turns);
	free(p);
}
