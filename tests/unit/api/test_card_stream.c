/*
 * The Oracle Cards reader (api/card_stream.h): the sample's 3,111 cards
 * fed in pieces of 1, 7, 4,096 bytes and whole give the same database as
 * cJSON reading the file at once; every way a file can be wrong stops the
 * reading at the right byte with its reason, and a card past a field limit
 * is skipped and counted. Run under ASan and valgrind by CI, so a leak on
 * any of these paths fails.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "api/card_stream.h"

static char *sample_text;
static size_t sample_len;

/* Reads the whole of path; aborts the test when it cannot. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	text = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return text;
}

static void setup(void)
{
	const char *path = getenv("MF_DECK_SAMPLE");

	sample_text = slurp(path ? path : "tests/data/cards-sample.json", &sample_len);
}

static void teardown(void)
{
	free(sample_text);
}

/* Feeds text[0, len) to a new reader over db in pieces of chunk bytes (0:
 * whole), then finishes. Returns the reader (the caller frees it) and
 * whether it succeeded in *rc. */
static struct mf_card_stream *read_in(struct mf_card_db *db, const char *text, size_t len,
				      size_t chunk, int *rc)
{
	struct mf_card_stream *s = mf_card_stream_new(db);

	ck_assert_ptr_nonnull(s);
	*rc = 0;
	for (size_t i = 0; i < len && *rc == 0;) {
		size_t n = chunk == 0 || len - i < chunk ? len - i : chunk;

		*rc = mf_card_stream_feed(s, text + i, n);
		i += n;
	}
	if (*rc == 0)
		*rc = mf_card_stream_finish(s);
	return s;
}

/* Whether a and b (NULL read as "") are the same text. */
static bool same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Whether the face equals the JSON object o's fields. */
static bool face_is(const struct mf_card_face *f, const cJSON *o)
{
	return same(f->name, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "name"))) &&
	       same(f->mana_cost,
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "mana_cost"))) &&
	       same(f->type_line,
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "type_line"))) &&
	       same(f->oracle_text,
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "oracle_text")));
}

/* The database holds the file's cards, in order, field for field, as
 * cJSON reads the whole file. */
static void assert_db_is_sample(const struct mf_card_db *db)
{
	cJSON *all = cJSON_ParseWithLength(sample_text, sample_len), *o;
	size_t i = 0;

	ck_assert_ptr_nonnull(all);
	ck_assert_uint_eq(mf_card_db_count(db), (size_t)cJSON_GetArraySize(all));
	cJSON_ArrayForEach(o, all) {
		const struct mf_card_db_card *c = mf_card_db_get(db, i++);
		const cJSON *faces = cJSON_GetObjectItemCaseSensitive(o, "card_faces"), *f;
		size_t k = 0;

		ck_assert_ptr_nonnull(c);
		ck_assert(face_is(&c->object.card, o));
		ck_assert_str_eq(c->layout, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "layout")));
		ck_assert_uint_eq(c->object.n_faces, (size_t)cJSON_GetArraySize(faces));
		cJSON_ArrayForEach(f, faces)
			ck_assert(face_is(&c->object.faces[k++], f));
	}
	cJSON_Delete(all);
}

START_TEST(sample_in_any_pieces)
{
	static const size_t chunks[] = { 1, 7, 4096, 65536, 0 };
	struct mf_card_db *db = mf_card_db_new();
	struct mf_card_stream *s;
	struct mf_card_stream_stats st;
	int rc;

	ck_assert_ptr_nonnull(db);
	s = read_in(db, sample_text, sample_len, chunks[_i], &rc);
	ck_assert_msg(rc == 0, "%s", rc ? mf_card_stream_failure(s)->reason : "");
	ck_assert_ptr_null(mf_card_stream_failure(s));
	ck_assert_ptr_null(mf_card_stream_first_skip(s));
	st = mf_card_stream_stats(s);
	ck_assert_uint_eq(st.elements, 3111);
	ck_assert_uint_eq(st.added, 3111);
	ck_assert_uint_eq(st.duplicates, 0);
	ck_assert_uint_eq(st.skipped, 0);
	ck_assert_uint_eq(st.bytes, sample_len);
	assert_db_is_sample(db);
	/* Names as a deck list writes them. */
	ck_assert_str_eq(mf_card_db_find(db, "fire/ice", 8)->object.card.name, "Fire // Ice");
	ck_assert_str_eq(mf_card_db_find(db, "Akki Lavarunner", 15)->layout, "flip");
	ck_assert_str_eq(mf_card_db_closest(db, "Akki Lavarruner", 15, 0, NULL)->object.card.name,
			 "Akki Lavarunner // Tok-Tok, Volcano Born");
	mf_card_stream_free(s);
	mf_card_db_free(db);
}
END_TEST

