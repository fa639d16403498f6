/*
 * manaflow odds: how often can a deck cast this spell by turn T?
 *
 * Frank Karsten's question ("How many colored mana sources do you need to
 * consistently cast your spells?", 2013, and its 2018-2022 updates), asked of
 * a real mana base and answered by the mana solver (manaflow/mana.h).
 *
 * The model (docs/odds.md says it in full):
 *  - a deck is its size, its lands (catalogue lands with counts) and
 *    spells, every other card;
 *  - a game is a shuffle, then mulligans by a policy, each attempt a fresh 7
 *    cards (London: then bottom 1, 2 or 3 of them; Paris: a fresh hand of 6,
 *    5 or 4 cards), one land drop a turn, and no draw on turn 1 on the play;
 *  - land drops: one land a turn from the hand, a land drawn on turn t
 *    played on t or later; a land played before T is untapped on T, the
 *    land played on T pays only if it enters untapped (tapped lands and
 *    bounce lands never, lands that may enter untapped for life for that
 *    life (untap_life: shock lands 2, modal double-faced land faces 3),
 *    check, fast and slow lands by their condition, fetches by what they
 *    find); fetches played earlier
 *    found any land of a library that holds every land not seen (bottomed
 *    ones too); bounce lands return a land to the hand;
 *  - castable on turn T: some line of land drops (the draws known in
 *    advance) leaves untapped lands that pay the cost with life >= 1 left;
 *  - p_lands: at least `lands_needed` lands seen by turn T (the cost's mana
 *    value; for the Paris 2013 policy its coloured pips, as in 2013);
 *    p_castable; and p_castable_given_lands, castable given p_lands's event,
 *    which is Karsten's figure; with `curve`, p_castable on turns 1..curve.
 *
 * Bottoming (London): spells and lands by Karsten's counts for the hand
 * size; lands one at a time: one making none of the cost's colours, else
 * the one whose cost colours the most other lands of the hand make (a
 * fetch makes the colours of the basic land types it finds), then one that
 * enters tapped, then by name, bytewise ascending.
 *
 * Exact: hands are enumerated as multisets of land groups (lands that
 * behave alike for the cost and the land drops) with multivariate
 * hypergeometric weights, then the draws turn by turn, states that meet
 * merged; castability is asked once per multiset of lands seen before T
 * and card drawn on T (with bounce lands: per hand and sequence of draws).
 * Method auto estimates the count's size first. Sampled: `games` shuffled
 * games from `seed` (splitmix64), or without `games` batches until every
 * figure is within MF_ODDS_PRECISION at 95%. The estimate is post-stratified
 * by the lands seen, whose law is exact: p_lands is exact, and the other
 * figures have standard errors and normal 95% intervals.
 *
 * Ownership: the solver only reads the query (and the catalogue, which may
 * be shared by any number of threads), and writes only *out. Thread-safe.
 */
#ifndef MANAFLOW_ODDS_H
#define MANAFLOW_ODDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/common.h"
#include "manaflow/mana.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Documented limits; inputs beyond them are refused with MF_ERR_LIMIT. */
#define MF_ODDS_DECK_MIN 40
#define MF_ODDS_DECK_MAX 250
#define MF_ODDS_LAND_KINDS_MAX 32        /* distinct lands in one deck */
#define MF_ODDS_TURN_MAX 20              /* latest turn asked about */
#define MF_ODDS_GAMES_MAX 10000000u      /* games of one sampled answer */
#define MF_ODDS_GAMES_DEFAULT 100000u    /* most games when none are asked for */
#define MF_ODDS_GAMES_BATCH 2500u        /* without games: a first batch of this many,
					  * then ... */
#define MF_ODDS_GAMES_STEP 500u          /* ... more of this many at a time ... */
#define MF_ODDS_PRECISION 0.005          /* ... until every figure is known to +-0.5
					  * points at 95% */
#define MF_ODDS_BUDGET_DEFAULT 20000000u /* work units: see mf_odds_result.work */
#define MF_ODDS_AUTO_EXACT_MAX 1000000u  /* MF_ODDS_AUTO counts exactly up to this
					  * estimated work (about 0.1 s), else samples */
#define MF_ODDS_AUTO_GRID_MAX 5000000u   /* the same for a deck without bounce lands
					  * whose lands fit the dense grid, where a unit
					  * costs about a fifth as much */

