/* Check suites of the deck list parser that live in their own files. */
#ifndef MF_TEST_DECKLIST_SUITES_H
#define MF_TEST_DECKLIST_SUITES_H

#include <check.h>

#include "manaflow/decklist.h"

/* Faults, limits, .dek details and name keys (test_decklist_cases.c). */
Suite *decklist_cases_suite(void);

/* The slug a fault is written with in the corpus's .expected files
 * ("no-count", ...; "?" outside the enum), from test_decklist.c. */
const char *decklist_fault_slug(enum mf_deck_list_fault fault);

#endif
