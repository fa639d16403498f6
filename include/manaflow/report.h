/*
 * manaflow report: a whole deck's mana at once (issue 26, the domain part of
 * POST /v1/deck/report).
 *
 * Given a deck already resolved into catalogue lands and parsed spells, the
 * report answers three things, all with the odds engine (manaflow/odds.h):
 *  - spells: each distinct spell's odds on the turn of its mana value, with
 *    its curve on turns 1..MF_REPORT_CURVE;
 *  - colors: per colour the spells use, the deck's sources of it against
 *    Karsten's table (mf_odds_sources) for the spell that needs it most;
 *  - advice: the land swaps that raise the deck's mean on-curve
 *    castability most, and one line each for one land more and one fewer;
 *    with mana that is no land, one line each for a land cut for a source
 *    and a source cut for a land, when the engine finds them gaining.
 * A deck with mana sources that are no land (dorks, rocks: query.sources)
 * is sampled, every figure with its error (the odds count lands only
 * exactly).
 *
 * Ownership: mf_report_compute() only reads the query (and the catalogue,
 * which may be shared by any number of threads) and writes only *out, which
 * the caller frees with mf_report_free(). The spells' names are carried as
 * pointers: they must outlive the result. Thread-safe.
 */
#ifndef MANAFLOW_REPORT_H
#define MANAFLOW_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/common.h"
#include "manaflow/mana.h"
#include "manaflow/odds.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limits; inputs beyond them are refused with MF_ERR_LIMIT and
 * mf_report.limit naming the limit. */
#define MF_REPORT_DECK_MAX 250      /* cards in the main deck (also MF_ODDS_DECK_MAX) */
#define MF_REPORT_SPELLS_MAX 100    /* distinct spells */
#define MF_REPORT_CURVE 10          /* by_turn of each spell: turns 1..10 */
#define MF_REPORT_ADVICE_MAX 5      /* land swaps advised */
#define MF_REPORT_SOURCE_CANDIDATES_MAX 8  /* sources the advice may put in */
#define MF_REPORT_NO_SPELL SIZE_MAX /* a source that is no spell of the query */
#define MF_REPORT_BUDGET_DEFAULT 2000000000u /* work units of one report (query.budget 0) */
#define MF_REPORT_SPELL_EXACT_MAX MF_ODDS_BUDGET_DEFAULT
/* Threads a report may use (query.lanes), and the heap a lane past the
 * first holds at most: one odds computation and its cache. */
#define MF_REPORT_LANES_MAX MF_ODDS_LANES_MAX
#define MF_REPORT_LANE_BYTES (MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX)
					/* method auto: a spell is counted exactly when
					 * its exact count fits this many units (the
					 * odds' own default budget), else sampled. Not
					 * MF_ODDS_AUTO: its estimate of a curve to turn 10
					 * samples most decks' spells, and sampling each
					 * turn of a curve to +-0.5 points costs more than
					 * the exact count */

/* Which limit a query broke (with MF_ERR_LIMIT). */
enum mf_report_limit {
	MF_REPORT_LIMIT_NONE,
	MF_REPORT_LIMIT_DECK,        /* size > MF_REPORT_DECK_MAX */
	MF_REPORT_LIMIT_SPELLS,      /* n_spells > MF_REPORT_SPELLS_MAX */
	MF_REPORT_LIMIT_LAND_KINDS,  /* n_lands > MF_ODDS_LAND_KINDS_MAX */
	MF_REPORT_LIMIT_BUDGET,      /* the budget ran out before every spell was answered */
	MF_REPORT_LIMIT_ODDS,        /* a spell's query broke an odds limit (a cost too large) */
};

/* A card the deck may hold any number of (basic lands, "A deck can have any
 * number of cards named ..."), as a copy limit. */
#define MF_REPORT_COPIES_ANY UINT32_MAX

/* One distinct spell of the deck. A commander (commander = true) is always
 * available: it is not in the library, so it counts toward neither the
 * deck's size nor its draws, but its castability is computed from the lands
 * like any spell's, on the turn of its mana value. */
struct mf_report_spell_in {
	const char *name;          /* carried through to the answer, not read */
	uint32_t count;            /* copies, >= 1 */
	struct mf_mana_cost cost;
	bool commander;
	uint32_t copies_max;       /* copies the deck may hold: 0 for the query's
				    * copies_max; MF_REPORT_COPIES_ANY for a card
				    * whose text allows any number; else its own
				    * (Seven Dwarves 7) */
};

