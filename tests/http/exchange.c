/* The HTTP tests' one client: see exchange.h. */
#include "exchange.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fixtures.h"
#include "harness.h"

#define HX_ROUTES_MAX 64

/* The next string literal at or after *p (no escapes: paths and methods
 * have none), copied to out; advances *p past it. */
static bool next_literal(const char **p, const char *end, char *out, size_t cap)
{
	const char *open = memchr(*p, '"', (size_t)(end - *p)), *close;

	if (!open)
		return false;
	close = memchr(open + 1, '"', (size_t)(end - open - 1));
	if (!close || (size_t)(close - open - 1) >= cap)
		return false;
	memcpy(out, open + 1, (size_t)(close - open - 1));
	out[close - open - 1] = '\0';
	*p = close + 1;
	return true;
}

size_t hx_routes(const struct hx_route **routes)
{
	static struct hx_route table[HX_ROUTES_MAX];
	static char paths[HX_ROUTES_MAX][128], methods[HX_ROUTES_MAX][16];
	static size_t n;
	char *text;
	const char *p, *end;

	*routes = table;
	if (n)
		return n;
	text = read_source_file("src/http/router.c", NULL);
	p = strstr(text, "routes[] = {");
	ck_assert_msg(p != NULL, "no route table in src/http/router.c");
	end = strstr(p, "\n};");
	ck_assert_ptr_nonnull(end);
	/* One route a line: { "/path", "METHOD", ... }, */
	while ((p = strstr(p, "\n\t{ \"")) != NULL && p < end) {
		const char *line_end = strchr(p + 1, '\n');

		ck_assert_uint_lt(n, HX_ROUTES_MAX);
		p += 3;
		ck_assert_msg(next_literal(&p, line_end, paths[n], sizeof(paths[n])) &&
			      next_literal(&p, line_end, methods[n], sizeof(methods[n])),
			      "a route line in router.c that is not { \"/path\", \"METHOD\", ...");
		ck_assert_msg(paths[n][0] == '/' && (!strcmp(methods[n], "GET") ||
						     !strcmp(methods[n], "POST")),
			      "route %s %s", methods[n], paths[n]);
		table[n].path = paths[n];
		table[n].method = methods[n];
		n++;
	}
	free(text);
	ck_assert_msg(n >= 9, "only %zu routes read from router.c", n);
	return n;
}

#define SOLVE "/v1/mana/solve"
#define GOOD_QUERY MF_FIX_FOREST_G
#define FORESTS_10 ",\"Forest\",\"Forest\",\"Forest\",\"Forest\",\"Forest\"," \
		   "\"Forest\",\"Forest\",\"Forest\",\"Forest\",\"Forest\""
#define FORESTS_50 FORESTS_10 FORESTS_10 FORESTS_10 FORESTS_10 FORESTS_10
/* About 1900 bytes: over a 1024-byte limit, valid JSON under any other. */
#define BIG_QUERY "{\"battlefield\":[\"Forest\"" FORESTS_50 FORESTS_50 FORESTS_50 \
		  FORESTS_50 "],\"life\":7,\"cost\":\"G\"}"

const struct hx_call hx_calls[] = {
	{ "GET", "/v1/lands", NULL, NULL, 200 },
	{ "GET", "/openapi.yaml", NULL, NULL, 200 },
	{ "GET", "/healthz", NULL, NULL, 200 },
	{ "GET", "/readyz", NULL, NULL, 200 },
	{ "GET", "/metrics", NULL, NULL, 200 },
	{ "HEAD", "/v1/lands", NULL, NULL, 200 },
	{ "GET", "/v1/lands", "If-None-Match: *", NULL, 304 },
	{ "OPTIONS", SOLVE, NULL, NULL, 204 },
	{ "POST", SOLVE, NULL, GOOD_QUERY, 200 },
	{ "POST", SOLVE, NULL, "{\"battlefield\":", 400 },
	{ "POST", SOLVE, NULL, MF_FIX_FORST_G, 400 },
	{ "GET", "/v1/nope", NULL, NULL, 404 },
	{ "GET", SOLVE, NULL, NULL, 405 },
	{ "POST", "/v1/lands", NULL, GOOD_QUERY, 405 },
	{ "POST", SOLVE, NULL, BIG_QUERY, HX_TOO_LARGE },
	{ "POST", SOLVE, "Content-Type: text/plain", GOOD_QUERY, 415 },
};
const size_t hx_n_calls = sizeof(hx_calls) / sizeof(hx_calls[0]);

