/* The HTTP tests' harness: see harness.h. */
#define _GNU_SOURCE  /* prctl, PR_SET_PDEATHSIG */

#include "harness.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef MF_TEST_SOURCE_ROOT
#error "the build defines MF_TEST_SOURCE_ROOT"
#endif

/* Generous: the client may run under valgrind. */
#define START_TIMEOUT_MS 30000
#define CURL_TIMEOUT_S 120L

const char *ts_manaflow;
struct test_server ts_srv = { .log_fd = -1 };

extern char **environ;

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

/* Runs in the forked child: never returns. */
static void exec_server(int log_fd, pid_t parent, const char *const *extra_args,
			const char *const *env)
{
	const char *argv[32] = { ts_manaflow, "serve", "--host", "127.0.0.1", "--port", "0" };
	size_t argc = 6;
	int devnull;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	devnull = open("/dev/null", O_RDONLY);
	if (devnull >= 0)
		dup2(devnull, STDIN_FILENO);
	dup2(log_fd, STDOUT_FILENO);
	dup2(log_fd, STDERR_FILENO);
	for (size_t i = 0; environ[i]; ) {
		if (strncmp(environ[i], "MANAFLOW_", 9) == 0) {
			char name[128];
			size_t n = strcspn(environ[i], "=");

			snprintf(name, sizeof(name), "%.*s", (int)n, environ[i]);
			unsetenv(name);  /* environ shifts: look at index i again */
			continue;
		}
		i++;
	}
	for (size_t i = 0; env && env[i]; i++)
		putenv((char *)env[i]);
	for (size_t i = 0; extra_args && extra_args[i] && argc + 1 < 32; i++)
		argv[argc++] = extra_args[i];
	argv[argc] = NULL;
	execv(ts_manaflow, (char *const *)argv);
	_exit(127);
}

/* The port from the "listening" line, or 0 if it is not there yet. */
static uint16_t find_port(const char *log)
{
	const char *line = strstr(log, "\"msg\":\"listening\"");
	const char *p = line ? strstr(line, "\"port\":") : NULL;

	return p ? (uint16_t)strtoul(p + 7, NULL, 10) : 0;
}

void ts_start(struct test_server *s, const char *const *extra_args, const char *const *env)
{
	pid_t parent = getpid();
	int64_t deadline;
	int log_fd, status;
	char *log;

	char path[] = "/tmp/manaflow-http-test-XXXXXX";

	ck_assert_msg(ts_manaflow != NULL, "the manaflow binary is argv[1]");
	ts_kill(s);  /* one server per struct, never a forgotten one */
	memset(s, 0, sizeof(*s));
	s->log_fd = -1;
	log_fd = mkstemp(path);
	ck_assert_msg(log_fd >= 0, "mkstemp: %s", strerror(errno));
	/* Nameless from now on: nothing to remove, even if a test dies. */
	unlink(path);
	s->log_fd = log_fd;
	s->pid = fork();
	ck_assert_msg(s->pid >= 0, "fork: %s", strerror(errno));
	if (s->pid == 0)
		exec_server(log_fd, parent, extra_args, env);
	deadline = now_ms() + START_TIMEOUT_MS;
	for (;;) {
		log = ts_log(s);
		s->port = find_port(log);
		if (s->port)
			break;
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			ck_abort_msg("manaflow serve exited (status %d) before listening: %s",
				     status, log);
		}
		ck_assert_msg(now_ms() < deadline, "manaflow serve is not listening: %s", log);
		free(log);
		sleep_ms(5);
	}
	free(log);
}

void ts_kill(struct test_server *s)
{
	if (s->pid > 0) {
		kill(s->pid, SIGKILL);
		while (waitpid(s->pid, NULL, 0) < 0 && errno == EINTR)
			;
		s->pid = 0;
	}
	if (s->log_fd >= 0) {
		close(s->log_fd);
		s->log_fd = -1;
	}
}

int ts_wait_exit(struct test_server *s, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	int status;

	while (s->pid > 0) {
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			return status;
		}
		if (now_ms() >= deadline)
			break;
		sleep_ms(10);
	}
	return -1;
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

void ts_setup_default(void)
{
	static const char *const args[] = { "--threads", "4", NULL };

	ts_start(&ts_srv, args, NULL);
}

