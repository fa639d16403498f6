/*
 * Karsten's table: for each cost of one colour, the fewest coloured sources
 * (basic lands of the colour, the other lands making {C}) whose
 * p_castable_given_lands reaches the target. Computed with the exact odds.
 */
#include <string.h>

#include "odds/odds_internal.h"

static const char table_lands[] = "Mountain;Mountain;R;\nWastes;;C;basic\n";

/* p_castable_given_lands with k coloured sources among the lands. */
static int given(const struct mf_odds_sources_query *sq, const struct mf_mana_catalogue *cat,
		 const struct mf_odds_sources_row *row, uint32_t k, double *p)
{
	int32_t lands[2] = { 0, 1 };
	uint32_t counts[2] = { k, sq->lands - k };
	struct mf_odds_query q = {
		.cat = cat, .size = sq->size, .lands = k ? lands : lands + 1,
		.counts = k ? counts : counts + 1, .n_lands = (k ? 1u : 0u) + (k < sq->lands ? 1u : 0u),
		.turn = row->turn, .on_draw = sq->on_draw, .life = 20, .policy = sq->policy,
		.custom = sq->custom, .method = MF_ODDS_EXACT, .stop = sq->stop,
	};
	struct mf_odds_result r;
	int rc;

	q.cost.generic = row->generic;
	q.cost.need[MF_MANA_R] = row->pips;
	rc = mf_odds_compute(&q, &r);
	*p = r.p_castable_given_lands;
	return rc;
}

/* The fewest sources reaching the target: p grows with the sources. */
static int fewest(const struct mf_odds_sources_query *sq, const struct mf_mana_catalogue *cat,
		  struct mf_odds_sources_row *row)
{
	uint32_t lo = row->pips, hi = sq->lands;
	double p, p_hi;
	int rc;

	if (lo > hi) {
		row->sources = 0;
		row->p = 0;
		return MF_OK;
	}
	rc = given(sq, cat, row, hi, &p_hi);
	if (rc)
		return rc;
	row->p = p_hi;
	row->sources = 0;
	if (p_hi < row->target)
		return MF_OK;
	while (lo < hi) {  /* the answer is in [lo, hi], and hi reaches with p_hi */
		uint32_t mid = lo + (hi - lo) / 2;

		rc = given(sq, cat, row, mid, &p);
		if (rc)
			return rc;
		if (p >= row->target) {
			hi = mid;
			p_hi = p;
		} else {
			lo = mid + 1;
		}
	}
	row->sources = hi;
	row->p = p_hi;
	return MF_OK;
}

int mf_odds_sources(const struct mf_odds_sources_query *q,
		    struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX], size_t *n_rows)
{
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	bool paris = q->policy == MF_ODDS_PARIS2013;
	size_t n = 0;
	int rc;

	*n_rows = 0;
	if (q->size < MF_ODDS_DECK_MIN || q->size > MF_ODDS_DECK_MAX || q->lands < 1 || q->lands > q->size)
		return MF_ERR_LIMIT;
	if ((unsigned)q->policy >= MF_ODDS_POLICY_COUNT || q->target < 0 || q->target > 1)
		return MF_ERR_INVALID;
	rc = mf_mana_catalogue_parse(table_lands, sizeof(table_lands) - 1, &cat, &err);
	if (rc)
		return rc;
	for (uint8_t turn = 1; turn <= 7; turn++)
		for (uint8_t pips = 1; pips <= (paris ? 3 : 4) && pips <= turn; pips++) {
			struct mf_odds_sources_row *row = &rows[n];

			if (paris)
				*row = (struct mf_odds_sources_row){ 0, pips, turn, 0, 0, 0 };
			else
				*row = (struct mf_odds_sources_row){ (uint8_t)(turn - pips), pips, turn, 0, 0, 0 };
			row->target = q->target > 0 ? q->target :
				q->policy == MF_ODDS_KARSTEN2022 || q->policy == MF_ODDS_KARSTEN2020 ?
				0.89 + turn / 100.0 : 0.90;
			rc = fewest(q, cat, row);
			if (rc)
				goto out;
			n++;
		}
	*n_rows = n;
out:
	mf_mana_catalogue_free(cat);
	return rc;
}
