#include "http/admission.h"

#include <stdint.h>

void mf_admission_init(struct mf_admission *a, size_t memory_limit)
{
	if (memory_limit < MF_ADMISSION_MEMORY_MIN)
		memory_limit = MF_ADMISSION_MEMORY_MIN;
	a->budget = memory_limit - MF_ADMISSION_BASE;
	a->max_jobs = (unsigned)(memory_limit / MF_ADMISSION_JOB_BYTES);
	atomic_init(&a->reserved, 0);
	atomic_init(&a->jobs, 0);
	atomic_init(&a->refused, 0);
}

/* Reserves want bytes into *held, or nothing and false past the budget. */
static bool reserve(struct mf_admission *a, size_t want, size_t *held)
{
	size_t cur = atomic_load(&a->reserved);

	do {
		if (want > a->budget - cur)
			return false;
	} while (!atomic_compare_exchange_weak(&a->reserved, &cur, cur + want));
	*held += want;
	return true;
}

bool mf_admission_reserve_body(struct mf_admission *a, size_t n, size_t *held)
{
	if (n > a->budget / MF_ADMISSION_BODY_FACTOR)
		return false;
	return reserve(a, n * MF_ADMISSION_BODY_FACTOR, held);
}

bool mf_admission_reserve_work(struct mf_admission *a, size_t bytes, size_t *held)
{
	return reserve(a, bytes, held);
}

void mf_admission_release_body(struct mf_admission *a, size_t *held)
{
	if (*held)
		atomic_fetch_sub(&a->reserved, *held);
	*held = 0;
}

bool mf_admission_take_job(struct mf_admission *a)
{
	unsigned cur = atomic_load(&a->jobs);

	do {
		if (cur >= a->max_jobs)
			return false;
	} while (!atomic_compare_exchange_weak(&a->jobs, &cur, cur + 1));
	return true;
}

void mf_admission_leave_job(struct mf_admission *a)
{
	atomic_fetch_sub(&a->jobs, 1);
}

bool mf_admission_serves(const struct mf_admission *a, size_t work_bytes)
{
	return work_bytes <= a->budget && a->budget - work_bytes >= MF_ADMISSION_ROOM;
}

void mf_admission_count_refusal(struct mf_admission *a)
{
	atomic_fetch_add(&a->refused, 1);
}
