#include "api/problem.h"

#include <stdio.h>

#include "api/api.h"
#include "common/buf.h"
#include "api/json_text.h"

static const struct {
	int status;
	const char *slug, *title;
} problems[MF_PROBLEM_COUNT] = {
	[MF_PROBLEM_INVALID_FIELD] = { 400, "invalid-field", "Invalid field" },
	[MF_PROBLEM_UNKNOWN_LAND] = { 400, "unknown-land", "Unknown land" },
	[MF_PROBLEM_INVALID_COST] = { 400, "invalid-cost", "Invalid cost" },
	[MF_PROBLEM_MALFORMED_JSON] = { 400, "malformed-json", "Malformed JSON" },
	[MF_PROBLEM_BAD_REQUEST] = { 400, "bad-request", "Bad request" },
	[MF_PROBLEM_NOT_FOUND] = { 404, "not-found", "Not found" },
	[MF_PROBLEM_METHOD_NOT_ALLOWED] = { 405, "method-not-allowed", "Method not allowed" },
	[MF_PROBLEM_TOO_LARGE] = { 413, "too-large", "Request too large" },
	[MF_PROBLEM_UNSUPPORTED_MEDIA_TYPE] = { 415, "unsupported-media-type",
						"Unsupported media type" },
	[MF_PROBLEM_UNSUPPORTED_LAND] = { 422, "unsupported-land", "Unsupported land" },
	[MF_PROBLEM_SEARCH_BUDGET] = { 422, "search-budget", "Search budget exceeded" },
	[MF_PROBLEM_OUT_OF_MEMORY] = { 500, "out-of-memory", "Out of memory" },
	[MF_PROBLEM_NOT_IMPLEMENTED] = { 501, "not-implemented", "Not implemented" },
	[MF_PROBLEM_OVERLOADED] = { 503, "overloaded", "Server busy" },
	[MF_PROBLEM_SHUTTING_DOWN] = { 503, "shutting-down", "Shutting down" },
	[MF_PROBLEM_DEADLINE] = { 503, "deadline", "Deadline passed" },
};

static unsigned index_of(enum mf_problem p)
{
	return (unsigned)p < MF_PROBLEM_COUNT ? (unsigned)p : MF_PROBLEM_OUT_OF_MEMORY;
}

int mf_problem_status(enum mf_problem p)
{
	return problems[index_of(p)].status;
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
	snprintf(err->detail, sizeof(err->detail), "%s", detail);
}

int mf_problem_render(const struct mf_api_error *err, struct mf_buf *out)
{
	MF_JSON_LIT(out, "{\"type\":\"" MF_PROBLEM_TYPE_PREFIX);
	mf_buf_addstr(out, mf_problem_slug(err->problem));
	MF_JSON_LIT(out, "\",\"title\":");
	mf_json_text_string(out, mf_problem_title(err->problem));
	MF_JSON_LIT(out, ",\"status\":");
	mf_buf_add_uint(out, (unsigned)mf_problem_status(err->problem));
	MF_JSON_LIT(out, ",\"detail\":");
	mf_json_text_string(out, err->detail);
	if (err->pointer[0]) {
		MF_JSON_LIT(out, ",\"pointer\":");
		mf_json_text_string(out, err->pointer);
	}
	return MF_JSON_LIT(out, "}");
}

int mf_problem_render_cli(const struct mf_api_error *err, struct mf_buf *out)
{
	MF_JSON_LIT(out, "{\"error\":{\"status\":");
	mf_buf_add_uint(out, (unsigned)mf_problem_status(err->problem));
	MF_JSON_LIT(out, ",\"title\":");
	mf_json_text_string(out, mf_problem_title(err->problem));
	MF_JSON_LIT(out, ",\"detail\":");
	mf_json_text_string(out, err->detail);
	if (err->pointer[0]) {
		MF_JSON_LIT(out, ",\"pointer\":");
		mf_json_text_string(out, err->pointer);
	}
	return MF_JSON_LIT(out, "}}");
}
