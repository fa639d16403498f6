/*
 * One payment of st->full (see payment.h). Whatever mana the pre-tapped
 * lands and the bundles tapped make pays its own colour first; what is left
 * goes to the flow network (network.c), unless a count of sources shows at
 * once that it cannot be paid.
 */
#include <string.h>

#include "mana/network.h"
#include "mana/payment.h"

/* The pre-tapped mana and that of the bundles tapped, with their life. */
static void tap_bundles(struct solve_state *st)
{
	memcpy(st->have, st->pretap, sizeof(st->have));
	st->bundle_life = 0;
	for (size_t b = 0; b < st->n_bundles; b++) {
		const struct kind_use *u = &st->field[st->bundles[b]];
		const struct mf_mana_land_option *o = &st->lands[u->land].options[0];

		for (int t = 0; t < MF_MANA_TYPES; t++)
			st->have[t] += (uint64_t)o->mana[t] * u->tapped;
		st->bundle_life += (uint64_t)o->life * u->tapped;
	}
}

/* What the flow must still pay once the pre-tapped mana is spent. */
static uint64_t left_after_pretap(struct solve_state *st)
{
	uint64_t surplus = 0, demand = 0;

	st->left = st->full;
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint64_t used = st->have[t] < st->full.need[t] ? st->have[t] : st->full.need[t];

		st->left.need[t] -= used;
		st->surplus[t] = st->have[t] - used;
		surplus += st->surplus[t];
		demand += st->left.need[t];
	}
	/* Without hybrid or Phyrexian symbols, spare mana can only pay generic. */
	if (!st->choices) {
		st->left.generic = st->left.generic > surplus ? st->left.generic - surplus : 0;
		memset(st->surplus, 0, sizeof(st->surplus));
	}
	demand += st->left.generic;
	for (unsigned m = 0; m < 32; m++)
		demand += st->left.hybrid[m] + st->left.phyrexian[m];
	return demand;
}

/*
 * A necessary condition, cheap enough to try before building the network:
 * every type still needed, and the demand as a whole, must have at least as
 * many sources. Fetches count once each, library cards once, and Phyrexian
 * symbols may always be paid with life.
 */
static bool supply_may_suffice(const struct solve_state *st, uint64_t demand)
{
	uint64_t supply[MF_MANA_TYPES] = { 0 }, lib[MF_MANA_TYPES] = { 0 };
	uint64_t total = 0, lib_total = 0, fetches = 0;
	uint8_t searched = 0;

	for (size_t i = 0; i < st->n_field; i++) {
		const struct mf_mana_land *l = &st->lands[st->field[i].land];
		uint8_t role = st->role[st->field[i].land];

		if (role == MF_ROLE_FETCH) {
			fetches += st->field[i].count;
			searched |= l->fetch_types;
			continue;
		}
		if (role != MF_ROLE_FLOW)
			continue;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			supply[t] += st->type_life[st->field[i].land][t] != NO_LIFE ? st->field[i].count : 0;
		total += st->field[i].count;
	}
	for (size_t i = 0; i < st->n_library && fetches; i++) {
		if (!(st->found_by[st->library[i].land] & searched))
			continue;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			lib[t] += st->type_life[st->library[i].land][t] != NO_LIFE ? st->library[i].count : 0;
		lib_total += st->library[i].count;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		if (supply[t] + (lib[t] < fetches ? lib[t] : fetches) < st->left.need[t])
			return false;
		total += st->surplus[t];
	}
	for (unsigned m = 0; m < 32; m++)
		total += st->left.phyrexian[m];
	return total + (lib_total < fetches ? lib_total : fetches) >= demand;
}

int mf_payment_solve(struct solve_state *st, bool *payable, int64_t *life)
{
	uint64_t demand;
	int rc;

	tap_bundles(st);
	demand = left_after_pretap(st);
	*payable = false;
	*life = 0;
	if (!demand) {
		*payable = true;
		*life = (int64_t)st->bundle_life;
		return MF_OK;
	}
	if (!supply_may_suffice(st, demand))
		return MF_OK;
	rc = mf_network_build(st);
	if (rc)
		return rc;
	*payable = (uint64_t)mf_network_flow(st, demand, life) == demand;
	*life += (int64_t)st->bundle_life;
	return MF_OK;
}
