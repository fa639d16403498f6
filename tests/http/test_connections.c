/*
 * Connections a hostile test pass found mishandled: a flood of connections
 * that hang up mid-request (they held their sockets until the idle timeout
 * and locked everyone out), and a second server sharing the first one's
 * port. Then the gate's admission (gate.h): the per-IP limit, and a
 * connection libmicrohttpd refuses.
 */
#define _GNU_SOURCE  /* strcasestr */

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "http/gate.h"
#include "http/request_id.h"

extern char **environ;

#define SOLVE "/v1/mana/solve"

/* ------------------------------------------------------------------ */
/* 1. A flood of connections that hang up mid-request */

/* TCP states in /proc/net/tcp. */
#define TCP_TIME_WAIT 0x06
#define TCP_CLOSE_WAIT 0x08

/* Sockets of port in TCP state `state`, from /proc/net/tcp (the server is
 * on 127.0.0.1, so IPv4 only). CLOSE_WAIT: the client hung up and the
 * server has not closed its end yet. */
static int socket_count(uint16_t port, unsigned state)
{
	FILE *f = fopen("/proc/net/tcp", "r");
	char line[512];
	int n = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned local_port, st;

		if (sscanf(line, " %*d: %*x:%x %*x:%*x %x", &local_port, &st) == 2 &&
		    local_port == port && st == state)
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
 * times (an answer within 3 s of 2,500 hang-ups), which a server in
 * this process, slowed down with the test by valgrind, could not keep.
 * 64 threads: libmicrohttpd's workers then each take about a 64th of the
 * connections, by socket number, unevenly. Before the fix in server.c one
 * of them met its own limit (then (1024 + 64) / 64) in 6 runs of these
 * two tests out of 8; libmicrohttpd 0.9.75 deadlocks such a worker, and
 * the sockets it held stayed in CLOSE_WAIT for good. */
static void setup_flood(void)
{
	static const char *const args[] = { "--threads", "64", NULL };

	ts_spawn(&ts_srv, args, NULL);
}

/* The starts of requests a flood sends before hanging up. */
static const char *const flood_starts[] = {
	"GET /healthz HTTP/1.1\r\nHost: x\r\n",     /* headers not finished */
	"POST " SOLVE " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
	"Content-Length: 48\r\n\r\n{\"battlefield\":",  /* part of the body */
};

/* n connections to the server, each sending start and closing at once. */
static void hang_ups(const char *start, int n)
{
	for (int i = 0; i < n; i++) {
		int fd = raw_connect(ts_srv.port);

		raw_send(fd, start, strlen(start));
		close(fd);
	}
}

/* Fails the test unless, within 6 s, the server's sockets in CLOSE_WAIT
 * are down to 10 and its connections open (the gate's count) to the one
 * asking for /metrics; fails it too when its log says libmicrohttpd met
 * a connection limit of its own (past which 0.9.75 deadlocks a worker:
 * server.c). Released soon, not at the 10 s idle timeout: within tens of
 * ms on an idle machine; 6 s leaves room for ASan beside another test's
 * heavy work (874 were still waiting after 2 s there) and still tells a
 * fault apart. */
static void assert_drained(const char *what)
{
	int64_t t0 = now_ms();
	unsigned long long open;
	int n_wait;
	char *log, *limit;

	while ((n_wait = socket_count(ts_srv.port, TCP_CLOSE_WAIT)) > 10 && now_ms() - t0 < 6000)
		sleep_ms(50);
	while ((open = hx_metric("manaflow_connections_open")) != 1 && now_ms() - t0 < 6000)
		sleep_ms(50);
	printf("%s: %d sockets in CLOSE_WAIT %lld ms after the last burst\n", what, n_wait,
	       (long long)(now_ms() - t0));
	fflush(stdout);
	log = ts_log(&ts_srv);
	limit = strstr(log, "connection limit");
	ck_assert_msg(limit == NULL, "%s: libmicrohttpd met a connection limit of its own: "
		      "\"...%.80s\"", what, limit ? (limit - log > 40 ? limit - 40 : log) : "");
	free(log);
	ck_assert_msg(n_wait <= 10, "%s: %d sockets still in CLOSE_WAIT 6 s after it", what,
		      n_wait);
	ck_assert_msg(open == 1, "%s: %llu connections open by the server's count 6 s after it",
		      what, open);
}

/* 2,500 connections, each sending the start of a request and closing at
 * once, three times; against a server with the default connection limit
 * (1024) and idle timeout (10 s). Each kept its socket in CLOSE_WAIT until
 * the timeout, the limit filled and /healthz went unanswered for 10 s. */
START_TEST(flood_of_hangups)
{
	for (int burst = 0; burst < 3; burst++) {
		int64_t t0 = now_ms();
		int ms, waiting;

		hang_ups(flood_starts[burst % 2], 2500);
		waiting = socket_count(ts_srv.port, TCP_CLOSE_WAIT);
		ms = healthz_ms(5000);
		printf("flood burst %d (%s): 2500 connections in %lld ms; CLOSE_WAIT right after: "
		       "%d; GET /healthz: %d ms\n", burst + 1,
		       burst == 1 ? "partial body" : "partial headers",
		       (long long)(now_ms() - t0 - ms), waiting, ms);
		fflush(stdout);
		/* the fault this guards against left /healthz unanswered for the
		 * whole 10 s idle timeout; 3 s leaves room for ASan on a busy
		 * machine (1.5 s seen) and still tells the two apart */
		ck_assert_msg(ms < 3000, "GET /healthz took %d ms after burst %d", ms, burst + 1);
	}
	assert_drained("flood");
}
END_TEST

/* Four floods back to back, with no pause for the server to catch up:
 * libmicrohttpd's workers hold connections the gate is done with for a
 * little while, and their share of them is uneven. Before the gate counted
 * those (mf_gate_released), a worker met its own limit in most runs and
 * deadlocked (server.c). */
START_TEST(flood_back_to_back)
{
	for (int burst = 0; burst < 4; burst++)
		hang_ups(flood_starts[burst % 2], 2500);
	assert_drained("back to back");
	ck_assert_int_lt(healthz_ms(5000), 3000);
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
	ck_assert_msg(socket_count(port, TCP_TIME_WAIT) > 0, "no TIME_WAIT left on port %u to test with",
		      (unsigned)port);
	ts_start(&ts_srv, args);  /* fails the test unless it listens */
	ck_assert_uint_eq(ts_srv.port, port);
	ck_assert_int_eq(hx_raw(port, req, 5000, &r), 200);
	hx_free(&r);
	ts_teardown();
}
END_TEST

/* ------------------------------------------------------------------ */
/* 4. The gate's admission */

/* A connection to the server from source address `from` (127.0.0.x). */
static int connect_from(const char *from, uint16_t port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	struct sockaddr_in src = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(inet_pton(AF_INET, from, &src.sin_addr), 1);
	ck_assert_msg(bind(fd, (struct sockaddr *)&src, sizeof(src)) == 0, "bind %s: %s", from,
		      strerror(errno));
	ck_assert_msg(connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0, "connect: %s",
		      strerror(errno));
	return fd;
}

/* Sends GET /healthz (keep-alive unless close) on fd; its status, -1 when
 * no answer came within timeout_ms. */
static int healthz_on(int fd, bool close_after, int timeout_ms)
{
	static const char keep[] = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
	static const char closing[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
	const char *req = close_after ? closing : keep, *body;
	char buf[2048];

	send(fd, req, strlen(req), MSG_NOSIGNAL);
	return raw_read_response(fd, timeout_ms, buf, sizeof(buf), &body);
}

/* Open descriptors of process pid. */
static int fd_count(pid_t pid)
{
	char path[64];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	d = opendir(path);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

#define PER_IP 4

/* --per-ip-limit, held by the gate: past it from 127.0.0.1 a connection is
 * closed at once without an answer, while 127.0.0.2 is served; the places
 * come back as connections close (no descriptor is kept), and the server
 * stops promptly afterwards. */
START_TEST(per_ip_limit)
{
	static const char *const args[] = { "--threads", "2", "--per-ip-limit", "4", NULL };
	int held[PER_IP], base, now = 0, status;
	int64_t t0;

	ts_spawn(&ts_srv, args, NULL);
	held[0] = connect_from("127.0.0.1", ts_srv.port);
	ck_assert_int_eq(healthz_on(held[0], true, 5000), 200);
	close(held[0]);
	sleep_ms(200);
	base = fd_count(ts_srv.pid);
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < PER_IP; i++) {
			held[i] = connect_from("127.0.0.1", ts_srv.port);
			ck_assert_int_eq(healthz_on(held[i], false, 5000), 200);
		}
		for (int i = 0; i < 6; i++) {
			int fd = connect_from("127.0.0.1", ts_srv.port);

			ck_assert_msg(healthz_on(fd, false, 5000) == -1,
				      "round %d: connection %d past the limit answered", round,
				      PER_IP + i + 1);
			ck_assert_msg(raw_wait_closed(fd, 2000), "round %d: not closed", round);
			close(fd);
		}
		{
			int other = connect_from("127.0.0.2", ts_srv.port);

			ck_assert_int_eq(healthz_on(other, true, 5000), 200);
			close(other);
		}
		for (int i = 0; i < PER_IP; i++)
			close(held[i]);
		/* The gate sees each close at once: a place is free again soon. */
		t0 = now_ms();
		for (;;) {
			int fd = connect_from("127.0.0.1", ts_srv.port);

			status = healthz_on(fd, true, 2000);
			close(fd);
			if (status == 200)
				break;
			ck_assert_msg(now_ms() - t0 < 3000, "round %d: no place back after the "
				      "connections closed", round);
			sleep_ms(50);
		}
	}
	t0 = now_ms();
	while (now_ms() - t0 < 3000 && (now = fd_count(ts_srv.pid)) > base + 2)
		sleep_ms(50);
	printf("per-IP limit: %d descriptors before, %d after three rounds\n", base, now);
	ck_assert_msg(now <= base + 2, "descriptors: %d before, %d after", base, now);
	t0 = now_ms();
	ts_signal(&ts_srv, SIGTERM);
	status = ts_wait_exit(&ts_srv, 5000);
	ck_assert_msg(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "the server did not exit 0 within 5 s of SIGTERM (status %d)", status);
	printf("per-IP limit: exited %lld ms after SIGTERM\n", (long long)(now_ms() - t0));
}
END_TEST

static enum MHD_Result answer_ok(void *cls, struct MHD_Connection *c, const char *url,
				 const char *method, const char *version, const char *data,
				 size_t *size, void **state)
{
	static char ok[] = "ok";
	struct MHD_Response *r = MHD_create_response_from_buffer(2, ok, MHD_RESPMEM_PERSISTENT);
	enum MHD_Result ret = MHD_queue_response(c, 200, r);

	MHD_destroy_response(r);
	return ret;
}

static void notify_gate(void *cls, struct MHD_Connection *c, void **socket_context,
			enum MHD_ConnectionNotificationCode code)
{
	const union MHD_ConnectionInfo *info =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);

	if (code == MHD_CONNECTION_NOTIFY_STARTED && info)
		mf_gate_started(*(struct mf_gate **)cls, info->connect_fd);
	else if (code == MHD_CONNECTION_NOTIFY_CLOSED)
		mf_gate_released(*(struct mf_gate **)cls);
}

