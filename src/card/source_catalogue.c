/*
 * The built-in catalogue of mana sources that are no land (manaflow/carddb.h):
 * the cards of data/sources.json, compiled in by data/embed_cards.py, and
 * their lookup by name.
 */
#include "manaflow/carddb.h"

#include <string.h>

#include "common/edit.h"

/* sources_embedded.c, generated at build time. */
extern const struct mf_card_object mf_card_builtin_sources[];
extern const size_t mf_card_builtin_sources_count;

#define NAME_MAX_BYTES 128  /* longer than every name of the catalogue */

const struct mf_card_object *mf_card_sources_builtin(size_t *n)
{
	*n = mf_card_builtin_sources_count;
	return mf_card_builtin_sources;
}

/* name[0, len) in ASCII lower case into out (len <= NAME_MAX_BYTES). */
static void lower(const char *name, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++)
		out[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];
}

const struct mf_card_object *mf_card_source_find(const char *name, size_t len)
{
	char key[NAME_MAX_BYTES], cand[NAME_MAX_BYTES];

	if (len > NAME_MAX_BYTES)
		return NULL;
	lower(name, len, key);
	for (size_t i = 0; i < mf_card_builtin_sources_count; i++) {
		const char *n = mf_card_builtin_sources[i].card.name;
		size_t m = strlen(n);

		if (m != len)
			continue;
		lower(n, m, cand);
		if (!memcmp(key, cand, len))
			return &mf_card_builtin_sources[i];
	}
	return NULL;
}

const struct mf_card_object *mf_card_source_closest(const char *name, size_t len)
{
	char key[NAME_MAX_BYTES], cand[NAME_MAX_BYTES];
	const struct mf_card_object *best = NULL;
	unsigned limit, best_d;

	if (len > NAME_MAX_BYTES)
		return NULL;  /* longer than any name here: no misspelling of one */
	lower(name, len, key);
	limit = mf_edit_misspelling(len);
	best_d = limit + 1;
	for (size_t i = 0; i < mf_card_builtin_sources_count && best_d; i++) {
		const char *n = mf_card_builtin_sources[i].card.name;
		size_t m = strlen(n) < NAME_MAX_BYTES ? strlen(n) : NAME_MAX_BYTES;
		unsigned d;

		lower(n, m, cand);
		d = mf_edit_distance(key, len, cand, m, best_d < limit ? best_d : limit);
		if (d < best_d) {  /* ties: the first */
			best_d = d;
			best = &mf_card_builtin_sources[i];
		}
	}
	return best;
}
