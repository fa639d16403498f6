/*
 * The keys of a checked JSON text: unescaping, ordering, duplicates (see
 * json_keys.h).
 */
#include "api/json_keys.h"

int mf_json_hex_value(unsigned char c)
{
	if ((unsigned)(c - '0') < 10)
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

void mf_json_unesc_init(struct mf_json_unesc *u, const unsigned char *s, size_t quote)
{
	u->s = s;
	u->p = quote + 1;
	u->n = 0;
	u->i = 0;
}

unsigned mf_json_hex4(const unsigned char *h)
{
	return (unsigned)(mf_json_hex_value(h[0]) << 12 | mf_json_hex_value(h[1]) << 8 |
			  mf_json_hex_value(h[2]) << 4 | mf_json_hex_value(h[3]));
}

int mf_json_unesc_next(struct mf_json_unesc *u)
{
	const unsigned char *s = u->s;
	unsigned cp;

	if (u->i < u->n)
		return u->buf[u->i++];
	if (s[u->p] == '"')
		return -1;
	if (s[u->p] != '\\')
		return s[u->p++];
	u->p += 2;
	switch (s[u->p - 1]) {
	case 'b':
		return '\b';
	case 'f':
		return '\f';
	case 'n':
		return '\n';
	case 'r':
		return '\r';
	case 't':
		return '\t';
	case 'u':
		break;
	default:  /* '"', '\\', '/' */
		return s[u->p - 1];
	}
	cp = mf_json_hex4(s + u->p);
	u->p += 4;
	if (cp < 0x80)
		return (int)cp;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		cp = 0x10000 + ((cp - 0xd800) << 10) + (mf_json_hex4(s + u->p + 2) - 0xdc00);
		u->p += 6;
	}
	if (cp < 0x800) {
		u->buf[0] = (unsigned char)(0xc0 | cp >> 6);
		u->buf[1] = (unsigned char)(0x80 | (cp & 0x3f));
		u->n = 2;
	} else if (cp < 0x10000) {
		u->buf[0] = (unsigned char)(0xe0 | cp >> 12);
		u->buf[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		u->buf[2] = (unsigned char)(0x80 | (cp & 0x3f));
		u->n = 3;
	} else {
		u->buf[0] = (unsigned char)(0xf0 | cp >> 18);
		u->buf[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
		u->buf[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		u->buf[3] = (unsigned char)(0x80 | (cp & 0x3f));
		u->n = 4;
	}
	u->i = 1;
	return u->buf[0];
}

int mf_json_key_cmp(const unsigned char *s, const struct mf_json_key *a, const struct mf_json_key *b)
{
	struct mf_json_unesc ua, ub;
	int ca, cb;

	if (a->pre != b->pre)
		return a->pre < b->pre ? -1 : 1;
	mf_json_unesc_init(&ua, s, a->off);
	mf_json_unesc_init(&ub, s, b->off);
	do {
		ca = mf_json_unesc_next(&ua);
		cb = mf_json_unesc_next(&ub);
	} while (ca == cb && ca >= 0);
	return ca == cb ? 0 : ca < cb ? -1 : 1;
}

static int key_less(const unsigned char *s, const struct mf_json_key *a, const struct mf_json_key *b)
{
	int c = mf_json_key_cmp(s, a, b);

	return c < 0 || (c == 0 && a->off < b->off);
}

static void sift_down(const unsigned char *s, struct mf_json_key *v, size_t root, size_t n)
{
	struct mf_json_key t = v[root];
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && key_less(s, &v[child], &v[child + 1]))
			child++;
		if (!key_less(s, &t, &v[child]))
			break;
		v[root] = v[child];
		root = child;
	}
	v[root] = t;
}

size_t mf_json_first_duplicate(const unsigned char *s, struct mf_json_key *v, size_t n)
{
	size_t i, j, best = SIZE_MAX;

	for (i = n / 2; i-- > 0;)
		sift_down(s, v, i, n);
	for (i = n; i-- > 1;) {
		struct mf_json_key t = v[0];

		v[0] = v[i];
		v[i] = t;
		sift_down(s, v, 0, i);
	}
	/* Equal keys are now together, by offset: the second is a repeat. */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && mf_json_key_cmp(s, &v[i], &v[j]) == 0; j++)
			;
		if (j - i > 1 && v[i + 1].off < best)
			best = v[i + 1].off;
	}
	return best;
}
