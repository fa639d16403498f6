/*
 * Reference reader for the deck-colour rule, written the plain way: taw's
 * regular expressions (github taw/mtg, bin/generate_colors_tsv_mtgjson)
 * replayed with POSIX <regex.h> (plus the GNU \b word boundary), rewriting
 * strings as the Ruby script does, with the two refinements manaflow/card.h
 * documents. Slow on purpose and independent of src/card: the differential
 * tests compare the two.
 *
 * Answers are letter strings in "WUBRGC" order ("WG", "" ...), not masks.
 * The program using it must stay in the "C" locale.
 */
#ifndef MF_TEST_DECK_REGEX_H
#define MF_TEST_DECK_REGEX_H

#include "manaflow/card.h"

/* Compiled expressions; one per thread. */
struct ref_deck;

/* Returns a new reader, or NULL when a regex fails to compile or memory
 * runs out. Free with ref_deck_free(). */
struct ref_deck *ref_deck_new(void);
void ref_deck_free(struct ref_deck *ref);

/* Reads one card (its own fields and every face; no limits checked):
 * writes the letters it makes and spends into produces and uses.
 * Returns 0, or -1 when memory runs out. */
int ref_deck_read_card(struct ref_deck *ref, const struct mf_card_object *card,
		       char produces[8], char uses[8]);

/* Reads n cards and writes the deck's colours (letters made and spent,
 * C left out). Returns 0 or -1. */
int ref_deck_colors(struct ref_deck *ref, const struct mf_card_object *cards,
		    size_t n, char colors[8]);

#endif
