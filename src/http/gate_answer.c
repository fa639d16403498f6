/* The gate's own answers: see gate_int.h. */
#include "http/gate_int.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api.h"
#include "common/buf.h"
#include "http/cors.h"
#include "http/headers.h"
#include "http/status.h"

/* Writes the head of a refusal into out (cap bytes): its status line,
 * its type and length, the headers every answer carries (headers.h),
 * Retry-After with a 503, and the close the gate's refusals end with.
 * Returns its length, or 0 when it does not fit. */
static size_t refusal_head(char *out, size_t cap, unsigned status, size_t len, const char *id,
			   const char *allow_origin, bool vary)
{
	struct mf_http_header common[MF_HTTP_HEADERS_MAX];
	size_t n = mf_http_common_headers(id, allow_origin, vary, false, common), used;
	int w = snprintf(out, cap, "HTTP/1.1 %u %s\r\nContent-Type: application/problem+json\r\n"
			 "Content-Length: %zu\r\n", status, MHD_get_reason_phrase_for(status), len);

	for (size_t i = 0; i < n && w >= 0 && (size_t)w < cap; i++) {
		used = (size_t)w;
		w = snprintf(out + used, cap - used, "%s: %s\r\n", common[i].name, common[i].value);
		w = w < 0 ? w : (int)(used + (size_t)w);
	}
	if (w >= 0 && (size_t)w < cap) {
		used = (size_t)w;
		w = snprintf(out + used, cap - used, "%sConnection: close\r\n\r\n",
			     status == 503 ? "Retry-After: 1\r\n" : "");
		w = w < 0 ? w : (int)(used + (size_t)w);
	}
	return w < 0 || (size_t)w >= cap ? 0 : (size_t)w;
}

/* Copies text[0..n) into out (cap bytes), cut to fit. */
static void copy_cut(char *out, size_t cap, const char *text, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(out, text, n);
	out[n] = '\0';
}

void mf_gate_note_head(struct mf_gate *g, struct gate_conn *c, const char *head, size_t len)
{
	const char *p = head, *end = head + len, *eol;

	c->method[0] = c->path[0] = '\0';
	c->allow_origin = NULL;
	if (!head || !(eol = memchr(p, '\n', len)))
		return;
	/* The request line: METHOD SP target SP version, checked by head.c. */
	{
		const char *sp = memchr(p, ' ', (size_t)(eol - p)), *t, *q;

		if (!sp)
			return;
		copy_cut(c->method, sizeof(c->method), p, (size_t)(sp - p));
		t = sp + 1;
		q = t;
		while (q < eol && *q != ' ' && *q != '?')
			q++;
		copy_cut(c->path, sizeof(c->path), t, (size_t)(q - t));
	}
	if (!g->cfg.cors || (!g->cfg.cors->any && !g->cfg.cors->n))
		return;
	/* Field lines: name:value CRLF, whole ones only. */
	for (p = eol + 1; p < end && (eol = memchr(p, '\n', (size_t)(end - p))); p = eol + 1) {
		char origin[CORS_ORIGIN_BYTES_MAX + 1];
		size_t n = (size_t)(eol - p);

		if (n < 8 || strncasecmp(p, "origin:", 7) != 0)
			continue;
		n -= 8;  /* "origin:" and the CR */
		if (n > CORS_ORIGIN_BYTES_MAX) {
			/* no allowed origin is that long; "*" allows any */
			c->allow_origin = g->cfg.cors->any ? "*" : NULL;
			return;
		}
		memcpy(origin, p + 7, n);
		origin[n] = '\0';
		c->allow_origin = mf_cors_allow_origin(g->cfg.cors, origin);
		return;
	}
}

/* The client's address as text into out (INET6_ADDRSTRLEN bytes). */
static void client_text(const struct gate_conn *c, char *out)
{
	const void *a = NULL;

	if (c->addr.ss_family == AF_INET)
		a = &((const struct sockaddr_in *)&c->addr)->sin_addr;
	else if (c->addr.ss_family == AF_INET6)
		a = &((const struct sockaddr_in6 *)&c->addr)->sin6_addr;
	if (!a || !inet_ntop(c->addr.ss_family, a, out, INET6_ADDRSTRLEN))
		out[0] = '\0';
}

void mf_gate_queue_refusal(struct mf_gate *g, struct gate_conn *c)
{
	char id[REQUEST_ID_MAX + 1], client[INET6_ADDRSTRLEN], *at;
	struct mf_api_error err;
	struct mf_buf body;
	unsigned status = mf_http_problem_status(c->why.problem);
	bool vary = g->cfg.cors && g->cfg.cors->n;
	size_t used, n;

	c->answer_queued = true;
	mf_problem_set(&err, c->why.problem, c->why.detail);
	mf_request_id_take(g->cfg.ids, NULL, id);
	mf_buf_init(&body, MF_GATE_ANSWER_MAX / 2);
	if (mf_http_problem_render(&err, &body))
		goto out;
	if (!mf_gbuf_ready(&c->toclient, MF_GATE_BUF))
		goto out;
	used = c->toclient.len;
	if (MF_GATE_BUF - used < MF_GATE_ANSWER_MAX)
		goto out;  /* refusal_due() leaves room: cannot happen */
	at = c->toclient.p + used;
	n = refusal_head(at, MF_GATE_ANSWER_MAX, status, mf_buf_len(&body), id, c->allow_origin, vary);
	if (!n || n + mf_buf_len(&body) > MF_GATE_ANSWER_MAX)
		goto out;
	memcpy(at + n, mf_buf_ptr(&body), mf_buf_len(&body));
	c->toclient.len += n + mf_buf_len(&body);
	client_text(c, client);
	if (g->cfg.refused)
		g->cfg.refused(g->cfg.refused_cls, &(struct mf_gate_refusal){
			.status = status, .detail = c->why.detail, .request_id = id,
			.method = c->method, .path = c->path, .client = client,
			.us = mf_clock_us() - c->req_us, .bytes = mf_buf_len(&body) });
out:
	mf_buf_free(&body);
}
