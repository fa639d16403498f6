/*
 * Internals shared by the camelot search (search.c), its memo table
 * (memo.c) and the builder of concrete winning lines (line.c).
 *
 * Why the search can forget where cards sit
 * -----------------------------------------
 * Slots fall into four classes of four: the corners (kings), the Q slots,
 * the J slots and the centre (numbers only). Number cards may go anywhere;
 * only faces are restricted. Take any plan that says, for every number
 * card, in which phase it is dealt (a) and in which removal phase it goes
 * (b), and let each face claim one slot of its class for good from the
 * phase it is dealt in. A face dealt in phase f leaves its slot to numbers
 * with b <= f - 1 only: call that the slot's deadline; centre slots have
 * none. Placing the numbers is then interval scheduling on 16 machines
 * that are each open from the start up to their deadline. Read time
 * backwards: a machine opens at its deadline and stays open, and the
 * intervals start at b. Giving each interval, in that order, any open
 * machine that is free cannot get stuck as long as, at every phase, the
 * numbers present at the end of its dealing are no more than the slots no
 * face has claimed yet. That count is exactly what a dealing phase fills
 * up to: it stops when the board is full. So every plan of removals can be
 * placed on the real board, and the placement is chosen afterwards
 * (line.c does it, by the same backwards greedy).
 *
 * Hence a state is the deck position and the multiset of number cards on
 * the board, nothing else: the faces on the board are the faces dealt so
 * far, wherever they sit. The brute-force reference in
 * tests/reference/camelot_brute.c searches concrete boards with the slot
 * rules and checks this claim on thousands of deals.
 */
#ifndef MF_CAMELOT_INT_H
#define MF_CAMELOT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "manaflow/camelot.h"

#define CM_NUMBERS 10   /* number values 1..10 */

/* Number cards on the board, per value 1..10 (index 0 unused). */
struct mf_camelot_board {
	uint8_t count[CM_NUMBERS + 1];
};

/* One dealing phase and the removal phase after it, as the search chose
 * them: cards [start, end) were dealt and removed[v] cards of value v left
 * the board (in the final phase, everything that was left). */
struct mf_camelot_phase {
	uint8_t start;
	uint8_t end;
	uint8_t removed[CM_NUMBERS + 1];
};

/* Phases of one game: each non-final phase removes at least one of the 40
 * number cards, plus the final phase. */
#define CM_PHASES_MAX 41

/* ------------------------------------------------------------------ */
/* Memo: a set of (position, board) states known to lose.              */

struct mf_camelot_memo;

/* A new empty set, or NULL when out of memory. */
struct mf_camelot_memo *mf_camelot_memo_new(void);
void mf_camelot_memo_free(struct mf_camelot_memo *memo);

/* Packs a state into one word: 3 bits per value count, then pos. */
uint64_t mf_camelot_state_key(uint8_t pos, const struct mf_camelot_board *board);

/* true when key was added before. */
bool mf_camelot_memo_has(const struct mf_camelot_memo *memo, uint64_t key);

/* The most bytes a set that is given at most `entries` keys holds at once
 * (the old and the new table while it doubles), the set's own struct
 * included. */
size_t mf_camelot_memo_bytes_max(uint64_t entries);

/* Adds key; returns 0, or -1 when growing the table failed (the set is
 * unchanged and still usable). */
int mf_camelot_memo_add(struct mf_camelot_memo *memo, uint64_t key);

/* ------------------------------------------------------------------ */
/* Lines                                                               */

/* The four classes of slots, and which one a face must go to. */
enum mf_camelot_class { CM_CORNER, CM_QSLOT, CM_JSLOT, CM_CENTRE, CM_CLASSES };

/* The class of a slot on the 4x4 board. */
enum mf_camelot_class mf_camelot_slot_class(uint8_t row, uint8_t col);

/* The class a face must go to, or CM_CLASSES for a number card. */
enum mf_camelot_class mf_camelot_face_class(uint8_t value);

/*
 * Turns the phases of a won game into concrete steps: every card dealt to
 * a slot and every removal phase with its slots, the pairs spelled out.
 * Returns the number of steps written to line (at most
 * MF_CAMELOT_LINE_MAX), or -1 when the phases do not make a legal game
 * (a bug: the caller must not answer then).
 */
int mf_camelot_line_build(const struct mf_camelot_deal *deal,
		  const struct mf_camelot_phase *phases, int n_phases,
		  struct mf_camelot_step *line);

#endif
