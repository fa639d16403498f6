/*
 * mf_odds_compute_many(): the spells of one deck, their exact counts in
 * batches that share one walk of the grid (grid.c), those sampled at once
 * in shared samples (sampled.c) played on up to two threads (query.lanes),
 * the rest one by one (odds.c).
 *
 * A query joins a batch when mf_odds_compute() would count it exactly on
 * the grid, and its kept hands and draws are those of the batch's other
 * queries (the grid's key, and the draw on turn 1). A batch's walk goes
 * on while any member still needs it, so members that leave it at about
 * the same turn are put together: each batch holds queries alike by
 * their last turn and lands needed.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "odds/sample_int.h"

/* What decides a query's batch. */
struct signature {
	bool grid;                  /* counted exactly on the grid */
	bool draw_t1;
	struct odds_cache_key key;  /* the kept hands */
	uint32_t last_turn, lands_needed;
	uint64_t estimate;          /* the exact count's size (mf_odds_takes_grid) */
	enum mf_odds_method method;
	uint64_t budget;
	bool sample;                /* sampled without an exact count tried */
};

static bool same_batch(const struct signature *a, const struct signature *b)
{
	return a->grid && b->grid && a->draw_t1 == b->draw_t1 && a->key.len == b->key.len &&
	       memcmp(a->key.bytes, b->key.bytes, a->key.len) == 0;
}

/* The estimate of an earlier query whose exact count is as large as s's
 * (the same kept hands, draws, last turn, method and budget: the cost
 * does not count), or UINT64_MAX. */
static uint64_t known_estimate(const struct signature *earlier, size_t n, const struct signature *s)
{
	for (size_t i = 0; i < n; i++)
		if (earlier[i].grid && same_batch(&earlier[i], s) &&
		    earlier[i].last_turn == s->last_turn && earlier[i].method == s->method &&
		    earlier[i].budget == s->budget)
			return earlier[i].estimate;
	return UINT64_MAX;
}

/* The signature of q into sig[i] (grid false when its model cannot be
 * made: it is then computed alone, and fails there), with the estimates
 * of sig[0 .. i) to reuse. MF_OK, or MF_ERR_NOMEM when the model found no
 * memory (the query's failure, as alone). */
static int sign(const struct mf_odds_query *q, struct signature *sig, size_t i)
{
	struct signature *s = &sig[i];
	struct odds_ctx c;
	int rc;

	memset(s, 0, sizeof(*s));
	rc = mf_odds_model(&c, q);
	if (rc == MF_OK) {
		s->draw_t1 = c.draw_t1;
		mf_odds_grid_key(&c, &s->key);
		s->last_turn = c.last_turn;
		s->lands_needed = c.lands_needed;
		s->method = q->method;
		s->budget = c.budget;
		s->grid = true;  /* for known_estimate's comparison only */
		s->estimate = known_estimate(sig, i, s);
		s->grid = mf_odds_takes_grid(&c, &s->estimate);
		s->sample = !s->grid && mf_odds_samples_at_once(&c);
	}
	mf_odds_model_free(&c);
	return rc == MF_ERR_NOMEM ? rc : MF_OK;
}

/* What count_batch() did. */
enum batch_end {
	BATCH_COUNTED,   /* every member answered */
	BATCH_ALONE,     /* not counted (its budget, the heap's cap, a stop): count
			  * each member alone */
	BATCH_NOMEM,     /* out of memory: so is every member */
};

/* The members' models (their tables counted in the first's heap), their
 * grid, and their answers. Nothing is written unless BATCH_COUNTED. An
 * allocation that fails is the members' failure, as it would be alone: a
 * batch never answers otherwise for want of memory. */
static enum batch_end count_batch(const struct mf_odds_query *qs, const size_t *which, size_t k,
				  struct odds_ctx *ctx, struct mf_odds_result *out, int *rcs)
{
	struct odds_ctx *members[ODDS_BATCH_MAX];
	struct odds_tally tally[ODDS_BATCH_MAX];
	enum batch_end end = BATCH_COUNTED;
	size_t made = 0;
	int rc = MF_OK;

