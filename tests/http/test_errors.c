/* Every refusal: RFC 9457 problems with the pointer of the offending field. */
#define _GNU_SOURCE  /* strcasestr */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixtures.h"
#include "harness.h"

/* POSTs body to path and checks the problem it earns. */
static void expect_refused(const char *path, const char *body, long status,
			   const char *pointer, const char *detail_part)
{
	struct hx_resp r;

	hx_post(path, body, &r);
	ck_assert_msg(r.status == status, "%s -> %ld %s", body, r.status, r.body);
	expect_problem(&r, status, pointer, detail_part);
	hx_free(&r);
}

#define SOLVE "/v1/mana/solve"
#define BATCH "/v1/mana/solve/batch"

START_TEST(unknown_land)
{
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\",\"Forst\"],\"life\":7,\"cost\":\"G\"}",
		       400, "/battlefield/1", "did you mean Forest?");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"library\":[\"Stem Vents\"],"
		       "\"life\":7,\"cost\":\"G\"}", 400, "/library/0", "did you mean Steam Vents?");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\",\"Forst\"],\"life\":7,\"cost\":\"G\"}",
		       400, NULL, "Forst");
}
END_TEST

START_TEST(bad_life)
{
	static const char *const lives[] = {
		"",                          /* missing */
		",\"life\":\"7\"",           /* a string */
		",\"life\":7.5",             /* a fraction */
		",\"life\":true",
		",\"life\":[7]",
		",\"life\":0",
		",\"life\":-3",
		",\"life\":1e300",
		",\"life\":100000000000",
		",\"life\":null",            /* null counts as missing */
	};
	char body[256];

	for (size_t i = 0; i < sizeof(lives) / sizeof(lives[0]); i++) {
		snprintf(body, sizeof(body), "{\"battlefield\":[\"Forest\"],\"cost\":\"G\"%s}",
			 lives[i]);
		expect_refused(SOLVE, body, 400, "/life", NULL);
	}
	/* The bounds themselves are accepted. */
	{
		struct hx_resp r;

		ck_assert_int_eq(hx_post(SOLVE, "{\"battlefield\":[\"Forest\"],\"cost\":\"G\","
						"\"life\":1}", &r), 200);
		hx_free(&r);
	}
}
END_TEST

START_TEST(bad_cost)
{
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"GQ\"}", 400,
		       "/cost", "Q");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"2x\"}", 400,
		       "/cost", "x");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"{G\"}", 400,
		       "/cost", NULL);
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":5}", 400,
		       "/cost", "string");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7}", 400, "/cost",
		       "missing");
}
END_TEST

START_TEST(wrong_types)
{
	expect_refused(SOLVE, "{\"battlefield\":\"Forest\",\"life\":7,\"cost\":\"G\"}", 400,
		       "/battlefield", "array");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\",3],\"life\":7,\"cost\":\"G\"}", 400,
		       "/battlefield/1", NULL);
	expect_refused(SOLVE, "{\"battlefield\":[],\"library\":{},\"life\":7,\"cost\":\"G\"}", 400,
		       "/library", "array");
	expect_refused(SOLVE, "{\"library\":[],\"life\":7,\"cost\":\"G\"}", 400, "/battlefield",
		       "missing");
	expect_refused(BATCH, "{\"queries\":{}}", 400, "/queries", "array");
	expect_refused(BATCH, "{}", 400, "/queries", "missing");
	expect_refused(BATCH, "{\"queries\":[{\"battlefield\":[\"Forest\"],\"life\":1,"
		       "\"cost\":\"G\"},7]}", 400, "/queries/1", "object");
	/* Not an object at all. */
	expect_refused(SOLVE, "[]", 400, NULL, "object");
	expect_refused(SOLVE, "\"Forest\"", 400, NULL, "object");
}
END_TEST

START_TEST(unknown_fields)
{
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"lfe\":7,\"life\":7,\"cost\":\"G\"}",
		       400, "/lfe", "lfe");
	expect_refused(SOLVE, "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\",\"a/b\":1}",
		       400, "/a~1b", NULL);
	expect_refused(BATCH, "{\"queries\":[],\"verbose\":true}", 400, "/verbose", NULL);
	expect_refused(BATCH, "{\"queries\":[{\"battlefield\":[\"Forest\"],\"life\":7,"
		       "\"cost\":\"G\",\"cots\":\"G\"}]}", 400, "/queries/0/cots", NULL);
}
END_TEST

