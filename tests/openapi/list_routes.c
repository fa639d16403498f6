/*
 * Prints the server's routing table, one "METHOD PATH" line per route, so
 * that the OpenAPI check compares the spec with the table the server is
 * built from rather than with a regular expression over router.c.
 */
#include <stdio.h>

#include "http/router.h"

int main(void)
{
	size_t n;
	const struct route *r = mf_router_routes(&n);

	for (size_t i = 0; i < n; i++)
		printf("%s %s\n", r[i].method, r[i].path);
	return 0;
}
