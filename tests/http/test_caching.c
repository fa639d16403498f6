/*
 * The static answers (/v1/lands, /openapi.yaml): ETag and Cache-Control,
 * 304 for a matching If-None-Match; and HEAD wherever GET works.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "exchange.h"
#include "harness.h"

#define RAW_TIMEOUT_MS 60000

static const char *const cacheable[] = { "/v1/lands", "/openapi.yaml" };
#define N_CACHEABLE (sizeof(cacheable) / sizeof(cacheable[0]))

/* method path on a new connection with one more header line (may be ""). */
static long raw_request(const char *method, const char *path, const char *header,
			struct hx_resp *r)
{
	char text[1024];

	snprintf(text, sizeof(text), "%s %s HTTP/1.1\r\nHost: t\r\n%s%sConnection: close\r\n\r\n",
		 method, path, header, *header ? "\r\n" : "");
	return hx_raw(ts_srv.port, text, RAW_TIMEOUT_MS, r);
}

/* An entity-tag as RFC 9110 writes one: optional W/, then a quoted string of
 * visible characters other than the quote. */
static bool is_entity_tag(const char *t)
{
	size_t n;

	if (strncmp(t, "W/", 2) == 0)
		t += 2;
	n = strlen(t);
	if (n < 2 || t[0] != '"' || t[n - 1] != '"')
		return false;
	for (size_t i = 1; i + 1 < n; i++)
		if (t[i] == '"' || (unsigned char)t[i] <= 0x20 || t[i] == 0x7f)
			return false;
	return true;
}

/* GET path: 200 with a body, one ETag (copied to etag) and Cache-Control. */
static void get_tagged(const char *path, char *etag, size_t cap, struct hx_resp *r)
{
	const char *tag, *cc;

	ck_assert_int_eq(hx_request(NULL, ts_srv.port, "GET", path, NULL, NULL, 0, r), 200);
	ck_assert_msg(r->len > 0, "GET %s: empty", path);
	tag = hx_header(r, "ETag");
	ck_assert_msg(tag && hx_count(r, "ETag") == 1, "GET %s: ETag %s", path, tag);
	ck_assert_msg(is_entity_tag(tag), "GET %s: ETag %s", path, tag);
	cc = hx_header(r, "Cache-Control");
	ck_assert_msg(cc && *cc && !hx_list_has(cc, "no-store"), "GET %s: Cache-Control %s", path,
		      cc);
	ck_assert_uint_lt(strlen(tag), cap);
	strcpy(etag, tag);
}

/* GET path with If-None-Match: inm on a new connection: 304 with nothing
 * after the head, the same ETag and Cache-Control as the 200. */
static void expect_not_modified(const char *method, const char *path, const char *inm,
				const struct hx_resp *full)
{
	char header[512];
	struct hx_resp r;

	snprintf(header, sizeof(header), "If-None-Match: %s", inm);
	raw_request(method, path, header, &r);
	ck_assert_msg(r.status == 304, "%s %s If-None-Match %s: %ld", method, path, inm, r.status);
	ck_assert_msg(r.len == 0, "304 with %zu bytes after the head: %s", r.len, r.body);
	ck_assert_str_eq(hx_header(&r, "ETag"), hx_header(full, "ETag"));
	ck_assert_str_eq(hx_header(&r, "Cache-Control"), hx_header(full, "Cache-Control"));
	ck_assert_ptr_nonnull(hx_header(&r, "X-Request-Id"));
	hx_free(&r);
}

/* If-None-Match: inm does not match: the whole answer again. */
static void expect_full(const char *path, const char *inm, const struct hx_resp *full)
{
	char header[512];
	const char *headers[] = { header, NULL };
	struct hx_resp r;

	snprintf(header, sizeof(header), "If-None-Match: %s", inm);
	hx_request(NULL, ts_srv.port, "GET", path, headers, NULL, 0, &r);
	ck_assert_msg(r.status == 200, "GET %s If-None-Match %s: %ld", path, inm, r.status);
	ck_assert_uint_eq(r.len, full->len);
	ck_assert(memcmp(r.body, full->body, r.len) == 0);
	ck_assert_str_eq(hx_header(&r, "ETag"), hx_header(full, "ETag"));
	hx_free(&r);
}

