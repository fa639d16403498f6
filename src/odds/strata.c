/*
 * The sample's estimate, post-stratified by the lands seen.
 *
 * How many lands a game has seen by turn t, and how many of them make one
 * of the cost's colours, has an exact law that costs little to count: it
 * depends only on how many lands of each kind (making a cost colour or
 * not) each hand holds, since London bottoming takes the lands making none
 * of the cost's colours first. Castability depends on these counts most
 * of all. So the sample estimates P(castable) within each stratum, and
 * weighs each stratum by its exact probability:
 *
 *   p = sum over strata of law * cast / games
 *   se^2 = sum over strata of law^2 * q (1 - q) / games
 *
 * with q = (cast + 1) / (games + 2), so that a stratum whose games all
 * agree still has an error. A stratum of positive law that no game reached
 * takes the rate of its row (the games with as many lands), or of the
 * nearest row reached, with an error of half its law. The estimate is
 * unbiased but for those, and its error is smaller than the plain
 * average's by what the counts of lands explain.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "odds/sample_int.h"

/* P(a of the `have_a` cards of one kind and b of the `have_b` of another
 * among d drawn from n). */
static double two_kinds(uint32_t n, uint32_t have_a, uint32_t have_b, uint32_t d, uint32_t a, uint32_t b)
{
	uint32_t rest = n - have_a - have_b;

	if (a > have_a || b > have_b || a + b > d || d - a - b > rest)
		return 0;
	return mf_odds_binom(have_a, a) * mf_odds_binom(have_b, b) * mf_odds_binom(rest, d - a - b) /
	       mf_odds_binom(n, d);
}

/* The deck's lands: how many make a cost colour, and how many do not. */
static void kinds(const struct odds_ctx *c, uint32_t *colored, uint32_t *other)
{
	*colored = *other = 0;
	for (size_t g = 0; g < c->n_groups; g++)
		*(c->g[g].colors ? colored : other) += c->g[g].count;
}

/* A kept hand of `kept` lands (`colored` of them making a cost colour), of
 * probability p, after a stage that drew `drawn` cards holding hc and ho
 * lands of each kind: the strata of each turn. */
static void after_hand(const struct odds_ctx *c, uint32_t drawn, uint32_t hc, uint32_t ho, uint32_t kept,
		       uint32_t colored, double p, struct odds_strata *s)
{
	uint32_t lib = c->q->size - drawn, lc, lo;

	kinds(c, &lc, &lo);
	lc -= hc;
	lo -= ho;
	for (uint32_t t = 1; t <= c->last_turn; t++) {
		uint32_t draws = t - 1 + (c->draw_t1 ? 1u : 0u), rest = lib - lc - lo;
		/* two_kinds(lib, lc, lo, draws, a, b)'s factors, each once */
		double ca[MF_ODDS_TURN_MAX + 1], cb[MF_ODDS_TURN_MAX + 1], cr[MF_ODDS_TURN_MAX + 1];
		double all = mf_odds_binom(lib, draws);

		for (uint32_t j = 0; j <= draws; j++) {
			ca[j] = mf_odds_binom(lc, j);
			cb[j] = mf_odds_binom(lo, j);
			cr[j] = mf_odds_binom(rest, j);
		}
		for (uint32_t a = 0; a <= draws && a <= lc; a++)
			for (uint32_t b = 0; a + b <= draws && b <= lo; b++) {
				if (draws - a - b > rest)
					continue;  /* two_kinds() is then 0 */
				s->law[odds_stratum(s, t, kept + a + b, colored + a)] +=
					p * (ca[a] * cb[b] * cr[draws - a - b] / all);
			}
	}
}

