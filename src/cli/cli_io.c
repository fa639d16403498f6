#include "cli/cli_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *mf_cli_read_all(const char *path, size_t *len)
{
	int from_stdin = !path || strcmp(path, "-") == 0;
	FILE *f = from_stdin ? stdin : fopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	char *buf = NULL;

	if (!f) {
		fprintf(stderr, "manaflow: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n - 1, f);

		n += got;
		if (got == 0)
			break;
		if (n + 1 == cap) {
			char *grown = cap >= CLI_INPUT_MAX ? NULL : realloc(buf, cap * 2);

			if (!grown) {
				fprintf(stderr, "manaflow: %s: input larger than %u bytes\n",
					from_stdin ? "stdin" : path, CLI_INPUT_MAX);
				free(buf);
				buf = NULL;
				break;
			}
			buf = grown;
			cap *= 2;
		}
	}
	if (buf && ferror(f)) {
		fprintf(stderr, "manaflow: %s: read error\n", from_stdin ? "stdin" : path);
		free(buf);
		buf = NULL;
	}
	if (!from_stdin)
		fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = n;
	}
	return buf;
}

struct mf_mana_catalogue *mf_cli_load_lands(const char *path)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (!path) {
		rc = mf_mana_catalogue_builtin(&cat, &err);
		path = "data/lands.txt (built in)";
	} else {
		text = mf_cli_read_all(path, &len);
		if (!text)
			return NULL;
		rc = mf_mana_catalogue_parse(text, len, &cat, &err);
	}
	free(text);
	if (rc) {
		fprintf(stderr, "%s:%zu: %s\n", path, err.line, err.reason);
		return NULL;
	}
	return cat;
}

void mf_cli_print_error(FILE *f, const struct mf_api_error *err)
{
	cJSON *o = cJSON_CreateObject(), *e = cJSON_AddObjectToObject(o, "error");
	char *text;

	cJSON_AddNumberToObject(e, "status", err->status);
	cJSON_AddStringToObject(e, "title", err->title ? err->title : "Error");
	cJSON_AddStringToObject(e, "detail", err->detail);
	if (err->pointer[0])
		cJSON_AddStringToObject(e, "pointer", err->pointer);
	text = cJSON_PrintUnformatted(o);
	fprintf(f, "%s\n", text ? text : "{\"error\":{\"detail\":\"out of memory\"}}");
	cJSON_free(text);
	cJSON_Delete(o);
}

cJSON *mf_cli_parse_json(const char *text, size_t len, struct mf_api_error *err)
{
	const char *end = NULL;
	cJSON *doc;

	/* text is NUL-terminated at len: require it, so trailing bytes are errors. */
	doc = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
	if (doc)
		return doc;
	mf_api_fail(err, "", "malformed JSON at byte %zu", end && end >= text ? (size_t)(end - text) : 0);
	err->type = "malformed-json";
	err->title = "Malformed JSON";
	return NULL;
}

int mf_cli_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int mf_cli_json_command(int argc, char **argv, const char *usage, mf_api_handler handler)
{
	const char *path = NULL, *lands = NULL;
	struct mf_api_error err = { 0 };
	struct mf_api_ctx ctx = { 0 };
	struct mf_mana_catalogue *cat = NULL;
	cJSON *doc = NULL, *answer = NULL;
	char *text = NULL, *printed;
	size_t len;
	int status = 2;

	for (int i = 1; i < argc; i++) {
		if (mf_cli_is_help(argv[i])) {
			fputs(usage, stdout);
			return 0;
		} else if (strcmp(argv[i], "--lands") == 0 && i + 1 < argc) {
			lands = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "manaflow %s: unknown option %s\n%s", argv[0], argv[i], usage);
			return 2;
		} else if (!path) {
			path = argv[i];
		} else {
			fprintf(stderr, "manaflow %s: one input file at most\n%s", argv[0], usage);
			return 2;
		}
	}
	cat = mf_cli_load_lands(lands);
	if (!cat)
		goto out;
	ctx.lands = cat;
	text = mf_cli_read_all(path, &len);
	if (!text)
		goto out;
	status = 1;
	doc = mf_cli_parse_json(text, len, &err);
	if (doc)
		answer = handler(doc, &ctx, &err);
	if (!answer) {
		mf_cli_print_error(stdout, &err);
		goto out;
	}
	printed = cJSON_PrintUnformatted(answer);
	if (printed) {
		printf("%s\n", printed);
		status = 0;
	}
	cJSON_free(printed);
out:
	cJSON_Delete(answer);
	cJSON_Delete(doc);
	free(text);
	mf_mana_catalogue_free(cat);
	return status;
}
