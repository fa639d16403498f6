/*
 * One game of the land-drop model (odds_play.h): every line of play, turn by
 * turn, as a set of places a line can be in (hand, battlefield, lands
 * fetched, life paid), then every land drop of turn T on every place, each
 * board asked of mana_brute once per player.
 */
#include "odds_play.h"

#include <stdlib.h>
#include <string.h>

#include "common/hash.h"
#include "mana_brute.h"

#define KINDS MF_ODDS_LAND_KINDS_MAX
#define COLOURS 5
#define NO_PAYMENT UINT64_MAX
#define MEMO_FIRST 256  /* boards remembered before the first growth */

/* Where a line of play can be before a turn's land drop. With n kinds of
 * land (indexes in q->lands), key[0..n) counts the lands in the hand,
 * key[n..2n) those on the battlefield (an uncracked fetch too), key[2n..3n)
 * those taken from the library by fetches; len = 3n, the bytes that say the
 * place (packed, so that hashing and comparing places reads few bytes). */
struct state {
	uint32_t life;  /* fetch life paid so far */
	uint8_t len;
	uint8_t key[3 * KINDS];
};

#define HAND(s) ((s)->key)
#define FIELD(p, s) ((s)->key + (p)->n)
#define FETCHED(p, s) ((s)->key + 2 * (p)->n)

/* A board (mana lands by kind) and the least life mana_brute pays it with. */
struct memo_entry {
	uint8_t board[KINDS];
	bool used;
	uint64_t life;  /* NO_PAYMENT: no payment */
};

/* A slot of the table of places after this turn: next[index] when gen is
 * the player's current generation, else empty. */
struct place_slot {
	uint32_t gen, index;
};

/* How the land played on turn T enters. */
enum entry { ENTRY_TAPPED, ENTRY_UNTAPPED, ENTRY_SHOCK };  /* SHOCK: for its untap_life */

struct odds_play_player {
	const struct mf_odds_query *q;
	size_t n;                                /* kinds of land */
	const struct mf_mana_land *land[KINDS];
	uint32_t library[KINDS];                 /* this game: deck lands not seen */
	struct state *cur, *next;                /* places before this turn, after it */
	size_t n_cur, n_next, cap_cur, cap_next;
	struct place_slot *slots;                /* next's places, by hash */
	size_t n_slots;
	uint32_t gen;
	struct memo_entry *memo;
	size_t memo_cap, memo_used;
};

unsigned odds_play_land_colours(const struct mf_mana_land *land)
{
	unsigned colours = 0;

	if (land->fetch_types)
		return (land->fetch_types & MF_MANA_FETCH_BASIC) ? 0x1fu : land->fetch_types & 0x1fu;
	for (size_t o = 0; o < land->n_options; o++)
		for (int t = 0; t < COLOURS; t++)
			if (land->options[o].mana[t])
				colours |= 1u << t;
	return colours;
}

bool odds_play_enters_tapped(const struct mf_mana_land *land)
{
	return land->etb == MF_MANA_ETB_TAPPED || land->kind == MF_MANA_KIND_BOUNCE ||
	       land->kind == MF_MANA_KIND_TRI || (land->fetch_types && land->fetch_tapped);
}

/* Whether the fetch finds the card: a basic land type in common, or a
 * basic-land fetch and a basic card. */
static bool finds(const struct mf_mana_land *fetch, const struct mf_mana_land *card)
{
	return (fetch->fetch_types & 0x1fu & card->basic_types) != 0 ||
	       ((fetch->fetch_types & MF_MANA_FETCH_BASIC) &&
		(card->supertypes & MF_MANA_SUPER_BASIC));
}

