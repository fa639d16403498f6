#include "mana_brute.h"

#include <stdlib.h>
#include <string.h>

#define BRUTE_LIBRARY_MAX 16
#define BRUTE_TABLE_MAX ((size_t)1 << 24)
#define BRUTE_INF UINT32_MAX
/* Memo cells hold life + 1, so that 0 means "not computed yet". */
#define BRUTE_UNKNOWN 0

/* Mana still owed: one slot per mana type, then generic. */
#define OWED_SLOTS (MF_MANA_TYPES + 1)
#define OWED_GENERIC MF_MANA_TYPES

struct brute {
	const struct mf_query *q;
	bool tron;
	uint32_t radix[OWED_SLOTS];  /* owed[k] ranges over 0 .. radix[k] - 1 */
	size_t n_owed_states;
	uint32_t *memo;              /* [land][owed state][library mask] */
};

bool mana_brute_tron_assembled(const struct mf_catalogue *cat,
			       const int32_t *battlefield, size_t n_battlefield)
{
	size_t n_cat = mf_catalogue_size(cat);
	bool any_piece = false;

	for (size_t i = 0; i < n_cat; i++) {
		bool present = false;

		if (!mf_catalogue_land(cat, i)->tron)
			continue;
		any_piece = true;
		for (size_t b = 0; b < n_battlefield && !present; b++)
			present = battlefield[b] == (int32_t)i;
		if (!present)
			return false;
	}
	return any_piece;
}

void mana_brute_option(const struct mf_land *land, size_t option, bool tron,
		       uint32_t mana[MF_MANA_TYPES], uint32_t *life)
{
	const struct mf_land_option *opt = &land->options[option];
	uint32_t total = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		mana[t] = opt->mana[t];
		total += opt->mana[t];
	}
	if (tron && land->tron && total == 1 && mana[MF_C] == 1)
		mana[MF_C] = land->tron;
	*life = opt->life;
}

/* Pays what it can of owed with mana: first the type's own need, the rest
 * against generic. Spending a type on its own need first is never worse,
 * since anything left may still pay generic. */
static void owed_apply(uint32_t owed[OWED_SLOTS], const uint32_t mana[MF_MANA_TYPES])
{
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint32_t left = mana[t];
		uint32_t own = left < owed[t] ? left : owed[t];

		owed[t] -= own;
		left -= own;
		owed[OWED_GENERIC] -= left < owed[OWED_GENERIC] ? left : owed[OWED_GENERIC];
	}
}

static bool owed_nothing(const uint32_t owed[OWED_SLOTS])
{
	for (int k = 0; k < OWED_SLOTS; k++)
		if (owed[k])
			return false;
	return true;
}

static size_t owed_index(const struct brute *b, const uint32_t owed[OWED_SLOTS])
{
	size_t index = 0;

	for (int k = 0; k < OWED_SLOTS; k++)
		index = index * b->radix[k] + owed[k];
	return index;
}

static bool fetchable(const struct mf_land *fetch, const struct mf_land *card)
{
	return (fetch->fetch_types & card->basic_types) != 0;
}

static uint32_t best(struct brute *b, size_t i, const uint32_t owed[OWED_SLOTS],
		     uint32_t mask);

/* Life of one choice plus the best of what follows it, or BRUTE_INF. */
static uint32_t try_choice(struct brute *b, size_t i, const uint32_t owed[OWED_SLOTS],
			   uint32_t mask, const uint32_t mana[MF_MANA_TYPES],
			   uint32_t life)
{
	uint32_t next[OWED_SLOTS];
	uint32_t rest;

	memcpy(next, owed, sizeof(next));
	owed_apply(next, mana);
	rest = best(b, i + 1, next, mask);
	return rest == BRUTE_INF ? BRUTE_INF : rest + life;
}

