/* Requests with any headers, answers with all of theirs: see exchange.h. */
#include "exchange.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

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
#define GOOD_QUERY "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}"
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
	{ "POST", SOLVE, NULL, "{\"battlefield\":[\"Forst\"],\"life\":7,\"cost\":\"G\"}", 400 },
	{ "GET", "/v1/nope", NULL, NULL, 404 },
	{ "GET", SOLVE, NULL, NULL, 405 },
	{ "POST", "/v1/lands", NULL, GOOD_QUERY, 405 },
	{ "POST", SOLVE, NULL, BIG_QUERY, HX_TOO_LARGE },
	{ "POST", SOLVE, "Content-Type: text/plain", GOOD_QUERY, 415 },
};
const size_t hx_n_calls = sizeof(hx_calls) / sizeof(hx_calls[0]);

#define HX_CURL_TIMEOUT_S 120L  /* generous: the client may run under valgrind */

struct hx_sink {
	char *buf;
	size_t len, cap;
};

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

/* One header line ("Name: value", CRLF or not); a status line starts over,
 * so that only the final response's headers remain (after a 100). */
static void take_header_line(struct hx_resp *r, const char *line, size_t n)
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

static size_t on_header(char *line, size_t size, size_t nmemb, void *userp)
{
	take_header_line(userp, line, size * nmemb);
	return size * nmemb;
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *userp)
{
	sink_append(userp, data, size * nmemb);
	return size * nmemb;
}

long hx_request(CURL *h, uint16_t port, const char *method, const char *path,
		const char *const *headers, const char *body, size_t len, struct hx_resp *r)
{
	struct curl_slist *list = NULL;
	struct hx_sink k = { 0 };
	bool own = h == NULL, has_type = false;
	char url[512];
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
	}
	if (body && !has_type)
		list = curl_slist_append(list, "Content-Type: application/json");
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, HX_CURL_TIMEOUT_S);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &k);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
	if (body) {
		curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	} else {
		curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
	}
	curl_easy_setopt(h, CURLOPT_NOBODY, strcmp(method, "HEAD") == 0 ? 1L : 0L);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, strcmp(method, "HEAD") == 0 ? NULL : method);
	rc = curl_easy_perform(h);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	curl_easy_setopt(h, CURLOPT_POSTFIELDS, NULL);
	curl_slist_free_all(list);
	if (rc == CURLE_OK)
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
	if (own)
		curl_easy_cleanup(h);
	r->body = k.buf ? k.buf : calloc(1, 1);
	ck_assert_ptr_nonnull(r->body);
	r->len = k.len;
	return r->status;
}

long hx_raw(uint16_t port, const char *request, int timeout_ms, struct hx_resp *r)
{
	int64_t deadline = now_ms() + timeout_ms;
	struct hx_sink k = { 0 };
	const char *head_end, *line;
	char chunk[4096];
	int fd;

	memset(r, 0, sizeof(*r));
	fd = raw_connect(port);
	raw_send(fd, request, strlen(request));
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - now_ms());
		ssize_t n;

		ck_assert_msg(left > 0 && poll(&p, 1, left) > 0,
			      "no end of the answer to %s (got %zu bytes)", request, k.len);
		n = recv(fd, chunk, sizeof(chunk), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sink_append(&k, chunk, (size_t)n);
	}
	close(fd);
	ck_assert_msg(k.buf && (head_end = strstr(k.buf, "\r\n\r\n")) != NULL,
		      "no complete head in the answer to %s", request);
	ck_assert_msg(strncmp(k.buf, "HTTP/1.1 ", 9) == 0, "status line: %s", k.buf);
	r->status = strtol(k.buf + 9, NULL, 10);
	for (line = strstr(k.buf, "\r\n") + 2; line < head_end; line = strstr(line, "\r\n") + 2)
		take_header_line(r, line, (size_t)(strstr(line, "\r\n") - line));
	r->len = k.len - (size_t)(head_end + 4 - k.buf);
	r->body = malloc(r->len + 1);
	ck_assert_ptr_nonnull(r->body);
	memcpy(r->body, head_end + 4, r->len);
	r->body[r->len] = '\0';
	free(k.buf);
	return r->status;
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
	memset(r, 0, sizeof(*r));
}
