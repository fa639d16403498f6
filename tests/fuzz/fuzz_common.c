#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/problem.h"
#include "http/status.h"

void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
	abort();
}

const struct mf_mana_catalogue *fuzz_lands(void)
{
	/* Read-only after the first call; harnesses run on one thread. */
	static struct mf_mana_catalogue *lands;
	struct mf_mana_parse_error err;

	if (!lands && mf_mana_catalogue_builtin(&lands, &err) != MF_OK) {
		fprintf(stderr, "built-in catalogue: line %zu: %s\n", err.line, err.reason);
		abort();
	}
	return lands;
}

char *fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	FUZZ_CHECK(s != NULL);
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

bool fuzz_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		unsigned c = *p++;
		unsigned need, min, cp;

		if (c < 0x80)
			continue;
		if (c < 0xc2 || c > 0xf4)
			return false;
		need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
		min = need == 3 ? 0x10000 : need == 2 ? 0x800 : 0x80;
		cp = c & (0x3fu >> need);
		if ((size_t)(end - p) < need)
			return false;
		for (unsigned k = 0; k < need; k++, p++) {
			if ((*p & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (*p & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
	}
	return true;
}

/* What a client receives must be JSON: it parses again, and it is UTF-8
 * (whatever the body held: invalid UTF-8 is refused, never echoed). */
static void check_printed(const char *text, size_t len)
{
	cJSON *again;

	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(strlen(text) == len);
	again = cJSON_ParseWithLengthOpts(text, len + 1, NULL, 1);
	FUZZ_CHECK(again != NULL);
	cJSON_Delete(again);
	FUZZ_CHECK(fuzz_utf8_valid(text, len));
}

void fuzz_run_handler(mf_api_handler handler, unsigned problems, const uint8_t *data,
		      size_t size)
{
	/* a hundredth of the server's odds budget: under the fuzzers'
	 * comparison tracing a sampled unit takes up to about 10 us, so an
	 * input stays within about 2 s, well under libFuzzer's 10 s timeout */
	struct mf_api_ctx ctx = { .lands = fuzz_lands(), .odds_budget = 200000,
				  /* a report's too: a 240-card deck's refused exact
				   * counts take about 1 s there */
				  .report_budget = 500000 };
	struct mf_api_error err;
	char *body = fuzz_strndup(data, size);
	struct mf_buf out;

	mf_buf_init(&out, 64u << 20);
	if (mf_api_answer(handler, &ctx, body, size, &out, &err) == 0) {
		FUZZ_CHECK(mf_buf_error(&out) == 0);
		check_printed(mf_buf_ptr(&out), mf_buf_len(&out));
	} else {
		unsigned status = mf_http_problem_status(err.problem);

		FUZZ_CHECK(status >= 400 && status < 500);
		/* openapi.yaml declares the route's set; the handler keeps to it. */
		FUZZ_CHECK((problems | MF_PROBLEM_BIT(MF_PROBLEM_MALFORMED_JSON)) &
			   MF_PROBLEM_BIT(err.problem));
		FUZZ_CHECK(err.pointer[0] == '\0' || err.pointer[0] == '/');
		FUZZ_CHECK(memchr(err.detail, '\0', sizeof(err.detail)) != NULL);
		mf_buf_free(&out);
		FUZZ_CHECK(mf_http_problem_render(&err, &out) == 0);
		check_printed(mf_buf_ptr(&out), mf_buf_len(&out));
	}
	mf_buf_free(&out);
	free(body);
}
