/* A subcommand's --help, written from its option table (options.h). */
#include <stdio.h>
#include <string.h>

#include "cli/options.h"

/* Lines end at this column, unless an entry's text would then get fewer
 * than TEXT_MIN columns (serve's variables take 26). */
#define LINE_END 80
#define TEXT_MIN 50
#define NBSP '\x1f'  /* a space wrap() does not break at */

/* Whether the help lists o. */
static int listed(const struct mf_cli_option *o)
{
	return o->help != NULL;
}

/* Writes o's flag as the usage line and the entries name it: "--port N". */
static void flag_text(const struct mf_cli_option *o, char *buf, size_t size)
{
	if (o->kind == MF_CLI_FLAG || !o->arg)
		snprintf(buf, size, "--%s", o->name);
	else
		snprintf(buf, size, "--%s %s", o->name, o->arg);
}

/* Writes o's variable as its entry shows it: the name, and for a flag the
 * word that means the same as giving the flag ("MANAFLOW_ACCESS_LOG=off"). */
static void env_text(const struct mf_cli_option *o, char *buf, size_t size)
{
	if (!o->env)
		buf[0] = '\0';
	else if (o->kind == MF_CLI_FLAG)
		snprintf(buf, size, "%s=%s", o->env, o->on ? "on" : "off");
	else
		snprintf(buf, size, "%s", o->env);
}

/* Writes n as a byte count: in the largest binary unit that divides it
 * ("64 MiB"), else in bytes. */
static void bytes_text(unsigned long long n, char *buf, size_t size)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	size_t u = 0;

	while (n >= 1024 && n % 1024 == 0 && u + 1 < sizeof(units) / sizeof(units[0])) {
		n /= 1024;
		u++;
	}
	snprintf(buf, size, "%llu %s", n, units[u]);
}

/* Writes what follows o's help: its default and its range, in brackets
 * ("(default 8080, from 0 to 65535)", "(default: built in)"), or nothing
 * when it has neither. */
static void default_text(const struct mf_cli_option *o, char *buf, size_t size)
{
	char def[64] = "", lo[32], hi[32];

	if (o->def_text)
		snprintf(def, sizeof(def), "default: %s", o->def_text);
	else if (o->kind == MF_CLI_STRING && o->def_value)
		snprintf(def, sizeof(def), "default: %s", o->def_value);
	else if (o->kind == MF_CLI_UNSIGNED || o->kind == MF_CLI_SIZE)
		snprintf(def, sizeof(def), "default %llu", o->def);
	if (o->kind == MF_CLI_SIZE) {
		bytes_text(o->min, lo, sizeof(lo));
		bytes_text(o->max, hi, sizeof(hi));
	} else {
		snprintf(lo, sizeof(lo), "%llu", o->min);
		snprintf(hi, sizeof(hi), "%llu", o->max);
	}
	if (o->kind == MF_CLI_UNSIGNED || o->kind == MF_CLI_SIZE)
		snprintf(buf, size, " (%s, from %s to %s)", def, lo, hi);
	else if (def[0])
		snprintf(buf, size, " (%s)", def);
	else
		buf[0] = '\0';
}

/* Writes text from column col on, wrapped at its spaces before end, each
 * line after the first indented to indent; a '\n' in text starts a new line,
 * and NBSP ('\x1f') is written as a space where no line breaks. Ends with a
 * newline. */
static void wrap(FILE *f, const char *text, size_t col, size_t indent, size_t end)
{
	const char *p = text;

	while (*p) {
		size_t word = strcspn(p, " \n");

		if (col > indent && col + 1 + word > end) {
			fprintf(f, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', f);
			col++;
		}
		for (size_t k = 0; k < word; k++)
			fputc(p[k] == NBSP ? ' ' : p[k], f);
		col += word;
		p += word;
		if (*p == '\n') {
			fprintf(f, "\n%*s", (int)indent, "");
			col = indent;
		}
		if (*p)
			p++;
	}
	fputc('\n', f);
}

/* "usage: manaflow NAME [--flag ARG]... OPERAND", wrapped at LINE_END. */
static void print_usage_line(const struct mf_cli_command *cmd, FILE *f)
{
	char words[MF_CLI_OPTIONS_MAX * 64 + 64] = "", item[64];
	size_t len = 0;
	int n;

	for (size_t i = 0; i < cmd->n_options && i < MF_CLI_OPTIONS_MAX; i++) {
		if (!listed(&cmd->options[i]))
			continue;
		flag_text(&cmd->options[i], item, sizeof(item));
		/* A flag and its value stay on one line. */
		for (char *s = strchr(item, ' '); s; s = strchr(s, ' '))
			*s = NBSP;
		n = snprintf(words + len, sizeof(words) - len, "%s[%s]", len ? " " : "", item);
		if (n > 0 && (size_t)n < sizeof(words) - len)
			len += (size_t)n;
	}
	if (cmd->operand)
		snprintf(words + len, sizeof(words) - len, "%s%s", len ? " " : "", cmd->operand);
	n = fprintf(f, "usage: manaflow %s", cmd->name);
	if (!words[0] || n < 0) {
		fputc('\n', f);
		return;
	}
	fputc(' ', f);
	wrap(f, words, (size_t)n + 1, (size_t)n + 1, LINE_END);
}

void mf_cli_print_help(const struct mf_cli_command *cmd, FILE *f)
{
	size_t flag_w = strlen("-h, --help"), env_w = 0;
	char flag[64], env[64], tail[160];

	print_usage_line(cmd, f);
	if (cmd->intro)
		fprintf(f, "\n%s", cmd->intro);
	fputc('\n', f);
	for (size_t i = 0; i < cmd->n_options && i < MF_CLI_OPTIONS_MAX; i++) {
		if (!listed(&cmd->options[i]))
			continue;
		flag_text(&cmd->options[i], flag, sizeof(flag));
		env_text(&cmd->options[i], env, sizeof(env));
		if (strlen(flag) > flag_w)
			flag_w = strlen(flag);
		if (strlen(env) > env_w)
			env_w = strlen(env);
	}
	for (size_t i = 0; i < cmd->n_options && i < MF_CLI_OPTIONS_MAX; i++) {
		const struct mf_cli_option *o = &cmd->options[i];
		size_t col = 2 + flag_w + 2 + (env_w ? env_w + 1 : 0);
		size_t end = col + TEXT_MIN > LINE_END ? col + TEXT_MIN : LINE_END;
		char text[1024];

		if (!listed(o))
			continue;
		flag_text(o, flag, sizeof(flag));
		env_text(o, env, sizeof(env));
		default_text(o, tail, sizeof(tail));
		snprintf(text, sizeof(text), "%s%s", o->help, tail);
		if (env_w)
			fprintf(f, "  %-*s  %-*s ", (int)flag_w, flag, (int)env_w, env);
		else
			fprintf(f, "  %-*s  ", (int)flag_w, flag);
		wrap(f, text, col, col, end);
	}
	fprintf(f, "  %-*s  %*sthis text\n", (int)flag_w, "-h, --help",
		(int)(env_w ? env_w + 1 : 0), "");
	if (cmd->outro)
		fprintf(f, "\n%s", cmd->outro);
}
