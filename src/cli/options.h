/*
 * The options of every `manaflow` subcommand, read from one table per
 * command: getopt_long reads the flags, then an option no flag set takes its
 * environment variable (where it has one), else its default. The same table
 * writes the command's --help. Every number goes through one parser that
 * takes plain decimal digits only; a byte count may add a unit after them.
 */
#ifndef MF_CLI_OPTIONS_H
#define MF_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define MF_CLI_OPTIONS_MAX 32  /* options one command may declare */

/* What an option's value is. */
enum mf_cli_kind {
	MF_CLI_FLAG,      /* no value: given, it sets the option to .on */
	MF_CLI_UNSIGNED,  /* a whole number in [min, max] that fits an unsigned */
	MF_CLI_SIZE,      /* a byte count in [min, max] that fits a size_t, in bytes or
			   * with a unit (mf_cli_parse_size) */
	MF_CLI_STRING,    /* any text, not copied */
};

/* Where an option's value came from. */
enum mf_cli_source {
	MF_CLI_FROM_DEFAULT,
	MF_CLI_FROM_ENV,
	MF_CLI_FROM_FLAG,
};

/*
 * One option of a command. A flag's variable takes the usual words for on
 * and off, in any case: 1, true, on, yes or 0, false, off, no.
 */
struct mf_cli_option {
	const char *name;     /* the long name without its dashes: "port" */
	enum mf_cli_kind kind;
	const char *arg;      /* the value's name in --help: N, S, BYTES, FILE */
	unsigned long long min, max;  /* numbers: the accepted range */
	unsigned long long def;       /* numbers: the default */
	unsigned long long (*def_fn)(void);  /* numbers: a default known at run time */
	const char *def_value;  /* strings: the default value (NULL: none) */
	const char *def_text;   /* the default as --help writes it, when not the value */
	bool on;                /* flags: the value when the flag is given */
	const char *env;        /* the variable read when no flag is given, or NULL */
	const char *help;       /* one sentence for --help ('\n' breaks it); NULL: unlisted */
};

/* A command: its name, its operand, its prose and its options. */
struct mf_cli_command {
	const char *name;       /* "serve": messages read "manaflow serve: ..." */
	const char *operand;    /* the operand in the usage line, "[FILE]"; NULL: none taken */
	const char *intro;      /* prose between the usage line and the options, or NULL */
	const char *outro;      /* prose after the options, or NULL */
	const struct mf_cli_option *options;
	size_t n_options;       /* at most MF_CLI_OPTIONS_MAX */
};

/* An option's value after parsing. */
struct mf_cli_value {
	unsigned long long number;  /* flags: the setting, 1 on or 0 off (a --no-... flag
				     * given is 0); numbers: the value */
	const char *text;           /* strings: argv's or environ's text (not owned), or def_value */
	enum mf_cli_source from;
};

/* mf_cli_parse's answer when the command should go on. */
#define MF_CLI_GO_ON (-1)

/*
 * Reads argv (argv[0] is the command's name; argv may be permuted) by
 * cmd's table into values[0 .. cmd->n_options - 1], index for index (values
 * may be NULL when cmd has no options): a flag
 * wins, then the option's variable when it is set and not empty (a variable
 * a flag overrides is not read), then the default. *operand (may be NULL
 * when cmd takes none) gets the one operand, or NULL when there is none; it
 * points into argv. Strings are not copied.
 *
 * Returns MF_CLI_GO_ON, or the exit status the command must return at once:
 * 0 after printing --help on stdout, 2 after printing one line on stderr for
 * a bad value ("manaflow CMD: --port must be a whole number from 0 to 65535,
 * not "80x"") or, followed by the help, for an unknown option, a missing
 * value or an extra operand. values is then partly filled: do not read it.
 */
int mf_cli_parse(const struct mf_cli_command *cmd, int argc, char **argv,
		 struct mf_cli_value *values, const char **operand);

/*
 * Reads text as a whole number from min to max: one or more decimal digits
 * and nothing else (no sign, no space, no suffix; leading zeros are
 * allowed). Returns 0 with *out set, or -1 for anything else (empty text,
 * another character, a value past max or below min, an overflow), leaving
 * *out as it was. Prints nothing.
 */
int mf_cli_parse_number(const char *text, unsigned long long min, unsigned long long max,
			unsigned long long *out);

/*
 * Reads text as a byte count from min to max: what mf_cli_parse_number
 * takes, or its digits (at most 64) followed at once by one unit, case
 * as written: Ki, Mi, Gi, Ti (Kubernetes' binary suffixes: 2^10 ... 2^40),
 * KiB, MiB, GiB, TiB (the same), or k, M, G, T (Kubernetes' decimal ones:
 * 10^3 ... 10^12). "64Mi" and "64MiB" are 67108864, "64M" 64000000. The
 * digits go through mf_cli_parse_number. Returns 0 with *out set, or -1
 * for anything else (another unit, a space, a fraction, a product past
 * ULLONG_MAX or outside [min, max]), leaving *out as it was. Prints
 * nothing.
 */
int mf_cli_parse_size(const char *text, unsigned long long min, unsigned long long max,
		      unsigned long long *out);

/*
 * Writes cmd's help on f: the usage line ("usage: manaflow NAME", each
 * listed option in brackets, the operand; wrapped), the intro, one entry per listed option (its flag, its variable, its help, its
 * default and its range; long ones wrapped), "-h, --help", then the outro.
 * Write errors are left in f's error indicator.
 */
void mf_cli_print_help(const struct mf_cli_command *cmd, FILE *f);

#endif
