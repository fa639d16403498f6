/* `manaflow odds` and `manaflow sources`: castability odds by turn and
 * Karsten's table, JSON in and out (docs/odds.md). */
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "api/adapt_odds.h"

static const struct mf_cli_option odds_options[] = {
	MF_CLI_LANDS_OPTION("a land catalogue (m_lands.txt format) instead of the built-in one"),
};

static const struct mf_cli_command odds_command = {
	.name = "odds",
	.operand = "[FILE|-]",
	.intro =
	"How often can this deck cast these spells by their turn? Reads one JSON\n"
	"document from FILE (default or -: stdin), the body of POST /v1/mana/odds:\n"
	"  {\"size\":60,\"lands\":[{\"name\":\"Steam Vents\",\"count\":4},...],\n"
	"   \"spells\":[{\"cost\":\"{1}{R}{R}\"},{\"cost\":\"{U}\",\"turn\":2}],\n"
	"   \"on\":\"play\",\"policy\":\"karsten2022\",\"life\":20,\"method\":\"auto\"}\n"
	"and prints one result per spell: p_lands, p_castable and\n"
	"p_castable_given_lands, exact or sampled (with standard errors and 95%\n"
	"intervals). Policies: karsten2022 (default), karsten2020, paris2013, none,\n"
	"or {\"keep\":{\"7\":[2,5],\"6\":[2,4],\"5\":[2,4]},\"mulligan\":\"london\"}.\n"
	"Bad input prints {\"error\":{...}} with a JSON pointer and exits 1;\n"
	"an unreadable file or bad usage exits 2.\n",
	.options = odds_options,
	.n_options = 1,
};

/* --lands is not listed: sources reads no catalogue, but took the option
 * (and checked the file) before the option tables, so it still does. */
static const struct mf_cli_option sources_options[] = { MF_CLI_LANDS_OPTION(NULL) };

static const struct mf_cli_command sources_command = {
	.name = "sources",
	.operand = "[FILE|-]",
	.intro =
	"Karsten's table: how many coloured sources does a deck need? Reads one\n"
	"JSON document from FILE (default or -: stdin), the body of\n"
	"POST /v1/mana/sources:\n"
	"  {\"size\":60,\"lands\":25,\"policy\":\"karsten2022\",\"on\":\"play\",\"target\":0.9}\n"
	"and prints, for each cost of 1-4 pips of one colour and mana value 1-7\n"
	"(paris2013: 1-3 pips on turns 1-7), the fewest coloured sources whose\n"
	"p_castable_given_lands reaches the target (default: Karsten's, 89% + the\n"
	"turn for karsten2022 and karsten2020, else 90%), and that probability.\n"
	"Bad input prints {\"error\":{...}} and exits 1; bad usage exits 2.\n",
	.options = sources_options,
	.n_options = 1,
};

int mf_cli_cmd_odds(int argc, char **argv)
{
	return mf_cli_json_command(&odds_command, argc, argv, mf_api_mana_odds);
}

int mf_cli_cmd_sources(int argc, char **argv)
{
	return mf_cli_json_command(&sources_command, argc, argv, mf_api_mana_sources);
}