#define HX_CURL_TIMEOUT_S 120L  /* generous: the client may run under valgrind */
#define HX_CHUNK_MAX 700         /* bytes a chunked upload hands libcurl at a time */

struct hx_sink {
	char *buf;
	size_t len, cap;
};

/* Appends n bytes of data to k, NUL-terminated; fails the test without memory. */
static void sink_append(struct hx_sink *k, const char *data, size_t n)
{
	if (k->len + n + 1 > k->cap) {
		size_t cap = (k->len + n + 1) * 2;
		char *grown = realloc(k->buf, cap);

		ck_assert_ptr_nonnull(grown);
		k->buf = grown;
		k->cap = cap;
	}
	memcpy(k->buf + k->len, data, n);
	k->len += n;
	k->buf[k->len] = '\0';
}

void hx_take_header_line(struct hx_resp *r, const char *line, size_t n)
{
	const char *colon = memchr(line, ':', n);
	struct hx_header *h;
	size_t name_len;
	const char *v;
	size_t v_len;

	if (n >= 5 && strncmp(line, "HTTP/", 5) == 0) {
		r->n_headers = 0;
		return;
	}
	while (n && (line[n - 1] == '\r' || line[n - 1] == '\n'))
		n--;
	if (!n || !colon)
		return;
	ck_assert_msg(r->n_headers < HX_HEADERS_MAX, "more than %d headers", HX_HEADERS_MAX);
	h = &r->headers[r->n_headers++];
	name_len = (size_t)(colon - line);
	v = colon + 1;
	v_len = n - name_len - 1;
	while (v_len && (*v == ' ' || *v == '\t'))
		v++, v_len--;
	while (v_len && (v[v_len - 1] == ' ' || v[v_len - 1] == '\t'))
		v_len--;
	ck_assert_msg(name_len < sizeof(h->name) && v_len < sizeof(h->value),
		      "header too long: %.*s", (int)n, line);
	memcpy(h->name, line, name_len);
	h->name[name_len] = '\0';
	memcpy(h->value, v, v_len);
	h->value[v_len] = '\0';
}

/* libcurl's header callback: one line of the answer's head. */
static size_t on_header(char *line, size_t size, size_t nmemb, void *userp)
{
	hx_take_header_line(userp, line, size * nmemb);
	return size * nmemb;
}

/* libcurl's write callback: a piece of the body. */
static size_t on_body(char *data, size_t size, size_t nmemb, void *userp)
{
	sink_append(userp, data, size * nmemb);
	return size * nmemb;
}

/* A body handed over in pieces, for a chunked upload. */
struct hx_source {
	const char *data;
	size_t len, at;
};

/* libcurl's read callback: the next piece of at most HX_CHUNK_MAX bytes, so
 * that a chunked upload has several chunks. */
static size_t on_read(char *buf, size_t size, size_t nmemb, void *userp)
{
	struct hx_source *src = userp;
	size_t n = size * nmemb;

	if (n > HX_CHUNK_MAX)
		n = HX_CHUNK_MAX;
	if (n > src->len - src->at)
		n = src->len - src->at;
	memcpy(buf, src->data + src->at, n);
	src->at += n;
	return n;
}

/* Whether header line h is "Transfer-Encoding: chunked" (any case). */
static bool says_chunked(const char *h)
{
	return strncasecmp(h, "Transfer-Encoding:", 18) == 0 && hx_list_has(h + 18, "chunked");
}

