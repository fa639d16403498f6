/*
 * The program's one monotonic clock, in the units the server's timers and
 * logs count in. It is CLOCK_MONOTONIC as mf_stop_clock_ns()
 * (manaflow/common.h, stop.c) reads it, the clock every deadline counts
 * on: no other file reads a clock of its own.
 */
#ifndef MF_COMMON_CLOCK_H
#define MF_COMMON_CLOCK_H

#include <stdint.h>

#include "manaflow/common.h"

/* Now, in microseconds and in milliseconds. Cannot fail. */
static inline uint64_t mf_clock_us(void)
{
	return mf_stop_clock_ns() / 1000u;
}

static inline uint64_t mf_clock_ms(void)
{
	return mf_stop_clock_ns() / 1000000u;
}

#endif
