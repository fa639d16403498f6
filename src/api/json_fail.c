/* The failures of the strict JSON check and their JSON pointers (see
 * json_check_state.h). */
#include "api/json_check_state.h"
#include "common/utf8.h"

#include <stdio.h>
#include <string.h>

/* Appends "/" and the key whose opening quote is at s[quote], unescaped,
 * through the one pointer builder: only as many whole characters as could
 * fit are unescaped. */
static void put_key(struct mf_json_pointer *p, const unsigned char *s, size_t quote)
{
	char key[MF_JSON_POINTER_MAX + 4];
	struct mf_json_unesc u;
	size_t n = 0;
	int c;

	mf_json_unesc_init(&u, s, quote);
	while (n < MF_JSON_POINTER_MAX && (c = mf_json_unesc_next(&u)) >= 0) {
		size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;

		key[n++] = (char)c;
		for (size_t i = 1; i < len; i++)
			key[n++] = (char)mf_json_unesc_next(&u);
	}
	mf_json_pointer_add_key(p, key, n);
}

/* Writes the pointer through the current members of the first n levels, then
 * key (a quote offset) unless MF_JSON_NO_KEY. */
static void make_pointer(const struct mf_json_check_state *ck, size_t n, size_t key)
{
	struct mf_json_pointer p;

	mf_json_pointer_start(&p, ck->err->pointer, "");
	for (size_t i = 0; i < n && !p.full; i++) {
		if (ck->lv[i].obj)
			put_key(&p, ck->s, ck->lv[i].key);
		else
			mf_json_pointer_add_index(&p, ck->lv[i].index);
	}
	if (key != MF_JSON_NO_KEY && !p.full)
		put_key(&p, ck->s, key);
}

/*
 * Fails with reason at off; the pointer runs through the current members of
 * the first n levels, then key unless MF_JSON_NO_KEY. A duplicate key in an open object
 * too large to have been checked yet wins when it comes first.
 */
int mf_json_fail_at(struct mf_json_check_state *ck, size_t off, const char *reason, size_t n, size_t key)
{
	struct mf_json_check_error *err = ck->err;

	for (size_t i = 0; i < ck->depth; i++) {
		const struct mf_json_level *lv = &ck->lv[i];
		size_t end = ck->n_keys, dup;

		if (!lv->obj || lv->index <= SMALL_OBJECT)
			continue;
		for (size_t j = i + 1; j < ck->depth; j++) {
			if (ck->lv[j].obj) {
				end = ck->lv[j].mark;
				break;
			}
		}
		dup = mf_json_first_duplicate(ck->s, ck->keys + lv->mark, end - lv->mark);
		if (dup < off) {
			off = dup;
			reason = "duplicate key";
			n = i;
			key = dup;
		}
	}
	err->offset = off;
	snprintf(err->reason, sizeof(err->reason), "%s", reason);
	make_pointer(ck, n, key);
	return MF_ERR_INVALID;
}

/* Fails at off, in the current member when in_member, else in the innermost
 * container. */
int mf_json_fail(struct mf_json_check_state *ck, size_t off, const char *reason, int in_member)
{
	size_t n = ck->depth;

	if (!in_member && n > 0)
		n--;
	return mf_json_fail_at(ck, off, reason, n, MF_JSON_NO_KEY);
}

/* Fails at s[p], a byte the grammar does not allow there; a NUL or an
 * ill-formed UTF-8 sequence is named as such. */
int mf_json_fail_byte(struct mf_json_check_state *ck, size_t p, const char *reason, int in_member)
{
	const char *why;

	if (ck->s[p] == 0)
		reason = "a NUL byte";
	else if (ck->s[p] >= 0x80 && !mf_utf8_sequence_why(ck->s + p, ck->len - p, &why))
		reason = why;
	return mf_json_fail(ck, p, reason, in_member);
}

int mf_json_fail_end(struct mf_json_check_state *ck, int in_member)
{
	return mf_json_fail(ck, ck->len, "unexpected end of input", in_member);
}

int mf_json_fail_nomem(struct mf_json_check_state *ck, size_t off)
{
	ck->err->offset = off;
	ck->err->pointer[0] = '\0';
	snprintf(ck->err->reason, sizeof(ck->err->reason), "out of memory");
	return MF_ERR_NOMEM;
}