long hx_request(CURL *h, uint16_t port, const char *method, const char *path,
		const char *const *headers, const char *body, size_t len, struct hx_resp *r)
{
	struct curl_slist *list = NULL;
	struct hx_source src = { body, len, 0 };
	struct hx_sink k = { 0 };
	bool own = h == NULL, has_type = false, chunked = false;
	bool head = strcmp(method, "HEAD") == 0;
	const char *type;
	char url[512], error[CURL_ERROR_SIZE] = "";
	CURLcode rc;

	memset(r, 0, sizeof(*r));
	if (own)
		h = curl_easy_init();
	ck_assert_ptr_nonnull(h);
	snprintf(url, sizeof(url), "http://127.0.0.1:%u%s", (unsigned)port, path);
	for (size_t i = 0; headers && headers[i]; i++) {
		list = curl_slist_append(list, headers[i]);
		ck_assert_ptr_nonnull(list);
		has_type |= strncasecmp(headers[i], "Content-Type", 12) == 0;
		chunked |= says_chunked(headers[i]);
	}
	if (body && !has_type)
		list = curl_slist_append(list, "Content-Type: application/json");
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, HX_CURL_TIMEOUT_S);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &k);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
	if (body && chunked) {
		curl_easy_setopt(h, CURLOPT_POST, 1L);
		curl_easy_setopt(h, CURLOPT_READFUNCTION, on_read);
		curl_easy_setopt(h, CURLOPT_READDATA, &src);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)-1);
	} else if (body) {
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	} else {
		curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
	}
	curl_easy_setopt(h, CURLOPT_NOBODY, head ? 1L : 0L);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, head ? NULL : method);
	rc = curl_easy_perform(h);
	/* A reused handle must not keep pointers into this call's frame. */
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	curl_easy_setopt(h, CURLOPT_POSTFIELDS, NULL);
	curl_easy_setopt(h, CURLOPT_READDATA, NULL);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, NULL);
	curl_slist_free_all(list);
	if (rc == CURLE_OK)
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
	else  /* status 0: why, for the log of a test that did not expect it */
		fprintf(stderr, "%s %s: %s (%s)\n", method, path, curl_easy_strerror(rc),
			error);
	if (own)
		curl_easy_cleanup(h);
	r->body = k.buf ? k.buf : calloc(1, 1);
	ck_assert_ptr_nonnull(r->body);
	r->len = k.len;
	type = hx_header(r, "Content-Type");
	if (type && strstr(type, "json"))
		r->json = cJSON_ParseWithLength(r->body, r->len);
	return r->status;
}

long hx_get(const char *path, struct hx_resp *r)
{
	return hx_request(NULL, ts_srv.port, "GET", path, NULL, NULL, 0, r);
}

long hx_post(const char *path, const char *body, struct hx_resp *r)
{
	return hx_request(NULL, ts_srv.port, "POST", path, NULL, body, strlen(body), r);
}

long hx_post_cjson(const char *path, const cJSON *doc, struct hx_resp *r)
{
	char *text = cJSON_PrintUnformatted(doc);
	long status;

	ck_assert_ptr_nonnull(text);
	status = hx_post(path, text, r);
	cJSON_free(text);
	return status;
}

void hx_make_call(const struct hx_call *c, const char *const *headers, struct hx_resp *r)
{
	const char *all[16];
	size_t n = 0;

	for (; headers && headers[0]; headers++) {
		ck_assert_uint_lt(n, 14);
		all[n++] = headers[0];
	}
	if (c->header)
		all[n++] = c->header;
	all[n] = NULL;
	hx_request(NULL, ts_srv.port, c->method, c->path, all, c->body,
		   c->body ? strlen(c->body) : 0, r);
	ck_assert_msg(r->status == c->status, "%s %s: %ld, not %ld: %s", c->method, c->path,
		      r->status, c->status, r->body);
}

