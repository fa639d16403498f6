/*
 * Internal view of one odds computation, shared by the odds modules.
 *
 * The files, in the order a computation walks them (each calls only files
 * below it in this list, never back up; the `calls` test holds the room
 * to having no two files that call each other, directly or round a loop):
 *   sources.c Karsten's table (mf_odds_sources), over mf_odds_compute()
 *   many.c    mf_odds_compute_many(): queries of one deck, in batches
 *   odds.c    mf_odds_compute(): model, then exact or sampled, then figures
 *   estimate.c  the exact count's size, before any work (method auto)
 *   sampled.c  a sample's answers: batches of games until precise
 *   sample.c  shuffled games, shared by the spells of a deck
 *   reuse.c   when a game is a recorded game of another deck
 *   deal.c    one game's cards
 *   strata.c  the exact law of lands seen, and the sample's estimate by it
 *   exact.c   the distribution of what was seen, turn by turn
 *   grid.c    the same on a dense grid (no bounce lands; most decks)
 *   grid_walk.c  the grid's walk, turn by turn, and its castability memo
 *   cache.c   the grid's kept hands, shared by the spells of a deck
 *   record.c  a sample's answers game by game, for a deck a few cards apart
 *   hands.c   every kept hand of every mulligan stage (for both)
 *   keep.c    one hand: keep or mulligan, and London bottoming
 *   drops.c   one game's land drops: castable on turn T or not (memoised)
 *   lines.c   the lines of play of a game with a bounce land (for drops.c)
 *   ramp.c, ramp_skyline.c, ramp_turn.c  mana that is no land: every line
 *             of a game turn by turn (ramp_int.h lists them)
 *   most.c    the most mana k lands of a pool make (a bound)
 *   field.c   one battlefield of turn T: its fetches and T's land drop
 *   model.c   the query read into groups and stages (read by all above),
 *             and the one cost implication
 *   ramp_model.c, ramp_places.c, ramp_pool.c  the sources read, the set
 *             of places, a pool paying a cost
 *   pay.c     the least life a set of untapped lands pays the cost with
 *   table.c   the hash table every memo and the distribution use
 *   delay.c   a spell's mean delay from its curve (arithmetic only)
 *
 * This header holds what every part reads: the model (groups, stages, the
 * context, the budget), the kept hands, one game's castability, the exact
 * count. Beside it, each included by the part it serves: table_int.h the
 * heap and the hash table (included here), record_int.h the cache of kept
 * hands and the sample's record, sample_int.h the sample (strata, members,
 * deal, reuse), grid_int.h the dense grid, ramp_int.h mana that is no land.
 */
#ifndef MF_ODDS_INTERNAL_H
#define MF_ODDS_INTERNAL_H

#include "manaflow/odds.h"
#include "odds/table_int.h"

struct odds_ramp;  /* ramp_int.h */

#define ODDS_SPELL 0xff  /* a card that is no land, in a sampled deck or a draw */
#define ODDS_NONE 0xfe   /* no draw this turn */
#define ODDS_SOURCE_CARD 0xc0  /* source s of the query (a card that is no land but
				* makes mana), dealt or drawn: ODDS_SOURCE_CARD + s */

/* How a land behaves when played on turn T itself (docs/odds.md). Played
 * earlier, every land is untapped on turn T. */
enum odds_drop {
	ODDS_DROP_UNTAPPED,  /* pays at once */
	ODDS_DROP_TAPPED,    /* never pays on the turn it is played */
	ODDS_DROP_LIFE,      /* pays for untap_life life (a shock land 2, an MDFC
			      * land face 3) */
	ODDS_DROP_CHECK,     /* pays if a land with one of `check` types is out */
	ODDS_DROP_FAST,      /* pays with at most `etb_lands` other lands (fast lands 2) */
	ODDS_DROP_SLOW,      /* pays with at least `etb_lands` other lands (slow lands 2) */
	ODDS_DROP_FETCH,     /* a fetch land: see the fetch fields */
	ODDS_DROP_BOUNCE,    /* enters tapped and returns a land you control */
};

/* Lands that behave alike for the cost and for the land drops. Groups are
 * in bottoming order among lands of equal colours and tapped-ness. */
