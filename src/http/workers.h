/*
 * Worker threads for the heavy routes. A libmicrohttpd pool thread serves
 * many connections, so a long solve there would stall all of them: the
 * request is suspended, solved here, and resumed, and the pool thread goes
 * on serving the others meanwhile.
 */
#ifndef MF_HTTP_WORKERS_H
#define MF_HTTP_WORKERS_H

#include <microhttpd.h>
#include <stdatomic.h>
#include <stdint.h>

#include "api/api.h"
#include "http/admission.h"

enum job_state { JOB_NONE, JOB_QUEUED, JOB_DONE };

/* One solve, owned by its request; the workers only borrow it. */
struct job {
	struct job *next;
	mf_api_handler handler;
	struct mf_buf body;          /* the request body; freed by the worker once parsed */
	struct mf_api_ctx ctx;       /* the server's, with stop = &this->stop */
	struct mf_stop stop;         /* the deadline, the client's hang-up, the drain */
	struct MHD_Connection *conn; /* suspended until the job is done */
	int rc;                      /* 0: out holds the answer; -1: see err */
	struct mf_buf out;
	struct mf_api_error err;
	uint64_t micros;             /* time parsing and in the handler */
	struct mf_admission *admission;  /* where the working set is reserved */
	size_t work_bytes;           /* the solver's working set, reserved by the
				      * worker when the solve starts (none left:
				      * 503 overloaded instead) ... */
	size_t lane_bytes;           /* a second thread's working set, reserved too
				      * when the budget has room and no other job
				      * waits (ctx.lanes 2 then) ... */
	size_t work_held;            /* ... held, and given back when it ends */
	atomic_int state;
};

struct workers;

/* Starts n threads. Returns the workers, which the caller frees with
 * mf_workers_free, or NULL when memory or a thread could not be had
 * (nothing to free; the caller says why). Prints nothing. */
struct workers *mf_workers_start(unsigned n);

/* Queues job (the caller has suspended job->conn); a worker takes it up in
 * turn: a job whose stop is raised by then (its client left, its deadline
 * passed, the drain) is not run but answered a deadline problem (the
 * caller explains which); else the worker reserves its work_bytes (and
 * its lane_bytes when it can: see struct job), runs it
 * (or, past the budget, answers it 503 overloaded), gives them back and
 * resumes the connection. Once the workers are stopping, the job is
 * answered 503 and resumed at once instead. */
void mf_workers_submit(struct workers *w, struct job *job);

/* Jobs not yet started are answered 503 and resumed; running ones finish;
 * then the threads end. Later submissions are answered 503. */
void mf_workers_stop(struct workers *w);

/* Jobs submitted whose connection has not been resumed yet (queued or
 * running). */
unsigned mf_workers_outstanding(struct workers *w);

/* Frees the workers (stopping them first if need be); NULL is fine. Call
 * it only when nothing can submit any more. */
void mf_workers_free(struct workers *w);

#endif