	while (made < k && !rc) {
		members[made] = &ctx[made];
		rc = mf_odds_model(&ctx[made], &qs[which[made]]);
		if (!rc && made &&
		    (!mf_odds_table_move_heap(&ctx[made].castable, &ctx[0].heap) ||
		     !mf_odds_table_move_heap(&ctx[made].pays, &ctx[0].heap)))
			rc = MF_ERR_LIMIT;  /* past the heap's cap */
		made++;
	}
	if (!rc)
		rc = mf_odds_grid_fits(members, k) ? mf_odds_grid(members, k, tally) : MF_ERR_LIMIT;
	if (rc == MF_ERR_NOMEM && !ctx[0].heap.over)
		end = BATCH_NOMEM;
	else if (rc)
		end = BATCH_ALONE;
	for (size_t m = 0; m < k && end != BATCH_ALONE; m++) {
		if (end == BATCH_COUNTED)
			mf_odds_exact_result(&ctx[m], &tally[m], &out[which[m]]);
		else
			memset(&out[which[m]], 0, sizeof(out[which[m]]));
		rcs[which[m]] = end == BATCH_COUNTED ? MF_OK : MF_ERR_NOMEM;
	}
	/* the others' tables first: they are counted in the first's heap */
	while (made--)
		mf_odds_model_free(&ctx[made]);
	return end;
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

/* Whether queries a and b are of one deck, as a shared sample asks
 * (mf_odds_sample()): the same lands, sources and rules, cache and stop;
 * they may differ in cost, x, turn, curve, games and budget. */
static bool same_deck(const struct mf_odds_query *a, const struct mf_odds_query *b)
{
	if (a->cat != b->cat || a->size != b->size || a->n_lands != b->n_lands ||
	    a->on_draw != b->on_draw || a->life != b->life || a->policy != b->policy ||
	    a->seed != b->seed || a->stop != b->stop || a->cache != b->cache)
		return false;
	if (a->policy == MF_ODDS_CUSTOM &&
	    (memcmp(a->custom.keep_lo, b->custom.keep_lo, sizeof(a->custom.keep_lo)) ||
	     memcmp(a->custom.keep_hi, b->custom.keep_hi, sizeof(a->custom.keep_hi)) ||
	     a->custom.london != b->custom.london))
		return false;
	if (a->n_sources != b->n_sources)
		return false;
	for (size_t i = 0; i < a->n_sources; i++)  /* a sample deals member 0's cards */
		if (a->source_counts[i] != b->source_counts[i] ||
		    mf_odds_source_id(&a->sources[i]) != mf_odds_source_id(&b->sources[i]))
			return false;
	return memcmp(a->lands, b->lands, a->n_lands * sizeof(*a->lands)) == 0 &&
	       memcmp(a->counts, b->counts, a->n_lands * sizeof(*a->counts)) == 0;
}

/* What one member of a shared sample may hold at most: its two memos at
 * `entries` each (doubled at half full), its strata, the bounce lines'
 * frontiers (lines.c) and its model's arrays. */
static size_t member_bytes(const struct mf_odds_query *q, size_t entries)
{
	size_t turns = q->curve > q->turn ? q->curve : q->turn;
	size_t width = 7 + turns + 1, depth = q->n_sources ? ODDS_STRATA_SOURCES : 1;

	return 2 * entries * (q->n_lands + turns + 2 + 12) + 2 * entries * (q->n_lands + 12) +
	       turns * width * (width + 1) / 2 * depth * 16 + 2 * 512 * MF_ODDS_LAND_KINDS_MAX + 4096;
}

/* The memos' cap of each of k members of a shared sample: their share of
 * ODDS_MEMO_MAX twice over, a power of two, at least 512. */
static size_t member_entries(size_t k)
{
	size_t e = ODDS_MEMO_MAX;

	while (e > 512 && e * k > 2 * ODDS_MEMO_MAX)
		e /= 2;
	return e;
}

/* The most one member of the sample of queries which[0 .. k) may hold. */
static size_t batch_bytes(const struct mf_odds_query *qs, const size_t *which, size_t k)
{
	size_t most = 0;

	for (size_t m = 0; m < k; m++) {
		size_t b = member_bytes(&qs[which[m]], member_entries(k));

		most = b > most ? b : most;
	}
	return most;
}

/* The sampled queries which[0 .. k) of one deck, played together: each
 * that succeeds, or finds no memory (as it would alone), answered (state
 * 3), what its cache would record left in kept[] (by query); the others
 * (past a budget or the heap's cap, stopped) are left to be computed
 * alone, which answers them as alone (the same games). */
static void sample_batch(const struct mf_odds_query *qs, const size_t *which, size_t k,
			 struct odds_ctx *ctx, struct mf_odds_result *out, int *rcs, uint8_t *state,
			 struct odds_to_record *kept)
{
	struct odds_ctx *members[ODDS_SAMPLE_BATCH_MAX] = { 0 };
	struct odds_to_record got_kept[ODDS_SAMPLE_BATCH_MAX] = { 0 };
	struct mf_odds_result *res = malloc(k * sizeof(*res));
	int got[ODDS_SAMPLE_BATCH_MAX];
	size_t made = 0, entries = member_entries(k);
	int rc = res ? MF_OK : MF_ERR_NOMEM;

