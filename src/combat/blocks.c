/*
 * The defender's optimal blocks, by dynamic programming over subsets of
 * defenders.
 *
 * Once blocks are fixed, the score is a sum of independent terms: one per
 * attacker, depending only on the set of its blockers (the attacker's reply
 * is a knapsack on that set alone), plus P+T for each defender that does not
 * block. So the best assignment is a best partition of the defenders into
 * one (possibly empty) set per attacker and a set of non-blockers:
 *
 *   best[i + 1][mask] = min over s subset of mask of best[i][mask \ s] + cost_i(s)
 *
 * which costs A * 3^D steps instead of the brute force's (A + 1)^D.
 *
 * Ties are broken inside the same minimisation: the cost of a set is a pair
 * of 64-bit integers compared lexicographically, whose parts are all sums
 * over the defenders, so they add up exactly across sets:
 *
 *   hi = -2 * score * 32 * HALF + blockers * HALF + digits of defenders 0..7
 *   lo = digits of defenders 8..15
 *
 * where defender d's digit is 0 when it does not block and 1 + a when it
 * blocks attacker a, in base 17 with defender 0 most significant, and
 * HALF = 17^8 exceeds what either half's digits sum to. No two assignments
 * share a cost, so the answer does not depend on the order of the search.
 * |2 * score| <= 80000 keeps hi below 2^55.
 */
#include "combat/outcome.h"

#include <stdlib.h>

#define LEX_BASE (MF_COMBAT_ATTACKERS_MAX + 1)

/* Defenders whose digit lives in hi. Any split from 1 to 8 is exact (hi and
 * lo stay far from overflow); the tests build a copy with a small split so
 * that boards within the brute force's reach exercise the low word too. */
#ifndef COMBAT_LEX_SPLIT
#define COMBAT_LEX_SPLIT 8
#endif
#define LEX_SPLIT COMBAT_LEX_SPLIT
#if LEX_SPLIT < 1 || LEX_SPLIT > 8
#error "COMBAT_LEX_SPLIT must be 1 .. 8"
#endif

/* LEX_BASE^n: the digits of n defenders sum to less than this. */
static int64_t lex_power(int n)
{
	int64_t power = 1;

	for (int d = 0; d < n; d++)
		power *= LEX_BASE;
	return power;
}

/* Per-mask tables (n_masks entries each) and the solver's choices. */
struct tables {
	size_t n_masks;
	int64_t half;                 /* bound of the digits in hi */
	int64_t score_weight;         /* 32 * half: above what counts and digits sum to */
	int64_t *lex_hi, *lex_lo;     /* digit weights of the set's defenders */
	int64_t *cost_hi, *cost_lo;   /* cost of each set for the current attacker */
	int64_t *prev_hi, *prev_lo;   /* best over the attackers so far */
	int64_t *cur_hi, *cur_lo;
	uint32_t *toughness, *value, *power, *kill_value;
	uint8_t *count;
	uint16_t *choice;             /* n_attackers * n_masks: set given to attacker i */
};

static void *carve(unsigned char **cursor, size_t bytes)
{
	void *p = *cursor;

	*cursor += bytes;
	return p;
}

/* The bytes of the tables of n_masks sets and n_attackers. */
static size_t tables_bytes(size_t n_masks, size_t n_attackers)
{
	return n_masks * (8 * sizeof(int64_t) + 4 * sizeof(uint32_t) + sizeof(uint8_t)) +
	       n_attackers * n_masks * sizeof(uint16_t);
}

size_t mf_combat_working_set(size_t n_attackers, size_t n_defenders)
{
	if (n_attackers > MF_COMBAT_ATTACKERS_MAX)
		n_attackers = MF_COMBAT_ATTACKERS_MAX;
	if (n_defenders > MF_COMBAT_DEFENDERS_MAX)
		n_defenders = MF_COMBAT_DEFENDERS_MAX;
	return tables_bytes((size_t)1 << n_defenders, n_attackers) + 4096;
}

