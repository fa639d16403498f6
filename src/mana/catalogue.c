/*
 * The land catalogue: lines of the m_lands.txt format (land.c reads each
 * one), a name index, and the lookups the API needs.
 */
#include "mana/catalogue.h"
#include "common/edit.h"
#include "mana/parse_error.h"
#include "common/hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Splits [s, end) at the first sep; returns the field's end. */
static const char *field_end(const char *s, const char *end, char sep)
{
	const char *p = memchr(s, sep, (size_t)(end - s));

	return p ? p : end;
}

/* The solver asks this of every land in every query: answer it once. */
static void land_type_life(const struct mf_mana_land *land, uint8_t life[MF_MANA_TYPES])
{
	memset(life, 255, MF_MANA_TYPES);
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];

		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (o->mana[t] && o->life < life[t])
				life[t] = o->life;
	}
}

/* What the solver reads of land i, worked out once. */
static void derive(struct mf_mana_catalogue *cat, size_t i)
{
	cat->name_len[i] = (uint8_t)strlen(cat->lands[i].name);
	land_type_life(&cat->lands[i], cat->type_life[i]);
	cat->role[i] = mf_mana_land_role(&cat->lands[i]);
	cat->found_by[i] = mf_mana_land_found_by(&cat->lands[i]);
}

/* Allocates the per-land arrays for cap lands; MF_OK or MF_ERR_NOMEM. */
static int alloc_lands(struct mf_mana_catalogue *cat, size_t cap)
{
	cat->lands = calloc(cap, sizeof(*cat->lands));
	cat->name_len = calloc(cap, sizeof(*cat->name_len));
	cat->type_life = calloc(cap, sizeof(*cat->type_life));
	cat->role = calloc(cap, sizeof(*cat->role));
	cat->found_by = calloc(cap, sizeof(*cat->found_by));
	if (!cat->lands || !cat->name_len || !cat->type_life || !cat->role || !cat->found_by)
		return MF_ERR_NOMEM;
	return MF_OK;
}

/* Allocates the name index for cat->n_lands lands; MF_OK or MF_ERR_NOMEM. */
static int alloc_index(struct mf_mana_catalogue *cat)
{
	for (cat->n_slots = 16; cat->n_slots < 2 * cat->n_lands; cat->n_slots *= 2)
		;
	cat->slots = malloc(cat->n_slots * sizeof(*cat->slots));
	if (!cat->slots)
		return MF_ERR_NOMEM;
	memset(cat->slots, 0xff, cat->n_slots * sizeof(*cat->slots));
	return MF_OK;
}

/* Inserts land i into the name index; returns -1, or on a duplicate name
 * the index of the land listed first. */
static int32_t index_insert(struct mf_mana_catalogue *cat, int32_t i)
{
	const char *name = cat->lands[i].name;
	size_t len = strlen(name);
	size_t mask = cat->n_slots - 1;

	for (size_t h = mf_fnv1a32(name, len) & mask;; h = (h + 1) & mask) {
		if (cat->slots[h] < 0) {
			cat->slots[h] = i;
			return -1;
		}
		if (strcmp(cat->lands[cat->slots[h]].name, name) == 0)
			return cat->slots[h];
	}
}

int mf_mana_catalogue_parse(const char *text, size_t len, struct mf_mana_catalogue **out,
		       struct mf_mana_parse_error *err)
{
	struct mf_mana_catalogue *cat = NULL;
	const char *p = text, *end = text + len;
	size_t lineno = 0, cap = 0;
	size_t *line_of = NULL;  /* each land's line, for errors found after parsing */
	int rc = MF_ERR_NOMEM;

