/* `manaflow report`: a whole deck's mana report, JSON in and out, the body
 * and answer of POST /v1/deck/report (docs/api.md, "The deck report"). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cards_file.h"
#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "api/adapt_report.h"
#include "http/router.h"
#include "manaflow/report.h"

enum { OPT_LANDS, OPT_CARDS, OPT_DECKLIST, OPT_COUNT };

static const struct mf_cli_option report_options[OPT_COUNT] = {
	[OPT_LANDS] = MF_CLI_LANDS_OPTION("a land catalogue (m_lands.txt format) instead of the "
					  "built-in one"),
	[OPT_CARDS] = { "cards", MF_CLI_STRING, "FILE", .def_text = "none",
		.env = "MANAFLOW_CARDS",
		.help = "card database deck lists are resolved against: Scryfall's bulk "
			"\"Oracle Cards\" JSON file, read by the same loader as serve's" },
	[OPT_DECKLIST] = { "decklist", MF_CLI_STRING, "FILE", .def_text = "none",
		.help = "read a plain deck-list text file instead of a JSON document: the "
			"same as {\"decklist\":\"...its text...\"}" },
};

static const struct mf_cli_command report_command = {
	.name = "report",
	.operand = "[FILE|-]",
	.intro =
	"What does this deck's mana do? Reads FILE (default or -: stdin): the JSON\n"
	"body of POST /v1/deck/report,\n"
	"  {\"decklist\":\"4 Llanowar Elves\\n20 Forest\\n...\",\"on\":\"play\"}\n"
	"or {\"cards\":[{Scryfall card object, \"count\":4, \"zone\":\"main\"},...]},\n"
	"or a deck list as it is exported (any text that does not start with '{'),\n"
	"and prints each spell's odds on the turn of its mana value, each colour's\n"
	"sources against Karsten's table, and the land swaps that help most.\n"
	"Deck-list names are resolved against the land catalogue and, with --cards,\n"
	"the card database (every card but a land needs it); names it lacks answer\n"
	"unknown-cards. tests/data/cards-sample.json is a small one to try.\n"
	"Bad input prints {\"error\":{...}} with a JSON pointer and exits 1;\n"
	"an unreadable file or bad usage exits 2.\n",
	.options = report_options,
	.n_options = OPT_COUNT,
};

/* The card database --cards names (NULL for none) into *out; 0, or -1
 * after saying why on stderr. */
static int load_cards(const char *path, struct mf_card_db **out)
{
	struct mf_cli_cards_load load;

	*out = NULL;
	if (!path || !*path)
		return 0;
	*out = mf_cli_cards_open(path, &load);
	if (*out)
		return 0;
	if (load.has_offset)
		fprintf(stderr, "manaflow report: %s: byte %zu: %s\n", path, load.offset, load.reason);
	else
		fprintf(stderr, "manaflow report: %s: %s\n", path, load.reason);
	return -1;
}

/* Whether text (len bytes) is a JSON document: its first byte past a
 * byte order mark and blanks is '{'. A deck list never starts so. */
static bool is_json(const char *text, size_t len)
{
	size_t i = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
		i++;
	return i < len && text[i] == '{';
}

/* The request body: FILE's JSON; or the deck list of --decklist, or of a
 * FILE that is no JSON document, as {"decklist":...}. NULL after saying
 * why on stderr. */
static char *read_body(const char *path, const char *decklist, size_t *len)
{
	cJSON *doc;
	char *text, *body;

	text = mf_cli_read_all(decklist ? decklist : path, len);
	if (!text || (!decklist && is_json(text, *len)))
		return text;
	doc = cJSON_CreateObject();
	body = doc && cJSON_AddStringToObject(doc, "decklist", text) ?
	       cJSON_PrintUnformatted(doc) : NULL;
	cJSON_Delete(doc);
	free(text);
	if (!body) {
		fputs("manaflow report: out of memory\n", stderr);
		return NULL;
	}
	*len = strlen(body);
	return body;
}

int mf_cli_cmd_report(int argc, char **argv)
{
	struct mf_cli_value v[OPT_COUNT];
	struct mf_api_ctx ctx = { 0 };
	struct mf_mana_catalogue *cat = NULL;
	struct mf_card_db *cards = NULL;
	const char *path = NULL;
	char *text = NULL;
	size_t len;
	int status = mf_cli_parse(&report_command, argc, argv, v, &path);

	if (status != MF_CLI_GO_ON)
		return status;
	status = 2;
	if (path && v[OPT_DECKLIST].text) {
		fputs("manaflow report: give FILE or --decklist FILE, not both\n", stderr);
		return 2;
	}
	cat = mf_cli_load_lands(v[OPT_LANDS].text);
	if (!cat || load_cards(v[OPT_CARDS].text, &cards))
		goto out;
	ctx.lands = cat;
	ctx.cards = cards;
	ctx.lands_listing = MF_ROUTER_LANDS_LISTING;  /* answers as the server would */
	ctx.sources_listing = MF_ROUTER_SOURCES_LISTING;
	ctx.cards_option = "manaflow report --cards FILE";
	ctx.lanes = MF_REPORT_LANES_MAX;  /* one command, the machine to itself */
	text = read_body(path, v[OPT_DECKLIST].text, &len);
	if (!text)
		goto out;
	status = mf_cli_answer(mf_api_deck_report, &ctx, text, len);
out:
	free(text);
	mf_card_db_free(cards);
	mf_mana_catalogue_free(cat);
	return status;
}
