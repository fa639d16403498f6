/*
 * The closed set of problems a request can meet. A problem is a kind: its
 * slug (the end of its "type") and its title, given here in one place
 * (problem.c); with a detail and a pointer it makes a struct mf_api_error.
 * No other file spells a slug or a title. The API layer knows no
 * transport: the server maps each kind to its HTTP status
 * (src/http/status.c), and both the server's application/problem+json and
 * the CLI's {"error":{...}} object are written here (mf_problem_render()),
 * with the status the caller gives.
 */
#ifndef MF_API_PROBLEM_H
#define MF_API_PROBLEM_H

#include <stddef.h>

struct mf_api_error;

/* Prefix of every problem "type"; the slug follows ("invalid-field"). */
#define MF_PROBLEM_TYPE_PREFIX "urn:manaflow:problem:"

enum mf_problem {
	MF_PROBLEM_INVALID_FIELD,          /* a field is missing, mistyped or out of range */
	MF_PROBLEM_UNKNOWN_LAND,           /* a land name not in the catalogue */
	MF_PROBLEM_INVALID_COST,           /* a cost that does not parse */
	MF_PROBLEM_MALFORMED_JSON,         /* the body is not RFC 8259 JSON */
	MF_PROBLEM_BAD_REQUEST,            /* the request's framing or headers are refused */
	MF_PROBLEM_NOT_FOUND,              /* nothing answers at that path */
	MF_PROBLEM_METHOD_NOT_ALLOWED,     /* the path answers other methods */
	MF_PROBLEM_TOO_LARGE,              /* a body, an array or an answer past its limit */
	MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE, /* the body is not declared JSON in UTF-8 */
	MF_PROBLEM_UNSUPPORTED_LAND,       /* a land card with nothing the model can tap */
	MF_PROBLEM_SEARCH_BUDGET,          /* the search gave up undecided */
	MF_PROBLEM_OUT_OF_MEMORY,          /* an allocation failed */
	MF_PROBLEM_NOT_IMPLEMENTED,        /* a transfer coding we do not speak */
	MF_PROBLEM_OVERLOADED,             /* past the memory or queue budget; retry */
	MF_PROBLEM_SHUTTING_DOWN,          /* draining: no new work */
	MF_PROBLEM_DEADLINE,               /* the solve ran past the request's deadline */
	MF_PROBLEM_URI_TOO_LONG,           /* a request target past its limit */
	MF_PROBLEM_HEADERS_TOO_LARGE,      /* a request head or trailer past its limit */
	MF_PROBLEM_HTTP_VERSION,           /* an HTTP version other than 1.x */
	MF_PROBLEM_UNKNOWN_CARDS,          /* deck-list names no card database or catalogue has
					    * (members: "cards", each name with its line) */
	MF_PROBLEM_COUNT
};

/* A set of problems, as the bits 1 << p. */
#define MF_PROBLEM_BIT(p) (1u << (p))

/* p's slug ("invalid-field"), a static string; a value outside the enum
 * reads as MF_PROBLEM_OUT_OF_MEMORY. */
const char *mf_problem_slug(enum mf_problem p);

/* p's title ("Invalid field"), a static string; as mf_problem_slug(). */
const char *mf_problem_title(enum mf_problem p);

/* Fills err (the caller's) with p, no pointer, and detail (copied,
 * truncated to fit). Cannot fail. */
void mf_problem_set(struct mf_api_error *err, enum mf_problem p, const char *detail);

struct mf_buf;

/* The two ways a problem is written. */
enum mf_problem_form {
	MF_PROBLEM_DOCUMENT,  /* the server's application/problem+json (RFC 9457):
			       * {"type","title","status","detail"[,"pointer"]...} */
	MF_PROBLEM_ERROR,     /* the CLI's line: {"error":{"status","title","detail"[,"pointer"]...}} */
};

/*
 * The one renderer of a problem: appends err (borrowed) to out in form,
 * with its members (err->members) last, and status as the caller gives
 * it (the kinds' HTTP statuses are the http floor's table,
 * src/http/status.c; this floor knows none). Returns 0, or the buffer's
 * negative mf_status once it failed (out then holds nothing to send).
 */
int mf_problem_render(const struct mf_api_error *err, unsigned status,
		      enum mf_problem_form form, struct mf_buf *out);

#endif
