/* POST /v1/mana/solve two ways: the one-pass reader (mf_api_answer, when
 * it takes the body) and the tree path (mf_api_answer_tree) must give the
 * same answer or the same problem, byte for byte. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "api/adapt_mana.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mf_api_ctx ctx = { .lands = fuzz_lands() };
	struct mf_api_error ea, eb;
	struct mf_buf a, b;
	char *body = fuzz_strndup(data, size);
	int ra, rb;

	mf_buf_init(&a, 64u << 20);
	mf_buf_init(&b, 64u << 20);
	ra = mf_api_answer(mf_api_mana_solve, &ctx, body, size, &a, &ea);
	rb = mf_api_answer_tree(mf_api_mana_solve, &ctx, body, size, &b, &eb);
	FUZZ_CHECK(ra == rb);
	if (ra == 0) {
		FUZZ_CHECK(mf_buf_len(&a) == mf_buf_len(&b));
		FUZZ_CHECK(memcmp(mf_buf_ptr(&a), mf_buf_ptr(&b), mf_buf_len(&a)) == 0);
	} else {
		FUZZ_CHECK(ea.problem == eb.problem);
		FUZZ_CHECK(strcmp(ea.pointer, eb.pointer) == 0);
		FUZZ_CHECK(strcmp(ea.detail, eb.detail) == 0);
		FUZZ_CHECK(strcmp(ea.members, eb.members) == 0);
	}
	mf_buf_free(&a);
	mf_buf_free(&b);
	free(body);
	return 0;
}
