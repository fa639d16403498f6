/*
 * The harness's own promises: a server in the test process runs with
 * serve's defaults, and its stop is serve's drain, not a kill.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures.h"
#include "harness.h"

/* `manaflow serve --help`, every run of white space made one space. */
static char *serve_help(void)
{
	char cmd[1024], chunk[4096];
	char *text = NULL;
	size_t len = 0, n;
	int status;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "'%s' serve --help", ts_manaflow);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0) {
		text = realloc(text, len + n + 1);
		ck_assert_ptr_nonnull(text);
		for (size_t i = 0; i < n; i++) {
			char c = chunk[i] == '\n' || chunk[i] == '\t' ? ' ' : chunk[i];

			if (c != ' ' || (len && text[len - 1] != ' '))
				text[len++] = c;
		}
	}
	status = pclose(p);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "serve --help: status %d",
		      status);
	ck_assert_ptr_nonnull(text);
	text[len] = '\0';
	return text;
}

/* The default the help states for flag: the text after "(default" (and
 * its ": " or " ") up to the next ',' or ')', copied to out. Its entry is
 * the one that begins with the flag and names its variable. */
static void help_default(const char *help, const char *flag, char *out, size_t cap)
{
	size_t n = strlen(flag);
	const char *entry, *def, *end;

	/* The usage line names each flag in brackets first; the entry is
	 * " --flag ARG MANAFLOW_...". */
	for (entry = strstr(help, flag); entry; entry = strstr(entry + n, flag)) {
		const char *arg_end = entry[n] == ' ' ? strchr(entry + n + 1, ' ') : NULL;

		if (entry > help && entry[-1] == ' ' && arg_end &&
		    strncmp(arg_end, " MANAFLOW_", 10) == 0)
			break;
	}
	ck_assert_msg(entry != NULL, "serve --help has no entry for %s", flag);
	def = strstr(entry, "(default");
	end = strstr(entry + n, " --");
	ck_assert_msg(def && (!end || def < end), "serve --help gives %s no default", flag);
	def += 8;
	def += strspn(def, ": ");
	n = strcspn(def, ",)");
	ck_assert_uint_lt(n, cap);
	memcpy(out, def, n);
	out[n] = '\0';
}

/* The defaults of a server in this process are serve's, as its help says:
 * so a test in this process runs the server as it is deployed. */
START_TEST(inproc_defaults_are_serves)
{
	char *help = serve_help(), def[64];

	for (size_t i = 0; ts_inproc_default_args[i][0]; i++) {
		help_default(help, ts_inproc_default_args[i][0], def, sizeof(def));
		ck_assert_msg(strcmp(def, ts_inproc_default_args[i][1]) == 0,
			      "%s: the harness takes %s, serve --help says %s",
			      ts_inproc_default_args[i][0], ts_inproc_default_args[i][1], def);
	}
	/* The ones the harness does not list by value. */
	help_default(help, "--threads", def, sizeof(def));
	ck_assert_str_eq(def, "one per core");
	help_default(help, "--cors-origin", def, sizeof(def));
	ck_assert_str_eq(def, "none: CORS off");
	ck_assert_ptr_nonnull(strstr(help, " --no-access-log MANAFLOW_ACCESS_LOG=off "));
	ck_assert_ptr_nonnull(strstr(help, " --no-playground MANAFLOW_PLAYGROUND=off "));
	free(help);
}
END_TEST

/* Whether a new connection to port is refused (the listener is gone). */
static bool refused(uint16_t port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	bool no;

	ck_assert_int_ge(fd, 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	no = connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0 && errno == ECONNREFUSED;
	close(fd);
	return no;
}

static atomic_bool stopped;

/* The stopping thread: the harness's stop of ts_srv, then a flag. */
static void *stop_main(void *arg)
{
	ts_stop(&ts_srv);
	atomic_store(&stopped, true);
	return arg;
}

/*
 * The harness stops a server in this process as serve does on SIGTERM: the
 * listener goes at once, a request halfway through its body when the stop
 * began still gets its answer, and nothing is cut short.
 */
START_TEST(inproc_stop_drains)
{
	static const char *const args[] = { "--threads", "2", "--drain-seconds", "60",
					    "--timeout", "60", NULL };
	const char *q = MF_FIX_FETCH_RG;
	size_t half = strlen(q) / 2;
	char head[256], buf[8192];
	const char *answer;
	pthread_t stopper;
	int64_t deadline;
	cJSON *json;
	int slow;

	atomic_store(&stopped, false);
	ts_start(&ts_srv, args);
	snprintf(head, sizeof(head), "POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\n"
		 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n", strlen(q));
	slow = raw_connect(ts_srv.port);
	raw_send(slow, head, strlen(head));
	raw_send(slow, q, half);
	hx_wait_in_flight(2);
	ck_assert_int_eq(pthread_create(&stopper, NULL, stop_main, NULL), 0);
	deadline = now_ms() + 30000;
	while (!refused(ts_srv.port)) {
		ck_assert_msg(now_ms() < deadline, "the listener stayed open after the stop began");
		sleep_ms(10);
	}
	sleep_ms(200);
	ck_assert_msg(!atomic_load(&stopped), "the stop returned with a request in flight");
	raw_send(slow, q + half, strlen(q) - half);
	ck_assert_int_eq(raw_read_response(slow, 60000, buf, sizeof(buf), &answer), 200);
	json = cJSON_Parse(answer);
	ck_assert_msg(cJSON_IsTrue(cJSON_GetObjectItem(json, "castable")), "%s", buf);
	ck_assert_int_eq(json_int(json, "min_life_paid"), MF_FIX_FETCH_RG_LIFE_PAID);
	cJSON_Delete(json);
	ck_assert_int_eq(pthread_join(stopper, NULL), 0);
	ck_assert(atomic_load(&stopped));
	ck_assert_uint_eq(ts_srv.cut_short, 0);
	close(slow);
}
END_TEST

Suite *suite_harness(void)
{
	Suite *s = suite_create("harness");
	TCase *tc = tcase_create("in-process");

	tcase_add_checked_fixture(tc, ts_setup_none, ts_teardown);
	tcase_add_test(tc, inproc_defaults_are_serves);
	tcase_add_test(tc, inproc_stop_drains);
	suite_add_tcase(s, tc);
	return s;
}
