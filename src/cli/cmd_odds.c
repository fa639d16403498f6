/* `manaflow odds` and `manaflow sources`: castability odds by turn and
 * Karsten's table, JSON in and out (docs/odds.md). */
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "api/adapt_odds.h"

static const char odds_usage[] =
	"usage: manaflow odds [--lands FILE] [FILE|-]\n"
	"\n"
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
	"an unreadable file or bad usage exits 2.\n"
	"\n"
	"  --lands FILE  a land catalogue instead of the built-in one.\n"
	"  -h, --help    this text.\n";

static const char sources_usage[] =
	"usage: manaflow sources [FILE|-]\n"
	"\n"
	"Karsten's table: how many coloured sources does a deck need? Reads one\n"
	"JSON document from FILE (default or -: stdin), the body of\n"
	"POST /v1/mana/sources:\n"
	"  {\"size\":60,\"lands\":25,\"policy\":\"karsten2022\",\"on\":\"play\",\"target\":0.9}\n"
	"and prints, for each cost of 1-4 pips of one colour and mana value 1-7\n"
	"(paris2013: 1-3 pips on turns 1-7), the fewest coloured sources whose\n"
	"p_castable_given_lands reaches the target (default: Karsten's, 89% + the\n"
	"turn for karsten2022 and karsten2020, else 90%), and that probability.\n"
	"Bad input prints {\"error\":{...}} and exits 1; bad usage exits 2.\n"
	"\n"
	"  -h, --help    this text.\n";

int mf_cli_cmd_odds(int argc, char **argv)
{
	return mf_cli_json_command(argc, argv, odds_usage, mf_api_mana_odds);
}

int mf_cli_cmd_sources(int argc, char **argv)
{
	return mf_cli_json_command(argc, argv, sources_usage, mf_api_mana_sources);
}
