/*
 * Edit distance, the one way the project measures how far a name typed is
 * from a known one (the land catalogue's and the card database's "did you
 * mean"): Levenshtein, a byte inserted, deleted or replaced, and the cutoff
 * past which a name is no misspelling of another. Bytes are compared as
 * they are; callers fold case first. Pure functions, thread-safe.
 */
#ifndef MF_COMMON_EDIT_H
#define MF_COMMON_EDIT_H

#include <stddef.h>

#define MF_EDIT_LEN_MAX 4096u  /* longest string compared; longer ones are k + 1 away */

/*
 * The Levenshtein distance of a[0, m) and b[0, n) when it is at most k,
 * else k + 1 (k <= 254). Only the cells within k of the diagonal are
 * computed, and it stops at the first row whose every cell is past k, so
 * it costs about (2k + 1) m steps. Needs no memory but its stack (about
 * 8 KiB).
 */
unsigned mf_edit_distance(const char *a, size_t m, const char *b, size_t n, unsigned k);

/*
 * The most edits a name of len bytes may be from another and still be a
 * misspelling of it: 1 up to 5 bytes, 2 up to 14, 3 longer. So "Sol Rong"
 * is Sol Ring, but Skullclamp is not Skullcrack (3 edits of 10) nor Blood
 * Artist Blood Cultist.
 */
unsigned mf_edit_misspelling(size_t len);

#endif
