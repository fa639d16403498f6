/* The most heap a call holds at once: see heap_peak.h. */
#include "heap_peak.h"

#include <malloc.h>
#include <stdatomic.h>
#include <stdlib.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

/* Signed: a block libc allocated for itself may be freed here. */
static atomic_llong live, peak, base;

/* Adds n bytes to the live ones, raising the peak if need be. */
static void add(size_t n)
{
	long long now = atomic_fetch_add(&live, (long long)n) + (long long)n;
	long long top = atomic_load(&peak);

	while (now > top && !atomic_compare_exchange_weak(&peak, &top, now))
		;
}

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);

	if (p)
		add(malloc_usable_size(p));
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = __real_calloc(n, size);

	if (p)
		add(malloc_usable_size(p));
	return p;
}

/* Counted as a new block and the old one freed after it: the moment both
 * may be live. */
void *__wrap_realloc(void *p, size_t n)
{
	size_t old = p ? malloc_usable_size(p) : 0;
	void *q = __real_realloc(p, n);

	if (!q)
		return n == 0 && p ? (atomic_fetch_sub(&live, (long long)old), NULL) : NULL;
	add(malloc_usable_size(q));
	atomic_fetch_sub(&live, (long long)old);
	return q;
}

void __wrap_free(void *p)
{
	if (p)
		atomic_fetch_sub(&live, (long long)malloc_usable_size(p));
	__real_free(p);
}

void heap_peak_start(void)
{
	atomic_store(&base, atomic_load(&live));
	atomic_store(&peak, atomic_load(&base));
}

size_t heap_peak_bytes(void)
{
	long long n = atomic_load(&peak) - atomic_load(&base);

	return n > 0 ? (size_t)n : 0;
}
