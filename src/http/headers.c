/* The headers every answer carries: see headers.h. */
#include "http/headers.h"

size_t mf_http_common_headers(const char *id, const char *allow_origin, bool vary, bool own_csp,
			      struct mf_http_header out[MF_HTTP_HEADERS_MAX])
{
	size_t n = 0;

	if (!own_csp)
		out[n++] = (struct mf_http_header){ "Content-Security-Policy", MF_HTTP_API_CSP };
	out[n++] = (struct mf_http_header){ "X-Content-Type-Options", "nosniff" };
	out[n++] = (struct mf_http_header){ "X-Request-Id", id };
	if (allow_origin) {
		out[n++] = (struct mf_http_header){ "Access-Control-Allow-Origin", allow_origin };
		out[n++] = (struct mf_http_header){ "Access-Control-Expose-Headers", "X-Request-Id, ETag" };
	}
	if (vary)
		out[n++] = (struct mf_http_header){ "Vary", "Origin" };
	return n;
}
