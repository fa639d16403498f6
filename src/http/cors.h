/*
 * Cross-origin requests from browser deck tools: which origins may call,
 * and the headers that tell the browser so. Off unless origins are given.
 */
#ifndef MF_HTTP_CORS_H
#define MF_HTTP_CORS_H

#include <stdbool.h>
#include <stddef.h>

#define CORS_ORIGINS_MAX 32
#define CORS_ORIGIN_BYTES_MAX 200  /* bytes of one origin */
#define CORS_MAX_AGE "600"

struct cors {
	bool any;                         /* "*" was configured */
	size_t n;
	char *origins[CORS_ORIGINS_MAX];  /* owned */
};

/* Parses a comma-separated list ("*" for any; NULL or "" for none; list
 * borrowed, the origins copied) into c, which the caller then frees with
 * mf_cors_free. Returns MF_OK; MF_ERR_LIMIT for more than CORS_ORIGINS_MAX
 * origins or one longer than CORS_ORIGIN_BYTES_MAX; MF_ERR_NOMEM. On
 * failure c is left empty, with nothing to free. Prints nothing. */
int mf_cors_parse(struct cors *c, const char *list);

/* Frees the origins c owns and empties it; an empty c is fine. */
void mf_cors_free(struct cors *c);

/* The value for Access-Control-Allow-Origin given the request's Origin
 * header, or NULL when the origin is absent or not allowed. */
const char *mf_cors_allow_origin(const struct cors *c, const char *origin);

#endif
