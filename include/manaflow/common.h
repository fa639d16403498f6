/*
 * manaflow: things every domain header shares.
 *
 * The solver library never does I/O and keeps no mutable global state, so
 * every entry point is safe to call from many threads at once as long as each
 * call has its own output structures.
 */
#ifndef MANAFLOW_COMMON_H
#define MANAFLOW_COMMON_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbols of the public API; everything else is built -fvisibility=hidden. */
#if defined(__GNUC__)
#define MF_EXPORT __attribute__((visibility("default")))
#else
#define MF_EXPORT
#endif

/* Every fallible entry point returns MF_OK or one of these negative codes. */
enum mf_status {
	MF_OK = 0,
	MF_ERR_NOMEM = -1,   /* an allocation failed; outputs are left empty */
	MF_ERR_INVALID = -2, /* the input breaks a rule; the error struct says which */
	MF_ERR_LIMIT = -3,   /* the input is larger than a documented limit */
	MF_ERR_STOPPED = -4, /* the caller's struct mf_stop was raised; outputs are left empty */
};

/*
 * A caller's way to stop long work: raise `cancelled`, or set a deadline on
 * CLOCK_MONOTONIC (nanoseconds, 0 for none); a stop is raised too when its
 * parent is. The solvers that can run long (mf_odds_compute,
 * mf_odds_sources, mf_camelot_solve) look at it every few thousand units of
 * work and return MF_ERR_STOPPED. Owned by the caller; it must outlive the
 * call, and may be raised from another thread.
 */
struct mf_stop {
	atomic_bool cancelled;
	_Atomic uint64_t deadline_ns;
	const struct mf_stop *parent;
};

/* Whether s (NULL: never) or a parent of it is raised. Reads the clock only
 * when a deadline is set. */
MF_EXPORT bool mf_stop_raised(const struct mf_stop *s);

/* Now on CLOCK_MONOTONIC, in nanoseconds: what deadlines count from. */
MF_EXPORT uint64_t mf_stop_clock_ns(void);

/* Short English name of a status code, never NULL. */
MF_EXPORT const char *mf_status_str(int status);

#ifdef __cplusplus
}
#endif

#endif
