/*
 * The mana-sketch test's comparison (tests only): a case in the contest's
 * terms, what a run of cases reached, and the comparison of mf_mana_solve
 * with the solution sketch's pipeline (tests/reference/mana_sketch) on one
 * case, which shrinks and prints a disagreement (sketch_report.c).
 */
#ifndef MF_TEST_MANA_SKETCH_REPORT_H
#define MF_TEST_MANA_SKETCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"
#include "../../reference/mana_sketch.h"

#define COST_TEXT_MAX 64

/* The catalogue the boards' indexes refer to; the test sets it. */
extern struct mf_mana_catalogue *sketch_cat;

/* One case in the contest's terms; cost holds its contest notation. */
struct board {
	int32_t field[REF_SKETCH_LANDS_MAX];
	int32_t library[REF_SKETCH_LANDS_MAX];
	size_t n_field, n_library;
	uint32_t life;
	char cost[COST_TEXT_MAX + 1];
};

/* What the cases compared so far reached, and how many disagreed. */
struct tally {
	uint64_t cases, castable, flows, failures;
	uint64_t by_pain;        /* castable only with k > 0 pain lands on C */
	uint64_t by_shocks;      /* castable only with shocks fetched */
	uint64_t boundary;       /* cases asked at the solver's least life (+ 1) */
	uint64_t fetched_shock;  /* in the solver's plans */
	uint64_t fetched_other;
	uint64_t painful_taps;   /* pain lands' colours and City of Brass */
	uint64_t tron;           /* boards with Tron assembled */
};

/* Asks b of the sketch and of the solver and counts it in *t. A different
 * `castable` counts in t->failures; the first few are printed on stderr
 * with seed, as drawn and shrunk to a smallest disagreeing case, in the
 * contest's input format. When res is not NULL, *res keeps the solver's
 * answer, which the caller frees. Fails the running test if either side
 * refuses b or the two cost parsers read b's cost differently. */
void sketch_check_case(const struct board *b, uint64_t seed, struct tally *t,
		       struct mf_mana_result *res);

#endif
