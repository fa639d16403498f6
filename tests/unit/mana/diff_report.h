/*
 * What the mana differential tests share (tests only): a board, what the
 * plans of a run reached, and the comparison of the solver with the
 * exhaustive reference, which shrinks and prints a disagreement.
 */
#ifndef MANAFLOW_TESTS_DIFF_REPORT_H
#define MANAFLOW_TESTS_DIFF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"

#define LANDS_MAX 10
/* Overridable for longer runs by hand (-DREPORTS_MAX=..). */
#ifndef REPORTS_MAX
#define REPORTS_MAX 3
#endif

/* The catalogue the boards' indexes refer to; the test sets it. */
extern struct mf_mana_catalogue *diff_cat;

struct board {
	int32_t battlefield[LANDS_MAX];
	int32_t library[LANDS_MAX];
	struct mf_mana_query q;
};

struct tally {
	uint64_t queries, castable, payable, fetched_shock, fetched_other, tron, failures;
	uint64_t painful_taps;  /* battlefield taps that cost life: pain lands, City of Brass */
	uint64_t life_steps;    /* Phyrexian symbols paid with life in plans */
	uint64_t one_budget;    /* plans paying life both for symbols and for lands */
	uint64_t basic_fetched; /* lands fetched by a fetch for a basic land card */
	uint64_t bundle_taps;   /* taps of a land making several mana for life (Ancient Tomb) */
	uint64_t snow_fetched;  /* snow-covered basics fetched */
};

/* The most mana the query's cost asks for ({2/C} as two generic, {X} as x). */
uint64_t diff_cost_mana(const struct mf_mana_query *q);

/* Solves b with the solver and the reference and compares them: payable,
 * castable, least life, and the plan through plan_check. Returns true on a
 * disagreement, saying why in why[size]; counts what the plan reached in
 * *tally when it is not NULL. */
bool diff_check_board(const struct board *b, char *why, size_t size, struct tally *tally);

/* Counts a disagreement of b in tally->failures; for the first REPORTS_MAX,
 * shrinks a copy to a smallest failing query and prints it on stderr. */
void diff_report(const struct board *b, uint64_t seed, struct tally *tally);

#endif
