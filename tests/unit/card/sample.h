/*
 * Loads tests/data/cards-sample.json (Scryfall card objects, each with
 * "expected": {"produces", "uses", "ambiguous"}) into mf_card_object structs
 * for the card and deck tests and the deck benchmark. Test code: reads a file.
 */
#ifndef MF_TEST_CARD_SAMPLE_H
#define MF_TEST_CARD_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <cjson/cJSON.h>

#include "manaflow/card.h"

struct sample_card {
	struct mf_card_object card;   /* card.faces points at faces below */
	struct mf_card_face faces[MF_CARD_FACES_MAX];
	const char *expected_produces;
	const char *expected_uses;
	bool ambiguous;
};

/* Strings point into root; everything is released by sample_free(). */
struct sample {
	cJSON *root;
	struct sample_card *cards;
	size_t n;
};

/* Path of the data file: $MF_DECK_SAMPLE, else the path relative to the
 * repository root. */
const char *sample_path(void);

/* Loads path into *out. Returns 0, or -1 (with a message on stderr) when
 * the file cannot be read or does not have the expected shape. */
int sample_load(const char *path, struct sample *out);

void sample_free(struct sample *s);

/* The card called name, or NULL. */
const struct sample_card *sample_find(const struct sample *s, const char *name);

#endif
