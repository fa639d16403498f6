/* The strict reader of request heads and chunked bodies: see head.h. */
#include "http/head.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Whether c may be in a token (RFC 9110 section 5.6.2). */
static bool is_tchar(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
	       (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* Whether c may be in a field value: visible, SP, HTAB or obs-text. */
static bool is_field_char(unsigned char c)
{
	return c == ' ' || c == '\t' || (c > 0x20 && c != 0x7f);
}

/* Fills *why; returns MF_HEAD_REFUSED. */
static int refuse(struct mf_head_refusal *why, enum mf_problem p, const char *detail)
{
	why->problem = p;
	snprintf(why->detail, sizeof(why->detail), "%s", detail);
	return MF_HEAD_REFUSED;
}

#define TOKEN_DETAIL "a header name holds a character a token cannot (RFC 9110 section 5.6.2), " \
		     "such as a space before its colon"

void mf_head_init(struct mf_head *h)
{
	memset(h, 0, sizeof(*h));
}

/* The refusal of a request line that is not yet whole and already longer
 * than any valid one (line: its bytes so far). */
static int long_request_line(const char *line, size_t n, struct mf_head_refusal *why)
{
	const char *sp = memchr(line, ' ', n < MF_HEAD_METHOD_MAX + 1 ? n : MF_HEAD_METHOD_MAX + 1);

	if (!sp)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "the method is longer than 32 bytes");
	return refuse(why, MF_PROBLEM_URI_TOO_LONG, "the request target is longer than 8192 bytes");
}

/* The bytes of absolute-form target t[0..n) that its origin form leaves
 * out (RFC 9112 section 3.2.2): the scheme, http or https in any case, and
 * the authority, up to the path or the query. 0 when t is in any other
 * form; -1 when its authority is empty, which an http URI may not be
 * (RFC 9110 section 4.2.1). */
static long absolute_prefix(const char *t, size_t n)
{
	size_t s;

	if (n >= 7 && strncasecmp(t, "http://", 7) == 0)
		s = 7;
	else if (n >= 8 && strncasecmp(t, "https://", 8) == 0)
		s = 8;
	else
		return 0;
	if (s == n || t[s] == '/' || t[s] == '?')
		return -1;
	while (s < n && t[s] != '/' && t[s] != '?')
		s++;
	return (long)s;
}

/* Checks the request line line[0..n) (no CRLF) and copies it to out, an
 * absolute-form target in origin form (never longer). */
static int request_line(struct mf_head *h, const char *line, size_t n, char *out,
			struct mf_head_refusal *why)
{
	static const char form[] = "the request line is not METHOD SP target SP HTTP/1.1 "
				   "(RFC 9112 section 3)";
	size_t m = 0, t, o = h->out_len;
	const char *v;
	long skip;

	while (m < n && is_tchar((unsigned char)line[m]))
		m++;
	if (m == 0 || m >= n || line[m] != ' ')
		return refuse(why, MF_PROBLEM_BAD_REQUEST, form);
	if (m > MF_HEAD_METHOD_MAX)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "the method is longer than 32 bytes");
	for (t = m + 1; t < n && line[t] != ' '; t++)
		if ((unsigned char)line[t] < 0x21 || (unsigned char)line[t] > 0x7e)
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "the request target holds a byte "
				      "that is not visible ASCII (RFC 9112 section 3.2)");
	if (t - (m + 1) > MF_HEAD_TARGET_MAX)
		return refuse(why, MF_PROBLEM_URI_TOO_LONG, "the request target is longer than 8192 bytes");
	if (t == m + 1 || t >= n)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, form);
	v = line + t + 1;
	if (n - (t + 1) != 8 || memcmp(v, "HTTP/", 5) != 0 || v[5] < '0' || v[5] > '9' ||
	    v[6] != '.' || v[7] < '0' || v[7] > '9')
		return refuse(why, MF_PROBLEM_BAD_REQUEST, form);
	if (v[5] != '1')
		return refuse(why, MF_PROBLEM_HTTP_VERSION, "only HTTP/1.1 and HTTP/1.0 are served");
	h->http10 = v[7] == '0';
	skip = absolute_prefix(line + m + 1, t - (m + 1));
	if (skip < 0)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "the request target is an http URI "
			      "without a host (RFC 9110 section 4.2.1)");
	memcpy(out + o, line, m + 1);
	o += m + 1;
	if (skip && line[m + 1 + (size_t)skip] != '/')
		out[o++] = '/';  /* http://x?q is /?q */
	memcpy(out + o, line + m + 1 + (size_t)skip, n - (m + 1 + (size_t)skip));
	o += n - (m + 1 + (size_t)skip);
	memcpy(out + o, "\r\n", 2);
	h->out_len = o + 2;
	return MF_HEAD_MORE;
}