/* Lands counted by v[0..n). */
static uint32_t total(const uint8_t *v, size_t n)
{
	uint32_t s = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* How land k enters when played (or fetched) on turn T onto `field`, which
 * holds `others` lands. Fetch lands are handled by their callers. */
static enum entry entry_of(const struct odds_play_player *p, size_t k, const uint8_t *field,
			   uint32_t others)
{
	const struct mf_mana_land *l = p->land[k];
	unsigned types = odds_play_land_colours(l);  /* check land: types of its colours */

	if (odds_play_enters_tapped(l))
		return ENTRY_TAPPED;
	if (l->untap_life)
		return ENTRY_SHOCK;
	if (l->etb != MF_MANA_ETB_CONDITIONAL)
		return ENTRY_UNTAPPED;
	switch (l->etb_if) {
	case MF_MANA_IF_TYPES:
		for (size_t y = 0; y < p->n; y++)
			if (field[y] && (p->land[y]->basic_types & types))
				return ENTRY_UNTAPPED;
		return ENTRY_TAPPED;
	case MF_MANA_IF_FEW_LANDS:
		return others <= l->etb_lands ? ENTRY_UNTAPPED : ENTRY_TAPPED;
	case MF_MANA_IF_MANY_LANDS:
		return others >= l->etb_lands ? ENTRY_UNTAPPED : ENTRY_TAPPED;
	default:
		return ENTRY_TAPPED;  /* a condition the model cannot tell */
	}
}

/* The memo's slot for board (n kinds): its entry, or the free slot it
 * would take. */
static struct memo_entry *memo_slot(struct memo_entry *memo, size_t cap, const uint8_t *board,
				    size_t n)
{
	size_t i = (size_t)mf_fnv1a64(board, n) & (cap - 1);

	while (memo[i].used && memcmp(memo[i].board, board, n))
		i = (i + 1) & (cap - 1);
	return &memo[i];
}

/* Doubles the memo once it is half full. MF_OK or MF_ERR_NOMEM (memo kept). */
static int memo_grow(struct odds_play_player *p)
{
	size_t cap = p->memo_cap ? 2 * p->memo_cap : MEMO_FIRST;
	struct memo_entry *memo;

	if (2 * (p->memo_used + 1) <= p->memo_cap)
		return MF_OK;
	memo = calloc(cap, sizeof(*memo));
	if (!memo)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < p->memo_cap; i++)
		if (p->memo[i].used)
			*memo_slot(memo, cap, p->memo[i].board, p->n) = p->memo[i];
	free(p->memo);
	p->memo = memo;
	p->memo_cap = cap;
	return MF_OK;
}

/* The least life mana_brute pays the cost with from board (untapped mana
 * lands by kind, no library), NO_PAYMENT if none, in *life. */
static int board_life(struct odds_play_player *p, const uint8_t *board, uint64_t *life)
{
	const struct mf_odds_query *q = p->q;
	int32_t field[MF_ODDS_TURN_MAX + 1];  /* one land a turn */
	size_t n_field = 0;
	struct mf_mana_query mq;
	struct mana_brute_result r;
	struct memo_entry *e;
	int rc = memo_grow(p);

	if (rc != MF_OK)
		return rc;
	e = memo_slot(p->memo, p->memo_cap, board, p->n);
	if (e->used) {
		*life = e->life;
		return MF_OK;
	}
	for (size_t k = 0; k < p->n; k++)
		for (uint8_t c = 0; c < board[k]; c++)
			field[n_field++] = q->lands[k];
	mq = (struct mf_mana_query){ .cat = q->cat, .battlefield = field, .n_battlefield = n_field,
				     .life = 1, .cost = q->cost, .x = q->x };
	rc = mana_brute_solve(&mq, &r);
	if (rc != MF_OK)
		return rc;
	*life = r.payable ? r.min_life : NO_PAYMENT;
	mana_brute_result_free(&r);
	memcpy(e->board, board, KINDS);
	e->used = true;
	e->life = *life;
	p->memo_used++;
	return MF_OK;
}

/* Whether the untapped lands of field, plus one land of kind `extra` (-1:
 * none), pay the cost with `spent` life paid already, leaving 1. */
static int pays(struct odds_play_player *p, const uint8_t *field, int extra, uint64_t spent,
		bool *out)
{
	uint8_t board[KINDS] = { 0 };
	uint64_t life;
	int rc;

	*out = false;
	if (spent + 1 > p->q->life)
		return MF_OK;
	for (size_t k = 0; k < p->n; k++)
		board[k] = p->land[k]->n_options ? field[k] : 0;  /* a fetch makes no mana */
	if (extra >= 0)
		board[extra]++;
	rc = board_life(p, board, &life);
	if (rc == MF_OK)
		*out = life != NO_PAYMENT && life + spent + 1 <= p->q->life;
	return rc;
}

/* The slot of place s in the table (n_slots a power of two): the slot
 * holding it, or the empty one it would take. */
