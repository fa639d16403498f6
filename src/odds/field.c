/*
 * One battlefield on turn T, before its land drop: can the fetches among it
 * and the land played on T cast the cost?
 *
 * A fetch played before T was cracked then (its land, any land of the
 * library it can find, is untapped by T whatever it is) or held (a land
 * that makes no mana). The land played on T pays only if it enters
 * untapped, by its kind (enum odds_drop): a tapped land never, a land that
 * may pay life to enter untapped for its untap_life (a shock land 2, a modal
 * double-faced card's land face 3), a check land with a land of its types
 * out, a fast land with at most two other lands, a slow land with at least
 * two, a fetch by what it finds. Also the bound every search uses: the most mana lands can make.
 */
#include <string.h>

#include "odds/odds_internal.h"

/* A battlefield on turn T before its land drop, and what is left to try. */
struct field {
	struct odds_ctx *c;
	uint8_t lib[MF_ODDS_LAND_KINDS_MAX];  /* library for fetches */
	uint8_t on[MF_ODDS_LAND_KINDS_MAX];   /* untapped lands (fetches resolved) */
	uint32_t lands;        /* lands you control (held fetches too) */
	uint32_t life_paid;
	bool no_drop;          /* try no land drop on T too, beside the hand's */
	uint32_t drop_fetches; /* 1 when a drop of T may be a fetch, else 0 */
};

/* Whether the lands f->on, plus `extra` life, pay the cost: 1, 0 or a
 * negative mf_status. */
static int pays(struct field *f, uint32_t extra)
{
	uint32_t least;
	uint64_t paid;
	int rc = mf_odds_least_life(f->c, f->on, &least);

	if (rc)
		return rc;
	paid = (uint64_t)least + f->life_paid + extra;
	return least != UINT32_MAX && paid < f->c->q->life;
}

/* Land y added untapped for `extra` life: pays or not (1, 0, mf_status). */
static int pays_with(struct field *f, size_t y, uint32_t extra)
{
	int rc;

	f->on[y]++;
	rc = pays(f, extra);
	f->on[y]--;
	return rc;
}

/* Fetch group x played on turn T: each land it can find, entering as it
 * would (a shock for its 2 life, any land for its untap_life, a tapped land
 * never; a fetch whose land enters tapped pays only if it untaps with enough
 * lands). */
static int fetch_on_turn(struct field *f, const struct odds_group *x)
{
	struct odds_ctx *c = f->c;
	int rc = 0;

	if (x->fetch_tapped && !(x->untap_at && f->lands + 1 >= x->untap_at))
		return 0;
	for (size_t z = 0; z < c->n_groups && rc == 0; z++) {
		const struct odds_group *y = &c->g[z];

		if (!f->lib[z] || !(x->finds >> z & 1))
			continue;
		if (x->fetch_tapped || y->drop == ODDS_DROP_UNTAPPED)
			rc = pays_with(f, z, x->fetch_life);
		else if (y->drop == ODDS_DROP_LIFE)
			rc = pays_with(f, z, x->fetch_life + (uint32_t)y->untap_life);
	}
	return rc;
}

/* The basic land types among the untapped lands. */
static uint8_t types_out(const struct field *f)
{
	uint8_t types = 0;

	for (size_t g = 0; g < f->c->n_groups; g++)
		if (f->on[g])
			types |= f->c->g[g].types;
	return types;
}

/* The land of group y played on turn T onto the battlefield f (or none,
 * y == n_groups): 1 when that pays the cost. */
static int drop_on_turn(struct field *f, size_t y)
{
	const struct odds_group *x;

	if (y == f->c->n_groups)
		return pays(f, 0);
	x = &f->c->g[y];
	switch (x->drop) {
	case ODDS_DROP_UNTAPPED:
		return pays_with(f, y, 0);
	case ODDS_DROP_LIFE:
		return pays_with(f, y, x->untap_life);
	case ODDS_DROP_CHECK:
		return (types_out(f) & x->check) ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_FAST:
		return f->lands <= x->etb_lands ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_SLOW:
		return f->lands >= x->etb_lands ? pays_with(f, y, 0) : 0;
	case ODDS_DROP_FETCH:
		return fetch_on_turn(f, x);
	default:
		return 0;  /* enters tapped, or a bounce land: no help on its turn */
	}
}

