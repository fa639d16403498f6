/* `manaflow camelot`: is each Camelot deal winnable? The SPOJ CAMELOT
 * format in, one Y or N a line out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "manaflow/camelot.h"

static const struct mf_cli_command command = {
	.name = "camelot",
	.operand = "[FILE]",
	.intro =
	"Can each Camelot solitaire deal be won? Reads FILE (default: stdin, or\n"
	"\"-\") in the SPOJ CAMELOT format: one deal a line, 52 characters from\n"
	"A234567890JQK (0 is the 10), four of each, the first card dealt first;\n"
	"a line holding \"*\" ends the input (so does the end of the file). Blank\n"
	"lines and spaces around a deal are ignored. Prints Y or N for each deal,\n"
	"one a line, as the contest expects.\n"
	"A bad deal prints \"manaflow camelot: line L, card C: reason\" on stderr\n"
	"and exits 1 (the answers before it are printed); an unreadable file or\n"
	"bad usage exits 2. POST /v1/camelot/solve also returns a winning line.\n",
};

/* Whether c is white space other than a newline. */
static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Answers one deal; returns 0, or 1 after printing why on stderr. */
static int answer_deal(const char *text, size_t len, size_t line,
		       struct mf_camelot_result *res)
{
	struct mf_camelot_deal deal;
	struct mf_camelot_parse_error err;
	int rc;

	if (mf_camelot_deal_parse(text, len, &deal, &err) != MF_OK) {
		fprintf(stderr, "manaflow camelot: line %zu, card %zu: %s\n", line,
			err.position, err.reason);
		return 1;
	}
	rc = mf_camelot_solve(&deal, NULL, res);
	if (rc != MF_OK) {
		fprintf(stderr, "manaflow camelot: line %zu: %s\n", line,
			rc == MF_ERR_LIMIT ? "the search gave up within its node budget"
					   : "out of memory");
		return 1;
	}
	fputs(res->winnable ? "Y\n" : "N\n", stdout);
	return 0;
}

int mf_cli_cmd_camelot(int argc, char **argv)
{
	const char *path = NULL;
	struct mf_camelot_result *res = NULL;
	char *text = NULL;
	size_t len, line = 0;
	int status = mf_cli_parse(&command, argc, argv, NULL, &path);

	if (status != MF_CLI_GO_ON)
		return status;
	status = 0;
	text = mf_cli_read_all(path, &len);
	if (!text)
		return 2;
	res = malloc(sizeof(*res));
	if (!res) {
		fputs("manaflow camelot: out of memory\n", stderr);
		status = 1;
		goto out;
	}
	for (const char *p = text, *end = text + len; p < end && status == 0;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *stop = eol ? eol : end, *a = p, *b = stop;

		line++;
		p = eol ? eol + 1 : end;
		while (a < b && is_space(*a))
			a++;
		while (b > a && is_space(b[-1]))
			b--;
		if (a == b)
			continue;
		if (b - a == 1 && *a == '*')
			break;
		status = answer_deal(a, (size_t)(b - a), line, res);
	}
out:
	if (fflush(stdout) != 0 && status == 0) {
		perror("manaflow camelot: stdout");
		status = 1;
	}
	free(res);
	free(text);
	return status;
}
