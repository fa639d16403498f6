/*
 * A one-line description of what mf_card_land_read() read from a land face
 * (and mf_card_source_read() from a source, below),
 * for exact expectations in tests and for listing a whole sample:
 *
 *   "legendary | mana=*W R-1 CC! | fetch=UB-1 basic tapped | enters=shock2 |
 *    bounce untapped:W | tron=2 | ignored=spend,counters"
 *
 * Parts are left out when empty. A mana alternative is its mana as letters
 * (CC is two C), then "-N" for the life it costs, "!" when it sacrifices the
 * land, with "*" in front when it comes from a basic land type. A fetch is
 * its types ("any" for any basic land), "-N", "basic", "tapped", "untapN"
 * (untapped again with N lands). enters is
 * tapped, shockN, fewN (fast lands), manyN (slow lands), basicsN (battle
 * lands), control:<types> (check lands), reveal:<types>, or conditional.
 * ignored lists the reasons' short names in order.
 */
#ifndef MF_TEST_CARD_LAND_DESCRIBE_H
#define MF_TEST_CARD_LAND_DESCRIBE_H

#include <stddef.h>

#include "manaflow/card.h"

/* Short name of a reason: "spend", "filter", "mana-cost", "permanents",
 * "counters", "state", "extra-cost", "no-tap", "triggered", "rider",
 * "unread", "limit", "no-mana", "other-lands", "ritual", "tokens",
 * "land-search", "kind". */
const char *land_why_short(enum mf_card_land_why why);

/* Whether a card has "Land" in its type line or a face's (the count of
 * lands over the sample, independent of the reader's word matching). */
int land_card_is_land(const struct mf_card_object *card);

/* Writes the description of land into buf (NUL-terminated, cut to size). */
void land_describe(const struct mf_card_land *land, char *buf, size_t size);

/*
 * The same for one face read by mf_card_source_read():
 *
 *   "artifact | tapped | filter=1 | identity | chosen | mana=WU C-1 | ignored=rider"
 *
 * the kind ("none", "creature", "artifact") first, then the parts that are
 * set; mana and ignored as for a land, an alternative in the commander's
 * identity marked ":id" and one of the chosen colour ":ch" (W:id, G:ch).
 */
void source_describe(const struct mf_card_source *src, char *buf, size_t size);

#endif
