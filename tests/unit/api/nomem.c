/* Allocation failures on demand: see nomem.h. */
#include "nomem.h"

#include <cjson/cJSON.h>
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

static atomic_uint_fast64_t made, fail_at;
static atomic_int failed, failed_in_cjson;
static atomic_int_fast64_t live;

/* Counts one allocation; true when it is the one to fail. */
static int must_fail(void)
{
	uint64_t n = atomic_fetch_add(&made, 1) + 1;

	if (n != atomic_load(&fail_at))
		return 0;
	atomic_store(&failed, 1);
	return 1;
}

/* The wrapped allocator: each call is counted, the chosen one returns NULL
 * (as the real one does when memory runs out: realloc leaves its block),
 * and the live blocks are tallied; the rest is the real function's. */
void *__wrap_malloc(size_t n)
{
	void *p;

	if (must_fail())
		return NULL;
	p = __real_malloc(n);
	if (p)
		atomic_fetch_add(&live, 1);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p;

	if (must_fail())
		return NULL;
	p = __real_calloc(n, size);
	if (p)
		atomic_fetch_add(&live, 1);
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	void *q;

	if (must_fail())
		return NULL;  /* p stays allocated, as when realloc fails */
	q = __real_realloc(p, n);
	if (!p && q)
		atomic_fetch_add(&live, 1);
	else if (p && !q && n == 0)
		atomic_fetch_sub(&live, 1);  /* glibc's realloc(p, 0) frees p */
	return q;
}

void __wrap_free(void *p)
{
	if (p)
		atomic_fetch_sub(&live, 1);
	__real_free(p);
}

/* cJSON's hooks: the counted functions, and a note of which failed. */
static void *hook_malloc(size_t n)
{
	void *p = __wrap_malloc(n);

	if (!p && atomic_load(&failed))
		atomic_store(&failed_in_cjson, 1);
	return p;
}

static void hook_free(void *p)
{
	__wrap_free(p);
}

void nomem_install(void)
{
	cJSON_Hooks hooks = { hook_malloc, hook_free };

	cJSON_InitHooks(&hooks);
}

void nomem_arm(uint64_t at)
{
	atomic_store(&fail_at, 0);
	atomic_store(&made, 0);
	atomic_store(&failed, 0);
	atomic_store(&failed_in_cjson, 0);
	atomic_store(&fail_at, at);
}

uint64_t nomem_count(void)
{
	return atomic_load(&made);
}

int nomem_failed(void)
{
	return atomic_load(&failed);
}

int nomem_failed_in_cjson(void)
{
	return atomic_load(&failed_in_cjson);
}

int64_t nomem_live(void)
{
	return atomic_load(&live);
}
