/* `manaflow healthcheck`: a container HEALTHCHECK that needs no curl. */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "cli/cli_io.h"
#include "cli/commands.h"
#include "cli/options.h"

enum { OPT_URL, OPT_TIMEOUT, OPT_COUNT };

static const struct mf_cli_option options[OPT_COUNT] = {
	[OPT_URL] = { "url", MF_CLI_STRING, "URL",
		.def_text = "http://127.0.0.1:$MANAFLOW_PORT/healthz",
		.help = "the address to GET" },
	[OPT_TIMEOUT] = { "timeout", MF_CLI_UNSIGNED, "S", 1, 300, 3,
		.help = "seconds that bound connecting, sending and reading" },
};

static const struct mf_cli_command command = {
	.name = "healthcheck",
	.intro =
	"Exit 0 iff GET URL answers 200, else 1 (2 for bad usage).\n"
	"URL defaults to http://127.0.0.1:$MANAFLOW_PORT/healthz (port 8080 when unset;\n"
	"a MANAFLOW_PORT that is not a port from 1 to 65535 is bad usage unless --url is\n"
	"given). Only plain http:// URLs are understood, with an IPv4 address, a host\n"
	"name or an IPv6 address in brackets (http://[::1]:8080/healthz).\n",
	.options = options,
	.n_options = OPT_COUNT,
};

/* Whether [s, s + len) is a TCP port, 1 to 65535, in decimal. */
static int is_port(const char *s, size_t len)
{
	unsigned long v = 0;

	if (len == 0 || len > 5)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	return v >= 1 && v <= 65535;
}

/* Splits http://host[:port][/path], where host may be an IPv6 address in
 * brackets: host gets the name or address to resolve (no brackets), authority
 * the Host header's value. Returns 0 or -1. */
static int split_url(const char *url, char *host, size_t hsize, char *authority, size_t asize,
		     char *port, size_t psize, const char **path)
{
	const char *p, *slash, *h, *he, *after;
	size_t hlen;

	if (strncmp(url, "http://", 7) != 0)
		return -1;
	p = url + 7;
	slash = strchr(p, '/');
	*path = slash ? slash : "/";
	if (!slash)
		slash = p + strlen(p);
	if (*p == '[') {
		h = p + 1;
		he = memchr(h, ']', (size_t)(slash - h));
		if (!he || memchr(h, ':', (size_t)(he - h)) == NULL)
			return -1;  /* unclosed, or not an IPv6 address */
		after = he + 1;
	} else {
		h = p;
		he = memchr(p, ':', (size_t)(slash - p));
		if (!he)
			he = slash;
		after = he;
	}
	hlen = (size_t)(he - h);
	if (hlen == 0 || hlen >= hsize)
		return -1;
	memcpy(host, h, hlen);
	host[hlen] = '\0';
	if (after < slash) {
		size_t plen = (size_t)(slash - after - 1);

		if (*after != ':' || !is_port(after + 1, plen) || plen >= psize)
			return -1;
		memcpy(port, after + 1, plen);
		port[plen] = '\0';
	} else {
		snprintf(port, psize, "80");
	}
	if ((size_t)(slash - p) >= asize)
		return -1;
	memcpy(authority, p, (size_t)(slash - p));
	authority[slash - p] = '\0';
	return 0;
}

/* GETs path from host:port with authority as the Host header, each step
 * bounded by timeout_s: 1 when the answer's status is 200, else 0. */
static int probe(const char *host, const char *authority, const char *port, const char *path,
		 unsigned timeout_s)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *ai = NULL;
	struct timeval tv = { .tv_sec = timeout_s };
	char req[512], resp[64];
	int fd = -1, ok = 0;
	size_t got = 0;
	ssize_t n;

	if (getaddrinfo(host, port, &hints, &ai) != 0)
		return 0;
	/* A name may resolve to IPv6 and IPv4 addresses: the first that
	 * connects is asked. */
	for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
		fd = socket(a->ai_family, SOCK_STREAM, 0);
		if (fd < 0)
			continue;
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
		if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0)
		goto out;
	n = snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n",
		     path, authority);
	if (n <= 0 || (size_t)n >= sizeof(req) || send(fd, req, (size_t)n, MSG_NOSIGNAL) != n)
		goto out;
	while (got < 12 && (n = recv(fd, resp + got, sizeof(resp) - 1 - got, 0)) > 0)
		got += (size_t)n;
	resp[got] = '\0';
	ok = got >= 12 && strncmp(resp, "HTTP/1.", 7) == 0 && strncmp(resp + 8, " 200", 4) == 0;
out:
	if (fd >= 0)
		close(fd);
	freeaddrinfo(ai);
	return ok;
}

/* Writes the URL to check when no --url is given, from MANAFLOW_PORT.
 * Returns 0, or 2 after printing why that variable is no port. */
static int default_url(char *buf, size_t size)
{
	const char *env_port = getenv("MANAFLOW_PORT");
	unsigned long long port = 8080;

	if (env_port && *env_port && mf_cli_parse_number(env_port, 1, 65535, &port)) {
		fprintf(stderr, "manaflow healthcheck: MANAFLOW_PORT must be a port from 1 to "
			"65535, not \"%s\" (or give --url)\n", env_port);
		return 2;
	}
	snprintf(buf, size, "http://127.0.0.1:%llu/healthz", port);
	return 0;
}

int mf_cli_cmd_healthcheck(int argc, char **argv)
{
	struct mf_cli_value v[OPT_COUNT];
	char url_buf[128], host[256], authority[300], port[16];
	const char *url, *path;
	int status = mf_cli_parse(&command, argc, argv, v, NULL);

	if (status != MF_CLI_GO_ON)
		return status;
	url = v[OPT_URL].text;
	if (!url) {
		/* Only read when it is used: --url overrides it, bad or not. */
		if (default_url(url_buf, sizeof(url_buf)))
			return 2;
		url = url_buf;
	}
	if (split_url(url, host, sizeof(host), authority, sizeof(authority), port, sizeof(port),
		      &path)) {
		fprintf(stderr, "manaflow healthcheck: cannot read URL %s\n", url);
		return 2;
	}
	if (!probe(host, authority, port, path, (unsigned)v[OPT_TIMEOUT].number)) {
		fprintf(stderr, "manaflow healthcheck: %s did not answer 200\n", url);
		return 1;
	}
	return 0;
}
