/*
 * CORS for browser deck tools: off unless origins are configured; then
 * preflights on every route, and the allow-origin header on every answer,
 * errors included, only for an origin on the list (or any, with "*").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>

#include "exchange.h"
#include "harness.h"

#define ORIGIN_A "https://a.example"
#define ORIGIN_B "https://b.example"

/* Origins that are not on the list "https://a.example, https://b.example",
 * though some look close to one that is. */
static const char *const refused_origins[] = {
	"https://c.example",
	"http://a.example",          /* another scheme */
	"https://a.example:8443",    /* another port */
	"https://a.example.evil",    /* a longer host */
	"https://a.exampl",          /* a prefix */
	"https://A.EXAMPLE",         /* origins compare exactly */
	"https://a.example/",
	"https://a.example, https://b.example",  /* the whole list is no origin */
	"null",
};
#define N_REFUSED (sizeof(refused_origins) / sizeof(refused_origins[0]))

static void setup_list(void)
{
	static const char *const args[] = { "--cors-origin", ORIGIN_A ", " ORIGIN_B,
					    "--body-limit", "1024", NULL };

	ts_start(&ts_srv, args);
}

static void setup_any(void)
{
	static const char *const args[] = { "--cors-origin", "*", NULL };

	ts_start(&ts_srv, args);
}

/* OPTIONS as a browser sends it before a cross-origin call (origin NULL: none). */
static long preflight(const struct hx_route *route, const char *origin, struct hx_resp *r)
{
	char origin_line[256], method_line[128];
	const char *headers[] = { origin_line, method_line,
				  "Access-Control-Request-Headers: content-type,x-request-id",
				  NULL };

	snprintf(origin_line, sizeof(origin_line), "Origin: %s", origin ? origin : "");
	snprintf(method_line, sizeof(method_line), "Access-Control-Request-Method: %s",
		 route->method);
	return hx_request(NULL, ts_srv.port, "OPTIONS", route->path, origin ? headers : headers + 1,
			  NULL, 0, r);
}

/* A preflight answer: 204, no body, and the methods the route takes in Allow. */
static void expect_preflight_basics(const struct hx_resp *r, const struct hx_route *route,
				    const char *origin)
{
	const char *allow = hx_header(r, "Allow");

	ck_assert_msg(r->status == 204, "OPTIONS %s from %s: %ld", route->path, origin, r->status);
	ck_assert_uint_eq(r->len, 0);
	ck_assert_msg(hx_list_has(allow, route->method) && hx_list_has(allow, "OPTIONS"),
		      "OPTIONS %s: Allow %s", route->path, allow);
}

static void expect_no_cors(const struct hx_resp *r, const char *what)
{
	for (size_t i = 0; i < r->n_headers; i++)
		ck_assert_msg(strncasecmp(r->headers[i].name, "Access-Control-", 15) != 0,
			      "%s: %s: %s", what, r->headers[i].name, r->headers[i].value);
}

/* The allow-origin header, once, with allowed as its value; and the cache told. */
static void expect_allowed(const struct hx_resp *r, const char *allowed, const char *what)
{
	const char *acao = hx_header(r, "Access-Control-Allow-Origin");

	ck_assert_msg(acao && strcmp(acao, allowed) == 0, "%s: Access-Control-Allow-Origin %s",
		      what, acao ? acao : "missing");
	ck_assert_uint_eq(hx_count(r, "Access-Control-Allow-Origin"), 1);
	if (strcmp(allowed, "*") != 0)
		ck_assert_msg(hx_list_has(hx_header(r, "Vary"), "Origin"), "%s: Vary %s", what,
			      hx_header(r, "Vary"));
}

