/* Raw-socket exchanges of the HTTP tests' client: see exchange.h. */
#define _GNU_SOURCE  /* strcasestr */

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "exchange.h"
#include "harness.h"

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

long hx_raw(uint16_t port, const char *request, int timeout_ms, struct hx_resp *r)
{
	int64_t deadline = now_ms() + timeout_ms;
	char *all = NULL, chunk[4096];
	size_t len = 0, cap = 0;
	const char *head_end, *line;
	int fd;

	memset(r, 0, sizeof(*r));
	fd = raw_connect(port);
	raw_send(fd, request, strlen(request));
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int left = (int)(deadline - now_ms());
		ssize_t n;

		ck_assert_msg(left > 0 && poll(&p, 1, left) > 0,
			      "no end of the answer to %s (got %zu bytes)", request, len);
		n = recv(fd, chunk, sizeof(chunk), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (len + (size_t)n + 1 > cap) {
			cap = (len + (size_t)n + 1) * 2;
			all = realloc(all, cap);
			ck_assert_ptr_nonnull(all);
		}
		memcpy(all + len, chunk, (size_t)n);
		len += (size_t)n;
		all[len] = '\0';
	}
	close(fd);
	ck_assert_msg(all && (head_end = strstr(all, "\r\n\r\n")) != NULL,
		      "no complete head in the answer to %s", request);
	ck_assert_msg(strncmp(all, "HTTP/1.1 ", 9) == 0, "status line: %s", all);
	r->status = strtol(all + 9, NULL, 10);
	for (line = strstr(all, "\r\n") + 2; line < head_end; line = strstr(line, "\r\n") + 2)
		hx_take_header_line(r, line, (size_t)(strstr(line, "\r\n") - line));
	r->len = len - (size_t)(head_end + 4 - all);
	r->body = malloc(r->len + 1);
	ck_assert_ptr_nonnull(r->body);
	memcpy(r->body, head_end + 4, r->len);
	r->body[r->len] = '\0';
	free(all);
	return r->status;
}
