#include "http/request_id.h"

#include <stdio.h>
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

void mf_request_id_take(struct request_ids *ids, const char *given, char *out)
{
	if (is_sane(given)) {
		memcpy(out, given, strlen(given) + 1);
		return;
	}
	snprintf(out, REQUEST_ID_MAX + 1, "%016llx-%08llx", (unsigned long long)ids->boot,
		 (unsigned long long)atomic_fetch_add(&ids->next, 1));
}
