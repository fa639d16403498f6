#include "camelot_brute.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/random.h"

#define DECK 52
#define SIDE 4
#define SLOTS 16

/* Card values as in the public header: 1 = A .. 10, 11 J, 12 Q, 13 K. */
enum { ACE = 1, TEN = 10, JACK = 11, QUEEN = 12, KING = 13 };

struct brute {
	const uint8_t *cards;
	bool any_slot;             /* the relaxed game: no slot rules */
	uint8_t board[SLOTS];      /* 0: empty */
	uint64_t nodes;
	uint64_t budget;
	/* Losing states: open addressing, key + 1 (0 is empty). */
	struct entry { uint64_t board; uint64_t meta; } *lost;
	size_t cap;
	size_t used;
	bool nomem;
};

static bool is_corner(int row, int col)
{
	return (row == 0 || row == SIDE - 1) && (col == 0 || col == SIDE - 1);
}

/* Whether card may go to the slot at (row, col), going by the statement. */
static bool may_take(uint8_t card, int row, int col)
{
	bool middle_row = row == 1 || row == 2;
	bool middle_col = col == 1 || col == 2;

	switch (card) {
	case KING:
		return is_corner(row, col);
	case QUEEN:   /* middle two slots of the first and last rows */
		return (row == 0 || row == SIDE - 1) && middle_col;
	case JACK:    /* middle two slots of the first and last columns */
		return (col == 0 || col == SIDE - 1) && middle_row;
	default:
		return true;
	}
}

/* 0 corners, 1 Q slots, 2 J slots, 3 centre: only for the memo key. In
 * the relaxed game every slot is alike: one group of 16. */
static int slot_group(const struct brute *b, int s)
{
	int row = s / SIDE, col = s % SIDE;

	if (b->any_slot)
		return 0;
	if (is_corner(row, col))
		return 0;
	if (row == 0 || row == SIDE - 1)
		return 1;
	if (col == 0 || col == SIDE - 1)
		return 2;
	return 3;
}

/* The board as 16 nibbles, group after group, each group sorted. */
static uint64_t board_key(const struct brute *b)
{
	uint8_t cards[SLOTS];
	int group[SLOTS];
	uint64_t key = 0;

	for (int s = 0; s < SLOTS; s++) {
		cards[s] = b->board[s];
		group[s] = slot_group(b, s);
	}
	/* Insertion sort by (group, card). */
	for (int i = 1; i < SLOTS; i++)
		for (int j = i; j > 0 && (group[j] < group[j - 1] ||
					  (group[j] == group[j - 1] && cards[j] < cards[j - 1])); j--) {
			uint8_t tc = cards[j];
			int tg = group[j];

			cards[j] = cards[j - 1];
			group[j] = group[j - 1];
			cards[j - 1] = tc;
			group[j - 1] = tg;
		}
	for (int s = 0; s < SLOTS; s++)
		key = key << 4 | cards[s];
	return key;
}

static size_t slot_of(const struct brute *b, uint64_t key, uint64_t meta)
{
	size_t i = (size_t)mf_mix64(key ^ mf_mix64(meta)) & (b->cap - 1);

	while (b->lost[i].meta && (b->lost[i].board != key || b->lost[i].meta != meta))
		i = (i + 1) & (b->cap - 1);
	return i;
}

static bool known_lost(const struct brute *b, uint64_t key, uint64_t meta)
{
	return b->lost[slot_of(b, key, meta)].meta != 0;
}

static void remember_lost(struct brute *b, uint64_t key, uint64_t meta)
{
	size_t i;

	if ((b->used + 1) * 2 > b->cap) {
		struct entry *old = b->lost;
		size_t old_cap = b->cap;

		b->lost = calloc(old_cap * 2, sizeof(*b->lost));
		if (!b->lost) {
			b->lost = old;
			b->nomem = true;
			return;
		}
		b->cap = old_cap * 2;
		for (size_t k = 0; k < old_cap; k++)
			if (old[k].meta)
				b->lost[slot_of(b, old[k].board, old[k].meta)] = old[k];
		free(old);
	}
	i = slot_of(b, key, meta);
	b->lost[i].board = key;
	b->lost[i].meta = meta;
	b->used++;
}

static bool board_full(const uint8_t *board)
{
	for (int s = 0; s < SLOTS; s++)
		if (!board[s])
			return false;
	return true;
}

static bool only_faces(const uint8_t *board)
{
	for (int s = 0; s < SLOTS; s++)
		if (board[s] && board[s] <= TEN)
			return false;
	return true;
}

/* One state: pos cards dealt; removing says a removal phase is on, and
 * removed_any whether it has removed something yet. */
static int play(struct brute *b, int pos, bool removing, bool removed_any)
{
	uint64_t key = board_key(b);
	uint64_t meta = 1 + (uint64_t)pos * 4 + (removing ? 2 : 0) + (removed_any ? 1 : 0);
	int rc = CAMELOT_BRUTE_LOST;

	if (known_lost(b, key, meta))
		return CAMELOT_BRUTE_LOST;
	if (++b->nodes > b->budget)
		return CAMELOT_BRUTE_BUDGET;

	if (!removing) {
		uint8_t card;

		if (pos == DECK || board_full(b->board))
			return play(b, pos, true, false);
		card = b->cards[pos];
		for (int s = 0; s < SLOTS && rc == CAMELOT_BRUTE_LOST; s++) {
			if (b->board[s] || (!b->any_slot && !may_take(card, s / SIDE, s % SIDE)))
				continue;
			b->board[s] = card;
			rc = play(b, pos + 1, false, false);
			b->board[s] = 0;
		}
		goto out;
	}

	/* End the phase: a phase that removed nothing loses, unless it is the
	 * last one; after the last one the board decides. */
	if (pos == DECK) {
		if (only_faces(b->board))
			return CAMELOT_BRUTE_WON;
	} else if (removed_any) {
		rc = play(b, pos, false, false);
	}
	/* Or remove a 10, or two cards adding up to 10. */
	for (int s = 0; s < SLOTS && rc == CAMELOT_BRUTE_LOST; s++) {
		uint8_t a = b->board[s];

		if (!a || a > TEN)
			continue;
		if (a == TEN) {
			b->board[s] = 0;
			rc = play(b, pos, true, true);
			b->board[s] = a;
			continue;
		}
		for (int t = s + 1; t < SLOTS && rc == CAMELOT_BRUTE_LOST; t++) {
			uint8_t c = b->board[t];

			if (!c || a + c != 10)
				continue;
			b->board[s] = 0;
			b->board[t] = 0;
			rc = play(b, pos, true, true);
			b->board[s] = a;
			b->board[t] = c;
		}
	}
out:
	if (rc == CAMELOT_BRUTE_LOST) {
		remember_lost(b, key, meta);
		if (b->nomem)
			rc = CAMELOT_BRUTE_NOMEM;
	}
	return rc;
}

int camelot_brute_solve(const uint8_t *cards, enum camelot_brute_slots slots,
			uint64_t budget, uint64_t *nodes)
{
	struct brute b;
	int rc;

	memset(&b, 0, sizeof(b));
	b.cards = cards;
	b.any_slot = slots == CAMELOT_BRUTE_ANY_SLOT;
	b.budget = budget;
	b.cap = 1024;
	b.lost = calloc(b.cap, sizeof(*b.lost));
	if (!b.lost)
		return CAMELOT_BRUTE_NOMEM;
	rc = play(&b, 0, false, false);
	if (nodes)
		*nodes = b.nodes;
	free(b.lost);
	return rc;
}