/* A whole preflight granted to origin, answered with allowed. */
static void expect_preflight_granted(const struct hx_route *route, const char *origin,
				     const char *allowed)
{
	struct hx_resp r;
	const char *methods, *headers, *max_age;
	char what[256];
	char *end;

	snprintf(what, sizeof(what), "OPTIONS %s from %s", route->path, origin);
	preflight(route, origin, &r);
	expect_preflight_basics(&r, route, origin);
	expect_allowed(&r, allowed, what);
	methods = hx_header(&r, "Access-Control-Allow-Methods");
	ck_assert_msg(hx_list_has(methods, route->method), "%s: methods %s", what, methods);
	headers = hx_header(&r, "Access-Control-Allow-Headers");
	ck_assert_msg(hx_list_has(headers, "Content-Type") && hx_list_has(headers, "X-Request-Id"),
		      "%s: headers %s", what, headers);
	max_age = hx_header(&r, "Access-Control-Max-Age");
	ck_assert_msg(max_age != NULL, "%s: no Access-Control-Max-Age", what);
	ck_assert_msg(strtol(max_age, &end, 10) > 0 && *end == '\0', "%s: Max-Age %s", what,
		      max_age);
	hx_free(&r);
}

/* Makes call c with Origin: origin (NULL: no Origin). */
static void make_call(const struct hx_call *c, const char *origin, struct hx_resp *r)
{
	char origin_line[256];
	const char *headers[] = { origin_line, NULL };

	snprintf(origin_line, sizeof(origin_line), "Origin: %s", origin ? origin : "");
	hx_make_call(c, origin ? headers : NULL, r);
}

START_TEST(off_by_default)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);
	struct hx_resp r;

	ts_start(&ts_srv, NULL);
	for (size_t i = 0; i < n_routes; i++) {
		preflight(&routes[i], ORIGIN_A, &r);
		expect_preflight_basics(&r, &routes[i], ORIGIN_A);
		expect_no_cors(&r, routes[i].path);
		hx_free(&r);
	}
	for (size_t i = 0; i < hx_n_calls; i++) {
		if (hx_calls[i].status == HX_TOO_LARGE)
			continue;  /* the default limit is 1 MiB */
		make_call(&hx_calls[i], ORIGIN_A, &r);
		expect_no_cors(&r, hx_calls[i].path);
		hx_free(&r);
	}
}
END_TEST

START_TEST(preflight_allowed_on_every_route)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);

	for (size_t i = 0; i < n_routes; i++) {
		expect_preflight_granted(&routes[i], ORIGIN_A, ORIGIN_A);
		expect_preflight_granted(&routes[i], ORIGIN_B, ORIGIN_B);
	}
}
END_TEST

/* Refused: still 204 with Allow (OPTIONS is answered), but nothing CORS. */
START_TEST(preflight_refused)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);
	struct hx_resp r;

	for (size_t i = 0; i < n_routes; i++) {
		for (size_t k = 0; k < N_REFUSED; k++) {
			preflight(&routes[i], refused_origins[k], &r);
			expect_preflight_basics(&r, &routes[i], refused_origins[k]);
			expect_no_cors(&r, refused_origins[k]);
			hx_free(&r);
		}
		preflight(&routes[i], NULL, &r);
		expect_preflight_basics(&r, &routes[i], "nowhere");
		expect_no_cors(&r, "no Origin");
		hx_free(&r);
	}
}
END_TEST

/* Every kind of answer, errors included, carries the origin when allowed. */
START_TEST(answers_carry_allowed_origin)
{
	struct hx_resp r;
	char what[128];

	for (size_t i = 0; i < hx_n_calls; i++) {
		const char *origins[] = { ORIGIN_A, ORIGIN_B };

		snprintf(what, sizeof(what), "%s %s (%ld)", hx_calls[i].method, hx_calls[i].path,
			 hx_calls[i].status);
		for (size_t k = 0; k < 2; k++) {
			make_call(&hx_calls[i], origins[k], &r);
			expect_allowed(&r, origins[k], what);
			ck_assert_msg(hx_list_has(hx_header(&r, "Access-Control-Expose-Headers"),
						  "X-Request-Id"),
				      "%s: the browser cannot read X-Request-Id", what);
			hx_free(&r);
		}
		for (size_t k = 0; k < N_REFUSED; k++) {
			make_call(&hx_calls[i], refused_origins[k], &r);
			expect_no_cors(&r, what);
			hx_free(&r);
		}
		make_call(&hx_calls[i], NULL, &r);
		expect_no_cors(&r, what);
		hx_free(&r);
	}
}
END_TEST

