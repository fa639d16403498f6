/* `manaflow combat`: the defender's optimal blocks, JSON in and out. */
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "api/adapt_combat.h"

/* --lands is not listed: combat reads no catalogue, but took the option
 * (and checked the file) before the option tables, so it still does. */
static const struct mf_cli_option options[] = { MF_CLI_LANDS_OPTION(NULL) };

static const struct mf_cli_command command = {
	.name = "combat",
	.operand = "[FILE]",
	.intro =
	"How should the defending player block? Reads one JSON document from FILE\n"
	"(default: stdin), the body of POST /v1/combat/blocks:\n"
	"  {\"attackers\":[[P,T],...],\"defenders\":[[P,T],...]}\n"
	"(a creature may also be {\"power\":P,\"toughness\":T}; at most 16 a side,\n"
	"power 0..1000, toughness 1..1000), and prints\n"
	"  {\"blocks\":[[defender,attacker],...],\"score\":S,\"damage_to_player\":N,\n"
	"   \"destroyed\":{\"attackers\":[..],\"defenders\":[..]}}\n"
	"with 0-based indexes: the blocks that maximise the defender's score when\n"
	"the attacker splits its damage to minimise it. Among equal scores: the\n"
	"fewest blocks, then the smallest block vector from defender 0 up (not\n"
	"blocking first, then attacker 0, 1, ...).\n"
	"Bad input prints {\"error\":{...}} with a JSON pointer and exits 1;\n"
	"an unreadable file or bad usage exits 2.\n",
	.options = options,
	.n_options = 1,
};

int mf_cli_cmd_combat(int argc, char **argv)
{
	return mf_cli_json_command(&command, argc, argv, mf_api_combat_blocks);
}
