/* Problem documents (src/http/status.c): every problem the API can build
 * renders within MF_HTTP_PROBLEM_MAX, whatever its detail, pointer and
 * members hold. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "http/status.h"

/* An error of kind p with every field at its longest, each byte of the
 * detail and the pointer a control byte (escaped to 6) when fill is 1. */
static void fill_error(struct mf_api_error *err, enum mf_problem p, char fill)
{
	memset(err, 0, sizeof(*err));
	err->problem = p;
	memset(err->detail, fill, sizeof(err->detail) - 1);
	memset(err->pointer, fill, sizeof(err->pointer) - 1);
	memset(err->members, 'a', sizeof(err->members) - 1);
	memcpy(err->members, ",\"x\":\"", 6);
	err->members[sizeof(err->members) - 2] = '"';
}

START_TEST(every_problem_fits)
{
	for (int p = 0; p < MF_PROBLEM_COUNT; p++) {
		struct mf_api_error *err = malloc(sizeof(*err));
		struct mf_buf out;

		ck_assert_ptr_nonnull(err);
		fill_error(err, (enum mf_problem)p, '\x01');
		mf_buf_init(&out, MF_HTTP_PROBLEM_MAX);
		ck_assert_msg(mf_http_problem_render(err, &out) == 0, "problem %d: %zu bytes and more",
			      p, mf_buf_len(&out));
		mf_buf_free(&out);
		/* the frame alone: every slug and title within its share */
		memset(err, 0, sizeof(*err));
		err->problem = (enum mf_problem)p;
		err->pointer[0] = 'x';
		mf_buf_init(&out, MF_HTTP_PROBLEM_FRAME_MAX);
		ck_assert_int_eq(mf_http_problem_render(err, &out), 0);
		mf_buf_free(&out);
		free(err);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("status");
	TCase *tc = tcase_create("render");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, every_problem_fits);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