	while (made < k && !rc) {
		struct odds_ctx *c = members[made] = &ctx[made];

		rc = mf_odds_model(c, &qs[which[made]]);
		c->castable.max_entries = c->pays.max_entries = entries;
		if (!rc && made &&
		    (!mf_odds_table_move_heap(&c->castable, &ctx[0].heap) ||
		     !mf_odds_table_move_heap(&c->pays, &ctx[0].heap)))
			rc = MF_ERR_LIMIT;
		made++;
	}
	if (!rc) {
		mf_odds_compute_sampled(members, k, &ctx[0].heap, res, got, got_kept);
		for (size_t m = 0; m < k; m++)
			if (got[m] == MF_OK || got[m] == MF_ERR_NOMEM) {
				out[which[m]] = res[m];
				rcs[which[m]] = got[m];
				state[which[m]] = 3;
				kept[which[m]] = got_kept[m];
			} else {
				free(got_kept[m].bits);
			}
	}
	for (size_t m = 0; m < k && rc == MF_ERR_NOMEM; m++) {
		memset(&out[which[m]], 0, sizeof(out[which[m]]));
		rcs[which[m]] = MF_ERR_NOMEM;
		state[which[m]] = 3;
	}
	while (made--)
		mf_odds_model_free(&ctx[made]);
	free(res);
}

/* The shared samples of one call: batch b's queries are which[at[b] ..
 * at[b + 1]), all planned before any is played, then played on up to
 * qs[0].lanes threads, whichever is free taking the next. What their
 * caches would record is kept once they are all played, in the batches'
 * order. So no batch reads what another writes, and the answers, work
 * and failures are the same on one thread as on two. */
struct samples {
	const struct mf_odds_query *qs;
	size_t *which, *at;
	size_t n;
	struct odds_to_record *kept;  /* by query */
	struct mf_odds_result *out;
	int *rcs;
	uint8_t *state;
	atomic_size_t next;
};

/* Plays the batches of s not yet taken, on ctx (room for
 * ODDS_SAMPLE_BATCH_MAX models). */
static void play_batches(struct samples *s, struct odds_ctx *ctx)
{
	for (size_t b; (b = atomic_fetch_add(&s->next, 1)) < s->n;)
		sample_batch(s->qs, s->which + s->at[b], s->at[b + 1] - s->at[b], ctx, s->out, s->rcs,
			     s->state, s->kept);
}

/* A second lane (arg: the samples), on models of its own; without memory
 * for them it takes no batch, and the caller's lane plays them all. */
static void *sample_lane(void *arg)
{
	struct odds_ctx *ctx = malloc(ODDS_SAMPLE_BATCH_MAX * sizeof(*ctx));

	if (ctx)
		play_batches(arg, ctx);
	free(ctx);
	return NULL;
}

/* Keeps what each batch of s left to record, in the batches' order. */
static void keep_records(struct samples *s)
{
	for (size_t j = 0; j < s->at[s->n]; j++)
		mf_odds_sample_keep(&s->kept[s->which[j]]);
}

/* The queries left that sample at once, in shared samples of one deck
 * each: in the queries' order, as many to a sample as fit in the heap's
 * cap. Without memory to plan them, none is (each is computed alone). */
static void sample_batches(const struct mf_odds_query *qs, size_t n, const struct signature *sig,
			   struct odds_ctx *ctx, struct mf_odds_result *out, int *rcs,
			   uint8_t *state)
{
	struct samples s = { .qs = qs, .out = out, .rcs = rcs, .state = state };
	pthread_t helper;
	bool two;

	s.which = malloc(n * sizeof(*s.which) + 1);
	s.at = calloc(n + 1, sizeof(*s.at));
	s.kept = calloc(n + 1, sizeof(*s.kept));
	atomic_init(&s.next, 0);
	for (size_t i = 0; i < n && s.which && s.at && s.kept; i++) {
		size_t k = 0, *alike = s.which + s.at[s.n], pick[ODDS_SAMPLE_BATCH_MAX];

		if (state[i] || !sig[i].sample)
			continue;
		for (size_t j = i; j < n && k < ODDS_SAMPLE_BATCH_MAX; j++)
			if (!state[j] && sig[j].sample && same_deck(&qs[i], &qs[j]))
				alike[k++] = j;
		/* as few samples as fit, of even sizes, each taking every
		 * parts-th query (so that each holds spells of every turn, and
		 * two samples played at once end together) */
		for (size_t parts = 1, all = k;; parts++) {
			k = (all + parts - 1) / parts;
			for (size_t m = 0; m < k; m++)
				pick[m] = alike[m * parts];
			if (k <= 1 || k * batch_bytes(qs, pick, k) <= ODDS_HEAP_MAX * 3 / 4)
				break;
		}
		memcpy(alike, pick, k * sizeof(*alike));
		for (size_t m = 0; m < k; m++)
			state[alike[m]] = 1;
		if (k > 1) {
			s.at[s.n + 1] = s.at[s.n] + k;
			s.n++;
		}
	}
	if (s.n) {
		two = qs[0].lanes >= 2 && s.n >= 2 && pthread_create(&helper, NULL, sample_lane, &s) == 0;
		play_batches(&s, ctx);
		if (two)
			pthread_join(helper, NULL);
		keep_records(&s);
	}
	free(s.which);
	free(s.at);
	free(s.kept);
}

void mf_odds_compute_many(const struct mf_odds_query *qs, size_t n, struct mf_odds_result *out,
			  int *rcs)
{
	struct signature *sig = malloc(n * sizeof(*sig) + 1);
	size_t *alike = malloc(n * sizeof(*alike) + 1);
	/* 0: to do; 1: in a batch tried; 2: done; 3: answered by a shared
	 * sample, as it would be alone, unless a query before it fails */
	uint8_t *state = calloc(n + 1, 1);
	struct odds_ctx *ctx = malloc(ODDS_SAMPLE_BATCH_MAX * sizeof(*ctx));
	bool room = sig && alike && state && ctx, failed = false;

	for (size_t i = 0; i < n && room; i++)
		if (sign(&qs[i], sig, i) == MF_ERR_NOMEM) {
			memset(&out[i], 0, sizeof(out[i]));
			rcs[i] = MF_ERR_NOMEM;
			state[i] = 2;  /* answered: out of memory */
		}
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
			if (m > 1 && count_batch(qs, alike + end, m, ctx, out, rcs) != BATCH_ALONE)
				for (size_t e = end; e < end + m; e++)
					state[alike[e]] = 2;
		}
	}
	if (room)
		sample_batches(qs, n, sig, ctx, out, rcs, state);
	/* the rest, and any batch that could not be counted, one by one, until
	 * one fails; without memory for the batches, none is */
	for (size_t i = 0; i < n; i++) {
		if (room && state[i] == 2)
			continue;
		if (room && state[i] == 3 && !failed) {
			failed = rcs[i] != MF_OK;  /* answered by a shared sample */
			continue;
		}
		if (!room) {
			memset(&out[i], 0, sizeof(out[i]));
			rcs[i] = MF_ERR_NOMEM;
			continue;
		}
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
