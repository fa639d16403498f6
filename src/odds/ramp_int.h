/*
 * Mana that is no land in the odds (issue 36): creatures and artifacts that
 * make mana (struct mf_odds_source), played beside the land drops. Shared
 * by the ramp files, each calling only those below it:
 *   ramp.c       one game's lines of play, turn by turn, and castability
 *   ramp_skyline.c  the places of a turn that no other place beats
 *   ramp_turn.c  one turn's mana: which sources a board casts, or whether
 *                it pays the spell (memoised by the board)
 *   ramp_model.c the sources read for the model (model.c calls it)
 *   ramp_places.c  a set of places (keys with the least life)
 *   ramp_pool.c  a pool of mana paying a cost (Hall's theorem)
 * docs/odds.md, "Mana that is no land", states the game.
 */
#ifndef MF_ODDS_RAMP_INT_H
#define MF_ODDS_RAMP_INT_H

#include "odds/odds_internal.h"

#define RAMP_TYPES MF_MANA_TYPES            /* W U B R G C */
#define RAMP_SETS (1u << RAMP_TYPES)         /* sets of mana types, bit t: type t */
#define RAMP_SYMBOLS_MAX 16                  /* symbols of a source's cost */
#define RAMP_WAYS_MAX 4096                   /* ways to pay a cost's Phyrexian and {2/C} */
#define RAMP_STATES_MAX 4096                 /* lines of play kept after a turn */
#define RAMP_STATES_LANDS 512                /* the same for a deck without sources,
					      * which drops.c's lines answer past it */
#define RAMP_POOLS_MAX 512                   /* pools one board's taps can fill */

/* One way to pay a cost from a pool: the life it takes (Phyrexian symbols
 * paid with 2 life each) and, for each set of mana types, how many of its
 * symbols only types of that set pay (a generic symbol: every type). A
 * pool pays it iff no set's demand passes the pool's mana of its types. */
struct ramp_way {
	uint32_t life;
	uint16_t total;                 /* mana it takes in all */
	uint16_t demand[RAMP_SETS];
	/* The tight sets: those (short of every type) of some demand that
	 * lose demand when any one type is taken out. Any other set holds
	 * just the symbols of the union of their types, a smaller set the
	 * pool supplies no more of, so its condition follows from that
	 * union's (a tight set, or every type: the total). Hall's condition
	 * is the tight sets' and the total's. */
	uint8_t tight[RAMP_SETS];
	uint8_t n_tight;
};

/* A cost as pools pay it: its ways, the least life first. */
struct ramp_cost {
	struct ramp_way *ways;
	size_t n_ways;
};

/* One mana pool: mana by type. */
struct ramp_pool {
	uint8_t mana[RAMP_TYPES];
};

/* A source as the game plays it (the query's, and what is read of it). */
struct ramp_source {
	const struct mf_odds_source *src;
	uint32_t count;                 /* copies in the deck */
	uint32_t mv;                    /* its cost's mana value (bottoming order; the most
					 * mana its cost takes, {2/C} as 2) */
	bool taps_now;                  /* an artifact that taps the turn it is cast */
	uint32_t most;                  /* its largest tap less its filter (0 at least) */
	struct ramp_cost cost;
};

/* What a board casts before the turn asked: sources cast (by kind) for
 * the least life. */
struct ramp_cast {
	uint8_t cast[MF_ODDS_SOURCE_KINDS_MAX];
	uint32_t life;
};

/* A set of places of the lines of play (ramp_places.c): keys of len bytes
 * kept densely (keys + i * len, life[i] for i < n), found by an index of
 * slots stamped with gen (a slot of another generation is empty). */
struct ramp_slot {
	uint32_t gen, index;
};
struct ramp_places {
	size_t len;
	uint8_t *keys;
	uint32_t *life;
	size_t n, cap;
	struct ramp_slot *slots;
	size_t n_slots;          /* a power of two, 4 cap */
	uint32_t gen;
	struct odds_heap *heap;  /* where its bytes are counted */
};

