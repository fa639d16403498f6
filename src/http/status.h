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

/* Bytes of a problem document's fixed text with the longest slug and the
 * longest title (tests/unit/http/test_status.c holds them to it). */
#define MF_HTTP_PROBLEM_FRAME_MAX 256

/* The most bytes mf_http_problem_render() appends for any error the API
 * can build: the frame, the detail and the pointer escaped (at most 6
 * bytes a byte: a control byte as \u00XX) and the members as they are. A
 * buffer of this cap never fails for want of room. */
#define MF_HTTP_PROBLEM_MAX (MF_HTTP_PROBLEM_FRAME_MAX + \
	6 * (sizeof(((struct mf_api_error *)0)->detail) + MF_JSON_POINTER_MAX) + MF_API_MEMBERS_MAX)

/* Appends err (borrowed) to out as {"type","title","status","detail"} and
 * "pointer" when err has one, through the API layer's one renderer
 * (mf_problem_render()) with its status from the table above. Returns 0,
 * or the buffer's negative mf_status once it failed (out then holds
 * nothing to send). */
int mf_http_problem_render(const struct mf_api_error *err, struct mf_buf *out);

#endif
