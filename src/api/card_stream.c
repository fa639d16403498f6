/* Scryfall's Oracle Cards file read as a stream into a card database: see
 * api/card_stream.h. */
#include "api/card_stream.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/card.h"
#include "api/json_check.h"
#include "api/json_decode.h"

/* Where the scanner is in the file's grammar. */
enum scan_state {
	SCAN_START,    /* before the '[' */
	SCAN_FIRST,    /* after the '[': an element or the ']' */
	SCAN_NEXT,     /* after a ',': an element */
	SCAN_ELEMENT,  /* inside an element */
	SCAN_AFTER,    /* after an element: ',' or ']' */
	SCAN_END,      /* after the ']': blanks only */
};

struct mf_card_stream {
	struct mf_card_db *db;       /* borrowed */
	enum scan_state state;
	char *buf;                   /* the element being read, NUL room kept */
	size_t len, cap;
	size_t start;                /* file offset of the element's first byte */
	unsigned depth;              /* open arrays and objects of the element */
	bool in_string, escape;
	bool failed, skipped_any;
	struct mf_card_stream_error failure, first_skip;
	struct mf_card_stream_stats stats;
};

struct mf_card_stream *mf_card_stream_new(struct mf_card_db *db)
{
	struct mf_card_stream *s = calloc(1, sizeof(*s));

	if (s)
		s->db = db;
	return s;
}

void mf_card_stream_free(struct mf_card_stream *s)
{
	if (!s)
		return;
	free(s->buf);
	free(s);
}

const struct mf_card_stream_error *mf_card_stream_failure(const struct mf_card_stream *s)
{
	return s->failed ? &s->failure : NULL;
}

const struct mf_card_stream_error *mf_card_stream_first_skip(const struct mf_card_stream *s)
{
	return s->skipped_any ? &s->first_skip : NULL;
}

struct mf_card_stream_stats mf_card_stream_stats(const struct mf_card_stream *s)
{
	return s->stats;
}

/* Fills e with offset and a reason from fmt and ap, cut between
 * characters (it may end in a pointer of the file's). */