struct mf_report_query {
	const struct mf_mana_catalogue *cat;
	uint32_t size;             /* main deck cards, MF_ODDS_DECK_MIN .. MF_REPORT_DECK_MAX;
				    * lands + non-commander spells <= size, the rest
				    * are cards the report does not cast */
	const int32_t *lands;      /* distinct catalogue indexes */
	const uint32_t *counts;    /* copies of each land, >= 1 */
	size_t n_lands;            /* 1 .. MF_ODDS_LAND_KINDS_MAX */
	const struct mf_report_spell_in *spells;
	size_t n_spells;           /* 1 .. MF_REPORT_SPELLS_MAX, distinct cards */
	bool on_draw;
	enum mf_odds_policy policy;
	struct mf_odds_custom custom;  /* MF_ODDS_CUSTOM only */
	uint32_t life;             /* 1 .. MF_MANA_LIFE_MAX */
	enum mf_odds_method method;    /* auto: exact when a spell's count fits
					* MF_REPORT_SPELL_EXACT_MAX, else sampled */
	uint64_t seed;             /* sampling: every sampled query uses this seed */
	uint64_t budget;           /* work units for the whole report, 0 for
				    * MF_REPORT_BUDGET_DEFAULT */
	const struct mf_stop *stop;    /* NULL, or the caller's stop */
	bool advice;               /* compute the advice too */
	uint32_t lanes;            /* threads the report may use (its spells' shared
				    * samples, the advice's decks, two at a time): 0 or 1
				    * the caller's alone, up to MF_REPORT_LANES_MAX (each
				    * past the first holding MF_REPORT_LANE_BYTES more,
				    * started and joined within the call); the answer is
				    * the same, to the bit, whatever it is */
	/* Deck-building rules the advice keeps: no line leaves more copies of a
	 * card than it may hold, or puts in a land outside the identity. */
	uint32_t copies_max;       /* copies of a card: 4, 1 with a commander;
				    * lands with the Basic supertype have no limit;
				    * 0: no limit at all */
	uint8_t off_identity;      /* colours (bit t for W..G) outside the deck's colour
				    * identity, which no land put in may have (its
				    * mana's and its basic land types'; a land making
				    * every colour has none): those the commander's
				    * identity lacks, 0 without a commander */
	/* Mana that is no land (manaflow/odds.h, struct mf_odds_source): the
	 * deck's sources, distinct kinds, each also a spell of `spells` (its
	 * copies counted there, not again in size). */
	const struct mf_odds_source *sources;
	const uint32_t *source_counts;  /* copies of each, >= 1 */
	const size_t *source_spell;     /* each one's spell (the copies the advice adds or
					 * cuts: a source of several cards, the first's),
					 * or MF_REPORT_NO_SPELL */
	size_t n_sources;               /* 0 .. MF_ODDS_SOURCE_KINDS_MAX */
	/* Sources the advice may put in that are not in the deck (the caller
	 * keeps to the deck-building rules: the identity, one of each in a
	 * singleton deck). */
	const struct mf_odds_source *source_candidates;
	size_t n_source_candidates;     /* 0 .. MF_REPORT_SOURCE_CANDIDATES_MAX */
};

/* One distinct spell's answer, in the order of the query's spells. */
struct mf_report_spell {
	const char *name;          /* the query's pointer */
	uint32_t count;
	bool commander;
	uint32_t turn;             /* asked on: its mana value ({X} as 1), 1..MF_ODDS_TURN_MAX */
	uint32_t x;                /* 1 with an {X} symbol, else 0 */
	size_t same_as;            /* the first spell of the same cost and turn (itself if
				    * none): its answer was computed once and copied */
	/* p_castable, p_castable_given_lands, p_lands, by_turn (curve
	 * MF_REPORT_CURVE, or to the turn its mean delay reads,
	 * mf_odds_delay_curve()) and, when sampled, se / ci_low / ci_high and
	 * by_turn_se: mf_odds_compute()'s answer for this spell. */
	struct mf_odds_result odds;
	double mean_delay;         /* mf_odds_mean_delay() of odds on turn */
};

/* One colour the spells use, against Karsten's table. */
struct mf_report_color {
	enum mf_mana_type color;   /* MF_MANA_W .. MF_MANA_G, in WUBRG order */
	uint32_t sources;          /* land cards of the deck that can make it
				    * (mf_odds_land_colors: a fetch by the lands it finds) */
	uint32_t other_sources;    /* source cards that are no land that can make it */
	size_t demand;             /* the spell that needs it most (index into spells) */
	/* The row of mf_odds_sources() that spell maps to: pips = its symbols
	 * colour c can pay (coloured, hybrid, Phyrexian, two-brid), clamped to
	 * 1..4 (1..3 for paris2013); turn = its mana value clamped to pips..7;
	 * generic = turn - pips (0 for paris2013). */
	uint8_t generic, pips, turn;
	uint32_t needed;           /* that row's sources (0: not reachable with every land) */
	uint32_t short_by;         /* needed - sources when positive, else 0; with needed 0,
				    * land_cards + 1 - sources (short of every land) */
	double p;                  /* the demand spell's p_castable_given_lands */
};

