/*
 * The solver's working state for one query: one struct that solve.c owns on
 * its stack and lends to the files it calls. Each field has one writer,
 * named by the comment above its block; the others only read it. Internal.
 *
 * Who calls whom (no file calls back into one that calls it):
 *   solve.c -> zones.c, taps.c, payment.c, network.c, plan.c, demand.c
 *   taps.c -> payment.c, network.c;  payment.c -> network.c -> flow.c
 *   plan.c -> zones.c, demand.c
 */
#ifndef MF_MANA_STATE_H
#define MF_MANA_STATE_H

#include "manaflow/mana.h"
#include "mana/catalogue.h"
#include "mana/demand.h"
#include "mana/flow.h"

#define NO_LIFE 255  /* in type_life: the land cannot make that type */

/* Distinct lands of one zone, in order of first appearance (zones.c). */
struct kind_use {
	int32_t land;
	uint32_t count;
	int32_t group;                 /* network.c: flow group, -1 for none (pre-tapped) */
	uint32_t made[MF_MANA_TYPES];  /* plan.c, from the flow: cards tapped for each type */
	uint32_t kept;                 /* plan.c: cards of pre-tapped lands and bundles kept */
	uint32_t tapped;               /* taps.c and solve.c: cards of a bundle tapped */
};

struct land_group;  /* network.h */

struct solve_state {
	/* solve.c: the query and the catalogue's tables, read by all */
	const struct mf_mana_query *q;
	const struct mf_mana_land *lands;       /* the catalogue's array */
	const uint8_t (*type_life)[MF_MANA_TYPES];  /* per land: least life per type, or NO_LIFE */
	const uint8_t *role;                    /* per land: enum mf_land_role */
	const uint8_t *found_by;                /* per land: mf_mana_land_found_by() */
	bool choices;                      /* hybrid or Phyrexian symbols to pay */
	struct demand full;                /* the cost, for one way of paying {2/C} */

	/* zones.c */
	struct kind_use *field, *library;
	size_t n_field, n_library;
	bool tron;                         /* Tron assembled on the battlefield */
	uint64_t pretap[MF_MANA_TYPES];    /* mana of the pre-tapped lands */

	/* taps.c */
	size_t *bundles;                   /* field slots of bundles, the largest range last */
	uint32_t *bundle_range;            /* per bundle: the most cards worth tapping */
	size_t n_bundles;

	/* payment.c */
	uint64_t have[MF_MANA_TYPES];      /* pretap and the mana of the bundles tapped */
	uint64_t bundle_life;              /* life the bundles tapped cost */
	struct demand left;                /* what the flow must pay */
	uint64_t surplus[MF_MANA_TYPES];   /* pre-tapped mana the flow may route */

	/* network.c (the flow on g: flow.c) */
	struct land_group *groups;
	size_t n_groups;
	struct flow_graph g;
	int32_t *fetch_edges;              /* [fetch group][library group] edge ids */
	size_t n_fetch_groups, n_lib_groups;
	size_t fetch_group0, lib_group0;   /* first index of each in groups */
	int32_t life_edge[32];             /* source -> Phyrexian node: symbols paid with life */
};

#endif
