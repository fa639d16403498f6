/*
 * Connections a hostile test pass found mishandled: a flood of connections
 * that hang up mid-request (they held their sockets until the idle timeout
 * and locked everyone out), and a second server sharing the first one's
 * port.
 */
#define _GNU_SOURCE  /* strcasestr */

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

extern char **environ;

#define SOLVE "/v1/mana/solve"

/* ------------------------------------------------------------------ */
/* 1. A flood of connections that hang up mid-request */

/* Sockets of the server's port in CLOSE_WAIT: the client hung up and the
 * server has not closed its end yet. From /proc/net/tcp (the server is on
 * 127.0.0.1, so IPv4 only). */
static int close_wait_count(uint16_t port)
{
	FILE *f = fopen("/proc/net/tcp", "r");
	char line[512];
	int n = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned local_port, state;

		if (sscanf(line, " %*d: %*x:%x %*x:%*x %x", &local_port, &state) == 2 &&
		    local_port == port && state == 0x08)
			n++;
	}
	fclose(f);
	return n;
}

/* Milliseconds GET /healthz takes on a new connection; fails the test
 * when no answer comes within timeout_ms. */
static int healthz_ms(int timeout_ms)
{
	static const char req[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
	int64_t t0 = now_ms();
	const char *body;
	char buf[2048];
	int fd = raw_connect(ts_srv.port), status;

	raw_send(fd, req, strlen(req));
	status = raw_read_response(fd, timeout_ms, buf, sizeof(buf), &body);
	close(fd);
	ck_assert_msg(status == 200, "GET /healthz after the flood: no answer within %d ms "
		      "(status %d)", timeout_ms, status);
	return (int)(now_ms() - t0);
}

/* The flood is sent to `manaflow serve` in a child process: its bounds are
 * times (an answer within a second of 2,500 hang-ups), which a server in
 * this process, slowed down with the test by valgrind, could not keep. */
static void setup_flood(void)
{
	static const char *const args[] = { "--threads", "4", NULL };

	ts_spawn(&ts_srv, args, NULL);
}

/* 2,500 connections, each sending the start of a request and closing at
 * once, three times; against a server with the default connection limit
 * (1024) and idle timeout (10 s). Each kept its socket in CLOSE_WAIT until
 * the timeout, the limit filled and /healthz went unanswered for 10 s. */
START_TEST(flood_of_hangups)
{
	static const char *const starts[] = {
		"GET /healthz HTTP/1.1\r\nHost: x\r\n",     /* headers not finished */
		"POST " SOLVE " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
		"Content-Length: 48\r\n\r\n{\"battlefield\":",  /* part of the body */
		"GET /healthz HTTP/1.1\r\nHost: x\r\n",
	};
	int64_t t0;
	int n_wait = 0;

	for (int burst = 0; burst < 3; burst++) {
		const char *start = starts[burst];
		int ms, waiting;

		t0 = now_ms();
		for (int i = 0; i < 2500; i++) {
			int fd = raw_connect(ts_srv.port);

			raw_send(fd, start, strlen(start));
			close(fd);
		}
		waiting = close_wait_count(ts_srv.port);
		ms = healthz_ms(5000);
		printf("flood burst %d (%s): 2500 connections in %lld ms; CLOSE_WAIT right after: "
		       "%d; GET /healthz: %d ms\n", burst + 1,
		       burst == 1 ? "partial body" : "partial headers",
		       (long long)(now_ms() - t0 - ms), waiting, ms);
		fflush(stdout);
		ck_assert_msg(ms < 1000, "GET /healthz took %d ms after burst %d", ms, burst + 1);
	}
	/* Released at once, not at the 10 s idle timeout. */
	t0 = now_ms();
	while (now_ms() - t0 < 2000 && (n_wait = close_wait_count(ts_srv.port)) > 10)
		sleep_ms(50);
	printf("flood: %d sockets in CLOSE_WAIT %lld ms after the last burst\n", n_wait,
	       (long long)(now_ms() - t0));
	ck_assert_msg(n_wait <= 10, "%d sockets still in CLOSE_WAIT 2 s after the flood", n_wait);
}
END_TEST

/* ------------------------------------------------------------------ */
/* 3. One server per port */

/* Runs `manaflow serve --host 127.0.0.1 --port PORT`, which must exit
 * within timeout_ms; returns its wait status and its output (malloc'd). */
static int run_serve_to_exit(uint16_t port, int timeout_ms, char **output)
{
	char port_text[8], path[] = "/tmp/manaflow-hostile-XXXXXX";
	char *const argv[] = { (char *)ts_manaflow, "serve", "--host", "127.0.0.1", "--port",
			       port_text, "--no-access-log", NULL };
	struct test_server s = { .log_fd = -1 };
	posix_spawn_file_actions_t fa;
	int64_t deadline = now_ms() + timeout_ms;
	int status = -1, fd;
	pid_t pid;

	snprintf(port_text, sizeof(port_text), "%u", (unsigned)port);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	unlink(path);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, fd, STDERR_FILENO);
	ck_assert_int_eq(posix_spawn(&pid, ts_manaflow, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	while (waitpid(pid, &status, WNOHANG) != pid) {
		if (now_ms() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			status = -1;
			break;
		}
		sleep_ms(10);
	}
	s.log_fd = fd;
	*output = ts_log(&s);
	close(fd);
	return status;
}

/* A second server on a port in use exits 2 saying so; the first one goes
 * on answering every request (it did not share the port). */
START_TEST(second_server_refused)
{
	struct hx_resp r;
	char *out;
	int status;

	ts_setup_default();
	status = run_serve_to_exit(ts_srv.port, 10000, &out);
	ck_assert_msg(status != -1, "a second server on port %u is still running: %s",
		      (unsigned)ts_srv.port, out);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 2,
		      "the second server exited with status %d: %s", status, out);
	ck_assert_msg(strcasestr(out, "address in use") != NULL, "no \"address in use\" in: %s",
		      out);
	free(out);
	for (int i = 0; i < 10; i++) {
		ck_assert_int_eq(hx_get("/healthz", &r), 200);
		hx_free(&r);
	}
	ts_teardown();
}
END_TEST

/* Sockets of port in TIME_WAIT (IPv4). */
static int time_wait_count(uint16_t port)
{
	FILE *f = fopen("/proc/net/tcp", "r");
	char line[512];
	int n = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned local_port, state;

		if (sscanf(line, " %*d: %*x:%x %*x:%*x %x", &local_port, &state) == 2 &&
		    local_port == port && state == 0x06)
			n++;
	}
	fclose(f);
	return n;
}

