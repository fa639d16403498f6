/*
 * The flow network of one payment (stage 2 of solve.c): its land groups,
 * its building from st->left, its min-cost flow. Internal.
 */
#ifndef MF_MANA_NETWORK_H
#define MF_MANA_NETWORK_H

#include "mana/state.h"

/* Lands that behave alike in the flow network share a group (one node).
 * plan.c reads the groups back to spread the flow over cards. */
struct land_group {
	int32_t node_in, node_out;   /* equal except for library groups */
	int32_t source_edge;         /* source -> group, or in -> out for library groups */
	int32_t type_edge[MF_MANA_TYPES];
	uint8_t type_life[MF_MANA_TYPES];
	uint8_t found_by;     /* library groups: mf_mana_land_found_by() */
	uint8_t fetch_types, fetch_life;
	uint8_t untap_life;   /* library groups: life its lands pay to enter untapped */
};

/* Groups the lands still to decide (st->field's and st->library's `group`)
 * and builds the min-cost flow network for st->left and st->surplus into
 * st->g, st->groups, st->fetch_edges and st->life_edge, all owned by st.
 * Returns MF_OK, or MF_ERR_NOMEM with whatever was built left for
 * mf_network_free(). */
int mf_network_build(struct solve_state *st);

/* Sends up to `demand` units through the built network at least life;
 * returns the units sent and their life in *life. Cannot fail. */
int64_t mf_network_flow(struct solve_state *st, uint64_t demand, int64_t *life);

/* Frees the network and groups and clears what the flow wrote into the
 * zones (group, made), so that another payment can be tried. Safe on a
 * state with no network. */
void mf_network_free(struct solve_state *st);

#endif