const char *hx_header(const struct hx_resp *r, const char *name)
{
	for (size_t i = 0; i < r->n_headers; i++)
		if (strcasecmp(r->headers[i].name, name) == 0)
			return r->headers[i].value;
	return NULL;
}

const char *hx_value(const struct hx_resp *r, const char *name)
{
	const char *v = hx_header(r, name);

	return v ? v : "";
}

size_t hx_count(const struct hx_resp *r, const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_headers; i++)
		n += strcasecmp(r->headers[i].name, name) == 0;
	return n;
}

size_t hx_count_prefix(const struct hx_resp *r, const char *prefix)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_headers; i++)
		n += strncasecmp(r->headers[i].name, prefix, strlen(prefix)) == 0;
	return n;
}

bool hx_list_has(const char *list, const char *token)
{
	size_t n = strlen(token);

	while (list && *list) {
		size_t len;

		list += strspn(list, " \t,");
		len = strcspn(list, ",");
		while (len && (list[len - 1] == ' ' || list[len - 1] == '\t'))
			len--;
		if (len == n && strncasecmp(list, token, n) == 0)
			return true;
		list += strcspn(list, ",");
	}
	return false;
}

void hx_free(struct hx_resp *r)
{
	free(r->body);
	cJSON_Delete(r->json);
	memset(r, 0, sizeof(*r));
}

void expect_problem(const struct hx_resp *r, long status, const char *pointer,
		    const char *detail_part)
{
	const cJSON *ptr;

	ck_assert_msg(r->status == status, "expected %ld, got %ld: %s", status, r->status,
		      r->body);
	ck_assert_msg(strncmp(hx_value(r, "Content-Type"), "application/problem+json", 24) == 0,
		      "Content-Type %s for %ld", hx_value(r, "Content-Type"), status);
	ck_assert_msg(cJSON_IsObject(r->json), "problem body is not a JSON object: %s", r->body);
	ck_assert_msg(json_str(r->json, "type")[0] != '\0', "empty type: %s", r->body);
	ck_assert_msg(json_str(r->json, "title")[0] != '\0', "empty title: %s", r->body);
	ck_assert_msg(json_str(r->json, "detail")[0] != '\0', "empty detail: %s", r->body);
	ck_assert_int_eq(json_int(r->json, "status"), status);
	ptr = cJSON_GetObjectItemCaseSensitive(r->json, "pointer");
	if (pointer) {
		ck_assert_msg(cJSON_IsString(ptr), "no pointer in %s", r->body);
		ck_assert_str_eq(ptr->valuestring, pointer);
	}
	if (detail_part)
		ck_assert_msg(strstr(json_str(r->json, "detail"), detail_part) != NULL,
			      "detail lacks \"%s\": %s", detail_part, r->body);
}

unsigned long long hx_metric(const char *name)
{
	char line[128];
	struct hx_resp r;
	const char *at;
	unsigned long long v;

	snprintf(line, sizeof(line), "\n%s ", name);
	ck_assert_int_eq(hx_get("/metrics", &r), 200);
	at = strstr(r.body, line);
	ck_assert_msg(at != NULL, "no %s in /metrics", name);
	v = strtoull(at + strlen(line), NULL, 10);
	hx_free(&r);
	return v;
}

void hx_wait_in_flight(unsigned n)
{
	int64_t deadline = now_ms() + 30000;
	char line[64];

	snprintf(line, sizeof(line), "\nhttp_requests_in_flight %u\n", n);
	for (;;) {
		struct hx_resp r;
		bool seen;

		ck_assert_int_eq(hx_get("/metrics", &r), 200);
		seen = strstr(r.body, line) != NULL;
		hx_free(&r);
		if (seen)
			return;
		ck_assert_msg(now_ms() < deadline, "never %u requests in flight", n);
		sleep_ms(20);
	}
}