	*out = NULL;
	memset(err, 0, sizeof(*err));
	cat = calloc(1, sizeof(*cat));
	if (!cat)
		goto out;
	for (cap = 1; p < end; p++)
		cap += *p == '\n';
	if (cap > MF_MANA_CATALOGUE_MAX + 1000) {
		rc = mf_mana_parse_fail(err, 0, 0, "more than %d lines", MF_MANA_CATALOGUE_MAX + 1000);
		goto out;
	}
	line_of = calloc(cap, sizeof(*line_of));
	if (alloc_lands(cat, cap) || !line_of)
		goto out;
	for (p = text; p < end;) {
		const char *e = field_end(p, end, '\n');
		const char *le = e;

		lineno++;
		if (le > p && le[-1] == '\r')
			le--;
		if (le > p) {
			if (memchr(p, '\0', (size_t)(le - p))) {
				rc = mf_mana_parse_fail(err, lineno, 1, "NUL byte in line");
				goto out;
			}
			if (cat->n_lands == MF_MANA_CATALOGUE_MAX) {
				rc = mf_mana_parse_fail(err, lineno, 1, "more than %d lands", MF_MANA_CATALOGUE_MAX);
				rc = MF_ERR_LIMIT;
				goto out;
			}
			rc = mf_mana_land_parse(&cat->lands[cat->n_lands], p, le, lineno, err);
			if (rc)
				goto out;
			derive(cat, cat->n_lands);
			line_of[cat->n_lands] = lineno;
			cat->n_lands++;
		}
		p = e < end ? e + 1 : e;
	}
	if (!cat->n_lands) {
		rc = mf_mana_parse_fail(err, lineno, 0, "no lands");
		goto out;
	}
	rc = alloc_index(cat);
	if (rc)
		goto out;
	for (size_t i = 0; i < cat->n_lands; i++) {
		int32_t first = index_insert(cat, (int32_t)i);

		if (first >= 0) {
			rc = mf_mana_parse_fail(err, line_of[i], 1, "land \"%s\" is listed twice (first on line %zu)",
					  cat->lands[i].name, line_of[first]);
			goto out;
		}
		if (cat->lands[i].tron) {
			if (cat->n_tron == sizeof(cat->tron) / sizeof(cat->tron[0])) {
				rc = mf_mana_parse_fail(err, line_of[i], 1, "more than 8 Tron pieces");
				goto out;
			}
			cat->tron[cat->n_tron++] = (int32_t)i;
		}
	}
	*out = cat;
	cat = NULL;
	rc = MF_OK;
out:
	free(line_of);
	mf_mana_catalogue_free(cat);
	return rc;
}

int mf_mana_catalogue_builtin(struct mf_mana_catalogue **out, struct mf_mana_parse_error *err)
{
	return mf_mana_catalogue_parse(mf_embedded_lands, mf_embedded_lands_len, out, err);
}

/* Index of the Tron piece named like land i among cat->tron, or -1. */
static int tron_piece(const struct mf_mana_catalogue *cat, size_t i)
{
	for (size_t k = 0; k < cat->n_tron; k++)
		if (strcmp(cat->lands[cat->tron[k]].name, cat->lands[i].name) == 0)
			return (int)k;
	return -1;
}

int mf_mana_catalogue_extend(const struct mf_mana_catalogue *base,
			     const struct mf_mana_land *extra, size_t n_extra,
			     struct mf_mana_catalogue **out, struct mf_mana_parse_error *err)
{
	struct mf_mana_catalogue *cat;
	size_t n = base->n_lands;
	int rc = MF_ERR_NOMEM;

