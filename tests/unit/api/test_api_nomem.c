/*
 * Out of memory in the API layer: every allocation one request makes, on
 * its way through mf_api_answer (the strict JSON check, cJSON's parse, the
 * adapter, batches, the solver, the answer's buffer), is made to fail in
 * turn, one per run. Each such run must answer the out-of-memory problem
 * (500), or, where the code does without the memory, the very answer of a
 * run that failed nothing (but the report's work, which a memo doing
 * without memory may raise); and it must free every block it allocated.
 * That holds for cJSON's own allocations too: cJSON says nothing of why a
 * parse failed, but the strict check before it leaves it nothing else to
 * refuse (json_check.h), so mf_api_parse answers out-of-memory.
 *
 * The allocator is counted and failed by nomem.c (the test is linked with
 * -Wl,--wrap=malloc,...); under ASan and valgrind the same runs are also
 * checked for leaks and bad accesses on every error path.
 */
#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_camelot.h"
#include "api/adapt_combat.h"
#include "api/adapt_deck.h"
#include "api/adapt_mana.h"
#include "api/adapt_odds.h"
#include "api/adapt_report.h"
#include "api/json_check.h"
#include "http/status.h"
#include "fixtures.h"
#include "nomem.h"

#ifndef MF_TEST_SOURCE_ROOT
#error "the build defines MF_TEST_SOURCE_ROOT"
#endif

/* One request: a handler and its body, inline or a file of the fuzzers'
 * seeds (tests/fuzz/corpus/...), valid, so that a run that fails nothing
 * answers it. */
struct nomem_case {
	const char *name;
	mf_api_handler handler;
	const char *body;   /* NULL: read from file */
	const char *file;   /* relative to the source root */
};

static const struct nomem_case cases[] = {
	{ "mana solve", mf_api_mana_solve, MF_FIX_FETCH_RG, NULL },
	{ "mana solve, lands as cards", mf_api_mana_solve, NULL,
	  "tests/fuzz/corpus/mana_solve/card-objects" },
	{ "mana batch", mf_api_mana_batch, NULL, "tests/fuzz/corpus/mana_batch/card-objects" },
	{ "odds, exact", mf_api_mana_odds, NULL, "tests/fuzz/corpus/mana_odds/izzet-exact" },
	{ "sources", mf_api_mana_sources, NULL, "tests/fuzz/corpus/mana_sources/paris-40" },
	{ "deck colours", mf_api_deck_colors, NULL, "tests/fuzz/corpus/deck_colors/full_object" },
	{ "deck report", mf_api_deck_report, NULL, "tests/fuzz/corpus/deck_report/cards_every_kind_lands_only" },
	{ "combat blocks", mf_api_combat_blocks, NULL, "tests/fuzz/corpus/combat_blocks/seed_0" },
	{ "camelot solve", mf_api_camelot_solve, NULL, "tests/fuzz/corpus/camelot_solve/deal_0" },
	{ "camelot batch", mf_api_camelot_batch, NULL, "tests/fuzz/corpus/camelot_batch/three" },
};
#define N_CASES (sizeof(cases) / sizeof(cases[0]))

static struct mf_mana_catalogue *lands;

/* The catalogue is made before any allocation is failed, once per test. */
static void setup(void)
{
	struct mf_mana_parse_error perr;

	nomem_install();
	nomem_arm(0);
	ck_assert_int_eq(mf_mana_catalogue_builtin(&lands, &perr), MF_OK);
}

/* Frees what setup made. */
static void teardown(void)
{
	mf_mana_catalogue_free(lands);
}

