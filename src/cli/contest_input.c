#include "cli/contest_input.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reader_fail(struct contest_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int reader_fail(struct contest_reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(r->error, sizeof(r->error), "line %zu: ", r->line);

	va_start(ap, fmt);
	vsnprintf(r->error + n, sizeof(r->error) - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Next line without its end-of-line; returns 0, or -1 at the end of text. */
static int next_line(struct contest_reader *r, const char **s, size_t *len)
{
	const char *e;

	if (r->p >= r->end)
		return -1;
	e = memchr(r->p, '\n', (size_t)(r->end - r->p));
	if (!e)
		e = r->end;
	*s = r->p;
	*len = (size_t)(e - r->p);
	if (*len && (*s)[*len - 1] == '\r')
		(*len)--;
	r->p = e < r->end ? e + 1 : e;
	r->line++;
	return 0;
}

/* A line holding only a number in [min, max]; blank lines before it are skipped. */
static int read_number(struct contest_reader *r, const char *what, unsigned long min,
		       unsigned long max, unsigned long *out)
{
	const char *s;
	size_t len, i;
	unsigned long v = 0;

	do {
		if (next_line(r, &s, &len)) {
			if (r->line == 0) {
				r->line = 1;  /* no line at all: name the first, not "line 0" */
				return reader_fail(r, "the input is empty, expected %s", what);
			}
			return reader_fail(r, "unexpected end of input, expected %s", what);
		}
	} while (len == 0);
	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9' && v <= max; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	if (i == 0 || i != len)
		return reader_fail(r, "expected %s, got \"%.*s\"", what, (int)(len > 60 ? 60 : len), s);
	if (v < min || v > max)
		return reader_fail(r, "%s must be between %lu and %lu", what, min, max);
	*out = v;
	return 0;
}

static int read_lands(struct contest_reader *r, const char *zone, size_t n, int32_t *out)
{
	for (size_t i = 0; i < n; i++) {
		const char *s;
		size_t len;
		int32_t id;

		if (next_line(r, &s, &len))
			return reader_fail(r, "unexpected end of input in the %s", zone);
		id = mf_mana_catalogue_find(r->cat, s, len);
		if (id < 0) {
			int32_t near = mf_mana_catalogue_closest(r->cat, s, len);

			return reader_fail(r, "unknown land \"%.*s\"%s%s%s", (int)(len > 80 ? 80 : len), s,
					   near >= 0 ? " (did you mean " : "",
					   near >= 0 ? mf_mana_catalogue_land(r->cat, (size_t)near)->name : "",
					   near >= 0 ? "?)" : "");
		}
		out[i] = id;
	}
	return 0;
}

int mf_contest_reader_init(struct contest_reader *r, const char *text, size_t len,
			const struct mf_mana_catalogue *cat)
{
	unsigned long t;

	memset(r, 0, sizeof(*r));
	r->p = text;
	r->end = text + len;
	r->cat = cat;
	if (read_number(r, "the number of test cases", 0, 10000000, &t))
		return -1;
	r->cases = r->cases_left = t;
	return 0;
}

/* After the last declared case only blank lines may follow: more text means
 * the count is wrong or the file is not what the user thinks, and answering
 * only part of it would hide that. Returns 0, or -1 naming the line. */
static int check_rest_blank(struct contest_reader *r)
{
	const char *s;
	size_t len, i;

	while (!next_line(r, &s, &len)) {
		/* Not strspn: the text need not be NUL-terminated. */
		for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'); i++)
			;
		if (i != len)
			return reader_fail(r, "text after the last of the %zu declared test cases: \"%.*s\"",
					   r->cases, (int)(len > 60 ? 60 : len), s);
	}
	return 0;
}

static int reserve(struct contest_reader *r, size_t n)
{
	int32_t *grown;

	/* Never NULL after this, even for a case with no lands: the caller
	 * computes r->cards + x, and NULL + 0 is undefined behaviour. */
	if (n == 0)
		n = 1;
	if (n <= r->cap)
		return 0;
	grown = realloc(r->cards, n * sizeof(*grown));
	if (!grown)
		return reader_fail(r, "out of memory");
	r->cards = grown;
	r->cap = n;
	return 0;
}

int mf_contest_reader_next(struct contest_reader *r, struct mf_mana_query *q)
{
	unsigned long x, y, life;
	const char *s;
	size_t len;
	struct mf_mana_parse_error perr;

	if (!r->cases_left)
		return check_rest_blank(r);
	r->cases_left--;
	memset(q, 0, sizeof(*q));
	if (read_number(r, "the number of lands on the battlefield", 0, MF_MANA_QUERY_LANDS_MAX, &x) ||
	    reserve(r, x) || read_lands(r, "battlefield", x, r->cards) ||
	    read_number(r, "the number of lands in the library", 0, MF_MANA_QUERY_LANDS_MAX - x, &y) ||
	    reserve(r, x + y) || read_lands(r, "library", y, r->cards + x) ||
	    read_number(r, "the life total", 1, MF_MANA_LIFE_MAX, &life))
		return -1;
	if (next_line(r, &s, &len))
		return reader_fail(r, "unexpected end of input, expected the cost");
	if (mf_mana_cost_parse(s, len, &q->cost, &perr))
		return reader_fail(r, "%s", perr.reason);
	/* The API asks for x with such a cost; this format has nowhere to give
	 * it, and taking X as 0 would answer a question nobody asked. */
	if (q->cost.x_count)
		return reader_fail(r, "the cost has {X}, and the contest format has no value for it "
				   "(use solve --json with \"x\")");
	q->cat = r->cat;
	q->battlefield = r->cards;
	q->n_battlefield = x;
	q->library = r->cards + x;
	q->n_library = y;
	q->life = (uint32_t)life;
	return 1;
}

void mf_contest_reader_free(struct contest_reader *r)
{
	free(r->cards);
	r->cards = NULL;
	r->cap = 0;
}
