/*
 * The contract between the callers (the HTTP server, the CLI, tests and
 * fuzzers) and the per-domain JSON adapters. An adapter turns a decoded
 * JSON body into the solver's plain C structs, calls the solver, and writes
 * the result as JSON into a byte buffer. It decides no game rule and knows
 * no transport, status or route: a failure is one of the closed set of
 * problem kinds (api/problem.h), which the caller renders.
 */
#ifndef MF_API_API_H
#define MF_API_API_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "common/buf.h"
#include "api/json_pointer.h"
#include "api/problem.h"
#include "manaflow/mana.h"

#define MF_API_MEMBERS_MAX 4096 /* bytes of a problem's own members, NUL included */

/* What went wrong with a request. */
struct mf_api_error {
	enum mf_problem problem;
	char pointer[MF_JSON_POINTER_MAX]; /* JSON pointer (RFC 6901) to the offending field, "" if none */
	char detail[512];                 /* one sentence for a person, valid UTF-8 */
	char members[MF_API_MEMBERS_MAX]; /* members of this kind's own, as JSON text each
					   * after a comma (",\"cards\":[...]"), "" for none;
					   * every mf_api_fail*() empties it */
};

/* Read-only state every adapter may use: shared by every request, but for
 * `stop`, which a caller that runs requests with a deadline sets in its
 * own copy. */
struct mf_card_db;

struct mf_api_ctx {
	const struct mf_mana_catalogue *lands;
	const struct mf_card_db *cards;  /* the card database deck lists are resolved against
					  * (manaflow/carddb.h), or NULL: none was loaded */
	const char *lands_listing;  /* where a client lists the catalogue ("GET /v1/lands"), named
				     * by an unknown land's detail; NULL: named by none */
	const char *sources_listing;  /* where a client lists the catalogue of mana sources
				       * ("GET /v1/mana-sources"), named by an unknown
				       * source's detail; NULL: named by none */
	const char *cards_option;   /* how this caller loads a card database ("serve --cards
				     * FILE", "--cards FILE"), named when a deck list needs
				     * one; NULL: named by none */
	uint64_t odds_budget;  /* work units per spell of the odds; 0: MF_ODDS_BUDGET_DEFAULT */
	uint64_t report_budget;  /* work units of one report; 0: MF_REPORT_BUDGET_DEFAULT */
	uint32_t lanes;          /* threads a solve may use (mf_odds_query.lanes,
				  * mf_report_query.lanes): 0 or 1 the caller's alone;
				  * the same answer either way */
	const struct mf_stop *stop;  /* NULL, or this request's: a solver it stops is a
				      * deadline problem (mf_api_fail_stopped) */
};

/*
 * An endpoint: body is the parsed request (owned by the caller, never
 * NULL; the handler may delete parts of it it has finished reading, as a
 * batch does with each item once decoded, so that a large body does not
 * stay in memory while it is solved; the caller still deletes the root).
 * Appends the JSON answer to out and returns 0, or fills *err and returns
 * -1 (what out holds then is unspecified: the caller discards it). An
 * answer that outgrows out's cap is a too-large problem, an allocation
 * failure an out-of-memory one.
 */
typedef int (*mf_api_handler)(cJSON *body, const struct mf_api_ctx *ctx,
			      struct mf_buf *out, struct mf_api_error *err);

/*
 * An endpoint's one-pass reader of a body's text (len bytes, borrowed),
 * for the bodies it takes: it answers them exactly as its handler would
 * on the tree, byte for byte, answer or problem, and returns 0 or -1 with
 * err filled. Any other body it leaves, out and err untouched, returning
 * MF_API_TREE: the caller then takes the tree path.
 */
#define MF_API_TREE 1
typedef int (*mf_api_text_handler)(const char *text, size_t len, const struct mf_api_ctx *ctx,
				   struct mf_buf *out, struct mf_api_error *err);

/* Fills err with an invalid-field problem at pointer (NULL: none), detail
 * printf-style. Returns -1 so that decoders can write `return mf_api_fail(...)`. */
int mf_api_fail(struct mf_api_error *err, const char *pointer, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* As mf_api_fail() with another problem type. Returns -1. */
int mf_api_failp(struct mf_api_error *err, enum mf_problem p, const char *pointer,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Fills err with an out-of-memory problem; returns -1. */
int mf_api_fail_nomem(struct mf_api_error *err);

/* Fills err with a deadline problem at pointer (NULL: none): the solve was
 * stopped (MF_ERR_STOPPED) by ctx->stop; returns -1. */
int mf_api_fail_stopped(struct mf_api_error *err, const char *pointer);

/*
 * Fills err with the problem a solver's failure status is: the one table
 * of them, which every adapter answers through.
 *   MF_ERR_NOMEM    out-of-memory, as mf_api_fail_nomem() (no pointer)
 *   MF_ERR_STOPPED  deadline at pointer, as mf_api_fail_stopped()
 *   MF_ERR_LIMIT    limit at pointer: the call says what its limit is,
 *                   MF_PROBLEM_TOO_LARGE (an input past a documented limit)
 *                   or MF_PROBLEM_SEARCH_BUDGET (the work budget spent)
 *   MF_ERR_INVALID  invalid-field at pointer
 *   anything else   invalid-field at pointer, as MF_ERR_INVALID
 * The last three take the detail fmt (the first two have their own).
 * A status no solver returns (the decoder let through only what the
 * solver takes) is answered as the input's fault, a 4xx, and not as
 * out-of-memory: the solvers are deterministic, so the same request
 * fails the same way every time, and a 5xx would tell the client to
 * retry it and the operator to look for a memory problem that is not
 * there. Out-of-memory and deadline are the only failures that depend on
 * the server's state. Returns -1.
 */
int mf_api_fail_status(struct mf_api_error *err, int status, enum mf_problem limit,
		       const char *pointer, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Fills err for a buffer that failed (out-of-memory, or too-large for an
 * answer past the buffer's cap); returns -1. */
int mf_api_fail_buf(struct mf_api_error *err, const struct mf_buf *out);

/* The maximum depth of nesting a request may have. */
#define MF_API_JSON_DEPTH_MAX 64

/*
 * Parses a request body of len bytes (text[len] must be '\0'). The text is
 * first held to RFC 8259 (UTF-8, no NUL, numbers, duplicate keys, nesting
 * up to MF_API_JSON_DEPTH_MAX), then parsed by cJSON. Returns the tree the
 * caller deletes with cJSON_Delete(), or NULL with err filled
 * (malformed-json naming the byte offset, or out-of-memory).
 */
cJSON *mf_api_parse(const char *text, size_t len, struct mf_api_error *err);

/* Parses text and runs handler on it into out; 0 or -1 with err filled.
 * The one way the server, the CLI and the fuzzers answer a body. A
 * handler with a one-pass reader of its text (mf_api_text_handler: the
 * mana solve's, mf_api_mana_solve_text()) answers the bodies it takes
 * itself; every other body takes mf_api_answer_tree(). */
int mf_api_answer(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		  size_t len, struct mf_buf *out, struct mf_api_error *err);

/* The tree path alone: mf_api_parse(), then handler on the tree. The
 * answer mf_api_answer() gives, which the tests of the one-pass readers
 * compare theirs with. */
int mf_api_answer_tree(mf_api_handler handler, const struct mf_api_ctx *ctx, const char *text,
		       size_t len, struct mf_buf *out, struct mf_api_error *err);

#endif
