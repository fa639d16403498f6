/*
 * What the access handler reads of a request's headers beyond the gate's
 * checks: whether a body comes, whether its type is JSON the server reads,
 * and the path's %XX escapes.
 *
 * The framing itself (Host, Content-Length, Transfer-Encoding), malformed
 * request lines and header lines, bare LF or CR, NUL and obs-fold never
 * reach these: the gate (gate.h, head.h) refuses them before libmicrohttpd
 * reads the head.
 */
#ifndef MF_HTTP_FRAMING_H
#define MF_HTTP_FRAMING_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

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