static struct place_slot *place_slot(const struct odds_play_player *p,
				     struct place_slot *slots, size_t n_slots,
				     const struct state *s)
{
	size_t i = (size_t)mf_fnv1a64(s->key, s->len) & (n_slots - 1);

	while (slots[i].gen == p->gen && memcmp(p->next[slots[i].index].key, s->key, s->len))
		i = (i + 1) & (n_slots - 1);
	return &slots[i];
}

/* Room in next and in the table for one more place. MF_OK or MF_ERR_NOMEM
 * (both kept as they were). */
static int places_grow(struct odds_play_player *p)
{
	struct place_slot *slots;
	size_t n_slots = p->n_slots ? 2 * p->n_slots : 64;

	if (p->n_next == p->cap_next) {
		size_t cap = p->cap_next ? 2 * p->cap_next : 64;
		struct state *grown = realloc(p->next, cap * sizeof(*grown));

		if (!grown)
			return MF_ERR_NOMEM;
		p->next = grown;
		p->cap_next = cap;
	}
	if (2 * (p->n_next + 1) <= p->n_slots)
		return MF_OK;
	slots = calloc(n_slots, sizeof(*slots));  /* gen 0: empty (gen starts at 1) */
	if (!slots)
		return MF_ERR_NOMEM;
	for (size_t i = 0; i < p->n_next; i++)
		*place_slot(p, slots, n_slots, &p->next[i]) = (struct place_slot){ p->gen,
										  (uint32_t)i };
	free(p->slots);
	p->slots = slots;
	p->n_slots = n_slots;
	return MF_OK;
}

/* Adds s to the places after this turn, unless its life is spent; a place
 * already there keeps the lesser life. */
static int push(struct odds_play_player *p, const struct state *s)
{
	struct place_slot *slot;
	int rc;

	if (s->life + 1 > p->q->life)
		return MF_OK;  /* nothing castable from there */
	rc = places_grow(p);
	if (rc != MF_OK)
		return rc;
	slot = place_slot(p, p->slots, p->n_slots, s);
	if (slot->gen == p->gen) {
		struct state *old = &p->next[slot->index];

		if (s->life < old->life)
			old->life = s->life;
		return MF_OK;
	}
	*slot = (struct place_slot){ p->gen, (uint32_t)p->n_next };
	p->next[p->n_next++] = *s;
	return MF_OK;
}

/* Land drop of a turn before T from place `from`: a land put on the field
 * (an uncracked fetch too), every crack of a fetch, every bounce return. */
static int drop_before(struct odds_play_player *p, const struct state *from, size_t k)
{
	const struct mf_mana_land *l = p->land[k];
	struct state s = *from;
	int rc = MF_OK;

	HAND(&s)[k]--;
	FIELD(p, &s)[k]++;
	if (l->kind != MF_MANA_KIND_BOUNCE)
		rc = push(p, &s);  /* played (a fetch left uncracked) */
	else  /* a bounce land returns a land it sees, itself included */
		for (size_t r = 0; r < p->n && rc == MF_OK; r++) {
			struct state b = s;

			if (!FIELD(p, &b)[r])
				continue;
			FIELD(p, &b)[r]--;
			HAND(&b)[r]++;
			rc = push(p, &b);
		}
	for (size_t j = 0; l->fetch_types && j < p->n && rc == MF_OK; j++) {
		struct state f = *from;

		if (FETCHED(p, &f)[j] >= p->library[j] || !finds(l, p->land[j]))
			continue;
		HAND(&f)[k]--;
		FETCHED(p, &f)[j]++;
		FIELD(p, &f)[j]++;
		f.life += l->fetch_life;
		rc = push(p, &f);
	}
	return rc;
}

/* Empties the table of places (a new generation). */
static void places_clear(struct odds_play_player *p)
{
	if (++p->gen == 0) {
		memset(p->slots, 0, p->n_slots * sizeof(*p->slots));
		p->gen = 1;
	}
	p->n_next = 0;
}

/* Makes the places after this turn the current ones, and empties the
 * table for the next turn. */
static void settle(struct odds_play_player *p)
{
	struct state *t;
	size_t cap;

	t = p->cur;
	p->cur = p->next;
	p->next = t;
	cap = p->cap_cur;
	p->cap_cur = p->cap_next;
	p->cap_next = cap;
	p->n_cur = p->n_next;
	places_clear(p);
}

