/* The card database: its arena, adding a card, finding one by name (see
 * manaflow/carddb.h). Did you mean is db_closest.c; both stand on db_key.c
 * (db_int.h has the order). */
#include <stdlib.h>
#include <string.h>

#include "card/db_int.h"
#include "common/hash.h"

/* Arena blocks grow with the arena (each new one as large as all before),
 * from 16 KiB to 1 MiB, and are larger only for a card that needs it. */
#define BLOCK_MIN ((size_t)16 << 10)
#define BLOCK_MAX ((size_t)1 << 20)
#define INDEX_CAP_MIN 64u

/* Bytes of s, NULL read as "". */
static size_t text_len(const char *s)
{
	return s ? strlen(s) : 0;
}

/* Whether s (NULL read as "") fits MF_CARD_TEXT_MAX; reads at most that
 * many bytes and one. */
static bool text_fits(const char *s)
{
	return !s || memchr(s, '\0', MF_CARD_TEXT_MAX + 1) != NULL;
}

/* Whether every string of face fits. */
static bool face_fits(const struct mf_card_face *f)
{
	return text_fits(f->name) && text_fits(f->mana_cost) && text_fits(f->type_line) &&
	       text_fits(f->oracle_text);
}

/* Bytes the strings of face take in the arena, NULs included. */
static size_t face_bytes(const struct mf_card_face *f)
{
	return text_len(f->name) + text_len(f->mana_cost) + text_len(f->type_line) +
	       text_len(f->oracle_text) + 4;
}

struct mf_card_db *mf_card_db_new(void)
{
	return calloc(1, sizeof(struct mf_card_db));
}

void mf_card_db_free(struct mf_card_db *db)
{
	struct mf_card_db_block *b, *next;

	if (!db)
		return;
	for (b = db->blocks; b; b = next) {
		next = b->next;
		free(b);
	}
	free(db->cards);
	free(db->names);
	free(db->full.slots);
	free(db->front.slots);
	free(db);
}

size_t mf_card_db_count(const struct mf_card_db *db)
{
	return db ? db->n : 0;
}

size_t mf_card_db_bytes(const struct mf_card_db *db)
{
	if (!db)
		return 0;
	return sizeof(*db) + db->arena_bytes +
	       db->cap * (sizeof(*db->cards) + sizeof(*db->names)) +
	       (db->full.cap + db->front.cap) * sizeof(uint32_t);
}

const struct mf_card_db_card *mf_card_db_get(const struct mf_card_db *db, size_t i)
{
	return db && i < db->n ? &db->cards[i] : NULL;
}

/* ------------------------------------------------------------------ */
/* The indexes                                                         */

/* The first slot of ix to probe for a key of hash h. */
static size_t slot_of(const struct mf_card_db_index *ix, uint32_t h)
{
	return h & (ix->cap - 1);
}

/* The card (index + 1) of ix whose key (the front key when front) is
 * key[0, len), or 0. */
static uint32_t index_find(const struct mf_card_db *db, const struct mf_card_db_index *ix,
			   bool front, const char *key, size_t len)
{
	size_t s;

	if (ix->cap == 0)
		return 0;
	for (s = slot_of(ix, mf_fnv1a32(key, len));; s = (s + 1) & (ix->cap - 1)) {
		uint32_t v = ix->slots[s];
		const struct mf_card_db_name *nm;

		if (v == 0)
			return 0;
		nm = &db->names[v - 1];
		if ((front ? nm->front_len : nm->len) == len && memcmp(nm->key, key, len) == 0)
			return v;
	}
}

/* Puts card v (index + 1) in ix's slots, which have room; no check for a
 * key already there. */
static void index_put(const struct mf_card_db *db, struct mf_card_db_index *ix, bool front,
		      uint32_t v)
{
	const struct mf_card_db_name *nm = &db->names[v - 1];
	size_t s = slot_of(ix, mf_fnv1a32(nm->key, front ? nm->front_len : nm->len));

	while (ix->slots[s] != 0)
		s = (s + 1) & (ix->cap - 1);
	ix->slots[s] = v;
	ix->n++;
}

/* Makes room in ix for one more key, keeping it at most half full: a new
 * table of twice the size, every key put again. 0, or -1 out of memory (ix
 * unchanged). */
