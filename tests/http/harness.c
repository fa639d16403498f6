/* The HTTP tests' harness, what both kinds of server share: see harness.h. */
#include "harness.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness_int.h"

#ifndef MF_TEST_SOURCE_ROOT
#error "the build defines MF_TEST_SOURCE_ROOT"
#endif

const char *ts_manaflow;
pid_t ts_runner;
struct test_server ts_srv = { .log_fd = -1, .saved_stderr = -1 };

int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sleep_ms(int ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

char *ts_log(const struct test_server *s)
{
	char *text = NULL;
	size_t len = 0, cap = 0;
	char chunk[4096];
	ssize_t n;

	while (s->log_fd >= 0 && (n = pread(s->log_fd, chunk, sizeof(chunk), (off_t)len)) > 0) {
		if (len + (size_t)n + 1 > cap) {
			cap = (len + (size_t)n + 1) * 2;
			text = realloc(text, cap);
			ck_assert_ptr_nonnull(text);
		}
		memcpy(text + len, chunk, (size_t)n);
		len += (size_t)n;
	}
	if (!text)
		text = calloc(1, 1);
	ck_assert_ptr_nonnull(text);
	text[len] = '\0';
	return text;
}

void ts_close(struct test_server *s)
{
	ts_stop(s);
	if (s->log_fd >= 0) {
		close(s->log_fd);
		s->log_fd = -1;
	}
	if (s->log_path[0]) {
		unlink(s->log_path);
		s->log_path[0] = '\0';
	}
}

void ts_setup_default(void)
{
	static const char *const args[] = { "--threads", "4", NULL };

	ts_start(&ts_srv, args);
}

void ts_setup_small_body(void)
{
	static const char *const args[] = { "--body-limit", "1024", "--no-access-log", NULL };

	ts_start(&ts_srv, args);
}

void ts_setup_two_threads(void)
{
	static const char *const args[] = { "--threads", "2", "--timeout", "60", NULL };

	ts_start(&ts_srv, args);
}

void ts_setup_none(void)
{
}

void ts_teardown(void)
{
	ts_close(&ts_srv);
}

char *read_source_file(const char *relpath, size_t *len)
{
	char path[1024];
	FILE *f;
	char *text;
	long size;

	snprintf(path, sizeof(path), "%s/%s", MF_TEST_SOURCE_ROOT, relpath);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_ge(size, 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	text[size] = '\0';
	if (len)
		*len = (size_t)size;
	return text;
}

/* The next non-empty line of *cursor, trimmed, or NULL at the end. */
static char *next_line(char **cursor)
{
	char *line;

	for (;;) {
		size_t n;

		line = *cursor;
		if (!line || !*line)
			return NULL;
		n = strcspn(line, "\n");
		*cursor = line[n] ? line + n + 1 : line + n;
		line[n] = '\0';
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
			line[--n] = '\0';
		if (n)
			return line;
	}
}

static cJSON *read_names(char **cursor)
{
	char *count = next_line(cursor);
	cJSON *arr = cJSON_CreateArray();
	long n;

	ck_assert_ptr_nonnull(count);
	n = strtol(count, NULL, 10);
	for (long i = 0; i < n; i++) {
		char *name = next_line(cursor);

		ck_assert_ptr_nonnull(name);
		cJSON_AddItemToArray(arr, cJSON_CreateString(name));
	}
	return arr;
}

size_t examples_load(struct example *out, size_t max)
{
	char *text = read_source_file("tests/data/statement_examples.txt", NULL);
	char *expected = read_source_file("tests/data/statement_examples.expected", NULL);
	char *cur = text, *ecur = expected, *line;
	size_t n;

	line = next_line(&cur);
	ck_assert_ptr_nonnull(line);
	n = strtoul(line, NULL, 10);
	ck_assert_msg(n > 0 && n <= max, "%zu examples", n);
	for (size_t i = 0; i < n; i++) {
		cJSON *q = cJSON_CreateObject();
		char *verdict;

		cJSON_AddItemToObject(q, "battlefield", read_names(&cur));
		cJSON_AddItemToObject(q, "library", read_names(&cur));
		line = next_line(&cur);
		ck_assert_ptr_nonnull(line);
		cJSON_AddNumberToObject(q, "life", strtol(line, NULL, 10));
		line = next_line(&cur);
		ck_assert_ptr_nonnull(line);
		cJSON_AddStringToObject(q, "cost", line);
		verdict = next_line(&ecur);
		ck_assert_msg(verdict && (!strcmp(verdict, "YES") || !strcmp(verdict, "NO")),
			      "example %zu has no YES/NO", i + 1);
		out[i].query = q;
		out[i].castable = strcmp(verdict, "YES") == 0;
	}
	ck_assert_msg(next_line(&ecur) == NULL, "more verdicts than examples");
	free(text);
	free(expected);
	return n;
}

void examples_free(struct example *ex, size_t n)
{
	for (size_t i = 0; i < n; i++)
		cJSON_Delete(ex[i].query);
}

long json_int(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	ck_assert_msg(cJSON_IsNumber(v), "\"%s\" is not a number", key);
	return (long)v->valuedouble;
}

const char *json_str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	ck_assert_msg(cJSON_IsString(v), "\"%s\" is not a string", key);
	return v->valuestring;
}


void ts_stop(struct test_server *s)
{
	ts_inproc_stop(s);
	ts_child_stop(s);
}
