/*
 * Exhaustive reference for the camelot solver (tests only).
 *
 * Written from the SPOJ CAMELOT statement, not from src/camelot: a concrete
 * 4x4 board whose slot rules come from row and column (K in corners, Q in
 * the middle of the first and last rows, J in the middle of the first and
 * last columns, numbers anywhere), played one move at a time: each dealt
 * card goes to any empty slot it may take; in a removal phase the moves are
 * "remove one 10", "remove two cards adding up to 10" and "end the phase"
 * (allowed once something was removed, or when the deck is empty). The
 * game is won when the deck is empty, the last phase has ended and only
 * J, Q and K remain.
 *
 * Unlike the solver it remembers where every card sits; the only help it
 * gets is a memo of losing states in which the four slots of a class are
 * compared as a multiset (they are interchangeable by the rules). It is
 * much slower than the solver, so it takes a node budget and reports when
 * a deal exceeds it rather than guessing.
 *
 * It also plays a relaxed game, CAMELOT_BRUTE_ANY_SLOT, where any card may
 * go to any empty slot (all 16 slots then compare as one multiset). The
 * solver claims the slot rules never change the answer (see
 * src/camelot/camelot_int.h); the tests check the relaxed game against the
 * solver on every deal, and the real one wherever it fits the budget.
 */
#ifndef MANAFLOW_TESTS_CAMELOT_BRUTE_H
#define MANAFLOW_TESTS_CAMELOT_BRUTE_H

#include <stdint.h>

#include "manaflow/camelot.h"

enum camelot_brute_answer {
	CAMELOT_BRUTE_LOST = 0,
	CAMELOT_BRUTE_WON = 1,
	CAMELOT_BRUTE_BUDGET = -1,  /* more than `budget` states expanded */
	CAMELOT_BRUTE_NOMEM = -2,
};

enum camelot_brute_slots {
	CAMELOT_BRUTE_SLOT_RULES,   /* the game as stated */
	CAMELOT_BRUTE_ANY_SLOT,     /* the relaxed game */
};

/* Decides the deal (cards: values 1..13, 52 of them, four of each).
 * *nodes receives the number of states expanded (may be NULL). */
int camelot_brute_solve(const uint8_t *cards, enum camelot_brute_slots slots,
			uint64_t budget, uint64_t *nodes);

#endif
