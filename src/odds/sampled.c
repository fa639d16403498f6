/*
 * The sampled answer of one query, or of several queries of one deck that
 * share their games (sample.c): batches of games until each query's
 * figures are known to MF_ODDS_PRECISION, then its estimates, error bars
 * and intervals.
 *
 * A query's answer is the same alone or shared: game i is the same game
 * (sample.c), and each query stops at the first batch after which its own
 * figures are precise, as it would alone.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"
#include "odds/sample_int.h"

/* One figure of a sample: its estimate and standard error. */
struct figure {
	double p, se;
};

static double clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The figures of a sample, post-stratified by the lands and sources seen
 * (strata.c):
 * at q->turn lands, castable and both (P(castable and enough lands),
 * unnormalised); on each curve turn, castable. */
struct figures {
	struct figure lands, castable, both, given;
	bool given_defined;
	struct figure by_turn[MF_ODDS_TURN_MAX];
};

static void estimate(const struct odds_ctx *c, const struct odds_strata *s, struct figures *f)
{
	uint32_t t = c->q->turn;

	memset(f, 0, sizeof(*f));
	for (uint32_t l = c->lands_needed; l < s->width; l++)
		for (uint32_t m = 0; m <= l; m++)
			for (uint32_t k = 0; k < s->depth; k++)  /* exact: no error */
				f->lands.p += s->law[odds_stratum(s, t, l, m, k)];
	mf_odds_strata_estimate(s, t, 0, &f->castable.p, &f->castable.se);
	mf_odds_strata_estimate(s, t, c->lands_needed, &f->both.p, &f->both.se);
	f->given_defined = f->lands.p > 0;
	if (f->given_defined) {
		f->given.p = clamp01(f->both.p / f->lands.p);
		f->given.se = f->both.se / f->lands.p;
	}
	for (uint32_t i = 0; i < c->q->curve; i++)
		mf_odds_strata_estimate(s, i + 1, 0, &f->by_turn[i].p, &f->by_turn[i].se);
}

/* Whether every figure is known to MF_ODDS_PRECISION at 95% (but the
 * given figure, when the query lets it be loose). */
static bool precise(const struct odds_ctx *c, const struct figures *f)
{
	const double z = 1.959963984540054, most = MF_ODDS_PRECISION / z;
	bool ok = f->castable.se <= most &&
		  (c->q->given_loose || !f->given_defined || f->given.se <= most);

	for (uint32_t i = 0; i < c->q->curve && ok; i++)
		ok = f->by_turn[i].se <= most;
	return ok;
}

/* A figure into the answer: p, its error and its 95% interval. */
static void put(const struct figure *f, double *p, double *se, double *lo, double *hi)
{
	const double z = 1.959963984540054;

	*p = clamp01(f->p);
	*se = f->se;
	*lo = clamp01(f->p - z * f->se);
	*hi = clamp01(f->p + z * f->se);
}

/* Member m's answer, from its figures f, into out (its other fields kept). */
static void answer(const struct odds_member *m, const struct figures *f, struct mf_odds_result *out)
{
	double lo, hi;

	out->method = MF_ODDS_SAMPLE;
	out->games = m->games;
	out->games_with_lands = (uint64_t)m->tally.lands;
	put(&f->lands, &out->p_lands, &out->se[0], &out->ci_low[0], &out->ci_high[0]);
	put(&f->castable, &out->p_castable, &out->se[1], &out->ci_low[1], &out->ci_high[1]);
	put(&f->given, &out->p_castable_given_lands, &out->se[2], &out->ci_low[2], &out->ci_high[2]);
	out->given_defined = f->given_defined;
	for (uint32_t i = 0; i < out->curve; i++)
		put(&f->by_turn[i], &out->by_turn[i], &out->by_turn_se[i], &lo, &hi);
}

/* Whether a member without games of its own, g games played, is at a
 * batch's end: the first batch's, then each step's. */
static bool batch_end(uint64_t g)
{
	return g >= MF_ODDS_GAMES_BATCH && (g - MF_ODDS_GAMES_BATCH) % MF_ODDS_GAMES_STEP == 0;
}

/* The games of the next round: up to the next batch's end, or the end of
 * a member's own games when sooner. 0 when no member plays on. */