struct odds_group {
	int32_t land;       /* a catalogue index standing for the group */
	uint32_t count;     /* copies in the deck */
	uint8_t colors;     /* cost colours the group makes (bottoming) */
	bool tapped;        /* enters tapped (bottoming: such lands go first) */
	uint8_t drop;       /* enum odds_drop */
	uint8_t check;      /* ODDS_DROP_CHECK: the basic land types it looks for */
	uint8_t etb_lands;  /* ODDS_DROP_FAST and _SLOW: the count of other lands */
	uint8_t types;      /* its basic land types (check lands read them) */
	uint8_t found;      /* its basic land types, | MF_MANA_FETCH_BASIC if basic:
			     * a fetch finds it iff this meets its fetch_types */
	uint8_t fetch_types, fetch_life, untap_at;
	bool fetch_tapped;
	uint8_t untap_life; /* ODDS_DROP_LIFE: the life it pays to enter untapped */
	uint8_t mana;       /* the most mana one land of it makes (a fetch: 0) */
	uint8_t reach;      /* the most it makes in play: mana, or a fetch's best find */
	uint32_t finds;     /* a fetch: bit z for each group z it can find */
	uint8_t kind;       /* the query's index of the group's first land */
	uint8_t one_mana;   /* mf_odds_one_mana_types() of its land (pay.c) */
	bool fixed;         /* mf_odds_fixed_mana() of its land, into made[] */
	uint8_t made[MF_MANA_TYPES];
	uint32_t beaten_by; /* groups that serve as well once fetched (model.c) */
};

/* One attempt at a hand: draw `draw` cards, bottom `bottom` of them, keep
 * with lo..hi lands (keep_any: always). */
struct odds_stage {
	uint8_t draw, bottom, lo, hi;
	bool keep_any;
};

struct odds_ctx {
	const struct mf_odds_query *q;
	struct odds_group g[MF_ODDS_LAND_KINDS_MAX];
	size_t n_groups;
	uint8_t kind_group[MF_ODDS_LAND_KINDS_MAX];  /* the group of the query's land i */
	uint32_t spells;        /* cards that are no land */
	uint32_t lands;         /* lands in the deck */
	uint32_t last_turn;     /* the latest turn computed: max(turn, curve) */
	bool draw_t1;           /* a draw on turn 1 */
	uint32_t lands_needed;
	uint64_t mana_needed;   /* the least mana any payment takes (Phyrexian: none) */
	uint8_t reach_top;      /* the largest reach of a group */
	bool plain_cost;        /* coloured, {C}, generic and {X} symbols only */
	struct odds_stage stages[5];
	size_t n_stages;
	bool bounce_in_deck;    /* the order of draws matters (drops.c) */
	struct odds_table castable;  /* drops.c: seen state -> castable (+1) */
	struct odds_table pays;      /* pay.c: untapped lands -> least life (+1) */
	int32_t *board;         /* pay.c scratch: the lands asked of the solver */
	void *frontiers;        /* lines.c scratch, made on first use */
	struct odds_ramp *ramp; /* the places of every line (ramp_int.h): with the query's
				 * sources, or for a deck of bounce lands and fetches
				 * (drops.c); NULL otherwise */
	uint64_t work, budget, solver_calls;
	bool over_budget;
	bool stopped;           /* q->stop was raised (seen by mf_odds_charge) */
	struct odds_heap heap;  /* the tables' and arrays' bytes, ODDS_HEAP_MAX */
};

/* model.c: what a fetch can find land l by: its basic land types, and
 * MF_MANA_FETCH_BASIC when it is basic (a fetch finds l iff its
 * fetch_types meet this). */
uint8_t mf_odds_found_by(const struct mf_mana_land *l);

/* model.c: land l's identity in a sample's deal: a hash of its name and of
 * every fact the model plays it by (how it enters on its turn, its types,
 * fetch, Tron and alternatives, these in any order), not of its catalogue
 * index. So a land given by name or as a card object, listed anywhere, is
 * dealt alike wherever the model plays it alike, and two lands of one name
 * that it plays differently are told apart. */
uint64_t mf_odds_land_id(const struct mf_mana_land *l);

/* model.c: source s's identity in a sample's deal, as a land's: a hash of
 * its name and of every fact the model plays it by; never 0. */
uint64_t mf_odds_source_id(const struct mf_odds_source *s);

/* model.c: the one cost implication: whether every payment of b's cost
 * pays a's too, so that a line of play that casts b casts a (models made,
 * of one deck). Both costs plain (coloured, {C}, generic and {X} symbols,
 * {X} as the query's x: no hybrid, Phyrexian or {2/C} choice), the same
 * life, and b asking for no less of each type of mana and no less in all.
 * The exact count's grid and the sample both imply by it. */
bool mf_odds_cost_within(const struct odds_ctx *a, const struct odds_ctx *b);

/* model.c: groups, stages and lands_needed from the query; MF_OK or an
 * mf_status (MF_ERR_INVALID, MF_ERR_LIMIT, MF_ERR_NOMEM). */
int mf_odds_model(struct odds_ctx *c, const struct mf_odds_query *q);
void mf_odds_model_free(struct odds_ctx *c);

/* Charges n work units; false (and over_budget set) past the budget, or
 * (stopped set) when the caller's stop is raised, which is looked at each
 * time the work passes a multiple of 4096 units. */