/* The most copies of land `land` (a catalogue index) the query's deck may
 * hold: MF_REPORT_COPIES_ANY for a basic land or with copies_max 0.
 * Reads the query and its catalogue only. */
MF_EXPORT uint32_t mf_report_land_copies_max(const struct mf_report_query *q, int32_t land);

/* A card an advice line takes out or puts in. */
struct mf_report_card {
	bool land;                 /* a catalogue land, else a spell of the query or a source */
	int32_t index;             /* catalogue index, or index into spells (-1: a
				    * source candidate, no spell of the query) */
	bool source;               /* a mana source that is no land */
	const char *name;          /* the catalogue's name, or the spell's */
	uint32_t count;            /* copies */
};

/* A spell whose on-curve p_castable an advice line changes. */
struct mf_report_change {
	size_t spell;              /* index into spells */
	double before, after;      /* p_castable on its turn, in this deck and in the new one */
};

enum mf_report_advice_kind {
	MF_REPORT_SWAP,            /* 1 or 2 copies of a land for as many of another */
	MF_REPORT_ONE_MORE_LAND,   /* the least castable spell cut for a land the deck
				    * may take one more of */
	MF_REPORT_ONE_LAND_FEWER,  /* a land cut for the most castable spell the deck may
				    * take one more of (none in a singleton deck) */
	MF_REPORT_SOURCE_FOR_LAND, /* a land cut for a mana source (one more of the deck's,
				    * or a candidate) */
	MF_REPORT_LAND_FOR_SOURCE, /* a source of the deck cut for a land */
};

struct mf_report_advice {
	enum mf_report_advice_kind kind;
	struct mf_report_card out, in;
	/* The change of the count-weighted mean on-curve p_castable over the
	 * spells (commanders included), in points (x 100); every figure by the
	 * same engine and method as `spells`, never estimated. */
	double gain;
	struct mf_report_change *changes;  /* the spells whose figure changed, in deck order */
	size_t n_changes;
};

struct mf_report {
	struct mf_report_spell *spells;    /* n_spells entries */
	size_t n_spells;
	size_t n_exact;                    /* distinct answers computed exactly */
	struct mf_report_color colors[5];
	size_t n_colors;
	uint32_t land_cards;               /* lands of the deck, by count */
	double mean_p;                     /* count-weighted mean on-curve p_castable */
	double mean_delay;                 /* count-weighted mean of the spells' mean_delay */
	/* Best first; only swaps with a positive gain. */
	struct mf_report_advice advice[MF_REPORT_ADVICE_MAX];
	size_t n_advice;
	struct mf_report_advice more_land, fewer_land;
	bool has_more_land, has_fewer_land;
	/* With sources: the best land cut for a source, and source cut for a
	 * land, each only when it gains (a positive gain). */
	struct mf_report_advice source_in, source_out;
	bool has_source_in, has_source_out;
	bool advice_complete;              /* false: the budget ran out or the stop was
					    * raised during the advice, which holds what
					    * was finished */
	size_t candidates, screened_exact; /* swaps screened, and evaluated exactly */
	uint64_t work;                     /* odds work units spent */
	enum mf_report_limit limit;        /* with MF_ERR_LIMIT */
};

/*
 * Computes the report. Returns MF_OK and fills *out (free it with
 * mf_report_free()); MF_ERR_INVALID for a query outside the ranges above or
 * one mf_odds_compute() refuses; MF_ERR_LIMIT past a limit, out->limit says
 * which (MF_REPORT_LIMIT_BUDGET when the budget ran out before every spell
 * was answered: the advice alone stops short with advice_complete false);
 * MF_ERR_STOPPED when q->stop was raised before the spells were answered;
 * MF_ERR_NOMEM. On failure *out holds only `limit` and needs no freeing
 * (mf_report_free() is harmless on it).
 */
MF_EXPORT int mf_report_compute(const struct mf_report_query *q, struct mf_report *out);

/* Frees what a report owns and empties it; NULL and empty reports are fine. */
MF_EXPORT void mf_report_free(struct mf_report *report);

#ifdef __cplusplus
}
#endif

#endif
