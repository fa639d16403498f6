/*
 * Reference for the odds solver's mana that is no land (tests only): mana
 * creatures ("dorks") and mana artifacts ("rocks"), struct mf_odds_source,
 * played beside the land drops of odds_play.h.
 *
 * Written from the rules of issue 36's brief, never from src/odds. It
 * reuses the other references: odds_play (odds_play_bottom for the lands a
 * London hand bottoms, odds_play_enters_tapped, odds_play_land_colours),
 * odds_policy (the policies' attempts, Karsten's count of spells bottomed,
 * lands_needed, the hypergeometric helpers) and mana_brute
 * (mana_brute_option, mana_brute_tron_assembled: a land's mana). Of src/ it
 * calls only data helpers: mf_mana_catalogue_land, mf_mana_catalogue_size,
 * mf_mana_cost_total, and the inline mf_fnv1a64 (common/hash.h) and
 * mf_splitmix64 (common/random.h).
 *
 * A game is the kept hand (lands and sources) and the card drawn each turn;
 * castable on turn T means that SOME line of play works. Every line is
 * searched: every land drop (or none) each turn, every fetch target (or the
 * fetch held), a shock land entering tapped or for its life, every land a
 * bounce land returns; then every set and order of sources cast from the
 * hand with every way of paying them and of tapping the lands and sources;
 * on turn T every way of paying the spell after that.
 *
 * The model, exactly as implemented:
 *  - the deck is q->size cards: q->lands[k] x q->counts[k],
 *    q->sources[s] x q->source_counts[s], and plain spells besides;
 *  - mulligans as odds_play.h states them; sources are dealt like any
 *    card; the keep ranges count lands only; Karsten's count of spells
 *    bottomed counts sources as spells; a hand bottoming spells bottoms
 *    plain ones first, then sources one at a time, the highest mana value
 *    (mf_mana_cost_total) first, ties the later in q->sources first; lands
 *    are bottomed by odds_play_bottom;
 *  - draws, the library for fetches and lands_needed as odds_play.h says
 *    (p_lands counts land cards only: a source is no land);
 *  - turn t = 1 .. T: the draw; (a) the land drop: one land from the hand
 *    or none. The lands on the battlefield before it are untapped. The land
 *    played makes mana on t only if it enters untapped by odds_play's turn-T
 *    rule applied to t (tapped lands, tri-lands, bounce lands never; a land
 *    with an untap_life either tapped for free or untapped for that life; a
 *    check land by the lands on the battlefield before it; a fast land with
 *    at most, a slow land with at least, odds_ramp_untap_threshold() other
 *    lands there). A fetch is held (no mana, never cracked) or cracked at
 *    once for fetch_life for a library land that it finds, which enters as
 *    that land would (a shock tapped for free or untapped for its life, a
 *    fetch_tapped fetch's find tapped unless fetch_untap_at lands are then
 *    controlled). A bounce land enters tapped and returns a land on the
 *    battlefield to the hand, itself included; a land returned makes no mana
 *    that turn;
 *  - (b) then mana is made and spent as a player does in a main phase,
 *    from a pool that lasts the turn: each land untapped on t and each
 *    source on the battlefield since an earlier turn taps at most once, for
 *    one of its options (a land as mana_brute taps it, Tron included; a
 *    source for options[o]: its mana and life); a source with a filter
 *    takes `filter` mana of any types out of the pool when it taps; a
 *    source from the hand is cast by taking its cost out of the pool (every
 *    way: coloured, {C}, generic, hybrid, Phyrexian or 2 life, {2/C} or two
 *    generic); an artifact that does not enter tapped may tap the moment it
 *    is cast, a creature and an enters_tapped artifact from the next turn;
 *    a source without options makes nothing. Mana left in the pool at the
 *    end of the turn is lost; mana left in the pool after casting sources
 *    on T (a Sol Ring's second {C}) still pays the spell;
 *  - (c) on turn T, after (a) and (b): castable if the pool then pays
 *    q->cost (q->x for each {X}) and the life paid over the whole line
 *    (fetches, shock lands, pain lands, sources tapped for life, Phyrexian
 *    symbols of sources and of the spell) is at most q->life - 1.
 *
 * The search plays it as said, but for two orderings that change nothing:
 * within a turn, the lands untapped on t and the sources without a filter
 * able to tap from the start of the turn are tapped first (or never), and a
 * source without a filter cast that turn taps at once or never: making
 * mana earlier leaves every later payment possible. A turn with no source
 * in the hand casts nothing, so its search is skipped. A turn's answers
 * depend only on its board (the lands tapping, the sources on the
 * battlefield and in the hand), so they are remembered by it. With no
 * source in the deck the answers are odds_play's, exactly (tested).
 */
