/*
 * The command line's option parsing over arbitrary bytes. The input's first
 * byte picks a range; the rest, split at NUL bytes, is an argv.
 *
 * mf_cli_parse_number on the first piece agrees with an independent
 * reading: accepted iff the text is one or more ASCII digits, strtoull reads
 * a value without overflow, and the value lies in the range; then the
 * values are equal, and a refusal leaves the output as it was.
 *
 * mf_cli_parse_size on the same piece agrees with its own independent
 * reading: the digits as above, then nothing or one unit of the list below
 * (case as written), the product in the range.
 *
 * mf_cli_parse on the whole argv (its messages sent to /dev/null) returns
 * MF_CLI_GO_ON, 0 or 2, and on MF_CLI_GO_ON every number lies in its
 * option's range and the operand is one of argv's strings.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "cli/options.h"

#define ARGS_MAX 16

static const unsigned long long ranges[][2] = {
	{ 0, 65535 }, { 1, 256 }, { 32ull << 20, 1ull << 40 }, { 0, ~0ull }, { 1, 300 },
	{ 0, 0 }, { 18446744073709551615ull, ~0ull },
};

enum { OPT_PORT, OPT_SIZE, OPT_TEXT, OPT_FLAG, OPT_COUNT };

static const struct mf_cli_option options[OPT_COUNT] = {
	[OPT_PORT] = { "port", MF_CLI_UNSIGNED, "N", 0, 65535, 8080, .help = "a port" },
	[OPT_SIZE] = { "size", MF_CLI_SIZE, "BYTES", 1024, 64u << 20, 1u << 20,
		.help = "a size" },
	[OPT_TEXT] = { "text", MF_CLI_STRING, "T", .def_value = "x", .help = "a text" },
	[OPT_FLAG] = { "no-flag", MF_CLI_FLAG, .on = false, .help = "a flag" },
};

static const struct mf_cli_command command = {
	.name = "fuzz",
	.operand = "[FILE]",
	.options = options,
	.n_options = OPT_COUNT,
};

/* The independent reading of text as a number in [min, max]: 0 with *out
 * set, or -1. */
static int reference_number(const char *text, unsigned long long min, unsigned long long max,
			    unsigned long long *out)
{
	size_t len = strlen(text);
	char *end;
	unsigned long long v;

	if (len == 0 || strspn(text, "0123456789") != len)
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno == ERANGE || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* The independent reading of text as a byte count in [min, max]: digits,
 * then nothing or one unit; 0 with *out set, or -1. */
static int reference_size(const char *text, unsigned long long min, unsigned long long max,
			  unsigned long long *out)
{
	static const char *const units[] = { "", "Ki", "Mi", "Gi", "Ti", "KiB", "MiB", "GiB",
					     "TiB", "k", "M", "G", "T" };
	static const unsigned long long factors[] = { 1, 1ull << 10, 1ull << 20, 1ull << 30,
						      1ull << 40, 1ull << 10, 1ull << 20, 1ull << 30,
						      1ull << 40, 1000, 1000000, 1000000000,
						      1000000000000ull };
	size_t digits = strspn(text, "0123456789");
	unsigned long long v;
	char *number;

	if (digits == 0 || (text[digits] && digits > 64))
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(text + digits, units[i]) != 0)
			continue;
		number = strndup(text, digits);
		FUZZ_CHECK(number != NULL);
		if (reference_number(number, 0, ~0ull, &v) || v > ~0ull / factors[i]) {
			free(number);
			return -1;
		}
		free(number);
		v *= factors[i];
		if (v < min || v > max)
			return -1;
		*out = v;
		return 0;
	}
	return -1;
}

/* Runs mf_cli_parse on argv with stdout and stderr on /dev/null. */
static int quiet_parse(int argc, char **argv, struct mf_cli_value *values, const char **operand)
{
	int null = open("/dev/null", O_WRONLY), out, err, rc;

	FUZZ_CHECK(null >= 0);
	fflush(stdout);
	fflush(stderr);
	out = dup(STDOUT_FILENO);
	err = dup(STDERR_FILENO);
	dup2(null, STDOUT_FILENO);
	dup2(null, STDERR_FILENO);
	rc = mf_cli_parse(&command, argc, argv, values, operand);
	fflush(stdout);
	fflush(stderr);
	dup2(out, STDOUT_FILENO);
	dup2(err, STDERR_FILENO);
	close(out);
	close(err);
	close(null);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *argv[ARGS_MAX + 2] = { "fuzz" };
	struct mf_cli_value values[OPT_COUNT];
	unsigned long long got = 42, want = 42;
	const unsigned long long *range;
	const char *operand = NULL;
	int argc = 1, rc;

	if (size == 0)
		return 0;
	range = ranges[data[0] % (sizeof(ranges) / sizeof(ranges[0]))];
	text = calloc(size + 1, 1);  /* data after the first byte, and a NUL */
	FUZZ_CHECK(text != NULL);
	memcpy(text, data + 1, size - 1);

	rc = mf_cli_parse_number(text, range[0], range[1], &got);
	FUZZ_CHECK(rc == reference_number(text, range[0], range[1], &want));
	FUZZ_CHECK(got == want);
	got = want = 42;
	rc = mf_cli_parse_size(text, range[0], range[1], &got);
	FUZZ_CHECK(rc == reference_size(text, range[0], range[1], &want));
	FUZZ_CHECK(got == want);

	for (char *p = text; p < text + size - 1 && argc <= ARGS_MAX; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	rc = quiet_parse(argc, argv, values, &operand);
	FUZZ_CHECK(rc == MF_CLI_GO_ON || rc == 0 || rc == 2);
	if (rc == MF_CLI_GO_ON) {
		bool found = operand == NULL;

		FUZZ_CHECK(values[OPT_PORT].number <= 65535);
		FUZZ_CHECK(values[OPT_SIZE].number >= 1024 && values[OPT_SIZE].number <= 64u << 20);
		FUZZ_CHECK(values[OPT_FLAG].number <= 1);
		FUZZ_CHECK(values[OPT_TEXT].text != NULL);
		for (int i = 1; i < argc; i++)
			found = found || operand == argv[i];
		FUZZ_CHECK(found);
	}
	free(text);
	return 0;
}
