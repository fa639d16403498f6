/* `manaflow serve`: configuration from flags and MANAFLOW_* variables, then
 * serve until SIGTERM or SIGINT and drain. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli_io.h"
#include "cli/commands.h"
#include "http/server.h"

static const char usage[] =
	"usage: manaflow serve [OPTIONS]\n"
	"\n"
	"Serve the HTTP JSON API until SIGTERM or SIGINT, then drain and exit 0: /readyz\n"
	"answers 503 at once, new connections are accepted for the shutdown delay, and\n"
	"requests begun may finish until the drain deadline, both counted from the\n"
	"signal; so the process exits max(delay, drain) seconds after it, and a second\n"
	"more at most (a solve still running then is stopped and answered 503). A\n"
	"second SIGTERM or SIGINT ends the delay at once; a third exits at once with\n"
	"status 128 + its number (143 for SIGTERM, 130 for SIGINT), cutting short\n"
	"whatever is in flight.\n"
	"Each option can also be set by the environment variable shown; a flag wins,\n"
	"and a variable a flag overrides is not read. MANAFLOW_ACCESS_LOG and\n"
	"MANAFLOW_PLAYGROUND take 1, true, on or yes, or 0, false, off or no, in any\n"
	"case. A bad value is refused, exit 2.\n"
	"\n"
	"  --host ADDR           MANAFLOW_HOST             address to bind (0.0.0.0)\n"
	"  --port N              MANAFLOW_PORT             TCP port, 0 for any free one (8080)\n"
	"  --threads N           MANAFLOW_THREADS          worker threads (one per core)\n"
	"  --body-limit BYTES    MANAFLOW_BODY_LIMIT       largest request body (1048576)\n"
	"  --timeout S           MANAFLOW_TIMEOUT          idle connection timeout (10)\n"
	"  --connection-limit N  MANAFLOW_CONNECTION_LIMIT open connections at most (1024)\n"
	"  --per-ip-limit N      MANAFLOW_PER_IP_LIMIT     connections per client IP, 0 = no limit (0)\n"
	"  --upload-deadline S   MANAFLOW_UPLOAD_DEADLINE  a request's head must arrive within this long of\n"
	"                                                  its connection opening or the previous answer,\n"
	"                                                  its body within this long of its head; else the\n"
	"                                                  connection is closed (30)\n"
	"  --request-deadline S  MANAFLOW_REQUEST_DEADLINE a solve on a worker thread (odds, sources,\n"
	"                                                  Camelot, batches between items) is stopped this\n"
	"                                                  long after its request began: 503 deadline (10)\n"
	"  --drain-seconds S     MANAFLOW_DRAIN_SECONDS    on SIGTERM, requests in flight may finish until\n"
	"                                                  this long after the signal (10)\n"
	"  --shutdown-delay S    MANAFLOW_SHUTDOWN_DELAY   on SIGTERM, keep accepting with /readyz 503\n"
	"                                                  this long before closing the listener; it\n"
	"                                                  counts towards the drain (0)\n"
	"  --memory-limit BYTES  MANAFLOW_MEMORY_LIMIT     memory to stay under: request bodies and queued\n"
	"                                                  solves past its budget get 503 (100663296)\n"
	"  --lands FILE          MANAFLOW_LANDS            land catalogue in m_lands.txt format (built in)\n"
	"  --no-access-log       MANAFLOW_ACCESS_LOG=off   no JSON access-log line per request on stderr\n"
	"  --no-playground       MANAFLOW_PLAYGROUND=0     no playground page at / and /playground (404)\n"
	"  --cors-origin LIST    MANAFLOW_CORS_ORIGINS     browser origins allowed to call, comma-separated,\n"
	"                                                  or * for any (none: CORS off)\n"
	"  -h, --help                                      this text\n";

struct option_spec {
	const char *flag, *env;
	unsigned long min, max;
	unsigned long *value;
};

/* The usual words for on and off, in any case: 1 or 0, -1 if neither. */
static int parse_switch(const char *text)
{
	static const char *const off[] = { "0", "false", "off", "no" };
	static const char *const on[] = { "1", "true", "on", "yes" };

	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(text, off[i]) == 0)
			return 0;
		if (strcasecmp(text, on[i]) == 0)
			return 1;
	}
	return -1;
}

/* An on/off setting that is on by default: off when its --no-... flag was
 * given, else as the variable says. Returns 0, or prints why and returns -1
 * for a word that is neither. */
