/*
 * Random odds queries from fixed seeds, for the differential tests of the
 * land-drop model (test_odds_play_diff.c): lands drawn from every family of a
 * catalogue (basic, dual, shock, fetch, basic-land fetch, tapped fetch,
 * pain, bounce, tri, triome, surveil, gate, gain, temple, fast, check,
 * slow, pathway, pathway "A // B", horizon, five-colour, Tron, other; and
 * with odds_random_with_mdfc() a modal double-faced land face that may pay
 * 3 life),
 * costs from a list (hybrid, Phyrexian, {2/W}, {X} ...), every policy.
 * Test code only: it fails the running Check test on a broken catalogue.
 */
#ifndef MF_UNIT_ODDS_RANDOM_H
#define MF_UNIT_ODDS_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "manaflow/odds.h"

#define ODDS_RANDOM_FAMILIES 25
#define ODDS_RANDOM_FAMILY_MAX 64      /* lands kept of one family */
#define ODDS_RANDOM_SMALL_KINDS 4      /* odds_random_small: 1 .. 4 lands */
#define ODDS_RANDOM_LARGE_KINDS 12     /* odds_random_large: 5 .. 12 lands */

/* A stream of queries: the catalogue's lands by family and the generator. */
struct odds_random {
	const struct mf_mana_catalogue *cat;
	uint64_t rng;  /* splitmix64 state */
	int32_t land[ODDS_RANDOM_FAMILIES][ODDS_RANDOM_FAMILY_MAX];
	uint32_t n[ODDS_RANDOM_FAMILIES];
	uint32_t families;  /* the first this many families are drawn from */
};

/* Sorts cat's lands into families and starts the stream at a hash of seed
 * (nearby splitmix64 states would repeat each other's queries). cat must
 * outlive r. Fails the running test if a family has no land: it would go
 * untested. */
void odds_random_init(struct odds_random *r, const struct mf_mana_catalogue *cat,
		      uint64_t seed);

/* Lets the stream draw from the last family too, the MDFC land faces (a
 * stream without it draws what it drew before that family was added, so
 * that older seeds keep their queries). */
void odds_random_with_mdfc(struct odds_random *r);

/* The next 64 random bits of the stream. */
uint64_t odds_random_bits(struct odds_random *r);

/* A random small query into q, its lands in idx and counts (which q points
 * to): 1-4 lands, 40-60 cards (one in eight of 99-100), turns 1-4, any
 * policy (custom with random ranges), play or draw, life 1-20 (half the
 * time 1-5), MF_ODDS_EXACT with the default budget. */
void odds_random_small(struct odds_random *r, struct mf_odds_query *q,
		       int32_t idx[ODDS_RANDOM_SMALL_KINDS],
		       uint32_t counts[ODDS_RANDOM_SMALL_KINDS]);

/* A random larger query: 5-12 lands, 40/60/99 cards of which about 40%
 * lands, turns 1-7, MF_ODDS_AUTO with a random seed; else as above. */
void odds_random_large(struct odds_random *r, struct mf_odds_query *q,
		       int32_t idx[ODDS_RANDOM_LARGE_KINDS],
		       uint32_t counts[ODDS_RANDOM_LARGE_KINDS]);

/* Writes q in full (every field that could matter) into buf, NUL-terminated
 * and truncated to size. */
void odds_random_print(const struct mf_odds_query *q, char *buf, size_t size);

#endif
