/* X-Request-Id: the caller's when it is a sane token, else a new one. */
#ifndef MF_HTTP_REQUEST_ID_H
#define MF_HTTP_REQUEST_ID_H

#include <stdatomic.h>
#include <stdint.h>

#define REQUEST_ID_MAX 64  /* bytes of an accepted or generated id */

struct request_ids {
	uint64_t boot;                 /* random per process, so ids differ across replicas */
	atomic_uint_fast64_t next;
};

/* Seeds the generator from the clock and the process id. */
void mf_request_ids_init(struct request_ids *ids);

/* Copies given into out (REQUEST_ID_MAX + 1 bytes) when it is 1 to
 * REQUEST_ID_MAX characters of [A-Za-z0-9._:-], else writes a new id. */
void mf_request_id_take(struct request_ids *ids, const char *given, char *out);

#endif