/* SO_REUSEADDR stays: a server restarted on its port binds even while the
 * old process's connections sit in TIME_WAIT. */
START_TEST(restart_binds_again)
{
	static const char req[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
	char port_text[8];
	const char *const args[] = { "--port", port_text, "--no-access-log", NULL };
	struct hx_resp r;
	uint16_t port;

	ts_setup_default();
	port = ts_srv.port;
	snprintf(port_text, sizeof(port_text), "%u", (unsigned)port);
	/* The server closes these first, so their TIME_WAIT is on its port. */
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(hx_raw(port, req, 5000, &r), 200);
		hx_free(&r);
	}
	ts_stop(&ts_srv);
	ck_assert_msg(time_wait_count(port) > 0, "no TIME_WAIT left on port %u to test with",
		      (unsigned)port);
	ts_start(&ts_srv, args);  /* fails the test unless it listens */
	ck_assert_uint_eq(ts_srv.port, port);
	ck_assert_int_eq(hx_raw(port, req, 5000, &r), 200);
	hx_free(&r);
	ts_teardown();
}
END_TEST

Suite *suite_connections(void)
{
	Suite *s = suite_create("connections");
	TCase *flood = tcase_create("flood"), *port = tcase_create("port");

	tcase_add_checked_fixture(flood, setup_flood, ts_teardown);
	tcase_set_timeout(flood, 300);
	tcase_add_test(flood, flood_of_hangups);
	suite_add_tcase(s, flood);
	tcase_add_checked_fixture(port, NULL, ts_teardown);
	tcase_add_test(port, second_server_refused);
	tcase_add_test(port, restart_binds_again);
	suite_add_tcase(s, port);
	return s;
}