/* A connection libmicrohttpd refuses (here: past a limit of its own of 1)
 * is answered 503 overloaded by the gate and closed, not dropped. */
START_TEST(gate_answers_what_libmicrohttpd_refuses)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	struct request_ids ids;
	struct mf_gate *gate = NULL;
	struct MHD_Daemon *d;
	char buf[4096];
	const char *body;
	int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), fd1, fd2;
	uint16_t port;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_ge(lfd, 0);
	ck_assert_int_eq(bind(lfd, (struct sockaddr *)&a, sizeof(a)), 0);
	ck_assert_int_eq(listen(lfd, 16), 0);
	ck_assert_int_eq(getsockname(lfd, (struct sockaddr *)&a, &len), 0);
	port = ntohs(a.sin_port);
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO |
			     MHD_USE_ITC | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL, answer_ok, NULL,
			     MHD_OPTION_CONNECTION_LIMIT, 1u,
			     MHD_OPTION_NOTIFY_CONNECTION, notify_gate, &gate, MHD_OPTION_END);
	ck_assert_ptr_nonnull(d);
	mf_request_ids_init(&ids);
	ck_assert(mf_gate_start(&(struct mf_gate_config){ .listen_fd = lfd, .daemon = d,
							 .connection_limit = 8, .ids = &ids },
				&gate));
	/* The first connection, silent, holds libmicrohttpd's one place. */
	fd1 = raw_connect(port);
	for (int64_t t0 = now_ms();
	     MHD_get_daemon_info(d, MHD_DAEMON_INFO_CURRENT_CONNECTIONS)->num_connections < 1;
	     sleep_ms(10))
		ck_assert_msg(now_ms() - t0 < 5000, "libmicrohttpd never took the first connection");
	fd2 = raw_connect(port);
	send(fd2, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 27, MSG_NOSIGNAL);
	ck_assert_int_eq(raw_read_response(fd2, 5000, buf, sizeof(buf), &body), 503);
	ck_assert_msg(strstr(buf, "\r\nContent-Type: application/problem+json\r\n") &&
		      strstr(buf, "\r\nRetry-After: 1\r\n") && strstr(buf, "\r\nConnection: close\r\n") &&
		      strstr(body, "urn:manaflow:problem:overloaded"), "%s", buf);
	ck_assert_msg(raw_wait_closed(fd2, 3000), "not closed after the 503");
	close(fd2);
	/* the first one is still served */
	ck_assert_int_eq(healthz_on(fd1, true, 5000), 200);
	close(fd1);
	mf_gate_stop_accepting(gate);
	MHD_stop_daemon(d);
	mf_gate_stop(gate);
}
END_TEST

