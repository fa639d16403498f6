/* The deck report's answer as JSON (docs/api.md, "The deck report"), and
 * the deck as the adapter sorted it, which the answer describes. */
#ifndef MF_API_REPORT_TEXT_H
#define MF_API_REPORT_TEXT_H

#include "api/card_land.h"
#include "api/card_source.h"
#include "common/buf.h"
#include "manaflow/report.h"

/* A deck sorted for the report: the engine's query and its arrays, the
 * lands read from cards, and the cards left out with why. */
struct mf_api_report_build {
	struct mf_report_query q;
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	struct mf_report_spell_in spells[MF_REPORT_SPELLS_MAX];
	struct mf_api_card_lands acc;     /* lands read from cards (card_land.h) */
	struct mf_mana_catalogue *own;    /* the catalogue with acc's lands, or NULL */
	struct mf_mana_catalogue *narrowed;  /* and with the identity lands narrowed,
					      * or NULL */
	struct mf_api_sources src;        /* mana sources that are no land (card_source.h) */
	const char *source_name[MF_ODDS_SOURCE_KINDS_MAX];  /* each kind's first card's
							      * name, for its spell */
	size_t source_spell[MF_ODDS_SOURCE_KINDS_MAX];
	struct mf_odds_source candidates[MF_REPORT_SOURCE_CANDIDATES_MAX];
	uint8_t identity;                 /* the commanders' colour identity */
	struct mf_buf ignored;            /* "ignored" entries, each after a comma */
	struct mf_buf warnings;           /* "warnings" entries, each after a comma */
	uint32_t land_cards, spell_cards, commanders;  /* by count */
	uint8_t colors;                   /* the deck's colours, MF_CARD_* bits */
};

/* Appends the answer for the report r of deck b to out. Returns 0, or the
 * buffer's negative mf_status. */
int mf_api_report_text(const struct mf_api_report_build *b, const struct mf_report *r,
		       struct mf_buf *out);

#endif
