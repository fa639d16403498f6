#include "plan_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mana_brute.h"

#define COLOURS 5
#define MASKS 32

struct checker {
	const struct mf_mana_query *q;
	const struct mf_mana_result *r;
	bool tron;
	size_t n_cat;
	uint32_t *left_battlefield;  /* copies of each land not used yet */
	uint32_t *left_library;
	uint32_t life_steps[MASKS];  /* Phyrexian symbols paid with life so far */
	char *reason;
	size_t size;
};

__attribute__((format(printf, 2, 3)))
static bool fail(struct checker *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->reason, c->size, fmt, ap);
	va_end(ap);
	return false;
}

/* A search for an assignment of mana to symbols: mana not given yet, groups
 * of symbols that a colour of their mask pays, and the generic still owed. */
struct assignment {
	uint64_t left[MF_MANA_TYPES];
	uint32_t group_mask[2 * MASKS];
	uint64_t group_count[2 * MASKS];
	size_t n_groups;
	uint64_t generic;
};

static bool place_group(struct assignment *a, size_t g);

/* Gives n symbols of group g to the colours of its mask from `colour` on,
 * each amount in turn, then places the groups after it. */
static bool split(struct assignment *a, size_t g, int colour, uint64_t n)
{
	uint64_t take;

	if (!n)
		return place_group(a, g + 1);
	if (colour == COLOURS)
		return false;
	if (!(a->group_mask[g] >> colour & 1))
		return split(a, g, colour + 1, n);
	take = n < a->left[colour] ? n : a->left[colour];
	for (;; take--) {
		bool ok;

		a->left[colour] -= take;
		ok = split(a, g, colour + 1, n - take);
		a->left[colour] += take;
		if (ok)
			return true;
		if (!take)
			return false;
	}
}

/* Places groups g.. and, once all are placed, generic from what is left. */
static bool place_group(struct assignment *a, size_t g)
{
	uint64_t spare = 0;

	if (g < a->n_groups)
		return split(a, g, 0, a->group_count[g]);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		spare += a->left[t];
	return spare >= a->generic;
}

/* Tries every number of {2/colour}.. paid with two generic. */
static bool place_twobrid(struct assignment *a, const struct mf_mana_cost *cost, int colour)
{
	if (colour == COLOURS)
		return place_group(a, 0);
	for (uint64_t as_generic = 0; as_generic <= cost->twobrid[colour]; as_generic++) {
		uint64_t coloured = cost->twobrid[colour] - as_generic;
		bool ok;

		if (coloured > a->left[colour])
			continue;
		a->left[colour] -= coloured;
		a->generic += 2 * as_generic;
		ok = place_twobrid(a, cost, colour + 1);
		a->left[colour] += coloured;
		a->generic -= 2 * as_generic;
		if (ok)
			return true;
	}
	return false;
}

bool plan_mana_pays(const struct mf_mana_query *query, const uint64_t made[MF_MANA_TYPES],
		    const uint32_t life_paid[MASKS])
{
	const struct mf_mana_cost *cost = &query->cost;
	struct assignment a = { .generic = cost->generic + (uint64_t)cost->x_count * query->x };

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (made[t] < cost->need[t])
			return false;
		a.left[t] = made[t] - cost->need[t];
	}
	for (unsigned m = 0; m < MASKS; m++) {
		if (life_paid[m] > cost->phyrexian[m])
			return false;
		if (cost->hybrid[m]) {
			a.group_mask[a.n_groups] = m;
			a.group_count[a.n_groups++] = cost->hybrid[m];
		}
		if (cost->phyrexian[m] > life_paid[m]) {
			a.group_mask[a.n_groups] = m;
			a.group_count[a.n_groups++] = cost->phyrexian[m] - life_paid[m];
		}
	}
	return place_twobrid(&a, cost, 0);
}

/* "{B/P}" or "{U/G/P}" (WUBRG order) for a report, written here rather than
 * by the library. */
static void phyrexian_text(unsigned mask, char out[16])
{
	size_t n = 0;

	out[n++] = '{';
	for (int t = 0; t < COLOURS; t++) {
		if (mask >> t & 1) {
			out[n++] = mf_mana_letter((enum mf_mana_type)t);
			out[n++] = '/';
		}
	}
	memcpy(out + n, "P}", 3);
}

static void mana_text(const uint32_t mana[MF_MANA_TYPES], char *buf, size_t size)
{
	size_t n = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
				      "%u%c", mana[t], mf_mana_letter((enum mf_mana_type)t));
}

