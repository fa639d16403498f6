/* Start-up configuration, `manaflow healthcheck`, and the drain on SIGTERM. */
#define _GNU_SOURCE  /* strcasestr */

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/log.h"
#include "fixtures.h"
#include "harness.h"
#include "http/admission.h"
#include "http/server.h"
#include "manaflow/mana.h"

/* Generous: nothing here measures speed. */
#define EXIT_TIMEOUT_MS 60000

/* Runs a shell command line; returns its exit code, or -1 if it did not exit. */
static int run(const char *cmdline)
{
	int status = system(cmdline);

	return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void expect_clean_exit(struct test_server *s, const char *cut_short)
{
	int status = ts_wait_exit(s, EXIT_TIMEOUT_MS);
	char *log = ts_log(s);

	ck_assert_msg(status != -1, "the server did not exit: %s", log);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d: %s", status, log);
	ck_assert_msg(strstr(log, "\"msg\":\"draining\"") != NULL, "no draining line: %s", log);
	ck_assert_msg(strstr(log, cut_short) != NULL, "no %s in %s", cut_short, log);
	free(log);
}

START_TEST(stop_signals_exit_zero)
{
	static const int signals[] = { SIGTERM, SIGINT };

	for (size_t i = 0; i < 2; i++) {
		struct hx_resp r;

		ts_spawn(&ts_srv, NULL, NULL);
		ck_assert_int_eq(hx_get("/healthz", &r), 200);
		hx_free(&r);
		ts_signal(&ts_srv, signals[i]);
		expect_clean_exit(&ts_srv, "\"requests_cut_short\":0");
		ts_close(&ts_srv);
	}
}
END_TEST

static void wait_log(const char *what)
{
	int64_t deadline = now_ms() + 30000;

	for (;;) {
		char *log = ts_log(&ts_srv);
		bool seen = strstr(log, what) != NULL;

		free(log);
		if (seen)
			return;
		ck_assert_msg(now_ms() < deadline, "the log never showed %s", what);
		sleep_ms(10);
	}
}

/*
 * A client is halfway through its body when SIGTERM arrives. A kept-alive
 * connection then sees /readyz answer 503; the slow client finishes its body
 * and is answered 200; the server exits 0 with nothing cut short.
 */
START_TEST(sigterm_finishes_request_in_flight)
{
	static const char *const args[] = { "--threads", "2", "--drain-seconds", "60",
					    "--timeout", "60", NULL };
	const char *q = MF_FIX_FETCH_RG;
	char head[256], buf[8192];
	const char *answer;
	int keep, slow, status = 0;
	size_t half = strlen(q) / 2;
	int64_t deadline;
	cJSON *json;

	ts_spawn(&ts_srv, args, NULL);
	keep = raw_connect(ts_srv.port);
	snprintf(head, sizeof(head), "POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\n"
		 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n", strlen(q));
	raw_send(keep, head, strlen(head));
	raw_send(keep, q, strlen(q));
	ck_assert_int_eq(raw_read_response(keep, 60000, buf, sizeof(buf), &answer), 200);
	slow = raw_connect(ts_srv.port);
	raw_send(slow, head, strlen(head));
	raw_send(slow, q, half);
	hx_wait_in_flight(2);
	ts_signal(&ts_srv, SIGTERM);
	wait_log("\"msg\":\"draining\"");
	/* The flag flips right after the log line: ask again until it shows. */
	deadline = now_ms() + 30000;
	while (status != 503 && now_ms() < deadline) {
		const char *get = "GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n";

		raw_send(keep, get, strlen(get));
		status = raw_read_response(keep, 60000, buf, sizeof(buf), &answer);
		ck_assert_msg(status == 200 || status == 503, "/readyz during drain: %s", buf);
		if (status == 200)
			sleep_ms(20);
	}
	ck_assert_msg(status == 503, "/readyz never turned 503");
	ck_assert_ptr_nonnull(strcasestr(buf, "Content-Type: application/problem+json"));
	ck_assert_ptr_nonnull(strcasestr(buf, "Connection: close"));
	ck_assert_msg(ts_wait_exit(&ts_srv, 500) == -1, "exited with a request in flight");
	raw_send(slow, q + half, strlen(q) - half);
	ck_assert_int_eq(raw_read_response(slow, 60000, buf, sizeof(buf), &answer), 200);
	json = cJSON_Parse(answer);
	ck_assert_msg(cJSON_IsTrue(cJSON_GetObjectItem(json, "castable")), "%s", buf);
	ck_assert_int_eq(json_int(json, "min_life_paid"), MF_FIX_FETCH_RG_LIFE_PAID);
	cJSON_Delete(json);
	expect_clean_exit(&ts_srv, "\"requests_cut_short\":0");
	close(keep);
	close(slow);
}
END_TEST

/* GET path on a new connection: the status (-1: no answer), the answer in buf. */
static int get_on_new_connection(const char *path, char *buf, size_t cap)
{
	char req[128];
	const char *body;
	int fd = raw_connect(ts_srv.port), status;

	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: t\r\n\r\n", path);
	raw_send(fd, req, strlen(req));
	status = raw_read_response(fd, 60000, buf, cap, &body);
	close(fd);
	return status;
}

/*
 * --shutdown-delay 1, or MANAFLOW_SHUTDOWN_DELAY=1: after SIGTERM the server
 * still accepts NEW connections for the delay, so that a load balancer that
 * probes /readyz sees 503 (liveness stays 200) and stops sending; then it
 * exits 0.
 */
START_TEST(shutdown_delay_answers_not_ready)
{
	static const char *const flag[] = { "--shutdown-delay", "1", NULL };
	static const char *const env[] = { "MANAFLOW_SHUTDOWN_DELAY=1", NULL };
	char buf[4096];

	for (int run = 0; run < 2; run++) {
		int64_t deadline;
		int status;
		char *log;

		ts_spawn(&ts_srv, run ? NULL : flag, run ? env : NULL);
		ck_assert_int_eq(get_on_new_connection("/readyz", buf, sizeof(buf)), 200);
		ts_signal(&ts_srv, SIGTERM);
		wait_log("\"msg\":\"draining\"");
		/* The flag flips right after the log line: ask again until it shows.
		 * A refused connection fails the test: the delay was not kept. */
		deadline = now_ms() + 30000;
		while ((status = get_on_new_connection("/readyz", buf, sizeof(buf))) == 200)
			ck_assert_msg(now_ms() < deadline, "/readyz never turned 503");
		ck_assert_msg(status == 503, "/readyz on a new connection during the delay: %d %s",
			      status, buf);
		ck_assert_ptr_nonnull(strcasestr(buf, "Content-Type: application/problem+json"));
		ck_assert_ptr_nonnull(strcasestr(buf, "Connection: close"));
		ck_assert_int_eq(get_on_new_connection("/healthz", buf, sizeof(buf)), 200);
		expect_clean_exit(&ts_srv, "\"requests_cut_short\":0");
		log = ts_log(&ts_srv);
		ck_assert_msg(strstr(log, "\"delay_s\":1,") != NULL, "no delay: %s", log);
		free(log);
		ts_close(&ts_srv);
	}
}
END_TEST

/* A request that never finishes does not hold the exit past the deadline. */
START_TEST(drain_deadline_cuts_stalled_request)
{
	static const char *const args[] = { "--drain-seconds", "1", "--timeout", "600", NULL };
	const char *head = MF_FIX_HEAD_1000 "{\"life\":";
	int fd;

	ts_spawn(&ts_srv, args, NULL);
	fd = raw_connect(ts_srv.port);
	raw_send(fd, head, strlen(head));
	hx_wait_in_flight(2);
	ts_signal(&ts_srv, SIGTERM);
	expect_clean_exit(&ts_srv, "\"requests_cut_short\":1");
	close(fd);
}
END_TEST

/* One thread (what deploy/ gives a pod of one CPU) starts without an error
 * line: libmicrohttpd logged a thread pool of size 0 as one. */
START_TEST(one_thread_starts_without_an_error)
{
	static const char *const args[] = { "--threads", "1", NULL };
	struct hx_resp r;
	char *log;

	ts_spawn(&ts_srv, args, NULL);
	ck_assert_int_eq(hx_get("/healthz", &r), 200);
	hx_free(&r);
	ts_signal(&ts_srv, SIGTERM);
	expect_clean_exit(&ts_srv, "\"requests_cut_short\":0");
	log = ts_log(&ts_srv);
	ck_assert_msg(strstr(log, "\"threads\":1") && !strstr(log, "\"level\":\"error\""), "%s", log);
	free(log);
}
END_TEST

/* Opens a connection and sends half a request: it stays in flight until the
 * server cuts it. Returns the socket. */
static int stall_a_request(void)
{
	const char *head = MF_FIX_HEAD_1000 "{\"life\":";
	int fd = raw_connect(ts_srv.port);

	raw_send(fd, head, strlen(head));
	hx_wait_in_flight(2);
	return fd;
}

/* A client that hangs up during the drain is a request cut short too: the
 * last line counts it (it said 0 when only requests left at the deadline
 * counted), and the server does not wait for the deadline. */
START_TEST(client_gone_during_drain_is_cut_short)
{
	static const char *const args[] = { "--drain-seconds", "60", "--timeout", "600", NULL };
	int fd;

	ts_spawn(&ts_srv, args, NULL);
	fd = stall_a_request();
	ts_signal(&ts_srv, SIGTERM);
	wait_log("\"msg\":\"draining\"");
	close(fd);
	expect_clean_exit(&ts_srv, "\"requests_cut_short\":1");
}
END_TEST

/* The server's exit status after a signal, failing the test if it is still
 * running bound_ms after since (a documented deadline plus a generous margin:
 * no speed is measured). */
static int exit_status_within(int64_t since, int64_t bound_ms, const char *what)
{
	int64_t left = since + bound_ms - now_ms();
	int status = ts_wait_exit(&ts_srv, left > 0 ? (int)left : 0);
	char *log;

	if (status == -1) {
		log = ts_log(&ts_srv);
		ck_abort_msg("%s: still running %lld ms after the signal: %s", what,
			     (long long)(now_ms() - since), log);
	}
	return status;
}

/*
 * The delay counts towards the drain: with --shutdown-delay 3
 * --drain-seconds 3 and a request stalled mid-body, the server keeps serving
 * for the delay and is gone 3 s after SIGTERM (it took delay + drain + 1 s).
 * The bound allows 2.5 s beyond the deadline for a loaded machine.
 */
START_TEST(delay_counts_towards_drain)
{
	static const char *const args[] = { "--shutdown-delay", "3", "--drain-seconds", "3",
					    "--timeout", "600", NULL };
	int fd, status;
	int64_t t0;
	char *log;

	ts_spawn(&ts_srv, args, NULL);
	fd = stall_a_request();
	t0 = now_ms();
	ts_signal(&ts_srv, SIGTERM);
	/* Within the delay and the drain it must not have gone. */
	ck_assert_msg(ts_wait_exit(&ts_srv, 2000) == -1, "exited before the deadline");
	status = exit_status_within(t0, 3000 + 2500, "delay 3 s, drain 3 s");
	log = ts_log(&ts_srv);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d: %s", status, log);
	ck_assert_msg(strstr(log, "\"requests_cut_short\":1") != NULL, "%s", log);
	ck_assert_msg(strstr(log, "\"deadline_s\":3}") != NULL, "%s", log);
	free(log);
	close(fd);
}
END_TEST

/*
 * A second stop signal ends a long shutdown delay at once: with nothing in
 * flight the server then exits 0 (it ignored the signal and sat out the
 * 60 s delay).
 */
START_TEST(second_signal_skips_delay)
{
	static const char *const args[] = { "--shutdown-delay", "60", "--drain-seconds", "60", NULL };
	static const int second[] = { SIGTERM, SIGINT };
	char buf[4096];

	for (size_t i = 0; i < 2; i++) {
		int64_t t0;
		int status;
		char *log;

		ts_spawn(&ts_srv, args, NULL);
		ts_signal(&ts_srv, SIGTERM);
		wait_log("\"msg\":\"draining\"");
		/* Still in the delay: new connections are served. */
		ck_assert_int_eq(get_on_new_connection("/healthz", buf, sizeof(buf)), 200);
		t0 = now_ms();
		ts_signal(&ts_srv, second[i]);
		status = exit_status_within(t0, 20000, "after the second signal");
		log = ts_log(&ts_srv);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d: %s", status,
			      log);
		ck_assert_msg(strstr(log, "\"msg\":\"delay skipped\"") != NULL, "%s", log);
		ck_assert_msg(strstr(log, "\"requests_cut_short\":0") != NULL, "%s", log);
		free(log);
		ts_close(&ts_srv);
	}
}
END_TEST

/*
 * The second signal skips only the delay: a request in flight still holds
 * the drain. The third exits at once, with 128 + the signal's number (143
 * for SIGTERM, 130 for SIGINT), whatever is in flight.
 */
START_TEST(third_signal_exits_at_once)
{
	static const char *const args[] = { "--shutdown-delay", "60", "--drain-seconds", "60",
					    "--timeout", "600", NULL };
	static const int third[] = { SIGTERM, SIGINT };

	for (size_t i = 0; i < 2; i++) {
		int64_t t0;
		int fd, status;
		char *log;

		ts_spawn(&ts_srv, args, NULL);
		fd = stall_a_request();
		ts_signal(&ts_srv, SIGTERM);
		wait_log("\"msg\":\"draining\"");
		ts_signal(&ts_srv, SIGINT);
		wait_log("\"msg\":\"delay skipped\"");
		ck_assert_msg(ts_wait_exit(&ts_srv, 500) == -1, "the second signal cut the drain");
		t0 = now_ms();
		ts_signal(&ts_srv, third[i]);
		status = exit_status_within(t0, 20000, "after the third signal");
		log = ts_log(&ts_srv);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 128 + third[i],
			      "status %d, expected exit %d: %s", status, 128 + third[i], log);
		ck_assert_msg(strstr(log, "\"msg\":\"exiting at once\"") != NULL, "%s", log);
		free(log);
		close(fd);
		ts_close(&ts_srv);
	}
}
END_TEST

