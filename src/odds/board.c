/*
 * Castable by the turn, for one multiset of lands seen: the best choice of
 * at most `turn` of them on the battlefield, the others out of the library,
 * asked of the mana solver; memoised on the multiset.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/odds_internal.h"

#define SOLVER_CALL_WORK 64  /* work units a solver call is charged */

static uint64_t key_hash(const uint8_t *k, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ k[i]) * 1099511628211ull;
	return h;
}

static int memo_grow(struct odds_memo *m, size_t stride)
{
	size_t n = m->n_slots ? m->n_slots * 2 : 1024;
	uint8_t *keys = malloc(n * stride), *value = malloc(n);

	if (!keys || !value) {
		free(keys);
		free(value);
		return MF_ERR_NOMEM;
	}
	memset(keys, 0xff, n * stride);
	for (size_t i = 0; i < m->n_slots; i++) {
		const uint8_t *k = m->keys + i * stride;
		size_t h;

		if (k[0] == 0xff)
			continue;
		for (h = key_hash(k, stride) & (n - 1); keys[h * stride] != 0xff; h = (h + 1) & (n - 1))
			;
		memcpy(keys + h * stride, k, stride);
		value[h] = m->value[i];
	}
	free(m->keys);
	free(m->value);
	m->keys = keys;
	m->value = value;
	m->n_slots = n;
	m->stride = stride;
	return MF_OK;
}

/* The slot of key, found or free (*found says which). */
static size_t memo_slot(const struct odds_memo *m, const uint8_t *key, bool *found)
{
	size_t mask = m->n_slots - 1, h = key_hash(key, m->stride) & mask;

	for (;; h = (h + 1) & mask) {
		const uint8_t *k = m->keys + h * m->stride;

		if (k[0] == 0xff) {
			*found = false;
			return h;
		}
		if (memcmp(k, key, m->stride) == 0) {
			*found = true;
			return h;
		}
	}
}

/* The solver's answer for battlefield on[g] of each group, the library
 * holding every land not seen: 1, 0 or a negative mf_status. */
static int solve(struct odds_ctx *c, const uint8_t *on, const uint8_t *seen)
{
	const struct mf_odds_query *q = c->q;
	struct mf_mana_query mq = { .cat = q->cat, .life = q->life, .cost = q->cost, .x = q->x };
	struct mf_mana_result res;
	size_t n = 0, n_field;
	int rc;

	if (!mf_odds_charge(c, SOLVER_CALL_WORK))
		return MF_ERR_LIMIT;
	c->solver_calls++;
	for (size_t g = 0; g < c->n_groups; g++)
		for (uint32_t k = 0; k < on[g]; k++)
			c->board[n++] = c->g[g].land;
	n_field = n;
	for (size_t g = 0; g < c->n_groups; g++)
		for (uint32_t k = seen[g]; k < c->g[g].count; k++)
			c->board[n++] = c->g[g].land;
	mq.battlefield = c->board;
	mq.n_battlefield = n_field;
	mq.library = c->board + n_field;
	mq.n_library = n - n_field;
	rc = mf_mana_solve(&mq, &res);
	if (rc)
		return rc;
	rc = res.castable;
	mf_mana_result_free(&res);
	return rc;
}

/* Tries every choice of exactly `left` more lands from groups g.. of seen
 * (on[] holds the choice so far); 1 at the first that casts. */
static int choose(struct odds_ctx *c, const uint8_t *seen, uint8_t *on, size_t g, uint32_t left,
		  uint32_t avail)
{
	int rc = 0;

	if (!left)
		return solve(c, on, seen);
	if (g == c->n_groups || avail < left)
		return 0;
	for (uint32_t k = seen[g] < left ? seen[g] : left;; k--) {
		on[g] = (uint8_t)k;
		rc = choose(c, seen, on, g + 1, left - k, avail - seen[g]);
		on[g] = 0;
		if (rc || k == 0)
			break;
	}
	return rc;
}

int mf_odds_castable(struct odds_ctx *c, const uint8_t *seen)
{
	struct odds_memo *m = &c->memo;
	uint8_t on[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	uint8_t key[MF_ODDS_LAND_KINDS_MAX] = { 0 };  /* one byte even with no land at all */
	uint32_t total = 0;
	size_t slot;
	bool found;
	int rc;

	memcpy(key, seen, c->n_groups);
	if (!m->n_slots && (rc = memo_grow(m, c->n_groups ? c->n_groups : 1)) != MF_OK)
		return rc;
	slot = memo_slot(m, key, &found);
	if (found)
		return m->value[slot];
	for (size_t g = 0; g < c->n_groups; g++)
		total += seen[g];
	/* All of them down first: if that cannot cast, no choice can. */
	rc = solve(c, seen, seen);
	if (rc == 1 && total > c->q->turn)
		rc = choose(c, seen, on, 0, c->q->turn, total);
	if (rc < 0)
		return rc;
	if (2 * (m->used + 1) > m->n_slots) {
		int g = memo_grow(m, m->stride);

		if (g)
			return g;
		slot = memo_slot(m, key, &found);
	}
	memcpy(m->keys + slot * m->stride, key, m->stride);
	m->value[slot] = (uint8_t)rc;
	m->used++;
	return rc;
}
