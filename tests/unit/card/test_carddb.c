/*
 * The card database (manaflow/carddb.h) over the sample's 3,111 cards, added
 * straight from their structs (the streaming reader has its own suite in
 * tests/unit/api): every card found by its name however it is typed and by
 * its front face, copies that outlive the caller's strings, duplicates,
 * every limit at and one past its value, and did you mean against a
 * brute-force Levenshtein over every key.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "manaflow/card.h"
#include "manaflow/carddb.h"
#include "unit/card/sample.h"

static struct sample sample;
static struct mf_card_db *db;

static void setup(void)
{
	ck_assert_int_eq(sample_load(sample_path(), &sample), 0);
	db = mf_card_db_new();
	ck_assert_ptr_nonnull(db);
	for (size_t i = 0; i < sample.n; i++) {
		bool added = false;

		ck_assert_int_eq(mf_card_db_add(db, &sample.cards[i].card, "normal", &added), MF_OK);
		ck_assert_msg(added, "%s", sample.cards[i].card.card.name);
	}
}

static void teardown(void)
{
	mf_card_db_free(db);
	sample_free(&sample);
}

/* Whether a and b (NULL read as "") are the same text. */
static bool same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

static void assert_same_face(const struct mf_card_face *a, const struct mf_card_face *b)
{
	ck_assert(same(a->name, b->name));
	ck_assert(same(a->mana_cost, b->mana_cost));
	ck_assert(same(a->type_line, b->type_line));
	ck_assert(same(a->oracle_text, b->oracle_text));
}

/* Finds name (a NUL-terminated string). */
static const struct mf_card_db_card *find(const char *name)
{
	return mf_card_db_find(db, name, strlen(name));
}

START_TEST(every_card_is_kept_and_found)
{
	ck_assert_uint_eq(mf_card_db_count(db), sample.n);
	ck_assert_uint_eq(sample.n, 3111);
	ck_assert_uint_gt(mf_card_db_bytes(db), 0);
	for (size_t i = 0; i < sample.n; i++) {
		const struct mf_card_object *want = &sample.cards[i].card;
		const struct mf_card_db_card *got = mf_card_db_get(db, i);

		ck_assert_ptr_nonnull(got);
		ck_assert_ptr_eq(find(want->card.name), got);
		assert_same_face(&got->object.card, &want->card);
		ck_assert_uint_eq(got->object.n_faces, want->n_faces);
		for (size_t f = 0; f < want->n_faces; f++)
			assert_same_face(&got->object.faces[f], &want->faces[f]);
		ck_assert_str_eq(got->layout, "normal");
		/* The copies are the database's own. */
		ck_assert_ptr_ne(got->object.card.name, want->card.name);
	}
	ck_assert_ptr_null(mf_card_db_get(db, sample.n));
}
END_TEST

START_TEST(names_match_however_typed)
{
	const struct mf_card_db_card *fire = find("Fire // Ice");
	const struct mf_card_db_card *delver = find("Delver of Secrets // Insectile Aberration");

	ck_assert_ptr_nonnull(fire);
	ck_assert_ptr_nonnull(delver);
	ck_assert_ptr_eq(find("fire // ice"), fire);
	ck_assert_ptr_eq(find("FIRE/ICE"), fire);
	ck_assert_ptr_eq(find("Fire /// Ice"), fire);
	ck_assert_ptr_eq(find("  Fire   //Ice  "), fire);
	/* The front face alone, as Arena writes split and double-faced cards. */
	ck_assert_ptr_eq(find("Fire"), fire);
	ck_assert_ptr_eq(find("fIRE"), fire);
	ck_assert_ptr_eq(find("Delver of Secrets"), delver);
	ck_assert_ptr_eq(find("delver of secrets"), delver);
	/* The back face is not the card's name. */
	ck_assert_ptr_null(find("Ice"));
	ck_assert_ptr_null(find("Insectile Aberration"));
	ck_assert_ptr_null(find("Fire // Ise"));
	ck_assert_ptr_nonnull(find("Lightning Mauler"));
	ck_assert_ptr_eq(find("lightning  mauler"), find("Lightning Mauler"));
	/* Outside ASCII, bytes are kept: é is not e. */
	ck_assert_ptr_nonnull(find("Déjà Vu"));
	ck_assert_ptr_eq(find("déjà vu"), find("Déjà Vu"));
	ck_assert_ptr_null(find("Deja Vu"));
	ck_assert_ptr_null(find(""));
	ck_assert_ptr_null(find(" / "));
	ck_assert_ptr_null(mf_card_db_find(db, NULL, 0));
	ck_assert_ptr_null(mf_card_db_find(NULL, "Fire", 4));
}
END_TEST

