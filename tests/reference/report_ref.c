/*
 * The deck report's reference: see report_ref.h. Shares no code with
 * src/report; it reads the catalogue's lands and asks the odds
 * engine only through its public calls.
 */
#include "report_ref.h"

#include <string.h>

/* Colours an alternative list makes, bit t for W..G. */
static unsigned alternatives(const struct mf_mana_land *l)
{
	unsigned m = 0;

	for (unsigned o = 0; o < l->n_options; o++)
		for (int t = 0; t < 5; t++)
			m |= l->options[o].mana[t] ? 1u << t : 0;
	return m;
}

uint32_t report_ref_sources(const struct mf_mana_catalogue *cat, const int32_t *lands,
			    const uint32_t *counts, size_t n, int t)
{
	uint32_t sources = 0;

	for (size_t i = 0; i < n; i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)lands[i]);
		unsigned m = alternatives(l);

		for (size_t j = 0; j < n && l->fetch_types; j++) {
			const struct mf_mana_land *f = mf_mana_catalogue_land(cat, (size_t)lands[j]);
			bool by_type = (l->fetch_types & 0x1fu & f->basic_types) != 0;
			bool by_basic = (l->fetch_types & MF_MANA_FETCH_BASIC) &&
					(f->supertypes & MF_MANA_SUPER_BASIC);

			if (by_type || by_basic)
				m |= alternatives(f);
		}
		if (m >> t & 1)
			sources += counts[i];
	}
	return sources;
}

/* p_castable_given_lands of {generic}{C}x pips on turn with s coloured
 * Plains and lands - s Wastes; < 0 on failure. */
static double karsten_p(const struct mf_mana_catalogue *cat, uint32_t size, uint32_t lands,
			uint32_t generic, uint32_t pips, uint32_t turn, uint32_t s)
{
	int32_t idx[2] = { mf_mana_catalogue_find(cat, "Plains", 6),
			   mf_mana_catalogue_find(cat, "Wastes", 6) };
	uint32_t counts[2] = { s, lands - s }, n = 0;
	int32_t l[2];
	uint32_t c[2];
	struct mf_odds_query q = {
		.cat = cat, .size = size, .lands = l, .counts = c, .turn = turn, .life = 20,
		.policy = MF_ODDS_KARSTEN2022, .method = MF_ODDS_EXACT,
	};
	struct mf_odds_result r;

	for (int i = 0; i < 2; i++)
		if (counts[i]) {
			l[n] = idx[i];
			c[n++] = counts[i];
		}
	q.n_lands = n;
	q.cost.generic = generic;
	q.cost.need[MF_MANA_W] = pips;
	if (mf_odds_compute(&q, &r))
		return -1;
	return r.p_castable_given_lands;
}

int64_t report_ref_needed(const struct mf_mana_catalogue *cat, uint32_t size, uint32_t lands,
			  uint32_t generic, uint32_t pips, uint32_t turn)
{
	double target = 0.89 + turn / 100.0;

	/* more sources never hurt: the first s that reaches the target */
	for (uint32_t s = 1; s <= lands; s++) {
		double p = karsten_p(cat, size, lands, generic, pips, turn, s);

		if (p < 0)
			return -1;
		if (p >= target)
			return s;
	}
	return 0;
}

/* Symbols colour t can pay in a cost. */
static uint32_t pips(const struct mf_mana_cost *cost, int t)
{
	uint32_t n = cost->need[t] + cost->twobrid[t];

	for (unsigned m = 1; m < 32; m++)
		if (m & (1u << t))
			n += cost->hybrid[m] + cost->phyrexian[m];
	return n;
}

static uint32_t turn_of(const struct mf_mana_cost *cost)
{
	uint64_t mv = mf_mana_cost_total(cost) + cost->x_count;

	return mv < 1 ? 1 : mv > 20 ? 20 : (uint32_t)mv;
}

bool report_ref_color(const struct mf_mana_catalogue *cat, uint32_t size, const int32_t *lands,
		      const uint32_t *counts, size_t n, const struct mf_report_spell_in *spells,
		      size_t n_spells, int t, struct report_ref_color *out)
{
	uint32_t land_cards = 0;
	bool any = false;
	uint64_t most = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		land_cards += counts[i];
	out->sources = report_ref_sources(cat, lands, counts, n, t);
	for (size_t i = 0; i < n_spells; i++) {
		uint32_t p = pips(&spells[i].cost, t), turn;
		int64_t need;
		uint64_t key;

		if (!p)
			continue;
		any = true;
		if (p > 4)
			p = 4;
		turn = turn_of(&spells[i].cost);
		turn = turn < p ? p : turn > 7 ? 7 : turn;
		need = report_ref_needed(cat, size, land_cards, turn - p, p, turn);
		if (need < 0)
			return false;
		key = need ? (uint64_t)need : UINT64_MAX;
		if (key > most) {
			most = key;
			out->demand = i;
			out->needed = (uint32_t)need;
			out->generic = turn - p;
			out->pips = p;
			out->turn = turn;
		}
	}
	if (out->needed)
		out->short_by = out->needed > out->sources ? out->needed - out->sources : 0;
	else
		out->short_by = land_cards + 1 - out->sources;
	return any;
}

bool report_ref_figures(const struct mf_mana_catalogue *cat, uint32_t size, const int32_t *lands,
			const uint32_t *counts, size_t n, const struct mf_report_spell_in *spells,
			size_t n_spells, enum mf_odds_method method, uint64_t seed, double *p)
{
	for (size_t i = 0; i < n_spells; i++) {
		struct mf_odds_query q = {
			.cat = cat, .size = size, .lands = lands, .counts = counts, .n_lands = n,
			.cost = spells[i].cost, .x = spells[i].cost.x_count ? 1 : 0,
			.turn = turn_of(&spells[i].cost), .life = 20,
			.policy = MF_ODDS_KARSTEN2022, .method = method, .seed = seed,
		};
		struct mf_odds_result r;

		if (mf_odds_compute(&q, &r))
			return false;
		p[i] = r.p_castable;
	}
	return true;
}

/* Adds delta copies of land to the deck; false when it has too few. */
static bool add_land(int32_t *lands, uint32_t *counts, size_t *n, int32_t land, int delta)
{
	for (size_t i = 0; i < *n; i++)
		if (lands[i] == land) {
			if (delta < 0 && counts[i] < (uint32_t)-delta)
				return false;
			counts[i] = (uint32_t)((int64_t)counts[i] + delta);
			if (counts[i] == 0) {
				memmove(lands + i, lands + i + 1, (*n - i - 1) * sizeof(*lands));
				memmove(counts + i, counts + i + 1, (*n - i - 1) * sizeof(*counts));
				(*n)--;
			}
			return true;
		}
	if (delta < 0)
		return false;
	lands[*n] = land;
	counts[(*n)++] = (uint32_t)delta;
	return true;
}

bool report_ref_apply(const struct mf_report_advice *a, int32_t *lands, uint32_t *counts,
		      size_t *n, uint32_t *w)
{
	if (a->out.land) {
		if (!add_land(lands, counts, n, a->out.index, -(int)a->out.count))
			return false;
	} else {
		if (w[a->out.index] < a->out.count)
			return false;
		w[a->out.index] -= a->out.count;
	}
	if (a->in.land)
		return add_land(lands, counts, n, a->in.index, (int)a->in.count);
	w[a->in.index] += a->in.count;
	return true;
}
