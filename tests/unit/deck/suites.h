/* Check suites of the deck domain that live in their own files. */
#ifndef MF_TEST_DECK_SUITES_H
#define MF_TEST_DECK_SUITES_H

#include <check.h>

/* Solver against the regex reference (test_deck_diff.c). */
Suite *deck_diff_suite(void);

/* Land reader without sample cards, limits, mutated texts (test_land_text.c). */
Suite *land_text_suite(void);

#endif
