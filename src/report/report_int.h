/*
 * Internal view of one report, shared by the report's files.
 *
 * The files, each calling only those below it (never back up):
 *   report.c         mf_report_compute(): checks, spells, colours, advice
 *   report_advice.c  the advice: screen, count the best exactly, pick
 *   report_screen.c  the swaps worth trying and their cheap sampled gain
 *   report_lanes.c   the advice's decks counted on one thread or two
 *   report_colors.c  sources per colour against Karsten's table
 *   report_eval.c    one spell, or a whole deck, through the odds engine
 *   report_rules.c   the deck-building rules the advice keeps
 *   report_sources.c a deck's mana sources that are no land
 */
#ifndef MF_REPORT_INT_H
#define MF_REPORT_INT_H

#include "manaflow/report.h"

/* A deck's lands and mana sources as the odds query reads them; the
 * spells stay the query's. A source is known by its index among the
 * query's sources then its candidates (rep_source()). */
struct rep_deck {
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	size_t n;
	struct mf_odds_source src[MF_ODDS_SOURCE_KINDS_MAX];  /* copies, counts >= 1 */
	uint32_t src_counts[MF_ODDS_SOURCE_KINDS_MAX];
	uint8_t src_of[MF_ODDS_SOURCE_KINDS_MAX];  /* each one's index (rep_source()) */
	size_t n_src;
};

/* One report's running state. Written by report.c (set-up, spells) and
 * report_eval.c (work, budget), read by the rest. */
struct rep_ctx {
	const struct mf_report_query *q;
	struct rep_deck deck;            /* the query's lands */
	uint64_t budget, work;           /* units allowed and spent */
	uint32_t lanes;                  /* threads its odds may use (query.lanes; 1 in a
					  * job of mf_report_run_jobs(), which has its own) */
	struct mf_odds_cache *cache;     /* shared by every query of the report */
	size_t *first;                   /* per spell: the first of its cost and turn */
	size_t n_distinct;               /* spells that are their own first */
	uint32_t *turn, *x;              /* per spell: asked on, and {X} */
	bool *exact;                     /* per spell: its answer in the deck was exact */
	double *base_p;                  /* per spell: on-curve p_castable in the deck
					  * (curve 0), the advice's `before` */
	uint32_t *weight;                /* per spell: its count (the mean's weight) */
};

/* How mf_report_eval_spell() counts. */
enum rep_method {
	REP_AUTO,        /* exact within MF_REPORT_SPELL_EXACT_MAX, else sampled */
	REP_EXACT,       /* exact within the budget, or MF_ERR_LIMIT */
	REP_SAMPLE,      /* sampled to MF_ODDS_PRECISION */
	REP_SCREEN,      /* sampled, few games (the screening's proxy): see below */
	REP_SHARE,       /* exact within MF_REPORT_SPELL_EXACT_MAX, or MF_ERR_LIMIT */
	REP_NONE,        /* mf_report_eval_many(): not asked */
};

/* Games a spell in the screening: REP_SCREEN_DECK_GAMES a deck shared by
 * its distinct spells, within REP_SCREEN_GAMES_MIN..MAX (a 30-spell deck
 * 200 each, a 60-spell Commander deck 100). */
#define REP_SCREEN_DECK_GAMES 6000u
#define REP_SCREEN_GAMES_MIN 64u
#define REP_SCREEN_GAMES_MAX 200u

/* report_eval.c */

/* Spell i of the query asked of deck d with curve, as `method` says,
 * charged to the report's budget. MF_OK and *out; MF_ERR_LIMIT (budget
 * spent: *over_budget true, or an odds limit), MF_ERR_STOPPED,
 * MF_ERR_INVALID, MF_ERR_NOMEM from mf_odds_compute(). */
int mf_report_eval_spell(struct rep_ctx *c, const struct rep_deck *d, size_t i, uint32_t curve,
		   enum rep_method method, struct mf_odds_result *out, bool *over_budget);

/* The exact counts of every spell of deck d that is its own first
 * (c->first), with curve, at once (mf_odds_compute_many(): spells sharing
 * kept hands walk together), each within MF_REPORT_SPELL_EXACT_MAX and
 * what is left of the budget, charged to it: out[i] with counted[i] true
 * for each one counted; counted[i] false for the rest (not counted, or
 * a copy), for mf_report_eval_spell() to answer, and refused[i] true for
 * one whose count ran past its share (auto samples it at once). A count
 * refused, or one past what is left, is charged the work it spent (at
 * most what is left), as in mf_report_eval_spell(). MF_OK or
 * MF_ERR_NOMEM. */
int mf_report_eval_exact(struct rep_ctx *c, const struct rep_deck *d, uint32_t curve,
			 struct mf_odds_result *out, bool *counted, bool *refused);