/* Issue 37, item 9: the memory connections hold in the gate is counted
 * (manaflow_connection_bytes) and each stays under the bound /metrics and
 * docs/operations.md give: idle connections hold their state, a head
 * read in part a buffer each more, and it all goes when they close. */
START_TEST(connection_memory_counted)
{
	enum { N = 40 };
	static const char part[] = "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Long: ";
	unsigned long long base, idle, reading, most;
	int fds[N];
	int64_t deadline;

	ts_setup_default();
	base = hx_metric("manaflow_connection_bytes");
	most = hx_metric("manaflow_connection_bytes_most");
	ck_assert_uint_gt(most, 2 * 16384);
	for (int i = 0; i < N; i++)
		fds[i] = raw_connect(ts_srv.port);
	deadline = now_ms() + 10000;
	while ((idle = hx_metric("manaflow_connection_bytes")) < base + N * 64) {
		ck_assert_msg(now_ms() < deadline, "idle connections hold %llu bytes (%llu before)",
			      idle, base);
		sleep_ms(20);
	}
	for (int i = 0; i < N; i++)
		raw_send(fds[i], part, strlen(part));
	deadline = now_ms() + 10000;
	while ((reading = hx_metric("manaflow_connection_bytes")) < idle + N * 16384) {
		ck_assert_msg(now_ms() < deadline, "heads in part hold %llu bytes (idle %llu)",
			      reading, idle);
		sleep_ms(20);
	}
	ck_assert_msg(reading <= (N + 2) * most, "%llu bytes for %d connections, each at most %llu",
		      reading, N, most);
	for (int i = 0; i < N; i++)
		close(fds[i]);
	deadline = now_ms() + 10000;
	while (hx_metric("manaflow_connection_bytes") > base) {
		ck_assert_msg(now_ms() < deadline, "%llu bytes after the close (%llu before)",
			      hx_metric("manaflow_connection_bytes"), base);
		sleep_ms(20);
	}
}
END_TEST

Suite *suite_connections(void)
{
	Suite *s = suite_create("connections");
	TCase *flood = tcase_create("flood"), *port = tcase_create("port");
	TCase *admission = tcase_create("admission");

	tcase_add_checked_fixture(flood, setup_flood, ts_teardown);
	tcase_set_timeout(flood, 300);
	tcase_add_test(flood, flood_of_hangups);
	tcase_add_test(flood, flood_back_to_back);
	suite_add_tcase(s, flood);
	tcase_add_checked_fixture(port, NULL, ts_teardown);
	tcase_add_test(port, second_server_refused);
	tcase_add_test(port, restart_binds_again);
	suite_add_tcase(s, port);
	tcase_add_checked_fixture(admission, NULL, ts_teardown);
	tcase_set_timeout(admission, 120);
	tcase_add_test(admission, per_ip_limit);
	tcase_add_test(admission, gate_answers_what_libmicrohttpd_refuses);
	tcase_add_test(admission, connection_memory_counted);
	suite_add_tcase(s, admission);
	return s;
}
