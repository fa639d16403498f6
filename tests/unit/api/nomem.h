/*
 * Allocation failures on demand, for the out-of-memory tests: the test is
 * linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,
 * so every call to those in the test and the static libraries it links
 * (the API layer, the solvers) goes through a counter; cJSON's allocations
 * are routed through the same counter by nomem_install(). Allocations that
 * libc or another shared library makes for itself are not seen, and need
 * not be: they are freed where they are made.
 *
 * The counter is process-wide and atomic: a solver's threads count too.
 */
#ifndef MF_TEST_NOMEM_H
#define MF_TEST_NOMEM_H

#include <stddef.h>
#include <stdint.h>

/* Hands cJSON the counted allocator (cJSON_InitHooks). Call once, before
 * any cJSON call. */
void nomem_install(void);

/* From now on, allocation number fail_at (1 for the next one) returns NULL,
 * once; 0 fails none. Resets the count of allocations made. */
void nomem_arm(uint64_t fail_at);

/* Allocations (malloc, calloc, realloc, cJSON's) since nomem_arm(), the one
 * made to fail included. */
uint64_t nomem_count(void);

/* Whether the allocation chosen by nomem_arm() was reached and failed. */
int nomem_failed(void);

/* Whether that allocation was one of cJSON's (through its hooks). */
int nomem_failed_in_cjson(void);

/* Blocks allocated through the counter and not freed yet: equal before and
 * after a call that frees all it allocates. realloc(p, 0) and free(NULL)
 * are counted as glibc does them. */
int64_t nomem_live(void);

#endif
