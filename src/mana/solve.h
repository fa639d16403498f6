/*
 * The solver's working state, shared by solve.c (zones, pre-tap, the ways
 * to pay {2/C}), taps.c (how many lands of several mana for life to tap),
 * network.c (the flow network) and plan.c (the flow back into per-card
 * steps). Internal.
 */
#ifndef MF_MANA_SOLVE_H
#define MF_MANA_SOLVE_H

#include "manaflow/mana.h"
#include "mana/catalogue.h"
#include "mana/demand.h"
#include "mana/flow.h"

#define NO_LIFE 255  /* in type_life: the land cannot make that type */

/* Fixed node ids of every network: one demand node per mana type, generic. */
enum { NODE_SOURCE, NODE_SINK, NODE_TYPE0, NODE_GENERIC = NODE_TYPE0 + MF_MANA_TYPES,
       NODE_FIRST_FREE };

/* Distinct lands of one zone, in order of first appearance. */
struct kind_use {
	int32_t land;
	uint32_t count;
	int32_t group;                 /* flow group, -1 for a pre-tapped land */
	uint32_t made[MF_MANA_TYPES];  /* after the flow: cards tapped for each type */
	uint32_t kept;                 /* pre-tapped lands: cards the plan keeps */
	uint32_t tapped;               /* lands of several mana for life: cards tapped */
};

/* Lands that behave alike in the flow network share a group (one node). */
struct land_group {
	int32_t node_in, node_out;   /* equal except for library groups */
	int32_t source_edge;         /* source -> group, or in -> out for library groups */
	int32_t type_edge[MF_MANA_TYPES];
	uint8_t type_life[MF_MANA_TYPES];
	uint8_t found_by;     /* library groups: mf_mana_land_found_by() */
	uint8_t fetch_types, fetch_life;
	bool shock;
};

struct solve_state {
	const struct mf_mana_query *q;
	const struct mf_mana_land *lands;       /* the catalogue's array */
	const uint8_t (*type_life)[MF_MANA_TYPES];  /* per land: least life per type, or NO_LIFE */
	const uint8_t *role;                    /* per land: enum mf_land_role */
	const uint8_t *found_by;                /* per land: mf_mana_land_found_by() */
	struct kind_use *field, *library;
	size_t n_field, n_library;
	bool tron;                         /* Tron assembled on the battlefield */
	uint64_t pretap[MF_MANA_TYPES];    /* mana of the pre-tapped lands */
	uint64_t have[MF_MANA_TYPES];      /* that and the mana of the bundles tapped */
	uint64_t bundle_life;              /* life the bundles tapped cost */
	size_t *bundles;                   /* field slots of bundles, the largest range last */
	uint32_t *bundle_range;            /* per bundle: the most cards worth tapping */
	size_t n_bundles;
	struct demand full;                /* the cost, for one way of paying {2/C} */
	struct demand left;                /* what the flow must pay */
	uint64_t surplus[MF_MANA_TYPES];   /* pre-tapped mana the flow may route */
	bool choices;                      /* hybrid or Phyrexian symbols to pay */
	struct land_group *groups;
	size_t n_groups;
	struct flow_graph g;
	int32_t *fetch_edges;              /* [fetch group][library group] edge ids */
	size_t n_fetch_groups, n_lib_groups;
	size_t fetch_group0, lib_group0;   /* first index of each in groups */
	int32_t life_edge[32];             /* source -> Phyrexian node: symbols paid with life */
};


/* Finds the bundles on the battlefield and how many of each may be worth
 * tapping. MF_OK; MF_ERR_LIMIT when n_choices ways to pay {2/C} times the
 * counts to try of every bundle but the last exceed MF_MANA_BUNDLE_TRIES_MAX;
 * MF_ERR_NOMEM. */
int mf_taps_prepare(struct solve_state *st, uint64_t n_choices);

/* Frees what mf_taps_prepare() allocated. */
void mf_taps_free(struct solve_state *st);

/* Finds the bundle taps that pay st->full for the least life: leaves them
 * in the bundles' `tapped` counts, with *payable and *life (as
 * mf_payment_solve() says them), and no network built. MF_OK or MF_ERR_NOMEM. */
int mf_taps_search(struct solve_state *st, bool *payable, int64_t *life);

/* Groups the lands still to decide and builds the min-cost flow network for
 * st->left. Returns MF_OK or MF_ERR_NOMEM. */
int mf_network_build(struct solve_state *st);

/* Frees the network and groups, so that another payment can be tried. */
void mf_network_free(struct solve_state *st);

/* Builds out->plan from a solved state whose flow covered the demand.
 * Returns MF_OK or MF_ERR_NOMEM (out->plan left NULL). */
int mf_plan_build(struct solve_state *st, struct mf_mana_result *out);

#endif
