/*
 * The strict reader of request heads and chunked bodies the gate (gate.h)
 * runs on every request of a connection before libmicrohttpd sees it. Pure:
 * no sockets, no allocation, no global state; bytes in, a verdict and the
 * bytes to forward out.
 *
 * A head is held to RFC 9112: `method SP target SP HTTP/1.d` (a token of
 * at most MF_HEAD_METHOD_MAX bytes, a target of visible ASCII), every line
 * ended by CRLF (a bare LF, a bare CR or a NUL anywhere is refused), field
 * lines `token ":" OWS value OWS` with no whitespace before the colon and
 * no obs-fold, values of visible characters, SP, HTAB and bytes 0x80-0xff
 * only. What goes on to libmicrohttpd is the head rewritten canonically
 * (never longer than the original): the request line as sent, each field as
 * `name:value` without the optional whitespace, a Content-Length without
 * leading zeros. libmicrohttpd then reads exactly what was checked.
 *
 * An absolute-form target (`http://host/path?q`, RFC 9112 section 3.2.2;
 * http or https in any case) goes on in origin form (`/path?q`; `/` when
 * the path is empty): the server is the origin, and the route is the
 * path. Any other target goes on as sent (`*` included).
 *
 * The framing a head declares is decided here too: at most one
 * Content-Length, of decimal digits only (leading zeros allowed: `047` is
 * 47), never with Transfer-Encoding; a single `Transfer-Encoding: chunked`
 * (in any case, HTTP/1.1 only) frames a chunked body; any other transfer
 * coding is refused (501 not-implemented: the server would not know where
 * the body ends), as is a Transfer-Encoding in HTTP/1.0 or twice (400).
 * An HTTP/1.1 head needs exactly one Host, an HTTP/1.0 one at most one
 * (400). libmicrohttpd 1.0 answers the unknown coding and the missing
 * Host itself, in HTML, so that no such head may reach it.
 */
#ifndef MF_HTTP_HEAD_H
#define MF_HTTP_HEAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "api/problem.h"

#define MF_HEAD_MAX 16384           /* bytes of a head, empty lines before it included: 431 past it */
#define MF_HEAD_TARGET_MAX 8192     /* bytes of a request target: 414 past it */
#define MF_HEAD_METHOD_MAX 32       /* bytes of a method */
#define MF_HEAD_FIELDS_MAX 100      /* field lines of a head: 431 past it */
#define MF_HEAD_LENGTH_MAX ((uint64_t)1 << 62)  /* a Content-Length past it: 413 */
#define MF_CHUNK_LINE_MAX 1024      /* bytes of a chunk-size line, extensions included: 400 */
#define MF_CHUNK_SIZE_DIGITS 15     /* hex digits of a chunk size, leading zeros aside: 413 */
#define MF_CHUNK_TRAILER_MAX 4096   /* bytes of a trailer section: 431 past it */

/* Why a head or a body is refused: the problem (bad-request, too-large,
 * uri-too-long, headers-too-large, http-version, not-implemented) and a
 * detail for the client, printable ASCII (what it quotes of the request
 * escaped), so valid UTF-8. */
struct mf_head_refusal {
	enum mf_problem problem;
	char detail[160];
};

/* How a request's body is framed. */
enum mf_head_body {
	MF_HEAD_BODY_NONE,     /* no Content-Length, no Transfer-Encoding (or a length of 0) */
	MF_HEAD_BODY_LENGTH,   /* length bytes */
	MF_HEAD_BODY_CHUNKED,  /* Transfer-Encoding: chunked */
};

/* Results of mf_head_feed() and mf_chunked_feed(). */
#define MF_HEAD_MORE 0
#define MF_HEAD_DONE 1
#define MF_HEAD_REFUSED (-1)

/* One head being read. Initialise with mf_head_init(); the fields are the
 * reader's, and body, length and len are its results once a feed returned
 * MF_HEAD_DONE. */
struct mf_head {
	size_t pos;        /* the input's bytes read as whole lines */
	size_t scan;       /* the input's bytes looked at for NUL and bare CR */
	size_t out_len;    /* canonical bytes written */
	unsigned lines;    /* lines read, the request line included */
	unsigned content_lengths, transfer_encodings, hosts;
	size_t te_at, te_len;  /* the Transfer-Encoding value: where in the input */
	bool http10;
	enum mf_head_body body;
	uint64_t length;   /* MF_HEAD_BODY_LENGTH: the body's bytes */
	size_t len;        /* MF_HEAD_DONE: the head's bytes in the input */
};

/* Starts reading a new head into h (the caller's). Cannot fail. */
void mf_head_init(struct mf_head *h);

/*
 * Reads the head in in[0..len): the same bytes as the last call on h, and
 * maybe more (each byte is looked at once, so a head trickled a byte at a
 * time costs no more than one sent whole). Appends the canonical head to
 * out, which holds MF_HEAD_MAX bytes and the same content as after the last
 * call. Returns MF_HEAD_DONE when the head is whole and valid (h->len: its
 * bytes in the input, what follows is the body or the next request;
 * h->out_len: the canonical head's; h->body and h->length: the framing),
 * MF_HEAD_MORE when what came so far is valid and the head not yet whole,
 * or MF_HEAD_REFUSED after filling *why (out then holds nothing usable).
 * A refusal comes as soon as the bytes show it, before the head ends.
 */
int mf_head_feed(struct mf_head *h, const char *in, size_t len, char *out,
		 struct mf_head_refusal *why);

/* One chunked body being read. Initialise with mf_chunked_init(). */
struct mf_chunked {
	int state;          /* the reader's own */
	uint64_t size;      /* the chunk size being read, then the data left of it */
	unsigned digits;    /* significant digits of the size */
	size_t line;        /* bytes of the current size or trailer line */
	size_t trailer;     /* bytes of the trailer section */
	uint64_t total;     /* data bytes so far */
};

/* Starts reading a chunked body into c (the caller's). Cannot fail. */
void mf_chunked_init(struct mf_chunked *c);

/*
 * Reads a chunked body on from in[0..len) and appends what goes on to
 * libmicrohttpd to out[0..cap), at *out_len, which it advances: each chunk
 * as a size line in lowercase hex without leading zeros or extensions, its
 * data byte for byte and CRLF; the last chunk as "0\r\n\r\n" (trailer
 * fields are checked, then left out). Stops when out has no room for a
 * size line (MF_CHUNK_OUT_MIN bytes) or more data. *used receives the bytes
 * of in read. Returns MF_HEAD_DONE at the end of the body (what follows in
 * is the next request), MF_HEAD_MORE when the body goes on, MF_HEAD_REFUSED
 * after filling *why: a size that is not hex or has more than
 * MF_CHUNK_SIZE_DIGITS digits (too-large), a size line past
 * MF_CHUNK_LINE_MAX, data not followed by CRLF, a bare LF or CR, a trailer
 * field that is no field line or a trailer section past
 * MF_CHUNK_TRAILER_MAX.
 */
#define MF_CHUNK_OUT_MIN 24
int mf_chunked_feed(struct mf_chunked *c, const char *in, size_t len, size_t *used, char *out,
		    size_t cap, size_t *out_len, struct mf_head_refusal *why);

#endif