/* A port nothing listens on: bound once by us, then released. */
static unsigned closed_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&a, &alen), 0);
	close(fd);
	return ntohs(a.sin_port);
}

START_TEST(healthcheck_exit_codes)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url http://127.0.0.1:%u/healthz",
		 ts_manaflow, (unsigned)ts_srv.port);
	ck_assert_int_eq(run(cmd), 0);
	snprintf(cmd, sizeof(cmd), "MANAFLOW_PORT=%u '%s' healthcheck", (unsigned)ts_srv.port,
		 ts_manaflow);
	ck_assert_int_eq(run(cmd), 0);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url http://127.0.0.1:%u/nope 2>/dev/null",
		 ts_manaflow, (unsigned)ts_srv.port);
	ck_assert_int_eq(run(cmd), 1);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url http://127.0.0.1:%u/healthz 2>/dev/null",
		 ts_manaflow, closed_port());
	ck_assert_int_eq(run(cmd), 1);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url ftp://x/ 2>/dev/null", ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
	/* A MANAFLOW_PORT that is no port is bad usage (2), not "unhealthy" (1);
	 * --url overrides it, bad or not. */
	snprintf(cmd, sizeof(cmd), "MANAFLOW_PORT=abc '%s' healthcheck 2>/dev/null", ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
	snprintf(cmd, sizeof(cmd), "MANAFLOW_PORT=abc '%s' healthcheck "
		 "--url http://127.0.0.1:%u/healthz", ts_manaflow, (unsigned)ts_srv.port);
	ck_assert_int_eq(run(cmd), 0);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url http://127.0.0.1:abc/healthz 2>/dev/null",
		 ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url 'http://[::1/healthz' 2>/dev/null",
		 ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
}
END_TEST