/* The spells of deck d that are their own first (c->first) and whose
 * method[i] is not REP_NONE, with curve, at once through
 * mf_odds_compute_many() (exact counts on the grid walk together, samples
 * share their games): REP_EXACT exact, REP_AUTO the odds' own auto (its
 * estimate decides, before any work), REP_SAMPLE sampled, REP_SCREEN
 * sampled with the screening's games. Each within what is left of the
 * budget, charged in the spells' order: out[i] with done[i] true for each
 * answered, up to the first that fails or is past the budget, which ends
 * them (MF_ERR_LIMIT with *over_budget when the budget ran out). Same
 * returns as mf_report_eval_spell(). */
int mf_report_eval_many(struct rep_ctx *c, const struct rep_deck *d, uint32_t curve,
			const enum rep_method *method, struct mf_odds_result *out, bool *done,
			bool *over_budget);

/* On-curve p_castable of every spell in deck d into p[] (n_spells), by
 * mf_report_eval_many(): REP_SCREEN for all when screen; else the odds'
 * own auto for a spell whose answer in the query's deck was exact (with
 * method exact: exact), sampled for one sampled. Same returns. */
int mf_report_eval_deck(struct rep_ctx *c, const struct rep_deck *d, bool screen, double *p,
		  bool *over_budget);

/* The count-weighted mean of p[] with weights w[] (0 when they sum to 0). */
double mf_report_mean(const double *p, const uint32_t *w, size_t n);


/* report_colors.c: out->colors and n_colors from the spells' answers. */
int mf_report_colors(const struct rep_ctx *c, struct mf_report *out);

/* report_sources.c */

/* Source g of the query: its sources, then its candidates. */
const struct mf_odds_source *mf_report_source(const struct mf_report_query *q, size_t g);

/* Deck d with delta (+1 or -1) copies of source g, into *to: false when d
 * holds none of it to cut, or has no room for another kind. */
bool mf_report_source_deck(const struct rep_ctx *c, const struct rep_deck *d, size_t g,
			   int delta, struct rep_deck *to);

/* Copies of source g in deck d. */
uint32_t mf_report_source_count(const struct rep_deck *d, size_t g);

/* report_screen.c */

/* A land swap: k copies of deck land `out` (catalogue index) for k of `in`. */
struct rep_swap {
	int32_t out, in;
	uint32_t k;
	double screened;   /* the proxy's gain, points */
};

#define REP_SWAPS_MAX 4096

/* Deck d with k copies of land out replaced by k of land in, into *to:
 * false when d holds fewer than k of out, or the result has too many kinds. */
bool mf_report_swap_deck(const struct rep_deck *d, int32_t out, int32_t in, uint32_t k,
		   struct rep_deck *to);

/* Every candidate swap (1 copy, and 2 copies of the most promising pairs)
 * with its screened gain, into swaps[] (room for REP_SWAPS_MAX), best
 * first; *n set. Same returns as mf_report_eval_deck() (on a failure *n counts
 * the swaps screened so far, in no order). */
int mf_report_screen(struct rep_ctx *c, struct rep_swap *swaps, size_t *n, bool *over_budget);

/* report_lanes.c */
/* One job of the advice: run(c, arg) on a context of its own, which it
 * may charge work to (its rc, and the work it charged, set by
 * mf_report_run_jobs()). */
struct rep_job {
	int (*run)(struct rep_ctx *c, void *arg);
	void *arg;
	int rc;
	uint64_t work;
};
/* Runs jobs[0 .. n) on up to c->lanes threads (report_lanes.c says how
 * their answers stay those of one thread), then charges their work to c
 * in order: *done jobs were, and MF_OK when all were; else the rc of the
 * first that failed (MF_ERR_LIMIT for one past the budget), its work
 * charged up to what was left, and the jobs after it are not (their
 * outputs are the caller's to drop). */
int mf_report_run_jobs(struct rep_ctx *c, struct rep_job *jobs, size_t n, size_t *done);
/* report_advice.c: out->advice, more_land, fewer_land, advice_complete. */
int mf_report_advise(struct rep_ctx *c, struct mf_report *out);

/* report_rules.c */

/* The most copies of spell `spell` of the query the deck may hold (its
 * own limit, else the query's), MF_REPORT_COPIES_ANY for no limit. */
uint32_t mf_report_spell_copies_max(const struct mf_report_query *q, size_t spell);

/* Whether deck d may take k more copies of catalogue land `land`: its copy
 * limit (mf_report_land_copies_max()) and the query's colour identity. */
bool mf_report_may_add_land(const struct rep_ctx *c, const struct rep_deck *d, int32_t land,
			    uint32_t k);

/* Whether the deck may hold one more copy of spell `spell` than count. */
bool mf_report_may_add_spell(const struct rep_ctx *c, size_t spell, uint32_t count);

#endif
