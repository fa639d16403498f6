/*
 * A spell's mean delay (issue 35): how many turns past its own it waits on
 * average, the sum over turns T .. T + 9 of 1 - P(castable on that turn),
 * as a deck tool's "average delay". Pure arithmetic on an answer's curve.
 */
#include "odds/odds_internal.h"

uint32_t mf_odds_delay_curve(uint32_t turn)
{
	uint32_t last = turn + MF_ODDS_DELAY_TURNS - 1;

	return last < MF_ODDS_TURN_MAX ? last : MF_ODDS_TURN_MAX;
}

double mf_odds_mean_delay(const struct mf_odds_result *r, uint32_t turn)
{
	double sum = 0;

	if (turn < 1 || r->curve < mf_odds_delay_curve(turn))
		return 0;
	for (uint32_t k = 0; k < MF_ODDS_DELAY_TURNS; k++) {
		uint32_t t = turn + k < MF_ODDS_TURN_MAX ? turn + k : MF_ODDS_TURN_MAX;

		sum += 1 - r->by_turn[t - 1];
	}
	return sum;
}
