/*
 * What every fuzz harness shares: the invariant check that turns a broken
 * promise into a crash libFuzzer keeps, the built-in catalogue, and the
 * server's own way of turning bytes into a JSON document and a handler's
 * answer or error into bytes.
 *
 * The harnesses are built twice: with clang and libFuzzer by
 * tests/fuzz/run.sh, and with the project's compiler against replay.c, a
 * main() that feeds files to LLVMFuzzerTestOneInput, for `meson test`.
 */
#ifndef MF_FUZZ_COMMON_H
#define MF_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "api/api.h"

/* The entry point libFuzzer and replay.c call; 0 always (crashes abort). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with the file, line and condition when cond is false. Unlike
 * assert() it stays on in release builds. */
#define FUZZ_CHECK(cond)                                                     \
	do {                                                                 \
		if (!(cond))                                                 \
			fuzz_fail(__FILE__, __LINE__, #cond);                \
	} while (0)

/* Prints "FILE:LINE: invariant failed: WHAT" on stderr and aborts. */
void fuzz_fail(const char *file, int line, const char *what)
	__attribute__((noreturn));

/* The built-in land catalogue, parsed on first use and kept for the life of
 * the process (never NULL: aborts when it does not parse). */
const struct mf_mana_catalogue *fuzz_lands(void);

/* A NUL-terminated copy of data (size bytes) the caller frees; aborts when
 * out of memory so that harnesses need no error path for it. */
char *fuzz_strndup(const uint8_t *data, size_t size);

/* Whether s (len bytes) is well-formed UTF-8 (no overlongs, no surrogates). */
bool fuzz_utf8_valid(const char *s, size_t len);

/*
 * Runs one request body through handler exactly as POST does in
 * src/http/request.c: mf_api_answer() with the built-in catalogue, then
 * the error rendered as problem+json when it refused. Checks what any
 * client may rely on: an answer or a 4xx error (never a 5xx: nothing runs
 * out of memory here) among problems (the handler's MF_API_*_PROBLEMS set,
 * which the route declares in openapi.yaml) or malformed-json, both JSON that parses again, an error pointer that
 * is "" or starts with '/', and output that is valid UTF-8 whatever the
 * body held.
 */
void fuzz_run_handler(mf_api_handler handler, unsigned problems, const uint8_t *data,
		      size_t size);

#endif
