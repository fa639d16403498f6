/* Shared plumbing of the `manaflow` subcommands. */
#ifndef MF_CLI_IO_H
#define MF_CLI_IO_H

#include <stdio.h>
#include <stddef.h>

#include "api/api.h"
#include "cli/options.h"

#define MF_CLI_INPUT_MAX (256u << 20)  /* bytes a command reads from one input */

/* Reads all of path ("-" or NULL: stdin) into a new NUL-terminated buffer
 * the caller frees; *len excludes the NUL. On failure prints
 * "manaflow: PATH: reason" on stderr and returns NULL. */
char *mf_cli_read_all(const char *path, size_t *len);

/* Why mf_cli_lands_open() found no catalogue. */
struct mf_cli_lands_error {
	const char *path;   /* the file (borrowed from the caller), or the built-in one's name */
	size_t line;        /* the line refused, from 1; 0: the file could not be read */
	char reason[256];   /* one sentence */
};

/* Loads the land catalogue from path (borrowed), or the built-in one when
 * path is NULL, into a new catalogue the caller frees with
 * mf_mana_catalogue_free(). On failure returns NULL with *err filled.
 * Prints nothing. */
struct mf_mana_catalogue *mf_cli_lands_open(const char *path, struct mf_cli_lands_error *err);

/* As mf_cli_lands_open(), but on failure prints "FILE:LINE: reason" (or
 * "manaflow: FILE: reason" for a file it could not read) on stderr. */
struct mf_mana_catalogue *mf_cli_load_lands(const char *path);

/* Prints {"error":{"status":..,"title":..,"detail":..,"pointer":..}} and a
 * newline to f. */
void mf_cli_print_error(FILE *f, const struct mf_api_error *err);

/* Runs handler on the JSON document text (len bytes, NUL-terminated) and
 * prints its answer and a newline on stdout, or the error object. Returns
 * 0 answered, 1 refused. */
int mf_cli_answer(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		  size_t len);

/* The option of a JSON command: --lands FILE, listed in its help with
 * help_text, or unlisted when help_text is NULL. */
#define MF_CLI_LANDS_OPTION(help_text)                                              \
	{ .name = "lands", .kind = MF_CLI_STRING, .arg = "FILE", .def_text = "built in", \
	  .help = (help_text) }

/*
 * A whole JSON-in, JSON-out command: `NAME [--lands FILE] [FILE]` (stdin
 * when no FILE or "-"), read by cmd, whose table is the one option
 * MF_CLI_LANDS_OPTION. Runs handler on the document and prints its answer,
 * or the error object. Returns the exit status: 0 answered (or --help),
 * 1 bad input, 2 bad usage or unreadable file.
 */
int mf_cli_json_command(const struct mf_cli_command *cmd, int argc, char **argv,
			mf_api_handler handler);

/* True when arg is -h or --help. */
int mf_cli_is_help(const char *arg);

#endif