/* The closest key by brute force: every card's full and front key, the
 * plain Levenshtein distance, the lowest index on ties. */
static size_t lev(const char *a, size_t m, const char *b, size_t n)
{
	size_t *row = malloc((n + 1) * sizeof(*row));
	size_t d;

	for (size_t j = 0; j <= n; j++)
		row[j] = j;
	for (size_t i = 1; i <= m; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= n; j++) {
			size_t up = row[j], v = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			diag = up;
			row[j] = v;
		}
	}
	d = row[n];
	free(row);
	return d;
}

static const struct mf_card_db_card *brute_closest(const char *name, unsigned k, size_t *dist)
{
	char q[512], key[512];
	size_t qn = mf_card_name_key(name, strlen(name), q, sizeof(q)), best = (size_t)-1;
	const struct mf_card_db_card *won = NULL;

	for (size_t i = 0; i < mf_card_db_count(db); i++) {
		const struct mf_card_db_card *c = mf_card_db_get(db, i);
		const char *nm = c->object.card.name;
		size_t kn = mf_card_name_key(nm, strlen(nm), key, sizeof(key));
		size_t fn = mf_card_name_front_key(nm, strlen(nm), NULL, 0);
		size_t d = lev(q, qn, key, kn);

		if (fn > 0 && fn < kn) {
			size_t df = lev(q, qn, key, fn);

			d = df < d ? df : d;
		}
		if (d <= k && d < best) {
			best = d;
			won = c;
		}
	}
	*dist = best;
	return won;
}

START_TEST(did_you_mean)
{
	unsigned d = 99;
	const struct mf_card_db_card *c;

	c = mf_card_db_closest(db, "Lightnig Mauler", 15, MF_CARD_DB_DISTANCE_AUTO, &d);
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(c->object.card.name, "Lightning Mauler");
	ck_assert_uint_eq(d, 1);
	c = mf_card_db_closest(db, "lightning mauler", 16, MF_CARD_DB_DISTANCE_AUTO, &d);
	ck_assert_str_eq(c->object.card.name, "Lightning Mauler");
	ck_assert_uint_eq(d, 0);
	/* A front face misspelt. */
	c = mf_card_db_closest(db, "Delvr of Secrets", 16, MF_CARD_DB_DISTANCE_AUTO, &d);
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(c->object.card.name, "Delver of Secrets // Insectile Aberration");
	ck_assert_uint_eq(d, 1);
	/* Nothing close: no suggestion, and the distance stays 0. */
	ck_assert_ptr_null(mf_card_db_closest(db, "Qwxzyv Plorkington", 18,
					      MF_CARD_DB_DISTANCE_AUTO, &d));
	ck_assert_uint_eq(d, 0);
	/* The cutoff: 4 edits are past the automatic one (3), not past 4. */
	c = mf_card_db_closest(db, "Lxghtnxng Mxxler", 16, MF_CARD_DB_DISTANCE_AUTO, &d);
	ck_assert_ptr_null(c);
	c = mf_card_db_closest(db, "Lxghtnxng Mxxler", 16, 4, &d);
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(c->object.card.name, "Lightning Mauler");
	ck_assert_uint_eq(d, 4);
	ck_assert_ptr_null(mf_card_db_closest(db, "", 0, 3, NULL));
	ck_assert_ptr_null(mf_card_db_closest(NULL, "x", 1, 3, NULL));
}
END_TEST

/* Mutations of sample names (a byte dropped, doubled, replaced), each held
 * to the brute force's distance; the card may differ only on a tie. */