static int switch_setting(bool flag_off, const char *env_name, bool *on)
{
	const char *v = flag_off ? NULL : getenv(env_name);
	int value;

	*on = !flag_off;
	if (!v || !*v)
		return 0;
	value = parse_switch(v);
	if (value < 0) {
		fprintf(stderr, "manaflow serve: %s must be 1, true, on or yes, "
			"or 0, false, off or no, not \"%s\"\n", env_name, v);
		return -1;
	}
	*on = value;
	return 0;
}

/* Stop signals after the first: the second ends the shutdown delay, the
 * third exits at once. Runs on its own thread while the main one drains. */
struct signal_watch {
	sigset_t set;
	atomic_bool skip_delay;
};

static void *watch_signals(void *arg)
{
	struct signal_watch *w = arg;

	for (unsigned n = 2;; n++) {
		int sig = 0;

		if (sigwait(&w->set, &sig) != 0)
			continue;
		/* Not cancelled while it holds stderr's lock. */
		pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
		if (n >= 3) {
			fprintf(stderr, "{\"level\":\"warn\",\"msg\":\"exiting at once\",\"signal\":%d,"
				"\"status\":%d}\n", sig, 128 + sig);
			fflush(stderr);
			_exit(128 + sig);
		}
		fprintf(stderr, "{\"level\":\"info\",\"msg\":\"delay skipped\",\"signal\":%d}\n", sig);
		atomic_store(&w->skip_delay, true);
		pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	}
	return NULL;
}

static int parse_number(const char *what, const char *text, unsigned long min,
			unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-' || v < min || v > max) {
		fprintf(stderr, "manaflow serve: %s must be a whole number from %lu to %lu, not \"%s\"\n",
			what, min, max, text);
		return -1;
	}
	*out = v;
	return 0;
}

