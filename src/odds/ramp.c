/*
 * One game of a deck with mana that is no land (ramp_int.h, docs/odds.md):
 * every line of play, turn by turn, as the set of places a line can be in
 * after each turn (the lands on the battlefield, in the hand and fetched,
 * the sources on the battlefield and in the hand, the least life paid to
 * get there). A turn draws its card, plays a land or none (every land of
 * the hand, every way it may enter; a fetch held or cracked for each land
 * it finds; a bounce land returning each land), then casts each set of
 * sources its mana can (ramp_turn.c). On the turn asked, each place's land
 * drop is tried and the board asked whether it pays the spell.
 *
 * The sample asks a game turn after turn, so the places after the turns
 * before are kept and grown by one turn at a time. The library for fetches
 * is every land not seen by the turn asked, less the lands fetched; as it
 * only shrinks turn by turn, a place kept stays good until a fetch found
 * more of a land than is left, when it is dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

/* A line's place after a turn: lands by group on the battlefield (a held
 * fetch too), in the hand and fetched; sources by kind on the battlefield
 * and in the hand. Its life is the table's value. */
struct place {
	uint8_t bf[MF_ODDS_LAND_KINDS_MAX];
	uint8_t hand[MF_ODDS_LAND_KINDS_MAX];
	uint8_t found[MF_ODDS_LAND_KINDS_MAX];
	uint8_t src_bf[MF_ODDS_SOURCE_KINDS_MAX];
	uint8_t src_hand[MF_ODDS_SOURCE_KINDS_MAX];
};

/* The game being played, and how far its places are grown. */
struct ramp_line {
	uint8_t hand[MF_ODDS_LAND_KINDS_MAX];
	uint8_t hand_src[MF_ODDS_SOURCE_KINDS_MAX];
	uint8_t draws[MF_ODDS_TURN_MAX];
	uint8_t lib[MF_ODDS_LAND_KINDS_MAX];  /* the library the places were last
					       * grown with, by group */
	uint32_t done;        /* the places after turn `done` are in lines[cur] */
	int cur;
	bool valid;
	uint32_t finals_turn; /* the boards of this turn are in the finals (0: none) */
	uint8_t finals_draw;  /* with this card drawn on it (a game whose turns
			       * before are the line's may draw another) */
};

/* One turn's growing: the game, the turn, the library, and where to. */
struct grow {
	struct odds_ctx *c;
	uint32_t t;
	bool last;            /* the turn asked: the spell, not the casts */
	const uint8_t *lib;   /* lands not seen by the turn asked, by group */
	struct ramp_places *to;   /* the places after the turn (not the turn asked) */
};

/* ------------------------------------------------------------------ */
/* Places                                                              */

static void place_pack(const struct odds_ctx *c, const struct place *p, uint8_t *key)
{
	size_t n = c->n_groups, s = c->ramp->n;

	memcpy(key, p->bf, n);
	memcpy(key + n, p->hand, n);
	memcpy(key + 2 * n, p->found, n);
	memcpy(key + 3 * n, p->src_bf, s);
	memcpy(key + 3 * n + s, p->src_hand, s);
}

static void place_unpack(const struct odds_ctx *c, const uint8_t *key, struct place *p)
{
	size_t n = c->n_groups, s = c->ramp->n;

	memset(p, 0, sizeof(*p));
	memcpy(p->bf, key, n);
	memcpy(p->hand, key + n, n);
	memcpy(p->found, key + 2 * n, n);
	memcpy(p->src_bf, key + 3 * n, s);
	memcpy(p->src_hand, key + 3 * n + s, s);
}