/* Whether fetch k cracked on turn T from s pays, trying every target. */
static int fetch_on_t(struct odds_play_player *p, const struct state *s, size_t k, bool *out)
{
	const struct mf_mana_land *l = p->land[k];
	uint32_t others = total(FIELD(p, s), p->n);
	uint64_t spent = (uint64_t)s->life + l->fetch_life;
	int rc = MF_OK;

	*out = false;
	for (size_t j = 0; j < p->n && rc == MF_OK && !*out; j++) {
		enum entry e;

		if (FETCHED(p, s)[j] >= p->library[j] || !finds(l, p->land[j]))
			continue;
		if (l->fetch_tapped)  /* Fabled Passage untaps it with enough lands */
			e = l->fetch_untap_at && others + 1 >= l->fetch_untap_at ?
				ENTRY_UNTAPPED : ENTRY_TAPPED;
		else
			e = entry_of(p, j, FIELD(p, s), others);
		if (e != ENTRY_TAPPED)
			rc = pays(p, FIELD(p, s), (int)j,
				  spent + (e == ENTRY_SHOCK ? p->land[j]->untap_life : 0u), out);
	}
	return rc;
}

/* Whether some land drop of turn T (or none) from s pays. */
static int drop_on_t(struct odds_play_player *p, const struct state *s, bool *out)
{
	uint32_t others = total(FIELD(p, s), p->n);
	int rc = pays(p, FIELD(p, s), -1, s->life, out);

	for (size_t k = 0; k < p->n && rc == MF_OK && !*out; k++) {
		const struct mf_mana_land *l = p->land[k];
		enum entry e;

		if (!HAND(s)[k] || l->kind == MF_MANA_KIND_BOUNCE)
			continue;  /* a bounce land on T only takes a land away */
		if (l->fetch_types) {
			rc = fetch_on_t(p, s, k, out);
			continue;
		}
		e = entry_of(p, k, FIELD(p, s), others);
		if (e != ENTRY_TAPPED)
			rc = pays(p, FIELD(p, s), (int)k,
				  s->life + (e == ENTRY_SHOCK ? l->untap_life : 0u), out);
	}
	return rc;
}

/* The places after turn t's draw and land drop. */
static int turn(struct odds_play_player *p, int32_t drawn)
{
	int rc = MF_OK;

	for (size_t i = 0; i < p->n_cur && rc == MF_OK; i++) {
		struct state *s = &p->cur[i];

		if (drawn >= 0)
			HAND(s)[drawn]++;
		rc = push(p, s);  /* no land this turn */
		for (size_t k = 0; k < p->n && rc == MF_OK; k++)
			if (HAND(s)[k])
				rc = drop_before(p, s, k);
	}
	if (rc == MF_OK)
		settle(p);
	return rc;
}

int odds_play_player_run(struct odds_play_player *p, const struct odds_play_game *g,
			 bool *out)
{
	const struct mf_odds_query *q = p->q;
	struct state start = { .len = (uint8_t)(3 * p->n) };
	int rc;

	*out = false;
	for (size_t k = 0; k < p->n; k++) {
		HAND(&start)[k] = (uint8_t)g->hand[k];
		p->library[k] = q->counts[k] - g->hand[k];
	}
	for (uint32_t t = 1; t <= q->turn; t++)
		if (g->drawn[t] >= 0)
			p->library[g->drawn[t]]--;
	places_clear(p);  /* after a failed run too */
	rc = push(p, &start);
	if (rc == MF_OK)
		settle(p);
	for (uint32_t t = 1; t < q->turn && rc == MF_OK; t++)
		rc = turn(p, g->drawn[t]);
	for (size_t i = 0; i < p->n_cur && rc == MF_OK && !*out; i++) {
		if (g->drawn[q->turn] >= 0)
			HAND(&p->cur[i])[g->drawn[q->turn]]++;
		rc = drop_on_t(p, &p->cur[i], out);
	}
	if (rc != MF_OK)
		*out = false;
	return rc;
}

int odds_play_player_new(const struct mf_odds_query *q, struct odds_play_player **out)
{
	struct odds_play_player *p = calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return MF_ERR_NOMEM;
	p->q = q;
	p->n = q->n_lands;
	p->gen = 1;
	for (size_t k = 0; k < p->n; k++)
		p->land[k] = mf_mana_catalogue_land(q->cat, (size_t)q->lands[k]);
	*out = p;
	return MF_OK;
}

void odds_play_player_free(struct odds_play_player *p)
{
	if (!p)
		return;
	free(p->cur);
	free(p->next);
	free(p->slots);
	free(p->memo);
	free(p);
}
