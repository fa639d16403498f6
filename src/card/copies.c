/*
 * A card's own deck-building rule (mf_card_copies_max): "A deck can have any
 * number of cards named <this>." (Relentless Rats, Shadowborn Apostle) and
 * "A deck can have up to N cards named <this>." (Seven Dwarves, Nazgul).
 */
#include "manaflow/card.h"

#include <string.h>

#include "card/cursor.h"
#include "card/text.h"

/* The limit one face's Oracle text sets, 0 for none. */
static uint32_t face_copies(const struct mf_card_face *face)
{
	const char *text = face->oracle_text ? face->oracle_text : "";
	char line[MF_CARD_TEXT_MAX];
	size_t len = strlen(text), pos = 0, start, n;

	while (mf_card_next_line(text, len, &pos, &start, &n)) {
		struct mf_card_cursor c = { line, 0, 0, NULL };
		unsigned count;

		c.len = mf_card_clean_line(text + start, n, line, NULL);
		if (!mf_card_lit(&c, "a deck can have "))
			continue;
		if (mf_card_lit(&c, "any number of cards named "))
			return MF_CARD_COPIES_ANY;
		if (mf_card_lit(&c, "up to ") && mf_card_number(&c, &count) && count &&
		    mf_card_lit(&c, " cards named "))
			return count;
	}
	return 0;
}

uint32_t mf_card_copies_max(const struct mf_card_object *card)
{
	uint32_t most;

	if (mf_card_check(card) != MF_OK)
		return 0;
	most = face_copies(&card->card);
	for (size_t f = 0; f < card->n_faces && !most; f++)
		most = face_copies(&card->faces[f]);
	return most;
}