/* One bad file: its text, the byte the reading stops at, and a word of the
 * reason. */
struct bad_case {
	const char *text;
	size_t offset;
	const char *reason;
};

static const struct bad_case bad_cases[] = {
	{ "", 0, "empty or blank" },
	{ "  \n", 3, "empty or blank" },
	{ "{\"name\":\"Forest\"}", 0, "not a JSON array" },
	{ "[{\"name\":\"Forest\"}", 18, "ends before its array" },
	{ "[{\"name\":\"For", 13, "ends before its array" },
	{ "[{\"name\":\"Forest\"},", 19, "ends before its array" },
	{ "[{\"name\":\"Forest\"}, 3]", 20, "element 2 of the array (from 1) is not an object" },
	{ "[\"Forest\"]", 1, "element 1 of the array (from 1) is not an object" },
	{ "[{\"name\":\"Forest\"},]", 19, "is not an object" },
	{ "[,{\"name\":\"Forest\"}]", 1, "is not an object" },
	{ "[{\"name\":\"Forest\"}] x", 20, "text after the array" },
	{ "[{\"name\":\"Forest\"}][]", 19, "text after the array" },
	{ "[{\"name\":\"Forest\"} {\"name\":\"Island\"}]", 19, "expected ',' or ']'" },
	{ "[{\"name\":\"Fo\\qrest\"}]", 12, "invalid escape" },
	{ "[{\"name\":\"Fo\\u00\"}]", 12, "escape" },
	{ "[{\"name\":\"Forest\",\"name\":\"Island\"}]", 18, "duplicate key" },
	{ "[{\"name\":\"Forest\" \"x\":1}]", 18, "malformed JSON" },
	{ "[{\"name\":\"Forest\"]]", 17, "malformed JSON" },
	{ "[{\"name\":\"Fo\x01rest\"}]", 12, "malformed JSON" },
	{ "[{\"name\":\"Fo\xffrest\"}]", 12, "malformed JSON" },
	{ "[{\"a\":01}]", 7, "malformed JSON" },
};

START_TEST(bad_files_stop_at_their_byte)
{
	const struct bad_case *b = &bad_cases[_i];
	struct mf_card_db *db = mf_card_db_new();
	static const size_t chunks[] = { 1, 3, 0 };

	for (size_t c = 0; c < 3; c++) {
		int rc;
		struct mf_card_stream *s = read_in(db, b->text, strlen(b->text), chunks[c], &rc);
		const struct mf_card_stream_error *e = mf_card_stream_failure(s);

		ck_assert_msg(rc == -1, "case %d accepted", _i);
		ck_assert_ptr_nonnull(e);
		ck_assert_msg(e->offset == b->offset && strstr(e->reason, b->reason),
			      "case %d, pieces of %zu: byte %zu \"%s\"", _i, chunks[c], e->offset,
			      e->reason);
		/* Stopped for good. */
		ck_assert_int_eq(mf_card_stream_feed(s, "[]", 2), -1);
		ck_assert_int_eq(mf_card_stream_finish(s), -1);
		mf_card_stream_free(s);
	}
	mf_card_db_free(db);
}
END_TEST

