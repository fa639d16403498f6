#include "plan_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mana_brute.h"

struct checker {
	const struct mf_query *q;
	const struct mf_result *r;
	bool tron;
	size_t n_cat;
	uint32_t *left_battlefield;  /* copies of each land not used yet */
	uint32_t *left_library;
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

bool plan_mana_pays(const uint64_t made[MF_MANA_TYPES], const struct mf_cost *cost)
{
	uint64_t spare = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (made[t] < cost->need[t])
			return false;
		spare += made[t] - cost->need[t];
	}
	return spare >= cost->generic;
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
static bool step_is_option(const struct checker *c, const struct mf_land *land,
			   const struct mf_step *step, uint32_t extra_life)
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
	const struct mf_step *step = &c->r->plan[s];
	const struct mf_land *land = mf_catalogue_land(c->q->cat, (size_t)step->land);
	const struct mf_land *card;

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
	card = mf_catalogue_land(c->q->cat, (size_t)step->fetch);
	if (!(card->basic_types & land->fetch_types))
		return fail(c, "step %zu: %s cannot fetch %s", s, land->name, card->name);
	if (s + 1 >= c->r->n_plan || c->r->plan[s + 1].from != MF_FROM_LIBRARY ||
	    c->r->plan[s + 1].land != step->fetch)
		return fail(c, "step %zu: the fetch of %s is not followed by its step",
			    s, card->name);
	return true;
}

static bool check_step(struct checker *c, size_t s)
{
	const struct mf_step *step = &c->r->plan[s];
	const struct mf_land *land;
	char made[64];

	if (step->land < 0 || (size_t)step->land >= c->n_cat)
		return fail(c, "step %zu: land %d outside the catalogue", s, step->land);
	land = mf_catalogue_land(c->q->cat, (size_t)step->land);
	mana_text(step->mana, made, sizeof(made));

	if (step->from == MF_FROM_BATTLEFIELD) {
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
	if (step->from != MF_FROM_LIBRARY)
		return fail(c, "step %zu: unknown zone %d", s, (int)step->from);
	if (s == 0 || c->r->plan[s - 1].from != MF_FROM_BATTLEFIELD ||
	    c->r->plan[s - 1].fetch != step->land)
		return fail(c, "step %zu: %s comes from the library without a fetch",
			    s, land->name);
	if (!c->left_library[step->land]--)
		return fail(c, "step %zu: no %s left in the library", s, land->name);
	if (step->fetch != -1)
		return fail(c, "step %zu: a fetched land fetches", s);
	if (!step_is_option(c, land, step, land->shock ? 2 : 0))
		return fail(c, "step %zu: fetched %s cannot make %s for %u life", s,
			    land->name, made, step->life);
	return true;
}

/* Whether the plan without steps [from, to) still pays the cost. */
static bool pays_without(const struct checker *c, size_t from, size_t to)
{
	uint64_t made[MF_MANA_TYPES] = { 0 };

	for (size_t s = 0; s < c->r->n_plan; s++) {
		if (s >= from && s < to)
			continue;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			made[t] += c->r->plan[s].mana[t];
	}
	return plan_mana_pays(made, &c->q->cost);
}

static bool check_plan(struct checker *c)
{
	const struct mf_result *r = c->r;
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
		size_t width = r->plan[s].fetch >= 0 ? 2 : 1;

		if (r->plan[s].from == MF_FROM_LIBRARY)
			continue;
		if (pays_without(c, s, s + width))
			return fail(c, "step %zu is needless: the rest still pays", s);
	}
	return true;
}

bool plan_check(const struct mf_query *query, const struct mf_result *result,
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
	c.n_cat = mf_catalogue_size(query->cat);
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
