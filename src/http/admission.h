/*
 * Admission control: the memory a request may make the server use is
 * reserved before it is used, from one budget derived from the configured
 * memory limit, so that too many large bodies at once get a 503 with
 * Retry-After instead of an OOM kill.
 *
 * A request body of n bytes reserves n * MF_ADMISSION_BODY_FACTOR: the
 * body itself, its cJSON tree (about 6 bytes a byte of JSON, measured) and
 * the answer. The reservation is held until the request completes, so an
 * answer a client does not read keeps counting.
 *
 * A heavy solve also reserves its solver's working set, the most heap one
 * call can hold whatever the request (the route's work_bytes, from the
 * domain headers): MF_ODDS_WORKING_SET_MAX (17 MiB) for the sources, and
 * for the odds that and MF_ODDS_CACHE_MAX (2 MiB, the kept hands its spells
 * share and its sampled games' record), MF_COMBAT_WORKING_SET_MAX (7.07 MiB) for a
 * combat board, MF_CAMELOT_WORKING_SET_MAX (3.25 MiB) for a Camelot deal or
 * batch (its deals are solved one after the other). It is reserved by
 * the worker when the solve starts (none left: 503 overloaded then) and
 * given back when the solve ends, whatever its end (answer, error,
 * deadline, cancel, drain); so the budget caps the heavy solves running
 * at once, and a queued job holds only its body. The mana batch reserves nothing
 * more: each item's solve is small and in proportion to its part of the
 * body. Offloaded jobs are also limited in number, so the queue cannot
 * grow without bound: the cap is for what a queued job costs beyond its
 * reservations (its state, its connection's buffers), generously 128 KiB.
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
/* What a request needs beside its solver's working set: its body's first
 * reservation (64 KiB of it, times the factor), its connection's buffers,
 * and room for a few light requests at once. */
#define MF_ADMISSION_ROOM ((size_t)4 << 20)
/* The least limit: the base, and the largest working set of any route (the
 * deck report's, 27 MiB) with its room, so that every route can be served
 * (router.c asserts it of each). A server whose limit, less the card
 * database, is below it refuses to start (server.c). */
#define MF_ADMISSION_MEMORY_MIN ((size_t)56 << 20)

struct mf_admission {
	size_t budget;           /* bytes that bodies and solves may reserve in all */
	unsigned max_jobs;       /* offloaded jobs queued or running at once */
	atomic_size_t reserved;
	atomic_uint jobs;
	atomic_ulong refused;    /* requests answered 503 overloaded */
};

/* Sets the budgets for a process that must stay under memory_limit bytes
 * (at least MF_ADMISSION_MEMORY_MIN, which the server checks before; a
 * smaller value is raised to it). */
void mf_admission_init(struct mf_admission *a, size_t memory_limit);

/* Reserves n more bytes of body (multiplied by the factor here). Returns
 * true and adds them to *held, or false, reserving nothing, when the budget
 * would be passed. */
bool mf_admission_reserve_body(struct mf_admission *a, size_t n, size_t *held);

/* Reserves the working set of one heavy solve, bytes as they are. Returns
 * true and adds them to *held, or false, reserving nothing, when the
 * budget would be passed. */
bool mf_admission_reserve_work(struct mf_admission *a, size_t bytes, size_t *held);

/* Gives back everything *held (bodies' or solves' reservations) and zeroes
 * it. */
void mf_admission_release_body(struct mf_admission *a, size_t *held);

/* Takes a place for one offloaded job; false when max_jobs are taken. */
bool mf_admission_take_job(struct mf_admission *a);

/* Gives back the place of a job that completed. */
void mf_admission_leave_job(struct mf_admission *a);

/* Whether one request of a route whose solver holds work_bytes could ever
 * be served: its working set and MF_ADMISSION_ROOM within the budget. */
bool mf_admission_serves(const struct mf_admission *a, size_t work_bytes);

/* Counts one request refused for lack of budget (for /metrics). */
void mf_admission_count_refusal(struct mf_admission *a);

#endif
