/* The harness's servers in the test process, through the server's library
 * API: see harness.h. */
#define _GNU_SOURCE  /* F_DUPFD_CLOEXEC */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "harness_int.h"
#include "http/server.h"
#include "manaflow/mana.h"

#ifndef MF_TEST_VERSION
#error "the build defines MF_TEST_VERSION"
#endif

/* The in-process servers' logs are /tmp/LOG_PREFIX<runner>-<test>-XXXXXX,
 * <runner> the pid of the process that runs the suites, <test> that of the
 * (forked) test process: a log left behind names the run it belongs to. */
#define LOG_PREFIX "manaflow-http-inproc-"

/* serve's defaults, as its --help states them (a test holds them to it);
 * --threads defaults to one per online core, as serve's does. */
const char *const ts_inproc_default_args[][2] = {
	{ "--body-limit", "1048576" },
	{ "--timeout", "10" },
	{ "--connection-limit", "1024" },
	{ "--per-ip-limit", "0" },
	{ "--upload-deadline", "30" },
	{ "--request-deadline", "10" },
	{ "--drain-seconds", "10" },
	{ "--shutdown-delay", "0" },
	{ "--memory-limit", "100663296" },
	{ NULL, NULL },
};

/* Whether a server of this process runs: its log holds fd 2, which is one. */
static bool running;

/* text as a whole number from min to max, or the test fails. */
static unsigned long long number(const char *flag, const char *text, unsigned long long min,
				 unsigned long long max)
{
	unsigned long long v;
	char *end;

	ck_assert_msg(text && *text >= '0' && *text <= '9', "%s needs a number", flag);
	errno = 0;
	v = strtoull(text, &end, 10);
	ck_assert_msg(errno == 0 && *end == '\0' && v >= min && v <= max,
		      "%s %s: not a number from %llu to %llu", flag, text, min, max);
	return v;
}

/* Applies one of serve's flags to cfg (*lands for --lands); returns how
 * many of args it took (1 or 2). Fails the test on a flag it does not know
 * or a value serve would refuse. */
static size_t apply(struct server_config *cfg, const char **lands, const char *const *args)
{
	const char *flag = args[0], *v = args[1];

	if (!strcmp(flag, "--no-access-log"))
		cfg->access_log = false;
	else if (!strcmp(flag, "--no-playground"))
		cfg->playground = false;
	else if (!v)
		ck_abort_msg("in-process server: %s needs a value", flag);
	else if (!strcmp(flag, "--threads"))
		cfg->threads = (unsigned)number(flag, v, 1, 256);
	else if (!strcmp(flag, "--body-limit"))
		cfg->body_limit = (size_t)number(flag, v, 1024, 64u << 20);
	else if (!strcmp(flag, "--timeout"))
		cfg->timeout_s = (unsigned)number(flag, v, 1, 3600);
	else if (!strcmp(flag, "--connection-limit"))
		cfg->connection_limit = (unsigned)number(flag, v, 1, 60000);
	else if (!strcmp(flag, "--per-ip-limit"))
		cfg->per_ip_limit = (unsigned)number(flag, v, 0, 60000);
	else if (!strcmp(flag, "--upload-deadline"))
		cfg->upload_deadline_s = (unsigned)number(flag, v, 1, 3600);
	else if (!strcmp(flag, "--request-deadline"))
		cfg->deadline_s = (unsigned)number(flag, v, 1, 3600);
	else if (!strcmp(flag, "--drain-seconds"))
		cfg->drain_s = (unsigned)number(flag, v, 0, 3600);
	else if (!strcmp(flag, "--shutdown-delay"))
		cfg->shutdown_delay_s = (unsigned)number(flag, v, 0, 600);
	else if (!strcmp(flag, "--memory-limit"))
		cfg->memory_limit = (size_t)number(flag, v, 32u << 20, 1ull << 40);
	else if (!strcmp(flag, "--cors-origin"))
		cfg->cors_origins = v;
	else if (!strcmp(flag, "--lands"))
		*lands = v;
	else if (!strcmp(flag, "--host"))
		cfg->host = v;
	else if (!strcmp(flag, "--port"))
		cfg->port = (uint16_t)number(flag, v, 0, 65535);
	else
		ck_abort_msg("in-process server: no flag %s", flag);
	return v && strncmp(flag, "--no-", 5) != 0 ? 2 : 1;
}

