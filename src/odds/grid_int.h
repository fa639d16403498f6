/*
 * The dense grid's insides, shared by grid.c (the grid, its kept hands,
 * and mf_odds_grid()) and grid_walk.c (the turn-by-turn walk and its
 * castability memo). Nothing else includes it.
 *
 * One grid serves a batch of up to ODDS_BATCH_MAX members: queries of one
 * deck whose groups and kept hands are the same, that differ in cost,
 * turn and curve (many.c's mf_odds_compute_many()); a member whose cost
 * is within another's (model.c's mf_odds_cost_within()) is settled by it. The walk of the kept
 * hands is theirs in common; each (turn, cell, draw) of the memo is one
 * byte: bit k says whether member k casts, GRID_KNOWN that it was worked
 * out.
 */
#ifndef MF_ODDS_GRID_INT_H
#define MF_ODDS_GRID_INT_H

#include "odds/record_int.h"

#define GRID_CELLS_MAX (1u << 18)     /* cells of the grid */
#define GRID_MEMO_MAX (16u << 20)      /* bytes of castability memo */
#define GRID_KNOWN 0x80u               /* a memo byte that was worked out */
#define GRID_SEEN_MAX 32u              /* lands seen by the last turn: 7 + 20 < 32 */

/* A class of kept hands: what was bottomed, so what stays drawable. */
struct grid_class {
	uint8_t bottomed[MF_ODDS_LAND_KINDS_MAX];
	uint32_t bottomed_lands;
	uint32_t draw;          /* cards of the hand drawn (before bottoming) */
};

/* A kept hand: its class, the cell of its kept lands, its probability. */
struct grid_start {
	uint32_t class, cell;
	double p;
};

struct grid {
	struct odds_ctx *c;                /* the lead, members[0]: groups, heap, hands */
	struct odds_ctx *const *members;   /* n_members, ODDS_BATCH_MAX at most */
	size_t n_members;
	uint32_t last_turn;                /* the latest turn any member asks */
	/* per turn (index turn - 1), masks of members (bit k): */
	uint8_t ask[MF_ODDS_TURN_MAX];     /* tallied: the member's turn or its curve */
	uint8_t look[MF_ODDS_TURN_MAX];    /* looked up: asked, and not hopeless then */
	uint8_t care[MF_ODDS_TURN_MAX];    /* asking a later turn: a draw leaves the walk
					    * only when all of them cast */
	uint32_t absorb_lands[MF_ODDS_TURN_MAX]; /* the most lands those members need */
	/* by member k: those that cast whenever k casts (their costs ask for
	 * part of k's), and those that fail whenever k fails */
	uint8_t implied[ODDS_BATCH_MAX], implied_not[ODDS_BATCH_MAX];
	/* groups (bit z) a fetch of the deck can find, those of them that may
	 * enter tapped or for life (every group but an untapped one), and by
	 * group z the fetch groups that find it: a land seen on turn T is no
	 * longer in the library a fetch searches, which the shortcuts of
	 * grid_walk.c must heed */
	uint32_t fetchable, fragile;
	uint32_t finders[MF_ODDS_LAND_KINDS_MAX];
	/* by fragile group z: the groups whose lands, fetched before the turn
	 * asked, do all a land of z would (z among them: grid.c's does_all_of()) */
	uint32_t pool[MF_ODDS_LAND_KINDS_MAX];
	uint8_t fetch_group[MF_ODDS_LAND_KINDS_MAX];  /* the groups that find any */
	size_t n_fetch_groups;
	size_t n;                          /* groups */
	uint32_t stride[MF_ODDS_LAND_KINDS_MAX];
	uint32_t cells;
	uint8_t *digits;                   /* cells * n: the lands of each cell */
	uint8_t *lands;                    /* cells: how many lands */
	uint8_t *memo;                     /* blocks * cells * (n + 1) */
	uint8_t block[MF_ODDS_TURN_MAX];   /* turn - 1 -> memo block (turns looked up) */
	double *cur, *next;                /* cells: probability of each */
	/* mass[((turn - 1) * GRID_SEEN_MAX + seen) * 128 + pattern]: the
	 * probability of the draws of asked turns by lands seen and the members
	 * that cast them (those asking the turn) */
	double *mass;
	double absorbed[MF_ODDS_TURN_MAX]; /* cast on turn t by every member that cares */
	/* the cells of cur and of next, a bit each: walked in the order of
	 * their cells, so that the memo and the arrays are read forwards */
	uint64_t *live, *live_next;
	/* the cells (a bit each, with fragile groups only) whose games may
	 * leave the walk: mf_odds_grid_fetch_safe() of the fragile groups */
	uint64_t *absorbable;
	size_t words;
	struct odds_table classes;         /* class key -> index into class[] */
	struct grid_class *class;
	size_t n_class, cap_class;
	struct grid_start *start;
	size_t n_start, cap_start;
	size_t counted;                    /* bytes counted in c->heap, but classes' */
	struct odds_cache_key key;         /* of the kept hands, with the query's cache */
};

/* grid.c: whether no line of play casting with the lands of `cell` seen
 * can lose the land a fetch finds in a group of `groups` (a mask) when one
 * more of it is drawn on the turn asked (grid_walk.c says why it
 * matters): for each such group that a fetch of the cell finds, the
 * library keeps one land for each of the cell's fetches after that draw,
 * counting with `pooled` the lands of its pool. */
bool mf_odds_grid_fetch_safe(const struct grid *gr, uint32_t cell, uint32_t groups, bool pooled);

/* grid_walk.c: every turn of class k, whose kept hands are start[from..to),
 * into gr->mass and gr->absorbed. MF_OK or a negative mf_status. */
int mf_odds_grid_walk_class(struct grid *gr, size_t k, size_t from, size_t to);

#endif