/*
 * The most heap one call of mf_odds_compute() or mf_odds_sources() holds at
 * once, whatever the query: its tables, grids and memos are held to 16 MiB
 * between them (an exact count that would need more is over budget:
 * MF_ERR_LIMIT with over_budget, and MF_ODDS_AUTO samples instead), and
 * 1 MiB more covers the rest (the mana solver's calls, the sample's strata,
 * the allocator's rounding; measured, the heaviest queries found hold
 * 12.5 MiB). Measured by tests/unit/odds/test_odds_memory.c.
 * Stack not included.
 */
#define MF_ODDS_WORKING_SET_MAX ((size_t)17 << 20)

/* The most heap one mf_odds_cache holds besides its own struct (a few KiB):
 * 8 sets of kept hands of at most 512 KiB each and 1.5 MiB in all (a larger
 * set is not kept), and the record of a sampled deck's games, at most
 * 512 KiB. */
#define MF_ODDS_CACHE_MAX ((size_t)2 << 20)
#define MF_ODDS_LANES_MAX 2  /* threads one mf_odds_compute_many() may use (query.lanes) */

enum mf_odds_policy {
	MF_ODDS_KARSTEN2022,  /* his 2022 code: keep 7 with 2-5 lands; London to 6, 5, 4, keep
			       * with 2-4 lands, always keep 4; decks of 99+ cards: a free first
			       * 7 kept with 3-5 lands, and a draw on turn 1 */
	MF_ODDS_KARSTEN2020,  /* his 2020 code: as 2022, but a 6-card hand bottoms a spell
			       * when it has 3 or more, and no rule for 99+ cards */
	MF_ODDS_PARIS2013,    /* fresh hands of 7/6/5/4 kept with 2-5/2-4/1-4/any lands;
			       * lands_needed is the cost's coloured pips */
	MF_ODDS_NONE,         /* keep any 7 */
	MF_ODDS_CUSTOM,       /* keep ranges per hand size, below */
	MF_ODDS_POLICY_COUNT
};

/* "karsten2022", "karsten2020", "paris2013", "none", "custom". */
MF_EXPORT const char *mf_odds_policy_name(enum mf_odds_policy policy);

/* MF_ODDS_CUSTOM: keep a hand of 7 - i cards (i = 0..3) with keep_lo[i] ..
 * keep_hi[i] lands (the 4-card hand is always kept); london: the smaller
 * hands are 7 cards with 1-3 bottomed as karsten2022 bottoms them, else
 * fresh hands of 6, 5, 4 cards (Paris). */
struct mf_odds_custom {
	uint8_t keep_lo[4], keep_hi[4];
	bool london;
};

/* ------------------------------------------------------------------ */
/* Mana that is no land                                                */

#define MF_ODDS_SOURCE_KINDS_MAX 16     /* distinct non-land sources in one deck */
#define MF_ODDS_SOURCE_FILTER_MAX 4     /* generic mana a source's tap may need */

/*
 * A card of the deck that is no land but makes mana on the battlefield: a
 * creature (a mana dork) or an artifact (a mana rock). It is a card like
 * any other: shuffled, dealt, drawn, and kept or bottomed with the hand (the
 * keep ranges count land cards only). From the hand it is cast on any turn
 * whose mana pays its cost, after that turn's land drop, then it taps once
 * a turn for one of its options: a creature from the turn after it was cast
 * (summoning sickness), an artifact at once, the turn it is cast included,
 * unless it enters tapped (then from the next turn). An option makes its
 * mana only when `filter` generic mana made by another land or source that
 * turn pays for it (a Signet: {1}, {T}: Add {W}{U}). docs/odds.md, "Mana
 * that is no land", has the whole game.
 */
struct mf_odds_source {
	const char *name;             /* the card's name: the answer never reads it, but a
				       * sample deals by it (the same name, the same cards);
				       * UTF-8, borrowed for the call */
	struct mf_mana_cost cost;     /* to cast it: no {X} */
	bool creature;                /* taps from the turn after it was cast */
	bool enters_tapped;           /* an artifact that taps from the next turn */
	uint8_t filter;               /* 0 .. MF_ODDS_SOURCE_FILTER_MAX: generic mana
				       * each tap needs from elsewhere (a Signet 1) */
	uint8_t n_options;            /* 0 .. MF_MANA_LAND_OPTIONS_MAX; 0: it makes
				       * nothing (an identity source without an
				       * identity) */
	struct mf_mana_land_option options[MF_MANA_LAND_OPTIONS_MAX];
				      /* a tap makes one of them: its mana (one or more)
				       * and the life it costs (a Talisman's colour 1) */
};

