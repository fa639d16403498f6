/*
 * Replays inputs through a fuzz harness without libFuzzer, so that every
 * crash ever found (tests/fuzz/regressions/<harness>/) and the seed corpus
 * run in the normal `meson test`, under valgrind and with any compiler.
 *
 * usage: fuzz-replay-<harness> PATH...  (files, or directories read one
 * level deep, files in name order). Exit 0 when every input ran; a broken
 * invariant aborts as it would under libFuzzer. Exit 2 when a path cannot
 * be read or no input was found, so that a misplaced directory fails too.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL, *exact;
	size_t len = 0, cap = 0, got;
	int rc = -1;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			uint8_t *grown = realloc(data, cap ? cap * 2 : 4096);

			if (!grown)
				goto out;
			data = grown;
			cap = cap ? cap * 2 : 4096;
		}
		got = fread(data + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		perror(path);
		goto out;
	}
	/* An exact-size copy, so that a read past the end is caught. */
	exact = malloc(len ? len : 1);
	if (!exact)
		goto out;
	if (len)
		memcpy(exact, data, len);
	fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	rc = 0;
out:
	free(data);
	fclose(f);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir; returns how many, or -1. */
static long run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	long ran = 0;

	if (!d) {
		perror(dir);
		return -1;
	}
	while ((e = readdir(d))) {
		char **grown;

		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			grown = realloc(names, cap * sizeof(*names));
			if (!grown) {
				ran = -1;
				break;
			}
			names = grown;
		}
		names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!names[n]) {
			ran = -1;
			break;
		}
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (ran == 0 && n > 1)  /* qsort must not see the NULL of an empty dir */
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		if (ran >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
			ran = run_file(names[i]) ? -1 : ran + 1;
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	long total = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		long ran;

		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 2;
		}
		ran = S_ISDIR(st.st_mode) ? run_dir(argv[i]) : (run_file(argv[i]) ? -1 : 1);
		if (ran < 0)
			return 2;
		total += ran;
	}
	if (total == 0) {
		fprintf(stderr, "no inputs\n");
		return 2;
	}
	printf("%ld inputs replayed\n", total);
	return 0;
}
