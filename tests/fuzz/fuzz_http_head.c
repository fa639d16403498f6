/*
 * The gate's head reader (src/http/head.c) over arbitrary bytes, fed
 * whole and in two pieces: the same verdict either way; a refusal has a
 * detail of printable ASCII and one of the head's problems; an accepted head is followed by
 * nothing it read, its canonical form is no longer than it and is itself
 * accepted unchanged, with the same framing. The rest of the input goes
 * through the chunked-body reader, which never writes past its buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "http/head.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char out[MF_HEAD_MAX], again[MF_HEAD_MAX], body[256];
	char *text = malloc(size ? size : 1);
	struct mf_head_refusal why, why2;
	struct mf_head h, h2;
	struct mf_chunked c;
	size_t half = size / 2, used, out_len = 0;
	int rc, rc2;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	mf_head_init(&h);
	rc = mf_head_feed(&h, text, size, out, &why);
	mf_head_init(&h2);
	rc2 = mf_head_feed(&h2, text, half, again, &why2);
	if (rc2 == MF_HEAD_MORE)
		rc2 = mf_head_feed(&h2, text, size, again, &why2);
	FUZZ_CHECK(rc == rc2 || (rc2 != MF_HEAD_MORE && half < size && rc2 == MF_HEAD_DONE));
	if (rc == MF_HEAD_REFUSED) {
		FUZZ_CHECK(why.detail[0] != '\0');
		for (const char *p = why.detail; *p; p++)
			FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);  /* quoted bytes escaped */
		FUZZ_CHECK(why.problem == MF_PROBLEM_BAD_REQUEST || why.problem == MF_PROBLEM_TOO_LARGE ||
			   why.problem == MF_PROBLEM_URI_TOO_LONG ||
			   why.problem == MF_PROBLEM_HEADERS_TOO_LARGE ||
			   why.problem == MF_PROBLEM_HTTP_VERSION ||
			   why.problem == MF_PROBLEM_NOT_IMPLEMENTED);
	} else if (rc == MF_HEAD_DONE) {
		size_t n = h.out_len;

		FUZZ_CHECK(h.len <= size && n <= h.len && n <= MF_HEAD_MAX);
		memcpy(again, out, n);
		mf_head_init(&h2);
		FUZZ_CHECK(mf_head_feed(&h2, again, n, out, &why2) == MF_HEAD_DONE);
		FUZZ_CHECK(h2.len == n && h2.out_len == n && memcmp(again, out, n) == 0);
		FUZZ_CHECK(h2.body == h.body && h2.length == h.length);
	}
	mf_chunked_init(&c);
	rc = mf_chunked_feed(&c, text, size, &used, body, sizeof(body), &out_len, &why);
	FUZZ_CHECK(used <= size && out_len <= sizeof(body));
	FUZZ_CHECK(rc != MF_HEAD_REFUSED || why.detail[0] != '\0');
	free(text);
	return 0;
}
