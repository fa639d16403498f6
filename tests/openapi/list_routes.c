/*
 * Prints the server's routing table, one "METHOD PATH" line per route, so
 * that the tests compare the spec and the README with the table the server
 * is built from rather than with a regular expression over router.c.
 *
 * With --problems each line goes on with every problem the route may
 * answer, as STATUS:slug words, for the OpenAPI check.
 */
#include <stdio.h>
#include <string.h>

#include "http/status.h"
#include "http/router.h"

int main(int argc, char **argv)
{
	int problems = argc > 1 && strcmp(argv[1], "--problems") == 0;
	size_t n;
	const struct route *r = mf_router_routes(&n);

	for (size_t i = 0; i < n; i++) {
		unsigned set = mf_router_problems(&r[i]);

		printf("%s %s", r[i].method, r[i].path);
		for (int p = 0; problems && p < MF_PROBLEM_COUNT; p++)
			if (set & MF_PROBLEM_BIT(p))
				printf(" %u:%s", mf_http_problem_status((enum mf_problem)p),
				       mf_problem_slug((enum mf_problem)p));
		printf("\n");
	}
	return 0;
}