/* Reads a Content-Length value v[0..n) into h->length; the canonical
 * digits go to out. */
static int content_length(struct mf_head *h, const char *v, size_t n, char *out,
			  struct mf_head_refusal *why)
{
	uint64_t x = 0;
	size_t i = 0;

	if (++h->content_lengths > 1)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "more than one Content-Length header");
	if (n == 0 || strspn(v, "0123456789") < n)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "Content-Length is not a decimal number "
			      "(RFC 9110 section 8.6)");
	while (i + 1 < n && v[i] == '0')
		i++;  /* 047 is 47 */
	if (n - i > 19)
		return refuse(why, MF_PROBLEM_TOO_LARGE, "Content-Length is past any body the server reads");
	for (size_t k = i; k < n; k++)
		x = x * 10 + (uint64_t)(v[k] - '0');
	if (x > MF_HEAD_LENGTH_MAX)
		return refuse(why, MF_PROBLEM_TOO_LARGE, "Content-Length is past any body the server reads");
	h->length = x;
	memcpy(out + h->out_len, v + i, n - i);
	h->out_len += n - i;
	return MF_HEAD_MORE;
}

/* Checks field line line[0..n) (no CRLF), at h->pos in the input, and
 * copies it to out as name:value. */
static int field_line(struct mf_head *h, const char *line, size_t n, char *out,
		      struct mf_head_refusal *why)
{
	size_t name = 0, a, b;
	int rc = MF_HEAD_MORE;

	if (line[0] == ' ' || line[0] == '\t')
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "a header line starts with whitespace "
			      "(obsolete line folding, RFC 9112 section 5.2)");
	if (h->lines > MF_HEAD_FIELDS_MAX)
		return refuse(why, MF_PROBLEM_HEADERS_TOO_LARGE, "more than 100 header fields");
	while (name < n && line[name] != ':')
		if (!is_tchar((unsigned char)line[name++]))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, TOKEN_DETAIL);
	if (name == n)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "a header line has no colon");
	if (name == 0)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, TOKEN_DETAIL);
	for (a = name + 1; a < n && (line[a] == ' ' || line[a] == '\t'); a++)
		;
	for (b = n; b > a && (line[b - 1] == ' ' || line[b - 1] == '\t'); b--)
		;
	for (size_t i = a; i < b; i++)
		if (!is_field_char((unsigned char)line[i]))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a header value holds a control "
				      "character (RFC 9110 section 5.5)");
	memcpy(out + h->out_len, line, name + 1);
	h->out_len += name + 1;
	if (name == 14 && strncasecmp(line, "Content-Length", 14) == 0) {
		rc = content_length(h, line + a, b - a, out, why);
	} else {
		if (name == 4 && strncasecmp(line, "Host", 4) == 0 && ++h->hosts > 1)
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "more than one Host header");
		if (name == 17 && strncasecmp(line, "Transfer-Encoding", 17) == 0) {
			if (++h->transfer_encodings > 1)
				return refuse(why, MF_PROBLEM_BAD_REQUEST, "more than one "
					      "Transfer-Encoding header");
			h->te_at = h->pos + a;
			h->te_len = b - a;
		}
		memcpy(out + h->out_len, line + a, b - a);
		h->out_len += b - a;
	}
	memcpy(out + h->out_len, "\r\n", 2);
	h->out_len += 2;
	return rc;
}

