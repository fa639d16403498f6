/* What the access handler reads of the headers: see framing.h. */
#include "http/framing.h"

#include <string.h>
#include <strings.h>

bool mf_framing_has_body(struct MHD_Connection *c)
{
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
						     MHD_HTTP_HEADER_CONTENT_LENGTH);

	/* The gate let at most one of each through, and a Content-Length of
	 * decimal digits only. */
	if (MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING))
		return true;
	return cl && strspn(cl, "0") != strlen(cl);
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