#ifndef MANAFLOW_TESTS_ODDS_RAMP_H
#define MANAFLOW_TESTS_ODDS_RAMP_H

#include <stdbool.h>
#include <stdint.h>

#include "manaflow/odds.h"
#include "odds_play.h"
#include "odds_policy.h"

#define ODDS_RAMP_EXACT_KINDS_MAX 4   /* odds_ramp_exact: kinds of land and of source, together */
#define ODDS_RAMP_EXACT_TURN_MAX 4    /* odds_ramp_exact: latest turn */
#define ODDS_RAMP_SOURCE_MANA_MAX 12  /* mf_mana_cost_total of a source's cost */
#define ODDS_RAMP_HAND_MAX 7          /* sources in a game's kept hand */

/* One game: the kept hand (after bottoming) and the draws. */
struct odds_ramp_game {
	uint32_t hand[MF_ODDS_LAND_KINDS_MAX];            /* copies of q->lands[k] in the hand */
	uint32_t hand_sources[MF_ODDS_SOURCE_KINDS_MAX];  /* copies of q->sources[s] in it */
	int32_t drawn[MF_ODDS_TURN_MAX + 1];  /* drawn[t], t = 1 .. q->turn: k (0 .. n_lands - 1)
					       * for land k, n_lands + s for source s, -1 for
					       * another card or no draw */
};

/*
 * Whether q's cost is castable on turn q->turn in game g by some line of
 * play (the rules above); the library is the deck's lands less g's hand and
 * draws. Only reads q and g. Returns MF_OK and sets *out; MF_ERR_INVALID for
 * a malformed query (as odds_ramp_exact) or a game holding more of a card
 * than the deck, more than ODDS_RAMP_HAND_MAX sources in hand or naming a
 * card outside q; MF_ERR_LIMIT beyond MF_ODDS_LAND_KINDS_MAX lands,
 * MF_ODDS_SOURCE_KINDS_MAX sources or MF_ODDS_TURN_MAX turns, a source
 * costing more than ODDS_RAMP_SOURCE_MANA_MAX, or more than 4096 ways to
 * pay the spell's Phyrexian and {2/C} symbols; MF_ERR_NOMEM. On failure
 * *out is false.
 */
int odds_ramp_castable(const struct mf_odds_query *q, const struct odds_ramp_game *g,
		       bool *out);

/*
 * Applies attempt a's London bottoming (none when a->bottom is 0) to the
 * 7-card hand of g (g->hand, g->hand_sources, and *plain other spells),
 * updating all three, and returns whether the hand left is kept (lands in
 * a->lo .. a->hi, or a->always). q must be well formed (odds_ramp_exact's
 * checks); g->drawn is not read.
 */
bool odds_ramp_keep(const struct mf_odds_query *q, const struct attempt *a,
		    struct odds_ramp_game *g, uint32_t *plain);