/* One allocation, largest alignment first; returns the block to free. */
static void *tables_alloc(struct tables *t, size_t n_masks, size_t n_attackers)
{
	size_t bytes = tables_bytes(n_masks, n_attackers);
	unsigned char *block = malloc(bytes), *cursor = block;

	if (!block)
		return NULL;
	t->n_masks = n_masks;
	t->half = lex_power(LEX_SPLIT);
	t->score_weight = 32 * t->half;
	t->lex_hi = carve(&cursor, n_masks * sizeof(int64_t));
	t->lex_lo = carve(&cursor, n_masks * sizeof(int64_t));
	t->cost_hi = carve(&cursor, n_masks * sizeof(int64_t));
	t->cost_lo = carve(&cursor, n_masks * sizeof(int64_t));
	t->prev_hi = carve(&cursor, n_masks * sizeof(int64_t));
	t->prev_lo = carve(&cursor, n_masks * sizeof(int64_t));
	t->cur_hi = carve(&cursor, n_masks * sizeof(int64_t));
	t->cur_lo = carve(&cursor, n_masks * sizeof(int64_t));
	t->toughness = carve(&cursor, n_masks * sizeof(uint32_t));
	t->value = carve(&cursor, n_masks * sizeof(uint32_t));
	t->power = carve(&cursor, n_masks * sizeof(uint32_t));
	t->kill_value = carve(&cursor, n_masks * sizeof(uint32_t));
	t->choice = carve(&cursor, n_attackers * n_masks * sizeof(uint16_t));
	t->count = carve(&cursor, n_masks * sizeof(uint8_t));
	return block;
}

/* Sums over each set of defenders, built from the set without its top bit. */
static void fill_set_sums(struct tables *t, const struct mf_combat_board *board)
{
	int64_t weight_hi = t->half;
	int64_t weight_lo = lex_power(MF_COMBAT_DEFENDERS_MAX - LEX_SPLIT);

	t->lex_hi[0] = t->lex_lo[0] = 0;
	t->toughness[0] = t->value[0] = t->power[0] = 0;
	t->count[0] = 0;
	for (size_t d = 0; d < board->n_defenders; d++) {
		const struct mf_combat_creature *c = &board->defenders[d];
		size_t bit = (size_t)1 << d;

		if (d < LEX_SPLIT)
			weight_hi /= LEX_BASE;
		else
			weight_lo /= LEX_BASE;
		for (size_t m = bit; m < 2 * bit; m++) {
			size_t rest = m - bit;

			t->lex_hi[m] = t->lex_hi[rest] + (d < LEX_SPLIT ? weight_hi : 0);
			t->lex_lo[m] = t->lex_lo[rest] + (d < LEX_SPLIT ? 0 : weight_lo);
			t->toughness[m] = t->toughness[rest] + c->toughness;
			t->value[m] = t->value[rest] + c->power + c->toughness;
			t->power[m] = t->power[rest] + c->power;
			t->count[m] = (uint8_t)(t->count[rest] + 1);
		}
	}
}

/*
 * cost_i(s) for every set s of blockers of attacker i. kill_value[s] is the
 * most P+T the attacker can destroy among s: the best affordable subset,
 * found as a maximum over subsets (a zeta transform, D * 2^D steps).
 */
static void fill_attacker_costs(struct tables *t, const struct mf_combat_board *board,
				size_t i)
{
	const struct mf_combat_creature *att = &board->attackers[i];
	int64_t survives2 = 2 * (int64_t)(att->power + att->toughness);
	int64_t digit = (int64_t)i + 1;

	for (size_t m = 0; m < t->n_masks; m++)
		t->kill_value[m] = t->toughness[m] <= att->power ? t->value[m] : 0;
	for (size_t d = 0; d < board->n_defenders; d++) {
		size_t bit = (size_t)1 << d;

		for (size_t m = 0; m < t->n_masks; m++)
			if ((m & bit) && t->kill_value[m ^ bit] > t->kill_value[m])
				t->kill_value[m] = t->kill_value[m ^ bit];
	}
	for (size_t m = 0; m < t->n_masks; m++) {
		int64_t term2;

		if (m == 0)
			term2 = -survives2 - att->power;
		else
			term2 = 2 * (int64_t)(t->value[m] - t->kill_value[m]) -
				(t->power[m] >= att->toughness ? 0 : survives2);
		t->cost_hi[m] = -term2 * t->score_weight + t->count[m] * t->half +
				digit * t->lex_hi[m];
		t->cost_lo[m] = digit * t->lex_lo[m];
	}
}

/* Sets of defenders a layer goes through between two looks at the stop:
 * at 16 defenders a layer is 3^16 steps (about 60 ms), so a stop is seen
 * within a few hundred of them. */
#define STOP_EVERY 256

