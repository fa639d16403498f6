/* `manaflow colors`: a deck's colours by taw's rule, JSON in and out. */
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "api/adapt_deck.h"

/* --lands is not listed: colors reads no catalogue, but took the option
 * (and checked the file) before the option tables, so it still does. */
static const struct mf_cli_option options[] = { MF_CLI_LANDS_OPTION(NULL) };

static const struct mf_cli_command command = {
	.name = "colors",
	.operand = "[FILE]",
	.intro =
	"Which colours is this deck? Reads one JSON document from FILE (default:\n"
	"stdin), the body of POST /v1/deck/colors:\n"
	"  {\"cards\":[{\"name\":..,\"mana_cost\":..,\"type_line\":..,\"oracle_text\":..,\n"
	"             \"card_faces\":[..],\"count\":N,\"zone\":\"main\"|\"sideboard\"}, ...]}\n"
	"(Scryfall card objects; their other fields are ignored), and prints\n"
	"  {\"colors\":[..],\"produces\":[..],\"uses\":[..],\"cards\":[{\"name\",\"produces\",\"uses\"},..]}\n"
	"A colour counts when some card makes it and some card spends it.\n"
	"Bad input prints {\"error\":{...}} with a JSON pointer and exits 1;\n"
	"an unreadable file or bad usage exits 2.\n",
	.options = options,
	.n_options = 1,
};

int mf_cli_cmd_colors(int argc, char **argv)
{
	return mf_cli_json_command(&command, argc, argv, mf_api_deck_colors);
}