START_TEST(did_you_mean_agrees_with_brute_force)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz ";
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	double ns = 0;
	size_t tried = 0;

	for (size_t i = 0; i < sample.n; i += 37) {
		char name[512];
		const char *orig = sample.cards[i].card.card.name;
		size_t n = strlen(orig), dist, pos;
		unsigned d = 0, k = (unsigned)(i % 4);
		const struct mf_card_db_card *want, *got;
		struct timespec t0, t1;

		if (n + 2 >= sizeof(name))
			continue;
		memcpy(name, orig, n + 1);
		for (int edits = 0; edits < 1 + (int)(i % 3); edits++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			pos = (size_t)(seed >> 33) % (n ? n : 1);
			switch ((seed >> 20) % 3) {
			case 0:
				memmove(name + pos, name + pos + 1, n - pos);
				n--;
				break;
			case 1:
				memmove(name + pos + 1, name + pos, n - pos + 1);
				n++;
				break;
			default:
				name[pos] = letters[(seed >> 40) % (sizeof(letters) - 1)];
			}
		}
		clock_gettime(CLOCK_MONOTONIC, &t0);
		got = mf_card_db_closest(db, name, n, k, &d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ns += (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
		tried++;
		/* auto: a misspelling's distance (carddb.h), 1 up to 5 bytes, 2 up
		 * to 14, 3 longer */
		want = brute_closest(name, k == 0 ? (n <= 5 ? 1 : n <= 14 ? 2 : 3) : k, &dist);
		ck_assert_msg((got == NULL) == (want == NULL), "\"%s\" k=%u: %s against %s", name, k,
			      got ? got->object.card.name : "none",
			      want ? want->object.card.name : "none");
		if (got)
			ck_assert_msg(d == dist, "\"%s\": %u against %zu", name, d, dist);
	}
	printf("did you mean: %zu names, %.1f us each\n", tried, ns / (double)tried / 1e3);
}
END_TEST

START_TEST(duplicates_keep_the_first)
{
	struct mf_card_object other = { .card = { .name = "LIGHTNING MAULER", .oracle_text = "x" } };
	const struct mf_card_db_card *mauler = find("Lightning Mauler");
	bool added = true;

	ck_assert_int_eq(mf_card_db_add(db, &other, NULL, &added), MF_OK);
	ck_assert(!added);
	ck_assert_uint_eq(mf_card_db_count(db), sample.n);
	ck_assert_ptr_eq(find("lightning mauler"), mauler);
	ck_assert_str_ne(mauler->object.card.oracle_text, "x");
	/* A one-faced card named as another's front face is its own card, and
	 * wins the lookup by that name. */
	other.card.name = "Fire";
	ck_assert_int_eq(mf_card_db_add(db, &other, NULL, &added), MF_OK);
	ck_assert(added);
	ck_assert_str_eq(find("fire")->object.card.name, "Fire");
	ck_assert_str_eq(find("fire // ice")->object.card.name, "Fire // Ice");
	ck_assert_str_eq(find("fire")->layout, "");
}
END_TEST

START_TEST(limits_and_refusals)
{
	char *big = malloc(MF_CARD_TEXT_MAX + 2);
	struct mf_card_face faces[MF_CARD_FACES_MAX + 1] = { { 0 } };
	struct mf_card_object c = { .card = { .name = "Test Card" } };
	char layout[MF_CARD_DB_LAYOUT_MAX + 2];
	size_t n = mf_card_db_count(db), bytes = mf_card_db_bytes(db);
	bool added = true;

	memset(big, 'a', MF_CARD_TEXT_MAX + 1);
	big[MF_CARD_TEXT_MAX + 1] = '\0';
	c.card.oracle_text = big;
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, &added), MF_ERR_LIMIT);
	ck_assert(!added);
	big[MF_CARD_TEXT_MAX] = '\0';  /* at the limit: taken */
	c.card.name = "Test Card 1";
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, &added), MF_OK);
	ck_assert(added);
	c.card.oracle_text = NULL;
	c.faces = faces;
	c.n_faces = MF_CARD_FACES_MAX + 1;
	c.card.name = "Test Card 2";
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_LIMIT);
	c.n_faces = MF_CARD_FACES_MAX;
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_OK);
	ck_assert_uint_eq(find("test card 2")->object.n_faces, MF_CARD_FACES_MAX);
	ck_assert_str_eq(find("test card 2")->object.faces[3].name, "");
	faces[2].type_line = big;
	big[MF_CARD_TEXT_MAX] = 'a';
	c.card.name = "Test Card 3";
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_LIMIT);
	c.faces = NULL;
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_INVALID);
	c.n_faces = 0;
	memset(layout, 'l', sizeof(layout) - 1);
	layout[sizeof(layout) - 1] = '\0';
	ck_assert_int_eq(mf_card_db_add(db, &c, layout, NULL), MF_ERR_LIMIT);
	layout[MF_CARD_DB_LAYOUT_MAX] = '\0';
	ck_assert_int_eq(mf_card_db_add(db, &c, layout, NULL), MF_OK);
	ck_assert_str_eq(find("test card 3")->layout, layout);
	/* Names whose key is empty or too long. */
	c.card.name = " // ";
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_INVALID);
	c.card.name = NULL;
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_INVALID);
	memset(big, '/', MF_CARD_TEXT_MAX);  /* "a/" repeated: every '/' grows to " // " */
	for (size_t i = 0; i < MF_CARD_TEXT_MAX; i += 2)
		big[i] = 'a';
	big[MF_CARD_TEXT_MAX] = '\0';
	c.card.name = big;
	ck_assert_int_eq(mf_card_db_add(db, &c, NULL, NULL), MF_ERR_LIMIT);
	ck_assert_ptr_null(mf_card_db_find(db, big, MF_CARD_TEXT_MAX));
	ck_assert_ptr_null(mf_card_db_closest(db, big, MF_CARD_TEXT_MAX, 8, NULL));
	ck_assert_int_eq(mf_card_db_add(db, NULL, NULL, NULL), MF_ERR_INVALID);
	ck_assert_int_eq(mf_card_db_add(NULL, &c, NULL, NULL), MF_ERR_INVALID);
	ck_assert_uint_eq(mf_card_db_count(db), n + 3);
	ck_assert_uint_ge(mf_card_db_bytes(db), bytes);
	free(big);
}
END_TEST

