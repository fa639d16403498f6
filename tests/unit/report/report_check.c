/*
 * The deck report's checks against the reference: see report_check.h.
 */
#include "report_check.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "reference/report_ref.h"

#define EPS 1e-9

const struct mf_mana_catalogue *rc_catalogue(void)
{
	static struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;

	if (!cat)
		ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
	return cat;
}

void rc_land(struct rc_deck *d, const char *name, uint32_t count)
{
	int32_t at = mf_mana_catalogue_find(rc_catalogue(), name, strlen(name));

	ck_assert_msg(at >= 0, "no land %s", name);
	d->lands[d->n_lands] = at;
	d->counts[d->n_lands++] = count;
}

void rc_spell(struct rc_deck *d, const char *cost, uint32_t count, bool commander)
{
	struct mf_report_spell_in *s = &d->spells[d->n_spells++];
	struct mf_mana_parse_error err;

	s->name = cost;
	s->count = count;
	s->commander = commander;
	ck_assert_int_eq(mf_mana_cost_parse(cost, strlen(cost), &s->cost, &err), MF_OK);
}

struct mf_report_query rc_query(const struct rc_deck *d, enum mf_odds_method method, bool advice)
{
	struct mf_report_query q = {
		.cat = rc_catalogue(), .size = d->size, .lands = d->lands, .counts = d->counts,
		.n_lands = d->n_lands, .spells = d->spells, .n_spells = d->n_spells,
		.policy = MF_ODDS_KARSTEN2022, .life = 20, .method = method, .seed = 1,
		.advice = advice,
	};

	return q;
}

/* Spell i's answer against its own mf_odds_compute(). */
static void check_spell(const struct rc_deck *d, const struct mf_report *r, size_t i)
{
	const struct mf_report_spell *s = &r->spells[i];
	struct mf_odds_query q = {
		.cat = rc_catalogue(), .size = d->size, .lands = d->lands, .counts = d->counts,
		.n_lands = d->n_lands, .cost = d->spells[i].cost, .x = s->x, .turn = s->turn,
		.curve = MF_REPORT_CURVE, .life = 20, .policy = MF_ODDS_KARSTEN2022,
		/* the curve goes on to the turns the mean delay reads */
		.method = s->odds.method, .seed = 1,
	};
	struct mf_odds_result o;
	uint64_t mv = mf_mana_cost_total(&d->spells[i].cost) + d->spells[i].cost.x_count;

	ck_assert_ptr_eq(s->name, d->spells[i].name);
	ck_assert_uint_eq(s->count, d->spells[i].count);
	ck_assert_uint_eq(s->x, d->spells[i].cost.x_count ? 1 : 0);
	ck_assert_uint_eq(s->turn, mv < 1 ? 1 : mv > 20 ? 20 : mv);
	if (q.curve < mf_odds_delay_curve(s->turn))
		q.curve = mf_odds_delay_curve(s->turn);
	ck_assert_int_eq(mf_odds_compute(&q, &o), MF_OK);
	ck_assert_double_eq_tol(s->mean_delay, mf_odds_mean_delay(&o, s->turn), EPS);
	ck_assert_double_eq_tol(s->odds.p_lands, o.p_lands, EPS);
	ck_assert_double_eq_tol(s->odds.p_castable, o.p_castable, EPS);
	ck_assert_double_eq_tol(s->odds.p_castable_given_lands, o.p_castable_given_lands, EPS);
	for (int k = 0; k < 3; k++) {
		ck_assert_double_eq_tol(s->odds.se[k], o.se[k], EPS);
		ck_assert_double_eq_tol(s->odds.ci_low[k], o.ci_low[k], EPS);
		ck_assert_double_eq_tol(s->odds.ci_high[k], o.ci_high[k], EPS);
	}
	ck_assert_uint_eq(s->odds.curve, q.curve);
	for (uint32_t t = 0; t < q.curve; t++) {
		ck_assert_double_eq_tol(s->odds.by_turn[t], o.by_turn[t], EPS);
		ck_assert_double_eq_tol(s->odds.by_turn_se[t], o.by_turn_se[t], EPS);
	}
	ck_assert_uint_le(s->same_as, i);
	ck_assert_uint_eq(r->spells[s->same_as].same_as, s->same_as);
	if (s->same_as != i)
		ck_assert_mem_eq(&d->spells[s->same_as].cost, &d->spells[i].cost,
				 sizeof(d->spells[i].cost));
	for (size_t j = 0; j < i; j++)
		if (memcmp(&d->spells[j].cost, &d->spells[i].cost, sizeof(d->spells[i].cost)) == 0) {
			ck_assert_uint_eq(s->same_as, r->spells[j].same_as);
			break;
		}
}