START_TEST(etag_and_not_modified)
{
	char tags[N_CACHEABLE][64], inm[256];

	for (size_t i = 0; i < N_CACHEABLE; i++) {
		const char *path = cacheable[i];
		struct hx_resp full, again;
		char *tag = tags[i], altered[64];
		size_t n;

		get_tagged(path, tag, sizeof(tags[i]), &full);
		get_tagged(path, altered, sizeof(altered), &again);
		ck_assert_str_eq(altered, tag);
		ck_assert_uint_eq(again.len, full.len);
		ck_assert(memcmp(again.body, full.body, full.len) == 0);
		hx_free(&again);

		expect_not_modified("GET", path, tag, &full);
		expect_not_modified("HEAD", path, tag, &full);
		expect_not_modified("GET", path, "*", &full);
		snprintf(inm, sizeof(inm), "\"other\", %s", tag);
		expect_not_modified("GET", path, inm, &full);
		snprintf(inm, sizeof(inm), "%s, \"other\"", tag);
		expect_not_modified("GET", path, inm, &full);
		snprintf(inm, sizeof(inm), "\"a\",\"b\",%s,\"c\"", tag);
		expect_not_modified("GET", path, inm, &full);

		expect_full(path, "\"other\"", &full);
		expect_full(path, "\"\"", &full);
		/* One character changed inside the quotes, one added, one cut. */
		n = strlen(tag);
		strcpy(altered, tag);
		altered[n / 2] = altered[n / 2] == '0' ? '1' : '0';
		expect_full(path, altered, &full);
		snprintf(altered, sizeof(altered), "%.*s0\"", (int)(n - 1), tag);
		expect_full(path, altered, &full);
		snprintf(altered, sizeof(altered), "%.*s\"", (int)(n - 2), tag);
		expect_full(path, altered, &full);
		snprintf(inm, sizeof(inm), "\"x%s", tag + 1);
		expect_full(path, inm, &full);
		hx_free(&full);
	}
	/* Each answer has its own tag, which does not stand for the other. */
	ck_assert_str_ne(tags[0], tags[1]);
	for (size_t i = 0; i < N_CACHEABLE; i++) {
		struct hx_resp full;
		char tag[64];

		get_tagged(cacheable[i], tag, sizeof(tag), &full);
		expect_full(cacheable[i], tags[1 - i], &full);
		hx_free(&full);
	}
}
END_TEST

/* Sends request (saying Connection: close) on a new connection and reads
 * every byte until the server closes it, into buf (NUL-terminated); returns
 * the count. */
static size_t raw_all(const char *request, char *buf, size_t cap)
{
	int fd = raw_connect(ts_srv.port);
	size_t len = 0;

	raw_send(fd, request, strlen(request));
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;

		ck_assert_msg(poll(&p, 1, RAW_TIMEOUT_MS) == 1, "no answer to %s", request);
		n = recv(fd, buf + len, cap - 1 - len, 0);
		ck_assert_msg(n >= 0, "recv: %s", strerror(errno));
		if (n == 0)
			break;
		len += (size_t)n;
		ck_assert_uint_lt(len, cap - 1);
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

/* The Content-Length lines of the raw head that starts text (up to its
 * blank line): how many, and the value of the last into *value. */
static int head_content_lengths(const char *text, unsigned long long *value)
{
	const char *end = strstr(text, "\r\n\r\n");
	int n = 0;

	ck_assert_ptr_nonnull(end);
	for (const char *line = strstr(text, "\r\n") + 2; line < end + 2;
	     line = strstr(line, "\r\n") + 2)
		if (strncasecmp(line, "Content-Length:", 15) == 0) {
			*value = strtoull(line + 15, NULL, 10);
			n++;
		}
	return n;
}

/* A 304 carries no Content-Length, or the one its 200 would have (RFC 9110
 * 8.6), never that of its own empty body; nothing follows its head, and a
 * request after it on the same connection is answered. Read off the wire. */
START_TEST(not_modified_keeps_the_length)
{
	static const char *const paths[] = { "/", "/v1/lands", "/openapi.yaml",
					     "/playground/app.js" };
	static char buf[1 << 18];

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct hx_resp full;
		char tag[64], request[512];
		const char *inms[] = { "*", tag };

		get_tagged(paths[i], tag, sizeof(tag), &full);
		for (size_t k = 0; k < 4; k++) {
			unsigned long long value = 0;
			size_t len;
			int n;

			snprintf(request, sizeof(request),
				 "%s %s HTTP/1.1\r\nHost: t\r\nIf-None-Match: %s\r\n"
				 "Connection: close\r\n\r\n", k & 2 ? "HEAD" : "GET", paths[i],
				 inms[k & 1]);
			len = raw_all(request, buf, sizeof(buf));
			ck_assert_msg(strncmp(buf, "HTTP/1.1 304 ", 13) == 0, "%s: %.40s", request, buf);
			ck_assert_msg(len == (size_t)(strstr(buf, "\r\n\r\n") + 4 - buf),
				      "%s: bytes after the 304's head", request);
			n = head_content_lengths(buf, &value);
			ck_assert_msg(n == 0 || (n == 1 && value == full.len),
				      "%s: %d Content-Length, the last %llu, the 200's %zu:\n%s",
				      request, n, value, full.len, buf);
		}
		snprintf(request, sizeof(request),
			 "GET %s HTTP/1.1\r\nHost: t\r\nIf-None-Match: %s\r\n\r\n"
			 "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
			 paths[i], tag);
		raw_all(request, buf, sizeof(buf));
		ck_assert_msg(strncmp(buf, "HTTP/1.1 304 ", 13) == 0, "%.40s", buf);
		ck_assert_msg(strncmp(strstr(buf, "\r\n\r\n") + 4, "HTTP/1.1 200 ", 13) == 0,
			      "after the 304: %s", buf);
		hx_free(&full);
	}
}
END_TEST

