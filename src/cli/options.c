/* The options of a subcommand, read by its table (options.h). */
#include "cli/options.h"

#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* getopt_long's value for option i of a table: past every char. */
#define OPT_BASE 256

int mf_cli_parse_number(const char *text, unsigned long long min, unsigned long long max,
			unsigned long long *out)
{
	unsigned long long v = 0;

	if (!text || !*text)
		return -1;
	for (const char *p = text; *p; p++) {
		unsigned digit;

		if (*p < '0' || *p > '9')
			return -1;
		digit = (unsigned)(*p - '0');
		if (v > (ULLONG_MAX - digit) / 10)
			return -1;
		v = v * 10 + digit;
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* The units a byte count may end with: the binary suffixes of Kubernetes
 * quantities (Ki, as `memory: 128Mi` in a manifest), the same with B (KiB,
 * as operators write them), and Kubernetes' decimal ones (k, M, G, T).
 * Case counts, as in Kubernetes. */
static const struct {
	const char *suffix;
	unsigned long long factor;
} size_units[] = {
	{ "Ki", 1ull << 10 }, { "Mi", 1ull << 20 }, { "Gi", 1ull << 30 }, { "Ti", 1ull << 40 },
	{ "KiB", 1ull << 10 }, { "MiB", 1ull << 20 }, { "GiB", 1ull << 30 }, { "TiB", 1ull << 40 },
	{ "k", 1000ull }, { "M", 1000000ull }, { "G", 1000000000ull }, { "T", 1000000000000ull },
};

#define SIZE_DIGITS_MAX 64  /* digits before a unit: more are refused */

int mf_cli_parse_size(const char *text, unsigned long long min, unsigned long long max,
		      unsigned long long *out)
{
	char digits[SIZE_DIGITS_MAX + 1];
	size_t n = text ? strspn(text, "0123456789") : 0;
	unsigned long long v;

	if (!text || !text[n])
		return mf_cli_parse_number(text, min, max, out);
	if (n == 0 || n > SIZE_DIGITS_MAX)
		return -1;
	memcpy(digits, text, n);
	digits[n] = '\0';
	for (size_t i = 0; i < sizeof(size_units) / sizeof(size_units[0]); i++) {
		if (strcmp(text + n, size_units[i].suffix) != 0)
			continue;
		if (mf_cli_parse_number(digits, 0, ULLONG_MAX / size_units[i].factor, &v))
			return -1;
		v *= size_units[i].factor;
		if (v < min || v > max)
			return -1;
		*out = v;
		return 0;
	}
	return -1;
}

/* The largest value o may take: its max, or less when its kind's C type
 * cannot hold that. */
static unsigned long long kind_max(const struct mf_cli_option *o)
{
	unsigned long long cap = o->kind == MF_CLI_SIZE ? (unsigned long long)SIZE_MAX : UINT_MAX;

	return o->max < cap ? o->max : cap;
}

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

/*
 * Sets values[i] from text, a flag's value (from MF_CLI_FROM_FLAG: NULL for
 * a flag without one) or a variable's (MF_CLI_FROM_ENV). Returns 0, or 2
 * after printing on stderr why text is refused, naming the flag or the
 * variable and what it accepts.
 */
static int take_value(const struct mf_cli_command *cmd, size_t i, const char *text,
		      enum mf_cli_source from, struct mf_cli_value *values)
{
	const struct mf_cli_option *o = &cmd->options[i];
	struct mf_cli_value *v = &values[i];
	const char *dashes = from == MF_CLI_FROM_FLAG ? "--" : "";
	const char *what = from == MF_CLI_FROM_FLAG ? o->name : o->env;
	int word;

	switch (o->kind) {
	case MF_CLI_FLAG:
		word = from == MF_CLI_FROM_FLAG ? o->on : parse_switch(text);
		if (word < 0) {
			fprintf(stderr, "manaflow %s: %s must be 1, true, on or yes, or 0, false, off "
				"or no, not \"%s\"\n", cmd->name, what, text);
			return 2;
		}
		v->number = (unsigned long long)word;
		break;
	case MF_CLI_STRING:
		v->text = text;
		break;
	case MF_CLI_UNSIGNED:
		if (mf_cli_parse_number(text, o->min, kind_max(o), &v->number)) {
			fprintf(stderr, "manaflow %s: %s%s must be a whole number from %llu to %llu, "
				"not \"%s\"\n", cmd->name, dashes, what, o->min, kind_max(o), text);
			return 2;
		}
		break;
	case MF_CLI_SIZE:
		if (mf_cli_parse_size(text, o->min, kind_max(o), &v->number)) {
			fprintf(stderr, "manaflow %s: %s%s must be a byte count from %llu to %llu "
				"(digits, maybe followed by Ki, Mi, Gi, Ti, KiB, MiB, GiB, TiB, k, M, "
				"G or T), not \"%s\"\n", cmd->name, dashes, what, o->min, kind_max(o),
				text);
			return 2;
		}
		break;
	}
	v->from = from;
	return 0;
}

/* Fills values with the defaults of cmd's options. */
static void set_defaults(const struct mf_cli_command *cmd, struct mf_cli_value *values)
{
	for (size_t i = 0; i < cmd->n_options; i++) {
		const struct mf_cli_option *o = &cmd->options[i];

		values[i].from = MF_CLI_FROM_DEFAULT;
		values[i].text = o->kind == MF_CLI_STRING ? o->def_value : NULL;
		if (o->kind == MF_CLI_FLAG)
			values[i].number = !o->on;
		else
			values[i].number = o->def_fn ? o->def_fn() : o->def;
	}
}

/* Prints "manaflow CMD: " what (three pieces, any of them "") on stderr,
 * then the help; returns 2, the status of bad usage. */
static int usage_error(const struct mf_cli_command *cmd, const char *a, const char *b,
		       const char *c)
{
	fprintf(stderr, "manaflow %s: %s%s%s\n", cmd->name, a, b, c);
	mf_cli_print_help(cmd, stderr);
	return 2;
}

/* The usage error for what getopt_long refused ('?'): an unknown option,
 * or a value given to a flag that takes none. Returns 2. */
static int refused_option(const struct mf_cli_command *cmd, char **argv)
{
	const char *arg = argv[optind - 1];
	char short_opt[3] = { '-', (char)optopt, '\0' };

	if (strncmp(arg, "--", 2) != 0)
		return usage_error(cmd, "unknown option ", short_opt, "");
	if (optopt != 0)
		return usage_error(cmd, arg, ": this option takes no value", "");
	return usage_error(cmd, "unknown option ", arg, "");
}

/*
 * Whether the long option getopt_long just matched (longopts[idx]) was
 * written in full: getopt_long also takes a unique prefix ("--po 80"),
 * which these commands never did, and which a new option could later make
 * ambiguous. On a mismatch *written gets the text as written.
 */
static bool written_in_full(const struct option *opt, char **argv, const char **written)
{
	const char *arg = argv[optind - 1];
	size_t len = strlen(opt->name);

	/* "--name VALUE" leaves optind past the value, "--name=VALUE" not. */
	if (optarg && optarg == arg)
		arg = argv[optind - 2];
	*written = arg;
	return strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, opt->name, len) == 0 &&
	       (arg[2 + len] == '\0' || arg[2 + len] == '=');
}

/* Takes arg as the operand: returns 0 with *got set, or 2 when cmd takes
 * none or already has one. */
static int take_operand(const struct mf_cli_command *cmd, const char *arg, const char **got)
{
	if (!cmd->operand)
		return usage_error(cmd, "unexpected argument \"", arg, "\"");
	if (*got)
		return usage_error(cmd, "one input file at most", "", "");
	*got = arg;
	return 0;
}

/* Reads the variables of the options no flag set. Returns 0, or 2 after
 * printing why a variable's value is refused. */
static int read_environment(const struct mf_cli_command *cmd, struct mf_cli_value *values)
{
	for (size_t i = 0; i < cmd->n_options; i++) {
		const char *env = cmd->options[i].env;
		const char *text = env && values[i].from != MF_CLI_FROM_FLAG ? getenv(env) : NULL;

		if (text && *text && take_value(cmd, i, text, MF_CLI_FROM_ENV, values))
			return 2;
	}
	return 0;
}

int mf_cli_parse(const struct mf_cli_command *cmd, int argc, char **argv,
		 struct mf_cli_value *values, const char **operand)
{
	struct option longopts[MF_CLI_OPTIONS_MAX + 2];
	const char *got = NULL, *written;
	int c, idx = -1;

	if (cmd->n_options > MF_CLI_OPTIONS_MAX) {
		fprintf(stderr, "manaflow %s: its option table is too long\n", cmd->name);
		return 2;
	}
	set_defaults(cmd, values);
	for (size_t i = 0; i < cmd->n_options; i++)
		longopts[i] = (struct option){
			.name = cmd->options[i].name,
			.has_arg = cmd->options[i].kind == MF_CLI_FLAG ? no_argument
								     : required_argument,
			.val = OPT_BASE + (int)i,
		};
	longopts[cmd->n_options] = (struct option){ .name = "help", .val = 'h' };
	longopts[cmd->n_options + 1] = (struct option){ 0 };

	/* "-": operands come back in order as 1, so options may follow them
	 * whatever POSIXLY_CORRECT says; ":": a missing value is ':', not '?'.
	 * optind 0 makes glibc start afresh, opterr 0 keeps it quiet. */
	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, "-:h", longopts, &idx)) != -1) {
		if (idx >= 0 && c != '?' && c != ':' && !written_in_full(&longopts[idx], argv, &written))
			return usage_error(cmd, "unknown option ", written, "");
		idx = -1;
		if (c == 'h') {
			mf_cli_print_help(cmd, stdout);
			return 0;
		}
		if (c == '?')
			return refused_option(cmd, argv);
		if (c == ':')
			return usage_error(cmd, argv[optind - 1], " needs a value", "");
		if (c == 1 ? take_operand(cmd, optarg, &got)
			   : take_value(cmd, (size_t)(c - OPT_BASE), optarg, MF_CLI_FROM_FLAG, values))
			return 2;
	}
	/* After "--" every argument is an operand. */
	for (; optind < argc; optind++)
		if (take_operand(cmd, argv[optind], &got))
			return 2;
	if (read_environment(cmd, values))
		return 2;
	if (operand)
		*operand = got;
	return MF_CLI_GO_ON;
}
