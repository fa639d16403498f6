/* manaflow: one binary, one subcommand per job. */
#include <stdio.h>
#include <string.h>

#include "cli/cli_io.h"
#include "cli/commands.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "serve", mf_cli_cmd_serve, "run the HTTP JSON service" },
	{ "solve", mf_cli_cmd_solve, "can these lands pay this cost? (contest format or JSON lines)" },
	{ "odds", mf_cli_cmd_odds, "how often can this deck cast these spells by turn T? (JSON)" },
	{ "sources", mf_cli_cmd_sources, "Karsten's table of coloured sources for a deck (JSON)" },
	{ "report", mf_cli_cmd_report, "a deck's whole mana report: odds, sources, swaps (JSON)" },
	{ "colors", mf_cli_cmd_colors, "which colours is this deck? (Scryfall cards, JSON in and out)" },
	{ "combat", mf_cli_cmd_combat, "the defender's optimal blocks (JSON in and out)" },
	{ "camelot", mf_cli_cmd_camelot, "is this Camelot solitaire deal winnable? (SPOJ format, Y/N)" },
	{ "healthcheck", mf_cli_cmd_healthcheck, "exit 0 iff a running service answers /healthz" },
};

/* Writes the command list on f. */
static void print_usage(FILE *f)
{
	fputs("usage: manaflow COMMAND [OPTIONS] (manaflow COMMAND --help for more)\n\n", f);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].summary);
}

/* Runs the command argv[1] names with argv[1..] and returns its exit status;
 * no command or an unknown one is 2, after the command list on stderr. */
int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return 2;
	}
	if (mf_cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
		print_usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
		printf("manaflow %s\n", MANAFLOW_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "manaflow: unknown command \"%s\"\n", argv[1]);
	print_usage(stderr);
	return 2;
}
