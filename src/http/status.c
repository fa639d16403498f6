/* Problem kinds to HTTP statuses, and the problem+json document: see
 * status.h. */
#include "http/status.h"

#include "api/json_text.h"

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
	MF_JSON_LIT(out, "{\"type\":\"" MF_PROBLEM_TYPE_PREFIX);
	mf_buf_addstr(out, mf_problem_slug(err->problem));
	MF_JSON_LIT(out, "\",\"title\":");
	mf_json_text_string(out, mf_problem_title(err->problem));
	MF_JSON_LIT(out, ",\"status\":");
	mf_buf_add_uint(out, mf_http_problem_status(err->problem));
	MF_JSON_LIT(out, ",\"detail\":");
	mf_json_text_string(out, err->detail);
	if (err->pointer[0]) {
		MF_JSON_LIT(out, ",\"pointer\":");
		mf_json_text_string(out, err->pointer);
	}
	mf_buf_addstr(out, err->members);
	return MF_JSON_LIT(out, "}");
}
