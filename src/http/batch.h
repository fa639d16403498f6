/*
 * Batch routes: {"<key>":[item, ...]} -> {"results":[answer, ...]} in the
 * same order. Every item is decoded before any is answered, so one bad item
 * fails the whole batch with its pointer (/<key>/17/...).
 */
#ifndef MF_HTTP_BATCH_H
#define MF_HTTP_BATCH_H

#include <stddef.h>

#include "http/api.h"

struct batch_ops {
	size_t item_size;
	/* Decodes el (at pointer `at`) into item; 0, or -1 after filling err. */
	int (*decode)(const cJSON *el, const char *at, const struct api_ctx *ctx, void *item,
		      struct api_error *err);
	/* Answers a decoded item; NULL after filling err. */
	cJSON *(*answer)(const void *item, const char *at, struct api_error *err);
	/* Frees what a decoded item owns; NULL when it owns nothing. */
	void (*release)(void *item);
};

/* Runs a batch of at most max items under key; returns a new cJSON answer
 * the caller deletes, or NULL after filling err. */
cJSON *batch_handle(const cJSON *body, const char *key, size_t max, const struct batch_ops *ops,
		    const struct api_ctx *ctx, struct api_error *err);

#endif
