#include "cli/cli_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "http/router.h"
#include "http/status.h"
#include "manaflow/common.h"

/* Reads all of path ("-" or NULL: stdin) as mf_cli_read_all() does, but
 * prints nothing: on failure returns NULL with why[0..cap) saying why
 * (strerror's words, or "input larger than N bytes", "out of memory",
 * "read error"). */
static char *read_all(const char *path, size_t *len, char *why, size_t cap)
{
	int from_stdin = !path || strcmp(path, "-") == 0;
	FILE *f = from_stdin ? stdin : fopen(path, "rb");
	struct mf_buf in;
	char chunk[1 << 16];
	size_t got;
	char *text = NULL;

	if (!f) {
		snprintf(why, cap, "%s", strerror(errno));
		return NULL;
	}
	mf_buf_init(&in, MF_CLI_INPUT_MAX);
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		if (mf_buf_add(&in, chunk, got))
			break;
	if (mf_buf_error(&in) == MF_ERR_LIMIT)
		snprintf(why, cap, "input larger than %u bytes", MF_CLI_INPUT_MAX);
	else if (mf_buf_error(&in))
		snprintf(why, cap, "out of memory");
	else if (ferror(f))
		snprintf(why, cap, "read error");
	else
		text = mf_buf_take(&in, len);
	mf_buf_free(&in);
	if (!from_stdin)
		fclose(f);
	return text;
}

char *mf_cli_read_all(const char *path, size_t *len)
{
	int from_stdin = !path || strcmp(path, "-") == 0;
	char why[128];
	char *text = read_all(path, len, why, sizeof(why));

	if (!text)
		fprintf(stderr, "manaflow: %s: %s\n", from_stdin ? "stdin" : path, why);
	return text;
}

struct mf_mana_catalogue *mf_cli_lands_open(const char *path, struct mf_cli_lands_error *err)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error perr;
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (!path) {
		rc = mf_mana_catalogue_builtin(&cat, &perr);
		err->path = "data/lands.txt (built in)";
	} else {
		err->path = path;
		text = read_all(path, &len, err->reason, sizeof(err->reason));
		if (!text) {
			err->path = strcmp(path, "-") == 0 ? "stdin" : path;
			err->line = 0;
			return NULL;
		}
		rc = mf_mana_catalogue_parse(text, len, &cat, &perr);
	}
	free(text);
	if (rc) {
		err->line = perr.line;
		snprintf(err->reason, sizeof(err->reason), "%s", perr.reason);
		return NULL;
	}
	return cat;
}

struct mf_mana_catalogue *mf_cli_load_lands(const char *path)
{
	struct mf_cli_lands_error err;
	struct mf_mana_catalogue *cat = mf_cli_lands_open(path, &err);

	if (cat)
		return cat;
	if (err.line)
		fprintf(stderr, "%s:%zu: %s\n", err.path, err.line, err.reason);
	else
		fprintf(stderr, "manaflow: %s: %s\n", err.path, err.reason);
	return NULL;
}

void mf_cli_print_error(FILE *f, const struct mf_api_error *err)
{
	struct mf_buf out;

	/* the server's bound holds for the CLI's object too: no "type" */
	mf_buf_init(&out, MF_HTTP_PROBLEM_MAX);
	if (mf_problem_render(err, mf_http_problem_status(err->problem), MF_PROBLEM_ERROR,
			      &out) == 0)
		fprintf(f, "%s\n", mf_buf_ptr(&out));
	else
		fputs("{\"error\":{\"status\":500,\"title\":\"Out of memory\","
		      "\"detail\":\"out of memory\"}}\n", f);
	mf_buf_free(&out);
}

int mf_cli_answer(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		  size_t len)
{
	struct mf_api_error err;
	struct mf_buf out;
	int status = 0;

	mf_buf_init(&out, MF_CLI_INPUT_MAX);
	if (mf_api_answer(handler, ctx, text, len, &out, &err) == 0) {
		fwrite(mf_buf_ptr(&out), 1, mf_buf_len(&out), stdout);
		fputc('\n', stdout);
	} else {
		mf_cli_print_error(stdout, &err);
		status = 1;
	}
	mf_buf_free(&out);
	return status;
}

int mf_cli_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int mf_cli_json_command(const struct mf_cli_command *cmd, int argc, char **argv,
			mf_api_handler handler)
{
	struct mf_cli_value lands;
	const char *path = NULL;
	struct mf_api_ctx ctx = { 0 };
	struct mf_mana_catalogue *cat = NULL;
	char *text = NULL;
	size_t len;
	int status = mf_cli_parse(cmd, argc, argv, &lands, &path);

	if (status != MF_CLI_GO_ON)
		return status;
	status = 2;
	cat = mf_cli_load_lands(lands.text);
	if (!cat)
		goto out;
	ctx.lands = cat;
	ctx.lands_listing = MF_ROUTER_LANDS_LISTING;  /* answers as the server would */
	ctx.sources_listing = MF_ROUTER_SOURCES_LISTING;
	text = mf_cli_read_all(path, &len);
	if (!text)
		goto out;
	status = mf_cli_answer(handler, &ctx, text, len);
out:
	free(text);
	mf_mana_catalogue_free(cat);
	return status;
}