enum mf_odds_method { MF_ODDS_AUTO, MF_ODDS_EXACT, MF_ODDS_SAMPLE };

/* The rules a policy plays by, for the answer to say: the hands tried in
 * order (the free mulligan of 99+ card decks first), each of `cards` kept
 * cards with keep_lo..keep_hi lands (keep_any: always kept). */
struct mf_odds_rules {
	uint8_t n_hands;
	struct {
		uint8_t cards, keep_lo, keep_hi;
		bool keep_any, free;
	} hands[5];
	bool london;          /* 7 drawn and 7 - cards bottomed; else fresh smaller hands */
	bool draw_on_turn_1;  /* on the draw, or karsten2022 with 99+ cards */
	bool lands_needed_pips; /* lands_needed is the coloured pips (paris2013) */
};

/* The rules of policy (custom: its ranges) for a deck of size cards. */
MF_EXPORT void mf_odds_rules(enum mf_odds_policy policy, const struct mf_odds_custom *custom,
			     uint32_t size, bool on_draw, struct mf_odds_rules *out);

struct mf_odds_query {
	const struct mf_mana_catalogue *cat;
	uint32_t size;            /* cards in the deck, MF_ODDS_DECK_MIN .. MF_ODDS_DECK_MAX */
	const int32_t *lands;     /* distinct catalogue indexes */
	const uint32_t *counts;   /* copies of each land, >= 1; their sum <= size */
	size_t n_lands;           /* <= MF_ODDS_LAND_KINDS_MAX */
	struct mf_mana_cost cost;
	uint32_t x;               /* each {X} of the cost */
	uint32_t turn;            /* 1 .. MF_ODDS_TURN_MAX */
	uint32_t curve;           /* 0, or 1 .. MF_ODDS_TURN_MAX: also P(castable) on
				   * each turn 1 .. curve (mf_odds_result.by_turn) */
	bool on_draw;             /* draw on turn 1 */
	uint32_t life;            /* 1 .. MF_MANA_LIFE_MAX */
	enum mf_odds_policy policy;
	struct mf_odds_custom custom;  /* MF_ODDS_CUSTOM only */
	enum mf_odds_method method;
	uint64_t seed;            /* sampling */
	uint32_t games;           /* sampling: that many games; 0: a batch of
				   * MF_ODDS_GAMES_BATCH, then of MF_ODDS_GAMES_STEP,
				   * until every figure's 95% interval is within
				   * MF_ODDS_PRECISION, at most MF_ODDS_GAMES_DEFAULT
				   * games */
	bool given_loose;         /* sampling without games: stop once the figures
				   * but p_castable_given_lands are within
				   * MF_ODDS_PRECISION; that one keeps its own, wider
				   * error (a caller that reads p_castable alone) */
	uint64_t budget;          /* work units, 0 for MF_ODDS_BUDGET_DEFAULT */
	uint32_t lanes;           /* mf_odds_compute_many(), its first query's: threads
				   * its shared samples may be played on, 0 or 1 the
				   * caller's alone, up to MF_ODDS_LANES_MAX (each past
				   * the first holding MF_ODDS_WORKING_SET_MAX more);
				   * the answers are the same whatever it is */
	const struct mf_stop *stop;  /* NULL, or the caller's stop: MF_ERR_STOPPED */
	struct mf_odds_cache *cache; /* NULL, or the caller's cache (mf_odds_cache_new())
				      * for the spells of one deck: same answers, sooner */
	const struct mf_odds_source *sources;  /* the deck's non-land mana sources, distinct;
						* NULL when n_sources is 0 */
	const uint32_t *source_counts;  /* copies of each, >= 1; with the lands' at most size */
	size_t n_sources;         /* 0 .. MF_ODDS_SOURCE_KINDS_MAX */
};

/*
 * A cache of what the spells of one deck share (the exact count's kept
 * hands, by the lands that make each cost's colours, and the record of the
 * first deck sampled through it). Optional: a query with a cache gives the
 * same answer, work and failures as without, but for a sample that finds
 * the record of the same or a near deck: it answers to the bit as without,
 * but reuses recorded games, so its work and solver calls are smaller (and
 * a budget that stops it without the cache may not). One
 * thread at a time may use a cache; it holds at most MF_ODDS_CACHE_MAX. Returns NULL
 * when no memory is left. Owned by the caller, freed by
 * mf_odds_cache_free() (NULL is accepted).
 */
