/*
 * Filling a struct mf_api_error (api.h): a problem of a decoder's, a
 * buffer's, and the one table from a solver's status to the problem it is.
 * Calls only problem.c.
 */
#include <stdarg.h>
#include <stdio.h>

#include "api/api.h"
#include "manaflow/common.h"

/* Fills err with problem p at pointer (NULL: none) and the detail fmt, no
 * members of its own; returns -1. */
static int vfail(struct mf_api_error *err, enum mf_problem p, const char *pointer,
		 const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));

static int vfail(struct mf_api_error *err, enum mf_problem p, const char *pointer,
		 const char *fmt, va_list ap)
{
	err->problem = p;
	err->members[0] = '\0';
	snprintf(err->pointer, sizeof(err->pointer), "%s", pointer ? pointer : "");
	vsnprintf(err->detail, sizeof(err->detail), fmt, ap);
	return -1;
}

int mf_api_fail(struct mf_api_error *err, const char *pointer, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(err, MF_PROBLEM_INVALID_FIELD, pointer, fmt, ap);
	va_end(ap);
	return -1;
}

int mf_api_failp(struct mf_api_error *err, enum mf_problem p, const char *pointer,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(err, p, pointer, fmt, ap);
	va_end(ap);
	return -1;
}

int mf_api_fail_nomem(struct mf_api_error *err)
{
	mf_problem_set(err, MF_PROBLEM_OUT_OF_MEMORY, "the server ran out of memory");
	return -1;
}

int mf_api_fail_stopped(struct mf_api_error *err, const char *pointer)
{
	return mf_api_failp(err, MF_PROBLEM_DEADLINE, pointer,
			    "the solve was stopped before it was done: the request ran past its deadline");
}

int mf_api_fail_buf(struct mf_api_error *err, const struct mf_buf *out)
{
	if (mf_buf_error(out) == MF_ERR_LIMIT)
		return mf_api_failp(err, MF_PROBLEM_TOO_LARGE, NULL,
				    "the answer would be larger than %zu bytes", out->cap);
	return mf_api_fail_nomem(err);
}

/* The one table from a solver's status to the problem it is (see
 * mf_api_fail_status() in api.h for why): MF_ERR_LIMIT's kind is the
 * call's. */
static enum mf_problem status_problem(int status, enum mf_problem limit)
{
	switch (status) {
	case MF_ERR_NOMEM:
		return MF_PROBLEM_OUT_OF_MEMORY;
	case MF_ERR_STOPPED:
		return MF_PROBLEM_DEADLINE;
	case MF_ERR_LIMIT:
		return limit;
	default:  /* MF_ERR_INVALID, and a status no solver returns */
		return MF_PROBLEM_INVALID_FIELD;
	}
}

int mf_api_fail_status(struct mf_api_error *err, int status, enum mf_problem limit,
		       const char *pointer, const char *fmt, ...)
{
	enum mf_problem p = status_problem(status, limit);
	va_list ap;

	if (p == MF_PROBLEM_OUT_OF_MEMORY)
		return mf_api_fail_nomem(err);
	if (p == MF_PROBLEM_DEADLINE)
		return mf_api_fail_stopped(err, pointer);
	va_start(ap, fmt);
	vfail(err, p, pointer, fmt, ap);
	va_end(ap);
	return -1;
}
