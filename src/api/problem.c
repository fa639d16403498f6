/* The problem kinds' slugs and titles, and the one renderer of a
 * problem: see problem.h. Calls only json_text.c and common/buf.c. */
#include "api/problem.h"

#include <stdio.h>

#include "api/api.h"
#include "api/json_text.h"

static const struct {
	const char *slug, *title;
} problems[MF_PROBLEM_COUNT] = {
	[MF_PROBLEM_INVALID_FIELD] = { "invalid-field", "Invalid field" },
	[MF_PROBLEM_UNKNOWN_LAND] = { "unknown-land", "Unknown land" },
	[MF_PROBLEM_INVALID_COST] = { "invalid-cost", "Invalid cost" },
	[MF_PROBLEM_MALFORMED_JSON] = { "malformed-json", "Malformed JSON" },
	[MF_PROBLEM_BAD_REQUEST] = { "bad-request", "Bad request" },
	[MF_PROBLEM_NOT_FOUND] = { "not-found", "Not found" },
	[MF_PROBLEM_METHOD_NOT_ALLOWED] = { "method-not-allowed", "Method not allowed" },
	[MF_PROBLEM_TOO_LARGE] = { "too-large", "Request too large" },
	[MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE] = { "unsupported-media-type", "Unsupported media type" },
	[MF_PROBLEM_UNSUPPORTED_LAND] = { "unsupported-land", "Unsupported land" },
	[MF_PROBLEM_SEARCH_BUDGET] = { "search-budget", "Search budget exceeded" },
	[MF_PROBLEM_OUT_OF_MEMORY] = { "out-of-memory", "Out of memory" },
	[MF_PROBLEM_NOT_IMPLEMENTED] = { "not-implemented", "Not implemented" },
	[MF_PROBLEM_OVERLOADED] = { "overloaded", "Server busy" },
	[MF_PROBLEM_SHUTTING_DOWN] = { "shutting-down", "Shutting down" },
	[MF_PROBLEM_DEADLINE] = { "deadline", "Deadline passed" },
	[MF_PROBLEM_URI_TOO_LONG] = { "uri-too-long", "URI too long" },
	[MF_PROBLEM_HEADERS_TOO_LARGE] = { "headers-too-large", "Request headers too large" },
	[MF_PROBLEM_HTTP_VERSION] = { "http-version", "HTTP version not supported" },
	[MF_PROBLEM_UNKNOWN_CARDS] = { "unknown-cards", "Unknown cards" },
};

/* p itself, or out-of-memory for a value outside the enum. */
static unsigned index_of(enum mf_problem p)
{
	return (unsigned)p < MF_PROBLEM_COUNT ? (unsigned)p : MF_PROBLEM_OUT_OF_MEMORY;
}

const char *mf_problem_slug(enum mf_problem p)
{
	return problems[index_of(p)].slug;
}

const char *mf_problem_title(enum mf_problem p)
{
	return problems[index_of(p)].title;
}

void mf_problem_set(struct mf_api_error *err, enum mf_problem p, const char *detail)
{
	err->problem = p;
	err->pointer[0] = '\0';
	err->members[0] = '\0';
	snprintf(err->detail, sizeof(err->detail), "%s", detail);
}

int mf_problem_render(const struct mf_api_error *err, unsigned status,
		      enum mf_problem_form form, struct mf_buf *out)
{
	if (form == MF_PROBLEM_DOCUMENT) {
		MF_JSON_LIT(out, "{\"type\":\"" MF_PROBLEM_TYPE_PREFIX);
		mf_buf_addstr(out, mf_problem_slug(err->problem));
		MF_JSON_LIT(out, "\",\"title\":");
		mf_json_text_string(out, mf_problem_title(err->problem));
		MF_JSON_LIT(out, ",\"status\":");
		mf_buf_add_uint(out, status);
	} else {
		MF_JSON_LIT(out, "{\"error\":{\"status\":");
		mf_buf_add_uint(out, status);
		MF_JSON_LIT(out, ",\"title\":");
		mf_json_text_string(out, mf_problem_title(err->problem));
	}
	MF_JSON_LIT(out, ",\"detail\":");
	mf_json_text_string(out, err->detail);
	if (err->pointer[0]) {
		MF_JSON_LIT(out, ",\"pointer\":");
		mf_json_text_string(out, err->pointer);
	}
	mf_buf_addstr(out, err->members);
	return form == MF_PROBLEM_DOCUMENT ? MF_JSON_LIT(out, "}") : MF_JSON_LIT(out, "}}");
}
