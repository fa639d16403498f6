/*
 * The Oracle Cards reader (api/card_stream.h) on raw bytes, fed whole and
 * then in pieces whose size the first byte chooses (1 to 256): both must
 * reach the same verdict, at the same byte with the same reason, with the
 * same counts and cards. A refusal's byte lies within the input (or at
 * its end) and its reason is a NUL-terminated sentence of valid UTF-8. The
 * counts add up (every element added, a duplicate or skipped), and every
 * card kept is found again by its own name, at distance 0 by did you mean.
 */
#include <string.h>

#include "api/card_stream.h"
#include "fuzz_common.h"
#include "manaflow/card.h"

/* What one reading came to. */
struct verdict {
	int rc;
	struct mf_card_stream_stats stats;
	struct mf_card_stream_error failure;
};

/* Reads data[0, size) into db in pieces of chunk bytes (0: whole). */
static struct verdict read_in(struct mf_card_db *db, const uint8_t *data, size_t size,
			      size_t chunk)
{
	struct mf_card_stream *s = mf_card_stream_new(db);
	struct verdict v = { 0 };

	FUZZ_CHECK(s != NULL);
	for (size_t i = 0; i < size && v.rc == 0;) {
		size_t n = chunk == 0 || size - i < chunk ? size - i : chunk;

		v.rc = mf_card_stream_feed(s, (const char *)data + i, n);
		i += n;
	}
	if (v.rc == 0)
		v.rc = mf_card_stream_finish(s);
	v.stats = mf_card_stream_stats(s);
	if (v.rc) {
		const struct mf_card_stream_error *e = mf_card_stream_failure(s);

		FUZZ_CHECK(e != NULL);
		v.failure = *e;
	} else {
		FUZZ_CHECK(mf_card_stream_failure(s) == NULL);
	}
	mf_card_stream_free(s);
	return v;
}

/* The promises of one reading of size bytes into db. */
static void check_verdict(const struct verdict *v, const struct mf_card_db *db, size_t size)
{
	FUZZ_CHECK(v->rc == 0 || v->rc == -1);
	FUZZ_CHECK(v->stats.added + v->stats.duplicates + v->stats.skipped == v->stats.elements);
	FUZZ_CHECK(mf_card_db_count(db) == v->stats.added);
	if (v->rc) {
		FUZZ_CHECK(v->failure.offset <= size);
		FUZZ_CHECK(memchr(v->failure.reason, '\0', sizeof(v->failure.reason)) != NULL);
		FUZZ_CHECK(v->failure.reason[0] != '\0');
		FUZZ_CHECK(fuzz_utf8_valid(v->failure.reason, strlen(v->failure.reason)));
	} else {
		FUZZ_CHECK(v->stats.bytes == size);
	}
}

/* Every card of db is found by its name, and has a front face. */
static void check_cards(const struct mf_card_db *db)
{
	for (size_t i = 0; i < mf_card_db_count(db); i++) {
		const struct mf_card_db_card *c = mf_card_db_get(db, i);
		const char *name = c->object.card.name;
		size_t len = strlen(name), front = mf_card_name_front_key(name, len, NULL, 0);
		unsigned d = 9;

		FUZZ_CHECK(mf_card_db_find(db, name, len) == c);
		/* Distance 0: this card, or an earlier one whose front face
		 * has this card's name ("Fire // Ice" before "Fire"). */
		FUZZ_CHECK(mf_card_db_closest(db, name, len, 1, &d) != NULL && d == 0);
		FUZZ_CHECK(front > 0);
		FUZZ_CHECK(c->layout != NULL);
		FUZZ_CHECK(c->object.n_faces <= MF_CARD_FACES_MAX);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mf_card_db *whole_db = mf_card_db_new(), *piece_db = mf_card_db_new();
	size_t chunk = size ? (size_t)data[0] + 1 : 1;
	struct verdict whole, pieces;

	FUZZ_CHECK(whole_db && piece_db);
	whole = read_in(whole_db, data, size, 0);
	pieces = read_in(piece_db, data, size, chunk);
	check_verdict(&whole, whole_db, size);
	check_verdict(&pieces, piece_db, size);
	FUZZ_CHECK(whole.rc == pieces.rc);
	FUZZ_CHECK(whole.stats.elements == pieces.stats.elements &&
		   whole.stats.added == pieces.stats.added &&
		   whole.stats.duplicates == pieces.stats.duplicates &&
		   whole.stats.skipped == pieces.stats.skipped);
	if (whole.rc) {
		FUZZ_CHECK(whole.failure.offset == pieces.failure.offset);
		FUZZ_CHECK(strcmp(whole.failure.reason, pieces.failure.reason) == 0);
	}
	FUZZ_CHECK(mf_card_db_count(whole_db) == mf_card_db_count(piece_db));
	for (size_t i = 0; i < mf_card_db_count(whole_db); i++)
		FUZZ_CHECK(strcmp(mf_card_db_get(whole_db, i)->object.card.name,
				  mf_card_db_get(piece_db, i)->object.card.name) == 0);
	check_cards(whole_db);
	mf_card_db_free(whole_db);
	mf_card_db_free(piece_db);
	return 0;
}