/* An IPv6-only server is checked through an IPv6 literal in brackets. */
START_TEST(healthcheck_ipv6_literal)
{
	static const char *const args[] = { "--host", "::1", NULL };
	char cmd[1024];

	ts_start(&ts_srv, args);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url 'http://[::1]:%u/healthz'", ts_manaflow,
		 (unsigned)ts_srv.port);
	ck_assert_int_eq(run(cmd), 0);
	snprintf(cmd, sizeof(cmd), "'%s' healthcheck --url 'http://[::1]:%u/nope' 2>/dev/null",
		 ts_manaflow, (unsigned)ts_srv.port);
	ck_assert_int_eq(run(cmd), 1);
}
END_TEST

static long solve_with_body_of(size_t size)
{
	char body[4096];
	struct hx_resp r;
	size_t len = (size_t)snprintf(body, sizeof(body), "{\"battlefield\":[\"Forest\"");
	long status;

	while (len + 40 < size)
		len += (size_t)snprintf(body + len, sizeof(body) - len, ",\"Forest\"");
	len += (size_t)snprintf(body + len, sizeof(body) - len, "],\"life\":7,\"cost\":\"G\"}");
	status = hx_post("/v1/mana/solve", body, &r);
	hx_free(&r);
	return status;
}

/* MANAFLOW_* variables configure the server; a flag wins over its variable. */
START_TEST(environment_configuration)
{
	static const char *const env[] = { "MANAFLOW_BODY_LIMIT=1024", "MANAFLOW_ACCESS_LOG=0",
					   NULL };
	static const char *const flag[] = { "--body-limit", "4096", NULL };
	char cmd[1024];
	char *log;

	ts_spawn(&ts_srv, NULL, env);
	ck_assert_int_eq(solve_with_body_of(2000), 413);
	ck_assert_int_eq(solve_with_body_of(900), 200);
	log = ts_log(&ts_srv);
	ck_assert_msg(strstr(log, "\"method\":") == NULL, "access log despite =0: %s", log);
	free(log);
	ts_close(&ts_srv);
	ts_spawn(&ts_srv, flag, env);
	ck_assert_int_eq(solve_with_body_of(2000), 200);
	ts_close(&ts_srv);
	/* A bad value is refused at start-up with exit 2, not served. */
	snprintf(cmd, sizeof(cmd), "MANAFLOW_THREADS=lots timeout 60 '%s' serve --host 127.0.0.1 "
		 "--port 0 2>/dev/null", ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
	snprintf(cmd, sizeof(cmd), "timeout 60 '%s' serve --host 127.0.0.1 --port 0 "
		 "--body-limit -5 2>/dev/null", ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
}
END_TEST

/* --memory-limit and MANAFLOW_MEMORY_LIMIT take a unit as Kubernetes and
 * operators write them (a byte count only, before): the admission budget
 * (the limit less its base) shows the value each stands for. */
START_TEST(memory_limit_units)
{
	static const struct {
		const char *flag, *env;
		unsigned long long bytes;
	} cases[] = {
		{ "64Mi", NULL, 64ull << 20 }, { "64MiB", NULL, 64ull << 20 },
		{ "1Gi", NULL, 1ull << 30 }, { NULL, "MANAFLOW_MEMORY_LIMIT=1GiB", 1ull << 30 },
		{ "70M", NULL, 70000000ull },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *const args[] = { "--memory-limit", cases[i].flag, NULL };
		const char *const env[] = { cases[i].env, NULL };

		ts_spawn(&ts_srv, cases[i].flag ? args : NULL, cases[i].env ? env : NULL);
		ck_assert_msg(hx_metric("manaflow_admission_budget_bytes") ==
			      cases[i].bytes - MF_ADMISSION_BASE, "%s%s: budget %llu", cases[i].flag ?
			      cases[i].flag : "", cases[i].env ? cases[i].env : "",
			      hx_metric("manaflow_admission_budget_bytes"));
		ts_close(&ts_srv);
	}
}
END_TEST

/* A memory limit that cannot serve every route is refused at start, saying
 * so: it used to be raised in silence to the least one, and the deck
 * report's 27 MiB never fitted the 24 MiB of budget that left. (The card
 * database comes off the limit first: one that leaves too little is
 * refused the same way.) */
START_TEST(memory_limit_refused_at_start)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error perr;
	struct server *srv = NULL;
	struct mf_log log;
	char text[1024];
	FILE *f = tmpfile();
	ssize_t n;
	struct server_config cfg = {
		.host = "127.0.0.1", .threads = 1, .body_limit = 1u << 20, .timeout_s = 10,
		.connection_limit = 16, .upload_deadline_s = 30, .deadline_s = 10,
		.memory_limit = MF_ADMISSION_MEMORY_MIN - 1, .version = "test", .log = &log,
	};

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &perr), 0);
	mf_log_init(&log, fileno(f), NULL);
	ck_assert_int_eq(mf_server_start(&cfg, cat, &srv), MF_ERR_INVALID);
	ck_assert_ptr_null(srv);
	rewind(f);
	n = read(fileno(f), text, sizeof(text) - 1);
	ck_assert_int_gt(n, 0);
	text[n] = '\0';
	ck_assert_msg(strstr(text, "\"level\":\"error\"") && strstr(text, "/v1/deck/report"),
		      "%s", text);
	fclose(f);
	mf_mana_catalogue_free(cat);
}
END_TEST