/* Adds place p reached with life to table to, keeping the least life. */
static int keep_place(struct grow *w, const struct place *p, uint32_t life)
{
	uint8_t key[3 * MF_ODDS_LAND_KINDS_MAX + 2 * MF_ODDS_SOURCE_KINDS_MAX] = { 0 };
	bool added;
	int rc;

	if (life >= w->c->q->life)
		return MF_OK;
	place_pack(w->c, p, key);
	rc = mf_odds_places_least(w->to, key, life, &added);
	if (!rc && added && w->to->n > w->c->ramp->places_max) {
		w->c->ramp->overflow = true;  /* more lines than kept: never guess */
		return MF_ERR_LIMIT;
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* A turn: the land drop, then the mana                                */

/* Board b of the turn asked as a key of the finals: the lands untapped,
 * the sources ready, and those of the hand that tap as they are cast (the
 * others cannot help the spell). */
static void board_pack(const struct odds_ctx *c, const struct ramp_board *b, uint8_t *key)
{
	const struct odds_ramp *r = c->ramp;

	memcpy(key, b->lands, c->n_groups);
	memcpy(key + c->n_groups, b->ready, r->n);
	for (size_t k = 0; k < r->n; k++)
		key[c->n_groups + r->n + k] = r->s[k].taps_now ? b->hand[k] : 0;
}

static void board_unpack(const struct odds_ctx *c, const uint8_t *key, struct ramp_board *b)
{
	const struct odds_ramp *r = c->ramp;

	memset(b, 0, sizeof(*b));
	memcpy(b->lands, key, c->n_groups);
	memcpy(b->ready, key + c->n_groups, r->n);
	memcpy(b->hand, key + c->n_groups + r->n, r->n);
}

/* The board of place p after its land drop (taps: the lands untapped this
 * turn), and what the turn does with it: the casts kept as places, or on
 * the turn asked the spell. life: paid so far, the drop's included. */
static int after_drop(struct grow *w, const struct place *p, const uint8_t *taps, uint32_t life)
{
	const struct odds_ramp *r = w->c->ramp;
	struct ramp_board b;
	const struct ramp_cast *casts;
	size_t n;
	int rc;

	memset(&b, 0, sizeof(b));
	memcpy(b.lands, taps, w->c->n_groups);
	memcpy(b.ready, p->src_bf, r->n);
	memcpy(b.hand, p->src_hand, r->n);
	if (w->last) {  /* the boards of the turn asked, whatever the spell */
		uint8_t key[MF_ODDS_LAND_KINDS_MAX + 2 * MF_ODDS_SOURCE_KINDS_MAX];
		bool added;

		board_pack(w->c, &b, key);
		return mf_odds_places_least(&r->sh->finals, key, life, &added);
	}
	rc = mf_odds_ramp_casts(w->c, &b, &casts, &n);
	for (size_t i = 0; i < n && !rc; i++) {
		struct place q = *p;

		for (size_t k = 0; k < r->n; k++) {
			q.src_bf[k] = (uint8_t)(q.src_bf[k] + casts[i].cast[k]);
			q.src_hand[k] = (uint8_t)(q.src_hand[k] - casts[i].cast[k]);
		}
		rc = keep_place(w, &q, life + casts[i].life);
	}
	return rc;
}

/* Lands on battlefield bf, in all. */
static uint32_t lands_out(const struct odds_ctx *c, const uint8_t *bf)
{
	uint32_t n = 0;

	for (size_t g = 0; g < c->n_groups; g++)
		n += bf[g];
	return n;
}

/* Whether group y, played (or found by a fetch that does not put it
 * tapped) onto battlefield bf (before it), enters untapped for free. */
static bool untapped_free(const struct odds_ctx *c, size_t y, const uint8_t *bf)
{
	const struct odds_group *g = &c->g[y];
	uint32_t others = lands_out(c, bf);

	switch (g->drop) {
	case ODDS_DROP_UNTAPPED:
		return true;
	case ODDS_DROP_CHECK:
		for (size_t z = 0; z < c->n_groups; z++)
			if (bf[z] && (c->g[z].types & g->check))
				return true;
		return false;
	case ODDS_DROP_FAST:
		return others <= g->etb_lands;
	case ODDS_DROP_SLOW:
		return others >= g->etb_lands;
	default:
		return false;
	}
}

/* Land y of place p enters (played, or found: p already holds it on the
 * battlefield): untapped for free, untapped for its untap_life or tapped
 * (each that may be), then the turn goes on. before: the battlefield
 * before the drop; taps: the lands untapped this turn, y's copy not yet. */
static int enters(struct grow *w, const struct place *p, size_t y, const uint8_t *before,
		  uint8_t *taps, uint32_t life)
{
	int rc;

	if (w->c->g[y].drop == ODDS_DROP_LIFE) {
		taps[y]++;
		rc = after_drop(w, p, taps, life + w->c->g[y].untap_life);
		taps[y]--;
		return rc ? rc : after_drop(w, p, taps, life);
	}
	if (untapped_free(w->c, y, before)) {
		taps[y]++;
		rc = after_drop(w, p, taps, life);
		taps[y]--;
		return rc;
	}
	return after_drop(w, p, taps, life);
}

/* Fetch y played from place p: held (a land that makes nothing), or
 * cracked for each land of the library it finds. */
static int fetch(struct grow *w, const struct place *p, size_t y, uint32_t life)
{
	const struct odds_group *f = &w->c->g[y];
	uint8_t taps[MF_ODDS_LAND_KINDS_MAX];
	struct place q = *p;
	int rc;

	memcpy(taps, p->bf, w->c->n_groups);
	q.hand[y]--;
	q.bf[y]++;
	rc = after_drop(w, &q, taps, life);  /* held */
	q.bf[y]--;
	for (size_t z = 0; z < w->c->n_groups && !rc; z++) {
		struct place x = q;

		if (!(f->finds >> z & 1) || p->found[z] >= w->lib[z])
			continue;
		x.found[z]++;
		x.bf[z]++;
		if (f->fetch_tapped) {
			bool up = f->untap_at && lands_out(w->c, p->bf) + 1 >= f->untap_at;

			taps[z] += up;
			rc = after_drop(w, &x, taps, life + f->fetch_life);
			taps[z] -= up;
		} else {
			rc = enters(w, &x, z, p->bf, taps, life + f->fetch_life);
		}
	}
	return rc;
}

/* Bounce land y played from place p: it enters tapped and returns each
 * land there (itself too) to the hand, which makes no mana this turn. */
static int bounce(struct grow *w, const struct place *p, size_t y, uint32_t life)
{
	uint8_t taps[MF_ODDS_LAND_KINDS_MAX];
	int rc = MF_OK;

	for (size_t z = 0; z < w->c->n_groups && !rc; z++) {
		struct place q = *p;

		q.hand[y]--;
		q.bf[y]++;
		if (!q.bf[z])
			continue;
		q.bf[z]--;
		q.hand[z]++;
		memcpy(taps, p->bf, w->c->n_groups);
		if (z != y)
			taps[z]--;
		rc = after_drop(w, &q, taps, life);
	}
	return rc;
}

/* Every land drop of place p (its draw taken) on this turn. */
static int drops(struct grow *w, const struct place *p, uint32_t life)
{
	uint8_t taps[MF_ODDS_LAND_KINDS_MAX];
	int rc;

	memcpy(taps, p->bf, w->c->n_groups);
	rc = after_drop(w, p, taps, life);  /* no land */
	for (size_t y = 0; y < w->c->n_groups && !rc; y++) {
		struct place q;

		if (!p->hand[y])
			continue;
		if (w->c->g[y].drop == ODDS_DROP_FETCH) {
			rc = fetch(w, p, y, life);
			continue;
		}
		if (w->c->g[y].drop == ODDS_DROP_BOUNCE) {
			rc = bounce(w, p, y, life);
			continue;
		}
		q = *p;
		q.hand[y]--;
		q.bf[y]++;
		rc = enters(w, &q, y, p->bf, taps, life);
	}
	return rc;
}

/* Turn w->t of every place of `from` (the places after the turn before):
 * the draw, then every drop; places whose fetches found more than the
 * library holds are dropped. */
static int grow_turn(struct grow *w, const struct ramp_places *from, uint8_t draw)
{
	const struct odds_ramp *r = w->c->ramp;
	int rc = MF_OK;

	for (size_t i = 0; i < from->n && !rc; i++) {
		const uint8_t *key = from->keys + i * from->len;
		struct place p;
		bool gone = false;

		if (!mf_odds_charge(w->c, 1))
			return MF_ERR_LIMIT;
		place_unpack(w->c, key, &p);
		for (size_t z = 0; z < w->c->n_groups; z++)
			gone |= p.found[z] > w->lib[z];
		if (gone)
			continue;
		if (draw < w->c->n_groups)
			p.hand[draw]++;
		else if (draw >= ODDS_SOURCE_CARD && draw < ODDS_SOURCE_CARD + r->n)
			p.src_hand[draw - ODDS_SOURCE_CARD]++;
		rc = drops(w, &p, from->life[i]);
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* The game                                                            */

uint64_t mf_odds_ramp_most(const struct odds_ctx *c, const struct odds_game *g)
{
	const struct odds_ramp *r = c->ramp;
	uint64_t most = 0;

	for (size_t k = 0; k < r->n; k++)
		most += (uint64_t)g->hand_src[k] * r->s[k].most;
	for (uint32_t t = 1; t <= g->turn; t++) {
		uint8_t d = g->draws[t - 1];

		if (d >= ODDS_SOURCE_CARD && d < ODDS_SOURCE_CARD + r->n &&
		    (t < g->turn || r->s[d - ODDS_SOURCE_CARD].taps_now))
			most += r->s[d - ODDS_SOURCE_CARD].most;
	}
	return most;
}

/* Whether a board of the finals pays c's spell, with the life paid to
 * reach it: 1, 0 or a negative mf_status. */
static int pays_spell(struct odds_ctx *c)
{
	const struct odds_ramp *r = c->ramp;
	const struct ramp_places *f = &r->sh->finals;

	for (size_t i = 0; i < f->n; i++) {
		struct ramp_board b;
		uint64_t most = 0;
		uint32_t pay;
		int rc;

		if (!mf_odds_charge(c, 1))
			return MF_ERR_LIMIT;
		board_unpack(c, f->keys + i * f->len, &b);
		/* the most mana the board makes, short of the least the cost
		 * takes: no search (a Tron piece may make more than its mana) */
		for (size_t g = 0; g < c->n_groups; g++)
			most += (uint64_t)b.lands[g] * (r->tron_piece[g] >= 0 ? 7 : c->g[g].mana);
		for (size_t k = 0; k < r->n; k++)
			most += (uint64_t)(b.ready[k] + b.hand[k]) * r->s[k].most;
		if (most < c->mana_needed)
			continue;
		rc = mf_odds_ramp_spell(c, &b, &pay);
		if (rc)
			return rc;
		if (pay != UINT32_MAX && (uint64_t)f->life[i] + pay < c->q->life)
			return 1;
	}
	return 0;
}

/* Whether game g, its library lib (by group), is the one c's line holds,
 * grown to before its turn: the same hand and draws so far, and no land in
 * lib that the library the places were grown with lacked (a game of the
 * same first draws that draws a land later leaves it in the library
 * longer: places that fetch it were never made). */
static bool same_game(const struct odds_ctx *c, const struct odds_game *g, const uint8_t *lib)
{
	const struct ramp_line *l = c->ramp->sh->line;

	if (!l->valid || l->done >= g->turn || memcmp(l->hand, g->hand, c->n_groups) ||
	    (c->ramp->n && memcmp(l->hand_src, g->hand_src, c->ramp->n)) ||
	    memcmp(l->draws, g->draws, l->done))
		return false;
	for (size_t z = 0; z < c->n_groups; z++)
		if (lib[z] > l->lib[z])
			return false;
	return true;
}

/* Starts c's line on game g: one place before turn 1, its hand. */
static int start_game(struct odds_ctx *c, const struct odds_game *g)
{
	struct odds_ramp *r = c->ramp;
	struct ramp_line *l = r->sh->line;
	struct grow w = { .c = c };
	struct place p;

	memcpy(l->hand, g->hand, c->n_groups);
	if (r->n)
		memcpy(l->hand_src, g->hand_src, r->n);
	l->done = 0;
	l->cur = 0;
	l->valid = true;
	l->finals_turn = 0;
	mf_odds_places_clear(&r->sh->lines[0]);
	memset(&p, 0, sizeof(p));
	memcpy(p.hand, g->hand, c->n_groups);
	if (r->n)
		memcpy(p.src_hand, g->hand_src, r->n);
	w.to = &r->sh->lines[0];
	return keep_place(&w, &p, 0);
}

int mf_odds_castable_ramp(struct odds_ctx *c, const struct odds_game *g)
{
	struct odds_ramp *r = c->ramp;
	struct ramp_line *l = r->sh->line;
	uint8_t lib[MF_ODDS_LAND_KINDS_MAX];
	struct grow w = { .c = c, .lib = lib };
	int rc = MF_OK;

	if (!l && !(l = r->sh->line = calloc(1, sizeof(*l))))
		return MF_ERR_NOMEM;
	r->overflow = false;
	/* the library: every land not seen by the turn asked */
	for (size_t z = 0; z < c->n_groups; z++)
		lib[z] = (uint8_t)(c->g[z].count - g->hand[z]);
	for (uint32_t t = 1; t <= g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			lib[g->draws[t - 1]]--;
	if (!same_game(c, g, lib) && (rc = start_game(c, g)) != MF_OK) {
		l->valid = false;
		return rc;
	}
	memcpy(l->lib, lib, c->n_groups);  /* it only shrinks: the places grow with it */
	/* the places after each turn before the turn asked */
	while (l->done + 1 < g->turn && !rc) {
		w.t = l->done + 1;
		w.to = &r->sh->lines[1 - l->cur];
		mf_odds_places_clear(w.to);
		rc = grow_turn(&w, &r->sh->lines[l->cur], g->draws[w.t - 1]);
		if (!rc)
			rc = mf_odds_ramp_skyline(c, w.to, false);
		l->draws[w.t - 1] = g->draws[w.t - 1];
		l->cur = 1 - l->cur;
		l->done = w.t;
	}
	/* the boards of the turn asked, once for every spell of the deck */
	if (!rc && (l->finals_turn != g->turn || l->finals_draw != g->draws[g->turn - 1])) {
		w.t = g->turn;
		w.last = true;
		mf_odds_places_clear(&r->sh->finals);
		l->finals_turn = 0;
		rc = grow_turn(&w, &r->sh->lines[l->cur], g->draws[g->turn - 1]);
		if (!rc)
			rc = mf_odds_ramp_skyline(c, &r->sh->finals, true);
		if (!rc) {
			l->finals_turn = g->turn;
			l->finals_draw = g->draws[g->turn - 1];
		}
	}
	if (rc) {
		l->valid = false;
		return rc;
	}
	return pays_spell(c);
}