void ts_setup_small_body(void)
{
	static const char *const args[] = { "--body-limit", "1024", "--no-access-log", NULL };

	ts_start(&ts_srv, args, NULL);
}

void ts_setup_two_threads(void)
{
	static const char *const args[] = { "--threads", "2", "--timeout", "60", NULL };

	ts_start(&ts_srv, args, NULL);
}

void ts_teardown(void)
{
	ts_kill(&ts_srv);
}

/* libcurl callbacks. */
struct sink {
	char *buf;
	size_t len, cap;
};

static size_t on_body(char *data, size_t size, size_t nmemb, void *userp)
{
	struct sink *k = userp;
	size_t n = size * nmemb;

	if (k->len + n + 1 > k->cap) {
		size_t cap = (k->len + n + 1) * 2;
		char *grown = realloc(k->buf, cap);

		if (!grown)
			return 0;
		k->buf = grown;
		k->cap = cap;
	}
	memcpy(k->buf + k->len, data, n);
	k->len += n;
	k->buf[k->len] = '\0';
	return n;
}

static void copy_header_value(char *dst, size_t cap, const char *line, size_t n, size_t skip)
{
	const char *v = line + skip;
	size_t len = n - skip;

	while (len && (*v == ' ' || *v == '\t'))
		v++, len--;
	while (len && (v[len - 1] == '\r' || v[len - 1] == '\n' || v[len - 1] == ' '))
		len--;
	snprintf(dst, cap, "%.*s", (int)len, v);
}

static size_t on_header(char *line, size_t size, size_t nmemb, void *userp)
{
	struct http_resp *r = userp;
	size_t n = size * nmemb;

	if (n >= 5 && strncmp(line, "HTTP/", 5) == 0) {  /* a new response (after 100) */
		r->content_type[0] = r->allow[0] = r->connection[0] = '\0';
	} else if (n > 13 && strncasecmp(line, "Content-Type:", 13) == 0) {
		copy_header_value(r->content_type, sizeof(r->content_type), line, n, 13);
	} else if (n > 6 && strncasecmp(line, "Allow:", 6) == 0) {
		copy_header_value(r->allow, sizeof(r->allow), line, n, 6);
	} else if (n > 11 && strncasecmp(line, "Connection:", 11) == 0) {
		copy_header_value(r->connection, sizeof(r->connection), line, n, 11);
	}
	return n;
}

struct source {
	const char *data;
	size_t len, at;
};

/* Hands the body over in small pieces so that a chunked upload has chunks. */
static size_t on_read(char *buf, size_t size, size_t nmemb, void *userp)
{
	struct source *src = userp;
	size_t n = size * nmemb;

	if (n > 700)
		n = 700;
	if (n > src->len - src->at)
		n = src->len - src->at;
	memcpy(buf, src->data + src->at, n);
	src->at += n;
	return n;
}

long http_request(CURL *h, uint16_t port, const char *method, const char *path,
		  const char *ctype, const char *body, size_t len, enum http_body_mode mode,
		  struct http_resp *r)
{
	struct source src = { body, len, 0 };
	struct curl_slist *headers = NULL;
	struct sink k = { 0 };
	bool own = h == NULL;
	char url[512], header[160];
	CURLcode rc;

	memset(r, 0, sizeof(*r));
	if (own)
		h = curl_easy_init();
	ck_assert_ptr_nonnull(h);
	snprintf(url, sizeof(url), "http://127.0.0.1:%u%s", (unsigned)port, path);
	curl_easy_setopt(h, CURLOPT_URL, url);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, CURL_TIMEOUT_S);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &k);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
	if (body) {
		curl_easy_setopt(h, CURLOPT_UPLOAD, 0L);
		curl_easy_setopt(h, CURLOPT_POST, 1L);
		curl_easy_setopt(h, CURLOPT_READFUNCTION, on_read);
		curl_easy_setopt(h, CURLOPT_READDATA, &src);
		if (mode == HTTP_BODY_CHUNKED) {
			curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)-1);
			headers = curl_slist_append(headers, "Transfer-Encoding: chunked");
		} else {
			curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
		}
	} else {
		curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
		curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
	}
	if (ctype) {
		snprintf(header, sizeof(header), "Content-Type: %s", ctype);
		headers = curl_slist_append(headers, header);
	} else if (body) {
		headers = curl_slist_append(headers, "Content-Type:");  /* none at all */
	}
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
	rc = curl_easy_perform(h);
	curl_easy_setopt(h, CURLOPT_HTTPHEADER, NULL);
	curl_slist_free_all(headers);
	if (rc == CURLE_OK)
		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
	if (own)
		curl_easy_cleanup(h);
	r->body = k.buf ? k.buf : calloc(1, 1);
	ck_assert_ptr_nonnull(r->body);
	r->len = k.len;
	if (strstr(r->content_type, "json"))
		r->json = cJSON_ParseWithLength(r->body, r->len);
	return r->status;
}