int mf_cli_cmd_serve(int argc, char **argv)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long port = 8080, threads = cores > 0 ? (unsigned long)cores : 1,
		      body_limit = 1u << 20, timeout = 10, conn_limit = 1024, per_ip = 0, drain = 10,
		      delay = 0, memory = MF_SERVER_MEMORY_DEFAULT, deadline = 10, upload = 30;
	struct option_spec opts[] = {
		{ "--port", "MANAFLOW_PORT", 0, 65535, &port },
		{ "--threads", "MANAFLOW_THREADS", 1, 256, &threads },
		{ "--body-limit", "MANAFLOW_BODY_LIMIT", 1024, 64ul << 20, &body_limit },
		{ "--timeout", "MANAFLOW_TIMEOUT", 1, 3600, &timeout },
		{ "--connection-limit", "MANAFLOW_CONNECTION_LIMIT", 1, 60000, &conn_limit },
		{ "--per-ip-limit", "MANAFLOW_PER_IP_LIMIT", 0, 60000, &per_ip },
		{ "--upload-deadline", "MANAFLOW_UPLOAD_DEADLINE", 1, 3600, &upload },
		{ "--request-deadline", "MANAFLOW_REQUEST_DEADLINE", 1, 3600, &deadline },
		{ "--drain-seconds", "MANAFLOW_DRAIN_SECONDS", 0, 3600, &drain },
		{ "--shutdown-delay", "MANAFLOW_SHUTDOWN_DELAY", 0, 600, &delay },
		{ "--memory-limit", "MANAFLOW_MEMORY_LIMIT", 32ul << 20, 1ul << 40, &memory },
	};
	const size_t n_opts = sizeof(opts) / sizeof(opts[0]);
	bool flagged[sizeof(opts) / sizeof(opts[0])] = { false };  /* its variable is not read */
	const char *host = getenv("MANAFLOW_HOST"), *lands = getenv("MANAFLOW_LANDS");
	const char *cors = getenv("MANAFLOW_CORS_ORIGINS");
	bool access_log, no_access_log_flag = false, playground, no_playground_flag = false;
	struct mf_mana_catalogue *cat = NULL;
	struct server *srv = NULL;
	struct signal_watch watch = { .skip_delay = false };
	pthread_t watcher;
	bool watching;
	int sig = 0, status = 2;

	for (int i = 1; i < argc; i++) {
		size_t k;

		if (mf_cli_is_help(argv[i])) {
			fputs(usage, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--no-access-log") == 0) {
			no_access_log_flag = true;
			continue;
		}
		if (strcmp(argv[i], "--no-playground") == 0) {
			no_playground_flag = true;
			continue;
		}
		if (i + 1 < argc && strcmp(argv[i], "--host") == 0) {
			host = argv[++i];
			continue;
		}
		if (i + 1 < argc && strcmp(argv[i], "--cors-origin") == 0) {
			cors = argv[++i];
			continue;
		}
		if (i + 1 < argc && strcmp(argv[i], "--lands") == 0) {
			lands = argv[++i];
			continue;
		}
		for (k = 0; k < n_opts && strcmp(argv[i], opts[k].flag) != 0; k++)
			;
		if (k == n_opts || i + 1 == argc) {
			fprintf(stderr, "manaflow serve: unknown option or missing value: %s\n%s",
				argv[i], usage);
			return 2;
		}
		if (parse_number(opts[k].flag, argv[++i], opts[k].min, opts[k].max, opts[k].value))
			return 2;
		flagged[k] = true;
	}
	/* Then the variables, but only where no flag was given: a flag wins,
	 * so a bad variable it overrides must not stop the server. */
	for (size_t k = 0; k < n_opts; k++) {
		const char *v = flagged[k] ? NULL : getenv(opts[k].env);

		if (v && *v && parse_number(opts[k].env, v, opts[k].min, opts[k].max, opts[k].value))
			return 2;
	}
	if (switch_setting(no_access_log_flag, "MANAFLOW_ACCESS_LOG", &access_log) ||
	    switch_setting(no_playground_flag, "MANAFLOW_PLAYGROUND", &playground))
		return 2;
	cat = mf_cli_load_lands(lands && *lands ? lands : NULL);
	if (!cat)
		return 2;

	/* Every thread libmicrohttpd starts inherits this mask, so only
	 * sigwait() below ever sees the stop signals. */
	sigemptyset(&watch.set);
	sigaddset(&watch.set, SIGTERM);
	sigaddset(&watch.set, SIGINT);
	pthread_sigmask(SIG_BLOCK, &watch.set, NULL);
	signal(SIGPIPE, SIG_IGN);

	struct server_config cfg = {
		.host = host && *host ? host : "0.0.0.0",
		.port = (uint16_t)port,
		.threads = (unsigned)threads,
		.body_limit = body_limit,
		.timeout_s = (unsigned)timeout,
		.connection_limit = (unsigned)conn_limit,
		.per_ip_limit = (unsigned)per_ip,
		.drain_s = (unsigned)drain,
		.deadline_s = (unsigned)deadline,
		.upload_deadline_s = (unsigned)upload,
		.shutdown_delay_s = (unsigned)delay,
		.memory_limit = memory,
		.access_log = access_log,
		.playground = playground,
		.cors_origins = cors,
		.version = MANAFLOW_VERSION,
	};
	if (mf_server_start(&cfg, cat, &srv))
		goto out;
	fprintf(stderr, "{\"level\":\"info\",\"msg\":\"listening\",\"host\":\"%s\",\"port\":%u,"
		"\"threads\":%u,\"version\":\"%s\"}\n", cfg.host, (unsigned)mf_server_port(srv),
		cfg.threads, cfg.version);
	fflush(stderr);
	sigwait(&watch.set, &sig);
	/* deadline_s: when the process is gone, counted from the signal. */
	fprintf(stderr, "{\"level\":\"info\",\"msg\":\"draining\",\"signal\":%d,\"delay_s\":%u,"
		"\"drain_s\":%u,\"deadline_s\":%u}\n", sig, cfg.shutdown_delay_s, cfg.drain_s,
		cfg.shutdown_delay_s > cfg.drain_s ? cfg.shutdown_delay_s : cfg.drain_s);
	/* A signal that comes before the watcher starts stays pending for it. */
	watching = pthread_create(&watcher, NULL, watch_signals, &watch) == 0;
	if (!watching)
		fprintf(stderr, "{\"level\":\"warn\",\"msg\":\"cannot watch for a second signal\"}\n");
	unsigned cut = mf_server_shutdown(srv, &watch.skip_delay);

	if (watching) {
		pthread_cancel(watcher);
		pthread_join(watcher, NULL);
	}

	fprintf(stderr, "{\"level\":\"info\",\"msg\":\"stopped\",\"requests_cut_short\":%u}\n", cut);
	status = 0;
out:
	mf_mana_catalogue_free(cat);
	return status;
}
