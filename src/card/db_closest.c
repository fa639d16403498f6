/* Did you mean: the card name fewest edits from a name that is not one
 * (mf_card_db_closest, manaflow/carddb.h). Only the keys whose length is
 * within the bound of the name's are compared (the database chains its
 * cards by key length), each by common/edit.h's banded Levenshtein
 * distance, which gives up as soon as a whole row is past the bound. */
#include <string.h>

#include "card/db_int.h"
#include "common/edit.h"

/* Whether the masks of two keys already put them more than k edits apart. */
static bool masks_apart(uint64_t a, uint64_t b, unsigned k)
{
	return (unsigned)__builtin_popcountll(a & ~b) > k || (unsigned)__builtin_popcountll(b & ~a) > k;
}

/* The best so far: a card (index + 1, 0: none) and its distance. */
struct best {
	uint32_t card;
	unsigned distance;
};

/* The name being looked for: its key and the key's mask. */
struct query {
	const char *key;
	size_t len;
	uint64_t mask;
};

/* Compares q with the cards of one length chain starting at v (index + 1),
 * by their full keys or their front keys, keeping the closest within bound
 * in *b (ties: the lower index). */
static void scan_chain(const struct mf_card_db *db, uint32_t v, bool front,
		       const struct query *q, unsigned bound, struct best *b)
{
	for (; v; v = front ? db->names[v - 1].next_front : db->names[v - 1].next_len) {
		const struct mf_card_db_name *nm = &db->names[v - 1];
		unsigned limit = b->card && b->distance < bound ? b->distance : bound;
		unsigned d;

		if (masks_apart(q->mask, front ? nm->front_mask : nm->mask, limit))
			continue;
		d = mf_edit_distance(q->key, q->len, nm->key, front ? nm->front_len : nm->len, limit);

		if (d > limit)
			continue;
		if (!b->card || d < b->distance || (d == b->distance && v < b->card)) {
			b->card = v;
			b->distance = d;
		}
	}
}

/* Compares q with every full key and front key of length len. */
static void scan_length(const struct mf_card_db *db, size_t len, const struct query *q,
			unsigned bound, struct best *b)
{
	if (len == 0 || len > MF_CARD_TEXT_MAX)
		return;
	scan_chain(db, db->len_head[len], false, q, bound, b);
	scan_chain(db, db->front_head[len], true, q, bound, b);
}

const struct mf_card_db_card *mf_card_db_closest(const struct mf_card_db *db, const char *name,
						 size_t len, unsigned max_distance,
						 unsigned *distance)
{
	char key[MF_CARD_TEXT_MAX + 1];
	struct best b = { 0, 0 };
	struct query q = { key, 0, 0 };
	size_t klen;
	unsigned k;

	if (distance)
		*distance = 0;
	if (!db || (!name && len > 0))
		return NULL;
	klen = mf_card_db_key(name, len, key);
	if (klen == (size_t)-1 || klen == 0)
		return NULL;
	k = max_distance == MF_CARD_DB_DISTANCE_AUTO ? mf_edit_misspelling(klen) : max_distance;
	if (k > MF_CARD_DB_DISTANCE_MAX)
		k = MF_CARD_DB_DISTANCE_MAX;
	q.len = klen;
	q.mask = mf_card_db_mask(key, klen);
	/* Lengths nearest first: once a card is d edits away, lengths more
	 * than d away cannot beat it. */
	for (size_t off = 0; off <= k && !(b.card && off > b.distance); off++) {
		scan_length(db, klen + off, &q, k, &b);
		if (off > 0 && klen > off)
			scan_length(db, klen - off, &q, k, &b);
	}
	if (!b.card)
		return NULL;
	if (distance)
		*distance = b.distance;
	return &db->cards[b.card - 1];
}
