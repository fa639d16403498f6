/*
 * The IPSC 2016 M solution sketch, as a yes/no reference (tests only).
 *
 * Written from the contest's statement and its official solution sketch, not
 * from src/mana: it shares nothing with the solver but the public header
 * (catalogue access, struct mf_mana_query, struct mf_mana_cost). The sketch's
 * stages, in its own words:
 *
 * 1. Pre-tap: tap everything with no decision (basics, bounce lands, Tron
 *    pieces: a land with one alternative that costs no life and no fetch)
 *    and subtract its mana from the requirements, each type from its own
 *    requirement first, the rest from generic.
 * 2. Pain enumeration: for every count k of pain lands tapped for colourless
 *    without loss of life, k colourless is subtracted as in stage 1; a node D
 *    (source -> D, capacity life - 1) carries all painful mana: D -> each City
 *    of Brass-like land (capacity 1), D -> P (capacity: pain lands - k),
 *    P -> each pain land (capacity 1), each pain land -> its painful colours.
 * 3. Shock enumeration: for every multiset (by land identity) of the shock
 *    lands (any land with an untap_life) in the library to fetch untapped,
 *    their untap_life (a shock's 2) each is taken off D's
 *    capacity first; D -> each fetch land on the battlefield (capacity 1: its
 *    own life), fetch -> each library card it may search for (sharing a basic
 *    land type), each library card a node of capacity 1. Shocks outside the
 *    multiset are not fetched (entering tapped, they would make nothing);
 *    other fetched cards enter untapped at no extra life.
 * 4. Max flow (Dinic): source -> each free land (capacity 1), each land ->
 *    the mana types it makes, type -> generic (unbounded), each type and
 *    generic -> sink (capacity: what is still required). The cost is paid iff
 *    some pair (k, multiset) saturates every edge into the sink.
 *
 * Scope: the contest's cost notation (digits, W U B R G, C), boards of at
 * most REF_SKETCH_LANDS_MAX cards, and the contest's kinds of land as the
 * catalogue describes them (every other alternative makes one mana; painful
 * ones cost 1 life; fetches cost 1 life; a fetchable card's alternatives are
 * free). Tron is assembled when every Tron piece of the catalogue has a copy
 * on the battlefield; each piece then makes its `tron` colourless.
 */
#ifndef MANAFLOW_TESTS_MANA_SKETCH_H
#define MANAFLOW_TESTS_MANA_SKETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/mana.h"

/* The contest's limit on battlefield plus library. */
#define REF_SKETCH_LANDS_MAX 34

/*
 * Parses a cost in the contest's notation: a non-empty string over
 * [1-9CWUBRG], each digit its own generic amount ("99" is 18). On MF_OK *out
 * holds the cost with every other field zero; on MF_ERR_INVALID (any other
 * byte, or an empty string) *out is all zero.
 */
int ref_sketch_cost_parse(const char *text, size_t len, struct mf_mana_cost *out);

/* What one answer took, for a test to tell whether the enumerations matter. */
struct ref_sketch_trace {
	uint64_t flows;      /* max flows run */
	uint32_t pain_free;  /* castable: k of the first (multiset, k) that paid */
	uint32_t shocks;     /* castable: the size of that multiset */
};

/*
 * Whether query->cost can be paid from query->battlefield and query->library
 * without life falling to 0, by the sketch's pipeline above (query->x is not
 * read). Multisets are tried from the empty one, and k from 0 within each;
 * so a non-zero trace->shocks or pain_free means the smaller tries failed.
 * On MF_OK *castable holds the answer and, when trace is not NULL, *trace
 * what it took (on failure *trace is left alone). Returns
 * MF_ERR_INVALID for a NULL catalogue, an index outside it or a life of 0;
 * MF_ERR_LIMIT when the query is outside the sketch's scope: more than
 * REF_SKETCH_LANDS_MAX cards, a cost symbol beyond the contest's notation,
 * or a land the sketch has no place for; MF_ERR_NOMEM. On failure *castable
 * is false. Owns nothing after it returns; safe from any number of threads.
 */
int ref_sketch_castable(const struct mf_mana_query *query, bool *castable,
			struct ref_sketch_trace *trace);

/* Whether Tron is assembled on this battlefield under the rule above. */
bool ref_sketch_tron(const struct mf_mana_catalogue *cat, const int32_t *battlefield,
		     size_t n_battlefield);

#endif