struct mf_odds_cache;
MF_EXPORT struct mf_odds_cache *mf_odds_cache_new(void);
MF_EXPORT void mf_odds_cache_free(struct mf_odds_cache *cache);

/*
 * A new cache that reads the record of `from` (its samples reuse from's
 * recorded games, as from's would) but never writes it nor keeps one of
 * its own; its kept hands are its own. So several decks near from's may be
 * counted at once, each with its cache sharing from's, by as many threads:
 * from must outlive them and no thread may use from meanwhile. Same
 * answers, work and failures as through from, but for what from's later
 * samples would have recorded. NULL when no memory is left; freed by
 * mf_odds_cache_free().
 */
MF_EXPORT struct mf_odds_cache *mf_odds_cache_share(const struct mf_odds_cache *from);

struct mf_odds_result {
	enum mf_odds_method method;   /* MF_ODDS_EXACT or MF_ODDS_SAMPLE: what was done */
	uint32_t lands_needed;        /* the cost's mana value ({2/W} 2, X the query's x),
				       * or its coloured pips for MF_ODDS_PARIS2013 */
	double p_lands, p_castable, p_castable_given_lands;
	bool given_defined;           /* false when p_lands is 0 (given is then 0) */
	/* Sampled only (0 when exact): games played, those with enough lands,
	 * standard errors and normal 95% intervals of the three figures
	 * (p_lands is exact even then: its error is 0). */
	uint64_t games, games_with_lands;
	double se[3], ci_low[3], ci_high[3];
	uint32_t groups;              /* groups of lands alike for this cost */
	uint64_t solver_calls;        /* distinct boards asked of the solver */
	uint64_t work;                /* units spent: hands and draws enumerated or
				       * games played (each 1, 1 a turn asked and 1 per
				       * 16 cards dealt past 64), plus 64 a solver call (with
				       * MF_ODDS_AUTO, an exact count given up included) */
	/* With query.curve: P(castable) on turn t at by_turn[t - 1], t = 1 ..
	 * curve, from the same games; sampled, with its standard error. */
	uint32_t curve;
	double by_turn[MF_ODDS_TURN_MAX], by_turn_se[MF_ODDS_TURN_MAX];
	bool over_budget;             /* with MF_ERR_LIMIT: the budget ran out */
};

/*
 * Computes the odds of one spell. MF_ODDS_AUTO is exact when the exact
 * enumeration fits the budget, else sampled. Returns MF_OK and fills *out;
 * MF_ERR_INVALID for a query outside the ranges above (an index outside the
 * catalogue, a land given twice, counts above the size, a custom range with
 * lo > hi); MF_ERR_LIMIT past a limit, or with out->over_budget when the
 * budget ran out (MF_ODDS_EXACT that does not fit, or a sample whose games
 * do not); MF_ERR_STOPPED when q->stop was raised; MF_ERR_NOMEM. On
 * failure *out holds only over_budget and the work spent (which a caller
 * with a budget of its own charges).
 */
MF_EXPORT int mf_odds_compute(const struct mf_odds_query *q, struct mf_odds_result *out);

/*
 * The queries qs[0 .. n) at once: rcs[i] and out[i] are what
 * mf_odds_compute(&qs[i], &out[i]) returns and writes, but for the order in
 * which an exact count adds its terms (its figures may differ from a
 * query's own in the last bits) and its work (see below). Queries of one
 * deck (the same lands, size, policy, draw and method; they may differ in
 * cost, x, turn and curve) whose exact counts walk the same kept hands are
 * counted together, up to 7 at a time, in one walk: each is charged that
 * walk's work, as if it had walked alone, and should a batch not be
 * counted (its budget, the memory cap of mf_odds_compute(), a stop), each
 * of its queries is computed on its own; should an allocation fail, its
 * queries fail with MF_ERR_NOMEM (so do all of them, when the call's own
 * arrays find no memory).
 * Sampled queries of one deck (method sample, or auto past its exact
 * count's limits; the same lands in the same order, counts, size, policy,
 * draw, life and seed) share their games, up to 64 at a time: each answer
 * equals the query's own to the bit (game i of a sample is the same game
 * alone or shared), but for its solver calls and work, which are its own
 * share of the shared games (fewer: costs imply each other, docs/odds.md).
 * A query that fails in a shared sample for its budget, the memory cap or
 * a stop is computed alone; one that finds no memory fails.
 * Other queries are computed one by one, in order, and once one of them
 * fails the rest are not: their rcs[i] is MF_ODDS_SKIPPED (and out[i] is
 * zeroed); so is a query answered by a shared sample after it. Same threads, memory and stop contract as mf_odds_compute();
 * the queries' caches are used as there, but for the record a cache keeps
 * (docs/odds.md): every shared sample of a call reads it as it was when
 * the call began, and what they record is kept once they are all played.
 * With qs[0].lanes 2 the shared samples are played on a second thread of
 * the call's own too (joined before it returns), two at a time, holding
 * MF_ODDS_WORKING_SET_MAX more: the same answers, work included.
 */