/* Least life lands i.. need to pay owed without the library cards in mask. */
static uint32_t best(struct brute *b, size_t i, const uint32_t owed[OWED_SLOTS],
		     uint32_t mask)
{
	const struct mf_query *q = b->q;
	const struct mf_land *land;
	uint32_t mana[MF_MANA_TYPES];
	uint32_t life, r, c;
	size_t cell;

	if (owed_nothing(owed))
		return 0;
	if (i == q->n_battlefield)
		return BRUTE_INF;
	cell = ((i * b->n_owed_states + owed_index(b, owed)) << q->n_library) | mask;
	if (b->memo[cell] == BRUTE_INF)
		return BRUTE_INF;
	if (b->memo[cell] != BRUTE_UNKNOWN)
		return b->memo[cell] - 1;

	r = best(b, i + 1, owed, mask);  /* left untapped */
	land = mf_catalogue_land(q->cat, (size_t)q->battlefield[i]);
	for (size_t o = 0; o < land->n_options; o++) {
		mana_brute_option(land, o, b->tron, mana, &life);
		c = try_choice(b, i, owed, mask, mana, life);
		r = c < r ? c : r;
	}
	for (size_t j = 0; land->fetch_types && j < q->n_library; j++) {
		const struct mf_land *card = mf_catalogue_land(q->cat, (size_t)q->library[j]);

		if ((mask >> j & 1) || !fetchable(land, card))
			continue;
		for (size_t o = 0; o < card->n_options; o++) {
			mana_brute_option(card, o, b->tron, mana, &life);
			life += land->fetch_life + (card->shock ? 2u : 0u);
			c = try_choice(b, i, owed, mask | 1u << j, mana, life);
			r = c < r ? c : r;
		}
	}
	b->memo[cell] = r == BRUTE_INF ? BRUTE_INF : r + 1;
	return r;
}

static void step_set(struct mf_step *s, int32_t land, enum mf_zone from,
		     const uint32_t mana[MF_MANA_TYPES], uint32_t life, int32_t fetch)
{
	memset(s, 0, sizeof(*s));
	s->land = land;
	s->from = from;
	if (mana)
		memcpy(s->mana, mana, sizeof(s->mana));
	s->life = life;
	s->fetch = fetch;
}

/* Follows the memo from the start, taking the first choice that keeps the
 * optimum, and writes its steps; returns how many. plan has room for two
 * steps per battlefield land. */
static size_t rebuild(struct brute *b, const uint32_t start[OWED_SLOTS], struct mf_step *plan)
{
	const struct mf_query *q = b->q;
	uint32_t owed[OWED_SLOTS];
	uint32_t mana[MF_MANA_TYPES];
	uint32_t mask = 0, life, want;
	size_t n = 0;

	memcpy(owed, start, sizeof(owed));
	for (size_t i = 0; i < q->n_battlefield && !owed_nothing(owed); i++) {
		const struct mf_land *land = mf_catalogue_land(q->cat, (size_t)q->battlefield[i]);
		bool taken = false;

		want = best(b, i, owed, mask);
		if (best(b, i + 1, owed, mask) == want)
			continue;
		for (size_t o = 0; o < land->n_options && !taken; o++) {
			mana_brute_option(land, o, b->tron, mana, &life);
			if (try_choice(b, i, owed, mask, mana, life) != want)
				continue;
			step_set(&plan[n++], q->battlefield[i], MF_FROM_BATTLEFIELD, mana, life, -1);
			owed_apply(owed, mana);
			taken = true;
		}
		for (size_t j = 0; land->fetch_types && j < q->n_library && !taken; j++) {
			const struct mf_land *card = mf_catalogue_land(q->cat, (size_t)q->library[j]);

			if ((mask >> j & 1) || !fetchable(land, card))
				continue;
			for (size_t o = 0; o < card->n_options && !taken; o++) {
				mana_brute_option(card, o, b->tron, mana, &life);
				life += card->shock ? 2u : 0u;
				if (try_choice(b, i, owed, mask | 1u << j, mana,
					       life + land->fetch_life) != want)
					continue;
				step_set(&plan[n++], q->battlefield[i], MF_FROM_BATTLEFIELD,
					 NULL, land->fetch_life, q->library[j]);
				step_set(&plan[n++], q->library[j], MF_FROM_LIBRARY, mana, life, -1);
				owed_apply(owed, mana);
				mask |= 1u << j;
				taken = true;
			}
		}
	}
	return n;
}

static bool steps_pay(const struct mf_step *plan, size_t n, size_t skip_from,
		      size_t skip_to, const struct mf_cost *cost)
{
	uint64_t made[MF_MANA_TYPES] = { 0 };
	uint64_t spare = 0;

	for (size_t s = 0; s < n; s++) {
		if (s >= skip_from && s < skip_to)
			continue;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			made[t] += plan[s].mana[t];
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (made[t] < cost->need[t])
			return false;
		spare += made[t] - cost->need[t];
	}
	return spare >= cost->generic;
}

/* Drops steps (a fetch with its fetched card) while the rest still pays.
 * Dropping never adds life, so the plan stays at the least life. */
