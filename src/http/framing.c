/* Request framing and header checks: see framing.h. */
#include "http/framing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The headers that decide a request's framing, counted. */
struct framing_headers {
	unsigned host, content_length, transfer_encoding;
	const char *te;        /* the first Transfer-Encoding value */
	const char *cl;        /* the first Content-Length value */
	bool bad_name;         /* a field name that is no RFC 9110 token */
	bool bad_value;        /* a field value holding a control character */
};

/* Whether key is an RFC 9110 token (section 5.6.2): libmicrohttpd keeps
 * "Content-Length " (a space before the colon) as a name of its own, so
 * such a request would be read with no body and its body taken for the
 * next request. */
static bool is_token(const char *key)
{
	static const char extra[] = "!#$%&'*+-.^_`|~";

	if (!*key)
		return false;
	for (const unsigned char *p = (const unsigned char *)key; *p; p++)
		if (!((*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z') ||
		      (*p && strchr(extra, *p))))
			return false;
	return true;
}

/* Whether value holds a control character other than a tab (a bare CR
 * among them), which RFC 9110 section 5.5 forbids in a field value. */
static bool has_control(const char *value)
{
	for (const unsigned char *p = (const unsigned char *)value; p && *p; p++)
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			return true;
	return false;
}

/* MHD_KeyValueIterator over the request headers: counts into cls, a
 * struct framing_headers; always goes on. */
static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key,
				    const char *value)
{
	struct framing_headers *h = cls;

	(void)kind;
	if (!key)
		return MHD_YES;
	h->bad_name |= !is_token(key);
	h->bad_value |= has_control(value);
	if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
		h->host++;
	} else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
		if (!h->content_length++)
			h->cl = value;
	} else if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
		if (!h->transfer_encoding++)
			h->te = value;
	}
	return MHD_YES;
}

/* Fills h from request c's headers. */
static void count_headers(struct MHD_Connection *c, struct framing_headers *h)
{
	memset(h, 0, sizeof(*h));
	MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, h);
}

/* Fills *why as a 400 bad-request with detail; returns true. */
static bool bad_request(struct mf_framing_refusal *why, const char *detail)
{
	why->problem = MF_PROBLEM_BAD_REQUEST;
	snprintf(why->detail, sizeof(why->detail), "%s", detail);
	return true;
}

/* Whether version is HTTP/1.1 or a later HTTP/1.x, which libmicrohttpd
 * serves as 1.1: the versions that require Host. */
static bool is_http_1_1(const char *version)
{
	return version && strncmp(version, "HTTP/1.", 7) == 0 && version[7] >= '1' &&
	       version[7] <= '9';
}

bool mf_framing_refuse(struct MHD_Connection *c, const char *version,
		       struct mf_framing_refusal *why)
{
	struct framing_headers h;

	count_headers(c, &h);
	if (h.bad_name)
		return bad_request(why, "a header name holds a character a token cannot (RFC 9110 "
				   "section 5.6.2), such as a space before its colon");
	if (h.bad_value)
		return bad_request(why, "a header value holds a control character (RFC 9110 "
				   "section 5.5)");
	if (h.host > 1)
		return bad_request(why, "more than one Host header");
	if (h.host == 0 && is_http_1_1(version))
		return bad_request(why, "an HTTP/1.1 request needs a Host header");
	if (h.content_length > 1)
		return bad_request(why, "more than one Content-Length header");
	if (h.transfer_encoding > 1)
		return bad_request(why, "more than one Transfer-Encoding header");
	if (h.content_length && h.transfer_encoding)
		return bad_request(why, "Content-Length and Transfer-Encoding together: "
				   "the length of the body is ambiguous");
	if (h.transfer_encoding && !is_http_1_1(version))
		return bad_request(why, "Transfer-Encoding in a request older than HTTP/1.1");
	if (h.transfer_encoding && strcasecmp(h.te, "chunked") != 0) {
		why->problem = MF_PROBLEM_NOT_IMPLEMENTED;
		snprintf(why->detail, sizeof(why->detail),
			 "transfer coding \"%.48s\" is not supported: send the body with "
			 "Content-Length or Transfer-Encoding: chunked", h.te);
		return true;
	}
	return false;
}

bool mf_framing_has_body(struct MHD_Connection *c)
{
	struct framing_headers h;

	count_headers(c, &h);
	/* libmicrohttpd has already refused a Content-Length that is not a
	 * number, so the digits are all there is. */
	return h.transfer_encoding || (h.cl && strspn(h.cl, "0") != strlen(h.cl));
}

/* Skips spaces and tabs. */
static const char *skip_ows(const char *p)
{
	return p + strspn(p, " \t");
}

/* A parameter value at *p, plain (a token) or quoted (backslash escapes
 * kept as they are: a charset never has any); sets *len and returns its
 * start, and advances *p past it. NULL when a quoted string is not closed. */
static const char *param_value(const char **p, size_t *len)
{
	const char *v = *p, *q;

	if (*v != '"') {
		*len = strcspn(v, "; \t");
		*p = v + *len;
		return v;
	}
	for (q = v + 1; *q && *q != '"'; q++)
		if (*q == '\\' && q[1])
			q++;
	if (*q != '"')
		return NULL;
	*len = (size_t)(q - v - 1);
	*p = q + 1;
	return v + 1;
}

bool mf_framing_json_type(const char *value)
{
	static const char base[] = "application/json";
	const char *p = value;

	if (!p || strncasecmp(p, base, sizeof(base) - 1) != 0)
		return false;
	p = skip_ows(p + sizeof(base) - 1);
	while (*p) {
		const char *name, *v;
		size_t name_len, len;

		if (*p != ';')
			return false;   /* application/jsonx, application/json x */
		p = skip_ows(p + 1);
		if (!*p || *p == ';')
			continue;       /* an empty parameter: nothing to check */
		name = p;
		name_len = strcspn(p, "=; \t");
		p = skip_ows(p + name_len);
		if (!name_len || *p != '=')
			return false;
		p = skip_ows(p + 1);
		v = param_value(&p, &len);
		if (!v)
			return false;
		if (name_len == 7 && strncasecmp(name, "charset", 7) == 0 &&
		    !(len == 5 && strncasecmp(v, "utf-8", 5) == 0))
			return false;
		p = skip_ows(p);
	}
	return true;
}

/* The value of hex digit ch, or -1. */
static int hex_value(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

size_t mf_framing_unescape(void *cls, struct MHD_Connection *c, char *s)
{
	const char *r = s;
	char *w = s;

	(void)cls;
	(void)c;
	while (*r) {
		int hi, lo;

		/* hex_value('\0') is -1: never reads past the end */
		if (r[0] == '%' && (hi = hex_value(r[1])) >= 0 && (lo = hex_value(r[2])) >= 0) {
			char ch = (char)(hi * 16 + lo);

			if (ch != '/' && ch != '\0') {
				*w++ = ch;
				r += 3;
				continue;
			}
		}
		*w++ = *r++;
	}
	*w = '\0';
	return (size_t)(w - s);
}
