/* The harness's child servers, `manaflow serve` in a process of its own:
 * see harness.h. */
#define _GNU_SOURCE  /* prctl, PR_SET_PDEATHSIG */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "harness_int.h"

/* Generous: the test process may run under valgrind. */
#define START_TIMEOUT_MS 30000

extern char **environ;

/* Runs in the forked child: never returns. */
static void exec_server(int log_fd, pid_t parent, const char *const *extra_args,
			const char *const *env)
{
	const char *argv[32] = { ts_manaflow, "serve", "--host", "127.0.0.1", "--port", "0" };
	size_t argc = 6;
	int devnull;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	devnull = open("/dev/null", O_RDONLY);
	if (devnull >= 0)
		dup2(devnull, STDIN_FILENO);
	dup2(log_fd, STDOUT_FILENO);
	dup2(log_fd, STDERR_FILENO);
	for (size_t i = 0; environ[i]; ) {
		if (strncmp(environ[i], "MANAFLOW_", 9) == 0) {
			char name[128];
			size_t n = strcspn(environ[i], "=");

			snprintf(name, sizeof(name), "%.*s", (int)n, environ[i]);
			unsetenv(name);  /* environ shifts: look at index i again */
			continue;
		}
		i++;
	}
	for (size_t i = 0; env && env[i]; i++)
		putenv((char *)env[i]);
	for (size_t i = 0; extra_args && extra_args[i] && argc + 1 < 32; i++)
		argv[argc++] = extra_args[i];
	argv[argc] = NULL;
	execv(ts_manaflow, (char *const *)argv);
	_exit(127);
}

/* The port from the "listening" line, or 0 if it is not there yet. */
static uint16_t find_port(const char *log)
{
	const char *line = strstr(log, "\"msg\":\"listening\"");
	const char *p = line ? strstr(line, "\"port\":") : NULL;

	return p ? (uint16_t)strtoul(p + 7, NULL, 10) : 0;
}

void ts_spawn(struct test_server *s, const char *const *extra_args, const char *const *env)
{
	pid_t parent = getpid();
	int64_t deadline;
	int log_fd, status;
	char *log;
	char path[] = "/tmp/manaflow-http-test-XXXXXX";

	ck_assert_msg(ts_manaflow != NULL, "the manaflow binary is argv[1]");
	ts_close(s);  /* one server per struct, never a forgotten one */
	memset(s, 0, sizeof(*s));
	s->log_fd = s->saved_stderr = -1;
	log_fd = mkstemp(path);
	ck_assert_msg(log_fd >= 0, "mkstemp: %s", strerror(errno));
	/* Nameless from now on: nothing to remove, even if a test dies. */
	unlink(path);
	s->log_fd = log_fd;
	s->pid = fork();
	ck_assert_msg(s->pid >= 0, "fork: %s", strerror(errno));
	if (s->pid == 0)
		exec_server(log_fd, parent, extra_args, env);
	deadline = now_ms() + START_TIMEOUT_MS;
	for (;;) {
		log = ts_log(s);
		s->port = find_port(log);
		if (s->port)
			break;
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			ck_abort_msg("manaflow serve exited (status %d) before listening: %s",
				     status, log);
		}
		ck_assert_msg(now_ms() < deadline, "manaflow serve is not listening: %s", log);
		free(log);
		sleep_ms(5);
	}
	free(log);
}

void ts_signal(struct test_server *s, int sig)
{
	ck_assert_msg(s->pid > 0, "no child server to signal");
	ck_assert_msg(kill(s->pid, sig) == 0, "kill %d: %s", (int)s->pid, strerror(errno));
}

int ts_wait_exit(struct test_server *s, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	int status;

	while (s->pid > 0) {
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			return status;
		}
		if (now_ms() >= deadline)
			break;
		sleep_ms(10);
	}
	return -1;
}

void ts_child_stop(struct test_server *s)
{
	pid_t pid = s->pid;

	if (pid <= 0)
		return;
	/* The first signal drains; a second ends a shutdown delay, for a child
	 * started with one. A third would exit at once, with no coverage. */
	kill(pid, SIGTERM);
	if (ts_wait_exit(s, 1000) != -1)
		return;
	kill(pid, SIGTERM);
	if (ts_wait_exit(s, TS_STOP_TIMEOUT_MS) != -1)
		return;
	fprintf(stderr, "harness: manaflow serve (pid %d) still running %d ms after SIGTERM: "
		"killed, its coverage lost\n", (int)pid, 1000 + TS_STOP_TIMEOUT_MS);
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	s->pid = 0;
}