/* A catalogue of the first lines of data/lands.txt, in a new temporary file
 * whose path is written to path (PATH_MAX bytes). */
static void write_small_catalogue(char *path, size_t lines)
{
	char *all = read_source_file("data/lands.txt", NULL), *end = all;
	int fd;

	for (size_t i = 0; i < lines; i++) {
		end = strchr(end, '\n');
		ck_assert_ptr_nonnull(end);
		end++;
	}
	strcpy(path, "/tmp/manaflow-lands-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, all, (size_t)(end - all)), end - all);
	close(fd);
	free(all);
}

/* The tags depend on the content alone: equal in two runs of the server (as
 * in two replicas behind one balancer: one in this process, one a process
 * of its own), different for another catalogue (--lands). */
START_TEST(etag_follows_content)
{
	char first[N_CACHEABLE][64], tag[64], path[64];
	const char *args[] = { "--lands", path, NULL };
	struct hx_resp r, lands;

	ts_start(&ts_srv, NULL);
	for (size_t i = 0; i < N_CACHEABLE; i++) {
		get_tagged(cacheable[i], first[i], sizeof(first[i]), &r);
		hx_free(&r);
	}
	ts_spawn(&ts_srv, NULL, NULL);
	get_tagged("/v1/lands", tag, sizeof(tag), &lands);
	ck_assert_str_eq(tag, first[0]);
	expect_not_modified("GET", "/v1/lands", first[0], &lands);
	get_tagged("/openapi.yaml", tag, sizeof(tag), &r);
	ck_assert_str_eq(tag, first[1]);
	expect_not_modified("GET", "/openapi.yaml", first[1], &r);
	hx_free(&r);

	write_small_catalogue(path, 5);
	ts_spawn(&ts_srv, args, NULL);
	unlink(path);  /* read at start-up */
	get_tagged("/v1/lands", tag, sizeof(tag), &r);
	ck_assert_msg(r.len != lands.len || memcmp(r.body, lands.body, r.len) != 0,
		      "--lands made no difference");
	ck_assert_str_ne(tag, first[0]);
	expect_full("/v1/lands", first[0], &r);
	hx_free(&r);
	get_tagged("/openapi.yaml", tag, sizeof(tag), &r);
	ck_assert_str_eq(tag, first[1]);
	hx_free(&r);
	hx_free(&lands);
}
END_TEST

/* Headers that may differ between two answers to the same request. */
static bool per_answer(const char *path, const char *name)
{
	return !strcasecmp(name, "Date") || !strcasecmp(name, "X-Request-Id") ||
	       (!strcmp(path, "/metrics") && !strcasecmp(name, "Content-Length"));
}

/* HEAD answers as GET does, the same status and headers, with no body. */
START_TEST(head_like_get)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);

	for (size_t i = 0; i < n_routes; i++) {
		const struct hx_route *route = &routes[i];
		struct hx_resp get, head;
		const char *len;

		if (strcmp(route->method, "GET") != 0)
			continue;
		raw_request("GET", route->path, "", &get);
		raw_request("HEAD", route->path, "", &head);
		ck_assert_msg(get.status == 200, "GET %s: %ld", route->path, get.status);
		ck_assert_msg(head.status == get.status, "HEAD %s: %ld", route->path, head.status);
		ck_assert_msg(head.len == 0, "HEAD %s sent %zu bytes: %s", route->path, head.len,
			      head.body);
		len = hx_header(&get, "Content-Length");
		ck_assert_msg(len && strtoul(len, NULL, 10) == get.len, "GET %s: length %s of %zu",
			      route->path, len, get.len);
		ck_assert_msg(head.n_headers == get.n_headers, "HEAD %s: %zu headers, GET %zu",
			      route->path, head.n_headers, get.n_headers);
		for (size_t k = 0; k < get.n_headers; k++) {
			const char *name = get.headers[k].name, *v = hx_header(&head, name);

			ck_assert_msg(v != NULL, "HEAD %s has no %s", route->path, name);
			if (!per_answer(route->path, name))
				ck_assert_msg(strcmp(v, get.headers[k].value) == 0,
					      "HEAD %s: %s %s, GET: %s", route->path, name, v,
					      get.headers[k].value);
		}
		hx_free(&get);
		hx_free(&head);
	}
}
END_TEST

