/*
 * The camelot search's memo: an open-addressing hash set of losing states.
 * Each solve makes its own and frees it, so nothing is shared.
 */
#include "camelot/camelot_int.h"

#include <stdlib.h>

#include "common/random.h"

struct mf_camelot_memo {
	uint64_t *entries;      /* key + 1; 0 marks an empty entry */
	size_t mask;            /* capacity - 1, capacity a power of two */
	size_t used;
};

#define CM_MEMO_INITIAL 1024

struct mf_camelot_memo *mf_camelot_memo_new(void)
{
	struct mf_camelot_memo *memo = malloc(sizeof(*memo));

	if (!memo)
		return NULL;
	memo->entries = calloc(CM_MEMO_INITIAL, sizeof(*memo->entries));
	if (!memo->entries) {
		free(memo);
		return NULL;
	}
	memo->mask = CM_MEMO_INITIAL - 1;
	memo->used = 0;
	return memo;
}

void mf_camelot_memo_free(struct mf_camelot_memo *memo)
{
	if (!memo)
		return;
	free(memo->entries);
	free(memo);
}

uint64_t mf_camelot_state_key(uint8_t pos, const struct mf_camelot_board *board)
{
	uint64_t key = pos;

	for (int v = 1; v <= CM_NUMBERS; v++)
		key = key << 3 | board->count[v];
	return key;
}

/* splitmix64's finaliser: spreads nearby keys over the table. */
static uint64_t memo_hash(uint64_t key)
{
	return mf_mix64(key * MF_SPLITMIX64_GAMMA);
}

bool mf_camelot_memo_has(const struct mf_camelot_memo *memo, uint64_t key)
{
	size_t i = (size_t)memo_hash(key) & memo->mask;

	for (;;) {
		uint64_t e = memo->entries[i];

		if (e == 0)
			return false;
		if (e == key + 1)
			return true;
		i = (i + 1) & memo->mask;
	}
}

static void memo_insert(uint64_t *entries, size_t mask, uint64_t key)
{
	size_t i = (size_t)memo_hash(key) & mask;

	while (entries[i] != 0)
		i = (i + 1) & mask;
	entries[i] = key + 1;
}

size_t mf_camelot_memo_bytes_max(uint64_t entries)
{
	uint64_t cap = CM_MEMO_INITIAL;

	/* memo_add doubles before the count would pass half the slots */
	while (entries * 2 > cap)
		cap *= 2;
	return sizeof(struct mf_camelot_memo) +
	       (size_t)(cap == CM_MEMO_INITIAL ? cap : cap + cap / 2) * sizeof(uint64_t);
}

/* Doubles the table, keeping it at most half full. */
static int memo_grow(struct mf_camelot_memo *memo)
{
	size_t old_cap = memo->mask + 1, new_cap = old_cap * 2;
	uint64_t *entries = calloc(new_cap, sizeof(*entries));

	if (!entries)
		return -1;
	for (size_t i = 0; i < old_cap; i++)
		if (memo->entries[i])
			memo_insert(entries, new_cap - 1, memo->entries[i] - 1);
	free(memo->entries);
	memo->entries = entries;
	memo->mask = new_cap - 1;
	return 0;
}

int mf_camelot_memo_add(struct mf_camelot_memo *memo, uint64_t key)
{
	if ((memo->used + 1) * 2 > memo->mask + 1 && memo_grow(memo) < 0)
		return -1;
	memo_insert(memo->entries, memo->mask, key);
	memo->used++;
	return 0;
}