/* What the computations of the spells of one deck share (ramp_model.c's
 * mf_odds_ramp_share): the casts each board makes before the turn asked,
 * and the places of the game being played, which do not depend on the
 * spell. One thread uses it at a time; freed with its last user. */
struct ramp_shared {
	struct odds_table casts;        /* board -> where its casts are in cast_list */
	struct ramp_cast *cast_list;
	size_t n_casts, cap_casts;
	struct ramp_places lines[2];    /* the places before a turn and after it */
	struct ramp_places finals;      /* the boards of the turn asked, with the least
					 * life reaching each */
	struct ramp_line *line;         /* the game being played (ramp.c's, made there
					 * on first use; NULL before) */
	struct ramp_starts *starts;     /* a turn's start pools (ramp_turn.c's, made on
					 * its first search; NULL before) */
	unsigned refs;                  /* computations using it */
};

/* One computation's mana that is no land: its sources, the spell as pools
 * pay it, the turns' memos, and the lines of the game being played. */
struct odds_ramp {
	struct ramp_source s[MF_ODDS_SOURCE_KINDS_MAX];
	size_t n;
	struct ramp_cost spell;         /* the query's cost, X as its x */
	uint64_t spell_total;           /* the most mana any way of it takes */
	int8_t tron_piece[MF_ODDS_LAND_KINDS_MAX];  /* per group: which Urza's land, or -1 */
	uint8_t n_tron;                 /* pieces the catalogue has (0: no Tron) */
	struct ramp_shared *sh;         /* casts and places, maybe shared */
	struct odds_table pays;         /* board of turn T -> least life paying the spell (+1) */
	struct odds_table seen;         /* one turn's search: its places -> least life */
	int fast_most;                  /* the most other lands a fast land of the deck
					 * enters untapped with, -1 without one */
	/* The types of mana each search tells apart: a type no cost of it
	 * asks for only pays generic mana, so it is counted as one other
	 * such type (map[t]: the type t's mana counts as). */
	uint8_t spell_map[RAMP_TYPES];  /* the turn asked: the spell's and the costs of
					 * the sources that tap at once */
	uint8_t cast_map[RAMP_TYPES];   /* before it: the sources' costs */
	size_t places_max;              /* places kept after a turn: RAMP_STATES_MAX, or
					 * RAMP_STATES_LANDS without sources */
	bool overflow;                  /* the last game needed more places: its answer was
					 * MF_ERR_LIMIT, over_budget not set */
};

/* ramp_pool.c */

/* Fills *out with the ways of paying cost (x each {X}); MF_OK, MF_ERR_LIMIT
 * past RAMP_WAYS_MAX ways, MF_ERR_NOMEM. Free with mf_odds_ramp_cost_free(). */
int mf_odds_ramp_cost(const struct mf_mana_cost *cost, uint32_t x, struct ramp_cost *out);
void mf_odds_ramp_cost_free(struct ramp_cost *cost);

/* The least life with which pool pays cost (UINT32_MAX: it cannot). */
uint32_t mf_odds_ramp_pays(const struct ramp_cost *cost, const struct ramp_pool *pool);

/* Called with each pool left after paying the cost from a pool, and the
 * life that way took: 0 to go on, else stop with that value. */
typedef int (*ramp_rest_fn)(void *arg, const struct ramp_pool *rest, uint32_t life);

/* Each pool that paying cost from pool can leave, to fn with the life
 * that way took: every part of the pool of exactly the mana a way takes
 * that pays it, way by way, the least life first (a rest may come more
 * than once, from two ways). 0, or fn's value that stopped it. */
int mf_odds_ramp_rests(const struct ramp_cost *cost, const struct ramp_pool *pool, ramp_rest_fn fn,
		       void *arg);

/* Each pool that taking n mana of any types out of pool can leave (the
 * filter of a source), to fn with life 0; as mf_odds_ramp_rests(). */
