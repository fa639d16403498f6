/* The deck report's "warnings": every case where the report guessed what the
 * player meant, or where the deck breaks a deck-building rule (docs/api.md,
 * "The deck report"). Each is {"code","message"}: a closed set of codes. */
#ifndef MF_API_REPORT_WARN_H
#define MF_API_REPORT_WARN_H

#include "api/report_deck.h"
#include "api/report_text.h"

/* Appends one warning to b->warnings: code (one of the codes of docs/api.md)
 * and its message, made by printf's fmt (UTF-8; cut at 1,000 bytes at a
 * character). A full buffer makes b->warnings fail, as mf_buf does. */
void mf_api_report_warn(struct mf_api_report_build *b, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The warnings of the deck as a whole, once b holds its sorted cards and
 * rules: commanders guessed or missing, the sideboard a blank line made,
 * copies past a limit, {X} taken as 1. */
void mf_api_report_warnings(struct mf_api_report_build *b, const struct mf_api_report_deck *d);

#endif
