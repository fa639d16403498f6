/* Check suites of the card domain that live in their own files. */
#ifndef MF_TEST_CARD_SUITES_H
#define MF_TEST_CARD_SUITES_H

#include <check.h>

/* Land reader without sample cards, limits, mutated texts (test_land_text.c). */
Suite *land_text_suite(void);

#endif
