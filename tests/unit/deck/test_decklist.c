/*
 * Check suites of the deck list parser (manaflow/decklist.h). This file
 * holds the corpus suite: every file of tests/data/decklists (one per
 * format and edge case) is parsed and rendered, and the rendering must be
 * that file's .expected twin:
 *
 *   format FORMAT                      then one line per entry:
 *   LINE ZONE COUNT NAME
 * or, for a refused list, one line:
 *   error invalid|limit LINE FAULT TEXT
 *
 * The line-by-line suite (faults, limits, .dek details, keys) is in
 * test_decklist_cases.c.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/decklist.h"
#include "unit/deck/decklist_suites.h"

/* Every format and edge case has a file: fewer means a lost directory. */
#define CORPUS_MIN 20

const char *decklist_fault_slug(enum mf_deck_list_fault fault)
{
	static const char *const slugs[] = {
		"none", "nomem", "text-too-long", "too-many-lines", "too-many-entries",
		"main-too-large", "empty", "line-too-long", "encoding", "no-count",
		"count-zero", "count-over", "no-name", "name-too-long", "unknown-section",
		"about", "xml",
	};

	return (unsigned)fault < sizeof(slugs) / sizeof(slugs[0]) ? slugs[fault] : "?";
}

static const char *corpus_dir(void)
{
	const char *env = getenv("MF_DECKLIST_DIR");

	return env && *env ? env : "tests/data/decklists";
}

/* The whole file, *len its bytes; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, got;

	*len = 0;
	if (!f)
		return NULL;
	do {
		if (*len == cap) {
			char *grown = realloc(buf, cap + 65536 + 1);

			ck_assert_ptr_nonnull(grown);
			buf = grown;
			cap += 65536;
		}
		got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
	} while (got > 0);
	fclose(f);
	buf[*len] = '\0';
	return buf;
}

/* Renders a parse the way the .expected files are written; the caller
 * frees the string. */
static char *render(int rc, const struct mf_deck_list *list, const struct mf_deck_list_error *err)
{
	char *out;
	size_t size;
	FILE *f = open_memstream(&out, &size);

	ck_assert_ptr_nonnull(f);
	if (rc != MF_OK) {
		fprintf(f, "error %s %zu %s %s\n",
			rc == MF_ERR_INVALID ? "invalid" : rc == MF_ERR_LIMIT ? "limit" : "other",
			err->line, decklist_fault_slug(err->fault), err->text);
	} else {
		fprintf(f, "format %s\n", mf_deck_format_name(list->format));
		for (size_t i = 0; i < list->n; i++) {
			const struct mf_deck_list_entry *e = &list->entries[i];

			fprintf(f, "%zu %s %u %s\n", e->line, mf_deck_zone_name(e->zone), e->count,
				e->name);
		}
	}
	fclose(f);
	return out;
}

/* Checks what holds of every successful parse beyond its rendering: the
 * names' lengths, the zones' sums, the lines in order. */
static void check_list(const struct mf_deck_list *list)
{
	unsigned cards[MF_DECK_ZONES] = { 0 };

	for (size_t i = 0; i < list->n; i++) {
		const struct mf_deck_list_entry *e = &list->entries[i];

		ck_assert_uint_eq(strlen(e->name), e->name_len);
		ck_assert_uint_ge(e->count, 1);
		ck_assert_uint_le(e->count, MF_DECK_LIST_COUNT_MAX);
		if (i > 0)
			ck_assert_uint_gt(e->line, list->entries[i - 1].line);
		cards[e->zone] += e->count;
	}
	for (int z = 0; z < MF_DECK_ZONES; z++)
		ck_assert_uint_eq(cards[z], list->cards[z]);
}

static void run_one(const char *dir, const char *file)
{
	char path[1024], want_path[1024];
	const char *dot = strrchr(file, '.');
	struct mf_deck_list list;
	struct mf_deck_list_error err;
	size_t len, want_len;
	char *text, *want, *got;
	int rc;

	ck_assert_ptr_nonnull(dot);
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	snprintf(want_path, sizeof(want_path), "%s/%.*s.expected", dir, (int)(dot - file), file);
	text = slurp(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	want = slurp(want_path, &want_len);
	ck_assert_msg(want != NULL, "%s has no %s", path, want_path);
	rc = mf_deck_list_parse(text, len, &list, &err);
	got = render(rc, &list, &err);
	ck_assert_msg(strcmp(got, want) == 0, "%s:\n--- got\n%s--- expected\n%s", file, got, want);
	if (rc == MF_OK)
		check_list(&list);
	else
		ck_assert_ptr_null(list.entries);
	mf_deck_list_free(&list);
	free(got);
	free(want);
	free(text);
}

START_TEST(corpus)
{
	const char *dir = corpus_dir();
	DIR *d = opendir(dir);
	struct dirent *e;
	int ran = 0;

	ck_assert_msg(d != NULL, "cannot open %s", dir);
	while ((e = readdir(d))) {
		const char *dot = strrchr(e->d_name, '.');

		if (e->d_name[0] == '.' || !dot || strcmp(dot, ".expected") == 0)
			continue;
		run_one(dir, e->d_name);
		ran++;
	}
	closedir(d);
	ck_assert_int_ge(ran, CORPUS_MIN);
}
END_TEST

/* Every .expected has its list, so that no expectation goes unchecked. */
START_TEST(corpus_pairs)
{
	const char *dir = corpus_dir();
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[1024];

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		const char *dot = strrchr(e->d_name, '.');
		FILE *f;

		if (!dot || strcmp(dot, ".expected") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%.*s.txt", dir, (int)(dot - e->d_name), e->d_name);
		f = fopen(path, "rb");
		if (!f) {
			snprintf(path, sizeof(path), "%s/%.*s.dek", dir, (int)(dot - e->d_name),
				 e->d_name);
			f = fopen(path, "rb");
		}
		ck_assert_msg(f != NULL, "%s has no .txt or .dek list", e->d_name);
		fclose(f);
	}
	closedir(d);
}
END_TEST

static Suite *decklist_corpus_suite(void)
{
	Suite *s = suite_create("decklist_corpus");
	TCase *tc = tcase_create("corpus");

	tcase_add_test(tc, corpus);
	tcase_add_test(tc, corpus_pairs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(decklist_corpus_suite());
	int failed;

	srunner_add_suite(runner, decklist_cases_suite());
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
