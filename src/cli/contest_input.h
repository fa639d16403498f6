/*
 * The IPSC 2016 M input format: a count of test cases, then for each (after
 * a blank line) the battlefield (a count, then one land name a line), the
 * library (likewise), the life total and the cost.
 */
#ifndef MF_CLI_CONTEST_INPUT_H
#define MF_CLI_CONTEST_INPUT_H

#include <stddef.h>

#include "manaflow/mana.h"

struct contest_reader {
	const char *p, *end;     /* the unread text (not owned) */
	size_t line;             /* lines consumed so far */
	size_t cases;            /* declared by the first number */
	size_t cases_left;
	const struct mf_mana_catalogue *cat;
	int32_t *cards;          /* owned: battlefield then library of the current case */
	size_t cap;
	char error[256];         /* "line N: reason" after a failure */
};

/* Starts reading text (len bytes, not copied: it must outlive the reader).
 * Returns 0, or -1 with r->error set when the case count is bad. */
int mf_contest_reader_init(struct contest_reader *r, const char *text, size_t len,
			const struct mf_mana_catalogue *cat);

/* Reads the next case into *q (its arrays owned by the reader, valid until
 * the next call). Returns 1 for a case, 0 at the end, -1 with r->error set.
 * A cost with {X} is an error (the format has no value for X), and so is
 * anything but blank lines after the last declared case. */
int mf_contest_reader_next(struct contest_reader *r, struct mf_mana_query *q);

/* Frees what the reader owns. */
void mf_contest_reader_free(struct contest_reader *r);

#endif
