/* `manaflow serve`: configuration from flags and MANAFLOW_* variables, then
 * serve until SIGTERM or SIGINT and drain. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

#include "cli/cards_file.h"
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "common/log.h"
#include "http/admission.h"
#include "http/server.h"

/* One per online core, or one when that is unknown. */
static unsigned long long online_cores(void)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	return cores > 0 ? (unsigned long long)cores : 1;
}

enum {
	OPT_HOST, OPT_PORT, OPT_THREADS, OPT_BODY_LIMIT, OPT_TIMEOUT, OPT_CONNECTION_LIMIT,
	OPT_PER_IP_LIMIT, OPT_UPLOAD_DEADLINE, OPT_REQUEST_DEADLINE, OPT_DRAIN_SECONDS,
	OPT_SHUTDOWN_DELAY, OPT_MEMORY_LIMIT, OPT_LANDS, OPT_CARDS, OPT_NO_ACCESS_LOG, OPT_NO_PLAYGROUND,
	OPT_CORS_ORIGIN, OPT_COUNT
};

static const struct mf_cli_option options[OPT_COUNT] = {
	[OPT_HOST] = { "host", MF_CLI_STRING, "ADDR", .def_value = "0.0.0.0",
		.env = "MANAFLOW_HOST", .help = "address to bind, an IPv4 or IPv6 literal" },
	[OPT_PORT] = { "port", MF_CLI_UNSIGNED, "N", 0, 65535, 8080, .env = "MANAFLOW_PORT",
		.help = "TCP port, 0 for any free one" },
	[OPT_THREADS] = { "threads", MF_CLI_UNSIGNED, "N", 1, 256, .def_fn = online_cores,
		.def_text = "one per core", .env = "MANAFLOW_THREADS",
		.help = "worker threads" },
	[OPT_BODY_LIMIT] = { "body-limit", MF_CLI_SIZE, "BYTES", 1024, 64u << 20, 1u << 20,
		.env = "MANAFLOW_BODY_LIMIT",
		.help = "largest request body, in bytes or with a unit (64Ki, 1MiB)" },
	[OPT_TIMEOUT] = { "timeout", MF_CLI_UNSIGNED, "S", 1, 3600, 10, .env = "MANAFLOW_TIMEOUT",
		.help = "idle connection timeout, in seconds" },
	[OPT_CONNECTION_LIMIT] = { "connection-limit", MF_CLI_UNSIGNED, "N", 1, 60000, 1024,
		.env = "MANAFLOW_CONNECTION_LIMIT", .help = "open connections at most" },
	[OPT_PER_IP_LIMIT] = { "per-ip-limit", MF_CLI_UNSIGNED, "N", 0, 60000, 0,
		.env = "MANAFLOW_PER_IP_LIMIT", .help = "connections per client IP, 0 = no limit" },
	[OPT_UPLOAD_DEADLINE] = { "upload-deadline", MF_CLI_UNSIGNED, "S", 1, 3600, 30,
		.env = "MANAFLOW_UPLOAD_DEADLINE",
		.help = "a request's head must arrive within this long of its connection opening "
			"or the previous answer, its body within this long of its head; else the "
			"connection is closed" },
	[OPT_REQUEST_DEADLINE] = { "request-deadline", MF_CLI_UNSIGNED, "S", 1, 3600, 10,
		.env = "MANAFLOW_REQUEST_DEADLINE",
		.help = "a solve on a worker thread (odds, sources, Camelot, batches between "
			"items) is stopped this long after its request began: 503 deadline" },
	[OPT_DRAIN_SECONDS] = { "drain-seconds", MF_CLI_UNSIGNED, "S", 0, 3600, 10,
		.env = "MANAFLOW_DRAIN_SECONDS",
		.help = "on SIGTERM, requests in flight may finish until this long after the "
			"signal" },
	[OPT_SHUTDOWN_DELAY] = { "shutdown-delay", MF_CLI_UNSIGNED, "S", 0, 600, 0,
		.env = "MANAFLOW_SHUTDOWN_DELAY",
		.help = "on SIGTERM, keep accepting with /readyz 503 this long before closing "
			"the listener; it counts towards the drain" },
	[OPT_MEMORY_LIMIT] = { "memory-limit", MF_CLI_SIZE, "BYTES", MF_ADMISSION_MEMORY_MIN, 1ull << 40,
		MF_SERVER_MEMORY_DEFAULT, .env = "MANAFLOW_MEMORY_LIMIT",
		.help = "memory to stay under, in bytes or with a unit as Kubernetes writes it "
			"(64Mi, 64MiB, 1Gi, 1GiB): request bodies and queued solves past its "
			"budget get 503" },
	[OPT_LANDS] = { "lands", MF_CLI_STRING, "FILE", .def_text = "built in",
		.env = "MANAFLOW_LANDS", .help = "land catalogue in m_lands.txt format" },
	[OPT_CARDS] = { "cards", MF_CLI_STRING, "FILE", .def_text = "none",
		.env = "MANAFLOW_CARDS",
		.help = "card database deck lists are resolved against: Scryfall's bulk "
			"\"Oracle Cards\" JSON file, read at start-up (docs/cards.md); a bad "
			"file stops the server, exit 2" },
	[OPT_NO_ACCESS_LOG] = { "no-access-log", MF_CLI_FLAG, .on = false,
		.env = "MANAFLOW_ACCESS_LOG",
		.help = "no JSON access-log line per request on stderr" },
	[OPT_NO_PLAYGROUND] = { "no-playground", MF_CLI_FLAG, .on = false,
		.env = "MANAFLOW_PLAYGROUND",
		.help = "no playground page at / and /playground (404)" },
	[OPT_CORS_ORIGIN] = { "cors-origin", MF_CLI_STRING, "LIST", .def_text = "none: CORS off",
		.env = "MANAFLOW_CORS_ORIGINS",
		.help = "browser origins allowed to call, comma-separated, or * for any" },
};