static inline bool mf_odds_charge(struct odds_ctx *c, uint64_t n)
{
	uint64_t before = c->work;

	c->work += n;
	if (c->work > c->budget)
		c->over_budget = true;
	else if ((c->work ^ before) >> 12 && mf_stop_raised(c->q->stop))
		c->stopped = true;
	return !c->over_budget && !c->stopped;
}

/* Charges work as if spent unit by unit: up to the unit past the budget,
 * where such spending would have stopped (work done once and reused, as
 * kept hands from the cache). False past the budget or when stopped. */
static inline bool mf_odds_charge_as_spent(struct odds_ctx *c, uint64_t work)
{
	if (c->work + work > c->budget)
		work = c->work < c->budget ? c->budget + 1 - c->work : 1;
	return mf_odds_charge(c, work);
}

/* keep.c: a hand of `draw` cards (spells, and held[g] lands of group g)
 * at stage st. Writes the kept lands to kept[] and returns true, or returns
 * false for a mulligan. */
bool mf_odds_keep(const struct odds_ctx *c, const struct odds_stage *st, uint32_t spells,
		  const uint8_t *held, uint8_t *kept);

/* keep.c: how many of a hand's `lands` lands (and `spells` spells) stage
 * st keeps after London bottoming. */
uint32_t mf_odds_lands_kept(const struct odds_ctx *c, const struct odds_stage *st, uint32_t lands,
			    uint32_t spells);

/* keep.c: whether stage st keeps a hand with lands_kept lands left. */
bool mf_odds_keeps(const struct odds_stage *st, uint32_t lands_kept);

/* hands.c: one kept hand, as mf_odds_hands() passes it on. */
struct odds_kept {
	const struct odds_stage *st;
	const uint8_t *held;   /* the hand's lands by group, before bottoming */
	const uint8_t *kept;   /* the lands kept */
	uint32_t spells;       /* the hand's spells, before bottoming */
	double p;              /* P(this hand is the one kept) */
};

/* Called for each kept hand: MF_OK to go on, else a negative mf_status. */
typedef int (*mf_odds_hand_fn)(void *arg, const struct odds_kept *k);

/* hands.c: every kept hand of every stage, with its probability, to fn;
 * MF_OK, or the first failure (MF_ERR_LIMIT past the budget). */
int mf_odds_hands(struct odds_ctx *c, mf_odds_hand_fn fn, void *arg);

/* hands.c: the binomial coefficient C(n, k) as a double (0 when k > n). */
double mf_odds_binom(uint32_t n, uint32_t k);

/* What one game showed by turn `turn`: the lands of the kept hand, and the
 * card drawn on each turn 1..turn (a group, ODDS_SPELL or ODDS_NONE). */
struct odds_game {
	const uint8_t *hand;   /* n_groups counts */
	const uint8_t *hand_src;  /* with sources: the kept hand's, by kind; else NULL */
	const uint8_t *draws;  /* draws[t - 1] for turn t (ODDS_SOURCE_CARD + s: source s) */
	uint32_t turn;
};

/* drops.c: whether some line of land drops casts the cost on g->turn:
 * 1, 0, or a negative mf_status (MF_ERR_LIMIT when the budget ran out).
 * Memoised on what the line of play can depend on. */
int mf_odds_castable(struct odds_ctx *c, const struct odds_game *g);

/* drops.c: whether some line of land drops casts the cost on `turn` in a
 * deck without bounce lands, seen[g] lands of each group seen before the
 * turn's draw and `last` drawn on it (a group, or ODDS_SPELL for a spell
 * or no draw): 1, 0 or a negative mf_status. Not memoised. */
int mf_odds_castable_seen(struct odds_ctx *c, const uint8_t *seen, uint8_t last, uint32_t turn);

/* lines.c: castable on g->turn when a bounce land arrives before it (the
 * order of the draws then matters); lib: the library for fetches. 1, 0 or
 * a negative mf_status. */
int mf_odds_castable_lines(struct odds_ctx *c, const struct odds_game *g, const uint8_t *lib);

/* field.c: battlefield s (lands by group, fetches unresolved) before turn
 * T's land drop, with hand[] to play it from (and no drop too, when
 * no_drop), lib the library for fetches: 1 when some resolution of the
 * fetches and some drop casts, 0 when none does, or a negative mf_status. */
int mf_odds_try_field(struct odds_ctx *c, const uint8_t *s, const uint8_t *hand, const uint8_t *lib,
		      bool no_drop);

/* field.c: the most mana one land of each group can make on turn T into
 * per[] (a fetch: the most of a land it can find in lib). */
void mf_odds_most_mana(const struct odds_ctx *c, const uint8_t *lib, uint32_t *per);

/* most.c: the lands of a pool by the most mana each makes: the distinct
 * amounts, most first, with how many lands make each; at[g] is group g's
 * amount's place, for the groups the pool holds. */