static uint32_t round_games(const struct odds_member *m, size_t k)
{
	uint64_t most = 0;

	for (size_t i = 0; i < k; i++) {
		const struct mf_odds_query *q = m[i].c->q;
		uint64_t g = m[i].games;
		uint64_t left = q->games ? q->games - g :
				g < MF_ODDS_GAMES_BATCH ? MF_ODDS_GAMES_BATCH - g :
				MF_ODDS_GAMES_STEP - (g - MF_ODDS_GAMES_BATCH) % MF_ODDS_GAMES_STEP;

		if (m[i].active && (!most || left < most))
			most = left;
	}
	return (uint32_t)most;
}

/* After a round, whether member m is done: its games all played, or
 * (without games) at a batch's end with its figures precise or the most
 * games played. Its answer is then written. */
static bool done(struct odds_member *m, struct mf_odds_result *out)
{
	const struct mf_odds_query *q = m->c->q;
	struct figures f;

	if (q->games ? m->games < q->games : !batch_end(m->games))
		return false;
	estimate(m->c, &m->strata, &f);
	if (!q->games && m->games < MF_ODDS_GAMES_DEFAULT && !precise(m->c, &f))
		return false;
	answer(m, &f, out);
	return true;
}

/* The strata of a member before m[i] whose law is m[i]'s, or NULL. */
static const struct odds_strata *law_like(const struct odds_member *m, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (m[j].strata.law && mf_odds_strata_alike(m[j].c, m[i].c))
			return &m[j].strata;
	return NULL;
}

/* Member m readied against the cache of its query: the record's answers
 * for its spell, and room for its own when the record would keep them. */
static void read_record(struct odds_member *m, const struct odds_record *ref, bool keeps)
{
	const struct mf_odds_query *q = m->c->q;

	m->ref = ref ? mf_odds_record_find(ref, q, &m->ref_games) : NULL;
	if (keeps && mf_odds_record_wants(ref, q) &&
	    mf_odds_heap_take(m->heap, 16 * sizeof(*m->bits))) {
		m->bits = calloc(16, sizeof(*m->bits));
		m->bits_room = 16;
		if (!m->bits)
			mf_odds_sample_unrecord(m);
	}
}

void mf_odds_sample_keep(struct odds_to_record *k)
{
	struct odds_record **slot = k->bits ? mf_odds_cache_record(k->q->cache) : NULL;

	if (slot)
		mf_odds_record_keep(slot, k->q, k->bits, k->games);
	free(k->bits);
	k->bits = NULL;
}

void mf_odds_sample_answers(struct odds_ctx *const *cs, size_t k, struct odds_heap *heap,
			    struct mf_odds_result *out, int *rcs, struct odds_to_record *kept)
{
	struct odds_member *m = calloc(k, sizeof(*m));
	struct mf_odds_cache *cache = cs[0]->q->cache;
	/* the record read, and where one is kept (NULL: none is) */
	const struct odds_record *ref = cache ? mf_odds_cache_record_read(cache) : NULL;
	struct odds_record **slot = cache ? mf_odds_cache_record(cache) : NULL;
	uint64_t first = 0;
	int rc = m ? MF_OK : MF_ERR_NOMEM;

	mf_odds_ramp_share(cs, k);  /* spells of one deck: one set of lines */
	for (size_t i = 0; i < k && m; i++) {
		m[i].c = cs[i];
		m[i].heap = heap;
		m[i].active = true;
		m[i].rc = mf_odds_strata_init(cs[i], &m[i].strata, heap, law_like(m, i));
		if (m[i].rc)
			m[i].active = false;
		if (cache)
			read_record(&m[i], ref, slot != NULL);
	}
	if (m)
		mf_odds_sample_prepare(m, k);
	while (!rc) {
		uint32_t games = round_games(m, k);

		if (!games)
			break;
		rc = mf_odds_sample(m, k, first, games, ref);
		first += games;
		for (size_t i = 0; i < k && !rc; i++)
			if (m[i].active && done(&m[i], &out[i]))
				m[i].active = false;
	}
	for (size_t i = 0; i < k; i++) {
		rcs[i] = rc ? rc : m[i].rc;
		kept[i] = (struct odds_to_record){ .q = cs[i]->q };
		if (!m)
			continue;
		if (!rcs[i] && m[i].bits) {  /* the caller's now (bits only with a slot) */
			kept[i].bits = m[i].bits;
			kept[i].games = m[i].games;
			mf_odds_heap_give(m[i].heap, m[i].bits_room * sizeof(*m[i].bits));
			m[i].bits = NULL;
			m[i].bits_room = 0;
		}
		mf_odds_sample_unrecord(&m[i]);
		mf_odds_strata_free(&m[i].strata);
	}
	free(m);
}