/* MF_CARD_DB_CARDS_MAX cards, then one more refused; lookups still work. */
START_TEST(cards_cap)
{
	struct mf_card_db *full = mf_card_db_new();
	struct mf_card_object c = { .card = { .name = NULL } };
	char name[32];

	for (unsigned i = 0; i < MF_CARD_DB_CARDS_MAX; i++) {
		snprintf(name, sizeof(name), "Card %u", i);
		c.card.name = name;
		ck_assert_int_eq(mf_card_db_add(full, &c, NULL, NULL), MF_OK);
	}
	c.card.name = "One Too Many";
	ck_assert_int_eq(mf_card_db_add(full, &c, NULL, NULL), MF_ERR_LIMIT);
	ck_assert_uint_eq(mf_card_db_count(full), MF_CARD_DB_CARDS_MAX);
	ck_assert_str_eq(mf_card_db_find(full, "card 99999", 10)->object.card.name, "Card 99999");
	ck_assert_str_eq(mf_card_db_closest(full, "card 9999x", 10, 1, NULL)->object.card.name,
			 "Card 9999");
	printf("%u one-line cards: %zu bytes held\n", MF_CARD_DB_CARDS_MAX, mf_card_db_bytes(full));
	mf_card_db_free(full);
	mf_card_db_free(NULL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("card-db");
	TCase *tc = tcase_create("db");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, every_card_is_kept_and_found);
	tcase_add_test(tc, names_match_however_typed);
	tcase_add_test(tc, did_you_mean);
	tcase_add_test(tc, did_you_mean_agrees_with_brute_force);
	tcase_add_test(tc, duplicates_keep_the_first);
	tcase_add_test(tc, limits_and_refusals);
	tcase_add_test(tc, cards_cap);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