/* One invalid query fails the whole batch, named by its index. */
START_TEST(batch_failure_pointer)
{
	const char *good = MF_FIX_FOREST_G;
	char body[512];

	snprintf(body, sizeof(body), "{\"queries\":[%s,{\"battlefield\":[\"Forest\"],\"life\":7,"
		 "\"cost\":\"GZ\"},%s]}", good, good);
	expect_refused(BATCH, body, 400, "/queries/1/cost", "Z");
	snprintf(body, sizeof(body), "{\"queries\":[%s,%s,{\"battlefield\":[\"Forest\",\"Isle\"],"
		 "\"life\":7,\"cost\":\"G\"}]}", good, good);
	expect_refused(BATCH, body, 400, "/queries/2/battlefield/1", "Isle");
	snprintf(body, sizeof(body), "{\"queries\":[%s,{\"battlefield\":[\"Forest\"],"
		 "\"life\":0,\"cost\":\"G\"}]}", good);
	expect_refused(BATCH, body, 400, "/queries/1/life", NULL);
}
END_TEST

/* The byte offset in the detail, parsed back. */
static long offset_of(const char *detail)
{
	const char *p = strstr(detail, "byte ");

	ck_assert_msg(p != NULL, "no byte offset in \"%s\"", detail);
	return strtol(p + 5, NULL, 10);
}

START_TEST(malformed_json)
{
	static const struct {
		const char *body;
		long lo, hi;   /* where the parser may fairly stop */
	} cases[] = {
		{ "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"", 45, 45 },  /* truncated */
		{ "{\"battlefield\":[\"Forest\"],,\"life\":7}", 26, 27 },  /* cJSON: one past */
		{ "{\"life\":7x}", 9, 9 },
		{ "[1,2,]", 5, 5 },
		{ "{\"life\":7} trailing", 10, 11 },
		{ "", 0, 0 },
		{ "nul", 0, 3 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hx_resp r;
		long at;

		hx_post(SOLVE, cases[i].body, &r);
		expect_problem(&r, 400, NULL, "malformed JSON");
		at = offset_of(json_str(r.json, "detail"));
		ck_assert_msg(at >= cases[i].lo && at <= cases[i].hi, "%s: offset %ld",
			      cases[i].body, at);
		hx_free(&r);
	}
}
END_TEST

START_TEST(media_type)
{
	static const char *const text_plain[] = { "Content-Type: text/plain", NULL };
	static const char *const no_type[] = { "Content-Type:", NULL };  /* none at all */
	static const char *const jsonx[] = { "Content-Type: application/jsonx", NULL };
	static const char *const charset[] = { "Content-Type: application/json; charset=utf-8",
					       NULL };
	const char *q = MF_FIX_FOREST_G;
	struct hx_resp r;

	hx_request(NULL, ts_srv.port, "POST", SOLVE, text_plain, q, strlen(q), &r);
	expect_problem(&r, 415, NULL, "application/json");
	hx_free(&r);
	hx_request(NULL, ts_srv.port, "POST", SOLVE, no_type, q, strlen(q), &r);
	expect_problem(&r, 415, NULL, NULL);
	hx_free(&r);
	hx_request(NULL, ts_srv.port, "POST", BATCH, jsonx, "{}", 2, &r);
	expect_problem(&r, 415, NULL, NULL);
	hx_free(&r);
	/* Parameters are fine. */
	ck_assert_int_eq(hx_request(NULL, ts_srv.port, "POST", SOLVE, charset, q, strlen(q), &r),
			 200);
	hx_free(&r);
}
END_TEST

/* Whether the Allow list ("GET, HEAD, OPTIONS") names method. */
static bool allows(const char *list, const char *method)
{
	size_t n = strlen(method);

	for (const char *p = list; (p = strstr(p, method)) != NULL; p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == ',') &&
		    (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
			return true;
	return false;
}

START_TEST(wrong_method)
{
	static const struct {
		const char *method, *path, *allow;
	} cases[] = {
		{ "GET", SOLVE, "POST" },
		{ "PUT", BATCH, "POST" },
		{ "POST", "/healthz", "GET" },
		{ "DELETE", "/v1/lands", "GET" },
		{ "POST", "/metrics", "GET" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hx_resp r;

		hx_request(NULL, ts_srv.port, cases[i].method, cases[i].path, NULL, NULL, 0, &r);
		expect_problem(&r, 405, NULL, NULL);
		ck_assert_msg(allows(hx_value(&r, "Allow"), cases[i].allow) && !allows(hx_value(&r, "Allow"), cases[i].method),
			      "%s %s: Allow \"%s\"", cases[i].method, cases[i].path, hx_value(&r, "Allow"));
		hx_free(&r);
	}
}
END_TEST

START_TEST(unknown_path)
{
	static const char *const paths[] = { "/nope", "/v1/mana/solve/", "/v2/mana/solve",
					     "/healthz/x", "/V1/LANDS", "/playground/", "/playground/x.js",
					     "/index.html" };

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct hx_resp r;

		hx_get(paths[i], &r);
		expect_problem(&r, 404, NULL, NULL);
		hx_free(&r);
	}
}
END_TEST

/* Lands beyond the documented cap of one query are refused, not solved:
 * 413, like any list past its cap (the test took 400 as well, and could
 * not tell a refusal of the count from one of a field). */
START_TEST(too_many_lands)
{
	size_t n = 100001, cap = n * 10 + 64, len;
	char *body = malloc(cap);
	struct hx_resp r;

	ck_assert_ptr_nonnull(body);
	len = (size_t)sprintf(body, "{\"life\":5,\"cost\":\"G\",\"battlefield\":[\"Forest\"");
	for (size_t i = 1; i < n; i++)
		len += (size_t)sprintf(body + len, ",\"Forest\"");
	strcpy(body + len, "]}");
	hx_post(SOLVE, body, &r);
	/* A list past its cap is 413 too-large, as every list of every route. */
	expect_problem(&r, 413, "/battlefield", "100000");
	hx_free(&r);
	free(body);
}
END_TEST

/* With --body-limit 1024: both a declared length and a chunked body. */
START_TEST(body_over_limit)
{
	static const char *const chunked[] = { "Transfer-Encoding: chunked", NULL };
	char body[2048];
	struct hx_resp r;
	size_t len;

	len = (size_t)snprintf(body, sizeof(body), "{\"battlefield\":[\"Forest\"");
	while (len < 1500)
		len += (size_t)snprintf(body + len, sizeof(body) - len, ",\"Forest\"");
	len += (size_t)snprintf(body + len, sizeof(body) - len, "],\"life\":7,\"cost\":\"G\"}");
	hx_request(NULL, ts_srv.port, "POST", SOLVE, NULL, body, len, &r);
	expect_problem(&r, 413, NULL, "1024");
	hx_free(&r);
	hx_request(NULL, ts_srv.port, "POST", SOLVE, chunked, body, len, &r);
	expect_problem(&r, 413, NULL, "1024");
	hx_free(&r);
	/* A body just under the limit, sent either way, is solved. */
	len = (size_t)snprintf(body, sizeof(body), "{\"battlefield\":[\"Forest\"");
	while (len < 950)
		len += (size_t)snprintf(body + len, sizeof(body) - len, ",\"Forest\"");
	len += (size_t)snprintf(body + len, sizeof(body) - len, "],\"life\":7,\"cost\":\"G\"}");
	ck_assert_uint_le(len, 1024);
	ck_assert_int_eq(hx_request(NULL, ts_srv.port, "POST", SOLVE, NULL, body, len, &r), 200);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r.json, "castable")));
	hx_free(&r);
	ck_assert_int_eq(hx_request(NULL, ts_srv.port, "POST", SOLVE, chunked, body, len, &r), 200);
	hx_free(&r);
}
END_TEST