/* Whether the step makes exactly one option of land for exactly its life
 * plus extra_life. */
static bool step_is_option(const struct checker *c, const struct mf_mana_land *land,
			   const struct mf_mana_step *step, uint32_t extra_life)
{
	uint32_t mana[MF_MANA_TYPES], life;

	for (size_t o = 0; o < land->n_options; o++) {
		mana_brute_option(land, o, c->tron, mana, &life);
		if (!memcmp(mana, step->mana, sizeof(mana)) && life + extra_life == step->life)
			return true;
	}
	return false;
}

static bool check_fetch(struct checker *c, size_t s)
{
	const struct mf_mana_step *step = &c->r->plan[s];
	const struct mf_mana_land *land = mf_mana_catalogue_land(c->q->cat, (size_t)step->land);
	const struct mf_mana_land *card;

	if (!land->fetch_types)
		return fail(c, "step %zu: %s is not a fetch land", s, land->name);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (step->mana[t])
			return fail(c, "step %zu: a fetch makes mana", s);
	if (step->life != land->fetch_life)
		return fail(c, "step %zu: fetch with %s pays %u life, not %u", s,
			    land->name, step->life, land->fetch_life);
	if ((size_t)step->fetch >= c->n_cat)
		return fail(c, "step %zu: fetched land %d outside the catalogue", s, step->fetch);
	if (land->fetch_tapped)
		return fail(c, "step %zu: %s puts its land onto the battlefield tapped", s, land->name);
	card = mf_mana_catalogue_land(c->q->cat, (size_t)step->fetch);
	if (!(card->basic_types & land->fetch_types) &&
	    !((land->fetch_types & MF_MANA_FETCH_BASIC) && (card->supertypes & MF_MANA_SUPER_BASIC)))
		return fail(c, "step %zu: %s cannot fetch %s", s, land->name, card->name);
	if (card->etb != MF_MANA_ETB_UNTAPPED)
		return fail(c, "step %zu: %s enters tapped when fetched", s, card->name);
	if (s + 1 >= c->r->n_plan || c->r->plan[s + 1].from != MF_MANA_FROM_LIBRARY ||
	    c->r->plan[s + 1].land != step->fetch)
		return fail(c, "step %zu: the fetch of %s is not followed by its step",
			    s, card->name);
	return true;
}

static bool check_life_step(struct checker *c, size_t s)
{
	const struct mf_mana_step *step = &c->r->plan[s];
	char symbol[16];

	if (step->phyrexian >= MASKS || !c->q->cost.phyrexian[step->phyrexian])
		return fail(c, "step %zu: pays life for Phyrexian mask %u, not in the cost",
			    s, step->phyrexian);
	phyrexian_text(step->phyrexian, symbol);
	if (++c->life_steps[step->phyrexian] > c->q->cost.phyrexian[step->phyrexian])
		return fail(c, "step %zu: more %s paid with life than the cost has", s, symbol);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (step->mana[t])
			return fail(c, "step %zu: paying %s with life makes mana", s, symbol);
	if (step->life != 2)
		return fail(c, "step %zu: pays %u life for %s, not 2", s, step->life, symbol);
	if (step->fetch != -1)
		return fail(c, "step %zu: paying %s with life fetches %d", s, symbol, step->fetch);
	return true;
}

static bool check_step(struct checker *c, size_t s)
{
	const struct mf_mana_step *step = &c->r->plan[s];
	const struct mf_mana_land *land;
	char made[64];

	if (step->land == -1)
		return check_life_step(c, s);
	if (step->phyrexian)
		return fail(c, "step %zu: a land step names Phyrexian mask %u", s, step->phyrexian);
	if (step->land < 0 || (size_t)step->land >= c->n_cat)
		return fail(c, "step %zu: land %d outside the catalogue", s, step->land);
	land = mf_mana_catalogue_land(c->q->cat, (size_t)step->land);
	mana_text(step->mana, made, sizeof(made));

	if (step->from == MF_MANA_FROM_BATTLEFIELD) {
		if (!c->left_battlefield[step->land]--)
			return fail(c, "step %zu: no %s left on the battlefield", s, land->name);
		if (step->fetch >= 0)
			return check_fetch(c, s);
		if (step->fetch != -1)
			return fail(c, "step %zu: fetch is %d", s, step->fetch);
		if (!step_is_option(c, land, step, 0))
			return fail(c, "step %zu: %s cannot make %s for %u life", s,
				    land->name, made, step->life);
		return true;
	}
	if (step->from != MF_MANA_FROM_LIBRARY)
		return fail(c, "step %zu: unknown zone %d", s, (int)step->from);
	if (s == 0 || c->r->plan[s - 1].from != MF_MANA_FROM_BATTLEFIELD ||
	    c->r->plan[s - 1].fetch != step->land)
		return fail(c, "step %zu: %s comes from the library without a fetch",
			    s, land->name);
	if (!c->left_library[step->land]--)
		return fail(c, "step %zu: no %s left in the library", s, land->name);
	if (step->fetch != -1)
		return fail(c, "step %zu: a fetched land fetches", s);
	if (!step_is_option(c, land, step, land->untap_life))
		return fail(c, "step %zu: fetched %s cannot make %s for %u life", s,
			    land->name, made, step->life);
	return true;
}