/* Whether the groups `better` have `need` lands left in f's library, in
 * all: as many as the fetches still to crack, this one among them, so
 * that a line finding what they beat can find one of them instead, as
 * well, whatever the other fetches find. */
static bool beaten(const struct field *f, uint32_t better, uint32_t need)
{
	uint32_t left = 0;

	for (; better && left < need; better &= better - 1)
		left += f->lib[__builtin_ctz(better)];
	return left >= need;
}

/* The fetches among the lands before T (left[g] copies of group g to go):
 * each copy held or cracked for a land of the library; then the land drop
 * of T from the groups of `hand`. The copies of one group take options in
 * ascending order, so each choice is tried once: option 0 is holding it,
 * option z + 1 finding a land of group z; `from` is the least option the
 * next copy of group g may take. */
static int resolve(struct field *f, uint8_t *left, size_t g, size_t from, const uint8_t *hand)
{
	struct odds_ctx *c = f->c;
	uint32_t to_crack = 1 + f->drop_fetches;  /* this copy and the fetches after it */
	int rc = 0;

	while (g < c->n_groups && !left[g]) {
		g++;
		from = 0;
	}
	if (g == c->n_groups) {
		if (!mf_odds_charge(c, 1))
			return MF_ERR_LIMIT;
		for (size_t y = 0; y <= c->n_groups && rc == 0; y++)
			if (y == c->n_groups ? f->no_drop : hand[y] != 0)
				rc = drop_on_turn(f, y);
		return rc;
	}
	left[g]--;
	for (size_t h = g; h < c->n_groups; h++)
		to_crack += left[h];
	if (from == 0)
		rc = resolve(f, left, g, 0, hand);
	for (size_t z = from ? from - 1 : 0; z < c->n_groups && rc == 0; z++) {
		if (!f->lib[z] || !(c->g[g].finds >> z & 1) ||
		    beaten(f, c->g[g].finds & c->g[z].beaten_by, to_crack))
			continue;
		f->lib[z]--;
		f->on[z]++;
		f->life_paid += c->g[g].fetch_life;
		rc = resolve(f, left, g, z + 1, hand);
		f->life_paid -= c->g[g].fetch_life;
		f->on[z]--;
		f->lib[z]++;
	}
	left[g]++;
	return rc;
}

int mf_odds_try_field(struct odds_ctx *c, const uint8_t *s, const uint8_t *hand, const uint8_t *lib,
		     bool no_drop)
{
	struct field f = { .c = c, .no_drop = no_drop };
	uint8_t fetches[MF_ODDS_LAND_KINDS_MAX] = { 0 };

	memcpy(f.lib, lib, c->n_groups);
	for (size_t g = 0; g < c->n_groups; g++) {
		f.drop_fetches |= hand[g] && c->g[g].drop == ODDS_DROP_FETCH;
		f.lands += s[g];
		if (c->g[g].drop == ODDS_DROP_FETCH)
			fetches[g] = s[g];
		else
			f.on[g] = s[g];
	}
	return resolve(&f, fetches, 0, 0, hand);
}

/* The most mana a land of each group can make on turn T into per[]: its
 * own, or for a fetch the most of a land it can find in the library. */
void mf_odds_most_mana(const struct odds_ctx *c, const uint8_t *lib, uint32_t *per)
{
	for (size_t g = 0; g < c->n_groups; g++) {
		per[g] = c->g[g].mana;
		/* to its reach at most: the search ends there */
		for (uint32_t f = c->g[g].finds; f && per[g] < c->g[g].reach; f &= f - 1) {
			size_t z = (size_t)__builtin_ctz(f);

			if (lib[z] && c->g[z].mana > per[g])
				per[g] = c->g[z].mana;
		}
	}
}