static const struct mf_cli_command command = {
	.name = "serve",
	.intro =
	"Serve the HTTP JSON API until SIGTERM or SIGINT, then drain and exit 0: /readyz\n"
	"answers 503 at once, new connections are accepted for the shutdown delay, and\n"
	"requests begun may finish until the drain deadline, both counted from the\n"
	"signal; so the process exits max(delay, drain) seconds after it, and a second\n"
	"more at most (a solve still running then is stopped and answered 503). A\n"
	"second SIGTERM or SIGINT ends the delay at once; a third exits at once with\n"
	"status 128 + its number (143 for SIGTERM, 130 for SIGINT), cutting short\n"
	"whatever is in flight.\n"
	"Each option can also be set by the environment variable shown; a flag wins,\n"
	"and a variable a flag overrides is not read; one set but empty is ignored.\n"
	"MANAFLOW_ACCESS_LOG and MANAFLOW_PLAYGROUND take 1, true, on or yes, or 0,\n"
	"false, off or no, in any case. A bad value is refused, exit 2; a number is\n"
	"decimal digits only, and a byte count may end with a unit: Ki, Mi, Gi, Ti\n"
	"(or KiB, MiB, GiB, TiB) are powers of 1024, k, M, G, T powers of 1000.\n",
	.options = options,
	.n_options = OPT_COUNT,
};

/* Stop signals after the first: the second ends the shutdown delay, the
 * third exits at once. Runs on its own thread while the main one drains. */
struct signal_watch {
	sigset_t set;
	atomic_bool skip_delay;
	struct mf_log *log;
};

/* The watcher thread's body (arg: its struct signal_watch); never returns
 * until cancelled. */
static void *watch_signals(void *arg)
{
	struct signal_watch *w = arg;

	for (unsigned n = 2;; n++) {
		int sig = 0;

		if (sigwait(&w->set, &sig) != 0)
			continue;
		/* Not cancelled between its line and what the line says. */
		pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
		if (n >= 3) {
			mf_log(w->log, MF_LOG_WARN, "exiting at once", MF_LOG_KVS(
				MF_LOG_INT("signal", sig), MF_LOG_INT("status", 128 + sig)));
			_exit(128 + sig);
		}
		mf_log(w->log, MF_LOG_INFO, "delay skipped", MF_LOG_KVS(MF_LOG_INT("signal", sig)));
		atomic_store(&w->skip_delay, true);
		pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	}
	return NULL;
}

/* The server's configuration from the parsed options; its strings point
 * into argv or the environment, its log is log (borrowed). */
