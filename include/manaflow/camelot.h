/*
 * manaflow camelot: can this 52-card Camelot deal be won, and how?
 *
 * The rules are those of SPOJ problem CAMELOT (FCEyN UBA ICPC Selection
 * 2010). A deal is the order in which the 52 cards (four of each value
 * A 2 3 4 5 6 7 8 9 10 J Q K, suits ignored) leave the deck. The player sees
 * the whole order, chooses the slot of each dealt card on a 4x4 board and
 * what to remove in each removal phase; the solver answers whether some
 * choice wins and returns one winning line.
 *
 * How the rules are read (the statement leaves the last point open; the
 * issue that asked for this service settles it):
 *  - Slots: K only in the four corners, Q only in the middle two slots of the
 *    first and last rows, J only in the middle two slots of the first and
 *    last columns; A..10 in any empty slot, the four centre slots included.
 *  - A dealing phase deals one card at a time until the board is full or
 *    the deck is empty; a card with no empty slot it may take loses.
 *  - Then a removal phase: any number of removals of a single 10 or of two
 *    cards adding up to 10 (A counts 1; J, Q, K are never removed), in any
 *    order, stopping whenever the player likes.
 *  - A removal phase that removes nothing loses, except the last one (the
 *    one that starts because the deck is empty): the game is then won when
 *    only J, Q and K are left, whether or not that phase removed anything.
 *    The stricter reading (the last phase must remove something too) gives
 *    the same answer for every deal (src/camelot/search.c proves it), and
 *    every line returned here removes something in every phase, so it is
 *    a win under both readings.
 *  - After a removal phase the next dealing phase starts unless the deck is
 *    empty, in which case the game is over.
 *
 * How: a depth-first search over (cards dealt, multiset of numbers on the
 * board) with a memo of losing states; where the cards sit is chosen
 * afterwards (src/camelot/camelot_int.h explains why that never loses a
 * win), and the line is checked against the rules before it is returned.
 *
 * Threads: no global state; every call works on its own arguments only.
 * Ownership: every struct here is plain data owned by the caller; nothing
 * is allocated for the caller and nothing needs freeing.
 */
#ifndef MANAFLOW_CAMELOT_H
#define MANAFLOW_CAMELOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MF_CAMELOT_DECK_SIZE 52   /* cards in a deal */
#define MF_CAMELOT_COPIES 4       /* copies of each value */
#define MF_CAMELOT_SIDE 4         /* the board is SIDE x SIDE slots */
#define MF_CAMELOT_SLOTS 16

/* Card values: 1 is the ace, 10 the ten (written '0'), then the faces. */
#define MF_CAMELOT_ACE 1
#define MF_CAMELOT_TEN 10
#define MF_CAMELOT_JACK 11
#define MF_CAMELOT_QUEEN 12
#define MF_CAMELOT_KING 13
#define MF_CAMELOT_VALUES 13

/*
 * Default cap on search nodes (states expanded) for one solve, which bounds
 * its time (about 10 microseconds a node on hard deals, so about a second)
 * and memory (a memo of at most 2^18 words, 2 MiB). Of 1,000,000 random
 * deals the one that needed most took 7,064 nodes (median 12); a hill-climb
 * over deal orders searching for hard deals found one needing 18,952. A
 * solve that reaches the cap returns MF_ERR_LIMIT, never a guess.
 */
#define MF_CAMELOT_NODE_BUDGET 100000

/*
 * The most heap one mf_camelot_solve() with this node budget (0:
 * MF_CAMELOT_NODE_BUDGET) holds at once: the memo of losing states (at most
 * one a node, 8 bytes a slot, kept at most half full, and both tables
 * while it doubles), the search's state, and 64 KiB for the allocator's
 * rounding. With the default budget, 3 MiB and 64 KiB (3,211,264 bytes)
 * and the search's state. Stack not included. The search never grows the
 * memo past this: every node it expands adds at most one state.
 */
MF_EXPORT size_t mf_camelot_working_set(uint64_t node_budget);

/* A bound of mf_camelot_working_set(0), for a constant: 3.25 MiB. */
#define MF_CAMELOT_WORKING_SET_MAX ((size_t)13 << 18)