	*out = NULL;
	memset(err, 0, sizeof(*err));
	if (n_extra > MF_MANA_CATALOGUE_MAX) {
		mf_mana_parse_fail(err, 0, 0, "more than %d lands to add", MF_MANA_CATALOGUE_MAX);
		return MF_ERR_LIMIT;
	}
	cat = calloc(1, sizeof(*cat));
	if (!cat)
		return rc;
	if (alloc_lands(cat, n + n_extra + 1))
		goto out;
	memcpy(cat->lands, base->lands, n * sizeof(*cat->lands));
	memcpy(cat->name_len, base->name_len, n * sizeof(*cat->name_len));
	memcpy(cat->type_life, base->type_life, n * sizeof(*cat->type_life));
	memcpy(cat->role, base->role, n * sizeof(*cat->role));
	memcpy(cat->found_by, base->found_by, n * sizeof(*cat->found_by));
	memcpy(cat->tron, base->tron, sizeof(cat->tron));
	cat->n_tron = base->n_tron;
	for (size_t i = 0; i < n_extra; i++) {
		cat->lands[n + i] = extra[i];
		rc = mf_mana_land_validate(&cat->lands[n + i], i + 1, err);
		if (rc)
			goto out;
		derive(cat, n + i);
		if (cat->lands[n + i].tron && tron_piece(cat, n + i) < 0) {
			if (cat->n_tron == sizeof(cat->tron) / sizeof(cat->tron[0])) {
				rc = mf_mana_parse_fail(err, i + 1, 1, "more than 8 Tron pieces");
				goto out;
			}
			cat->tron[cat->n_tron++] = (int32_t)(n + i);
		}
	}
	cat->n_lands = n + n_extra;
	rc = alloc_index(cat);
	if (rc)
		goto out;
	for (size_t i = 0; i < cat->n_lands; i++)
		index_insert(cat, (int32_t)i);  /* a name given twice finds the first */
	*out = cat;
	cat = NULL;
	rc = MF_OK;
out:
	mf_mana_catalogue_free(cat);
	return rc;
}

void mf_mana_catalogue_free(struct mf_mana_catalogue *cat)
{
	if (!cat)
		return;
	free(cat->lands);
	free(cat->name_len);
	free(cat->type_life);
	free(cat->role);
	free(cat->found_by);
	free(cat->slots);
	free(cat);
}

size_t mf_mana_catalogue_size(const struct mf_mana_catalogue *cat)
{
	return cat->n_lands;
}

const struct mf_mana_land *mf_mana_catalogue_land(const struct mf_mana_catalogue *cat, size_t i)
{
	return i < cat->n_lands ? &cat->lands[i] : NULL;
}

int32_t mf_mana_catalogue_find(const struct mf_mana_catalogue *cat, const char *name, size_t len)
{
	size_t mask = cat->n_slots - 1;

	if (len > MF_MANA_LAND_NAME_MAX)
		return -1;
	for (size_t h = mf_fnv1a32(name, len) & mask; cat->slots[h] >= 0; h = (h + 1) & mask) {
		int32_t i = cat->slots[h];

		if (cat->name_len[i] == len && memcmp(cat->lands[i].name, name, len) == 0)
			return i;
	}
	return -1;
}

/* name[0, len) lower-cased (ASCII) into out; returns len. */
static size_t lower(const char *name, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++)
		out[i] = (char)tolower((unsigned char)name[i]);
	return len;
}

int32_t mf_mana_catalogue_closest(const struct mf_mana_catalogue *cat, const char *name, size_t len)
{
	char key[MF_MANA_LAND_NAME_MAX], cand[MF_MANA_LAND_NAME_MAX];
	unsigned limit, best_d;
	int32_t best = -1;

	if (len > MF_MANA_LAND_NAME_MAX)
		return -1;  /* longer than any land: no misspelling of one */
	lower(name, len, key);
	/* only a land as near as a misspelling is: any other guess misleads */
	limit = mf_edit_misspelling(len);
	best_d = limit + 1;
	for (size_t i = 0; i < cat->n_lands && best_d; i++) {
		size_t n = lower(cat->lands[i].name, strlen(cat->lands[i].name), cand);
		unsigned d = mf_edit_distance(key, len, cand, n, best_d < limit ? best_d : limit);

		if (d < best_d) {  /* ties: the first */
			best_d = d;
			best = (int32_t)i;
		}
	}
	return best;
}
