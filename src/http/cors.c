#include "http/cors.h"

#include <stdlib.h>
#include <string.h>

#include "manaflow/common.h"

int mf_cors_parse(struct cors *c, const char *list)
{
	const char *p = list;

	memset(c, 0, sizeof(*c));
	while (p && *p) {
		size_t len;
		const char *end = strchr(p, ',');

		if (!end)
			end = p + strlen(p);
		while (p < end && *p == ' ')
			p++;
		len = (size_t)(end - p);
		while (len && p[len - 1] == ' ')
			len--;
		if (len == 1 && *p == '*') {
			c->any = true;
		} else if (len) {
			if (c->n == CORS_ORIGINS_MAX || len > CORS_ORIGIN_BYTES_MAX) {
				mf_cors_free(c);
				return MF_ERR_LIMIT;
			}
			c->origins[c->n] = strndup(p, len);
			if (!c->origins[c->n]) {
				mf_cors_free(c);
				return MF_ERR_NOMEM;
			}
			c->n++;
		}
		p = *end ? end + 1 : end;
	}
	return MF_OK;
}

void mf_cors_free(struct cors *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->origins[i]);
	memset(c, 0, sizeof(*c));
}

const char *mf_cors_allow_origin(const struct cors *c, const char *origin)
{
	if (!origin || !*origin)
		return NULL;
	if (c->any)
		return "*";
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->origins[i], origin) == 0)
			return c->origins[i];
	return NULL;
}