/*
 * Exact: every kept hand composition (plain spells, each land, each source)
 * with its multivariate hypergeometric weight, every ordered sequence of
 * draws with its probability, each game played as odds_ramp_castable plays
 * it. q's method, seed, games, budget, curve, stop and cache are ignored.
 * Returns MF_OK and fills *out (games and se zero); MF_ERR_INVALID for a
 * malformed query (no catalogue, an index outside it, a land given twice, a
 * zero count, counts of lands and sources above the size, a custom range
 * lo > hi, a turn of 0, a life of 0 or above MF_MANA_LIFE_MAX, an unknown
 * policy, sources without their array or counts, a source with {X}, a
 * filter above MF_ODDS_SOURCE_FILTER_MAX or options above
 * MF_MANA_LAND_OPTIONS_MAX); MF_ERR_LIMIT for a size outside
 * MF_ODDS_DECK_MIN .. MF_ODDS_DECK_MAX, more than ODDS_RAMP_EXACT_KINDS_MAX
 * kinds of land and source, a turn past ODDS_RAMP_EXACT_TURN_MAX, a source
 * costing more than ODDS_RAMP_SOURCE_MANA_MAX, or more than 4096 ways to
 * pay the spell's Phyrexian and {2/C} symbols; MF_ERR_NOMEM. On failure
 * *out is zeroed.
 */
int odds_ramp_exact(const struct mf_odds_query *q, struct odds_play_result *out);

/*
 * Sampled: `games` (>= 1) games from `seed`, dealt as odds_play_sample
 * deals them (each attempt a fresh partial Fisher-Yates shuffle by
 * splitmix64 of the deck listed as its lands, then its sources, then the
 * other cards; with no source the very games of odds_play_sample), each
 * played as odds_ramp_castable plays it; se[i] = sqrt(p (1 - p) / n) with
 * n = games for p_lands and p_castable, games_with_lands for the given
 * figure. Any query the engine takes (up to MF_ODDS_LAND_KINDS_MAX lands,
 * MF_ODDS_SOURCE_KINDS_MAX sources, MF_ODDS_TURN_MAX turns). Same refusals
 * as odds_ramp_exact but for those limits; games 0 is MF_ERR_INVALID. On
 * failure *out is zeroed.
 */
int odds_ramp_sample(const struct mf_odds_query *q, uint64_t seed, uint32_t games,
		     struct odds_play_result *out);

/* ------------------------------------------------------------------ */
/* Shared by odds_ramp.c and odds_ramp_game.c                          */

/*
 * MF_OK for a query odds_ramp may play: well formed, within kinds_max kinds
 * of land and source together (and MF_ODDS_LAND_KINDS_MAX lands,
 * MF_ODDS_SOURCE_KINDS_MAX sources) and turn_max turns; else MF_ERR_INVALID
 * or MF_ERR_LIMIT as odds_ramp_exact says (the spell's ways are checked by
 * odds_ramp_player_new). Only reads q.
 */
int odds_ramp_check(const struct mf_odds_query *q, size_t kinds_max, uint32_t turn_max);

/*
 * The other lands on the battlefield that a land entering by how many
 * lands you control (etb_if MF_MANA_IF_FEW_LANDS: a fast land, 2; Hive of
 * the Eye Tyrant, 1) may see at most, or needs at least (MF_MANA_IF_MANY_LANDS:
 * a slow land, 2), to enter untapped: its etb_lands.
 */
uint32_t odds_ramp_untap_threshold(const struct mf_mana_land *land);

/* A slot of a table: the key at `index` when gen is the table's, else empty. */
struct odds_ramp_slot {
	uint32_t gen, index;
};

/* Byte strings of one length (keys), each with a value, kept in the order
 * they were added (keys[i * len], vals[i] for i < n) and found by hash: a
 * game's places, a turn's boards and the states of its search. */
struct odds_ramp_table {
	size_t len;                   /* bytes of a key */
	uint8_t *keys;
	uint64_t *vals;
	size_t n, cap;
	struct odds_ramp_slot *slots; /* a power of two of them, at least 2 n */
	size_t n_slots;
	uint32_t gen;                 /* >= 1 */
};

