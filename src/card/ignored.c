/*
 * The clauses of a land face that the reader does not turn into fields
 * (card/ignored.h): listing them, and guessing why from their words.
 */
#include "card/ignored.h"

#include <string.h>

#include "card/text.h"

void mf_card_land_ignore(struct mf_card_land_ctx *x, enum mf_card_land_why why,
			 const char *orig, size_t n, bool mana)
{
	struct mf_card_land *land = x->land;

	while (n > 0 && orig[n - 1] == ' ')
		n--;
	if (mana && x->first_mana_why == MF_CARD_WHY_NONE)
		x->first_mana_why = why;
	if (land->n_ignored_total < UINT16_MAX)
		land->n_ignored_total++;
	if (land->n_ignored == MF_CARD_LAND_IGNORED_MAX)
		return;
	land->ignored[land->n_ignored].why = why;
	mf_card_copy_utf8(land->ignored[land->n_ignored].text,
			  sizeof(land->ignored[0].text), orig, n);
	land->n_ignored++;
}

enum mf_card_land_why mf_card_land_classify(const char *lo, size_t n)
{
	static const char *const permanents[] = {
		"commander", "control", "controls", "each", "devotion", "battlefield",
	};
	static const char *const state[] = {
		"if", "unless", "only", "choose", "chosen", "graveyard", "hand", "turn", "draft",
	};

	if (mf_card_word_at(lo, n, 0, "when") || mf_card_word_at(lo, n, 0, "whenever") ||
	    mf_card_word_at(lo, n, 0, "at"))
		return MF_CARD_WHY_TRIGGERED;
	for (size_t i = 0; i + 20 <= n; i++) {
		if (memcmp(lo + i, "spend this mana only", 20) == 0)
			return MF_CARD_WHY_SPEND_RESTRICTION;
	}
	if (mf_card_has_word(lo, n, "counter") || mf_card_has_word(lo, n, "counters"))
		return MF_CARD_WHY_COUNTERS;
	for (size_t i = 0; i < sizeof(permanents) / sizeof(permanents[0]); i++) {
		if (mf_card_has_word(lo, n, permanents[i]))
			return MF_CARD_WHY_OTHER_PERMANENTS;
	}
	for (size_t i = 0; i < sizeof(state) / sizeof(state[0]); i++) {
		if (mf_card_has_word(lo, n, state[i]))
			return MF_CARD_WHY_GAME_STATE;
	}
	return MF_CARD_WHY_NOT_UNDERSTOOD;
}