/* One layer of the programme: gives attacker i a set in every way.
 * Returns false, the layer unfinished, when stop was raised. */
static bool add_attacker(struct tables *t, size_t i, const struct mf_stop *stop)
{
	uint16_t *choice = t->choice + i * t->n_masks;
	const int64_t *prev_hi = t->prev_hi, *prev_lo = t->prev_lo;
	const int64_t *cost_hi = t->cost_hi, *cost_lo = t->cost_lo;

	for (uint32_t mask = 0; mask < t->n_masks; mask++) {
		int64_t best_hi = prev_hi[mask] + cost_hi[0];
		int64_t best_lo = prev_lo[mask] + cost_lo[0];
		uint32_t best_set = 0;

		for (uint32_t s = mask; s; s = (s - 1) & mask) {
			int64_t hi = prev_hi[mask ^ s] + cost_hi[s], lo;

			if (hi > best_hi)
				continue;
			lo = prev_lo[mask ^ s] + cost_lo[s];
			if (hi < best_hi || lo < best_lo) {
				best_hi = hi;
				best_lo = lo;
				best_set = s;
			}
		}
		t->cur_hi[mask] = best_hi;
		t->cur_lo[mask] = best_lo;
		choice[mask] = (uint16_t)best_set;
		if (mask % STOP_EVERY == STOP_EVERY - 1 && mf_stop_raised(stop))
			return false;
	}
	return true;
}

static void swap_layers(struct tables *t)
{
	int64_t *hi = t->prev_hi, *lo = t->prev_lo;

	t->prev_hi = t->cur_hi;
	t->prev_lo = t->cur_lo;
	t->cur_hi = hi;
	t->cur_lo = lo;
}

/* Runs the programme and writes the best assignment into blocking.
 * Returns MF_OK, or MF_ERR_STOPPED (blocking unfinished) when stop was
 * raised. */
static int solve_tables(struct tables *t, const struct mf_combat_board *board,
			const struct mf_stop *stop, int8_t *blocking)
{
	size_t full = t->n_masks - 1, used = 0;
	int64_t best_hi = 0, best_lo = 0;

	fill_set_sums(t, board);
	for (size_t d = 0; d < board->n_defenders; d++)
		blocking[d] = MF_COMBAT_NO_BLOCK;
	if (board->n_attackers == 0)
		return MF_OK;

	fill_attacker_costs(t, board, 0);
	for (size_t m = 0; m < t->n_masks; m++) {
		t->prev_hi[m] = t->cost_hi[m];
		t->prev_lo[m] = t->cost_lo[m];
		t->choice[m] = (uint16_t)m;
	}
	for (size_t i = 1; i < board->n_attackers; i++) {
		fill_attacker_costs(t, board, i);
		if (!add_attacker(t, i, stop))
			return MF_ERR_STOPPED;
		swap_layers(t);
	}

	/* The defenders outside the blockers' union do not block. */
	for (size_t m = 0; m < t->n_masks; m++) {
		int64_t hi = t->prev_hi[m] -
			     2 * (int64_t)t->value[full ^ m] * t->score_weight;
		int64_t lo = t->prev_lo[m];

		if (m == 0 || hi < best_hi || (hi == best_hi && lo < best_lo)) {
			best_hi = hi;
			best_lo = lo;
			used = m;
		}
	}
	for (size_t i = board->n_attackers; i-- > 0;) {
		size_t set = t->choice[i * t->n_masks + used];

		for (size_t d = 0; d < board->n_defenders; d++)
			if (set & ((size_t)1 << d))
				blocking[d] = (int8_t)i;
		used ^= set;
	}
	return MF_OK;
}

int mf_combat_solve(const struct mf_combat_board *board, const struct mf_stop *stop,
		    struct mf_combat_result *out, struct mf_combat_error *err)
{
	int8_t blocking[MF_COMBAT_DEFENDERS_MAX];
	struct tables t;
	void *block = NULL;
	int status;

	mf_combat_result_clear(out);
	status = mf_combat_check(board, err);
	if (status != MF_OK)
		goto out;
	block = tables_alloc(&t, (size_t)1 << board->n_defenders, board->n_attackers);
	if (!block) {
		status = MF_ERR_NOMEM;
		goto out;
	}
	status = solve_tables(&t, board, stop, blocking);
	if (status == MF_OK)
		mf_combat_outcome(board, blocking, out);
out:
	free(block);
	return status;
}
