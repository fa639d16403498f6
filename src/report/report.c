/*
 * mf_report_compute(): the query checked, every distinct spell asked once
 * on its turn with its curve, then the colours against Karsten's table and
 * the advice. Orchestrates only: the odds calls are report_eval.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report_int.h"

/* MF_OK, or the refusal of a query outside its ranges (*limit set for
 * MF_ERR_LIMIT). */
static int check_query(const struct mf_report_query *q, enum mf_report_limit *limit)
{
	uint64_t cards = 0;
	size_t n_cat;

	if (!q->cat || !q->lands || !q->counts || !q->spells)
		return MF_ERR_INVALID;
	if (q->size > MF_REPORT_DECK_MAX || q->n_spells > MF_REPORT_SPELLS_MAX ||
	    q->n_lands > MF_ODDS_LAND_KINDS_MAX) {
		*limit = q->size > MF_REPORT_DECK_MAX ? MF_REPORT_LIMIT_DECK :
			 q->n_spells > MF_REPORT_SPELLS_MAX ? MF_REPORT_LIMIT_SPELLS :
			 MF_REPORT_LIMIT_LAND_KINDS;
		return MF_ERR_LIMIT;
	}
	if (q->size < MF_ODDS_DECK_MIN || q->n_spells == 0 || q->n_lands == 0)
		return MF_ERR_INVALID;
	n_cat = mf_mana_catalogue_size(q->cat);
	for (size_t i = 0; i < q->n_lands; i++) {
		if (q->lands[i] < 0 || (size_t)q->lands[i] >= n_cat || q->counts[i] == 0)
			return MF_ERR_INVALID;
		for (size_t j = 0; j < i; j++)
			if (q->lands[j] == q->lands[i])
				return MF_ERR_INVALID;
		cards += q->counts[i];
	}
	for (size_t i = 0; i < q->n_spells; i++) {
		if (q->spells[i].count == 0)
			return MF_ERR_INVALID;
		if (!q->spells[i].commander)
			cards += q->spells[i].count;
	}
	if (q->n_sources > MF_ODDS_SOURCE_KINDS_MAX ||
	    q->n_source_candidates > MF_REPORT_SOURCE_CANDIDATES_MAX ||
	    (q->n_sources && (!q->sources || !q->source_counts || !q->source_spell)) ||
	    (q->n_source_candidates && !q->source_candidates) ||
	    (q->n_sources && q->method == MF_ODDS_EXACT))  /* the exact count plays lands only */
		return MF_ERR_INVALID;
	for (size_t k = 0; k < q->n_sources; k++)
		if (!q->source_counts[k] || (q->source_spell[k] != MF_REPORT_NO_SPELL &&
					     q->source_spell[k] >= q->n_spells))
			return MF_ERR_INVALID;
	return cards <= q->size ? MF_OK : MF_ERR_INVALID;
}

/* Each spell's turn (its mana value, {X} as 1, within 1..MF_ODDS_TURN_MAX),
 * x, weight, and the first spell of the same cost and turn; how many are
 * distinct. */
static void plan_spells(struct rep_ctx *c)
{
	const struct mf_report_query *q = c->q;

	for (size_t i = 0; i < q->n_spells; i++) {
		const struct mf_mana_cost *cost = &q->spells[i].cost;
		uint64_t mv;

		c->x[i] = cost->x_count ? 1 : 0;
		mv = mf_mana_cost_total(cost) + (uint64_t)cost->x_count * c->x[i];
		c->turn[i] = mv < 1 ? 1 : mv > MF_ODDS_TURN_MAX ? MF_ODDS_TURN_MAX : (uint32_t)mv;
		c->weight[i] = q->spells[i].count;
		c->first[i] = i;
		for (size_t j = 0; j < i; j++)
			if (c->turn[j] == c->turn[i] && c->x[j] == c->x[i] &&
			    memcmp(&q->spells[j].cost, cost, sizeof(*cost)) == 0) {
				c->first[i] = j;
				break;
			}
		c->n_distinct += c->first[i] == i;
	}
}