static void vsay(struct mf_card_stream_error *e, size_t offset, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void vsay(struct mf_card_stream_error *e, size_t offset, const char *fmt, va_list ap)
{
	e->offset = offset;
	vsnprintf(e->reason, sizeof(e->reason), fmt, ap);
	e->reason[mf_json_utf8_prefix(e->reason, strlen(e->reason))] = '\0';
}

/* Fills e with offset and a printf-style reason. */
static void say(struct mf_card_stream_error *e, size_t offset, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void say(struct mf_card_stream_error *e, size_t offset, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(e, offset, fmt, ap);
	va_end(ap);
}

/* Stops the reading at offset with reason (printf-style); returns -1. */
static int fail(struct mf_card_stream *s, size_t offset, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct mf_card_stream *s, size_t offset, const char *fmt, ...)
{
	va_list ap;

	s->failed = true;
	va_start(ap, fmt);
	vsay(&s->failure, offset, fmt, ap);
	va_end(ap);
	return -1;
}

/* Counts a skipped card, keeping the first one's reason (from err). */
static void skip(struct mf_card_stream *s, const struct mf_api_error *err)
{
	if (!s->skipped_any) {
		s->skipped_any = true;
		if (err->pointer[0])
			say(&s->first_skip, s->start, "card skipped: %s: %s", err->pointer, err->detail);
		else
			say(&s->first_skip, s->start, "card skipped: %s", err->detail);
	}
	s->stats.skipped++;
}

/* Whether the database refused the element just read for being full
 * rather than for its name. */
static bool full(const struct mf_card_stream *s)
{
	return mf_card_db_count(s->db) >= MF_CARD_DB_CARDS_MAX ||
	       mf_card_db_bytes(s->db) + s->len >= MF_CARD_DB_BYTES_MAX;
}

/* Adds the decoded card of doc (the element just read) to the database;
 * 0, or -1 when the database is full or out of memory (reading stops). */
static int add_card(struct mf_card_stream *s, const cJSON *doc)
{
	struct mf_card_face faces[MF_CARD_FACES_MAX];
	struct mf_card_object card;
	struct mf_api_error err = { .problem = MF_PROBLEM_INVALID_FIELD };
	const char *layout = NULL;
	bool added = false;
	int rc;

	if (mf_api_card_decode(doc, "", &card, faces, &err) ||
	    mf_json_get_string(doc, "", "layout", false, MF_CARD_DB_LAYOUT_MAX, &layout, &err)) {
		skip(s, &err);
		return 0;
	}
	rc = mf_card_db_add(s->db, &card, layout, &added);
	if (rc == MF_OK) {
		s->stats.added += added;
		s->stats.duplicates += !added;
		return 0;
	}
	if (rc == MF_ERR_NOMEM || (rc == MF_ERR_LIMIT && full(s))) {
		/* Reading stops; the card counts as skipped, so the counts add up. */
		s->stats.skipped++;
		if (rc == MF_ERR_NOMEM)
			return fail(s, s->start, "out of memory");
		if (mf_card_db_count(s->db) >= MF_CARD_DB_CARDS_MAX)
			return fail(s, s->start, "more than %u cards", MF_CARD_DB_CARDS_MAX);
		return fail(s, s->start, "the cards take more than %zu MiB",
			    MF_CARD_DB_BYTES_MAX >> 20);
	}
	snprintf(err.detail, sizeof(err.detail), "%s",
		 rc == MF_ERR_LIMIT ? "its name's key is longer than the limit" : "its name is empty");
	err.pointer[0] = '\0';
	skip(s, &err);
	return 0;
}

/* The element in s->buf is whole: checks it, parses it, adds its card.
 * 0, or -1 when the reading stops. */
static int end_element(struct mf_card_stream *s)
{
	struct mf_json_check_error why;
	const char *end = NULL;
	cJSON *doc;
	int rc;

	s->buf[s->len] = '\0';
	rc = mf_json_check(s->buf, s->len, MF_API_JSON_DEPTH_MAX, &why);
	if (rc == MF_ERR_INVALID)
		return fail(s, s->start + why.offset, "malformed JSON: %s", why.reason);
	if (rc != MF_OK)
		return fail(s, s->start + why.offset, "out of memory");
	/* The check leaves cJSON nothing to refuse but for lack of memory. */
	doc = cJSON_ParseWithLengthOpts(s->buf, s->len + 1, &end, 1);
	if (!doc)
		return fail(s, s->start, "out of memory");
	s->stats.elements++;
	rc = add_card(s, doc);
	cJSON_Delete(doc);
	s->len = 0;
	return rc;
}

/* Appends p[0, n) to the element, within MF_CARD_STREAM_ELEMENT_MAX. 0, or
 * -1 when the reading stops. */
static int append(struct mf_card_stream *s, const char *p, size_t n)
{
	if (n > MF_CARD_STREAM_ELEMENT_MAX - s->len)
		return fail(s, s->start, "a card object longer than %zu bytes",
			    MF_CARD_STREAM_ELEMENT_MAX);
	if (s->len + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 64 * 1024;
		char *b;

		while (cap < s->len + n + 1)
			cap *= 2;
		b = realloc(s->buf, cap);
		if (!b)
			return fail(s, s->start, "out of memory");
		s->buf = b;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	return 0;
}

/*
 * Inside a string of the element, from p[i] (i < n): the index after its
 * closing quote (s->in_string cleared), or n when it goes on past p[n - 1].
 * Jumps from escape to escape with memchr, since most of a card's bytes
 * are in long strings (Oracle and flavor text, URIs).
 */
static size_t skip_string(struct mf_card_stream *s, const char *p, size_t i, size_t n)
{
	const char *quote, *backslash;
	size_t stop;

	if (s->escape) {
		s->escape = false;
		return i + 1;  /* the escaped byte ("\"" or "\\" included) */
	}
	quote = memchr(p + i, '"', n - i);
	stop = quote ? (size_t)(quote - p) : n;
	backslash = memchr(p + i, '\\', stop - i);
	if (backslash) {
		s->escape = true;
		return (size_t)(backslash - p) + 1;
	}
	if (!quote)
		return n;
	s->in_string = false;
	return stop + 1;
}

/*
 * Follows the element through p[0, n) (file offset at): strings, escapes,
 * nesting. Returns the bytes that belong to the element (all n when it goes
 * on past them), with *done set when its last byte is among them, or
 * (size_t)-1 when it nests deeper than MF_API_JSON_DEPTH_MAX (reading stops).
 */
static size_t scan_element(struct mf_card_stream *s, const char *p, size_t n, size_t at,
			   bool *done)
{
	size_t i = 0;

	*done = false;
	while (i < n) {
		char c = p[i];

		if (s->in_string) {
			i = skip_string(s, p, i, n);
			continue;
		}
		i++;
		if (c == '"') {
			s->in_string = true;
		} else if (c == '{' || c == '[') {
			if (++s->depth > MF_API_JSON_DEPTH_MAX) {
				fail(s, at + i - 1, "malformed JSON: nesting deeper than %d levels",
				     MF_API_JSON_DEPTH_MAX);
				return (size_t)-1;
			}
		} else if ((c == '}' || c == ']') && --s->depth == 0) {
			*done = true;
			return i;
		}
	}
	return n;
}

/* Whether c is JSON's whitespace. */
static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* One byte c at offset at outside any element; 0, or -1 (reading stops). */
static int between(struct mf_card_stream *s, char c, size_t at)
{
	if (blank(c))
		return 0;
	switch (s->state) {
	case SCAN_START:
		if (c != '[')
			return fail(s, at, "not a JSON array of card objects");
		s->state = SCAN_FIRST;
		return 0;
	case SCAN_FIRST:
	case SCAN_NEXT:
		if (c == ']' && s->state == SCAN_FIRST) {
			s->state = SCAN_END;
			return 0;
		}
		if (c != '{')
			return fail(s, at, "element %zu of the array (from 1) is not an object",
				    s->stats.elements + 1);
		s->state = SCAN_ELEMENT;
		s->start = at;
		s->depth = 0;
		s->in_string = s->escape = false;
		return 0;
	case SCAN_AFTER:
		if (c == ',')
			s->state = SCAN_NEXT;
		else if (c == ']')
			s->state = SCAN_END;
		else
			return fail(s, at, "malformed JSON: expected ',' or ']' after a card object");
		return 0;
	case SCAN_END:
		return fail(s, at, "text after the array's end");
	case SCAN_ELEMENT:
		break;
	}
	return fail(s, at, "internal scanner state");
}

int mf_card_stream_feed(struct mf_card_stream *s, const char *bytes, size_t n)
{
	size_t i = 0;

	if (s->failed)
		return -1;
	if (n > MF_CARD_STREAM_BYTES_MAX - s->stats.bytes)
		return fail(s, MF_CARD_STREAM_BYTES_MAX, "the file is longer than %zu MiB",
			    MF_CARD_STREAM_BYTES_MAX >> 20);
	while (i < n) {
		size_t at = s->stats.bytes + i, used;
		bool done;

		if (s->state != SCAN_ELEMENT) {
			if (between(s, bytes[i], at))
				return -1;
			/* The element's first byte goes through the scanner too. */
			if (s->state != SCAN_ELEMENT)
				i++;
			continue;
		}
		used = scan_element(s, bytes + i, n - i, at, &done);
		if (used == (size_t)-1 || append(s, bytes + i, used))
			return -1;
		i += used;
		if (done) {
			s->state = SCAN_AFTER;
			if (end_element(s))
				return -1;
		}
	}
	s->stats.bytes += n;
	return 0;
}

int mf_card_stream_finish(struct mf_card_stream *s)
{
	if (s->failed)
		return -1;
	switch (s->state) {
	case SCAN_END:
		return 0;
	case SCAN_START:
		return fail(s, s->stats.bytes, "no JSON array: the file is empty or blank");
	default:
		return fail(s, s->stats.bytes, "the file ends before its array does");
	}
}
