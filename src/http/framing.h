/*
 * Request framing and header checks that libmicrohttpd 0.9.75 leaves to the
 * application (request smuggling past it): the access handler's first call runs them before
 * routing, so that a request whose body length is ambiguous, or whose Host
 * is missing or doubled, is refused with a problem document and the
 * connection closed before anything else on it is read.
 *
 * Malformed request lines and header lines, bare LF or CR, NUL, obs-fold
 * and a malformed Content-Length never reach these: the gate (gate.h,
 * head.h) refuses them before libmicrohttpd reads the head.
 */
#ifndef MF_HTTP_FRAMING_H
#define MF_HTTP_FRAMING_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

#include "api/problem.h"

/* Why a request is refused: a problem and its detail. */
struct mf_framing_refusal {
	enum mf_problem problem;  /* bad-request or not-implemented from mf_framing_refuse */
	char detail[160];
};

/*
 * Checks the headers of request c (version as libmicrohttpd gives it,
 * "HTTP/1.1"): every name an RFC 9110 token (libmicrohttpd keeps
 * "Content-Length : 5" as a name of its own, a smuggling path) and no
 * value with a control character but tab (400 bad-request); exactly one
 * Host in HTTP/1.1 and at most one in HTTP/1.0; at
 * most one Content-Length and one Transfer-Encoding, never both together,
 * no Transfer-Encoding in HTTP/1.0 (400 bad-request); a Transfer-Encoding
 * other than exactly "chunked", in any case (501 not-implemented: the
 * server would not know where the body ends). Returns false when the
 * request may go on; true after filling *why when it must be refused. The
 * caller answers in the same (first) call, so that libmicrohttpd closes the
 * connection after the answer and reads nothing more from it.
 */
bool mf_framing_refuse(struct MHD_Connection *c, const char *version,
		       struct mf_framing_refusal *why);

/* Whether request c announces a body: a Content-Length other than 0 or a
 * Transfer-Encoding. An answer queued in the first call to a request
 * without one need not close the connection; libmicrohttpd closes it
 * anyway, so such answers wait for the last call. */
bool mf_framing_has_body(struct MHD_Connection *c);

/*
 * Whether a Content-Type value (NULL: none) is JSON the server reads:
 * application/json in any case, with optional parameters after ';' (spaces
 * around them, and around '=', allowed; values plain or quoted). A charset
 * parameter must be utf-8, in any case; other parameters are ignored. A
 * parameter that cannot be parsed makes the type unsupported.
 */
bool mf_framing_json_type(const char *value);

/*
 * libmicrohttpd's MHD_OPTION_UNESCAPE_CALLBACK: decodes %XX escapes of s in
 * place, as libmicrohttpd's own does, except %2F and %00 (any case), which
 * stay as they are. An encoded slash is not a path separator and a NUL
 * would cut the path short (/metrics%00.css read as /metrics), so such a
 * path matches no route and is answered 404. Returns the new length.
 */
size_t mf_framing_unescape(void *cls, struct MHD_Connection *c, char *s);

#endif
