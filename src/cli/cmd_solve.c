/* `manaflow solve`: the contest's input format, or JSON lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/contest_input.h"
#include "api/adapt_mana.h"

static const char usage[] =
	"usage: manaflow solve [--json] [--lands FILE] [FILE]\n"
	"\n"
	"Can these lands pay this cost without dying? Reads FILE (default: stdin).\n"
	"\n"
	"  (default)     the IPSC 2016 M input format; prints YES or NO per test case.\n"
	"                A malformed input stops with \"line N: reason\" on stderr, exit 1;\n"
	"                so do a cost with {X} (the format has no x: use --json) and any\n"
	"                text but blank lines after the last declared test case.\n"
	"  --json        one JSON query a line:\n"
	"                {\"battlefield\":[names],\"library\":[names],\"life\":N,\"cost\":\"2WWU\"}\n"
	"                (a land may also be a Scryfall card object, read from its text)\n"
	"                and one JSON result a line: castable, min_life_paid, life_left, plan.\n"
	"                A bad line prints {\"error\":{...}} and the run goes on (exit 1 at the end).\n"
	"  --lands FILE  use this catalogue (m_lands.txt format) instead of the built-in one.\n"
	"  -h, --help    this text.\n";

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

static int solve_json_lines(char *text, size_t len, const struct mf_mana_catalogue *cat)
{
	struct mf_api_ctx ctx = { .lands = cat };
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
	const char *path = NULL, *lands = NULL;
	struct mf_mana_catalogue *cat = NULL;
	char *text = NULL;
	size_t len;
	int json = 0, status = 2;

	for (int i = 1; i < argc; i++) {
		if (mf_cli_is_help(argv[i])) {
			fputs(usage, stdout);
			return 0;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if (strcmp(argv[i], "--lands") == 0 && i + 1 < argc) {
			lands = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "manaflow solve: unknown option %s\n%s", argv[i], usage);
			return 2;
		} else if (!path) {
			path = argv[i];
		} else {
			fprintf(stderr, "manaflow solve: one input file at most\n%s", usage);
			return 2;
		}
	}
	cat = mf_cli_load_lands(lands);
	if (!cat)
		goto out;
	text = mf_cli_read_all(path, &len);
	if (!text)
		goto out;
	status = json ? solve_json_lines(text, len, cat) : solve_contest(text, len, cat);
out:
	free(text);
	mf_mana_catalogue_free(cat);
	return status;
}
