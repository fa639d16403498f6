/* `manaflow solve`: the contest's input format, or JSON lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/contest_input.h"
#include "cli/options.h"
#include "api/adapt_mana.h"
#include "http/router.h"

enum { OPT_JSON, OPT_LANDS, OPT_COUNT };

static const struct mf_cli_option options[OPT_COUNT] = {
	[OPT_JSON] = { "json", MF_CLI_FLAG, .on = true,
		.help = "one JSON query a line:\n"
			"{\"battlefield\":[names],\"library\":[names],\"life\":N,\"cost\":\"2WWU\"}\n"
			"(a land may also be a Scryfall card object, read from its text) and one "
			"JSON result a line: castable, min_life_paid, life_left, plan. A bad line "
			"prints {\"error\":{...}} and the run goes on (exit 1 at the end)." },
	[OPT_LANDS] = { "lands", MF_CLI_STRING, "FILE", .def_text = "built in",
		.help = "use this catalogue (m_lands.txt format) instead of the built-in one" },
};

static const struct mf_cli_command command = {
	.name = "solve",
	.operand = "[FILE]",
	.intro =
	"Can these lands pay this cost without dying? Reads FILE (default: stdin).\n"
	"\n"
	"Without --json, FILE is in the IPSC 2016 M input format, and the answer is\n"
	"YES or NO per test case. A malformed input stops with \"line N: reason\" on\n"
	"stderr, exit 1; so do a cost with {X} (the format has no x: use --json) and\n"
	"any text but blank lines after the last declared test case.\n",
	.options = options,
	.n_options = OPT_COUNT,
};

/* Answers YES or NO on stdout for each case of text, the contest format.
 * Returns 0, or 1 after printing "line N: reason" on stderr. */
static int solve_contest(const char *text, size_t len, const struct mf_mana_catalogue *cat)
{
	struct contest_reader r;
	struct mf_mana_query q;
	int status = 0, got;

	if (mf_contest_reader_init(&r, text, len, cat)) {
		fprintf(stderr, "%s\n", r.error);
		return 1;
	}
	while ((got = mf_contest_reader_next(&r, &q)) > 0) {
		struct mf_mana_result res;
		int rc = mf_mana_solve(&q, &res);

		if (rc) {
			fprintf(stderr, "line %zu: %s\n", r.line, mf_status_str(rc));
			status = 1;
			break;
		}
		fputs(res.castable ? "YES\n" : "NO\n", stdout);
		mf_mana_result_free(&res);
	}
	if (got < 0) {
		fprintf(stderr, "%s\n", r.error);
		status = 1;
	}
	mf_contest_reader_free(&r);
	return status;
}

/* Answers each non-blank line of text (len bytes; its newlines become NULs)
 * as a JSON query on stdout. Returns 0, or 1 when some line was refused. */
static int solve_json_lines(char *text, size_t len, const struct mf_mana_catalogue *cat)
{
	/* answers as the server would, pointing to its catalogue */
	struct mf_api_ctx ctx = { .lands = cat, .lands_listing = MF_ROUTER_LANDS_LISTING };
	char *p = text, *end = text + len;
	int status = 0;

	while (p < end) {
		char *e = memchr(p, '\n', (size_t)(end - p));

		if (!e)
			e = end;
		*e = '\0';  /* each line becomes its own NUL-terminated document */
		if (strspn(p, " \t\r") == (size_t)(e - p)) {
			p = e + 1;
			continue;
		}
		if (mf_cli_answer(mf_api_mana_solve, &ctx, p, (size_t)(e - p)))
			status = 1;
		p = e + 1;
	}
	return status;
}

int mf_cli_cmd_solve(int argc, char **argv)
{
	struct mf_cli_value v[OPT_COUNT];
	const char *path = NULL;
	struct mf_mana_catalogue *cat = NULL;
	char *text = NULL;
	size_t len;
	int status = mf_cli_parse(&command, argc, argv, v, &path);

	if (status != MF_CLI_GO_ON)
		return status;
	status = 2;
	cat = mf_cli_load_lands(v[OPT_LANDS].text);
	if (!cat)
		goto out;
	text = mf_cli_read_all(path, &len);
	if (!text)
		goto out;
	status = v[OPT_JSON].number ? solve_json_lines(text, len, cat)
				    : solve_contest(text, len, cat);
out:
	free(text);
	mf_mana_catalogue_free(cat);
	return status;
}
