/* Check suites of the deck domain that live in their own files. */
#ifndef MF_TEST_DECK_SUITES_H
#define MF_TEST_DECK_SUITES_H

#include <check.h>

/* Solver against the regex reference (test_deck_diff.c). */
Suite *deck_diff_suite(void);

#endif