#define CODING_QUOTED_MAX 48  /* characters of a transfer coding a refusal quotes */

/* Fills *why with the 501 of transfer coding v[0..n); returns
 * MF_HEAD_REFUSED. The detail quotes the coding with every byte that is
 * not printable ASCII, '"' and '\' as \xHH, cut between escapes after
 * CODING_QUOTED_MAX characters ("..." then), so that it is valid UTF-8
 * whatever the client sent. */
static int unknown_coding(struct mf_head_refusal *why, const char *v, size_t n)
{
	char quoted[CODING_QUOTED_MAX + 4];
	size_t q = 0, i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)v[i];
		bool plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\';

		if (q + (plain ? 1 : 4) > CODING_QUOTED_MAX)
			break;
		if (plain)
			quoted[q++] = (char)c;
		else
			q += (size_t)snprintf(quoted + q, 5, "\\x%02x", c);
	}
	if (i < n) {
		memcpy(quoted + q, "...", 3);
		q += 3;
	}
	quoted[q] = '\0';
	why->problem = MF_PROBLEM_NOT_IMPLEMENTED;
	snprintf(why->detail, sizeof(why->detail), "transfer coding \"%s\" is not supported: send "
		 "the body with Content-Length or Transfer-Encoding: chunked", quoted);
	return MF_HEAD_REFUSED;
}

/* The head in[0..next) ended: checks what takes the whole head (Host,
 * the framing's headers together) and decides the framing. */
static int head_end(struct mf_head *h, const char *in, size_t next, char *out,
		    struct mf_head_refusal *why)
{
	if (h->hosts == 0 && !h->http10)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "an HTTP/1.1 request needs a Host header "
			      "(RFC 9112 section 3.2)");
	if (h->content_lengths && h->transfer_encodings)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "Content-Length and Transfer-Encoding "
			      "together: the length of the body is ambiguous");
	if (h->transfer_encodings && h->http10)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "Transfer-Encoding in a request older "
			      "than HTTP/1.1");
	if (h->transfer_encodings &&
	    !(h->te_len == 7 && strncasecmp(in + h->te_at, "chunked", 7) == 0))
		return unknown_coding(why, in + h->te_at, h->te_len);
	if (h->transfer_encodings)
		h->body = MF_HEAD_BODY_CHUNKED;
	else
		h->body = h->length ? MF_HEAD_BODY_LENGTH : MF_HEAD_BODY_NONE;
	memcpy(out + h->out_len, "\r\n", 2);
	h->out_len += 2;
	h->len = next;
	return MF_HEAD_DONE;
}

/* Looks at the bytes of the unfinished line up to the next LF: a NUL or a
 * bare CR refuses; sets *lf when the line is whole. */
static int scan_line(struct mf_head *h, const char *in, size_t len, bool *lf,
		     struct mf_head_refusal *why)
{
	*lf = false;
	for (; h->scan < len; h->scan++) {
		char c = in[h->scan];
		bool after_cr = h->scan > h->pos && in[h->scan - 1] == '\r';

		if (c == '\0')
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a NUL byte in the request head");
		if (after_cr && c != '\n')
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a CR not followed by LF: a control "
				      "character outside a line end (RFC 9112 section 2.2)");
		if (c == '\n' && !after_cr)
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a line ends in a bare LF: lines "
				      "end with CRLF (RFC 9112 section 2.2)");
		if (h->scan >= MF_HEAD_MAX) {
			if (h->lines == 0)
				return long_request_line(in + h->pos, h->scan - h->pos, why);
			return refuse(why, MF_PROBLEM_HEADERS_TOO_LARGE,
				      "the request head is larger than 16384 bytes");
		}
		if (c == '\n') {
			h->scan++;
			*lf = true;
			return MF_HEAD_MORE;
		}
	}
	if (h->lines == 0 && len - h->pos > MF_HEAD_TARGET_MAX + MF_HEAD_METHOD_MAX + 12)
		return long_request_line(in + h->pos, len - h->pos, why);
	return MF_HEAD_MORE;
}

