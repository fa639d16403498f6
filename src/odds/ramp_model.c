/*
 * The making of a query's mana that is no land (ramp_int.h), for the model
 * (model.c): its sources checked and read (their costs as pools pay them),
 * the spell's cost likewise, the Tron pieces, and the memos of the turns
 * and the lines of play; and their freeing.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/ramp_int.h"

/* The Tron pieces of c's catalogue, and which one each group is. */
static void tron_pieces(struct odds_ctx *c)
{
	const struct mf_mana_catalogue *cat = c->q->cat;
	struct odds_ramp *r = c->ramp;
	const char *names[8];

	r->n_tron = 0;
	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, i);
		bool known = false;

		for (size_t k = 0; k < r->n_tron && l->tron; k++)
			known |= strcmp(names[k], l->name) == 0;
		if (l->tron && !known && r->n_tron < 8)
			names[r->n_tron++] = l->name;
	}
	for (size_t g = 0; g < c->n_groups; g++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)c->g[g].land);

		r->tron_piece[g] = -1;
		for (size_t k = 0; k < r->n_tron && l->tron; k++)
			if (strcmp(names[k], l->name) == 0)
				r->tron_piece[g] = (int8_t)k;
	}
}

/* Whether source s is one the model holds: no {X}, its filter and options
 * in range, each option of 1 to 8 mana. */
static bool holds(const struct mf_odds_source *s)
{
	if (s->cost.x_count || s->filter > MF_ODDS_SOURCE_FILTER_MAX ||
	    s->n_options > MF_MANA_LAND_OPTIONS_MAX)
		return false;
	for (size_t o = 0; o < s->n_options; o++) {
		unsigned made = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			made += s->options[o].mana[t];
		if (made < 1 || made > 8)
			return false;
	}
	return true;
}

/* The types of mana cost asks for by type ({C} for C), into *asked. */
static void cost_types(const struct mf_mana_cost *cost, unsigned *asked)
{
	*asked |= mf_mana_cost_colors(cost);
	if (cost->need[MF_MANA_C])
		*asked |= 1u << MF_MANA_C;
}

/* map[t]: t when asked, else the one type every type not asked counts as
 * (C if C is not asked, else the first colour not asked). */
static void type_map(unsigned asked, uint8_t *map)
{
	int sink = !(asked >> MF_MANA_C & 1) ? MF_MANA_C : 0;

	while (sink < RAMP_TYPES && (asked >> sink & 1))
		sink++;
	for (int t = 0; t < RAMP_TYPES; t++)
		map[t] = (uint8_t)(sink == RAMP_TYPES || (asked >> t & 1) ? t : sink);
}

/* The type maps of the searches (ramp_int.h). */
static void type_maps(struct odds_ctx *c)
{
	struct odds_ramp *r = c->ramp;
	unsigned spell = 0, cast = 0;

	cost_types(&c->q->cost, &spell);
	for (size_t k = 0; k < r->n; k++) {
		cost_types(&r->s[k].src->cost, &cast);
		if (r->s[k].taps_now)
			cost_types(&r->s[k].src->cost, &spell);
	}
	type_map(spell, r->spell_map);
	type_map(cast, r->cast_map);
}

int mf_odds_ramp_new(struct odds_ctx *c)
{
	const struct mf_odds_query *q = c->q;
	struct odds_ramp *r;
	size_t board = c->n_groups + 2 * q->n_sources;
	int rc = MF_OK;

	r = c->ramp = calloc(1, sizeof(*r));
	if (!r || !(r->sh = calloc(1, sizeof(*r->sh))))
		return MF_ERR_NOMEM;
	r->sh->refs = 1;
	for (int i = 0; i < 2; i++)
		mf_odds_places_init(&r->sh->lines[i], 3 * c->n_groups + 2 * q->n_sources, &c->heap);
	mf_odds_places_init(&r->sh->finals, board, &c->heap);
	r->n = q->n_sources;
	r->places_max = r->n ? RAMP_STATES_MAX : RAMP_STATES_LANDS;
	for (size_t k = 0; k < r->n && !rc; k++) {
		struct ramp_source *s = &r->s[k];

		s->src = &q->sources[k];
		if (!holds(s->src))
			return MF_ERR_INVALID;
		s->count = q->source_counts[k];
		s->mv = (uint32_t)mf_mana_cost_total(&s->src->cost);
		s->taps_now = !s->src->creature && !s->src->enters_tapped;
		for (size_t o = 0; o < s->src->n_options; o++) {
			uint32_t made = 0;

			for (int t = 0; t < MF_MANA_TYPES; t++)
				made += s->src->options[o].mana[t];
			if (made > s->src->filter && made - s->src->filter > s->most)
				s->most = made - s->src->filter;
		}
		rc = mf_odds_ramp_cost(&s->src->cost, 0, &s->cost);
	}
	if (!rc)
		rc = mf_odds_ramp_cost(&q->cost, q->x, &r->spell);
	r->spell_total = mf_mana_cost_total(&q->cost) + (uint64_t)q->cost.x_count * q->x;
	tron_pieces(c);
	type_maps(c);
	r->fast_most = -1;
	for (size_t g = 0; g < c->n_groups; g++)
		if (c->g[g].drop == ODDS_DROP_FAST && (int)c->g[g].etb_lands > r->fast_most)
			r->fast_most = c->g[g].etb_lands;
	if (!rc)
		rc = mf_odds_table_init(&r->sh->casts, board, &c->heap);
	if (!rc)
		rc = mf_odds_table_init(&r->pays, board, &c->heap);
	if (!rc)
		rc = mf_odds_table_init(&r->seen, RAMP_TYPES + 2 * r->n, &c->heap);
	r->sh->casts.max_entries = r->pays.max_entries = ODDS_MEMO_MAX;
	return rc;
}