/* Pipelined after a HEAD, the next request's answer follows its head at once:
 * no body bytes in between to confuse a kept-alive client. */
START_TEST(head_then_next_request)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);

	for (size_t i = 0; i < n_routes; i++) {
		char text[512];
		struct hx_resp r;

		if (strcmp(routes[i].method, "GET") != 0)
			continue;
		snprintf(text, sizeof(text), "HEAD %s HTTP/1.1\r\nHost: t\r\n\r\n"
			 "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
			 routes[i].path);
		ck_assert_int_eq(hx_raw(ts_srv.port, text, RAW_TIMEOUT_MS, &r), 200);
		ck_assert_msg(strncmp(r.body, "HTTP/1.1 200 ", 13) == 0, "after HEAD %s: %s",
			      routes[i].path, r.body);
		ck_assert_msg(r.len > 15 && strcmp(r.body + r.len - 15, "{\"status\":\"ok\"}") == 0,
			      "after HEAD %s: %s", routes[i].path, r.body);
		hx_free(&r);
	}
}
END_TEST

/* HEAD is no way into a POST route; an unknown path is still unknown. */
START_TEST(head_refused_where_get_is)
{
	const struct hx_route *routes;
	size_t n_routes = hx_routes(&routes);
	struct hx_resp r;

	for (size_t i = 0; i < n_routes; i++) {
		const char *allow;

		if (strcmp(routes[i].method, "POST") != 0)
			continue;
		raw_request("HEAD", routes[i].path, "", &r);
		ck_assert_msg(r.status == 405, "HEAD %s: %ld", routes[i].path, r.status);
		ck_assert_uint_eq(r.len, 0);
		allow = hx_header(&r, "Allow");
		ck_assert_msg(hx_list_has(allow, "POST") && !hx_list_has(allow, "HEAD") &&
			      !hx_list_has(allow, "GET"), "HEAD %s: Allow %s", routes[i].path,
			      allow);
		hx_free(&r);
	}
	for (size_t i = 0; i < n_routes; i++) {
		const char *allow;

		hx_request(NULL, ts_srv.port, "OPTIONS", routes[i].path, NULL, NULL, 0, &r);
		ck_assert_int_eq(r.status, 204);
		allow = hx_header(&r, "Allow");
		ck_assert_msg(hx_list_has(allow, "HEAD") == !strcmp(routes[i].method, "GET"),
			      "OPTIONS %s: Allow %s", routes[i].path, allow);
		hx_free(&r);
	}
	raw_request("HEAD", "/v1/nope", "", &r);
	ck_assert_int_eq(r.status, 404);
	ck_assert_uint_eq(r.len, 0);
	hx_free(&r);
}
END_TEST

/* The playground's files: their types, the page's policy, cached like the
 * other static answers. */
START_TEST(playground_served_with_its_policy)
{
	static const char *const paths[] = { "/", "/playground", "/playground/app.js",
					     "/playground/app.css", "/playground/favicon.svg" };
	static const char *const types[] = { "text/html; charset=utf-8", "text/html; charset=utf-8",
					     "text/javascript; charset=utf-8", "text/css; charset=utf-8",
					     "image/svg+xml" };
	char tag[64];

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct hx_resp r;

		get_tagged(paths[i], tag, sizeof(tag), &r);
		ck_assert_str_eq(hx_header(&r, "Content-Type"), types[i]);
		ck_assert_str_eq(hx_header(&r, "Content-Security-Policy"), "default-src 'self'; frame-ancestors 'none'");
		ck_assert_str_eq(hx_header(&r, "Cache-Control"), "public, max-age=300");
		if (i < 2)
			ck_assert_msg(strncasecmp(r.body, "<!doctype html>", 15) == 0, "%.40s", r.body);
		expect_not_modified("GET", paths[i], tag, &r);
		hx_free(&r);
	}
}
END_TEST