/* Steps of a line: 52 deals plus at most one removal phase for each of the
 * 40 number cards, plus the final phase. */
#define MF_CAMELOT_LINE_MAX (MF_CAMELOT_DECK_SIZE + 40 + 1)

/* A deal: cards[0] is dealt first. Values 1..13 as above. */
struct mf_camelot_deal {
	uint8_t cards[MF_CAMELOT_DECK_SIZE];
};

/* Where parsing a deal went wrong. */
struct mf_camelot_parse_error {
	size_t position;    /* 1-based character of the deal at fault; for a
			     * wrong length, the first missing or extra one */
	char reason[160];   /* one English sentence, no trailing newline */
};

/* The character of a value ("A234567890JQK"), '?' outside 1..13. */
MF_EXPORT char mf_camelot_card_char(uint8_t value);

/* The value of a card character, or 0 when c is not one of A234567890JQK
 * (lower case is not accepted). */
MF_EXPORT uint8_t mf_camelot_card_value(char c);

/*
 * Parse a deal in the SPOJ notation: exactly 52 characters from
 * A234567890JQK, four of each, first card first (text need not be
 * NUL-terminated; len is its length in bytes). Checks, in order: a
 * character that is not a card, the length, a fifth copy of a value.
 * Returns MF_OK and fills *out, or MF_ERR_INVALID with err naming the
 * position and the problem (out is then unspecified).
 */
MF_EXPORT int mf_camelot_deal_parse(const char *text, size_t len,
				    struct mf_camelot_deal *out,
				    struct mf_camelot_parse_error *err);

/* Writes the 52-character notation of deal into buf (NUL-terminated,
 * truncated to size); returns the length it needed (52). */
MF_EXPORT size_t mf_camelot_deal_format(const struct mf_camelot_deal *deal,
					char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Solving                                                             */

struct mf_camelot_slot {
	uint8_t row;   /* 0..3, top to bottom */
	uint8_t col;   /* 0..3, left to right */
};

enum mf_camelot_step_kind {
	MF_CAMELOT_STEP_DEAL,     /* the next card of the deck goes to slot */
	MF_CAMELOT_STEP_REMOVE,   /* one whole removal phase */
};

struct mf_camelot_step {
	enum mf_camelot_step_kind kind;
	uint8_t card;                   /* DEAL: the value dealt */
	struct mf_camelot_slot slot;    /* DEAL: where it goes */
	uint8_t n_removed;              /* REMOVE: slots cleared (0 only in the
					 * final phase) */
	/* REMOVE: the slots cleared, in the order of the removals: a 10 alone,
	 * any other card followed by the partner it adds up to 10 with. */
	struct mf_camelot_slot removed[MF_CAMELOT_SLOTS];
};

struct mf_camelot_options {
	uint64_t node_budget;   /* 0: MF_CAMELOT_NODE_BUDGET */
	const struct mf_stop *stop;  /* NULL, or the caller's stop: MF_ERR_STOPPED */
};

struct mf_camelot_result {
	bool winnable;
	uint64_t nodes;         /* canonical states the search expanded */
	size_t n_line;          /* 0 unless winnable */
	/* When winnable: the whole game, every card dealt and every removal
	 * phase in order, ending with the final removal phase. */
	struct mf_camelot_step line[MF_CAMELOT_LINE_MAX];
};

/*
 * Decide one deal. opts may be NULL for the defaults. On MF_OK *out says
 * whether the deal is winnable and, when it is, holds a winning line.
 * MF_ERR_INVALID: the deal is not four copies of each value 1..13.
 * MF_ERR_LIMIT: the search reached the node budget before deciding (out
 * says neither yes nor no: winnable is false and n_line 0, nodes is set);
 * also returned, as a safety net, if a line found fails the rules check
 * (a bug that no test has ever shown).
 * MF_ERR_STOPPED: opts->stop was raised (looked at every 256 positions).
 * MF_ERR_NOMEM: the search's table could not be allocated.
 * The search allocates its memo table per call and frees it before
 * returning.
 */
MF_EXPORT int mf_camelot_solve(const struct mf_camelot_deal *deal,
			       const struct mf_camelot_options *opts,
			       struct mf_camelot_result *out);

#ifdef __cplusplus
}
#endif

#endif
