/*
 * Cross-origin requests from browser deck tools: which origins may call,
 * and the headers that tell the browser so. Off unless origins are given.
 */
#ifndef MF_HTTP_CORS_H
#define MF_HTTP_CORS_H

#include <stdbool.h>
#include <stddef.h>

#define CORS_ORIGINS_MAX 32
#define CORS_MAX_AGE "600"

struct cors {
	bool any;                         /* "*" was configured */
	size_t n;
	char *origins[CORS_ORIGINS_MAX];  /* owned */
};

/* Parses a comma-separated list ("*" for any; NULL or "" for none) into c.
 * Returns 0, or -1 (message on stderr) for a bad list. */
int mf_cors_parse(struct cors *c, const char *list);
void mf_cors_free(struct cors *c);

/* The value for Access-Control-Allow-Origin given the request's Origin
 * header, or NULL when the origin is absent or not allowed. */
const char *mf_cors_allow_origin(const struct cors *c, const char *origin);

#endif