/* The working arrays of c, one allocation; false when out of memory. */
static bool alloc_ctx(struct rep_ctx *c, size_t n)
{
	char *block = calloc(n, sizeof(size_t) + 3 * sizeof(uint32_t) + sizeof(double) + sizeof(bool));

	if (!block)
		return false;
	c->first = (size_t *)(void *)block;
	c->base_p = (double *)(void *)(block + n * sizeof(size_t));
	c->turn = (uint32_t *)(void *)(block + n * (sizeof(size_t) + sizeof(double)));
	c->x = c->turn + n;
	c->weight = c->x + n;
	c->exact = (bool *)(c->weight + n);
	return true;
}

/* With auto, the spells eval_exact() left (not counted, not refused:
 * skipped after another's failure) counted exactly one by one within
 * their share: counted or refused each, until one fails otherwise. */
static int count_left(struct rep_ctx *c, struct mf_odds_result *odds, bool *counted, bool *refused,
		      bool *over)
{
	int rc = MF_OK;

	for (size_t i = 0; i < c->q->n_spells && !rc; i++) {
		if (c->first[i] != i || counted[i] || refused[i])
			continue;
		rc = mf_report_eval_spell(c, &c->deck, i, MF_REPORT_CURVE, REP_SHARE, &odds[i], over);
		counted[i] = rc == MF_OK;
		if (rc == MF_ERR_LIMIT && *over && c->work < c->budget) {
			refused[i] = true;
			*over = false;
			rc = MF_OK;
		}
	}
	return rc;
}

/* The spells sampled at once (their games shared): with method sample
 * every spell not counted, with auto those whose count was refused;
 * method[i] REP_NONE for the rest. */
static void sampled_at_once(const struct rep_ctx *c, enum rep_method m, const bool *counted,
			    const bool *refused, enum rep_method *method)
{
	for (size_t i = 0; i < c->q->n_spells; i++)
		method[i] = !counted[i] && (m == REP_SAMPLE || (m == REP_AUTO && refused[i])) ?
			    REP_SAMPLE : REP_NONE;
}

/* Every distinct spell asked once, with its curve; copies for the rest. */
static int answer_spells(struct rep_ctx *c, struct mf_report *out)
{
	const struct mf_report_query *q = c->q;
	size_t n = q->n_spells;
	/* a deck with sources is sampled: the exact count plays lands only */
	enum rep_method m = q->method == MF_ODDS_EXACT ? REP_EXACT :
			    q->method == MF_ODDS_SAMPLE || q->n_sources ? REP_SAMPLE : REP_AUTO;
	/* auto and exact first count every spell they can at once, then the
	 * sampled ones are sampled at once; the rest one by one */
	struct mf_odds_result *counted_odds = malloc(2 * n * sizeof(*counted_odds) + 1);
	struct mf_odds_result *sampled_odds = counted_odds + n;
	bool *counted = calloc(3 * n + 1, sizeof(*counted)), *refused = counted + n;
	bool *sampled = refused + n, sample_over = false;
	enum rep_method *method = calloc(n + 1, sizeof(*method));
	int rc = counted_odds && counted && method ? MF_OK : MF_ERR_NOMEM, sample_rc = MF_OK;

	if (!rc && m != REP_SAMPLE)
		rc = mf_report_eval_exact(c, &c->deck, MF_REPORT_CURVE, counted_odds, counted, refused);
	if (!rc && m == REP_AUTO) {
		bool over = false;

		rc = count_left(c, counted_odds, counted, refused, &over);
		if (rc)
			out->limit = rc != MF_ERR_LIMIT ? MF_REPORT_LIMIT_NONE :
				     over ? MF_REPORT_LIMIT_BUDGET : MF_REPORT_LIMIT_ODDS;
	}
	if (!rc) {
		sampled_at_once(c, m, counted, refused, method);
		sample_rc = mf_report_eval_many(c, &c->deck, MF_REPORT_CURVE, method, sampled_odds,
						sampled, &sample_over);
		if (sample_rc == MF_ERR_NOMEM)
			rc = sample_rc;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		struct mf_report_spell *s = &out->spells[i];
		bool over = false;

		s->name = q->spells[i].name;
		s->count = q->spells[i].count;
		s->commander = q->spells[i].commander;
		s->turn = c->turn[i];
		s->x = c->x[i];
		s->same_as = c->first[i];
		if (c->first[i] != i)
			s->odds = out->spells[c->first[i]].odds;
		else if (counted[i])
			s->odds = counted_odds[i];
		else if (sampled[i])
			s->odds = sampled_odds[i];
		else if (method[i] == REP_SAMPLE) {
			rc = sample_rc;  /* the first sampled spell not answered */
			over = sample_over;
		} else
			rc = mf_report_eval_spell(c, &c->deck, i, MF_REPORT_CURVE,
						  m == REP_AUTO && refused[i] ? REP_SAMPLE : m, &s->odds,
						  &over);
		if (rc) {
			out->limit = rc != MF_ERR_LIMIT ? MF_REPORT_LIMIT_NONE :
				     over ? MF_REPORT_LIMIT_BUDGET : MF_REPORT_LIMIT_ODDS;
			break;
		}
		c->exact[i] = s->odds.method == MF_ODDS_EXACT;
		c->base_p[i] = s->odds.p_castable;
		out->n_exact += c->first[i] == i && c->exact[i];
	}
	free(counted_odds);
	free(counted);
	free(method);
	return rc;
}

