/* One place that fills a struct mf_mana_parse_error, for catalogue and cost parsers. */
#ifndef MF_MANA_PARSE_ERROR_H
#define MF_MANA_PARSE_ERROR_H

#include "manaflow/mana.h"

/* Fills err (line, 1-based position, printf-style reason); returns MF_ERR_INVALID. */
int mf_mana_parse_fail(struct mf_mana_parse_error *err, size_t line, size_t pos,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