static void check_colors(const struct rc_deck *d, const struct mf_report *r)
{
	size_t k = 0;

	for (int t = 0; t < 5; t++) {
		struct report_ref_color ref;

		if (!report_ref_color(rc_catalogue(), d->size, d->lands, d->counts, d->n_lands,
				      d->spells, d->n_spells, t, &ref))
			continue;
		ck_assert_uint_lt(k, r->n_colors);
		ck_assert_int_eq(r->colors[k].color, t);
		ck_assert_uint_eq(r->colors[k].sources, ref.sources);
		ck_assert_uint_eq(r->colors[k].demand, ref.demand);
		ck_assert_uint_eq(r->colors[k].needed, ref.needed);
		ck_assert_uint_eq(r->colors[k].generic, ref.generic);
		ck_assert_uint_eq(r->colors[k].pips, ref.pips);
		ck_assert_uint_eq(r->colors[k].turn, ref.turn);
		ck_assert_uint_eq(r->colors[k].short_by, ref.short_by);
		ck_assert_double_eq_tol(r->colors[k].p,
					r->spells[ref.demand].odds.p_castable_given_lands, EPS);
		k++;
	}
	ck_assert_uint_eq(k, r->n_colors);
}

static double mean(const double *p, const uint32_t *w, size_t n)
{
	double s = 0, t = 0;

	for (size_t i = 0; i < n; i++) {
		s += p[i] * w[i];
		t += w[i];
	}
	return t > 0 ? s / t : 0;
}

/* One advice line against the deck rebuilt from its cards. */
static void check_line(const struct rc_deck *d, const double *before, const struct mf_report_advice *a)
{
	int32_t lands[MF_ODDS_LAND_KINDS_MAX + 1];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX + 1], w[RC_SPELLS_MAX], w0[RC_SPELLS_MAX];
	double after[RC_SPELLS_MAX];
	size_t n = d->n_lands, c = 0;

	memcpy(lands, d->lands, sizeof(lands));
	memcpy(counts, d->counts, sizeof(counts));
	for (size_t i = 0; i < d->n_spells; i++)
		w[i] = w0[i] = d->spells[i].count;
	ck_assert(report_ref_apply(a, lands, counts, &n, w));
	ck_assert(report_ref_figures(rc_catalogue(), d->size, lands, counts, n, d->spells,
				     d->n_spells, MF_ODDS_EXACT, 1, after));
	for (size_t i = 0; i < d->n_spells; i++) {
		if (c < a->n_changes && a->changes[c].spell == i) {
			ck_assert_double_eq_tol(a->changes[c].before, before[i], EPS);
			ck_assert_double_eq_tol(a->changes[c].after, after[i], EPS);
			c++;
		} else {
			ck_assert_double_eq_tol(after[i], before[i], EPS);
		}
	}
	ck_assert_uint_eq(c, a->n_changes);
	ck_assert_double_eq_tol(a->gain, (mean(after, w, d->n_spells) - mean(before, w0, d->n_spells)) * 100,
				1e-7);
}

size_t rc_check(const struct rc_deck *d, const struct mf_report *r, bool advice_exact)
{
	double before[RC_SPELLS_MAX];
	size_t lines = 0;

	ck_assert_uint_eq(r->n_spells, d->n_spells);
	for (size_t i = 0; i < d->n_spells; i++)
		check_spell(d, r, i);
	check_colors(d, r);
	ck_assert_uint_le(r->n_advice, MF_REPORT_ADVICE_MAX);
	for (size_t j = 0; j < r->n_advice; j++) {
		const struct mf_report_advice *a = &r->advice[j];

		ck_assert_int_eq(a->kind, MF_REPORT_SWAP);
		ck_assert(a->out.land && a->in.land);
		ck_assert_uint_eq(a->out.count, a->in.count);
		ck_assert(a->out.count == 1 || a->out.count == 2);
		ck_assert_int_ne(a->out.index, a->in.index);
		ck_assert_double_gt(a->gain, 0);
		if (j)
			ck_assert_double_le(a->gain, r->advice[j - 1].gain);
	}
	if (!advice_exact)
		return 0;
	ck_assert(report_ref_figures(rc_catalogue(), d->size, d->lands, d->counts, d->n_lands,
				     d->spells, d->n_spells, MF_ODDS_EXACT, 1, before));
	for (size_t j = 0; j < r->n_advice; j++, lines++)
		check_line(d, before, &r->advice[j]);
	if (r->has_more_land) {
		ck_assert_int_eq(r->more_land.kind, MF_REPORT_ONE_MORE_LAND);
		ck_assert(!r->more_land.out.land && r->more_land.in.land);
		check_line(d, before, &r->more_land);
		lines++;
	}
	if (r->has_fewer_land) {
		ck_assert_int_eq(r->fewer_land.kind, MF_REPORT_ONE_LAND_FEWER);
		ck_assert(r->fewer_land.out.land && !r->fewer_land.in.land);
		check_line(d, before, &r->fewer_land);
		lines++;
	}
	return lines;
}
