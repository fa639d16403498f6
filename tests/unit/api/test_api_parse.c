/*
 * Hostile bodies through the one path the server, the CLI and the fuzzers
 * share (mf_api_answer): what cJSON alone let through (invalid UTF-8,
 * \u0000, numbers RFC 8259 refuses, duplicate keys, deep nesting) is
 * refused with a pointer and a short, exact detail, and every answer stays
 * JSON.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_camelot.h"
#include "api/adapt_deck.h"
#include "api/adapt_mana.h"
#include "http/status.h"
#include "fixtures.h"

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

/* Runs handler on len bytes of body; returns 0 answered or -1 refused. */
static int run(mf_api_handler handler, const char *body, size_t len, struct mf_api_error *err,
	       struct mf_buf *out)
{
	struct mf_api_ctx ctx = { .lands = lands };
	char *copy = malloc(len + 1);
	int rc;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, body, len);
	copy[len] = '\0';
	mf_buf_init(out, 1u << 20);
	memset(err, 0, sizeof(*err));
	rc = mf_api_answer(handler, &ctx, copy, len, out, err);
	free(copy);
	return rc;
}

#define refused(h, lit, problem, pointer, words) \
	ck_refused(h, lit, sizeof(lit) - 1, problem, pointer, words)

static void ck_refused(mf_api_handler handler, const char *body, size_t len,
		       enum mf_problem problem, const char *pointer, const char *words)
{
	struct mf_api_error err;
	struct mf_buf out;

	ck_assert_msg(run(handler, body, len, &err, &out) == -1, "accepted: %s -> %s", body,
		      mf_buf_ptr(&out));
	ck_assert_msg(err.problem == problem, "%s: problem %s, want %s (%s)", body,
		      mf_problem_slug(err.problem), mf_problem_slug(problem), err.detail);
	ck_assert_str_eq(err.pointer, pointer);
	ck_assert_msg(strstr(err.detail, words), "%s: detail \"%s\" lacks \"%s\"", body,
		      err.detail, words);
	mf_buf_free(&out);
	/* The problem document itself is JSON, whatever the body held. */
	ck_assert_int_eq(mf_http_problem_render(&err, &out), 0);
	{
		cJSON *doc = cJSON_ParseWithLength(mf_buf_ptr(&out), mf_buf_len(&out));

		ck_assert_msg(doc != NULL, "problem is not JSON: %s", mf_buf_ptr(&out));
		cJSON_Delete(doc);
	}
	mf_buf_free(&out);
}

/* Item 8: \u0000 ends strings early in cJSON, and raw control bytes. */
START_TEST(test_nul_in_strings)
{
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\\u0000junk\"],\"life\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/battlefield/0", "\\u0000");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\"],\"life\":20,\"cost\":\"G\\u0000{Q}\"}",
		MF_PROBLEM_MALFORMED_JSON, "/cost", "\\u0000");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\"],\"life\\u0000zzz\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "", "\\u0000");
	refused(mf_api_camelot_solve,
		"{\"deck\":\"JJJJQQQQKKKKA9A9A9A928282828373737374646464655550000\\u0000xyz\"}",
		MF_PROBLEM_MALFORMED_JSON, "/deck", "\\u0000");
	refused(mf_api_mana_solve, "{\"battlefield\":[\"For\x00est\"],\"life\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/battlefield/0", "");
	refused(mf_api_mana_solve, "{\"battlefield\":[\"For\x01" "est\"],\"life\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/battlefield/0", "0x01");
}
END_TEST

/* Item 9: invalid UTF-8 was accepted and echoed raw. */
START_TEST(test_invalid_utf8)
{
	refused(mf_api_deck_colors, "{\"cards\":[{\"name\":\"Bad\xff\xfe\"}]}",
		MF_PROBLEM_MALFORMED_JSON, "/cards/0/name", "byte 22");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\xc0\xaf\"],\"life\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/battlefield/0", "UTF-8");
	refused(mf_api_mana_solve, "{\"battlefield\":[\"Forest\"],\"li\xc0\xaf\":20,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "", "UTF-8");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\"],\"life\":20,\"cost\":\"G\\ud800\"}",
		MF_PROBLEM_MALFORMED_JSON, "/cost", "surrogate");
}
END_TEST

/* Item 10: numbers RFC 8259 refuses, duplicate keys, nesting, details. */
START_TEST(test_numbers_keys_nesting)
{
	refused(mf_api_mana_solve, "{\"battlefield\":[\"Forest\"],\"life\":020,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/life", "byte 34: a number with a leading zero");
	refused(mf_api_mana_solve, "{\"battlefield\":[\"Forest\"],\"life\":20.,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/life", "byte 36: no digit after the decimal point");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\"],\"life\":20,\"life\":1,\"cost\":\"G\"}",
		MF_PROBLEM_MALFORMED_JSON, "/life", "duplicate key");
	refused(mf_api_mana_solve,
		"{\"queries\":[{\"battlefield\":[\"Forest\"],\"life\":20,\"cost\":\"G\",\"cost\":\"R\"}]}",
		MF_PROBLEM_MALFORMED_JSON, "/queries/0/cost", "duplicate key");
	refused(mf_api_mana_solve, "{\"battlefield\":[\"Forest\"],\"life\":1e308,\"cost\":\"G\"}",
		MF_PROBLEM_INVALID_FIELD, "/life", "1e+308 is out of range 1..1000000");
	refused(mf_api_mana_solve,
		"{\"battlefield\":[\"Forest\"],\"life\":1000000.0000000001,\"cost\":\"G\"}",
		MF_PROBLEM_INVALID_FIELD, "/life", "expected an integer, got 1000000.0000000001");
}
END_TEST

START_TEST(test_nesting_limit_named)
{
	char body[256], pointer[256] = "";
	size_t n = 0;

	for (int i = 0; i < 100; i++)
		body[n++] = '[';
	for (int i = 0; i < 100; i++)
		body[n++] = ']';
	for (int i = 0; i < 64; i++)
		strcat(pointer, "/0");
	ck_refused(mf_api_mana_solve, body, n, MF_PROBLEM_MALFORMED_JSON, pointer,
		   "byte 64: nesting deeper than 64 levels");
}
END_TEST

/* What was fine stays fine, and answers stay JSON. */
START_TEST(test_valid_bodies_answered)
{
	static const char body[] = MF_FIX_FETCH_RG;
	struct mf_api_error err;
	struct mf_buf out;

	ck_assert_int_eq(run(mf_api_mana_solve, body, sizeof(body) - 1, &err, &out), 0);
	ck_assert_ptr_nonnull(strstr(mf_buf_ptr(&out), "\"min_life_paid\":3"));
	mf_buf_free(&out);
	static const char utf8[] = "{\"cards\":[{\"name\":\"\xc3\x86ther Vial \\u00e9\"}]}";

	ck_assert_int_eq(run(mf_api_deck_colors, utf8, sizeof(utf8) - 1, &err, &out), 0);
	ck_assert_ptr_nonnull(strstr(mf_buf_ptr(&out), "\xc3\x86ther Vial \xc3\xa9"));
	mf_buf_free(&out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("api-parse");
	TCase *tc = tcase_create("hostile bodies");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_nul_in_strings);
	tcase_add_test(tc, test_invalid_utf8);
	tcase_add_test(tc, test_numbers_keys_nesting);
	tcase_add_test(tc, test_nesting_limit_named);
	tcase_add_test(tc, test_valid_bodies_answered);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