/* An empty table of keys of len bytes; it holds nothing to free yet. */
void odds_ramp_table_init(struct odds_ramp_table *t, size_t len);

/* Sets *at to the index of key (len bytes) in t, adding it with value
 * init when it is not there (*added then). MF_OK, or MF_ERR_NOMEM with t
 * as it was. */
int odds_ramp_table_find(struct odds_ramp_table *t, const uint8_t *key, uint64_t init,
			 size_t *at, bool *added);

/* Keeps the least of key's value and life, adding key with life. MF_OK or
 * MF_ERR_NOMEM (t as it was). */
int odds_ramp_table_least(struct odds_ramp_table *t, const uint8_t *key, uint64_t life);

/* Empties t, keeping its memory. */
void odds_ramp_table_clear(struct odds_ramp_table *t);

/* Frees what t holds (t is then to be initialised again before use). */
void odds_ramp_table_free(struct odds_ramp_table *t);

#define ODDS_RAMP_NO_LIFE UINT64_MAX  /* no line pays */

/*
 * One turn's mana for one query, after the land drop (odds_ramp_turn.c):
 * rule (b), and (c) on turn T. A board is nl + 2 ns bytes for a query of
 * nl lands and ns sources: the lands untapped that turn by kind, the
 * sources on the battlefield since an earlier turn, the sources in the
 * hand. Answers are remembered by the board (at most 2^18 boards each,
 * then forgotten and searched again).
 */
struct odds_ramp_turns;

/* For q (checked by odds_ramp_check, alive and unchanged as long as the
 * result): MF_OK and *out (odds_ramp_turns_free()); MF_ERR_LIMIT for more
 * than 4096 ways to pay the spell's Phyrexian and {2/C} symbols, or
 * MF_ERR_NOMEM, *out NULL then. */
int odds_ramp_turns_new(const struct mf_odds_query *q, struct odds_ramp_turns **out);

/* Every set of sources a turn before T can cast from board, each with the
 * least life the turn pays for it: *count sets (at least the empty one),
 * set i the ns bytes (*casts)[i * ns ..] of copies cast of each source,
 * its life (*lives)[i]; both owned by tt and valid until its next call.
 * MF_OK, or MF_ERR_NOMEM (*count 0). */
int odds_ramp_turns_casts(struct odds_ramp_turns *tt, const uint8_t *board,
			  const uint8_t **casts, const uint64_t **lives, size_t *count);

/* The least life a line of turn T from board pays, its sources cast and
 * the spell paid, in *life (ODDS_RAMP_NO_LIFE when none pays the spell).
 * MF_OK, or MF_ERR_NOMEM (*life ODDS_RAMP_NO_LIFE). */
int odds_ramp_turns_final(struct odds_ramp_turns *tt, const uint8_t *board, uint64_t *life);

/* Frees tt; NULL is fine. */
void odds_ramp_turns_free(struct odds_ramp_turns *tt);

/* Plays games of one query, remembering each turn's answers by its board. */
struct odds_ramp_player;

/* A player for q, which must pass odds_ramp_check and stay alive and
 * unchanged as long as the player. Returns MF_OK and sets *out (free it
 * with odds_ramp_player_free()); MF_ERR_LIMIT for more than 4096 ways to
 * pay the spell's Phyrexian and {2/C} symbols, or MF_ERR_NOMEM; *out is
 * NULL then. */
int odds_ramp_player_new(const struct mf_odds_query *q, struct odds_ramp_player **out);

/* As odds_ramp_castable, for a game already checked against the query.
 * Returns MF_OK or MF_ERR_NOMEM (*out false). */
int odds_ramp_player_run(struct odds_ramp_player *p, const struct odds_ramp_game *g,
			 bool *out);

/* Frees a player; NULL is fine. */
void odds_ramp_player_free(struct odds_ramp_player *p);

#endif