struct odds_by_mana {
	uint32_t mana[MF_ODDS_LAND_KINDS_MAX], lands[MF_ODDS_LAND_KINDS_MAX];
	uint8_t at[MF_ODDS_LAND_KINDS_MAX];
	size_t n;
};

/* most.c: pool's lands into b, by per[] (mf_odds_most_mana()); the most
 * mana k lands of b make (the most first); the most mana k lands of pool[]
 * make, per[g] each. */
void mf_odds_by_mana_init(const struct odds_ctx *c, const uint8_t *pool, const uint32_t *per,
			  struct odds_by_mana *b);
uint64_t mf_odds_by_mana_most(const struct odds_by_mana *b, uint32_t k);
uint64_t mf_odds_most_of(const struct odds_ctx *c, const uint8_t *pool, uint32_t k, const uint32_t *per);

/* pay.c: the types (bit t of W U B R G C) land l may make, when each way
 * of tapping it makes one mana for no life; else 0 (a fetch, a Tron land,
 * a land of two mana or one that may cost life). */
unsigned mf_odds_one_mana_types(const struct mf_mana_land *l);

/* pay.c: whether land l always makes the same mana (one way, for no life,
 * no fetch or Tron piece): made[t] of each type t then. */
bool mf_odds_fixed_mana(const struct mf_mana_land *l, uint8_t *made);

/* pay.c: sets *life to the least life with which the untapped lands on[g]
 * of each group pay the cost (UINT32_MAX: they cannot) and returns MF_OK;
 * or a negative mf_status (MF_ERR_LIMIT when the budget ran out).
 * Memoised. */
int mf_odds_least_life(struct odds_ctx *c, const uint8_t *on, uint32_t *life);

/* The sums of an enumeration or a sample, per turn 1..last_turn (index
 * turn - 1): P(enough lands by then) only for the turn asked. */
struct odds_tally {
	double lands, castable, both;          /* at q->turn */
	double by_turn[MF_ODDS_TURN_MAX];      /* P(castable) on each turn */
};

/* odds.c: whether mf_odds_compute() would count c's query exactly on the
 * grid (so that it may be counted in a batch with others). *estimate is the
 * exact count's estimate, worked out into it when UINT64_MAX (and the grid
 * fits); it depends on the kept hands, the draws, the last turn, the method
 * and the budget, not on the cost. */
bool mf_odds_takes_grid(struct odds_ctx *c, uint64_t *estimate);

/* odds.c: whether mf_odds_compute() samples c's query without trying an
 * exact count (method sample, or auto past its exact count's limits). */
bool mf_odds_samples_at_once(struct odds_ctx *c);

/* odds.c: what mf_odds_compute() answers for the queries of cs[0 .. k),
 * sampled together (mf_odds_sample_answers(), which says what kept is):
 * out[i] and rcs[i]. Their strata are counted in heap, where their tables
 * are; past its cap, a query fails as over its budget. */
struct odds_to_record;
void mf_odds_compute_sampled(struct odds_ctx *const *cs, size_t k, struct odds_heap *heap,
			     struct mf_odds_result *out, int *rcs, struct odds_to_record *kept);

/* odds.c: the answer of an exact count t of c's query, as
 * mf_odds_compute() gives it. */
void mf_odds_exact_result(const struct odds_ctx *c, const struct odds_tally *t,
			  struct mf_odds_result *out);

/* exact.c: the exact probabilities; MF_OK or a negative mf_status. */
int mf_odds_exact(struct odds_ctx *c, struct odds_tally *t);

/* The most queries one grid counts at once (a bit each in its memo). */
#define ODDS_BATCH_MAX 7

/* grid.c: whether mf_odds_grid() can count these queries together (no
 * bounce lands, and a small enough grid of lands seen): members[0 ..
 * n_members), n_members <= ODDS_BATCH_MAX, alike as mf_odds_grid() asks. */
bool mf_odds_grid_fits(struct odds_ctx *const *members, size_t n_members);

/* grid.c: the same probabilities as mf_odds_exact(), on a dense grid, for
 * each member into out[k]; MF_OK or a negative mf_status. Only when
 * mf_odds_grid_fits(). The members must have the same groups by count,
 * the same kept hands (their cache keys equal: ODDS_BATCH_MAX) and the
 * same draws; the grid's arrays are counted in members[0]'s heap, and the
 * walk is charged to each member as if it had walked alone. */
int mf_odds_grid(struct odds_ctx *const *members, size_t n_members, struct odds_tally *out);

/* estimate.c: about how many work units mf_odds_exact() would spend; once
 * the estimate passes `enough`, some figure above it (the rest is not
 * worked out). */
uint64_t mf_odds_exact_estimate(const struct odds_ctx *c, uint64_t enough);

#endif
