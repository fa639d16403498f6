/*
 * The headers every answer of the server carries, whoever writes it:
 * request.c through libmicrohttpd, gate_answer.c on its own (a refusal
 * libmicrohttpd never sees). One list, so that the two cannot drift.
 */
#ifndef MF_HTTP_HEADERS_H
#define MF_HTTP_HEADERS_H

#include <stdbool.h>
#include <stddef.h>

/* The Content-Security-Policy of every answer but the playground's. */
#define MF_HTTP_API_CSP "default-src 'none'; frame-ancestors 'none'"

#define MF_HTTP_HEADERS_MAX 6

/* One header line; the strings are borrowed. */
struct mf_http_header {
	const char *name, *value;
};

/* Fills out[] with the headers every answer carries and returns how many:
 * Content-Security-Policy (MF_HTTP_API_CSP, unless own_csp: the answer
 * has its own), X-Content-Type-Options, X-Request-Id (id), and with an
 * allowed origin (allow_origin, NULL: none) Access-Control-Allow-Origin
 * and Access-Control-Expose-Headers; Vary: Origin when vary (a list of
 * origins decides, allowed or not, so that a shared cache never hands one
 * origin's copy to another). The strings are borrowed from the caller or
 * static. */
size_t mf_http_common_headers(const char *id, const char *allow_origin, bool vary, bool own_csp,
			      struct mf_http_header out[MF_HTTP_HEADERS_MAX]);

#endif
