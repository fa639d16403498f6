/*
 * The closed set of problems a request can meet, each mapped in one place
 * (problem.c) to its HTTP status, its slug and its title, and rendered as
 * application/problem+json (RFC 9457) by the server or as {"error":{...}}
 * by the CLI. No other file spells a status, a slug or a title.
 */
#ifndef MF_API_PROBLEM_H
#define MF_API_PROBLEM_H

#include <stddef.h>

struct mf_buf;
struct mf_api_error;

/* Prefix of every problem "type"; the slug follows ("invalid-field"). */
#define MF_PROBLEM_TYPE_PREFIX "urn:manaflow:problem:"

enum mf_problem {
	MF_PROBLEM_INVALID_FIELD,          /* 400: a field is missing, mistyped or out of range */
	MF_PROBLEM_UNKNOWN_LAND,           /* 400: a land name not in the catalogue */
	MF_PROBLEM_INVALID_COST,           /* 400: a cost that does not parse */
	MF_PROBLEM_MALFORMED_JSON,         /* 400: the body is not RFC 8259 JSON */
	MF_PROBLEM_BAD_REQUEST,            /* 400: HTTP framing or headers refused */
	MF_PROBLEM_NOT_FOUND,              /* 404 */
	MF_PROBLEM_METHOD_NOT_ALLOWED,     /* 405 */
	MF_PROBLEM_TOO_LARGE,              /* 413: a body, an array or an answer past its limit */
	MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE, /* 415 */
	MF_PROBLEM_UNSUPPORTED_LAND,       /* 422: a land card with nothing the model can tap */
	MF_PROBLEM_SEARCH_BUDGET,          /* 422: the search gave up undecided */
	MF_PROBLEM_OUT_OF_MEMORY,          /* 500 */
	MF_PROBLEM_NOT_IMPLEMENTED,        /* 501: a transfer coding we do not speak */
	MF_PROBLEM_OVERLOADED,             /* 503: past the memory or queue budget; retry */
	MF_PROBLEM_SHUTTING_DOWN,          /* 503: draining */
	MF_PROBLEM_DEADLINE,               /* 503: the solve ran past the request's deadline */
	MF_PROBLEM_COUNT
};

/* A set of problems, as the bits 1 << p. */
#define MF_PROBLEM_BIT(p) (1u << (p))

/* The HTTP status of p (400 ... 503). */
int mf_problem_status(enum mf_problem p);

/* Its slug ("invalid-field") and title ("Invalid field"); static strings. */
const char *mf_problem_slug(enum mf_problem p);
const char *mf_problem_title(enum mf_problem p);

/* Fills err with p, no pointer, and detail (copied, truncated to fit). */
void mf_problem_set(struct mf_api_error *err, enum mf_problem p, const char *detail);

/* Appends err as a problem+json document to out. Returns 0, or the
 * buffer's negative mf_status when it failed. */
int mf_problem_render(const struct mf_api_error *err, struct mf_buf *out);

/* Appends err as the CLI's {"error":{"status":..,"title":..,"detail":..,
 * "pointer":..}} object (no newline) to out; as mf_problem_render(). */
int mf_problem_render_cli(const struct mf_api_error *err, struct mf_buf *out);

#endif
