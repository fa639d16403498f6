/* The mana query read straight from its text: see mana_direct.h. Calls
 * only the catalogue's lookup and common/utf8.c; its bytes are read as the
 * strict check reads them (json_bytes.h). */
#include "api/mana_direct.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "api/json_bytes.h"
#include "common/utf8.h"

/* The members a query may have, as bits of what was read. */
enum member { BATTLEFIELD, LIBRARY, LIFE, COST, X, MEMBERS };

static const struct {
	const char *key;
	size_t len;
} members[MEMBERS] = {
	[BATTLEFIELD] = { "battlefield", 11 },
	[LIBRARY] = { "library", 7 },
	[LIFE] = { "life", 4 },
	[COST] = { "cost", 4 },
	[X] = { "x", 1 },
};

#define REQUIRED ((1u << BATTLEFIELD) | (1u << LIFE) | (1u << COST))
#define IDS_FIRST 32  /* lands the array first has room for */

/* One read in progress: the text, where it is, what it has read. */
struct reader {
	const unsigned char *s;
	size_t p, len;
	const struct mf_mana_catalogue *cat;
	struct mf_api_mana_fields *f;
	size_t n, cap;   /* lands read, and room for */
	bool nomem;
};

/* Moves past JSON whitespace. */
static void skip_ws(struct reader *r)
{
	while (r->p < r->len && mf_json_is_ws[r->s[r->p]])
		r->p++;
}

/* Moves past c (after whitespace) and whitespace after it; whether it was
 * there. */
static bool expect(struct reader *r, char c)
{
	skip_ws(r);
	if (r->p == r->len || r->s[r->p] != (unsigned char)c)
		return false;
	r->p++;
	skip_ws(r);
	return true;
}

/* A plain string at s[p] (its quote): no escape, no control byte,
 * well-formed UTF-8. Moves past it and gives its bytes; false when the
 * string is not plain or not there. */
static bool plain_string(struct reader *r, const char **start, size_t *n)
{
	const unsigned char *s = r->s;
	size_t p = r->p + 1, len = r->len, seq;

	if (r->p == len || s[r->p] != '"')
		return false;
	for (;;) {
		p = mf_json_skip_plain(s, p, len);
		if (p == len || s[p] < 0x80)
			break;
		seq = mf_utf8_sequence(s + p, len - p);
		if (!seq)
			return false;
		p += seq;
	}
	if (p == len || s[p] != '"')
		return false;  /* an escape, a control byte, or no end */
	*start = (const char *)s + r->p + 1;
	*n = p - r->p - 1;
	r->p = p + 1;
	return true;
}

/* A member's key and its colon: which member, or MEMBERS for none this
 * reader takes. */
static enum member member_key(struct reader *r)
{
	const char *key;
	size_t n;

	if (!plain_string(r, &key, &n) || !expect(r, ':'))
		return MEMBERS;
	for (int m = 0; m < MEMBERS; m++)
		if (n == members[m].len && memcmp(key, members[m].key, n) == 0)
			return (enum member)m;
	return MEMBERS;
}

/* An integer written as plain digits (no sign, fraction, exponent or
 * leading zero) in [min, max] (max below 10^9). */
static bool plain_integer(struct reader *r, int64_t min, int64_t max, int64_t *v)
{
	const unsigned char *s = r->s;
	size_t p = r->p, digits = 0;
	int64_t n = 0;

	while (p < r->len && s[p] >= '0' && s[p] <= '9' && digits < 10) {
		n = n * 10 + (s[p++] - '0');
		digits++;
	}
	if (digits == 0 || digits == 10 || (digits > 1 && s[r->p] == '0'))
		return false;
	if (p < r->len && (s[p] == '.' || s[p] == 'e' || s[p] == 'E'))
		return false;
	if (n < min || n > max)
		return false;
	r->p = p;
	*v = n;
	return true;
}