/* Whether the server's log has an access-log line. */
static bool has_access_log(void)
{
	char *log = ts_log(&ts_srv);
	bool seen = strstr(log, "\"method\":") != NULL;

	free(log);
	return seen;
}

/*
 * A flag wins over its variable, so a bad variable that a flag overrides is
 * not read (MANAFLOW_PORT=abc with --port 0 used to exit 2).
 * MANAFLOW_ACCESS_LOG takes the usual words for on and off in any case (off,
 * false and no used to leave the log on) and refuses anything else.
 */
START_TEST(environment_flag_wins_and_switch_words)
{
	static const char *const off_words[] = { "0", "false", "off", "no", "FALSE", "Off", "NO" };
	static const char *const on_words[] = { "1", "true", "on", "yes", "Yes", "TRUE" };
	static const char *const bad_env[] = { "MANAFLOW_PORT=abc", "MANAFLOW_THREADS=lots",
					       "MANAFLOW_ACCESS_LOG=maybe", NULL };
	static const char *const overriding[] = { "--threads", "2", "--no-access-log", NULL };
	char env_line[64], cmd[1024];
	const char *env[2] = { env_line, NULL };
	struct hx_resp r;

	/* The harness passes --port 0 (and --host), --threads and
	 * --no-access-log override the rest. */
	ts_spawn(&ts_srv, overriding, bad_env);
	ck_assert_int_eq(hx_get("/healthz", &r), 200);
	hx_free(&r);
	ck_assert_msg(!has_access_log(), "access log despite --no-access-log");
	ts_close(&ts_srv);
	for (size_t i = 0; i < sizeof(off_words) / sizeof(off_words[0]); i++) {
		snprintf(env_line, sizeof(env_line), "MANAFLOW_ACCESS_LOG=%s", off_words[i]);
		ts_spawn(&ts_srv, NULL, env);
		ck_assert_int_eq(hx_get("/healthz", &r), 200);
		hx_free(&r);
		ck_assert_msg(!has_access_log(), "access log with %s", env_line);
		ts_close(&ts_srv);
	}
	for (size_t i = 0; i < sizeof(on_words) / sizeof(on_words[0]); i++) {
		int64_t deadline = now_ms() + 30000;

		snprintf(env_line, sizeof(env_line), "MANAFLOW_ACCESS_LOG=%s", on_words[i]);
		ts_spawn(&ts_srv, NULL, env);
		ck_assert_int_eq(hx_get("/healthz", &r), 200);
		hx_free(&r);
		/* The line is written when the request completes: wait for it. */
		while (!has_access_log()) {
			ck_assert_msg(now_ms() < deadline, "no access log with %s", env_line);
			sleep_ms(10);
		}
		ts_close(&ts_srv);
	}
	/* Any other word is refused at start-up: exit 2 and a message. */
	snprintf(cmd, sizeof(cmd), "MANAFLOW_ACCESS_LOG=maybe timeout 60 '%s' serve --host 127.0.0.1 "
		 "--port 0 2>/dev/null", ts_manaflow);
	ck_assert_int_eq(run(cmd), 2);
	snprintf(cmd, sizeof(cmd), "MANAFLOW_ACCESS_LOG=maybe timeout 60 '%s' serve --host 127.0.0.1 "
		 "--port 0 2>&1 | grep -q 'MANAFLOW_ACCESS_LOG must be 1, true, on or yes, or 0, "
		 "false, off or no, not \"maybe\"'", ts_manaflow);
	ck_assert_int_eq(run(cmd), 0);
}
END_TEST

