/*
 * Deals for the camelot tests: a fixed-seed PRNG, deals of several shapes,
 * and the seed's examples.
 */
#ifndef MF_TEST_CAMELOT_DEALS_H
#define MF_TEST_CAMELOT_DEALS_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>

#include "manaflow/camelot.h"

/* splitmix64: the tests' only source of randomness, always seeded. */
uint64_t deals_next(uint64_t *state);

/* Uniform in [0, bound). */
uint32_t deals_below(uint64_t *state, uint32_t bound);

enum deal_shape {
	DEAL_UNIFORM,        /* a shuffled deck */
	DEAL_FACES_EARLY,    /* all twelve faces among the first 16..28 cards */
	DEAL_NUMBERS_FIRST,  /* sixteen numbers fill the board before any face */
	DEAL_FACES_MIDDLE,   /* numbers first, the faces around cards 12..36 */
	DEAL_SHAPES,
};

void deals_random(uint64_t *state, enum deal_shape shape,
		  struct mf_camelot_deal *deal);

/* Parses text into *deal and fails the test if it is not a valid deal. */
void deals_parse(const char *text, struct mf_camelot_deal *deal);

/* The four examples of the seed document, with their answers. */
struct deals_example {
	const char *deck;
	bool winnable;
};
extern const struct deals_example deals_examples[4];

/* Suites living in other files. */
Suite *camelot_reference_suite(void);

#endif
