/*
 * Replays a camelot line and checks that it is a legal, won game (tests
 * only). Written from the SPOJ CAMELOT statement, not from src/camelot.
 *
 * What it checks: every card of the deal is dealt once, in order, to an
 * empty slot it may take (K corners, Q middle of the first and last rows,
 * J middle of the first and last columns, numbers anywhere); a removal
 * phase comes exactly when the board is full or the deck is empty; its
 * slots, read in order, are removals of a single 10 or of a card and the
 * next one adding up to 10 (A = 1, faces never); a phase before the deck
 * is empty removes something; the line ends with the phase that follows
 * the last card, and then only J, Q and K are left.
 */
#ifndef MANAFLOW_TESTS_CAMELOT_REPLAY_H
#define MANAFLOW_TESTS_CAMELOT_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/camelot.h"

/* true when line[0..n) wins the deal cards[0..52) (values 1..13). On false,
 * why (size bytes, NUL-terminated) names the first step at fault. */
bool camelot_replay(const uint8_t *cards, const struct mf_camelot_step *line,
		    size_t n, char *why, size_t size);

#endif
