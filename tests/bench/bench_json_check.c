/*
 * The strict JSON check's throughput: mf_json_check() on a 1 MiB mana
 * batch (megabytes a second) and on one small query (nanoseconds a body),
 * each repeated for a fixed time. Prints figures; asserts nothing about
 * time. It exits 1 if the check refuses either body, which would make the
 * figures those of an early stop.
 *
 * usage: bench-json-check
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/api.h"
#include "api/json_check.h"
#include "fixtures.h"

#define BATCH_BYTES (1u << 20)

/* Seconds of a monotonic clock. */
static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A mana batch of queries with fetches, just under BATCH_BYTES, in *len;
 * malloc'd, NUL-terminated. Exits on want of memory. */
static char *make_batch(size_t *len)
{
	char *b = malloc(BATCH_BYTES);
	size_t n = 0;

	if (!b) {
		perror("bench-json-check");
		exit(2);
	}
	n += (size_t)snprintf(b, BATCH_BYTES, "{\"queries\": [");
	for (int i = 0; n < BATCH_BYTES - 200; i++)
		n += (size_t)snprintf(b + n, BATCH_BYTES - n,
				      "%s{\"battlefield\": [\"Wooded Foothills\", \"Forest\", "
				      "\"Plains\"], \"library\": [\"Steam Vents\", \"Mountain\"], "
				      "\"life\": %d, \"cost\": \"{2}{G}{W}\"}", i ? ", " : "", 1 + i % 40);
	n += (size_t)snprintf(b + n, BATCH_BYTES - n, "]}");
	*len = n;
	return b;
}

/* Checks text once; exits 1 when it is refused. */
static void check_or_exit(const char *what, const char *text, size_t len)
{
	struct mf_json_check_error err;

	if (mf_json_check(text, len, MF_API_JSON_DEPTH_MAX, &err) != MF_OK) {
		fprintf(stderr, "bench-json-check: the %s is refused at byte %zu: %s\n", what,
			err.offset, err.reason);
		exit(1);
	}
}

int main(void)
{
	static const char body[] = MF_FIX_FETCH_RG;
	struct mf_json_check_error err;
	size_t len;
	char *batch = make_batch(&len);
	double t0, t;
	long reps;
	int bad = 0;

	check_or_exit("batch", batch, len);
	check_or_exit("query", body, sizeof(body) - 1);
	t0 = seconds();
	for (reps = 0; (t = seconds() - t0) < 1.0; reps++)
		bad |= mf_json_check(batch, len, MF_API_JSON_DEPTH_MAX, &err);
	printf("json check: %.0f MB/s on a %zu-byte batch (%ld runs)\n",
	       (double)len * (double)reps / t / 1e6, len, reps);
	t0 = seconds();
	for (reps = 0; (t = seconds() - t0) < 0.5; reps++)
		for (int k = 0; k < 1000; k++)
			bad |= mf_json_check(body, sizeof(body) - 1, MF_API_JSON_DEPTH_MAX, &err);
	printf("json check: %.0f ns per %zu-byte query (%ld runs)\n",
	       t / (double)reps / 1000 * 1e9, sizeof(body) - 1, reps * 1000);
	free(batch);
	return bad ? 1 : 0;
}
