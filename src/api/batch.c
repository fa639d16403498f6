#include "api/batch.h"

#include <stdlib.h>

#include "api/json_decode.h"

cJSON *mf_api_batch(const cJSON *body, const char *key, size_t max, const struct mf_api_batch_ops *ops,
		    const struct mf_api_ctx *ctx, struct mf_api_error *err)
{
	const char *const keys[] = { key, NULL };
	const cJSON *items, *el;
	cJSON *out = NULL, *results;
	size_t n = 0, decoded = 0;
	char list[256], at[256];
	char *decoded_items;

	if (mf_json_expect_object(body, "", keys, err) ||
	    mf_json_get_array(body, "", key, true, max, &items, &n, err))
		return NULL;
	decoded_items = calloc(n + 1, ops->item_size);
	if (!decoded_items)
		return mf_api_fail_nomem(err);
	mf_json_pointer_key(list, "", key);
	cJSON_ArrayForEach(el, items) {
		mf_json_pointer_index(at, list, decoded);
		if (ops->decode(el, at, ctx, decoded_items + decoded * ops->item_size, err))
			goto out;
		decoded++;
	}
	out = cJSON_CreateObject();
	results = out ? cJSON_AddArrayToObject(out, "results") : NULL;
	if (!results) {
		mf_api_fail_nomem(err);
		goto fail;
	}
	for (size_t i = 0; i < n; i++) {
		cJSON *o;

		mf_json_pointer_index(at, list, i);
		o = ops->answer(decoded_items + i * ops->item_size, at, err);
		if (!o)
			goto fail;
		cJSON_AddItemToArray(results, o);
	}
	goto out;
fail:
	cJSON_Delete(out);
	out = NULL;
out:
	for (size_t i = 0; ops->release && i < decoded; i++)
		ops->release(decoded_items + i * ops->item_size);
	free(decoded_items);
	return out;
}
