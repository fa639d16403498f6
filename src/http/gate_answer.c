/* The gate's own answers: see gate_int.h. */
#include "http/gate_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "common/buf.h"
#include "http/status.h"

/* The headers every answer of the server carries (request.c), and the
 * close the gate's refusals end with. */
#define GATE_HEAD "HTTP/1.1 %u %s\r\n" \
		  "Content-Type: application/problem+json\r\n" \
		  "Content-Length: %zu\r\n" \
		  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" \
		  "X-Content-Type-Options: nosniff\r\n" \
		  "X-Request-Id: %s\r\n" \
		  "Connection: close\r\n\r\n"

void mf_gate_queue_refusal(struct mf_gate *g, struct gate_conn *c)
{
	char id[REQUEST_ID_MAX + 1], *at;
	const char *reason;
	struct mf_api_error err;
	struct mf_buf body;
	unsigned status = mf_http_problem_status(c->why.problem);
	size_t used;
	int n;

	c->answer_queued = true;
	mf_problem_set(&err, c->why.problem, c->why.detail);
	mf_request_id_take(g->cfg.ids, NULL, id);
	mf_buf_init(&body, MF_GATE_ANSWER_MAX / 2);
	if (mf_http_problem_render(&err, &body))
		goto out;
	if (!c->toclient.p && !(c->toclient.p = malloc(MF_GATE_BUF)))
		goto out;
	if (c->toclient.off == c->toclient.len)
		c->toclient.off = c->toclient.len = 0;
	used = c->toclient.len;
	if (MF_GATE_BUF - used < MF_GATE_ANSWER_MAX)
		goto out;  /* refusal_due() leaves room: cannot happen */
	reason = MHD_get_reason_phrase_for(status);
	at = c->toclient.p + used;
	n = snprintf(at, MF_GATE_ANSWER_MAX, GATE_HEAD, status, reason, mf_buf_len(&body), id);
	if (n < 0 || (size_t)n + mf_buf_len(&body) > MF_GATE_ANSWER_MAX)
		goto out;
	memcpy(at + n, mf_buf_ptr(&body), mf_buf_len(&body));
	c->toclient.len += (size_t)n + mf_buf_len(&body);
	if (g->cfg.refused)
		g->cfg.refused(g->cfg.refused_cls, status, c->why.detail, id);
out:
	mf_buf_free(&body);
}
