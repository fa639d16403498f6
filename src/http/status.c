/* Problem kinds to HTTP statuses, and the problem+json document the API
 * layer's renderer writes with them: see status.h. */
#include "http/status.h"


/* A new kind needs its status here: the table has no default. */
_Static_assert(MF_PROBLEM_COUNT == 20, "give the new problem kind its HTTP status");

static const unsigned statuses[MF_PROBLEM_COUNT] = {
	[MF_PROBLEM_INVALID_FIELD] = 400,
	[MF_PROBLEM_UNKNOWN_LAND] = 400,
	[MF_PROBLEM_INVALID_COST] = 400,
	[MF_PROBLEM_MALFORMED_JSON] = 400,
	[MF_PROBLEM_BAD_REQUEST] = 400,
	[MF_PROBLEM_NOT_FOUND] = 404,
	[MF_PROBLEM_METHOD_NOT_ALLOWED] = 405,
	[MF_PROBLEM_TOO_LARGE] = 413,
	[MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE] = 415,
	[MF_PROBLEM_UNSUPPORTED_LAND] = 422,
	[MF_PROBLEM_SEARCH_BUDGET] = 422,
	[MF_PROBLEM_OUT_OF_MEMORY] = 500,
	[MF_PROBLEM_NOT_IMPLEMENTED] = 501,
	[MF_PROBLEM_OVERLOADED] = 503,
	[MF_PROBLEM_SHUTTING_DOWN] = 503,
	[MF_PROBLEM_DEADLINE] = 503,
	[MF_PROBLEM_URI_TOO_LONG] = 414,
	[MF_PROBLEM_HEADERS_TOO_LARGE] = 431,
	[MF_PROBLEM_HTTP_VERSION] = 505,
	[MF_PROBLEM_UNKNOWN_CARDS] = 422,
};

unsigned mf_http_problem_status(enum mf_problem p)
{
	return (unsigned)p < MF_PROBLEM_COUNT ? statuses[p] : statuses[MF_PROBLEM_OUT_OF_MEMORY];
}

int mf_http_problem_render(const struct mf_api_error *err, struct mf_buf *out)
{
	return mf_problem_render(err, mf_http_problem_status(err->problem), MF_PROBLEM_DOCUMENT, out);
}
