/*
 * manaflow: things every domain header shares.
 *
 * The solver library never does I/O and keeps no mutable global state, so
 * every entry point is safe to call from many threads at once as long as each
 * call has its own output structures.
 */
#ifndef MANAFLOW_COMMON_H
#define MANAFLOW_COMMON_H

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
};

/* Short English name of a status code, never NULL. */
MF_EXPORT const char *mf_status_str(int status);

#ifdef __cplusplus
}
#endif

#endif
