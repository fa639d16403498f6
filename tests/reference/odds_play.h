/*
 * Reference for the odds solver's land-drop model (tests only).
 *
 * Written from the model as the land-drop brief states it, never from
 * src/odds; it shares only mana_brute (the exhaustive payment reference) and
 * the mulligan policies of odds_brute. A game is the kept hand and the card
 * drawn each turn; castable on turn T means that SOME line of play works:
 * every choice of land drop (or none) each turn, every fetch target (or no
 * crack), every land a bounce land returns is tried, and the board of turn
 * T is asked of mana_brute.
 *
 * The model, exactly as implemented:
 *  - the deck is q->size cards: q->lands[i] x q->counts[i], spells besides;
 *  - mulligans as odds_brute.h states them (each attempt a fresh shuffle of
 *    the whole deck), except which lands London bottoms: one at a time, each
 *    time the land of the hand that (1) makes none of the cost's colours,
 *    else (2) has the highest redundancy (the least, over the cost's colours
 *    it makes, of the OTHER lands in the hand making that colour), else (3)
 *    enters tapped, else (4) comes first by name (strcmp), then by index;
 *  - draws: one a turn, turns 2..T on the play, 1..T on the draw (and for
 *    karsten2022 with 99+ cards); bottomed cards are never drawn;
 *  - one land a turn from the hand; a land drawn on turn t from turn t on;
 *  - the library for fetches: every deck land not seen by turn T (bottomed
 *    ones too), less the lands fetched already;
 *  - before T: any land played is untapped on turn T whatever it entered
 *    as, a shock (any land with an untap_life) for free; a fetch is
 *    cracked when played (fetch_life; one library land sharing a basic
 *    land type with it, or basic for a basic-land fetch) or never (a land
 *    that makes no mana); a bounce land returns a land on the battlefield
 *    (itself included) to the hand;
 *  - on T: the land played pays only if it enters untapped: never for
 *    "enters tapped" lands (etb tapped, bounce, tri-lands, fetch_tapped
 *    fetches), a shock for its untap_life (2; an MDFC land face 3); a
 *    conditional land (etb_if) by its condition: a check land iff a land
 *    with one of the basic land types of its colours is on the
 *    battlefield, a fast land iff at most etb_lands other lands are (2;
 *    Hive of the Eye Tyrant 1), a slow land iff at least etb_lands are, any
 *    other condition never; a fetch
 *    finds a land that enters as played (a fetch_tapped fetch: tapped, unless
 *    fetch_untap_at lands or more are then controlled, Fabled Passage);
 *  - castable: mana_brute pays the cost from the untapped mana lands of turn
 *    T with no library, and its least life plus the fetch and shock life of
 *    the line is at most life - 1.
 */
#ifndef MANAFLOW_TESTS_ODDS_PLAY_H
#define MANAFLOW_TESTS_ODDS_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "manaflow/odds.h"

#define ODDS_PLAY_EXACT_KINDS_MAX 4  /* odds_play_exact: kinds of land */
#define ODDS_PLAY_EXACT_TURN_MAX 4   /* odds_play_exact: latest turn */

struct odds_play_result {
	uint32_t lands_needed;
	double p_lands, p_castable, p_castable_given_lands;  /* given: 0 when undefined */
	bool given_defined;           /* p_lands > 0 */
	uint64_t games, games_with_lands;  /* sampled only; 0 when exact */
	double se[3];                 /* sampled: sqrt(p (1 - p) / n); 0 when exact */
};

/* One game: the lands of the kept hand (after bottoming) and the draws. */
struct odds_play_game {
	uint32_t hand[MF_ODDS_LAND_KINDS_MAX];  /* copies of q->lands[k] in the hand */
	int32_t drawn[MF_ODDS_TURN_MAX + 1];    /* drawn[t], t = 1 .. q->turn: the k of the
						 * land drawn on turn t, or -1 (a spell, no draw) */
};

