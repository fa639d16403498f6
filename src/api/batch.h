/*
 * Batches: {"<key>":[item, ...]} -> {"results":[answer, ...]} in the
 * same order. Every item is decoded before any is answered, so one bad item
 * fails the whole batch with its pointer (/<key>/17/...).
 */
#ifndef MF_API_BATCH_H
#define MF_API_BATCH_H

#include <stddef.h>

#include "api/api.h"

struct mf_api_batch_ops {
	size_t item_size;
	/* Decodes el (at pointer `at`) into item; 0, or -1 after filling err. */
	int (*decode)(const cJSON *el, const char *at, const struct mf_api_ctx *ctx, void *item,
		      struct mf_api_error *err);
	/* Appends a decoded item's answer to out; 0, or -1 after filling err. */
	int (*answer)(const void *item, const char *at, const struct mf_api_ctx *ctx, struct mf_buf *out,
		      struct mf_api_error *err);
	/* Frees what a decoded item owns; NULL when it owns nothing. */
	void (*release)(void *item);
};

/* Runs a batch of at most max items under key, appending the answer to
 * out; 0, or -1 after filling err. Between items it looks at ctx->stop: a
 * batch stopped is a deadline problem at the item it reached. */
int mf_api_batch(cJSON *body, const char *key, size_t max,
		 const struct mf_api_batch_ops *ops, const struct mf_api_ctx *ctx,
		 struct mf_buf *out, struct mf_api_error *err);

#endif
