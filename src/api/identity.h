/* A deck's colour identity (Commander's rule 903.4) as the odds and the
 * report take it: decoded from a request's "identity", and applied to the
 * lands that make "one mana of any color in your commander's color
 * identity" (Command Tower), which make nothing without one. */
#ifndef MF_API_IDENTITY_H
#define MF_API_IDENTITY_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"

/*
 * Reads the string member `key` of node (pointer `at`), if there: letters
 * of W, U, B, R and G (either case), each at most once, in any order; "" or
 * "C" for a colourless identity. Sets *identity (bit t: colour t) and
 * *given; both 0 and false when the member is absent. Returns 0, or -1 with
 * err (an invalid field naming the letter).
 */
int mf_api_identity_decode(const cJSON *node, const char *at, const char *key, uint8_t *identity,
			   bool *given, struct mf_api_error *err);

/* Writes identity as WUBRG letters in that order ("" for none) into
 * buf[6]. */
void mf_api_identity_text(uint8_t identity, char buf[6]);

/*
 * The identity lands among lands[0, n) (indexes into cat) narrowed to
 * identity (mf_mana_land_narrow): when there are any, *own is a new
 * catalogue, cat's lands then a narrowed copy of each such land, and their
 * indexes in lands[] are rewritten to the copies'; else *own is NULL and
 * nothing changes. The caller frees *own after the last query using it.
 * Returns 0, or -1 with err (out of memory).
 */
int mf_api_identity_lands(const struct mf_mana_catalogue *cat, int32_t *lands, size_t n,
			  uint8_t identity, struct mf_mana_catalogue **own,
			  struct mf_api_error *err);

#endif