/* The configuration serve would have with args; *lands gets --lands. */
static struct server_config config_from(const char *const *args, const char **lands)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	struct server_config cfg = {
		.host = "127.0.0.1",
		.port = 0,
		.threads = cores > 0 ? (unsigned)cores : 1,
		.access_log = true,
		.playground = true,
		.version = MF_TEST_VERSION,
	};

	*lands = NULL;
	for (size_t i = 0; ts_inproc_default_args[i][0]; i++)
		apply(&cfg, lands, ts_inproc_default_args[i]);
	for (size_t i = 0; args && args[i]; )
		i += apply(&cfg, lands, args + i);
	return cfg;
}

/* The catalogue: built in, or read from path; fails the test when it is
 * not one. */
static struct mf_mana_catalogue *load_lands(const char *path)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;
	char *text;
	size_t len = 0;
	long size;
	FILE *f;
	int rc;

	if (!path) {
		rc = mf_mana_catalogue_builtin(&cat, &err);
		ck_assert_msg(rc == 0, "the built-in catalogue: line %zu: %s", err.line, err.reason);
		return cat;
	}
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "--lands %s: %s", path, strerror(errno));
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_ge(size, 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	len = fread(text, 1, (size_t)size, f);
	fclose(f);
	rc = mf_mana_catalogue_parse(text, len, &cat, &err);
	free(text);
	ck_assert_msg(rc == 0, "--lands %s: line %zu: %s", path, err.line, err.reason);
	return cat;
}

/* Makes the log file fd 2, keeping the test's own in s->saved_stderr. */
static void take_stderr(struct test_server *s)
{
	fflush(stderr);
	s->saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	ck_assert_msg(s->saved_stderr >= 0, "dup: %s", strerror(errno));
	ck_assert_msg(dup2(s->log_fd, STDERR_FILENO) == STDERR_FILENO, "dup2: %s", strerror(errno));
}

/* Gives the test its own fd 2 back (after take_stderr). */
static void give_back_stderr(struct test_server *s)
{
	if (s->saved_stderr < 0)
		return;
	fflush(stderr);
	dup2(s->saved_stderr, STDERR_FILENO);
	close(s->saved_stderr);
	s->saved_stderr = -1;
}

void ts_start(struct test_server *s, const char *const *args)
{
	struct server_config cfg;
	const char *lands;
	char *log;
	int rc;

	ts_close(s);
	memset(s, 0, sizeof(*s));
	s->log_fd = s->saved_stderr = -1;
	ck_assert_msg(!running, "a server already runs in this process");
	cfg = config_from(args, &lands);
	s->cat = load_lands(lands);
	/* Named while the server runs (ts_close removes it): if the test
	 * process dies, a sanitizer's report or the last lines are there for
	 * ts_orphan_logs to show. */
	snprintf(s->log_path, sizeof(s->log_path), "/tmp/" LOG_PREFIX "%ld-%ld-XXXXXX",
		 (long)ts_runner, (long)getpid());
	s->log_fd = mkstemp(s->log_path);
	ck_assert_msg(s->log_fd >= 0, "mkstemp: %s", strerror(errno));
	take_stderr(s);
	running = true;
	rc = mf_server_start(&cfg, s->cat, &s->inproc);
	if (rc != 0) {
		log = ts_log(s);  /* ts_teardown gives fd 2 back */
		ck_abort_msg("the server did not start (status %d): %s", rc, log);
	}
	s->port = mf_server_port(s->inproc);
	ck_assert_msg(s->port != 0, "the server has no port");
}

void ts_inproc_stop(struct test_server *s)
{
	static atomic_bool skip_delay = true;

	if (s->inproc) {
		s->cut_short = mf_server_shutdown(s->inproc, &skip_delay);
		s->inproc = NULL;
	}
	if (s->cat) {
		mf_mana_catalogue_free(s->cat);
		s->cat = NULL;
	}
	if (s->saved_stderr >= 0) {
		give_back_stderr(s);
		running = false;
	}
}

void ts_orphan_logs(void)
{
	char prefix[64], path[512];
	struct dirent *e;
	DIR *d = opendir("/tmp");

	snprintf(prefix, sizeof(prefix), LOG_PREFIX "%ld-", (long)ts_runner);
	while (d && (e = readdir(d)) != NULL) {
		char chunk[4096];
		ssize_t n;
		int fd;

		if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
			continue;
		snprintf(path, sizeof(path), "/tmp/%s", e->d_name);
		fd = open(path, O_RDONLY);
		fprintf(stderr, "\n==== the log of a server in a test process that did not end "
			"cleanly (%s):\n", path);
		fflush(stderr);
		while (fd >= 0 && (n = read(fd, chunk, sizeof(chunk))) > 0)
			if (write(STDERR_FILENO, chunk, (size_t)n) != n)
				break;
		fprintf(stderr, "==== end of %s\n", path);
		if (fd >= 0)
			close(fd);
		unlink(path);
	}
	if (d)
		closedir(d);
}