long http_get(const char *path, struct http_resp *r)
{
	return http_request(NULL, ts_srv.port, "GET", path, NULL, NULL, 0, HTTP_BODY_LENGTH, r);
}

long http_post_json(const char *path, const char *body, struct http_resp *r)
{
	return http_request(NULL, ts_srv.port, "POST", path, "application/json", body,
			    strlen(body), HTTP_BODY_LENGTH, r);
}

long http_post_cjson(const char *path, const cJSON *doc, struct http_resp *r)
{
	char *text = cJSON_PrintUnformatted(doc);
	long status;

	ck_assert_ptr_nonnull(text);
	status = http_post_json(path, text, r);
	cJSON_free(text);
	return status;
}

void http_resp_free(struct http_resp *r)
{
	free(r->body);
	cJSON_Delete(r->json);
	memset(r, 0, sizeof(*r));
}

void expect_problem(const struct http_resp *r, long status, const char *pointer,
		    const char *detail_part)
{
	const cJSON *ptr;

	ck_assert_msg(r->status == status, "expected %ld, got %ld: %s", status, r->status,
		      r->body);
	ck_assert_msg(strncmp(r->content_type, "application/problem+json", 24) == 0,
		      "Content-Type %s for %ld", r->content_type, status);
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

int raw_connect(uint16_t port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	ck_assert_msg(fd >= 0, "socket: %s", strerror(errno));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_msg(connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0, "connect: %s",
		      strerror(errno));
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

void raw_send(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = send(fd, text, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		ck_assert_msg(n > 0, "send: %s", strerror(errno));
		text += n;
		len -= (size_t)n;
	}
}

int raw_read_response(int fd, int timeout_ms, char *buf, size_t cap, const char **body)
{
	int64_t deadline = now_ms() + timeout_ms;
	size_t got = 0;

	*body = NULL;
	buf[0] = '\0';
	while (got + 1 < cap) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		const char *end = strstr(buf, "\r\n\r\n"), *cl;
		int left = (int)(deadline - now_ms());
		ssize_t n;

		if (end) {
			cl = strcasestr(buf, "\r\nContent-Length:");
			if (cl && cl < end &&
			    got >= (size_t)(end + 4 - buf) + strtoul(cl + 17, NULL, 10)) {
				*body = end + 4;
				return (int)strtol(buf + 9, NULL, 10);
			}
		}
		if (left <= 0 || poll(&p, 1, left) <= 0)
			return -1;
		n = recv(fd, buf + got, cap - 1 - got, 0);
		if (n <= 0)
			return -1;
		got += (size_t)n;
		buf[got] = '\0';
	}
	return -1;
}

int raw_wait_closed(int fd, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	char scratch[4096];

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - now_ms());
		ssize_t n;

		if (left < 0)
			left = 0;
		if (poll(&p, 1, left) <= 0)
			return 0;
		n = recv(fd, scratch, sizeof(scratch), MSG_DONTWAIT);
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
			return 1;
		/* data (an answer we ignore): keep reading until EOF */
	}
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

void http_wait_in_flight(unsigned n)
{
	int64_t deadline = now_ms() + 30000;
	char line[64];

	snprintf(line, sizeof(line), "\nhttp_requests_in_flight %u\n", n);
	for (;;) {
		struct http_resp r;
		bool seen;

		ck_assert_int_eq(http_get("/metrics", &r), 200);
		seen = strstr(r.body, line) != NULL;
		http_resp_free(&r);
		if (seen)
			return;
		ck_assert_msg(now_ms() < deadline, "never %u requests in flight", n);
		sleep_ms(20);
	}
}