/*
 * Whether q's cost is castable on turn q->turn in game g by some line of
 * play (the rules above); the library is the deck's lands less g's hand and
 * draws. Only reads q and g. Returns MF_OK and sets *out; MF_ERR_INVALID for
 * a malformed query (as odds_play_exact) or a game holding more of a land
 * than the deck or naming a land outside q; MF_ERR_LIMIT beyond
 * MF_ODDS_LAND_KINDS_MAX kinds or MF_ODDS_TURN_MAX turns, or what
 * mana_brute_solve returned; MF_ERR_NOMEM. On failure *out is false.
 */
int odds_play_castable(const struct mf_odds_query *q, const struct odds_play_game *g,
		       bool *out);

/*
 * Bottoms n lands of hand (copies of each q->lands[k], updated in place)
 * by the London rule above, one at a time; stops early if the hand has no
 * land left. q must be well formed (odds_play_exact's checks).
 */
void odds_play_bottom(const struct mf_odds_query *q, uint32_t hand[MF_ODDS_LAND_KINDS_MAX],
		      uint32_t n);

/*
 * Exact: every kept hand composition with its multivariate hypergeometric
 * weight, every ordered sequence of draws (a spell or a land kind each) with
 * its probability, each game played as odds_play_castable plays it. q's
 * method, seed, games, budget and curve are ignored. Returns MF_OK and fills
 * *out (games and se zero); MF_ERR_INVALID for a malformed query (no
 * catalogue, an index outside it, a land given twice, a zero count, counts
 * above the size, a custom range lo > hi, a turn of 0, a life of 0 or above
 * MF_MANA_LIFE_MAX, an unknown policy); MF_ERR_LIMIT for a size outside
 * MF_ODDS_DECK_MIN .. MF_ODDS_DECK_MAX, more than ODDS_PLAY_EXACT_KINDS_MAX
 * kinds, a turn past ODDS_PLAY_EXACT_TURN_MAX, or what mana_brute_solve
 * returned; MF_ERR_NOMEM. On failure *out is zeroed.
 */
int odds_play_exact(const struct mf_odds_query *q, struct odds_play_result *out);

/*
 * Sampled: `games` (>= 1) games from `seed` (splitmix64), each attempt of
 * the mulligan a fresh partial Fisher-Yates shuffle of the whole deck, each
 * game played as odds_play_castable plays it; se[i] = sqrt(p (1 - p) / n)
 * with n = games for p_lands and p_castable, games_with_lands for the given
 * figure. Any query the engine takes (up to MF_ODDS_LAND_KINDS_MAX kinds,
 * MF_ODDS_TURN_MAX turns; the lines of play grow fast with the turn: a
 * game of 32 kinds takes about a millisecond on turn 7, a tenth of a second
 * on turn 14). Same refusals as odds_play_exact but for those
 * two limits; games 0 is MF_ERR_INVALID. On failure *out is zeroed.
 */
int odds_play_sample(const struct mf_odds_query *q, uint64_t seed, uint32_t games,
		     struct odds_play_result *out);

/* ------------------------------------------------------------------ */
/* Shared by odds_play.c and odds_play_game.c                         */

/* The colours (bit t: colour t, W = bit 0) the land makes: those of its
 * options' mana; for a fetch those of the basic land types it finds, all
 * five if it finds basic lands. */
unsigned odds_play_land_colours(const struct mf_mana_land *land);

/* Whether the land always enters tapped: etb tapped, a bounce land, a
 * tri-land, or a fetch whose found land enters tapped (fetch_tapped). */
bool odds_play_enters_tapped(const struct mf_mana_land *land);

/* Plays games of one query, remembering the boards asked of mana_brute. */
struct odds_play_player;

/* A player for q, which must be well formed and stay alive and unchanged as
 * long as the player. Returns MF_OK and sets *out (free it with
 * odds_play_player_free()), or MF_ERR_NOMEM with *out NULL. */
int odds_play_player_new(const struct mf_odds_query *q, struct odds_play_player **out);

/* As odds_play_castable, for a game already checked against the query.
 * Returns MF_OK, MF_ERR_NOMEM or what mana_brute_solve returned (*out false). */
int odds_play_player_run(struct odds_play_player *p, const struct odds_play_game *g,
			 bool *out);

/* Frees a player; NULL is fine. */
void odds_play_player_free(struct odds_play_player *p);

#endif