START_TEST(any_origin)
{
	static const char *const origins[] = { ORIGIN_A, "https://anywhere.example:8443",
					       "http://localhost:3000", "null" };
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);
	struct hx_resp r;

	for (size_t i = 0; i < n_routes; i++)
		for (size_t k = 0; k < sizeof(origins) / sizeof(origins[0]); k++)
			expect_preflight_granted(&routes[i], origins[k], "*");
	for (size_t i = 0; i < hx_n_calls; i++) {
		if (hx_calls[i].status == HX_TOO_LARGE)
			continue;  /* the default limit is 1 MiB */
		make_call(&hx_calls[i], origins[1], &r);
		expect_allowed(&r, "*", hx_calls[i].path);
		hx_free(&r);
		make_call(&hx_calls[i], NULL, &r);
		expect_no_cors(&r, "no Origin");
		hx_free(&r);
	}
}
END_TEST

/* A preflight from origin to /v1/mana/solve: granted with allowed as the
 * allow-origin value, or (allowed NULL) refused. */
static void expect_granted(const char *origin, const char *allowed)
{
	const struct hx_route *routes;
	struct hx_resp r;

	hx_routes(&routes);
	if (allowed) {
		expect_preflight_granted(&routes[0], origin, allowed);
		return;
	}
	preflight(&routes[0], origin, &r);
	expect_preflight_basics(&r, &routes[0], origin);
	expect_no_cors(&r, origin);
	hx_free(&r);
}

/* MANAFLOW_CORS_ORIGINS configures the list; --cors-origin wins over it;
 * an empty list is CORS off; a list the server cannot hold is refused. */
START_TEST(environment_and_flag)
{
	static const char *const env[] = { "MANAFLOW_CORS_ORIGINS=https://env.example,"
					   ORIGIN_B, NULL };
	static const char *const env_empty[] = { "MANAFLOW_CORS_ORIGINS=", NULL };
	static const char *const env_any[] = { "MANAFLOW_CORS_ORIGINS=*", NULL };
	static const char *const flag[] = { "--cors-origin", ORIGIN_A, NULL };
	char cmd[8192];
	size_t len;
	int status;

	ts_spawn(&ts_srv, NULL, env);
	expect_granted("https://env.example", "https://env.example");
	expect_granted(ORIGIN_B, ORIGIN_B);
	expect_granted(ORIGIN_A, NULL);
	ts_spawn(&ts_srv, flag, env);
	expect_granted(ORIGIN_A, ORIGIN_A);
	expect_granted("https://env.example", NULL);
	expect_granted(ORIGIN_B, NULL);
	ts_spawn(&ts_srv, NULL, env_empty);
	expect_granted(ORIGIN_A, NULL);
	ts_spawn(&ts_srv, NULL, env_any);
	expect_granted("https://any.example", "*");
	ts_close(&ts_srv);
	/* Far more origins than any deployment needs: exit 2 at start-up. */
	len = (size_t)snprintf(cmd, sizeof(cmd), "timeout 60 '%s' serve --host 127.0.0.1 "
			       "--port 0 --cors-origin '", ts_manaflow);
	for (int i = 0; i < 200; i++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, "https://o%d.example,", i);
	snprintf(cmd + len, sizeof(cmd) - len, "' 2>/dev/null");
	status = system(cmd);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d", status);
}
END_TEST

Suite *suite_cors(void)
{
	Suite *s = suite_create("cors");
	TCase *off = tcase_create("off"), *list = tcase_create("list");
	TCase *any = tcase_create("any"), *config = tcase_create("configuration");

	tcase_add_checked_fixture(off, ts_setup_none, ts_teardown);
	tcase_add_test(off, off_by_default);
	suite_add_tcase(s, off);
	tcase_add_checked_fixture(list, setup_list, ts_teardown);
	tcase_add_test(list, preflight_allowed_on_every_route);
	tcase_add_test(list, preflight_refused);
	tcase_add_test(list, answers_carry_allowed_origin);
	suite_add_tcase(s, list);
	tcase_add_checked_fixture(any, setup_any, ts_teardown);
	tcase_add_test(any, any_origin);
	suite_add_tcase(s, any);
	tcase_add_checked_fixture(config, ts_setup_none, ts_teardown);
	tcase_add_test(config, environment_and_flag);
	suite_add_tcase(s, config);
	return s;
}
