/*
 * The state of one strict JSON check (json_check.c), and the failures it
 * reports (json_fail.c): the one place both files read, so that the cold
 * path of the errors and their JSON pointers stays out of the scanner.
 * Internal to the API layer.
 */
#ifndef MF_API_JSON_CHECK_STATE_H
#define MF_API_JSON_CHECK_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "api/json_check.h"
#include "api/json_keys.h"

#define INLINE_LEVELS 64  /* open arrays/objects before the level stack moves to the heap */
#define INLINE_KEYS 64    /* keys of open objects before the key stack moves to the heap */
#define SMALL_OBJECT 16   /* objects up to this many keys compare keys directly */
#define MF_JSON_NO_KEY SIZE_MAX

/* An open array or object. */
struct mf_json_level {
	size_t index;  /* array: index of the current element; object: keys read so far */
	size_t key;    /* object: opening quote of the current member's key */
	size_t mark;   /* object: its first key in check.keys */
	int obj;
};

/* One check in progress: the text, the open levels and their keys. */
struct mf_json_check_state {
	const unsigned char *s;
	size_t len;
	unsigned max_depth;
	struct mf_json_check_error *err;
	struct mf_json_level *lv;    /* lv_inline, or the heap beyond INLINE_LEVELS */
	size_t depth, lv_cap;
	struct mf_json_key *keys;    /* keys_inline, or the heap beyond INLINE_KEYS */
	size_t n_keys, keys_cap;
	struct mf_json_level lv_inline[INLINE_LEVELS];
	struct mf_json_key keys_inline[INLINE_KEYS];
};

/*
 * Fails with reason at off: fills ck->err with the offset, the reason and a
 * JSON pointer through the current members of the first n levels, then the
 * key at quote offset `key` unless MF_JSON_NO_KEY. A duplicate key in an
 * open object too large to have been checked yet wins when it comes first.
 * Returns MF_ERR_INVALID.
 */
int mf_json_fail_at(struct mf_json_check_state *ck, size_t off, const char *reason, size_t n,
		    size_t key);

/* Fails at off, in the current member when in_member, else in the innermost
 * container. Returns MF_ERR_INVALID. */
int mf_json_fail(struct mf_json_check_state *ck, size_t off, const char *reason, int in_member);

/* Fails at s[p], a byte the grammar does not allow there; a NUL or an
 * ill-formed UTF-8 sequence is named as such. Returns MF_ERR_INVALID. */
int mf_json_fail_byte(struct mf_json_check_state *ck, size_t p, const char *reason, int in_member);

/* Fails at the end of the text: "unexpected end of input". Returns
 * MF_ERR_INVALID. */
int mf_json_fail_end(struct mf_json_check_state *ck, int in_member);

/* Fails for lack of memory at off (no pointer). Returns MF_ERR_NOMEM. */
int mf_json_fail_nomem(struct mf_json_check_state *ck, size_t off);

#endif
