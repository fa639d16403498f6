/* From a body's bytes to its answer: the strict check and cJSON's tree, or
 * a handler's one-pass reader (see api.h). */
#include "api/api.h"

#include "api/adapt_mana.h"
#include "api/json_check.h"
#include "manaflow/common.h"

cJSON *mf_api_parse(const char *text, size_t len, struct mf_api_error *err)
{
	struct mf_json_check_error why;
	const char *end = NULL;
	cJSON *doc;

	/* cJSON takes what RFC 8259 refuses (invalid UTF-8, \u0000, 020,
	 * duplicate keys): the strict check comes first. */
	switch (mf_json_check(text, len, MF_API_JSON_DEPTH_MAX, &why)) {
	case MF_OK:
		break;
	case MF_ERR_INVALID:
		mf_api_failp(err, MF_PROBLEM_MALFORMED_JSON, why.pointer,
			     "malformed JSON at byte %zu: %s", why.offset, why.reason);
		return NULL;
	default:
		mf_api_fail_nomem(err);
		return NULL;
	}
	/* text is NUL-terminated at len: requiring it makes trailing bytes errors. */
	/* The check above leaves cJSON nothing to refuse but for lack of
	 * memory (json_check.h), which it does not report as such. */
	doc = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
	if (!doc)
		mf_api_fail_nomem(err);
	return doc;
}

int mf_api_answer_tree(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		       size_t len, struct mf_buf *out, struct mf_api_error *err)
{
	cJSON *doc = mf_api_parse(text, len, err);
	int rc;

	if (!doc)
		return -1;
	rc = handler(doc, ctx, out, err);
	cJSON_Delete(doc);
	return rc;
}

/* The handlers that read the bodies they can in one pass, and their
 * readers. */
static const struct {
	mf_api_handler handler;
	mf_api_text_handler text;
} one_pass[] = {
	{ mf_api_mana_solve, mf_api_mana_solve_text },
};

int mf_api_answer(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		  size_t len, struct mf_buf *out, struct mf_api_error *err)
{
	for (size_t i = 0; i < sizeof(one_pass) / sizeof(one_pass[0]); i++) {
		int rc;

		if (one_pass[i].handler != handler)
			continue;
		rc = one_pass[i].text(text, len, ctx, out, err);
		if (rc != MF_API_TREE)
			return rc;
		break;
	}
	return mf_api_answer_tree(handler, ctx, text, len, out, err);
}
