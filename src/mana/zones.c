/*
 * Stage 1 of the solver (solve.c): the query's zones counted by kind of
 * land, so that the rest works on kinds with counts and never on single
 * cards; whether Tron is assembled; and the mana of the lands tapped without
 * a choice (basics, bounce lands, pathways, Tron pieces), which the plan
 * (plan.c) reads again per card.
 */
#include <stdlib.h>
#include <string.h>

#include "mana/zones.h"

void mf_zones_pretap_mana(const struct solve_state *st, int32_t land,
			  uint64_t mana[MF_MANA_TYPES])
{
	const struct mf_mana_land *l = &st->lands[land];

	for (int t = 0; t < MF_MANA_TYPES; t++)
		mana[t] = l->options[0].mana[t];
	if (l->tron && st->tron)
		mana[MF_MANA_C] = l->tron;
}

/* Counts each distinct land of a zone, keeping the order of first sight,
 * into *out (the caller frees it) and *n_out. seen[] maps a land to its
 * kind_use slot + 1 and is cleared again after. MF_OK, MF_ERR_INVALID for a
 * land outside [0, n_lands), MF_ERR_NOMEM; on failure *out is untouched. */
static int count_zone(const int32_t *cards, size_t n, size_t n_lands, uint32_t *seen,
		      struct kind_use **out, size_t *n_out)
{
	struct kind_use *uses = malloc(((n < n_lands ? n : n_lands) + 1) * sizeof(*uses));
	size_t k = 0;
	int rc = uses ? MF_OK : MF_ERR_NOMEM;

	for (size_t i = 0; i < n && !rc; i++) {
		int32_t land = cards[i];

		if (land < 0 || (size_t)land >= n_lands) {
			rc = MF_ERR_INVALID;
			break;
		}
		if (!seen[land]) {
			memset(&uses[k], 0, sizeof(uses[k]));
			uses[k].land = land;
			uses[k].group = -1;
			seen[land] = (uint32_t)++k;
		}
		uses[seen[land] - 1].count++;
	}
	for (size_t i = 0; i < n; i++)
		if (cards[i] >= 0 && (size_t)cards[i] < n_lands)
			seen[cards[i]] = 0;
	if (rc) {
		free(uses);
		return rc;
	}
	*out = uses;
	*n_out = k;
	return MF_OK;
}

/* Whether a land of each Tron piece's name is on the battlefield (an
 * extended catalogue may hold two lands of one piece's name). */
static bool tron_assembled(const struct mf_mana_catalogue *cat, const struct kind_use *field,
			   size_t n_field)
{
	unsigned have = 0;

	for (size_t i = 0; i < n_field; i++) {
		const struct mf_mana_land *l = &cat->lands[field[i].land];

		for (size_t k = 0; l->tron && k < cat->n_tron; k++)
			if (strcmp(cat->lands[cat->tron[k]].name, l->name) == 0)
				have |= 1u << k;
	}
	return cat->n_tron > 0 && have == (1u << cat->n_tron) - 1;
}

int mf_zones_count(struct solve_state *st)
{
	const struct mf_mana_query *q = st->q;
	uint32_t *seen = calloc(q->cat->n_lands, sizeof(*seen));
	int rc = MF_ERR_NOMEM;

	if (!seen)
		return rc;
	rc = count_zone(q->battlefield, q->n_battlefield, q->cat->n_lands, seen,
			&st->field, &st->n_field);
	if (!rc)
		rc = count_zone(q->library, q->n_library, q->cat->n_lands, seen,
				&st->library, &st->n_library);
	if (!rc) {
		st->tron = tron_assembled(q->cat, st->field, st->n_field);
		for (size_t i = 0; i < st->n_field; i++) {
			uint64_t mana[MF_MANA_TYPES];

			if (st->role[st->field[i].land] != MF_ROLE_PRETAP)
				continue;
			mf_zones_pretap_mana(st, st->field[i].land, mana);
			for (int t = 0; t < MF_MANA_TYPES; t++)
				st->pretap[t] += mana[t] * st->field[i].count;
		}
	}
	free(seen);
	if (rc)
		mf_zones_free(st);
	return rc;
}

void mf_zones_free(struct solve_state *st)
{
	free(st->field);
	free(st->library);
	st->field = st->library = NULL;
	st->n_field = st->n_library = 0;
}
