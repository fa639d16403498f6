/*
 * The mana query read straight from its text: one strict pass over the
 * body of a mana solve that fills the query's fields without cJSON's tree,
 * for the plain bodies nearly every client sends. It takes a body only
 * when the tree path (the strict check, cJSON, adapt_mana.c's decoder)
 * would take it too and read the same fields from it; it leaves every
 * other body, refusals included, to the tree path, which answers it as
 * before. So the strict check's rules all hold: what this reader takes is
 * a subset of RFC 8259 that the check accepts.
 *
 * Taken: one object, with JSON whitespace anywhere the grammar allows it,
 * whose members are each of "battlefield" and "library" (arrays of land
 * names the catalogue knows), "life" and "x" (integers in their ranges,
 * written as plain digits) and "cost" (a string of at most
 * MF_MANA_COST_TEXT_MAX bytes) at most once, battlefield, life and cost
 * present, at most MF_MANA_QUERY_LANDS_MAX lands in all; every string
 * plain: no escape, no control byte, well-formed UTF-8; each key spelt
 * exactly, without an escape. Anything else (a card object, a null, a
 * number with a fraction or an exponent, an unknown land or field...) is
 * not taken.
 */
#ifndef MF_API_MANA_DIRECT_H
#define MF_API_MANA_DIRECT_H

#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"

/* The fields of one mana query, as either path reads them. */
struct mf_api_mana_fields {
	int32_t *ids;          /* catalogue indexes, battlefield then library; malloc'd */
	size_t n_field, n_library;
	int64_t life;
	int64_t x;             /* -1: absent */
	const char *cost;      /* borrowed from the body; cost_len bytes, no NUL needed */
	size_t cost_len;
};

/*
 * Reads text[0, len) (borrowed; never read at or past len) as a mana
 * query against cat. Returns 1 with *f filled, the caller then owning
 * f->ids (free()); 0 when the body is not one this reader takes (see
 * above), *f then owning nothing; MF_ERR_NOMEM when the lands' array could
 * not be had, *f owning nothing. Pure but for that allocation.
 */
int mf_api_mana_direct_read(const char *text, size_t len, const struct mf_mana_catalogue *cat,
			    struct mf_api_mana_fields *f);

#endif