static size_t drop_needless(struct mf_step *plan, size_t n, const struct mf_cost *cost)
{
	bool dropped = true;

	while (dropped) {
		dropped = false;
		for (size_t s = 0; s < n && !dropped; s++) {
			size_t width;

			if (plan[s].from == MF_FROM_LIBRARY)
				continue;
			width = plan[s].fetch >= 0 ? 2 : 1;
			if (!steps_pay(plan, n, s, s + width, cost))
				continue;
			memmove(&plan[s], &plan[s + width], (n - s - width) * sizeof(*plan));
			n -= width;
			dropped = true;
		}
	}
	return n;
}

static uint64_t option_most(const struct mf_land *land, bool tron)
{
	uint32_t mana[MF_MANA_TYPES], life;
	uint64_t most = 0;

	for (size_t o = 0; o < land->n_options; o++) {
		uint64_t sum = 0;

		mana_brute_option(land, o, tron, mana, &life);
		for (int t = 0; t < MF_MANA_TYPES; t++)
			sum += mana[t];
		most = sum > most ? sum : most;
	}
	return most;
}

/* Most mana one battlefield land could add (through a fetch included): a
 * cost above the sum of these is unpayable, which keeps the table small. */
static uint64_t most_mana(const struct brute *b, const struct mf_land *land)
{
	const struct mf_query *q = b->q;
	uint64_t most = option_most(land, b->tron);

	for (size_t j = 0; land->fetch_types && j < q->n_library; j++) {
		const struct mf_land *card = mf_catalogue_land(q->cat, (size_t)q->library[j]);
		uint64_t sum;

		if (!fetchable(land, card))
			continue;
		sum = option_most(card, b->tron);
		most = sum > most ? sum : most;
	}
	return most;
}

int mana_brute_solve(const struct mf_query *query, struct mana_brute_result *out)
{
	struct brute b = { .q = query };
	uint32_t owed[OWED_SLOTS];
	uint64_t producible = 0;
	size_t n_cat, cells;
	uint32_t life;
	int rc = MF_OK;

	memset(out, 0, sizeof(*out));
	n_cat = mf_catalogue_size(query->cat);
	for (size_t i = 0; i < query->n_battlefield; i++)
		if (query->battlefield[i] < 0 || (size_t)query->battlefield[i] >= n_cat)
			return MF_ERR_INVALID;
	for (size_t i = 0; i < query->n_library; i++)
		if (query->library[i] < 0 || (size_t)query->library[i] >= n_cat)
			return MF_ERR_INVALID;
	if (query->n_library > BRUTE_LIBRARY_MAX)
		return MF_ERR_LIMIT;

	b.tron = mana_brute_tron_assembled(query->cat, query->battlefield,
					   query->n_battlefield);
	for (size_t i = 0; i < query->n_battlefield; i++)
		producible += most_mana(&b, mf_catalogue_land(query->cat,
							     (size_t)query->battlefield[i]));
	if (mf_cost_total(&query->cost) > producible)
		goto out;  /* not payable */

	for (int t = 0; t < MF_MANA_TYPES; t++)
		owed[t] = query->cost.need[t];
	owed[OWED_GENERIC] = query->cost.generic;
	b.n_owed_states = 1;
	for (int k = 0; k < OWED_SLOTS; k++) {
		b.radix[k] = owed[k] + 1;
		if (b.n_owed_states > BRUTE_TABLE_MAX / b.radix[k]) {
			rc = MF_ERR_LIMIT;
			goto out;
		}
		b.n_owed_states *= b.radix[k];
	}
	cells = query->n_battlefield * b.n_owed_states;
	if (cells > BRUTE_TABLE_MAX >> query->n_library) {
		rc = MF_ERR_LIMIT;
		goto out;
	}
	cells <<= query->n_library;
	b.memo = calloc(cells ? cells : 1, sizeof(*b.memo));
	if (!b.memo) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	life = best(&b, 0, owed, 0);
	if (life == BRUTE_INF)
		goto out;

	out->plan = calloc(2 * query->n_battlefield + 1, sizeof(*out->plan));
	if (!out->plan) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	out->payable = true;
	out->min_life = life;
	out->castable = life + 1 <= (uint64_t)query->life;
	out->n_plan = rebuild(&b, owed, out->plan);
	out->n_plan = drop_needless(out->plan, out->n_plan, &query->cost);
out:
	free(b.memo);
	if (rc != MF_OK)
		mana_brute_result_free(out);
	return rc;
}

void mana_brute_result_free(struct mana_brute_result *result)
{
	if (!result)
		return;
	free(result->plan);
	memset(result, 0, sizeof(*result));
}
