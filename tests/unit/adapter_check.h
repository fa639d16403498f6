/*
 * Checks shared by the adapter suites: run an mf_api_handler on a JSON text,
 * and assert the exact answer or the refusal's status and pointer.
 */
#ifndef MF_TESTS_ADAPTER_CHECK_H
#define MF_TESTS_ADAPTER_CHECK_H

#include "api/api.h"

/* Runs handler on body into a buffer and returns its answer parsed again
 * (asserting that it is JSON; the caller deletes it), or NULL with *err
 * filled. */
cJSON *adapter_call(mf_api_handler handler, cJSON *body, const struct mf_api_ctx *ctx,
		    struct mf_api_error *err);

/* The handler's answer printed unformatted (caller frees), or NULL with
 * *err filled. The body must be valid JSON. */
char *adapter_answer(mf_api_handler handler, const char *body_text, struct mf_api_error *err);

/* The handler answers body with exactly want. */
void adapter_ck_answer(mf_api_handler handler, const char *body, const char *want);

/* The handler refuses body with status at pointer, and says why. */
void adapter_ck_refused(mf_api_handler handler, const char *body, int status, const char *pointer);

#endif
