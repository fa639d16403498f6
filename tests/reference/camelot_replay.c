#include "camelot_replay.h"

#include <stdarg.h>
#include <stdio.h>

#define DECK 52
#define SIDE 4

static bool fail(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (size)
		vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return false;
}

/* The statement's placement rule for card at (row, col). */
static bool allowed(uint8_t card, int row, int col)
{
	bool top_or_bottom = row == 0 || row == SIDE - 1;
	bool left_or_right = col == 0 || col == SIDE - 1;

	if (card == 13)          /* K: corners */
		return top_or_bottom && left_or_right;
	if (card == 12)          /* Q: middle two of the first and last rows */
		return top_or_bottom && !left_or_right;
	if (card == 11)          /* J: middle two of the first and last columns */
		return left_or_right && !top_or_bottom;
	return card >= 1 && card <= 10;
}

bool camelot_replay(const uint8_t *cards, const struct mf_camelot_step *line,
		    size_t n, char *why, size_t size)
{
	uint8_t board[SIDE][SIDE] = { { 0 } };
	int dealt = 0, on_board = 0;
	bool over = false;

	for (size_t i = 0; i < n; i++) {
		const struct mf_camelot_step *st = &line[i];
		bool phase_due = dealt == DECK || on_board == SIDE * SIDE;
		int removed = 0;

		if (over)
			return fail(why, size, "step %zu: the game is already over", i);
		if (st->kind == MF_CAMELOT_STEP_DEAL) {
			int r = st->slot.row, c = st->slot.col;

			if (phase_due)
				return fail(why, size, "step %zu: a removal phase is due, not a deal", i);
			if (st->card != cards[dealt])
				return fail(why, size, "step %zu: deals %d but card %d of the deal is %d",
					    i, st->card, dealt + 1, cards[dealt]);
			if (r >= SIDE || c >= SIDE)
				return fail(why, size, "step %zu: slot (%d,%d) is off the board", i, r, c);
			if (board[r][c])
				return fail(why, size, "step %zu: slot (%d,%d) is taken", i, r, c);
			if (!allowed(st->card, r, c))
				return fail(why, size, "step %zu: card %d may not go to (%d,%d)",
					    i, st->card, r, c);
			board[r][c] = st->card;
			dealt++;
			on_board++;
			continue;
		}
		if (st->kind != MF_CAMELOT_STEP_REMOVE)
			return fail(why, size, "step %zu: unknown kind", i);
		if (!phase_due)
			return fail(why, size, "step %zu: a removal phase before the board is full", i);
		if (st->n_removed > SIDE * SIDE)
			return fail(why, size, "step %zu: too many slots", i);
		for (int k = 0; k < st->n_removed; k++) {
			const struct mf_camelot_slot *a = &st->removed[k];
			int va, vb;

			if (a->row >= SIDE || a->col >= SIDE || !board[a->row][a->col])
				return fail(why, size, "step %zu: slot %d of the removal is empty or off the board", i, k);
			va = board[a->row][a->col];
			if (va == 10) {
				board[a->row][a->col] = 0;
				removed++;
				continue;
			}
			if (va > 10 || k + 1 >= st->n_removed)
				return fail(why, size, "step %zu: card %d at slot %d of the removal has no partner",
					    i, va, k);
			const struct mf_camelot_slot *b = &st->removed[k + 1];

			if (b->row >= SIDE || b->col >= SIDE || !board[b->row][b->col] ||
			    (b->row == a->row && b->col == a->col))
				return fail(why, size, "step %zu: the partner of slot %d is empty or off the board", i, k);
			vb = board[b->row][b->col];
			if (va + vb != 10 || vb > 10)
				return fail(why, size, "step %zu: %d and %d do not add up to 10", i, va, vb);
			board[a->row][a->col] = 0;
			board[b->row][b->col] = 0;
			removed += 2;
			k++;
		}
		on_board -= removed;
		if (dealt == DECK) {
			over = true;
			for (int r = 0; r < SIDE; r++)
				for (int c = 0; c < SIDE; c++)
					if (board[r][c] && board[r][c] <= 10)
						return fail(why, size, "step %zu: the game ends with %d at (%d,%d)",
							    i, board[r][c], r, c);
		} else if (removed == 0) {
			return fail(why, size, "step %zu: a removal phase that removes nothing loses", i);
		}
	}
	if (!over)
		return fail(why, size, "the line stops before the game is over (%d cards dealt)", dealt);
	return true;
}
