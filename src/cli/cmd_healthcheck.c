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

static const char usage[] =
	"usage: manaflow healthcheck [--url URL] [--timeout S]\n"
	"\n"
	"Exit 0 iff GET URL answers 200, else 1 (2 for bad usage).\n"
	"URL defaults to http://127.0.0.1:$MANAFLOW_PORT/healthz (port 8080 when unset);\n"
	"only plain http:// URLs with an IP address or host name are understood.\n"
	"The timeout (default 3 seconds) bounds connecting, sending and reading.\n";

/* Splits http://host[:port][/path]; returns 0 or -1. */
static int split_url(const char *url, char *host, size_t hsize, char *port, size_t psize,
		     const char **path)
{
	const char *p, *slash, *colon;
	size_t hlen;

	if (strncmp(url, "http://", 7) != 0)
		return -1;
	p = url + 7;
	slash = strchr(p, '/');
	*path = slash ? slash : "/";
	if (!slash)
		slash = p + strlen(p);
	colon = memchr(p, ':', (size_t)(slash - p));
	hlen = (size_t)((colon ? colon : slash) - p);
	if (hlen == 0 || hlen >= hsize)
		return -1;
	memcpy(host, p, hlen);
	host[hlen] = '\0';
	if (colon) {
		size_t plen = (size_t)(slash - colon - 1);

		if (plen == 0 || plen >= psize)
			return -1;
		memcpy(port, colon + 1, plen);
		port[plen] = '\0';
	} else {
		snprintf(port, psize, "80");
	}
	return 0;
}

static int probe(const char *host, const char *port, const char *path, unsigned timeout_s)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *ai = NULL;
	struct timeval tv = { .tv_sec = timeout_s };
	char req[512], resp[64];
	int fd = -1, ok = 0;
	size_t got = 0;
	ssize_t n;

	if (getaddrinfo(host, port, &hints, &ai) != 0)
		return 0;
	fd = socket(ai->ai_family, SOCK_STREAM, 0);
	if (fd < 0)
		goto out;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0)
		goto out;
	n = snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n",
		     path, host);
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

int mf_cli_cmd_healthcheck(int argc, char **argv)
{
	const char *env_port = getenv("MANAFLOW_PORT");
	char url_buf[128], host[256], port[16];
	const char *url, *path;
	unsigned timeout = 3;

	snprintf(url_buf, sizeof(url_buf), "http://127.0.0.1:%s/healthz",
		 env_port && *env_port ? env_port : "8080");
	url = url_buf;
	for (int i = 1; i < argc; i++) {
		if (mf_cli_is_help(argv[i])) {
			fputs(usage, stdout);
			return 0;
		} else if (i + 1 < argc && strcmp(argv[i], "--url") == 0) {
			url = argv[++i];
		} else if (i + 1 < argc && strcmp(argv[i], "--timeout") == 0) {
			timeout = (unsigned)strtoul(argv[++i], NULL, 10);
			if (timeout < 1 || timeout > 300) {
				fprintf(stderr, "manaflow healthcheck: --timeout takes 1 to 300 seconds\n");
				return 2;
			}
		} else {
			fprintf(stderr, "manaflow healthcheck: unknown option %s\n%s", argv[i], usage);
			return 2;
		}
	}
	if (split_url(url, host, sizeof(host), port, sizeof(port), &path)) {
		fprintf(stderr, "manaflow healthcheck: cannot read URL %s\n", url);
		return 2;
	}
	if (!probe(host, port, path, timeout)) {
		fprintf(stderr, "manaflow healthcheck: %s did not answer 200\n", url);
		return 1;
	}
	return 0;
}
