/*
 * The random generator of every randomised test and benchmark: splitmix64,
 * so that a fixed seed gives the same cases everywhere, on every machine.
 * Test code only.
 */
#ifndef MF_TESTS_SPLITMIX64_H
#define MF_TESTS_SPLITMIX64_H

#include <stdint.h>

/* The next 64 random bits of the stream *state (advanced). */
static inline uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