Suite *suite_lifecycle(void)
{
	Suite *s = suite_create("lifecycle");
	TCase *stop = tcase_create("shutdown"), *health = tcase_create("healthcheck");
	TCase *config = tcase_create("configuration");

	tcase_add_checked_fixture(stop, ts_setup_none, ts_teardown);
	tcase_add_test(stop, stop_signals_exit_zero);
	tcase_add_test(stop, sigterm_finishes_request_in_flight);
	tcase_add_test(stop, drain_deadline_cuts_stalled_request);
	tcase_add_test(stop, client_gone_during_drain_is_cut_short);
	tcase_add_test(stop, one_thread_starts_without_an_error);
	tcase_add_test(stop, shutdown_delay_answers_not_ready);
	tcase_add_test(stop, delay_counts_towards_drain);
	tcase_add_test(stop, second_signal_skips_delay);
	tcase_add_test(stop, third_signal_exits_at_once);
	suite_add_tcase(s, stop);
	tcase_add_checked_fixture(health, ts_setup_default, ts_teardown);
	tcase_add_test(health, healthcheck_exit_codes);
	suite_add_tcase(s, health);
	health = tcase_create("healthcheck-ipv6");
	tcase_add_checked_fixture(health, ts_setup_none, ts_teardown);
	tcase_add_test(health, healthcheck_ipv6_literal);
	suite_add_tcase(s, health);
	tcase_add_checked_fixture(config, ts_setup_none, ts_teardown);
	tcase_add_test(config, environment_configuration);
	tcase_add_test(config, environment_flag_wins_and_switch_words);
	tcase_add_test(config, memory_limit_units);
	tcase_add_test(config, memory_limit_refused_at_start);
	suite_add_tcase(s, config);
	return s;
}
