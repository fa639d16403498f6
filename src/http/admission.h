/*
 * Admission control: the memory a request may make the server use is
 * reserved before it is used, from one budget derived from the configured
 * memory limit, so that too many large bodies at once get a 503 with
 * Retry-After instead of an OOM kill.
 *
 * A request body of n bytes reserves n * MF_ADMISSION_BODY_FACTOR: the
 * body itself, its cJSON tree (about 6 bytes a byte of JSON, measured) and
 * the answer. The reservation is held until the request completes, so an
 * answer a client does not read keeps counting. Offloaded jobs are also
 * limited in number, so the queue cannot grow without bound: their bodies
 * are already counted, so the cap is for what a queued job costs beyond
 * its body (its state, its connection's buffers), generously 128 KiB.
 *
 * Thread-safe: every function may be called from any thread at once.
 */
#ifndef MF_HTTP_ADMISSION_H
#define MF_HTTP_ADMISSION_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define MF_ADMISSION_BODY_FACTOR 8           /* bytes reserved per byte of body */
#define MF_ADMISSION_BASE ((size_t)24 << 20) /* kept back for threads, buffers, catalogue */
#define MF_ADMISSION_JOB_BYTES ((size_t)128 << 10) /* one queued job per this much of the limit */
#define MF_ADMISSION_MEMORY_MIN ((size_t)32 << 20)

struct mf_admission {
	size_t budget;           /* bytes that bodies may reserve in all */
	unsigned max_jobs;       /* offloaded jobs queued or running at once */
	atomic_size_t reserved;
	atomic_uint jobs;
	atomic_ulong refused;    /* requests answered 503 overloaded */
};

/* Sets the budgets for a process that must stay under memory_limit bytes
 * (at least MF_ADMISSION_MEMORY_MIN; smaller values are raised to it). */
void mf_admission_init(struct mf_admission *a, size_t memory_limit);

/* Reserves n more bytes of body (multiplied by the factor here). Returns
 * true and adds them to *held, or false, reserving nothing, when the budget
 * would be passed. */
bool mf_admission_reserve_body(struct mf_admission *a, size_t n, size_t *held);

/* Gives back everything *held and zeroes it. */
void mf_admission_release_body(struct mf_admission *a, size_t *held);

/* Takes a place for one offloaded job; false when max_jobs are taken. */
bool mf_admission_take_job(struct mf_admission *a);

/* Gives back the place of a job that completed. */
void mf_admission_leave_job(struct mf_admission *a);

/* Counts one request refused for lack of budget (for /metrics). */
void mf_admission_count_refusal(struct mf_admission *a);

#endif