/* A declared length over the limit is refused before any body is sent. */
START_TEST(declared_length_refused_early)
{
	char buf[4096];
	const char *body;
	int fd = raw_connect(ts_srv.port);
	const char *head = "POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\n"
			   "Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n";

	raw_send(fd, head, strlen(head));
	ck_assert_int_eq(raw_read_response(fd, 60000, buf, sizeof(buf), &body), 413);
	ck_assert_ptr_nonnull(strcasestr(buf, "Content-Type: application/problem+json"));
	close(fd);
}
END_TEST

Suite *suite_errors(void)
{
	Suite *s = suite_create("errors");
	TCase *fields = tcase_create("fields"), *protocol = tcase_create("protocol");
	TCase *limits = tcase_create("body-limit");

	tcase_add_checked_fixture(fields, ts_setup_default, ts_teardown);
	tcase_add_test(fields, unknown_land);
	tcase_add_test(fields, bad_life);
	tcase_add_test(fields, bad_cost);
	tcase_add_test(fields, wrong_types);
	tcase_add_test(fields, unknown_fields);
	tcase_add_test(fields, batch_failure_pointer);
	suite_add_tcase(s, fields);
	tcase_add_checked_fixture(protocol, ts_setup_default, ts_teardown);
	tcase_add_test(protocol, malformed_json);
	tcase_add_test(protocol, media_type);
	tcase_add_test(protocol, wrong_method);
	tcase_add_test(protocol, unknown_path);
	tcase_add_test(protocol, too_many_lands);
	suite_add_tcase(s, protocol);
	tcase_add_checked_fixture(limits, ts_setup_small_body, ts_teardown);
	tcase_add_test(limits, body_over_limit);
	tcase_add_test(limits, declared_length_refused_early);
	suite_add_tcase(s, limits);
	return s;
}