static struct server_config config_from(const struct mf_cli_value *v, struct mf_log *log)
{
	const char *host = v[OPT_HOST].text;

	return (struct server_config){
		.log = log,
		.host = host && *host ? host : options[OPT_HOST].def_value,
		.port = (uint16_t)v[OPT_PORT].number,
		.threads = (unsigned)v[OPT_THREADS].number,
		.body_limit = (size_t)v[OPT_BODY_LIMIT].number,
		.timeout_s = (unsigned)v[OPT_TIMEOUT].number,
		.connection_limit = (unsigned)v[OPT_CONNECTION_LIMIT].number,
		.per_ip_limit = (unsigned)v[OPT_PER_IP_LIMIT].number,
		.drain_s = (unsigned)v[OPT_DRAIN_SECONDS].number,
		.deadline_s = (unsigned)v[OPT_REQUEST_DEADLINE].number,
		.upload_deadline_s = (unsigned)v[OPT_UPLOAD_DEADLINE].number,
		.shutdown_delay_s = (unsigned)v[OPT_SHUTDOWN_DELAY].number,
		.memory_limit = (size_t)v[OPT_MEMORY_LIMIT].number,
		.access_log = v[OPT_NO_ACCESS_LOG].number != 0,
		.playground = v[OPT_NO_PLAYGROUND].number != 0,
		.cors_origins = v[OPT_CORS_ORIGIN].text,
		.version = MANAFLOW_VERSION,
	};
}

/* The catalogue file to load, or NULL for the built-in one (also when
 * --lands is empty). */
static const char *lands_path(const struct mf_cli_value *v)
{
	const char *lands = v[OPT_LANDS].text;

	return lands && *lands ? lands : NULL;
}

/* Blocks SIGTERM and SIGINT (set gets them) and ignores SIGPIPE. Every
 * thread libmicrohttpd starts later inherits the mask, so only sigwait()
 * ever sees the stop signals. */