int mf_report_compute(const struct mf_report_query *q, struct mf_report *out)
{
	struct rep_ctx c = { .q = q };
	enum mf_report_limit limit = MF_REPORT_LIMIT_NONE;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = check_query(q, &limit);
	if (rc) {
		out->limit = limit;
		return rc;
	}
	c.budget = q->budget ? q->budget : MF_REPORT_BUDGET_DEFAULT;
	memcpy(c.deck.lands, q->lands, q->n_lands * sizeof(*q->lands));
	memcpy(c.deck.counts, q->counts, q->n_lands * sizeof(*q->counts));
	c.deck.n = q->n_lands;
	for (size_t k = 0; k < q->n_sources; k++) {
		c.deck.src[k] = q->sources[k];
		c.deck.src_counts[k] = q->source_counts[k];
		c.deck.src_of[k] = (uint8_t)k;
	}
	c.deck.n_src = q->n_sources;
	for (size_t i = 0; i < q->n_lands; i++)
		out->land_cards += q->counts[i];
	c.cache = mf_odds_cache_new();
	c.lanes = q->lanes < MF_REPORT_LANES_MAX ? q->lanes : MF_REPORT_LANES_MAX;
	out->spells = calloc(q->n_spells, sizeof(*out->spells));
	if (!c.cache || !out->spells || !alloc_ctx(&c, q->n_spells)) {
		rc = MF_ERR_NOMEM;
		goto done;
	}
	out->n_spells = q->n_spells;
	plan_spells(&c);
	rc = answer_spells(&c, out);
	if (!rc) {
		double p[MF_REPORT_SPELLS_MAX];

		for (size_t i = 0; i < q->n_spells; i++)
			p[i] = out->spells[i].odds.p_castable;
		out->mean_p = mf_report_mean(p, c.weight, q->n_spells);
		for (size_t i = 0; i < q->n_spells; i++)
			p[i] = out->spells[i].mean_delay =
				mf_odds_mean_delay(&out->spells[i].odds, out->spells[i].turn);
		out->mean_delay = mf_report_mean(p, c.weight, q->n_spells);
		rc = mf_report_colors(&c, out);
	}
	if (!rc && q->advice)
		rc = mf_report_advise(&c, out);
done:
	out->work = c.work;
	mf_odds_cache_free(c.cache);
	free(c.first);
	if (rc) {
		limit = out->limit;
		mf_report_free(out);
		out->limit = limit;
	}
	return rc;
}

void mf_report_free(struct mf_report *report)
{
	if (!report)
		return;
	free(report->spells);
	for (size_t i = 0; i < report->n_advice; i++)
		free(report->advice[i].changes);
	free(report->more_land.changes);
	free(report->fewer_land.changes);
	free(report->source_in.changes);
	free(report->source_out.changes);
	memset(report, 0, sizeof(*report));
}
