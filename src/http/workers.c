#include "http/workers.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "api/problem.h"
#include "common/clock.h"

struct workers {
	pthread_mutex_t mu;
	pthread_cond_t ready;
	struct job *head, *tail;
	bool stopping;
	atomic_uint outstanding;   /* submitted, connection not yet resumed */
	unsigned n;
	pthread_t threads[];
};

/* Gives back the job's working set (the solve is over, whatever its end),
 * marks it done and wakes its connection; job may be freed right after. */
static void finish(struct workers *w, struct job *job)
{
	struct MHD_Connection *conn = job->conn;

	if (job->admission)
		mf_admission_release_body(job->admission, &job->work_held);
	atomic_store(&job->state, JOB_DONE);
	MHD_resume_connection(conn);
	atomic_fetch_sub(&w->outstanding, 1);
}

/* A worker thread (arg: the workers): solves jobs in order until the
 * workers stop with none left. */
static void *work(void *arg)
{
	struct workers *w = arg;

	for (;;) {
		struct job *job;
		uint64_t t0;
		bool alone;  /* no other job waits */

		pthread_mutex_lock(&w->mu);
		while (!w->head && !w->stopping)
			pthread_cond_wait(&w->ready, &w->mu);
		job = w->head;
		if (job) {
			w->head = job->next;
			if (!w->head)
				w->tail = NULL;
		}
		alone = !w->head;
		pthread_mutex_unlock(&w->mu);
		if (!job)
			return NULL;  /* stopping, and nothing left */
		t0 = mf_clock_us();
		/* A job whose client left, or whose deadline (counted from its
		 * request's arrival) passed while it queued, or cut by the
		 * drain, is not started: its stop says why (request.c). Only
		 * running solves hold their working set, so the budget caps
		 * the solves at once and the queue holds bodies alone. */
		if (mf_stop_raised(&job->stop)) {
			job->rc = -1;
			mf_problem_set(&job->err, MF_PROBLEM_DEADLINE, "the solve was stopped");
		} else if (job->admission && job->work_bytes &&
		    !mf_admission_reserve_work(job->admission, job->work_bytes, &job->work_held)) {
			mf_admission_count_refusal(job->admission);
			job->rc = -1;
			mf_problem_set(&job->err, MF_PROBLEM_OVERLOADED,
				       "the server is at its memory budget for solves; retry shortly");
		} else {
			/* a second thread for the solve when it has one to use, the
			 * budget room for it and no other job waits for a worker;
			 * its answer is the same without */
			if (job->admission && job->lane_bytes && alone &&
			    mf_admission_reserve_work(job->admission, job->lane_bytes, &job->work_held))
				job->ctx.lanes = 2;
			job->rc = mf_api_answer(job->handler, &job->ctx, mf_buf_ptr(&job->body),
						mf_buf_len(&job->body), &job->out, &job->err);
		}
		job->micros = mf_clock_us() - t0;
		mf_buf_free(&job->body);
		finish(w, job);
	}
}

struct workers *mf_workers_start(unsigned n)
{
	struct workers *w = calloc(1, sizeof(*w) + n * sizeof(pthread_t));

	if (!w)
		return NULL;
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->ready, NULL);
	for (; w->n < n; w->n++)
		if (pthread_create(&w->threads[w->n], NULL, work, w) != 0) {
			mf_workers_free(w);
			return NULL;
		}
	return w;
}

/* Answers a job that will not be solved, and wakes its connection. */
static void refuse(struct workers *w, struct job *job)
{
	mf_buf_free(&job->body);
	job->rc = -1;
	mf_problem_set(&job->err, MF_PROBLEM_SHUTTING_DOWN,
		       "the server stopped before this request was solved");
	finish(w, job);
}

void mf_workers_submit(struct workers *w, struct job *job)
{
	job->next = NULL;
	atomic_store(&job->state, JOB_QUEUED);
	atomic_fetch_add(&w->outstanding, 1);
	pthread_mutex_lock(&w->mu);
	if (w->stopping) {
		pthread_mutex_unlock(&w->mu);
		refuse(w, job);
		return;
	}
	if (w->tail)
		w->tail->next = job;
	else
		w->head = job;
	w->tail = job;
	pthread_cond_signal(&w->ready);
	pthread_mutex_unlock(&w->mu);
}

void mf_workers_stop(struct workers *w)
{
	struct job *pending;
	bool joined;

	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	joined = w->stopping;
	w->stopping = true;
	pending = w->head;
	w->head = w->tail = NULL;
	pthread_cond_broadcast(&w->ready);
	pthread_mutex_unlock(&w->mu);
	while (pending) {
		struct job *next = pending->next;

		refuse(w, pending);
		pending = next;
	}
	for (unsigned i = 0; i < w->n && !joined; i++)
		pthread_join(w->threads[i], NULL);
}

unsigned mf_workers_outstanding(struct workers *w)
{
	return w ? atomic_load(&w->outstanding) : 0;
}

void mf_workers_free(struct workers *w)
{
	if (!w)
		return;
	mf_workers_stop(w);
	pthread_cond_destroy(&w->ready);
	pthread_mutex_destroy(&w->mu);
	free(w);
}