/* Whether the plan without steps [from, to) still pays the cost. */
static bool pays_without(const struct checker *c, size_t from, size_t to)
{
	uint64_t made[MF_MANA_TYPES] = { 0 };
	uint32_t life_paid[MASKS] = { 0 };

	for (size_t s = 0; s < c->r->n_plan; s++) {
		if (s >= from && s < to)
			continue;
		if (c->r->plan[s].land == -1)
			life_paid[c->r->plan[s].phyrexian]++;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			made[t] += c->r->plan[s].mana[t];
	}
	return plan_mana_pays(c->q, made, life_paid);
}

static bool check_plan(struct checker *c)
{
	const struct mf_mana_result *r = c->r;
	uint64_t life = 0;

	for (size_t s = 0; s < r->n_plan; s++) {
		if (!check_step(c, s))
			return false;
		life += r->plan[s].life;
	}
	if (!pays_without(c, 0, 0))
		return fail(c, "the plan does not pay the cost");
	if (life != r->min_life_paid)
		return fail(c, "the plan pays %llu life, min_life_paid is %llu",
			    (unsigned long long)life, (unsigned long long)r->min_life_paid);
	for (size_t s = 0; s < r->n_plan; s++) {
		size_t width = r->plan[s].land >= 0 && r->plan[s].fetch >= 0 ? 2 : 1;

		if (r->plan[s].land >= 0 && r->plan[s].from == MF_MANA_FROM_LIBRARY)
			continue;
		if (pays_without(c, s, s + width))
			return fail(c, "step %zu is needless: the rest still pays", s);
	}
	return true;
}

bool plan_check(const struct mf_mana_query *query, const struct mf_mana_result *result,
		char *reason, size_t size)
{
	struct checker c = {
		.q = query, .r = result, .reason = reason, .size = size,
	};
	bool ok = false;

	if (size)
		reason[0] = '\0';
	if (result->castable != (result->payable &&
				 result->min_life_paid + 1 <= (uint64_t)query->life)) {
		fail(&c, "castable is %d with payable %d, min_life_paid %llu, life %u",
		     result->castable, result->payable,
		     (unsigned long long)result->min_life_paid, query->life);
		goto out;
	}
	if (!result->castable) {
		if (result->n_plan)
			fail(&c, "a plan of %zu steps for a spell that is not castable",
			     result->n_plan);
		ok = !result->n_plan;
		goto out;
	}
	if (result->life_left != query->life - result->min_life_paid) {
		fail(&c, "life_left is %llu, not %llu",
		     (unsigned long long)result->life_left,
		     (unsigned long long)(query->life - result->min_life_paid));
		goto out;
	}
	if (result->n_plan && !result->plan) {
		fail(&c, "n_plan is %zu but plan is NULL", result->n_plan);
		goto out;
	}
	c.n_cat = mf_mana_catalogue_size(query->cat);
	c.tron = mana_brute_tron_assembled(query->cat, query->battlefield,
					   query->n_battlefield);
	c.left_battlefield = calloc(c.n_cat + 1, sizeof(*c.left_battlefield));
	c.left_library = calloc(c.n_cat + 1, sizeof(*c.left_library));
	if (!c.left_battlefield || !c.left_library) {
		fail(&c, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < query->n_battlefield; i++)
		c.left_battlefield[query->battlefield[i]]++;
	for (size_t i = 0; i < query->n_library; i++)
		c.left_library[query->library[i]]++;
	ok = check_plan(&c);
out:
	free(c.left_battlefield);
	free(c.left_library);
	return ok;
}
