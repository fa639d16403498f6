/*
 * The mana solve's one-pass reader (api/mana_direct.c) against the tree
 * path it stands in for: every body goes through mf_api_answer() (the
 * reader when it takes the body) and mf_api_answer_tree() (the strict
 * check, cJSON, the adapter's decoder), and the two must give the same
 * answer or the same problem (kind, pointer, detail, members), byte for
 * byte. The bodies: plain queries drawn at random from the catalogue (the
 * reader must take nearly all of them), each mutated byte by byte (a
 * quote, an escape, a NUL, a stray UTF-8 byte, a sign...), hand-written
 * edge cases on either side of what the reader takes, and every seed and
 * kept crash of the mana_solve fuzzer and the CLI's JSON lines.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_mana.h"
#include "common/random.h"

#ifndef MF_TEST_SOURCE_ROOT
#error "the build defines MF_TEST_SOURCE_ROOT"
#endif

static struct mf_mana_catalogue *lands;

static void setup(void)
{
	struct mf_mana_parse_error perr;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&lands, &perr), MF_OK);
}

static void teardown(void)
{
	mf_mana_catalogue_free(lands);
}

/* One path's outcome. */
struct outcome {
	int rc;
	struct mf_api_error err;
	struct mf_buf out;
};

/* Runs body[0, len) (a NUL-terminated copy is made) through both paths
 * against cat and checks that they agree. Returns whether the one-pass
 * reader took the body. */
static int same_answer(const struct mf_mana_catalogue *cat, const char *body, size_t len)
{
	struct mf_api_ctx ctx = { .lands = cat, .lands_listing = "GET /v1/lands" };
	struct outcome a, b;
	char *text = malloc(len + 1);
	int taken;

	ck_assert_ptr_nonnull(text);
	memcpy(text, body, len);
	text[len] = '\0';
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	mf_buf_init(&a.out, 1u << 22);
	mf_buf_init(&b.out, 1u << 22);
	a.rc = mf_api_answer(mf_api_mana_solve, &ctx, text, len, &a.out, &a.err);
	b.rc = mf_api_answer_tree(mf_api_mana_solve, &ctx, text, len, &b.out, &b.err);
	ck_assert_msg(a.rc == b.rc, "%.*s: rc %d, the tree's %d", (int)len, text, a.rc, b.rc);
	if (a.rc == 0) {
		ck_assert_msg(mf_buf_len(&a.out) == mf_buf_len(&b.out) &&
			      memcmp(mf_buf_ptr(&a.out), mf_buf_ptr(&b.out), mf_buf_len(&a.out)) == 0,
			      "%.*s:\n%s\nnot the tree's\n%s", (int)len, text, mf_buf_ptr(&a.out),
			      mf_buf_ptr(&b.out));
	} else {
		ck_assert_msg(a.err.problem == b.err.problem, "%.*s: problem %s, the tree's %s",
			      (int)len, text, mf_problem_slug(a.err.problem),
			      mf_problem_slug(b.err.problem));
		ck_assert_str_eq(a.err.pointer, b.err.pointer);
		ck_assert_str_eq(a.err.detail, b.err.detail);
		ck_assert_str_eq(a.err.members, b.err.members);
	}
	mf_buf_free(&a.out);
	mf_buf_free(&b.out);
	/* whether the reader took it: a second answer from the reader alone */
	mf_buf_init(&a.out, 1u << 22);
	taken = mf_api_mana_solve_text(text, len, &ctx, &a.out, &a.err) != MF_API_TREE;
	mf_buf_free(&a.out);
	free(text);
	return taken;
}

#define SAME(cat, lit) same_answer(cat, lit, sizeof(lit) - 1)

static uint64_t seed = 0x6469726563743131ull;

static size_t below(size_t n)
{
	return (size_t)(mf_splitmix64(&seed) % n);
}

/* Appends s to buf (cap bytes) at *n. */
static void put(char *buf, size_t cap, size_t *n, const char *s)
{
	size_t k = strlen(s);

	ck_assert_uint_lt(*n + k, cap);
	memcpy(buf + *n, s, k + 1);
	*n += k;
}

/* JSON whitespace, usually none. */
static const char *ws(void)
{
	static const char *const pool[] = { "", "", "", "", " ", "\n", "\t", "\r\n  " };

	return pool[below(sizeof(pool) / sizeof(pool[0]))];
}

/* An array of n names of cat's lands, as a JSON array. */
static void put_lands(char *buf, size_t cap, size_t *n, const struct mf_mana_catalogue *cat,
		      size_t count)
{
	put(buf, cap, n, "[");
	put(buf, cap, n, ws());
	for (size_t i = 0; i < count; i++) {
		if (i) {
			put(buf, cap, n, ws());
			put(buf, cap, n, ",");
			put(buf, cap, n, ws());
		}
		put(buf, cap, n, "\"");
		put(buf, cap, n, mf_mana_catalogue_land(cat, below(mf_mana_catalogue_size(cat)))->name);
		put(buf, cap, n, "\"");
	}
	put(buf, cap, n, ws());
	put(buf, cap, n, "]");
}

