/* The `manaflow` subcommands: each takes argv with argv[0] = its own name
 * and returns the process exit status. */
#ifndef MF_CLI_COMMANDS_H
#define MF_CLI_COMMANDS_H

int mf_cli_cmd_serve(int argc, char **argv);
int mf_cli_cmd_solve(int argc, char **argv);
int mf_cli_cmd_healthcheck(int argc, char **argv);
int mf_cli_cmd_colors(int argc, char **argv);
int mf_cli_cmd_combat(int argc, char **argv);
int mf_cli_cmd_camelot(int argc, char **argv);
int mf_cli_cmd_odds(int argc, char **argv);
int mf_cli_cmd_report(int argc, char **argv);
int mf_cli_cmd_sources(int argc, char **argv);

#endif
