/*
 * mf_odds_compute_many(): the spells of one deck, their exact counts in
 * batches that share one walk of the grid (grid.c), the rest one by one
 * (odds.c).
 *
 * A query joins a batch when mf_odds_compute() would count it exactly on
 * the grid, and its kept hands and draws are those of the batch's other
 * queries (the grid's key, and the draw on turn 1). A batch's walk goes
 * on while any member still needs it, so members that leave it at about
 * the same turn are put together: each batch holds queries alike by
 * their last turn and lands needed.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

/* What decides a query's batch. */
struct signature {
	bool grid;                  /* counted exactly on the grid */
	bool draw_t1;
	struct odds_cache_key key;  /* the kept hands */
	uint32_t last_turn, lands_needed;
};

static bool same_batch(const struct signature *a, const struct signature *b)
{
	return a->grid && b->grid && a->draw_t1 == b->draw_t1 && a->key.len == b->key.len &&
	       memcmp(a->key.bytes, b->key.bytes, a->key.len) == 0;
}

/* The signature of q (grid false when its model cannot be made: it is
 * then computed alone, and fails there). */
static void sign(const struct mf_odds_query *q, struct signature *s)
{
	struct odds_ctx c;

	memset(s, 0, sizeof(*s));
	if (mf_odds_model(&c, q) == MF_OK && mf_odds_takes_grid(&c)) {
		s->grid = true;
		s->draw_t1 = c.draw_t1;
		mf_odds_grid_key(&c, &s->key);
		s->last_turn = c.last_turn;
		s->lands_needed = c.lands_needed;
	}
	mf_odds_model_free(&c);
}

/* The members' models (their tables counted in the first's heap), their
 * grid, and their answers; false when the batch could not be counted
 * (then nothing is written). */
static bool count_batch(const struct mf_odds_query *qs, const size_t *which, size_t k,
			struct odds_ctx *ctx, struct mf_odds_result *out, int *rcs)
{
	struct odds_ctx *members[ODDS_BATCH_MAX];
	struct odds_tally tally[ODDS_BATCH_MAX];
	size_t made = 0;
	bool ok = true;

	for (; made < k && ok; made++) {
		members[made] = &ctx[made];
		ok = mf_odds_model(&ctx[made], &qs[which[made]]) == MF_OK;
		if (ok && made)
			ok = mf_odds_table_move_heap(&ctx[made].castable, &ctx[0].heap) &&
			     mf_odds_table_move_heap(&ctx[made].pays, &ctx[0].heap);
	}
	ok = ok && mf_odds_grid_fits(members, k) && mf_odds_grid(members, k, tally) == MF_OK;
	for (size_t m = 0; m < k && ok; m++) {
		mf_odds_exact_result(&ctx[m], &tally[m], &out[which[m]]);
		rcs[which[m]] = MF_OK;
	}
	/* the others' tables first: they are counted in the first's heap */
	while (made--)
		mf_odds_model_free(&ctx[made]);
	return ok;
}

/* Whether query a's walk ends before b's: by its last turn, then the
 * lands it needs, then its place. */
static bool walks_before(const struct signature *sig, size_t a, size_t b)
{
	if (sig[a].last_turn != sig[b].last_turn)
		return sig[a].last_turn < sig[b].last_turn;
	if (sig[a].lands_needed != sig[b].lands_needed)
		return sig[a].lands_needed < sig[b].lands_needed;
	return a < b;
}

/* Sorts which[0 .. k) by walks_before() (insertion: k is small). */
static void sort_by_walk(const struct signature *sig, size_t *which, size_t k)
{
	for (size_t i = 1; i < k; i++) {
		size_t v = which[i], j = i;

		for (; j > 0 && walks_before(sig, v, which[j - 1]); j--)
			which[j] = which[j - 1];
		which[j] = v;
	}
}

void mf_odds_compute_many(const struct mf_odds_query *qs, size_t n, struct mf_odds_result *out,
			  int *rcs)
{
	struct signature *sig = malloc(n * sizeof(*sig) + 1);
	size_t *alike = malloc(n * sizeof(*alike) + 1);
	uint8_t *state = calloc(n + 1, 1);  /* 0: to do; 1: in a batch tried; 2: done */
	struct odds_ctx *ctx = malloc(ODDS_BATCH_MAX * sizeof(*ctx));
	bool room = sig && alike && state && ctx, failed = false;

	for (size_t i = 0; i < n && room; i++)
		sign(&qs[i], &sig[i]);
	for (size_t i = 0; i < n && room; i++) {
		size_t k = 0;

		if (state[i] || !sig[i].grid)
			continue;
		for (size_t j = i; j < n; j++)
			if (!state[j] && same_batch(&sig[i], &sig[j])) {
				alike[k++] = j;
				state[j] = 1;
			}
		sort_by_walk(sig, alike, k);
		/* a batch walks as long as its hardest member needs: the hardest
		 * seven together, then the next seven, so that the easiest left
		 * over share a short walk */
		for (size_t end = k; end > 0;) {
			size_t m = end < ODDS_BATCH_MAX ? end : ODDS_BATCH_MAX;

			end -= m;
			if (m > 1 && count_batch(qs, alike + end, m, ctx, out, rcs))
				for (size_t e = end; e < end + m; e++)
					state[alike[e]] = 2;
		}
	}
	/* the rest, and any batch that failed, one by one (all of them
	 * without memory for the batches), until one fails */
	for (size_t i = 0; i < n; i++) {
		if (room && state[i] == 2)
			continue;
		if (failed) {
			memset(&out[i], 0, sizeof(out[i]));
			rcs[i] = MF_ODDS_SKIPPED;
			continue;
		}
		rcs[i] = mf_odds_compute(&qs[i], &out[i]);
		failed = rcs[i] != MF_OK;
	}
	free(sig);
	free(alike);
	free(state);
	free(ctx);
}
