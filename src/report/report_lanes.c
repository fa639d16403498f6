/*
 * The advice's decks counted on up to query.lanes threads (c->lanes).
 * Each job runs on a context of its own: its work counted on from the
 * report's as it stood when the jobs began (so its budget is what was
 * left then), its cache sharing the report's record
 * (mf_odds_cache_share()). Whichever thread is free takes the next job.
 * Then each job's work is charged in the jobs' order. A job reads nothing
 * another writes, so the answers, the work and the failures are the same
 * on one thread as on two.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "report/report_int.h"

/* The jobs of one call, and the next to take. */
struct lanes {
	const struct rep_ctx *c;
	struct rep_job *jobs;
	size_t n;
	atomic_size_t next;
};

/* Runs job j on a context of its own: its rc and work set. */
static void run_job(const struct rep_ctx *c, struct rep_job *j)
{
	struct rep_ctx own = *c;

	own.lanes = 1;  /* the jobs are the lanes */
	j->work = 0;
	own.cache = mf_odds_cache_share(c->cache);
	if (!own.cache) {
		j->rc = MF_ERR_NOMEM;
		return;
	}
	j->rc = j->run(&own, j->arg);
	j->work = own.work - c->work;
	mf_odds_cache_free(own.cache);
}

/* A lane (arg: the lanes): takes jobs until none is left. */
static void *lane(void *arg)
{
	struct lanes *l = arg;

	for (size_t i; (i = atomic_fetch_add(&l->next, 1)) < l->n;)
		run_job(l->c, &l->jobs[i]);
	return NULL;
}

int mf_report_run_jobs(struct rep_ctx *c, struct rep_job *jobs, size_t n, size_t *done)
{
	struct lanes l = { .c = c, .jobs = jobs, .n = n };
	pthread_t helper;
	bool two;

	atomic_init(&l.next, 0);
	/* a second lane only when asked and worth a thread; without one
	 * (pthread_create failed) this thread takes every job */
	two = c->lanes >= 2 && n >= 2 && pthread_create(&helper, NULL, lane, &l) == 0;
	lane(&l);
	if (two)
		pthread_join(helper, NULL);
	for (*done = 0; *done < n; ++*done) {
		const struct rep_job *j = &jobs[*done];
		uint64_t left = c->budget > c->work ? c->budget - c->work : 0;

		if (j->rc != MF_OK || j->work > left) {
			c->work += j->work < left ? j->work : left;
			return j->rc != MF_OK ? j->rc : MF_ERR_LIMIT;
		}
		c->work += j->work;
	}
	return MF_OK;
}
