/*
 * mf_card_land_read and mf_card_source_read: a card as bytes -> its
 * mana-relevant facts, as a land and as a source that is no land. The
 * input is "name\ntype line\nOracle text" (the text keeps its own line
 * breaks); a NUL byte ends a field early, as it would in C. Checks what the
 * header promises: MF_OK, counts within the arrays, a reason for every
 * unsupported face, ignored clauses NUL-terminated valid UTF-8, and that a
 * card is read by at most one of the two.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "manaflow/card.h"

/* The next field of data up to '\n' (the last field takes the rest). */
static const uint8_t *field(const uint8_t *data, size_t size, size_t *pos, size_t *len, bool last)
{
	const uint8_t *start = data + *pos;
	const uint8_t *nl = last ? NULL : memchr(start, '\n', size - *pos);

	*len = nl ? (size_t)(nl - start) : size - *pos;
	*pos += *len + (nl ? 1 : 0);
	return start;
}

/* An ignored clause: a reason of the set, its text within bounds. */
static void check_ignored(const struct mf_card_land_ignored *ig, bool land)
{
	size_t len = strnlen(ig->text, sizeof(ig->text));

	FUZZ_CHECK(len <= MF_CARD_LAND_CLAUSE_MAX);
	FUZZ_CHECK(fuzz_utf8_valid(ig->text, len));
	FUZZ_CHECK(ig->why > MF_CARD_WHY_NONE && ig->why < MF_CARD_WHY_COUNT);
	FUZZ_CHECK(ig->why != MF_CARD_WHY_NO_MANA);
	if (land)
		FUZZ_CHECK(ig->why < MF_CARD_WHY_NO_MANA);
	else
		FUZZ_CHECK(ig->why != MF_CARD_WHY_OTHER_LANDS);
}

/* What mf_card_source_read() promises of one card without faces. */
static void check_sources(const struct mf_card_object *card, const struct mf_card_lands *lands)
{
	struct mf_card_sources *out = malloc(sizeof(*out));
	int rc;

	FUZZ_CHECK(out != NULL);
	rc = mf_card_source_read(card, out);
	FUZZ_CHECK(rc == MF_OK || rc == MF_ERR_LIMIT);
	FUZZ_CHECK(rc == MF_OK || out->n == 0);
	FUZZ_CHECK(out->n <= 1);
	FUZZ_CHECK(out->n == 0 || lands->n == 0);
	for (size_t f = 0; f < out->n; f++) {
		const struct mf_card_source *src = &out->faces[f];

		FUZZ_CHECK(src->n_mana <= MF_CARD_LAND_MANA_MAX);
		FUZZ_CHECK(src->n_ignored <= MF_CARD_LAND_IGNORED_MAX);
		FUZZ_CHECK(src->n_ignored_total >= src->n_ignored);
		FUZZ_CHECK(src->n_mana > 0 || src->n_ignored_total > 0);
		FUZZ_CHECK(src->kind <= MF_CARD_SOURCE_ARTIFACT);
		FUZZ_CHECK(src->filter <= MF_CARD_SOURCE_FILTER_MAX);
		FUZZ_CHECK((src->unsupported == MF_CARD_WHY_NONE) == (src->n_mana > 0));
		FUZZ_CHECK(src->unsupported < MF_CARD_WHY_COUNT);
		for (size_t i = 0; i < src->n_ignored; i++)
			check_ignored(&src->ignored[i], false);
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t pos = 0, n_name, n_type, n_text;
	const uint8_t *name = field(data, size, &pos, &n_name, false);
	const uint8_t *type = field(data, size, &pos, &n_type, false);
	const uint8_t *text = field(data, size, &pos, &n_text, true);
	char *s_name = fuzz_strndup(name, n_name);
	char *s_type = fuzz_strndup(type, n_type);
	char *s_text = fuzz_strndup(text, n_text);
	struct mf_card_object card = { { s_name, "", s_type, s_text }, NULL, 0 };
	struct mf_card_lands *lands = malloc(sizeof(*lands));
	int rc;

	FUZZ_CHECK(lands != NULL);
	rc = mf_card_land_read(&card, lands);
	FUZZ_CHECK(rc == MF_OK || rc == MF_ERR_LIMIT);
	FUZZ_CHECK(rc == MF_OK || lands->n == 0);
	FUZZ_CHECK(lands->n <= 1);
	for (size_t f = 0; f < lands->n; f++) {
		const struct mf_card_land *land = &lands->faces[f];

		FUZZ_CHECK(land->n_mana <= MF_CARD_LAND_MANA_MAX);
		FUZZ_CHECK(land->n_fetch <= MF_CARD_LAND_FETCH_MAX);
		FUZZ_CHECK(land->n_ignored <= MF_CARD_LAND_IGNORED_MAX);
		FUZZ_CHECK(land->n_ignored_total >= land->n_ignored);
		FUZZ_CHECK(land->enters <= MF_CARD_ENTERS_CONDITIONAL);
		FUZZ_CHECK((land->unsupported == MF_CARD_WHY_NONE) ==
			   (land->n_mana + land->n_fetch > 0));
		FUZZ_CHECK(land->unsupported < MF_CARD_WHY_COUNT);
		for (size_t i = 0; i < land->n_ignored; i++)
			check_ignored(&land->ignored[i], true);
	}
	check_sources(&card, lands);
	free(lands);
	free(s_name);
	free(s_type);
	free(s_text);
	return 0;
}
