/*
 * The solver's working state, shared by solve.c (pre-tap and flow) and
 * plan.c (turning the flow back into per-card steps). Internal.
 */
#ifndef MF_MANA_SOLVE_H
#define MF_MANA_SOLVE_H

#include "manaflow/mana.h"
#include "mana/flow.h"

#define NO_LIFE 255  /* in type_life: the land cannot make that type */

/* Distinct lands of one zone, in order of first appearance. */
struct kind_use {
	int32_t land;
	uint32_t count;
	int32_t group;           /* flow group, -1 for a pre-tapped or fetch land */
	uint32_t made[MF_MANA_TYPES];  /* after the flow: cards tapped for each type */
	uint32_t kept;           /* pre-tapped lands: cards the plan keeps */
};

/* Lands that behave alike in the flow network share a group (one node). */
struct land_group {
	int32_t node_in, node_out;   /* equal except for library groups */
	int32_t source_edge;         /* source -> group, fetch groups only */
	int32_t type_edge[MF_MANA_TYPES];
	uint8_t type_life[MF_MANA_TYPES];
	uint8_t basic_types, fetch_types, fetch_life;
	bool shock;
};

struct solve_state {
	const struct mf_query *q;
	const struct mf_land *lands;     /* the catalogue's array */
	struct kind_use *field, *library;
	size_t n_field, n_library;
	bool tron;                       /* Tron assembled on the battlefield */
	uint64_t have[MF_MANA_TYPES];    /* mana of the pre-tapped lands */
	uint64_t need[MF_MANA_TYPES];    /* left for the flow */
	uint64_t generic;                /* left for the flow */
	struct land_group *groups;
	size_t n_groups;
	struct flow_graph g;
	int32_t *fetch_edges;            /* [fetch group][library group] edge ids */
	size_t n_fetch_groups, n_lib_groups;
	size_t fetch_group0, lib_group0; /* first index of each in groups */
};

/* The mana one card of a pre-tapped land makes (Tron counted). */
void solve_pretap_mana(const struct solve_state *st, int32_t land,
		       uint64_t mana[MF_MANA_TYPES]);

/* Whether a land is tapped without a choice: one free alternative. */
bool solve_is_pretapped(const struct mf_land *land);

/* Builds out->plan from a solved state whose flow covered the demand.
 * Returns MF_OK or MF_ERR_NOMEM (out->plan left NULL). */
int plan_build(struct solve_state *st, struct mf_result *out);

#endif
