#include "api/batch.h"

#include <stdlib.h>

#include "api/json_decode.h"
#include "api/json_text.h"

int mf_api_batch(cJSON *body, const char *key, size_t max,
		 const struct mf_api_batch_ops *ops, const struct mf_api_ctx *ctx,
		 struct mf_buf *out, struct mf_api_error *err)
{
	const char *const keys[] = { key, NULL };
	const cJSON *items;
	cJSON *el, *next;
	size_t n = 0, decoded = 0;
	char list[MF_JSON_POINTER_MAX], at[MF_JSON_POINTER_MAX];
	char *decoded_items;
	int rc = -1;

	if (mf_json_expect_object(body, "", keys, err) ||
	    mf_json_get_array(body, "", key, true, max, &items, &n, err))
		return -1;
	decoded_items = calloc(n + 1, ops->item_size);
	if (!decoded_items)
		return mf_api_fail_nomem(err);
	mf_json_pointer_key(list, "", key);
	/* Each item's tree goes as soon as it is decoded: nothing of the body
	 * is held while the batch is solved and its answer written. */
	for (el = items->child; el; el = next) {
		next = el->next;
		mf_json_pointer_index(at, list, decoded);
		if (ops->decode(el, at, ctx, decoded_items + decoded * ops->item_size, err))
			goto out;
		decoded++;
		cJSON_Delete(cJSON_DetachItemViaPointer((cJSON *)items, el));
	}
	MF_JSON_LIT(out, "{\"results\":[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		mf_json_pointer_index(at, list, i);
		if (mf_stop_raised(ctx->stop)) {
			mf_api_fail_stopped(err, at);
			goto out;
		}
		if (ops->answer(decoded_items + i * ops->item_size, at, ctx, out, err))
			goto out;
	}
	if (MF_JSON_LIT(out, "]}")) {
		mf_api_fail_buf(err, out);
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; ops->release && i < decoded; i++)
		ops->release(decoded_items + i * ops->item_size);
	free(decoded_items);
	return rc;
}
