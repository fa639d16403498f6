/*
 * A report deck's mana sources that are no land (report_int.h): the
 * query's sources and the candidates the advice may put in, one index for
 * both, and a deck with one more or one fewer copy of one.
 */
#include <string.h>

#include "report/report_int.h"

const struct mf_odds_source *mf_report_source(const struct mf_report_query *q, size_t g)
{
	return g < q->n_sources ? &q->sources[g] : &q->source_candidates[g - q->n_sources];
}

uint32_t mf_report_source_count(const struct rep_deck *d, size_t g)
{
	for (size_t k = 0; k < d->n_src; k++)
		if (d->src_of[k] == g)
			return d->src_counts[k];
	return 0;
}

bool mf_report_source_deck(const struct rep_ctx *c, const struct rep_deck *d, size_t g,
			   int delta, struct rep_deck *to)
{
	size_t k;

	*to = *d;
	for (k = 0; k < to->n_src && to->src_of[k] != g; k++)
		;
	if (delta > 0 && k == to->n_src) {
		if (k == MF_ODDS_SOURCE_KINDS_MAX)
			return false;
		to->src[k] = *mf_report_source(c->q, g);
		to->src_counts[k] = 0;
		to->src_of[k] = (uint8_t)g;
		to->n_src++;
	}
	if (k == to->n_src || (delta < 0 && to->src_counts[k] < (uint32_t)-delta))
		return false;
	to->src_counts[k] = (uint32_t)((int64_t)to->src_counts[k] + delta);
	if (!to->src_counts[k]) {  /* the kind gone: the others keep their order */
		memmove(&to->src[k], &to->src[k + 1], (to->n_src - k - 1) * sizeof(to->src[0]));
		memmove(&to->src_counts[k], &to->src_counts[k + 1],
			(to->n_src - k - 1) * sizeof(to->src_counts[0]));
		memmove(&to->src_of[k], &to->src_of[k + 1], (to->n_src - k - 1) * sizeof(to->src_of[0]));
		to->n_src--;
	}
	return true;
}
