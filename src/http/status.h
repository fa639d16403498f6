/*
 * Where a problem kind (api/problem.h) meets HTTP: its status code, and the
 * application/problem+json document (RFC 9457) the server answers with.
 * The one table of problem statuses; the CLI's error object reads it too.
 * Both documents are written by the API layer's mf_problem_render().
 */
#ifndef MF_HTTP_STATUS_H
#define MF_HTTP_STATUS_H

#include "api/api.h"

/* The HTTP status of p (400 ... 503); a value outside the enum reads as
 * MF_PROBLEM_OUT_OF_MEMORY (500). Pure. */
unsigned mf_http_problem_status(enum mf_problem p);

/* Appends err (borrowed) to out as {"type","title","status","detail"} and
 * "pointer" when err has one, through the API layer's one renderer
 * (mf_problem_render()) with its status from the table above. Returns 0,
 * or the buffer's negative mf_status once it failed (out then holds
 * nothing to send). */
int mf_http_problem_render(const struct mf_api_error *err, struct mf_buf *out);

#endif
