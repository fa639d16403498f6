#include "http/request_id.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/random.h"

void mf_request_ids_init(struct request_ids *ids)
{
	struct timespec ts;
	uint64_t z;

	clock_gettime(CLOCK_REALTIME, &ts);
	z = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
	ids->boot = mf_mix64(z);  /* nearby seeds give unrelated prefixes */
	atomic_init(&ids->next, 1);
}

/* Whether a client's X-Request-Id may be echoed: 1 to REQUEST_ID_MAX
 * bytes of letters, digits and ._:- only. */
static int is_sane(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n == 0 || n > REQUEST_ID_MAX)
		return 0;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-") == n;
}

/* Writes v to out in lowercase hex, at least digits of them (zero-padded,
 * as "%0*llx" would); returns how many. One id a request: no printf. */
static int hex(char *out, uint64_t v, int digits)
{
	static const char xdigit[] = "0123456789abcdef";
	int n = 0;

	for (uint64_t w = v; w; w >>= 4)
		n++;
	if (n < digits)
		n = digits;
	for (int i = n - 1; i >= 0; i--) {
		out[i] = xdigit[v & 15];
		v >>= 4;
	}
	return n;
}

void mf_request_id_take(struct request_ids *ids, const char *given, char *out)
{
	int n;

	if (is_sane(given)) {
		memcpy(out, given, strlen(given) + 1);
		return;
	}
	n = hex(out, ids->boot, 16);
	out[n++] = '-';
	n += hex(out + n, atomic_fetch_add(&ids->next, 1), 8);
	out[n] = '\0';
}