#define MF_ODDS_SKIPPED 1  /* mf_odds_compute_many(): not computed, another query failed */
MF_EXPORT void mf_odds_compute_many(const struct mf_odds_query *qs, size_t n,
				    struct mf_odds_result *out, int *rcs);

/* ------------------------------------------------------------------ */
/* Mean delay                                                          */

#define MF_ODDS_DELAY_TURNS 10  /* the mean delay reads turns T .. T + 9 */

/* The curve an answer needs for mf_odds_mean_delay() of a spell asked on
 * turn (>= 1): turn + 9, at most MF_ODDS_TURN_MAX. */
MF_EXPORT uint32_t mf_odds_delay_curve(uint32_t turn);

/*
 * The mean delay of a spell asked on turn: the sum over turns turn ..
 * turn + 9 of 1 - P(castable on that turn) from r's curve (a turn past
 * MF_ODDS_TURN_MAX counts as that turn), the average number of turns the
 * spell waits past its own. r->curve must reach mf_odds_delay_curve(turn),
 * else 0. Reads r only.
 */
MF_EXPORT double mf_odds_mean_delay(const struct mf_odds_result *r, uint32_t turn);

/*
 * The colours (bit t for W..G) land i of a deck can make, as the odds model
 * sees them: the colours of its alternatives, and for a fetch land those
 * of the lands of this deck it can find (a land with one of the basic land
 * types it searches for, or any basic land for MF_MANA_FETCH_BASIC). So
 * Wooded Foothills beside Blood Crypt makes black. lands are n distinct
 * catalogue indexes, all valid (n <= MF_ODDS_LAND_KINDS_MAX) and i < n;
 * reads the catalogue only; cannot fail.
 */
MF_EXPORT uint8_t mf_odds_land_colors(const struct mf_mana_catalogue *cat, const int32_t *lands,
				      size_t n, size_t i);

/* ------------------------------------------------------------------ */
/* Karsten's table: how many coloured sources?                         */

#define MF_ODDS_SOURCES_ROWS_MAX 40

/* One cell of the table: the cost (generic + pips of one colour), the turn,
 * and the fewest coloured sources among the deck's lands whose
 * p_castable_given_lands reaches the target, with that probability. */
struct mf_odds_sources_row {
	uint8_t generic, pips, turn;
	double target;
	uint32_t sources;     /* 0 when even every land being a source falls short */
	double p;             /* at `sources`, or with every land a source */
};

struct mf_odds_sources_query {
	uint32_t size;        /* MF_ODDS_DECK_MIN .. MF_ODDS_DECK_MAX */
	uint32_t lands;       /* 1 .. size */
	bool on_draw;
	enum mf_odds_policy policy;
	struct mf_odds_custom custom;
	double target;        /* 0 < target <= 1, or 0: Karsten's own, 0.89 + turn/100
			       * for karsten2022 and karsten2020, else 0.90 */
	const struct mf_stop *stop;  /* NULL, or the caller's stop: MF_ERR_STOPPED */
};

/*
 * Karsten's table for a deck: each coloured source a basic land of the
 * colour, each other land a land making {C}. The rows are the policy's own
 * table: for paris2013, 1-3 pips on turns pips..7 (turn and pips, no
 * generic, as in 2013); for the others every cost of 1-4 pips and mana
 * value 1-7, cast on the turn of its mana value. Exact. Writes up to
 * MF_ODDS_SOURCES_ROWS_MAX rows to rows, sets *n_rows, returns MF_OK;
 * MF_ERR_INVALID / MF_ERR_LIMIT for a query out of range; MF_ERR_NOMEM.
 */
MF_EXPORT int mf_odds_sources(const struct mf_odds_sources_query *q,
			      struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX],
			      size_t *n_rows);

#ifdef __cplusplus
}
#endif

#endif