/* The exact law of the strata, into s->law (zeroed). */
static void land_law(const struct odds_ctx *c, struct odds_strata *s)
{
	uint32_t n = c->q->size, lc, lo;
	double reach = 1;

	kinds(c, &lc, &lo);
	for (size_t i = 0; i < c->n_stages && reach > 0; i++) {
		const struct odds_stage *st = &c->stages[i];
		double kept = 0;

		for (uint32_t hc = 0; hc <= st->draw && hc <= lc; hc++)
			for (uint32_t ho = 0; hc + ho <= st->draw && ho <= lo; ho++) {
				uint32_t spells = st->draw - hc - ho;
				uint32_t left = mf_odds_lands_kept(c, st, hc + ho, spells);
				uint32_t bottomed = hc + ho - left;
				double p = two_kinds(n, lc, lo, st->draw, hc, ho);

				if (p == 0 || !mf_odds_keeps(st, left))
					continue;
				kept += p;
				/* the lands making no cost colour are bottomed first */
				after_hand(c, st->draw, hc, ho, left, hc - (bottomed > ho ? bottomed - ho : 0),
					   reach * p, s);
			}
		reach *= 1 - kept;
	}
}

/* The bytes the strata of c take. */
static size_t strata_bytes(const struct odds_strata *s, size_t cells)
{
	return cells * (sizeof(*s->law) + sizeof(*s->games) + sizeof(*s->cast));
}

bool mf_odds_strata_alike(const struct odds_ctx *a, const struct odds_ctx *b)
{
	uint32_t ac, ao, bc, bo;

	kinds(a, &ac, &ao);
	kinds(b, &bc, &bo);
	return ac == bc && ao == bo && a->last_turn == b->last_turn;
}

int mf_odds_strata_init(const struct odds_ctx *c, struct odds_strata *s, struct odds_heap *heap,
			const struct odds_strata *like)
{
	size_t cells;

	s->width = 7 + c->last_turn + 1;
	cells = (size_t)c->last_turn * s->width * s->width;
	s->law = NULL;
	s->games = s->cast = NULL;
	s->heap = heap;
	s->bytes = 0;
	/* at most 20 x 28 x 28 cells of 16 bytes, 245 KiB, counted in heap */
	if (!mf_odds_heap_take(heap, strata_bytes(s, cells)))
		return MF_ERR_NOMEM;
	s->bytes = strata_bytes(s, cells);
	s->law = calloc(cells, sizeof(*s->law));
	s->games = calloc(cells, sizeof(*s->games));
	s->cast = calloc(cells, sizeof(*s->cast));
	if (!s->law || !s->games || !s->cast) {
		mf_odds_strata_free(s);
		return MF_ERR_NOMEM;
	}
	if (like)
		memcpy(s->law, like->law, cells * sizeof(*s->law));
	else
		land_law(c, s);
	return MF_OK;
}

void mf_odds_strata_free(struct odds_strata *s)
{
	free(s->law);
	free(s->games);
	free(s->cast);
	s->law = NULL;
	s->games = s->cast = NULL;
	mf_odds_heap_give(s->heap, s->bytes);
	s->bytes = 0;
}

/* The castable rate of the games with l lands (all strata of the row), or
 * of the nearest row reached (the lower one of two as near); 1/2 when
 * none was reached. */
static double row_rate(const struct odds_strata *s, uint32_t turn, uint32_t l)
{
	for (uint32_t d = 0; d < s->width; d++)
		for (int side = 0; side < 2; side++) {
			uint32_t r = side ? l + d : l - d;
			double n = 0, k = 0;

			if ((side && (d == 0 || r >= s->width)) || (!side && d > l))
				continue;
			for (uint32_t m = 0; m <= r; m++) {
				n += s->games[odds_stratum(s, turn, r, m)];
				k += s->cast[odds_stratum(s, turn, r, m)];
			}
			if (n > 0)
				return k / n;
		}
	return 0.5;
}

void mf_odds_strata_estimate(const struct odds_strata *s, uint32_t turn, uint32_t least, double *p,
			     double *se)
{
	double sum = 0, var = 0;

	for (uint32_t l = least; l < s->width; l++)
		for (uint32_t m = 0; m <= l; m++) {
			size_t at = odds_stratum(s, turn, l, m);
			double law = s->law[at], games = s->games[at], cast = s->cast[at], q;

			if (law <= 0)
				continue;
			if (games <= 0) {
				sum += law * row_rate(s, turn, l);
				var += law * law / 4;
				continue;
			}
			q = (cast + 1) / (games + 2);
			sum += law * cast / games;
			var += law * law * q * (1 - q) / games;
		}
	*p = sum;
	*se = sqrt(var);
}
