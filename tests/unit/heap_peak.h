/*
 * The most heap a call holds at once, for the working-set tests of the
 * solvers: the test is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, so every call
 * to those in the test and the static libraries it links goes through a
 * tally of the bytes live (as malloc_usable_size() counts them: what the
 * allocator really hands out, not only what was asked for). Allocations
 * libc makes for itself are not seen, but their frees through the wrapped
 * free() are: so nothing between heap_peak_start() and heap_peak_bytes()
 * may free what libc allocated (a Check assertion does: its location is
 * strdup'ed). Process-wide and atomic.
 */
#ifndef MF_TEST_HEAP_PEAK_H
#define MF_TEST_HEAP_PEAK_H

#include <stddef.h>

/* Starts a measure: the peak is set to the bytes live now. */
void heap_peak_start(void);

/* Bytes live at most since heap_peak_start(), beyond those live then. */
size_t heap_peak_bytes(void);

#endif
