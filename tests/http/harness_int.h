/*
 * What the harness's files share and the suites do not use: how each kind
 * of server stops (harness_inproc.c, harness_child.c), for ts_stop.
 */
#ifndef MF_TEST_HTTP_HARNESS_INT_H
#define MF_TEST_HTTP_HARNESS_INT_H

#include "harness.h"

/* Stops s's server in this process, if it has one (see ts_stop): frees its
 * catalogue and gives the test its fd 2 back. A no-op otherwise. */
void ts_inproc_stop(struct test_server *s);

/* Stops s's child server, if it has one (see ts_stop), and reaps it. A
 * no-op otherwise. */
void ts_child_stop(struct test_server *s);

#endif
