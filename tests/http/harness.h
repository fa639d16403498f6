/*
 * The HTTP tests' harness: the server under test, on a free loopback port,
 * either inside the test process or as a child process, and what the
 * suites share (the statement's examples, source files, JSON members).
 *
 * In the test process (ts_start): the server is started through its
 * library API (http/server.h) and stopped with mf_server_shutdown(), so that
 * its code runs under the test's sanitizers and valgrind and its coverage is
 * written when the test process exits. While it runs, the process's fd 2 is
 * the server's log (a file in /tmp that ts_log() reads and ts_close()
 * removes); the test's own fd 2 comes back when it stops. So a sanitizer's
 * report lands in that log: when a test process dies with a server running
 * (a sanitizer's abort, a crash, a failed assertion under CK_FORK=yes), the
 * log stays, and ts_orphan_logs() prints it. One such server at a time.
 *
 * As a child process (ts_spawn): `manaflow serve`, for what only a process
 * shows: signals, the drain on SIGTERM, exit statuses, the command line's
 * options and MANAFLOW_* variables, and what would end the test process.
 * It is stopped with SIGTERM and waited for, so that it exits through
 * main() and writes its coverage too; SIGKILL only when it will not stop.
 *
 * Every server is stopped when its test ends, whatever happens: the checked
 * fixtures' teardown stops it (Check runs it after a failure when
 * CK_FORK=no), the forked test process ends with it (CK_FORK=yes), and a
 * child asks the kernel for SIGKILL when the test process dies
 * (PR_SET_PDEATHSIG).
 */
#ifndef MF_TEST_HTTP_HARNESS_H
#define MF_TEST_HTTP_HARNESS_H

#include <check.h>
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "exchange.h"

/* Path of the manaflow binary under test (argv[1]). */
extern const char *ts_manaflow;

/* The pid of the process that runs the suites (main sets it). */
extern pid_t ts_runner;

struct server;
struct mf_mana_catalogue;

struct test_server {
	struct server *inproc;          /* a server in this process, or NULL */
	struct mf_mana_catalogue *cat;  /* its catalogue (owned), or NULL */
	pid_t pid;                      /* a child server, 0: none (or reaped) */
	uint16_t port;
	int log_fd;                     /* its log; -1: none */
	char log_path[96];              /* in process: the log's name until ts_close; else "" */
	int saved_stderr;               /* in process: the test's fd 2 while the log has it; -1 */
	unsigned cut_short;             /* in process: what the last stop returned */
};

/* The server the fixtures below start; tests may use it directly. */
extern struct test_server ts_srv;

/*
 * Starts a server in this process on 127.0.0.1, any free port, configured
 * as `manaflow serve` would be by the flags in args (NULL-terminated, may be
 * NULL): any of serve's options but --host and --port take their
 * documented defaults (ts_inproc_default_args lists them), --lands FILE is
 * read here. Stops s first if it runs. Fails the test (ck_abort) on a flag
 * it does not know or a server that does not start (its log says why).
 */
void ts_start(struct test_server *s, const char *const *args);

/* The defaults ts_start takes, as "--flag value" pairs of serve's options:
 * NULL-terminated pairs { flag, value }. A test holds them to what
 * `manaflow serve --help` says. */
extern const char *const ts_inproc_default_args[][2];

/*
 * Starts `manaflow serve --host 127.0.0.1 --port 0` plus args
 * (NULL-terminated, may be NULL) as a child process, with the environment
 * variables in env ("NAME=value", NULL-terminated, may be NULL) added after
 * every inherited MANAFLOW_* variable is removed. Waits for the "listening"
 * log line and fills s. Stops s first if it runs. Fails the test when the
 * server does not come up.
 */
void ts_spawn(struct test_server *s, const char *const *args, const char *const *env);

/*
 * Stops the server and keeps its log readable. In process: the shutdown
 * with its delay skipped (requests in flight still get until the drain
 * deadline), s->cut_short set, the test's fd 2 given back. A child: SIGTERM,
 * a second SIGTERM after a second (it ends a shutdown delay), then up to
 * TS_STOP_TIMEOUT_MS for it to exit; past that SIGKILL, said on stderr
 * (that child writes no coverage). Safe on a stopped server.
 */
void ts_stop(struct test_server *s);
#define TS_STOP_TIMEOUT_MS 30000

/* ts_stop, then closes the log (and removes it). Safe to call twice and on
 * a server that never started. */
void ts_close(struct test_server *s);

/* Prints on stderr, then removes, every in-process server's log that a
 * test process of this run (ts_runner) left behind when it died. For main,
 * after the suites have run. */
void ts_orphan_logs(void);

/* A child only: sends sig to it; fails the test when it cannot. */
void ts_signal(struct test_server *s, int sig);

/* A child only: waits up to timeout_ms for it to exit; returns its wait
 * status, or -1 when it is still running (it is then left running). */
int ts_wait_exit(struct test_server *s, int timeout_ms);

/* The server's log so far, NUL-terminated, malloc'd (caller frees). */
char *ts_log(const struct test_server *s);

/* Checked fixtures: ts_srv in this process with the given configuration,
 * ts_close in teardown. */
void ts_setup_default(void);      /* --threads 4 */
void ts_setup_small_body(void);   /* --body-limit 1024 --no-access-log */
void ts_setup_two_threads(void);  /* --threads 2 --timeout 60 */
void ts_setup_none(void);         /* no server: the test starts its own */
void ts_teardown(void);

/* One of the statement's examples, as a JSON query and its expected verdict. */
struct example {
	cJSON *query;          /* {"battlefield","library","life","cost"} */
	bool castable;
};

#define EXAMPLES_MAX 64

/* Loads tests/data/statement_examples.{txt,expected}; returns the count and
 * fails the test if the files are unreadable or disagree. Free with
 * examples_free. */
size_t examples_load(struct example *out, size_t max);
void examples_free(struct example *ex, size_t n);

/* Reads a source-tree file (relative to the project root), malloc'd;
 * fails the test when it cannot. *len (may be NULL) gets its length. */
char *read_source_file(const char *relpath, size_t *len);

/* The JSON member's value as a long or a string, failing the test if it is
 * not a number or a string. */
long json_int(const cJSON *obj, const char *key);
const char *json_str(const cJSON *obj, const char *key);

/* Milliseconds of a monotonic clock, and a pause of ms milliseconds. */
int64_t now_ms(void);
void sleep_ms(int ms);

Suite *suite_routes(void);
Suite *suite_errors(void);
Suite *suite_concurrency(void);
Suite *suite_lifecycle(void);
Suite *suite_cors(void);        /* test_cors.c */
Suite *suite_request_id(void);  /* test_request_id.c */
Suite *suite_caching(void);     /* test_caching.c: ETags and HEAD */
Suite *suite_deadline(void);    /* test_deadline.c: deadlines, hang-ups, the drain */
Suite *suite_hostile(void);     /* test_hostile.c: smuggling, Host and path tricks */
Suite *suite_connections(void); /* test_connections.c: floods of hang-ups, one server a port */
Suite *suite_access_log(void);  /* test_access_log.c: whole lines, none lost at SIGTERM */
Suite *suite_harness(void);     /* test_harness.c: serve's defaults, a drain for a stop */
Suite *suite_report(void);      /* test_report.c: POST /v1/deck/report */
Suite *suite_fin(void);         /* test_fin.c: requests that come with the client's FIN */

#endif
