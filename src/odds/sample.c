/*
 * The sampled odds: shuffled games, played by the same stages, the same
 * keep-and-bottom rule and the same land drops as the exact count.
 */
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "odds/odds_internal.h"

/* Shuffles the first m cards of deck[0..n) into place (a uniform draw of
 * m cards in order, from any arrangement). */
static void shuffle_front(uint8_t *deck, uint32_t n, uint32_t m, uint64_t *state)
{
	for (uint32_t i = 0; i < m; i++) {
		uint32_t j = i + (uint32_t)(mf_splitmix64(state) % (n - i));
		uint8_t x = deck[i];

		deck[i] = deck[j];
		deck[j] = x;
	}
}

/* One game: the kept hand's lands into hand[], each turn's draw into
 * draws[] (ODDS_NONE on a turn without one). */
static void deal(struct odds_ctx *c, uint8_t *deck, uint64_t *state, uint8_t *hand, uint8_t *draws)
{
	uint32_t n = c->q->size, first = c->draw_t1 ? 1 : 2;
	uint32_t n_draws = c->last_turn - first + 1;
	const struct odds_stage *st = NULL;

	for (size_t i = 0; i < c->n_stages; i++) {
		uint8_t held[MF_ODDS_LAND_KINDS_MAX] = { 0 };
		uint32_t spells = 0;

		st = &c->stages[i];
		shuffle_front(deck, n, st->draw + n_draws, state);
		for (uint32_t j = 0; j < st->draw; j++) {
			if (deck[j] == ODDS_SPELL)
				spells++;
			else
				held[deck[j]]++;
		}
		if (mf_odds_keep(c, st, spells, held, hand))
			break;
	}
	memset(draws, ODDS_NONE, c->last_turn);
	for (uint32_t t = first; t <= c->last_turn; t++)
		draws[t - 1] = deck[st->draw + t - first];
}

int mf_odds_sample(struct odds_ctx *c, uint64_t *state, uint32_t games, struct odds_tally *t,
		   struct odds_strata *strata)
{
	uint32_t n = c->q->size, k = 0;
	uint32_t fetchable = 0;  /* groups a fetch of the deck finds */
	uint8_t *deck = malloc(n);
	int rc = MF_OK;

	if (!deck)
		return MF_ERR_NOMEM;
	for (size_t g = 0; g < c->n_groups; g++)
		for (uint32_t i = 0; i < c->g[g].count; i++)
			deck[k++] = (uint8_t)g;
	memset(deck + k, ODDS_SPELL, n - k);
	for (size_t g = 0; g < c->n_groups; g++)
		fetchable |= c->g[g].count ? c->g[g].finds : 0;
	for (uint32_t game = 0; game < games && !rc; game++) {
		uint8_t hand[MF_ODDS_LAND_KINDS_MAX] = { 0 }, draws[MF_ODDS_TURN_MAX];
		struct odds_game g = { .hand = hand, .draws = draws };
		uint32_t lands = 0, lands_on_turn = 0;  /* lands seen, and by the turn asked */
		uint32_t colored = 0;                    /* lands seen making a cost colour */
		int on_turn = 0;  /* castable on the turn asked */
		bool cast = false;  /* castable on a turn asked, and no land a fetch
				     * finds drawn since */

		if (!mf_odds_charge(c, 1)) {
			rc = MF_ERR_LIMIT;
			break;
		}
		deal(c, deck, state, hand, draws);
		for (size_t i = 0; i < c->n_groups; i++) {
			lands += hand[i];
			colored += c->g[i].colors ? hand[i] : 0;
		}
		for (g.turn = 1; g.turn <= c->last_turn; g.turn++) {
			int castable;

			if (draws[g.turn - 1] < c->n_groups) {
				lands++;
				colored += c->g[draws[g.turn - 1]].colors != 0;
				cast &= !(fetchable >> draws[g.turn - 1] & 1);
			}
			if (g.turn != c->q->turn && g.turn > c->q->curve)
				continue;
			if (!mf_odds_charge(c, 1)) {
				rc = MF_ERR_LIMIT;
				break;
			}
			/* a line of play that cast still does, its last land drop
			 * delayed, while the fetches' library (the lands not seen)
			 * keeps what it had */
			castable = cast ? 1 : mf_odds_castable(c, &g);
			if (castable < 0) {
				rc = castable;
				break;
			}
			cast = castable == 1;
			t->by_turn[g.turn - 1] += castable;
			strata->games[odds_stratum(strata, g.turn, lands, colored)]++;
			strata->cast[odds_stratum(strata, g.turn, lands, colored)] += castable;
			if (g.turn == c->q->turn) {
				on_turn = castable;
				lands_on_turn = lands;
			}
		}
		t->castable += on_turn;
		if (lands_on_turn >= c->lands_needed) {
			t->lands++;
			t->both += on_turn;
		}
	}
	free(deck);
	return rc;
}