int mf_head_feed(struct mf_head *h, const char *in, size_t len, char *out,
		 struct mf_head_refusal *why)
{
	for (;;) {
		size_t n, next;
		bool lf;
		int rc = scan_line(h, in, len, &lf, why);

		if (rc || !lf)
			return rc;
		next = h->scan;
		n = next - 2 - h->pos;
		if (h->lines == 0 && n == 0) {
			h->pos = next;  /* empty lines before the request line are ignored */
			continue;
		}
		if (h->lines > 0 && n == 0)
			return head_end(h, in, next, out, why);
		rc = h->lines == 0 ? request_line(h, in + h->pos, n, out, why)
				   : field_line(h, in + h->pos, n, out, why);
		if (rc)
			return rc;
		h->lines++;
		h->pos = next;
	}
}

/* ------------------------------------------------------------------ */
/* Chunked bodies */

enum {
	CH_SIZE_START, CH_SIZE, CH_EXT, CH_SIZE_LF, CH_DATA, CH_DATA_CR, CH_DATA_LF,
	CH_TRAILER_START, CH_TRAILER_NAME, CH_TRAILER_VALUE, CH_TRAILER_LF, CH_END_LF,
};

void mf_chunked_init(struct mf_chunked *c)
{
	memset(c, 0, sizeof(*c));
	c->state = CH_SIZE_START;
}

/* The value of hex digit ch, or -1. */
static int hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'f')
		return (ch | 0x20) - 'a' + 10;
	return -1;
}

#define BAD_SIZE "a chunk size line is not hex digits, extensions and CRLF (RFC 9112 section 7.1)"

/* One byte ch of a size line, a chunk's CRLF or the trailer. Appends to
 * out at *out_len (at least MF_CHUNK_OUT_MIN bytes free). */
static int chunk_byte(struct mf_chunked *c, char ch, char *out, size_t *out_len,
		      struct mf_head_refusal *why)
{
	unsigned char u = (unsigned char)ch;
	int d;