/* --no-playground and MANAFLOW_PLAYGROUND=0: 404 at each of its paths, the
 * API as before; a JSON route never carries the page's policy. */
/* Every answer says nosniff and that no page may frame it: the API's with a
 * policy that loads nothing, the playground's with its own. */
START_TEST(every_answer_forbids_sniffing_and_framing)
{
	static const char *const paths[] = { "/healthz", "/v1/lands", "/nowhere", "/", "/playground/app.js" };
	struct hx_resp r;

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		const char *csp;

		hx_request(NULL, ts_srv.port, "GET", paths[i], NULL, NULL, 0, &r);
		csp = hx_header(&r, "Content-Security-Policy");
		ck_assert_msg(hx_header(&r, "X-Content-Type-Options") &&
			      strcmp(hx_header(&r, "X-Content-Type-Options"), "nosniff") == 0,
			      "GET %s: X-Content-Type-Options %s", paths[i],
			      hx_header(&r, "X-Content-Type-Options"));
		ck_assert_msg(csp && hx_count(&r, "Content-Security-Policy") == 1 &&
			      strstr(csp, "frame-ancestors 'none'"), "GET %s: CSP %s", paths[i], csp);
		ck_assert_msg(i >= 3 || strcmp(csp, "default-src 'none'; frame-ancestors 'none'") == 0,
			      "GET %s: CSP %s", paths[i], csp);
		hx_free(&r);
	}
	hx_request(NULL, ts_srv.port, "POST", "/v1/mana/solve", NULL, "{", 1, &r);
	ck_assert_int_eq(r.status, 400);  /* a problem answer too */
	ck_assert_str_eq(hx_header(&r, "X-Content-Type-Options"), "nosniff");
	hx_free(&r);
}
END_TEST

START_TEST(playground_switched_off)
{
	static const char *const off_flag[] = { "--no-playground", NULL };
	static const char *const off_env[] = { "MANAFLOW_PLAYGROUND=0", NULL };
	static const char *const paths[] = { "/", "/playground", "/playground/app.js" };

	for (int k = 0; k < 2; k++) {
		struct hx_resp r;

		ts_spawn(&ts_srv, k ? NULL : off_flag, k ? off_env : NULL);
		for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
			raw_request("GET", paths[i], "", &r);
			ck_assert_msg(r.status == 404, "%s: %ld", paths[i], r.status);
			ck_assert_str_eq(hx_header(&r, "Content-Security-Policy"),
					 "default-src 'none'; frame-ancestors 'none'");
			hx_free(&r);
		}
		raw_request("GET", "/v1/lands", "", &r);
		ck_assert_int_eq(r.status, 200);
		ck_assert_str_eq(hx_header(&r, "Content-Security-Policy"),
				 "default-src 'none'; frame-ancestors 'none'");
		hx_free(&r);
		ts_close(&ts_srv);
	}
}
END_TEST

Suite *suite_caching(void)
{
	Suite *s = suite_create("caching");
	TCase *etag = tcase_create("etag"), *runs = tcase_create("runs");
	TCase *head = tcase_create("head");

	tcase_add_checked_fixture(etag, ts_setup_default, ts_teardown);
	tcase_add_test(etag, etag_and_not_modified);
	tcase_add_test(etag, not_modified_keeps_the_length);
	tcase_add_test(etag, playground_served_with_its_policy);
	tcase_add_test(etag, every_answer_forbids_sniffing_and_framing);
	suite_add_tcase(s, etag);
	tcase_add_checked_fixture(runs, ts_setup_none, ts_teardown);
	tcase_add_test(runs, etag_follows_content);
	tcase_add_test(runs, playground_switched_off);
	suite_add_tcase(s, runs);
	tcase_add_checked_fixture(head, ts_setup_default, ts_teardown);
	tcase_add_test(head, head_like_get);
	tcase_add_test(head, head_then_next_request);
	tcase_add_test(head, head_refused_where_get_is);
	suite_add_tcase(s, head);
	return s;
}
