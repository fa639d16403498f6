#include "adapter_check.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "http/status.h"

cJSON *adapter_call(mf_api_handler handler, cJSON *body, const struct mf_api_ctx *ctx,
		    struct mf_api_error *err)
{
	struct mf_buf out;
	cJSON *tree = NULL;

	memset(err, 0, sizeof(*err));
	mf_buf_init(&out, 64u << 20);
	if (handler(body, ctx, &out, err) == 0) {
		ck_assert_int_eq(mf_buf_error(&out), 0);
		tree = cJSON_ParseWithLength(mf_buf_ptr(&out), mf_buf_len(&out));
		ck_assert_msg(tree != NULL, "answer is not JSON: %s", mf_buf_ptr(&out));
	}
	mf_buf_free(&out);
	return tree;
}

char *adapter_answer(mf_api_handler handler, const char *body_text, struct mf_api_error *err)
{
	cJSON *body = cJSON_Parse(body_text);
	struct mf_api_ctx ctx = { 0 };
	cJSON *answer;
	char *printed = NULL;

	ck_assert_msg(body != NULL, "test body is not JSON: %s", body_text);
	answer = adapter_call(handler, body, &ctx, err);
	if (answer)
		printed = cJSON_PrintUnformatted(answer);
	cJSON_Delete(answer);
	cJSON_Delete(body);
	return printed;
}

void adapter_ck_answer(mf_api_handler handler, const char *body, const char *want)
{
	struct mf_api_error err;
	char *got = adapter_answer(handler, body, &err);

	ck_assert_msg(got != NULL, "refused (%u at \"%s\": %s): %s", mf_http_problem_status(err.problem), err.pointer,
		      err.detail, body);
	ck_assert_str_eq(got, want);
	free(got);
}

void adapter_ck_refused(mf_api_handler handler, const char *body, int status, const char *pointer)
{
	struct mf_api_error err;
	char *got = adapter_answer(handler, body, &err);

	ck_assert_msg(got == NULL, "accepted %s -> %s", body, got ? got : "");
	ck_assert_int_eq(mf_http_problem_status(err.problem), status);
	ck_assert_str_eq(err.pointer, pointer);
	ck_assert(err.detail[0] != '\0');
}