/* Doubles the room for lands (IDS_FIRST at first); false, r->nomem set,
 * when it could not be had. */
static bool grow(struct reader *r)
{
	size_t cap = r->cap ? r->cap * 2 : IDS_FIRST;
	int32_t *grown = realloc(r->f->ids, cap * sizeof(*grown));

	if (!grown) {
		r->nomem = true;
		return false;
	}
	r->f->ids = grown;
	r->cap = cap;
	return true;
}

/* Appends land id to the lands read. */
static bool add_land(struct reader *r, int32_t id)
{
	if (r->n == r->cap && !grow(r))
		return false;
	r->f->ids[r->n++] = id;
	return true;
}

/* An array of land names the catalogue knows; *count of them. */
static bool land_names(struct reader *r, size_t *count)
{
	size_t before = r->n;

	if (!expect(r, '['))
		return false;
	if (r->p < r->len && r->s[r->p] == ']') {
		r->p++;
		*count = 0;
		return true;
	}
	for (;;) {
		const char *name;
		size_t n;
		int32_t id;

		if (!plain_string(r, &name, &n))
			return false;
		id = mf_mana_catalogue_find(r->cat, name, n);
		if (id < 0 || r->n == MF_MANA_QUERY_LANDS_MAX || !add_land(r, id))
			return false;
		skip_ws(r);
		if (r->p < r->len && r->s[r->p] == ']')
			break;
		if (!expect(r, ','))
			return false;
	}
	r->p++;
	*count = r->n - before;
	return true;
}

/* Reverses v[0, n). */
static void reverse(int32_t *v, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		int32_t t = v[i];

		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
}

/* The value of member m. */
static bool member_value(struct reader *r, enum member m)
{
	struct mf_api_mana_fields *f = r->f;

	switch (m) {
	case BATTLEFIELD:
		return land_names(r, &f->n_field);
	case LIBRARY:
		return land_names(r, &f->n_library);
	case LIFE:
		return plain_integer(r, 1, MF_MANA_LIFE_MAX, &f->life);
	case COST:
		return plain_string(r, &f->cost, &f->cost_len) && f->cost_len <= MF_MANA_COST_TEXT_MAX;
	case X:
		return plain_integer(r, 0, MF_MANA_X_MAX, &f->x);
	default:
		return false;
	}
}

/* The whole body: one object of the members, each once, then the end. */
static bool read_body(struct reader *r)
{
	unsigned seen = 0, library_first = 0;

	if (!expect(r, '{'))
		return false;
	for (;;) {
		enum member m = member_key(r);

		if (m == MEMBERS || (seen & 1u << m))
			return false;
		seen |= 1u << m;
		if (m == LIBRARY && !(seen & 1u << BATTLEFIELD))
			library_first = 1;
		if (!member_value(r, m))
			return false;
		skip_ws(r);
		if (r->p < r->len && r->s[r->p] == '}')
			break;
		if (!expect(r, ','))
			return false;
	}
	r->p++;
	skip_ws(r);
	/* a query of no land still has its (empty) array, as the tree's has */
	if (r->p != r->len || (seen & REQUIRED) != REQUIRED || (!r->cap && !grow(r)))
		return false;
	/* the library's lands came first: the battlefield's go first */
	if (library_first) {
		reverse(r->f->ids, r->n);
		reverse(r->f->ids, r->f->n_field);
		reverse(r->f->ids + r->f->n_field, r->f->n_library);
	}
	return true;
}

int mf_api_mana_direct_read(const char *text, size_t len, const struct mf_mana_catalogue *cat,
			    struct mf_api_mana_fields *f)
{
	struct reader r = { (const unsigned char *)text, 0, len, cat, f, 0, 0, false };

	memset(f, 0, sizeof(*f));
	f->x = -1;
	if (read_body(&r))
		return 1;
	free(f->ids);
	memset(f, 0, sizeof(*f));
	return r.nomem ? MF_ERR_NOMEM : 0;
}