/* Frees sh with its last user. */
static void shared_drop(struct ramp_shared *sh)
{
	if (!sh || --sh->refs)
		return;
	mf_odds_table_free(&sh->casts);
	mf_odds_places_free(&sh->lines[0]);
	mf_odds_places_free(&sh->lines[1]);
	mf_odds_places_free(&sh->finals);
	free(sh->cast_list);
	free(sh->line);
	free(sh->starts);
	free(sh);
}

/* Whether the casts and places of a serve b: the same groups of lands as
 * the turns play them, the same sources and the same life. */
static bool same_deck(const struct odds_ctx *a, const struct odds_ctx *b)
{
	if (!a->ramp || !b->ramp || a->n_groups != b->n_groups || a->ramp->n != b->ramp->n ||
	    a->q->life != b->q->life || a->ramp->n_tron != b->ramp->n_tron ||
	    memcmp(a->ramp->tron_piece, b->ramp->tron_piece, sizeof(a->ramp->tron_piece)))
		return false;
	for (size_t g = 0; g < a->n_groups; g++) {
		const struct odds_group *x = &a->g[g], *y = &b->g[g];

		if (x->land != y->land || x->count != y->count || x->drop != y->drop ||
		    x->check != y->check || x->etb_lands != y->etb_lands || x->types != y->types ||
		    x->fetch_life != y->fetch_life || x->untap_at != y->untap_at ||
		    x->fetch_tapped != y->fetch_tapped || x->untap_life != y->untap_life ||
		    x->finds != y->finds)
			return false;
	}
	for (size_t k = 0; k < a->ramp->n; k++) {
		const struct mf_odds_source *x = a->ramp->s[k].src, *y = b->ramp->s[k].src;

		if (a->ramp->s[k].count != b->ramp->s[k].count || x->creature != y->creature ||
		    x->enters_tapped != y->enters_tapped || x->filter != y->filter ||
		    x->n_options != y->n_options ||
		    memcmp(&x->cost, &y->cost, sizeof(x->cost)) ||
		    memcmp(x->options, y->options, x->n_options * sizeof(x->options[0])))
			return false;
	}
	return true;
}

void mf_odds_ramp_share(struct odds_ctx *const *cs, size_t k)
{
	for (size_t i = 1; i < k; i++) {
		if (!cs[i]->ramp || !cs[i]->q->n_sources)
			continue;
		for (size_t j = 0; j < i; j++) {
			if (!cs[j]->q->n_sources || !same_deck(cs[j], cs[i]))
				continue;
			shared_drop(cs[i]->ramp->sh);
			cs[i]->ramp->sh = cs[j]->ramp->sh;
			cs[i]->ramp->sh->refs++;
			break;
		}
	}
}

void mf_odds_ramp_free(struct odds_ctx *c)
{
	struct odds_ramp *r = c->ramp;

	if (!r)
		return;
	for (size_t k = 0; k < r->n; k++)
		mf_odds_ramp_cost_free(&r->s[k].cost);
	mf_odds_ramp_cost_free(&r->spell);
	shared_drop(r->sh);
	mf_odds_table_free(&r->pays);
	mf_odds_table_free(&r->seen);
	free(r);
	c->ramp = NULL;
}
