/* odds_policy.h: what both odds references read the same way. */
#include "odds_policy.h"

#define COLOURS 5
#define MASKS 32

size_t odds_ref_attempts(const struct mf_odds_query *q, struct attempt *at)
{
	const struct mf_odds_custom *cu = &q->custom;
	size_t n = 0;

	switch (q->policy) {
	case MF_ODDS_KARSTEN2022:
	case MF_ODDS_KARSTEN2020:
		if (q->policy == MF_ODDS_KARSTEN2022 && q->size >= 99)
			at[n++] = (struct attempt){ 7, 0, 3, 5, false, false };
		at[n++] = (struct attempt){ 7, 0, 2, 5, false, false };
		for (uint32_t k = 1; k <= 3; k++)
			at[n++] = (struct attempt){ 7, k, 2, 4, k == 3,
						    q->policy == MF_ODDS_KARSTEN2020 };
		break;
	case MF_ODDS_PARIS2013:
		at[n++] = (struct attempt){ 7, 0, 2, 5, false, false };
		at[n++] = (struct attempt){ 6, 0, 2, 4, false, false };
		at[n++] = (struct attempt){ 5, 0, 1, 4, false, false };
		at[n++] = (struct attempt){ 4, 0, 0, 0, true, false };
		break;
	case MF_ODDS_NONE:
		at[n++] = (struct attempt){ 7, 0, 0, 0, true, false };
		break;
	default:  /* custom */
		for (uint32_t i = 0; i < 4; i++)
			at[n++] = (struct attempt){ cu->london ? 7 : 7 - i, cu->london ? i : 0,
						    cu->keep_lo[i], cu->keep_hi[i], i == 3,
						    false };
		break;
	}
	return n;
}

uint32_t odds_ref_spells_bottomed(const struct attempt *a, uint32_t s)
{
	uint32_t h = 7 - a->bottom;
	uint32_t ideal = (a->rule2020 && h == 6) ? 2 : h - 3;  /* spells the hand keeps */
	uint32_t most = (a->rule2020 && h == 6) ? 1 : a->bottom;
	uint32_t over = s > ideal ? s - ideal : 0;

	return over < most ? over : most;
}

unsigned odds_ref_cost_colours(const struct mf_mana_cost *c)
{
	unsigned colours = 0;

	for (int t = 0; t < COLOURS; t++)
		if (c->need[t] || c->twobrid[t])
			colours |= 1u << t;
	for (unsigned m = 0; m < MASKS; m++)
		if (c->hybrid[m] || c->phyrexian[m])
			colours |= m;
	return colours & 0x1fu;
}

uint64_t odds_ref_lands_needed(const struct mf_odds_query *q)
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t pips = 0, colourless = c->generic + c->need[MF_MANA_C] +
					(uint64_t)c->x_count * q->x;

	for (int t = 0; t < COLOURS; t++)
		pips += (uint64_t)c->need[t] + c->twobrid[t];
	for (unsigned m = 0; m < MASKS; m++)
		pips += (uint64_t)c->hybrid[m] + c->phyrexian[m];
	if (q->policy == MF_ODDS_PARIS2013)
		return pips;
	for (int t = 0; t < COLOURS; t++)
		colourless += c->twobrid[t];  /* {2/C} counts 2: once above, once here */
	return pips + colourless;
}

long double odds_ref_choose(uint32_t n, uint32_t k)
{
	long double r = 1;

	if (k > n)
		return 0;
	for (uint32_t i = 0; i < k; i++)
		r = r * (long double)(n - i) / (long double)(i + 1);
	return r;
}

bool odds_ref_odometer(uint32_t *v, const uint32_t *cap, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (v[i] < cap[i]) {
			v[i]++;
			return true;
		}
		v[i] = 0;
	}
	return false;
}

uint32_t odds_ref_sum(const uint32_t *v, size_t len)
{
	uint32_t s = 0;

	for (size_t i = 0; i < len; i++)
		s += v[i];
	return s;
}