int mf_odds_ramp_take(const struct ramp_pool *pool, uint32_t n, ramp_rest_fn fn, void *arg);

/* ramp_places.c */

/* An empty set of keys of len bytes counted in heap; allocates nothing. */
void mf_odds_places_init(struct ramp_places *p, size_t len, struct odds_heap *heap);
/* Frees what p holds; it is empty and usable again. */
void mf_odds_places_free(struct ramp_places *p);
/* Empties p, keeping its memory: one increment. */
void mf_odds_places_clear(struct ramp_places *p);
/* Keeps the least of key's life and `life`, adding key (*added) when new.
 * MF_OK, or MF_ERR_NOMEM (p unchanged; its heap may be over). */
int mf_odds_places_least(struct ramp_places *p, const uint8_t *key, uint32_t life, bool *added);
/* Keeps only the places keep[0, n_keep) (ascending indexes), in order. */
void mf_odds_places_keep(struct ramp_places *p, const uint32_t *keep, size_t n_keep);

/* ramp_skyline.c: keeps the places of p that no other place beats (a
 * turn's places; with boards, the boards of the turn asked), as the file
 * says. MF_OK, MF_ERR_LIMIT past the budget, MF_ERR_NOMEM. */
int mf_odds_ramp_skyline(struct odds_ctx *c, struct ramp_places *p, bool boards);

/* ramp_turn.c */

/* A board of one turn, after its land drop: the lands untapped by group,
 * the sources on the battlefield since an earlier turn and those in the
 * hand, by kind. */
struct ramp_board {
	uint8_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint8_t ready[MF_ODDS_SOURCE_KINDS_MAX];
	uint8_t hand[MF_ODDS_SOURCE_KINDS_MAX];
};

/* The sets of sources board b can cast from the hand on a turn before the
 * one asked, each with the least life: *casts points at *n of them (owned
 * by c's ramp, valid until its next call), none of them casting less of
 * every kind for no less life. MF_OK or a negative mf_status. */
int mf_odds_ramp_casts(struct odds_ctx *c, const struct ramp_board *b, const struct ramp_cast **casts,
		       size_t *n);

/* The least life with which board b, on the turn asked, pays the spell
 * (casting sources that tap at once first, when that helps) into *life
 * (UINT32_MAX: it cannot). MF_OK or a negative mf_status. */
int mf_odds_ramp_spell(struct odds_ctx *c, const struct ramp_board *b, uint32_t *life);

/* ramp.c */

/* The most mana game g's sources could add on its turn: each source of
 * the hand or drawn by then (a creature by the turn before), its largest
 * tap less its filter. A bound for drops.c's short_of_mana(). */
uint64_t mf_odds_ramp_most(const struct odds_ctx *c, const struct odds_game *g);

/* Whether some line of play casts the cost on g->turn in a deck with
 * sources (or of bounce lands and fetches): 1, 0 or a negative mf_status;
 * MF_ERR_LIMIT with c->ramp->overflow set (and over_budget not) when a turn
 * needs more than places_max places, for the caller to decide. Games asked
 * turn after turn reuse the lines of the turns before. */
int mf_odds_castable_ramp(struct odds_ctx *c, const struct odds_game *g);

/* ramp_model.c, for model.c: the ramp of c's query (c->q->n_sources > 0,
 * c's groups made) into c->ramp, or freed (harmless when NULL). MF_OK,
 * MF_ERR_INVALID (a source the model cannot hold), MF_ERR_LIMIT (a cost of
 * too many ways), MF_ERR_NOMEM. */
int mf_odds_ramp_new(struct odds_ctx *c);
void mf_odds_ramp_free(struct odds_ctx *c);

/* For the computations cs[0, k) of one sample: each with sources whose
 * deck, life and sources are those of an earlier one shares that one's
 * casts and places (their answers do not depend on the spell), its own
 * freed. Cannot fail. */
void mf_odds_ramp_share(struct odds_ctx *const *cs, size_t k);

#endif
