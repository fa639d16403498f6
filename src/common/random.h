/*
 * splitmix64 (Steele, Lea and Flood), the one random generator of the
 * project: the odds' sampled games, the request ids' boot prefix, the
 * camelot memo's hash, and every randomised test and benchmark, so that a
 * fixed seed gives the same stream everywhere, on every machine. Not for
 * secrets. Pure functions of their arguments, thread-safe.
 */
#ifndef MF_COMMON_RANDOM_H
#define MF_COMMON_RANDOM_H

#include <stdint.h>

/* The golden-ratio increment splitmix64 adds to its state each step. */
#define MF_SPLITMIX64_GAMMA 0x9e3779b97f4a7c15ull

/* splitmix64's finaliser: a bijection of the 64-bit words in which nearby
 * inputs give unrelated outputs (a hash of a word, or a seed spread). */
static inline uint64_t mf_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The next 64 random bits of the stream *state, which is advanced (owned
 * by the caller; any value is a valid seed). */
static inline uint64_t mf_splitmix64(uint64_t *state)
{
	return mf_mix64(*state += MF_SPLITMIX64_GAMMA);
}

#endif
