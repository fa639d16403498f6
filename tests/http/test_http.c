/*
 * The HTTP tests: the server on a free port, in this process or as
 * `manaflow serve` (path in argv[1]) in a child (harness.h), driven with
 * libcurl and raw sockets. Suites by topic: routes, errors, concurrency,
 * lifecycle (configuration, healthcheck, shutdown), and what browsers and
 * operators rely on: cors, request-id, caching (ETags, HEAD), and the
 * access log under load and at the stop; and the harness's own promises.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"

int main(int argc, char **argv)
{
	SRunner *sr;
	int failed;

	if (argc < 2) {
		fprintf(stderr, "usage: %s PATH-TO-MANAFLOW\n", argv[0]);
		return 2;
	}
	ts_manaflow = argv[1];
	ts_runner = getpid();
	signal(SIGPIPE, SIG_IGN);  /* a server that hangs up must fail a test, not kill us */
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return 2;
	sr = srunner_create(suite_routes());
	srunner_add_suite(sr, suite_errors());
	srunner_add_suite(sr, suite_concurrency());
	srunner_add_suite(sr, suite_lifecycle());
	srunner_add_suite(sr, suite_cors());
	srunner_add_suite(sr, suite_request_id());
	srunner_add_suite(sr, suite_caching());
	srunner_add_suite(sr, suite_hostile());
	srunner_add_suite(sr, suite_connections());
	srunner_add_suite(sr, suite_access_log());
	srunner_add_suite(sr, suite_deadline());
	srunner_add_suite(sr, suite_harness());
	srunner_add_suite(sr, suite_report());
	srunner_add_suite(sr, suite_fin());
	srunner_run_all(sr, CK_NORMAL);
	ts_orphan_logs();
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	curl_global_cleanup();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