/* Builds "[" + n copies of open + "{}"-ish + n closes + "]" as a card. */
START_TEST(nesting_and_size_limits)
{
	size_t n = MF_CARD_STREAM_ELEMENT_MAX + 64, len;
	char *text = malloc(n + 64);
	struct mf_card_db *db = mf_card_db_new();
	struct mf_card_stream *s;
	int rc;

	/* 64 levels: the card and 63 arrays inside it, read (and skipped: no name). */
	len = (size_t)sprintf(text, "[{\"x\":");
	for (int i = 0; i < 63; i++)
		text[len++] = '[';
	for (int i = 0; i < 63; i++)
		text[len++] = ']';
	len += (size_t)sprintf(text + len, "}]");
	s = read_in(db, text, len, 5, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(mf_card_stream_stats(s).skipped, 1);
	ck_assert_str_eq(mf_card_stream_first_skip(s)->reason,
			 "card skipped: /name: missing field \"name\"");
	mf_card_stream_free(s);
	/* 65 levels: stopped at the 65th's bracket. */
	len = (size_t)sprintf(text, "[{\"x\":");
	for (int i = 0; i < 64; i++)
		text[len++] = '[';
	s = read_in(db, text, len, 0, &rc);
	ck_assert_int_eq(rc, -1);
	ck_assert_uint_eq(mf_card_stream_failure(s)->offset, 6 + 63);
	ck_assert_ptr_nonnull(strstr(mf_card_stream_failure(s)->reason, "nesting deeper than 64"));
	mf_card_stream_free(s);
	/* A card object over MF_CARD_STREAM_ELEMENT_MAX, at its first byte. */
	len = (size_t)sprintf(text, "[ {\"name\":\"");
	memset(text + len, 'a', n - len);
	s = read_in(db, text, n, 4096, &rc);
	ck_assert_int_eq(rc, -1);
	ck_assert_uint_eq(mf_card_stream_failure(s)->offset, 2);
	ck_assert_ptr_nonnull(strstr(mf_card_stream_failure(s)->reason, "longer than 1048576"));
	mf_card_stream_free(s);
	/* A file past MF_CARD_STREAM_BYTES_MAX: refused before its bytes are
	 * read (the length alone says so), at the limit's byte. */
	s = mf_card_stream_new(db);
	ck_assert_int_eq(mf_card_stream_feed(s, "[", 1), 0);
	ck_assert_int_eq(mf_card_stream_feed(s, text, MF_CARD_STREAM_BYTES_MAX), -1);
	ck_assert_uint_eq(mf_card_stream_failure(s)->offset, MF_CARD_STREAM_BYTES_MAX);
	ck_assert_str_eq(mf_card_stream_failure(s)->reason, "the file is longer than 512 MiB");
	mf_card_stream_free(s);
	ck_assert_uint_eq(mf_card_db_count(db), 0);
	mf_card_db_free(db);
	free(text);
}
END_TEST

START_TEST(bad_cards_are_skipped_and_counted)
{
	char *big = malloc(MF_CARD_TEXT_MAX + 200);
	struct mf_card_db *db = mf_card_db_new();
	struct mf_card_stream *s;
	struct mf_card_stream_stats st;
	int rc, n;

	n = sprintf(big, "[{\"name\":\"Long\",\"oracle_text\":\"");
	memset(big + n, 'x', MF_CARD_TEXT_MAX + 1);
	n += MF_CARD_TEXT_MAX + 1;
	n += sprintf(big + n, "\"},{\"name\":\"Forest\",\"layout\":\"normal\",\"prices\":{\"usd\":null}},"
		     "{\"name\":3},{\"name\":\"FOREST\"},{\"name\":\" // \"},"
		     "{\"name\":\"Odd\",\"card_faces\":[1]},{\"name\":\"Island\"}]");
	s = read_in(db, big, (size_t)n, 100, &rc);
	ck_assert_int_eq(rc, 0);
	st = mf_card_stream_stats(s);
	ck_assert_uint_eq(st.elements, 7);
	ck_assert_uint_eq(st.added, 2);
	ck_assert_uint_eq(st.duplicates, 1);
	ck_assert_uint_eq(st.skipped, 4);
	ck_assert_uint_eq(mf_card_stream_first_skip(s)->offset, 1);
	ck_assert_str_eq(mf_card_stream_first_skip(s)->reason,
			 "card skipped: /oracle_text: longer than 4096 bytes");
	ck_assert_str_eq(mf_card_db_find(db, "forest", 6)->layout, "normal");
	ck_assert_str_eq(mf_card_db_find(db, "island", 6)->layout, "");
	ck_assert_ptr_null(mf_card_db_find(db, "long", 4));
	mf_card_stream_free(s);
	/* An empty array is a whole file, with no card. */
	s = read_in(db, " [ ] \n", 6, 1, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(mf_card_stream_stats(s).elements, 0);
	mf_card_stream_free(s);
	mf_card_stream_free(NULL);
	mf_card_db_free(db);
	free(big);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("card-stream");
	TCase *tc = tcase_create("stream");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, sample_in_any_pieces, 0, 5);
	tcase_add_loop_test(tc, bad_files_stop_at_their_byte, 0,
			    (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(tc, nesting_and_size_limits);
	tcase_add_test(tc, bad_cards_are_skipped_and_counted);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
