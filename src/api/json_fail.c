/* The failures of the strict JSON check and their JSON pointers (see
 * json_check_state.h). */
#include "api/json_check_state.h"
#include "common/utf8.h"

#include <stdio.h>
#include <string.h>

/* A JSON pointer being written: at most MF_JSON_POINTER_MAX - 1 bytes. */
struct ptr_out {
	char *buf;
	size_t n;
	int full;   /* a part did not fit: nothing more is written */
};

/* Appends n bytes, or marks o full when they do not fit. */
static void ptr_put(struct ptr_out *o, const void *bytes, size_t n)
{
	if (o->full || o->n + n >= MF_JSON_POINTER_MAX) {
		o->full = 1;
		return;
	}
	memcpy(o->buf + o->n, bytes, n);
	o->n += n;
}

/* Appends "/" and the key at quote, escaped per RFC 6901, whole characters
 * only; nothing at all when not even its first character fits (a bare "/"
 * would name the empty key). */
static void ptr_put_key(struct ptr_out *o, const unsigned char *s, size_t quote)
{
	struct mf_json_unesc u;
	unsigned char ch[4];
	size_t start = o->n;
	int c;

	ptr_put(o, "/", 1);
	mf_json_unesc_init(&u, s, quote);
	while (!o->full && (c = mf_json_unesc_next(&u)) >= 0) {
		size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;

		ch[0] = (unsigned char)c;
		for (size_t i = 1; i < n; i++)
			ch[i] = (unsigned char)mf_json_unesc_next(&u);
		if (c == '~')
			ptr_put(o, "~0", 2);
		else if (c == '/')
			ptr_put(o, "~1", 2);
		else
			ptr_put(o, ch, n);
	}
	if (o->full && o->n == start + 1 && s[quote + 1] != '"')
		o->n = start;
}

/* Writes the pointer through the current members of the first n levels, then
 * key (a quote offset) unless MF_JSON_NO_KEY. */
static void make_pointer(const struct mf_json_check_state *ck, size_t n, size_t key)
{
	struct ptr_out o = { ck->err->pointer, 0, 0 };
	char num[24];

	for (size_t i = 0; i < n && !o.full; i++) {
		if (ck->lv[i].obj) {
			ptr_put_key(&o, ck->s, ck->lv[i].key);
		} else {
			int k = snprintf(num, sizeof(num), "/%zu", ck->lv[i].index);

			ptr_put(&o, num, (size_t)k);
		}
	}
	if (key != MF_JSON_NO_KEY && !o.full)
		ptr_put_key(&o, ck->s, key);
	o.buf[o.n] = '\0';
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

