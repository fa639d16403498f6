/* The deck report's warnings: see report_warn.h. */
#include "api/report_warn.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api/json_decode.h"
#include "api/json_text.h"

#define WARNING_TEXT_MAX 1000  /* bytes of one message */
#define NAMES_LISTED 5         /* names one message lists, then "and N more" */

void mf_api_report_warn(struct mf_api_report_build *b, const char *code, const char *fmt, ...)
{
	char msg[WARNING_TEXT_MAX + 100];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= WARNING_TEXT_MAX)
		msg[mf_json_utf8_prefix(msg, WARNING_TEXT_MAX)] = '\0';
	MF_JSON_LIT(&b->warnings, ",{\"code\":");
	mf_json_text_string(&b->warnings, code);
	MF_JSON_LIT(&b->warnings, ",\"message\":");
	mf_json_text_string(&b->warnings, msg);
	MF_JSON_LIT(&b->warnings, "}");
}

/* The commanders: guessed from MTGO's sideboard, or none in a deck of 99
 * cards or more. */
static void commander_warnings(struct mf_api_report_build *b, const struct mf_api_report_deck *d)
{
	uint32_t main = d->zone_cards[MF_DECK_ZONE_MAIN];

	if (d->commanders_guessed) {
		mf_api_report_warn(b, "commander-guessed",
				   "the deck has 99 cards, no commander named and only %s in the "
				   "sideboard, as MTGO exports a Commander deck: %s taken as the "
				   "commander%s. Name the commander to be sure: a \"Commander\" line "
				   "before it (MTG Arena, Moxfield), the category [Commander] "
				   "(Archidekt), or \"zone\":\"commander\" on its card object",
				   d->commanders_guessed == 1 ? "a legendary creature" :
				   "two legendary creatures",
				   d->commanders_guessed == 1 ? "it was" : "they were",
				   d->commanders_guessed == 1 ? "" : "s");
		return;
	}
	if (main >= 99 && !d->zone_cards[MF_DECK_ZONE_COMMANDER])
		mf_api_report_warn(b, "no-commander",
				   "%u cards in the main deck and no commander named: the commander "
				   "is shuffled into the library and drawn like any card, so these "
				   "are the odds of another game. Name it: a \"Commander\" line before "
				   "it (MTG Arena, Moxfield, MTGO text), the category [Commander] "
				   "(Archidekt: \"1x Name [Commander{top}]\"), \"zone\":\"commander\" "
				   "on its card object, or, in an MTGO list or .dek file, the "
				   "commander alone in the sideboard of a 99-card main deck", main);
}

/* The sideboard MTGO's blank-line rule made. */
static void sideboard_warning(struct mf_api_report_build *b, const struct mf_api_report_deck *d)
{
	if (d->from_list && d->list.blank_sideboard && !d->commanders_guessed)
		mf_api_report_warn(b, "sideboard-guessed",
				   "the cards from line %zu on follow a blank line in a list with no "
				   "section header and no SB: line, and were taken as the sideboard, "
				   "as MTGO's text writes it. If they are in the main deck, remove the "
				   "blank line or put a \"Deck\" line first",
				   d->list.blank_sideboard);
}

/* Cards of the main deck and the command zone past their copy limit. */
static void copies_warning(struct mf_api_report_build *b)
{
	char names[600];
	size_t at = 0, listed = 0, over = 0;

	names[0] = '\0';
	for (size_t i = 0; i < b->q.n_lands + b->q.n_spells; i++) {
		bool land = i < b->q.n_lands;
		size_t s = i - b->q.n_lands;
		uint32_t count = land ? b->counts[i] : b->spells[s].count;
		uint32_t max = land ? mf_report_land_copies_max(&b->q, b->lands[i]) :
			       b->spells[s].copies_max ? b->spells[s].copies_max : b->q.copies_max;
		const char *name = land ? mf_mana_catalogue_land(b->q.cat, (size_t)b->lands[i])->name :
				   b->spells[s].name;

		if (!max || max == MF_REPORT_COPIES_ANY || count <= max)
			continue;
		if (listed < NAMES_LISTED && at < sizeof(names) - 1) {
			at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%.*s (%u)",
					       listed ? ", " : "", mf_json_utf8_prefix(name, 100),
					       name, count);
			at = at < sizeof(names) ? at : sizeof(names) - 1;
			listed++;
		}
		over++;
	}
	if (over)
		mf_api_report_warn(b, "too-many-copies",
				   "a deck may hold %u cop%s of a card (basic lands and cards that "
				   "say so aside), and this one holds more of %zu: %s%s. The report "
				   "answers the deck as given; its advice never adds to those",
				   b->q.copies_max, b->q.copies_max == 1 ? "y" : "ies", over, names,
				   over > listed ? " ..." : "");
}

/* Spells whose {X} the report takes as 1. */
static void x_warning(struct mf_api_report_build *b)
{
	char names[600];
	size_t at = 0, listed = 0, n = 0;

	names[0] = '\0';
	for (size_t s = 0; s < b->q.n_spells; s++) {
		if (!b->spells[s].cost.x_count)
			continue;
		if (listed < NAMES_LISTED && at < sizeof(names) - 1) {
			at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%.*s",
					       listed ? ", " : "",
					       mf_json_utf8_prefix(b->spells[s].name, 100),
					       b->spells[s].name);
			at = at < sizeof(names) ? at : sizeof(names) - 1;
			listed++;
		}
		n++;
	}
	if (n)
		mf_api_report_warn(b, "x-taken-as-1",
				   "%zu spell%s with {X}, asked with X = 1 on the turn of that mana "
				   "value: %s%s. Ask /v1/mana/odds with \"x\" for another X",
				   n, n == 1 ? "" : "s", names, n > listed ? " ..." : "");
}

void mf_api_report_warnings(struct mf_api_report_build *b, const struct mf_api_report_deck *d)
{
	commander_warnings(b, d);
	sideboard_warning(b, d);
	copies_warning(b);
	x_warning(b);
}