static void block_stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	pthread_sigmask(SIG_BLOCK, set, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Logs the "listening" line, with the port actually bound. */
static void log_listening(const struct server_config *cfg, const struct server *srv)
{
	mf_log(cfg->log, MF_LOG_INFO, "listening", MF_LOG_KVS(
		MF_LOG_STR("host", cfg->host), MF_LOG_UINT("port", mf_server_port(srv)),
		MF_LOG_UINT("threads", cfg->threads), MF_LOG_STR("version", cfg->version)));
}

/* Waits for the first stop signal of set (blocked) and returns its number. */
static int wait_for_signal(const sigset_t *set)
{
	int sig = 0;

	sigwait(set, &sig);
	return sig;
}

/* After the first stop signal sig: logs it, shuts srv down (freeing it)
 * while a thread watches for the next signals, and logs the requests cut
 * short. A third signal exits the process from that thread. */
static void drain(struct server *srv, const struct server_config *cfg, struct signal_watch *watch,
		  int sig)
{
	pthread_t watcher;
	bool watching;
	unsigned cut;

	/* deadline_s: when the process is gone, counted from the signal. */
	mf_log(cfg->log, MF_LOG_INFO, "draining", MF_LOG_KVS(
		MF_LOG_INT("signal", sig), MF_LOG_UINT("delay_s", cfg->shutdown_delay_s),
		MF_LOG_UINT("drain_s", cfg->drain_s),
		MF_LOG_UINT("deadline_s", cfg->shutdown_delay_s > cfg->drain_s ? cfg->shutdown_delay_s
									  : cfg->drain_s)));
	/* A signal that comes before the watcher starts stays pending for it. */
	watching = pthread_create(&watcher, NULL, watch_signals, watch) == 0;
	if (!watching)
		mf_log(cfg->log, MF_LOG_WARN, "cannot watch for a second signal", NULL);
	cut = mf_server_shutdown(srv, &watch->skip_delay);
	if (watching) {
		pthread_cancel(watcher);
		pthread_join(watcher, NULL);
	}
	mf_log(cfg->log, MF_LOG_INFO, "stopped", MF_LOG_KVS(MF_LOG_UINT("requests_cut_short", cut)));
}

/* Loads the catalogue the options name, or logs why it cannot and returns
 * NULL. */
static struct mf_mana_catalogue *load_lands(const struct mf_cli_value *v, struct mf_log *log)
{
	struct mf_cli_lands_error err;
	struct mf_mana_catalogue *cat = mf_cli_lands_open(lands_path(v), &err);

	if (cat)
		return cat;
	if (err.line)
		mf_log(log, MF_LOG_ERROR, "cannot load the land catalogue", MF_LOG_KVS(
			MF_LOG_STR("file", err.path), MF_LOG_UINT("line", err.line),
			MF_LOG_STR("reason", err.reason)));
	else
		mf_log(log, MF_LOG_ERROR, "cannot load the land catalogue", MF_LOG_KVS(
			MF_LOG_STR("file", err.path), MF_LOG_STR("reason", err.reason)));
	return NULL;
}

/* Logs the card database loaded (or why not) as load says. */
static void log_cards(struct mf_log *log, const struct mf_cli_cards_load *load, bool ok)
{
	if (ok)
		mf_log(log, MF_LOG_INFO, "cards loaded", MF_LOG_KVS(
			MF_LOG_STR("file", load->path), MF_LOG_UINT("cards", load->stats.added),
			MF_LOG_UINT("skipped", load->stats.skipped),
			MF_LOG_UINT("duplicates", load->stats.duplicates),
			MF_LOG_UINT("ms", load->ms), MF_LOG_UINT("bytes_read", load->stats.bytes),
			MF_LOG_UINT("bytes_held", load->bytes_held)));
	else if (load->has_offset)
		mf_log(log, MF_LOG_ERROR, "cannot load the card database", MF_LOG_KVS(
			MF_LOG_STR("file", load->path), MF_LOG_UINT("offset", load->offset),
			MF_LOG_STR("reason", load->reason)));
	else
		mf_log(log, MF_LOG_ERROR, "cannot load the card database", MF_LOG_KVS(
			MF_LOG_STR("file", load->path), MF_LOG_STR("reason", load->reason)));
	if (ok && load->stats.skipped)
		mf_log(log, MF_LOG_WARN, "cards skipped", MF_LOG_KVS(
			MF_LOG_STR("file", load->path), MF_LOG_UINT("skipped", load->stats.skipped),
			MF_LOG_UINT("first_offset", load->first_skip.offset),
			MF_LOG_STR("first_reason", load->first_skip.reason)));
}

/* Loads the card database --cards (or MANAFLOW_CARDS) names into *out,
 * NULL when it names none, and logs how it went. 0, or -1 when it cannot
 * be loaded. */
static int load_cards(const struct mf_cli_value *v, struct mf_log *log, struct mf_card_db **out)
{
	const char *path = v[OPT_CARDS].text;
	struct mf_cli_cards_load load;

	*out = NULL;
	if (!path || !*path)
		return 0;
	*out = mf_cli_cards_open(path, &load);
	log_cards(log, &load, *out != NULL);
	return *out ? 0 : -1;
}

int mf_cli_cmd_serve(int argc, char **argv)
{
	struct mf_cli_value v[OPT_COUNT];
	struct mf_log log;
	struct signal_watch watch = { .skip_delay = false, .log = &log };
	struct server_config cfg;
	struct mf_mana_catalogue *cat;
	struct mf_card_db *cards;
	struct server *srv = NULL;
	int status = mf_cli_parse(&command, argc, argv, v, NULL);

	if (status != MF_CLI_GO_ON)
		return status;
	/* From here on every diagnostic is a JSON line on stderr. */
	mf_log_init(&log, STDERR_FILENO, NULL);
	cfg = config_from(v, &log);
	cat = load_lands(v, &log);
	if (!cat)
		return 2;
	if (load_cards(v, &log, &cards)) {
		mf_mana_catalogue_free(cat);
		return 2;
	}
	cfg.cards = cards;
	block_stop_signals(&watch.set);
	status = 2;  /* mf_server_start() logged why */
	if (mf_server_start(&cfg, cat, &srv) == 0) {
		log_listening(&cfg, srv);
		drain(srv, &cfg, &watch, wait_for_signal(&watch.set));
		status = 0;
	}
	mf_card_db_free(cards);
	mf_mana_catalogue_free(cat);
	return status;
}