static int index_reserve(const struct mf_card_db *db, struct mf_card_db_index *ix, bool front)
{
	struct mf_card_db_index bigger;

	if ((ix->n + 1) * 2 <= ix->cap)
		return 0;
	bigger.cap = ix->cap ? ix->cap * 2 : INDEX_CAP_MIN;
	bigger.n = 0;
	bigger.slots = calloc(bigger.cap, sizeof(*bigger.slots));
	if (!bigger.slots)
		return -1;
	for (size_t s = 0; s < ix->cap; s++)
		if (ix->slots[s])
			index_put(db, &bigger, front, ix->slots[s]);
	free(ix->slots);
	*ix = bigger;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Adding a card                                                       */

/* Room in the card table for one more card. 0, or -1 out of memory (the
 * table unchanged). */
static int table_reserve(struct mf_card_db *db)
{
	size_t cap;
	void *p;

	if (db->n < db->cap)
		return 0;
	cap = db->cap ? db->cap * 2 : 256;
	p = realloc(db->cards, cap * sizeof(*db->cards));
	if (!p)
		return -1;
	db->cards = p;
	p = realloc(db->names, cap * sizeof(*db->names));
	if (!p)
		return -1;  /* cards grew alone: harmless, cap still says the old size */
	db->names = p;
	db->cap = cap;
	return 0;
}

/* need bytes of the arena, aligned for a struct mf_card_face: from the
 * newest block when they fit, else from a new one. NULL out of memory. */
static unsigned char *arena_take(struct mf_card_db *db, size_t need)
{
	const size_t align = _Alignof(struct mf_card_face);
	struct mf_card_db_block *b = db->blocks;
	size_t at;

	if (b) {
		at = (b->used + align - 1) / align * align;
		if (at <= b->cap && b->cap - at >= need) {
			b->used = at + need;
			return b->data + at;
		}
	}
	at = db->arena_bytes < BLOCK_MIN ? BLOCK_MIN
	     : db->arena_bytes > BLOCK_MAX ? BLOCK_MAX : db->arena_bytes;
	if (at < need)
		at = need;
	b = malloc(sizeof(*b) + at);
	if (!b)
		return NULL;
	b->next = db->blocks;
	b->cap = at;
	b->used = need;
	db->blocks = b;
	db->arena_bytes += sizeof(*b) + at;
	return b->data;
}

/* Copies s (NULL read as "") to *p and returns the copy; moves *p past it. */
static const char *copy_text(char **p, const char *s)
{
	size_t n = text_len(s);
	char *out = *p;

	if (n)
		memcpy(out, s, n);
	out[n] = '\0';
	*p += n + 1;
	return out;
}

/* Copies the strings of from into to, from the arena at *p. */
static void copy_face(char **p, const struct mf_card_face *from, struct mf_card_face *to)
{
	to->name = copy_text(p, from->name);
	to->mana_cost = copy_text(p, from->mana_cost);
	to->type_line = copy_text(p, from->type_line);
	to->oracle_text = copy_text(p, from->oracle_text);
}

/* MF_OK when card and layout may be added as far as their own limits go,
 * else MF_ERR_INVALID or MF_ERR_LIMIT. */
static int check_card(const struct mf_card_object *card, const char *layout)
{
	if (!card || (card->n_faces > 0 && !card->faces))
		return MF_ERR_INVALID;
	if (card->n_faces > MF_CARD_FACES_MAX || !face_fits(&card->card) ||
	    (layout && memchr(layout, '\0', MF_CARD_DB_LAYOUT_MAX + 1) == NULL))
		return MF_ERR_LIMIT;
	for (size_t i = 0; i < card->n_faces; i++)
		if (!face_fits(&card->faces[i]))
			return MF_ERR_LIMIT;
	return MF_OK;
}

/* Links card i (its name already set) into the length buckets. */
static void link_lengths(struct mf_card_db *db, size_t i)
{
	struct mf_card_db_name *nm = &db->names[i];

	nm->next_len = db->len_head[nm->len];
	db->len_head[nm->len] = (uint32_t)(i + 1);
	nm->next_front = 0;
	if (nm->front_len < nm->len) {
		nm->next_front = db->front_head[nm->front_len];
		db->front_head[nm->front_len] = (uint32_t)(i + 1);
	}
}

/* Writes the copy of card (checked) as card number db->n, with its key
 * (klen bytes, front key flen of them) and layout, into mem (need bytes of
 * the arena), and indexes it; the tables have room. */
static void commit(struct mf_card_db *db, const struct mf_card_object *card, const char *layout,
		   const char *key, size_t klen, size_t flen, unsigned char *mem)
{
	struct mf_card_db_card *c = &db->cards[db->n];
	struct mf_card_db_name *nm = &db->names[db->n];
	struct mf_card_face *faces = (struct mf_card_face *)(void *)mem;
	char *p = (char *)(mem + card->n_faces * sizeof(*faces));

	copy_face(&p, &card->card, &c->object.card);
	for (size_t i = 0; i < card->n_faces; i++)
		copy_face(&p, &card->faces[i], &faces[i]);
	c->object.faces = card->n_faces ? faces : NULL;
	c->object.n_faces = card->n_faces;
	c->layout = copy_text(&p, layout);
	memcpy(p, key, klen);
	p[klen] = '\0';
	nm->key = p;
	nm->len = (uint32_t)klen;
	nm->front_len = (uint32_t)flen;
	nm->mask = mf_card_db_mask(nm->key, klen);
	nm->front_mask = mf_card_db_mask(nm->key, flen);
	db->n++;
	index_put(db, &db->full, false, (uint32_t)db->n);
	if (flen < klen && !index_find(db, &db->front, true, key, flen))
		index_put(db, &db->front, true, (uint32_t)db->n);
	link_lengths(db, db->n - 1);
}

int mf_card_db_add(struct mf_card_db *db, const struct mf_card_object *card, const char *layout,
		   bool *added)
{
	char key[MF_CARD_TEXT_MAX + 1];
	size_t klen, flen, need;
	unsigned char *mem;
	int rc;

	if (added)
		*added = false;
	if (!db)
		return MF_ERR_INVALID;
	rc = check_card(card, layout);
	if (rc)
		return rc;
	klen = mf_card_db_key(card->card.name, text_len(card->card.name), key);
	if (klen == (size_t)-1)
		return MF_ERR_LIMIT;
	if (klen == 0)
		return MF_ERR_INVALID;
	flen = mf_card_name_front_key(card->card.name, text_len(card->card.name), NULL, 0);
	if (flen == 0)
		return MF_ERR_INVALID;  /* " // Ice": no front face */
	if (index_find(db, &db->full, false, key, klen))
		return MF_OK;  /* a duplicate: the first is kept */
	need = card->n_faces * sizeof(struct mf_card_face) + face_bytes(&card->card) +
	       text_len(layout) + 1 + klen + 1;
	for (size_t i = 0; i < card->n_faces; i++)
		need += face_bytes(&card->faces[i]);
	if (db->n >= MF_CARD_DB_CARDS_MAX || mf_card_db_bytes(db) + need > MF_CARD_DB_BYTES_MAX)
		return MF_ERR_LIMIT;
	/* Every allocation before anything is written: a failure leaves the
	 * database as it was (only with more room). */
	if (table_reserve(db) || index_reserve(db, &db->full, false) ||
	    index_reserve(db, &db->front, true))
		return MF_ERR_NOMEM;
	mem = arena_take(db, need);
	if (!mem)
		return MF_ERR_NOMEM;
	commit(db, card, layout, key, klen, flen, mem);
	if (added)
		*added = true;
	return MF_OK;
}

/* ------------------------------------------------------------------ */
/* Finding a card                                                      */

const struct mf_card_db_card *mf_card_db_find(const struct mf_card_db *db, const char *name,
					      size_t len)
{
	char key[MF_CARD_TEXT_MAX + 1];
	size_t klen;
	uint32_t v;

	if (!db || (!name && len > 0))
		return NULL;
	klen = mf_card_db_key(name, len, key);
	if (klen == (size_t)-1 || klen == 0)
		return NULL;
	v = index_find(db, &db->full, false, key, klen);
	if (!v)
		v = index_find(db, &db->front, true, key, klen);
	return v ? &db->cards[v - 1] : NULL;
}