	if (c->state <= CH_SIZE_LF && ++c->line > MF_CHUNK_LINE_MAX)
		return refuse(why, MF_PROBLEM_BAD_REQUEST, "a chunk size line is longer than 1024 bytes");
	if (c->state >= CH_TRAILER_START && ++c->trailer > MF_CHUNK_TRAILER_MAX)
		return refuse(why, MF_PROBLEM_HEADERS_TOO_LARGE, "the trailer section is larger than "
			      "4096 bytes");
	switch (c->state) {
	case CH_SIZE_START:
	case CH_SIZE:
		d = hex_digit(ch);
		if (d >= 0) {
			if (c->size == 0 && d == 0) {
				c->state = CH_SIZE;  /* a leading zero */
				return MF_HEAD_MORE;
			}
			if (++c->digits > MF_CHUNK_SIZE_DIGITS)
				return refuse(why, MF_PROBLEM_TOO_LARGE, "a chunk size has more than 15 "
					      "hex digits");
			c->size = c->size * 16 + (uint64_t)d;
			c->state = CH_SIZE;
			return MF_HEAD_MORE;
		}
		if (c->state == CH_SIZE_START)
			return refuse(why, MF_PROBLEM_BAD_REQUEST, BAD_SIZE);
		if (ch == '\r')
			c->state = CH_SIZE_LF;
		else if (ch == ';' || ch == ' ' || ch == '\t')
			c->state = CH_EXT;
		else
			return refuse(why, MF_PROBLEM_BAD_REQUEST, BAD_SIZE);
		return MF_HEAD_MORE;
	case CH_EXT:
		if (ch == '\r')
			c->state = CH_SIZE_LF;
		else if (!is_field_char(u))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, BAD_SIZE);
		return MF_HEAD_MORE;
	case CH_SIZE_LF:
		if (ch != '\n')
			return refuse(why, MF_PROBLEM_BAD_REQUEST, BAD_SIZE);
		*out_len += (size_t)snprintf(out + *out_len, MF_CHUNK_OUT_MIN, "%llx\r\n",
					     (unsigned long long)c->size);
		c->state = c->size ? CH_DATA : CH_TRAILER_START;
		c->line = 0;
		c->digits = 0;
		return MF_HEAD_MORE;
	case CH_DATA_CR:
	case CH_DATA_LF:
		if (ch != (c->state == CH_DATA_CR ? '\r' : '\n'))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a chunk's data is not followed by "
				      "CRLF (RFC 9112 section 7.1)");
		if (c->state == CH_DATA_CR) {
			c->state = CH_DATA_LF;
			return MF_HEAD_MORE;
		}
		memcpy(out + *out_len, "\r\n", 2);
		*out_len += 2;
		c->state = CH_SIZE_START;
		return MF_HEAD_MORE;
	case CH_TRAILER_START:
		if (ch == '\r') {
			c->state = CH_END_LF;
			return MF_HEAD_MORE;
		}
		if (!is_tchar(u))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a trailer line is not a header field "
				      "line (RFC 9112 section 7.1.2)");
		c->state = CH_TRAILER_NAME;
		return MF_HEAD_MORE;
	case CH_TRAILER_NAME:
		if (ch == ':')
			c->state = CH_TRAILER_VALUE;
		else if (!is_tchar(u))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, TOKEN_DETAIL);
		return MF_HEAD_MORE;
	case CH_TRAILER_VALUE:
		if (ch == '\r')
			c->state = CH_TRAILER_LF;
		else if (!is_field_char(u))
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a trailer value holds a control "
				      "character (RFC 9110 section 5.5)");
		return MF_HEAD_MORE;
	case CH_TRAILER_LF:
	case CH_END_LF:
		if (ch != '\n')
			return refuse(why, MF_PROBLEM_BAD_REQUEST, "a CR not followed by LF in the "
				      "chunked body (RFC 9112 section 2.2)");
		if (c->state == CH_TRAILER_LF) {
			c->state = CH_TRAILER_START;
			return MF_HEAD_MORE;
		}
		memcpy(out + *out_len, "\r\n", 2);  /* trailer fields are left out */
		*out_len += 2;
		return MF_HEAD_DONE;
	default:
		return refuse(why, MF_PROBLEM_BAD_REQUEST, BAD_SIZE);
	}
}

int mf_chunked_feed(struct mf_chunked *c, const char *in, size_t len, size_t *used, char *out,
		    size_t cap, size_t *out_len, struct mf_head_refusal *why)
{
	size_t i = 0;
	int rc = MF_HEAD_MORE;

	while (i < len) {
		if (c->state == CH_DATA) {
			size_t n = len - i, room = cap - *out_len;

			if (n > c->size)
				n = (size_t)c->size;
			if (n > room)
				n = room;
			if (n == 0)
				break;
			memcpy(out + *out_len, in + i, n);
			*out_len += n;
			i += n;
			c->size -= n;
			c->total += n;
			if (c->size == 0)
				c->state = CH_DATA_CR;
			continue;
		}
		if (cap - *out_len < MF_CHUNK_OUT_MIN)
			break;
		rc = chunk_byte(c, in[i++], out, out_len, why);
		if (rc)
			break;
	}
	*used = i;
	return rc;
}