/* A plain query of cat's lands, its members in a random order, each with
 * whitespace around it or not; *len its length. */
static void plain_query(char *buf, size_t cap, size_t *len, const struct mf_mana_catalogue *cat)
{
	static const char *const costs[] = {
		"G", "RG", "2WU", "{1}{G}{G}", "{X}{R}", "{W/U}{B/P}", "{2/G}{C}", "WUBRG", "11111",
		"{G/U/P}{R}", "{X}{X}{G}", "",
	};
	int order[5] = { 0, 1, 2, 3, 4 }, members = 0;
	char num[32];
	size_t n = 0;

	for (int i = 4; i > 0; i--) {
		int j = (int)below((size_t)i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	put(buf, cap, &n, ws());
	put(buf, cap, &n, "{");
	for (int k = 0; k < 5; k++) {
		int m = order[k];

		if ((m == 1 || m == 4) && below(3) == 0)
			continue;  /* library and x are optional */
		put(buf, cap, &n, members++ ? "," : "");
		put(buf, cap, &n, ws());
		switch (m) {
		case 0:
			put(buf, cap, &n, "\"battlefield\"");
			put(buf, cap, &n, ws());
			put(buf, cap, &n, ":");
			put(buf, cap, &n, ws());
			put_lands(buf, cap, &n, cat, below(12));
			break;
		case 1:
			put(buf, cap, &n, "\"library\":");
			put_lands(buf, cap, &n, cat, below(6));
			break;
		case 2:
			snprintf(num, sizeof(num), "\"life\":%zu", 1 + below(20));
			put(buf, cap, &n, num);
			break;
		case 3:
			put(buf, cap, &n, "\"cost\":\"");
			put(buf, cap, &n, costs[below(sizeof(costs) / sizeof(costs[0]))]);
			put(buf, cap, &n, "\"");
			break;
		default:
			snprintf(num, sizeof(num), "\"x\":%zu", below(4));
			put(buf, cap, &n, num);
			break;
		}
		put(buf, cap, &n, ws());
	}
	put(buf, cap, &n, "}");
	put(buf, cap, &n, ws());
	*len = n;
}

/* Plain queries: the reader takes every one that is whole (each has all
 * three required members but when the random order left the battlefield
 * out, which it never does) and answers as the tree does. */
START_TEST(test_plain_queries)
{
	char body[4096];
	size_t len, taken = 0, n = 3000;

	for (size_t i = 0; i < n; i++) {
		plain_query(body, sizeof(body), &len, lands);
		taken += (size_t)same_answer(lands, body, len);
	}
	ck_assert_uint_eq(taken, n);
}
END_TEST

/* Every plain query mutated at every byte: each mutant answered alike. */
START_TEST(test_mutants)
{
	static const char bytes[] = { '"', '\\', ',', ':', '[', ']', '{', '}', ' ', '0', '1', '-',
				      '.', 'e', 'x', 'n', '\0', '\x01', '\x7f', '\x80', '\xc3', '\xff' };
	char body[4096], mutant[4096];
	size_t len, taken = 0, runs = 0;

	for (int q = 0; q < 40; q++) {
		plain_query(body, sizeof(body), &len, lands);
		for (size_t p = 0; p < len; p++) {
			/* replaced */
			memcpy(mutant, body, len);
			mutant[p] = bytes[below(sizeof(bytes))];
			taken += (size_t)same_answer(lands, mutant, len);
			/* deleted */
			memcpy(mutant, body, p);
			memcpy(mutant + p, body + p + 1, len - p - 1);
			taken += (size_t)same_answer(lands, mutant, len - 1);
			/* one inserted */
			memcpy(mutant, body, p);
			mutant[p] = bytes[below(sizeof(bytes))];
			memcpy(mutant + p + 1, body + p, len - p);
			taken += (size_t)same_answer(lands, mutant, len + 1);
			runs += 3;
		}
	}
	printf("mutants: %zu, %zu of them taken by the one-pass reader\n", runs, taken);
	ck_assert_uint_gt(taken, 0);
	ck_assert_uint_lt(taken, runs);
}
END_TEST

/* Just inside and just outside what the reader takes: either way, the
 * tree's answer. */
START_TEST(test_edges)
{
	/* taken */
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(SAME(lands, " {\"library\":[\"Steam Vents\"],\"battlefield\":[\"Wooded Foothills\","
			      "\"Forest\"],\"cost\":\"RG\",\"life\":7} \n"));
	ck_assert(SAME(lands, "{\"battlefield\":[],\"life\":1,\"cost\":\"\"}"));
	ck_assert(SAME(lands, "{\"battlefield\":[],\"library\":[],\"life\":1000000,\"cost\":\"{X}\","
			      "\"x\":0}"));
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"{X}{G}\",\"x\":1000000}"));
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"Q\"}"));
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"{X}{G}\"}"));
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"{X}\",\"x\":999999}"));
	ck_assert(SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"x\":5}"));
	/* not taken: the tree answers (or refuses) */
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":0,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":1000001,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7.0,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7e0,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":07,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":-7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"x\":-0}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"x\":null}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"library\":null,\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"life\":7}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"li\\u0066e\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"For\\u0065st\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"\\u0047\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forst\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"colour\":1}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"} x"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\",],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",}"));
	ck_assert(!SAME(lands, "\xef\xbb\xbf{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[{\"name\":\"Forest\"}],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":\"Forest\",\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":\"7\",\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":[\"G\"]}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\t\"}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\xc0\xaf\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(lands, "[{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}]"));
	ck_assert(!SAME(lands, ""));
	ck_assert(!SAME(lands, "{}"));
	ck_assert(!SAME(lands, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\""));
	{
		/* a NUL after the object: not JSON, whatever strlen says */
		static const char nul[] = "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}\0";

		ck_assert(!same_answer(lands, nul, sizeof(nul) - 1));
	}
}
END_TEST

/* A cost longer than its limit, and as long as it: the tree's answer. */
START_TEST(test_cost_length)
{
	char body[2 * MF_MANA_COST_TEXT_MAX];
	size_t n = 0;

	for (size_t len = MF_MANA_COST_TEXT_MAX; len <= MF_MANA_COST_TEXT_MAX + 1; len++) {
		n = (size_t)snprintf(body, sizeof(body), "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"");
		memset(body + n, '1', len);
		n += len;
		n += (size_t)snprintf(body + n, sizeof(body) - n, "\"}");
		ck_assert_int_eq(same_answer(lands, body, n), len <= MF_MANA_COST_TEXT_MAX);
	}
}
END_TEST

/* Land names beyond ASCII, in a catalogue that has them: read as the tree
 * reads them, stray bytes left to it. */
START_TEST(test_utf8_names)
{
	static const char text[] =
		"Forest;Forest;G;\n"
		"L\xc3\xb3rien Grove;Forest;G;\n"
		"\xe6\xa3\xae;Forest;G;\n"
		"\xf0\x9f\x8c\xb2 Tree;;G|U;\n";
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error perr;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, sizeof(text) - 1, &cat, &perr), MF_OK);
	ck_assert(SAME(cat, "{\"battlefield\":[\"L\xc3\xb3rien Grove\",\"\xe6\xa3\xae\","
			    "\"\xf0\x9f\x8c\xb2 Tree\"],\"life\":7,\"cost\":\"GU\"}"));
	ck_assert(!SAME(cat, "{\"battlefield\":[\"L\xc3rien Grove\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(cat, "{\"battlefield\":[\"\xed\xa0\x80\"],\"life\":7,\"cost\":\"G\"}"));
	ck_assert(!SAME(cat, "{\"battlefield\":[\"\xf0\x9f\x8c\"],\"life\":7,\"cost\":\"G\"}"));
	mf_mana_catalogue_free(cat);
}
END_TEST

/* Answers every file of dir (one body each); how many. */
static size_t same_for_dir(const char *dir)
{
	char path[1024];
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t files = 0;

	ck_assert_msg(d != NULL, "cannot open %s", dir);
	while ((e = readdir(d))) {
		static char body[1 << 20];
		size_t len;
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		f = fopen(path, "rb");
		ck_assert_msg(f != NULL, "cannot open %s", path);
		len = fread(body, 1, sizeof(body), f);
		fclose(f);
		same_answer(lands, body, len);
		files++;
	}
	closedir(d);
	return files;
}

/* The mana_solve fuzzer's seeds and kept crashes, and the CLI's JSON lines,
 * each line a body. */
START_TEST(test_kept_bodies)
{
	char path[1024], line[1 << 16];
	FILE *f;

	ck_assert_uint_gt(same_for_dir(MF_TEST_SOURCE_ROOT "/tests/fuzz/corpus/mana_solve"), 0);
	same_for_dir(MF_TEST_SOURCE_ROOT "/tests/fuzz/regressions/mana_solve");
	snprintf(path, sizeof(path), "%s", MF_TEST_SOURCE_ROOT "/tests/data/json_lines.txt");
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		size_t len = strcspn(line, "\n");

		same_answer(lands, line, len);
	}
	fclose(f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mana-direct");
	TCase *tc = tcase_create("direct");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_plain_queries);
	tcase_add_test(tc, test_mutants);
	tcase_add_test(tc, test_edges);
	tcase_add_test(tc, test_cost_length);
	tcase_add_test(tc, test_utf8_names);
	tcase_add_test(tc, test_kept_bodies);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