/* A case's body, NUL-terminated, malloc'd; *len its length. */
static char *case_body(const struct nomem_case *c, size_t *len)
{
	char path[1024];
	char *text;
	long size;
	FILE *f;

	if (c->body) {
		*len = strlen(c->body);
		text = malloc(*len + 1);
		ck_assert_ptr_nonnull(text);
		memcpy(text, c->body, *len + 1);
		return text;
	}
	snprintf(path, sizeof(path), "%s/%s", MF_TEST_SOURCE_ROOT, c->file);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_gt(size, 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	text[size] = '\0';
	*len = (size_t)size;
	return text;
}

/* What one run gave. */
struct outcome {
	int rc;
	struct mf_api_error err;
	char *answer;          /* rc 0: the answer, malloc'd; else NULL */
	uint64_t allocations;  /* made during the run */
	int failed;            /* the chosen allocation was reached */
	int in_cjson;          /* and it was one of cJSON's */
	int64_t leaked;        /* blocks allocated and not freed by the run */
};

/* Answers text with allocation number fail_at failing (0: none). Nothing
 * between the two looks at the count of live blocks may allocate or free
 * but the run: not even a Check assertion, which keeps state of its own. */
static struct outcome answer(const struct nomem_case *c, const char *text, size_t len,
			     uint64_t fail_at)
{
	struct mf_api_ctx ctx = { .lands = lands };
	struct outcome o = { 0 };
	struct mf_buf out;
	size_t n = 0;
	char *taken;
	int64_t live;

	mf_buf_init(&out, 1u << 20);
	live = nomem_live();
	nomem_arm(fail_at);
	o.rc = mf_api_answer(c->handler, &ctx, text, len, &out, &o.err);
	taken = o.rc == 0 ? mf_buf_take(&out, &n) : NULL;
	mf_buf_free(&out);
	o.allocations = nomem_count();
	o.failed = nomem_failed();
	o.in_cjson = nomem_failed_in_cjson();
	nomem_arm(0);
	/* The answer taken is the one block the run may leave. */
	o.leaked = nomem_live() - live - (taken != NULL);
	ck_assert_msg(o.rc != 0 || taken != NULL,
		      "%s: answered, but the answer could not be taken", c->name);
	if (taken) {
		o.answer = malloc(n + 1);
		ck_assert_ptr_nonnull(o.answer);
		memcpy(o.answer, taken, n + 1);
		free(taken);
	}
	return o;
}

/* Whether answer a is b, but for the report's "work": a memo that does
 * without memory (it starts again) may spend more work for the very same
 * figures. */
static bool same_answer(const char *a, const char *b)
{
	const char *wa = strstr(a, "\"work\":"), *wb = strstr(b, "\"work\":");
	size_t n = wa ? (size_t)(wa - a) : strlen(a);

	if (!wa || !wb || (size_t)(wb - b) != n)
		return strcmp(a, b) == 0;
	return strncmp(a, b, n) == 0 && strcmp(strchr(wa, '}'), strchr(wb, '}')) == 0;
}

/* Every allocation up to SWEEP_ALL is failed; past it, about SWEEP_ALL more
 * spread evenly up to the last, so that a request of thousands of
 * allocations (Karsten's table) stays quick under valgrind. */
#define SWEEP_ALL 200

/* The allocation to fail after k, of total. */
static uint64_t next_to_fail(uint64_t k, uint64_t total)
{
	uint64_t stride = total > 2 * SWEEP_ALL ? (total - SWEEP_ALL) / SWEEP_ALL : 1;

	if (k < SWEEP_ALL || k + stride <= total)
		return k < SWEEP_ALL ? k + 1 : k + stride;
	return k < total ? total : total + 1;
}

/* Runs case c failing its allocations in turn (see SWEEP_ALL); returns how
 * many of those runs did without the memory (answered as if nothing
 * failed). */
static unsigned fail_each_allocation(const struct nomem_case *c)
{
	size_t len;
	char *text = case_body(c, &len);
	struct outcome ref = answer(c, text, len, 0), o;
	unsigned absorbed = 0, in_cjson = 0, runs = 0;

	ck_assert_msg(ref.rc == 0, "%s: refused with nothing failed: %s %s", c->name,
		      mf_problem_slug(ref.err.problem), ref.err.detail);
	ck_assert_msg(ref.leaked == 0, "%s: %" PRId64 " blocks leaked with nothing failed",
		      c->name, ref.leaked);
	ck_assert_msg(ref.allocations > 0, "%s: no allocation seen: is the allocator wrapped?",
		      c->name);
	for (uint64_t k = 1; k <= ref.allocations; k = next_to_fail(k, ref.allocations)) {
		o = answer(c, text, len, k);
		runs++;
		ck_assert_msg(o.failed, "%s: allocation %" PRIu64 " of %" PRIu64 " never came (%"
			      PRIu64 " made): the runs are not alike", c->name, k, ref.allocations,
			      o.allocations);
		ck_assert_msg(o.leaked == 0, "%s: allocation %" PRIu64 " of %" PRIu64 " failed: %"
			      PRId64 " blocks leaked", c->name, k, ref.allocations, o.leaked);
		if (o.rc == 0) {
			ck_assert_msg(same_answer(o.answer, ref.answer),
				      "%s: allocation %" PRIu64 " failed, and the answer changed:\n%.1500s"
				      "\nnot\n%.1500s", c->name, k, o.answer, ref.answer);
			absorbed++;
		} else {
			in_cjson += o.in_cjson != 0;
			ck_assert_msg(o.err.problem == MF_PROBLEM_OUT_OF_MEMORY,
				      "%s: allocation %" PRIu64 " of %" PRIu64 " failed: %s (%s), not "
				      "out-of-memory", c->name, k, ref.allocations,
				      mf_problem_slug(o.err.problem), o.err.detail);
			ck_assert_int_eq(mf_http_problem_status(o.err.problem), 500);
		}
		free(o.answer);
	}
	printf("%s: %" PRIu64 " allocations, %u of them failed in turn: %u answered without it, "
	       "%u out of memory (%u of them cJSON's)\n", c->name, ref.allocations, runs,
	       absorbed, runs - absorbed, in_cjson);
	fflush(stdout);
	free(ref.answer);
	free(text);
	return absorbed;
}

START_TEST(test_each_allocation_fails)
{
	fail_each_allocation(&cases[_i]);
}
END_TEST

/* GET /v1/lands's answer is rendered once, at start-up, from no body. */
START_TEST(test_lands_answer)
{
	struct mf_api_ctx ctx = { .lands = lands };
	struct mf_api_error err;
	struct mf_buf out;
	uint64_t total;
	int64_t live, leaked;
	int rc, failed;

	mf_buf_init(&out, 1u << 20);
	nomem_arm(0);
	rc = mf_api_mana_lands(NULL, &ctx, &out, &err);
	total = nomem_count();
	mf_buf_free(&out);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_gt(total, 0);
	for (uint64_t k = 1; k <= total; k++) {
		live = nomem_live();
		nomem_arm(k);
		rc = mf_api_mana_lands(NULL, &ctx, &out, &err);
		mf_buf_free(&out);
		failed = nomem_failed();
		nomem_arm(0);
		leaked = nomem_live() - live;
		ck_assert(failed);
		ck_assert_msg(rc == -1 && err.problem == MF_PROBLEM_OUT_OF_MEMORY,
			      "allocation %" PRIu64 " of %" PRIu64 " failed: rc %d, %s", k, total, rc,
			      rc ? mf_problem_slug(err.problem) : "answered");
		ck_assert_msg(leaked == 0, "allocation %" PRIu64 " failed: %" PRId64 " blocks leaked",
			      k, leaked);
	}
}
END_TEST

/* The strict check's own allocations (its key stack past 64 keys of open
 * objects): each failure is "out of memory" (-2) from the check, the
 * out-of-memory problem from mf_api_answer, and leaks nothing. */
START_TEST(test_json_check_stack)
{
	struct mf_api_ctx ctx = { .lands = lands };
	struct mf_json_check_error why;
	struct mf_api_error err;
	char body[2048];
	size_t len = 0;
	uint64_t total;
	int64_t live, leaked;
	int rc, rc_api, failed;
	struct mf_buf out;

	len += (size_t)snprintf(body + len, sizeof(body) - len, "{");
	for (int i = 0; i < 100; i++)
		len += (size_t)snprintf(body + len, sizeof(body) - len, "%s\"k%d\":%d", i ? "," : "",
					i, i);
	len += (size_t)snprintf(body + len, sizeof(body) - len, "}");
	nomem_arm(0);
	rc = mf_json_check(body, len, MF_API_JSON_DEPTH_MAX, &why);
	total = nomem_count();
	ck_assert_int_eq(rc, MF_OK);
	ck_assert_msg(total > 0, "100 keys made the check allocate nothing: a stack of %d?", 100);
	mf_buf_init(&out, 1u << 20);
	for (uint64_t k = 1; k <= total; k++) {
		live = nomem_live();
		nomem_arm(k);
		rc = mf_json_check(body, len, MF_API_JSON_DEPTH_MAX, &why);
		nomem_arm(k);
		rc_api = mf_api_answer(mf_api_deck_colors, &ctx, body, len, &out, &err);
		mf_buf_free(&out);
		failed = nomem_failed();
		nomem_arm(0);
		leaked = nomem_live() - live;
		ck_assert_int_eq(rc, MF_ERR_NOMEM);
		ck_assert_str_eq(why.reason, "out of memory");
		ck_assert(failed);
		ck_assert_msg(rc_api == -1 && err.problem == MF_PROBLEM_OUT_OF_MEMORY,
			      "allocation %" PRIu64 " of the check failed: %s", k,
			      rc_api ? mf_problem_slug(err.problem) : "answered");
		ck_assert_int_eq(leaked, 0);
	}
}
END_TEST

/* The counter itself: it sees the libraries' allocations and fails the
 * one chosen, so that the tests above cannot pass by seeing nothing. */
START_TEST(test_counter_fails_the_chosen_allocation)
{
	struct mf_buf b;
	int rc, failed, error;
	uint64_t made;
	cJSON *doc;

	mf_buf_init(&b, 64);
	nomem_arm(1);
	rc = mf_buf_addstr(&b, "x");
	failed = nomem_failed();
	error = mf_buf_error(&b);
	nomem_arm(0);
	ck_assert_int_eq(rc, MF_ERR_NOMEM);
	ck_assert(failed);
	ck_assert_int_eq(error, MF_ERR_NOMEM);
	mf_buf_free(&b);
	nomem_arm(2);
	rc = mf_buf_addstr(&b, "x");
	failed = nomem_failed();
	made = nomem_count();
	nomem_arm(0);
	ck_assert_int_eq(rc, 0);
	ck_assert(!failed);
	ck_assert_uint_eq(made, 1);
	mf_buf_free(&b);
	nomem_arm(1);
	doc = cJSON_Parse("[1]");
	failed = nomem_failed();
	nomem_arm(0);
	ck_assert_ptr_null(doc);
	ck_assert(failed);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("api-nomem");
	TCase *tc = tcase_create("out of memory");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_counter_fails_the_chosen_allocation);
	tcase_add_loop_test(tc, test_each_allocation_fails, 0, (int)N_CASES);
	tcase_add_test(tc, test_lands_answer);
	tcase_add_test(tc, test_json_check_stack);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
