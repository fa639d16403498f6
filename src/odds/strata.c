/*
 * The sample's estimate, post-stratified by the lands seen.
 *
 * How many lands a game has seen by turn t (the kept hand's and the draws')
 * has an exact law that costs little to count: it depends only on how many
 * lands each hand holds, whichever they are. Castability depends on it
 * most of all. So the sample estimates P(castable) within each stratum of
 * lands seen, and weighs each stratum by its exact probability:
 *
 *   p = sum over L of law(L) * cast(L) / games(L)
 *   se^2 = sum over L of law(L)^2 * q(L) (1 - q(L)) / games(L)
 *
 * with q(L) = (cast(L) + 1) / (games(L) + 2), so that a stratum whose games
 * all agree still has an error. A stratum of positive law that no game
 * reached takes the rate of the nearest stratum reached (castability
 * mostly grows with the lands), with an error of half its law. The
 * estimate is unbiased but for those, and its error is smaller than the
 * plain average's by what the count of lands explains.
 */
#include <math.h>
#include <string.h>

#include "odds/odds_internal.h"

/* P(j of the `have` marked cards among d drawn from n). */
static double hypergeometric(uint32_t n, uint32_t have, uint32_t d, uint32_t j)
{
	if (j > have || j > d || d - j > n - have)
		return 0;
	return mf_odds_binom(have, j) * mf_odds_binom(n - have, d - j) / mf_odds_binom(n, d);
}

/* A kept hand of `kept` lands, of probability p, its stage having drawn
 * `drawn` cards of which `held` lands: the lands seen by each turn. */
static void after_hand(const struct odds_ctx *c, uint32_t drawn, uint32_t held, uint32_t kept,
		       double p, double law[MF_ODDS_TURN_MAX][ODDS_STRATA])
{
	uint32_t library = c->q->size - drawn, lands = c->lands - held;

	for (uint32_t t = 1; t <= c->last_turn; t++) {
		uint32_t draws = t - 1 + (c->draw_t1 ? 1u : 0u);

		for (uint32_t j = 0; j <= draws && j <= lands; j++)
			law[t - 1][kept + j] += p * hypergeometric(library, lands, draws, j);
	}
}

void mf_odds_land_law(const struct odds_ctx *c, double law[MF_ODDS_TURN_MAX][ODDS_STRATA])
{
	uint32_t n = c->q->size;
	double reach = 1;

	memset(law, 0, sizeof(double) * MF_ODDS_TURN_MAX * ODDS_STRATA);
	for (size_t i = 0; i < c->n_stages && reach > 0; i++) {
		const struct odds_stage *st = &c->stages[i];
		double kept = 0;

		for (uint32_t held = 0; held <= st->draw && held <= c->lands; held++) {
			uint32_t spells = st->draw - held;
			uint32_t left = mf_odds_lands_kept(c, st, held, spells);
			double p = hypergeometric(n, c->lands, st->draw, held);

			if (p == 0 || !mf_odds_keeps(st, left))
				continue;
			kept += p;
			after_hand(c, st->draw, held, left, reach * p, law);
		}
		reach *= 1 - kept;
	}
}

/* The castable rate of the reached stratum nearest to l (the lower one
 * of two as near); 1/2 when none was reached. */
static double nearest_rate(const double *games, const double *cast, uint32_t l)
{
	for (uint32_t d = 1; d < ODDS_STRATA; d++) {
		if (l >= d && games[l - d] > 0)
			return cast[l - d] / games[l - d];
		if (l + d < ODDS_STRATA && games[l + d] > 0)
			return cast[l + d] / games[l + d];
	}
	return 0.5;
}

void mf_odds_strata_estimate(const double *law, const double *games, const double *cast,
			     uint32_t least, double *p, double *se)
{
	double sum = 0, var = 0;

	for (uint32_t l = least; l < ODDS_STRATA; l++) {
		double q;

		if (law[l] <= 0)
			continue;
		if (games[l] <= 0) {
			sum += law[l] * nearest_rate(games, cast, l);
			var += law[l] * law[l] / 4;
			continue;
		}
		q = (cast[l] + 1) / (games[l] + 2);
		sum += law[l] * cast[l] / games[l];
		var += law[l] * law[l] * q * (1 - q) / games[l];
	}
	*p = sum;
	*se = sqrt(var);
}
