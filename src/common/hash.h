/*
 * FNV-1a (Fowler, Noll, Vo), the one byte-string hash of the project: the
 * land catalogue's name index, the ETags of the server's fixed answers, and
 * the test references' memo tables. It has no seed, so whoever chooses the
 * keys can make them collide: use it where the keys a client chooses are
 * few (a query's own lands are capped), and never for secrets. Pure
 * functions of their arguments, thread-safe.
 */
#ifndef MF_COMMON_HASH_H
#define MF_COMMON_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The 32-bit FNV-1a of the n bytes at p (borrowed; p may be NULL when n
 * is 0). */
static inline uint32_t mf_fnv1a32(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

/* The 64-bit FNV-1a of the n bytes at p, as mf_fnv1a32(). */
static inline uint64_t mf_fnv1a64(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

#endif
