/*
 * Reading the printed text of one card face for taw's colour rule: mana
 * symbols, Oracle text and type line; oracle.c also unites a card's faces
 * for mf_card_read_colors(). Internal to src/card; the rules are those of
 * manaflow/card.h. The text primitives under it (words, symbols,
 * lines without reminder text) are in card/text.h, shared with the land
 * reader.
 */
#ifndef MF_CARD_ORACLE_H
#define MF_CARD_ORACLE_H

#include <stddef.h>

/* Colours named by the inside of one mana symbol ("2/w", "u/p", "hr", "c"):
 * each '/'-separated part that is one colour letter or 'h' and one colour
 * letter counts; digits, X, T, S, P and the rest count for nothing. */
unsigned mf_card_symbol_colors(const char *inside, size_t len);

/* Colours of every {...} symbol in text[0, len); a symbol never spans a
 * line break. */
unsigned mf_card_symbols_colors(const char *text, size_t len);

/* Colours of the basic land types (Plains, Island, Swamp, Mountain, Forest)
 * named as words in a type line. */
unsigned mf_card_type_line_produces(const char *type_line, size_t len);

/* ORs into *produces and *uses what the Oracle text text[0, len) makes and
 * spends. Needs no memory beyond a stack buffer of len bytes: the caller
 * guarantees len <= MF_CARD_TEXT_MAX. */
void mf_card_read_oracle(const char *text, size_t len, unsigned *produces,
		      unsigned *uses);

#endif
