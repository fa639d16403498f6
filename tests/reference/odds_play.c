/*
 * The deck side of the land-drop reference (odds_play.h): queries, the
 * mulligan policies (as odds_brute has them), the London bottoming rule,
 * and the two ways of dealing games: every hand and every ordered sequence
 * of draws, or shuffles. odds_play_game.c plays each game.
 */
#include "odds_play.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "odds_policy.h"

#define KINDS MF_ODDS_LAND_KINDS_MAX
#define COLOURS 5
#define HAND_MAX 7
#define HAND_RADIX (HAND_MAX + 1)          /* a kind is in a hand 0..7 times */
#define PARTS (1 + ODDS_PLAY_EXACT_KINDS_MAX)  /* spells, then each land */
#define SPELL (-1)

/* What dealing the games of one query accumulates. */
struct deal {
	const struct mf_odds_query *q;
	size_t n;                      /* kinds of land */
	struct attempt at[ODDS_REF_ATTEMPTS_MAX];
	size_t n_at;
	uint32_t draws, first_draw;    /* cards drawn, on turns first_draw .. turn */
	uint32_t needed;
	struct odds_play_player *player;
	signed char *memo;             /* exact: castable by hand and draws; -1 unknown */
	long double p_lands, p_cast, p_both;
};

/* MF_OK for a well-formed query within kinds_max kinds and turn_max turns;
 * else MF_ERR_INVALID or MF_ERR_LIMIT as odds_play.h says. */
static int check(const struct mf_odds_query *q, size_t kinds_max, uint32_t turn_max)
{
	uint64_t lands = 0;

	if (!q || !q->cat || (q->n_lands && (!q->lands || !q->counts)) ||
	    q->turn == 0 || q->life == 0 || q->life > MF_MANA_LIFE_MAX ||
	    (unsigned)q->policy >= MF_ODDS_POLICY_COUNT)
		return MF_ERR_INVALID;
	if (q->n_lands > kinds_max)
		return MF_ERR_LIMIT;
	for (size_t i = 0; i < q->n_lands; i++) {
		if (q->lands[i] < 0 || (size_t)q->lands[i] >= mf_mana_catalogue_size(q->cat) ||
		    q->counts[i] == 0)
			return MF_ERR_INVALID;
		for (size_t j = 0; j < i; j++)
			if (q->lands[j] == q->lands[i])
				return MF_ERR_INVALID;
		lands += q->counts[i];
	}
	if (lands > q->size)
		return MF_ERR_INVALID;
	if (q->policy == MF_ODDS_CUSTOM)
		for (int i = 0; i < 4; i++)
			if (q->custom.keep_lo[i] > q->custom.keep_hi[i])
				return MF_ERR_INVALID;
	if (q->size < MF_ODDS_DECK_MIN || q->size > MF_ODDS_DECK_MAX || q->turn > turn_max ||
	    odds_ref_lands_needed(q) > UINT32_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

/* The least, over the cost colours land k makes, of the other lands of the
 * hand making that colour; 0 for a land making none of them. */
static uint32_t redundancy(const struct mf_odds_query *q, const uint32_t *hand, size_t k,
			   unsigned colours)
{
	unsigned mine = odds_play_land_colours(mf_mana_catalogue_land(q->cat,
								      (size_t)q->lands[k]));
	uint32_t least = UINT32_MAX;

	for (int c = 0; c < COLOURS; c++) {
		uint32_t makers = 0;

		if (!((mine & colours) >> c & 1))
			continue;
		for (size_t y = 0; y < q->n_lands; y++)
			if (odds_play_land_colours(mf_mana_catalogue_land(q->cat,
									  (size_t)q->lands[y])) >> c & 1)
				makers += hand[y];
		if (makers - 1 < least)
			least = makers - 1;  /* less this land itself */
	}
	return least == UINT32_MAX ? 0 : least;
}

/* Whether kind a of the hand is bottomed before kind b. */
static bool bottomed_before(const struct mf_odds_query *q, const uint32_t *hand, size_t a,
			    size_t b, unsigned colours)
{
	const struct mf_mana_land *la = mf_mana_catalogue_land(q->cat, (size_t)q->lands[a]);
	const struct mf_mana_land *lb = mf_mana_catalogue_land(q->cat, (size_t)q->lands[b]);
	bool none_a = !(odds_play_land_colours(la) & colours);
	bool none_b = !(odds_play_land_colours(lb) & colours);
	int by_name = strcmp(la->name, lb->name);

	if (none_a != none_b)
		return none_a;
	if (!none_a) {
		uint32_t ra = redundancy(q, hand, a, colours), rb = redundancy(q, hand, b, colours);

		if (ra != rb)
			return ra > rb;
	}
	if (odds_play_enters_tapped(la) != odds_play_enters_tapped(lb))
		return odds_play_enters_tapped(la);
	if (by_name)
		return by_name < 0;
	return q->lands[a] < q->lands[b];
}

void odds_play_bottom(const struct mf_odds_query *q, uint32_t hand[MF_ODDS_LAND_KINDS_MAX],
		      uint32_t n)
{
	unsigned colours = odds_ref_cost_colours(&q->cost);

	for (; n > 0; n--) {
		size_t best = KINDS;

		for (size_t k = 0; k < q->n_lands; k++)
			if (hand[k] && (best == KINDS ||
					bottomed_before(q, hand, k, best, colours)))
				best = k;
		if (best == KINDS)
			return;
		hand[best]--;
	}
}

/* Applies the attempt's bottoming to a 7-card hand holding `spells` spells
 * and hand[] lands; returns whether the hand left is kept. */
static bool keep(const struct mf_odds_query *q, const struct attempt *a, uint32_t spells,
		 uint32_t *hand)
{
	uint32_t kept = 0;

	if (a->bottom)
		odds_play_bottom(q, hand, a->bottom - odds_ref_spells_bottomed(a, spells));
	for (size_t k = 0; k < q->n_lands; k++)
		kept += hand[k];
	return a->always || (kept >= a->lo && kept <= a->hi);
}

/* Adds one game of probability w (or one sampled game, w = 1): its lands
 * seen and whether it was castable. */
static void tally(struct deal *d, long double w, uint32_t seen, bool cast)
{
	bool enough = seen >= d->needed;

	if (enough)
		d->p_lands += w;
	if (cast)
		d->p_cast += w;
	if (enough && cast)
		d->p_both += w;
}

/* Sets up d for q (checked): attempts, draws, the player. */
static int deal_init(struct deal *d, const struct mf_odds_query *q)
{
	memset(d, 0, sizeof(*d));
	d->q = q;
	d->n = q->n_lands;
	d->n_at = odds_ref_attempts(q, d->at);
	d->needed = (uint32_t)odds_ref_lands_needed(q);
	d->first_draw = 2;
	if (q->on_draw || (q->policy == MF_ODDS_KARSTEN2022 && q->size >= 99))
		d->first_draw = 1;
	d->draws = q->turn + 1 - d->first_draw;
	return odds_play_player_new(q, &d->player);
}

/* Fills out from d's sums over `games` games (0: exact). */
static void deal_result(const struct deal *d, uint64_t games, struct odds_play_result *out)
{
	out->lands_needed = d->needed;
	out->games = games;
	out->p_lands = (double)(games ? d->p_lands / games : d->p_lands);
	out->p_castable = (double)(games ? d->p_cast / games : d->p_cast);
	out->given_defined = d->p_lands > 0;
	out->p_castable_given_lands = out->given_defined ? (double)(d->p_both / d->p_lands) : 0;
	if (!games)
		return;
	out->games_with_lands = (uint64_t)d->p_lands;
	out->se[0] = sqrt(out->p_lands * (1 - out->p_lands) / (double)games);
	out->se[1] = sqrt(out->p_castable * (1 - out->p_castable) / (double)games);
	if (out->games_with_lands)
		out->se[2] = sqrt(out->p_castable_given_lands *
				  (1 - out->p_castable_given_lands) /
				  (double)out->games_with_lands);
}

/* ------------------------------------------------------------------ */
/* Exact                                                               */

/* Whether game g (hand code `key`) is castable, played once per key. */
static int exact_game(struct deal *d, size_t key, const struct odds_play_game *g, bool *out)
{
	int rc;

	if (d->memo[key] >= 0) {
		*out = d->memo[key];
		return MF_OK;
	}
	rc = odds_play_player_run(d->player, g, out);
	if (rc == MF_OK)
		d->memo[key] = *out;
	return rc;
}

/* Every ordered sequence of the draws left from position i on, from pool
 * (spells, then lands), reached with probability w; g holds the hand and
 * the draws so far, key their code. */
static int exact_draws(struct deal *d, struct odds_play_game *g, uint32_t *pool, uint32_t i,
		       long double w, size_t key, uint32_t seen)
{
	uint32_t left = odds_ref_sum(pool, 1 + d->n);
	int rc = MF_OK;
	bool cast;

	if (i == d->draws) {
		rc = exact_game(d, key, g, &cast);
		if (rc == MF_OK)
			tally(d, w, seen, cast);
		return rc;
	}
	for (size_t part = 0; part <= d->n && rc == MF_OK; part++) {
		long double p = w * pool[part] / left;

		if (!pool[part])
			continue;
		pool[part]--;
		g->drawn[d->first_draw + i] = part ? (int32_t)part - 1 : SPELL;
		rc = exact_draws(d, g, pool, i + 1, p, key * (1 + d->n) + part, seen + (part > 0));
		pool[part]++;
	}
	g->drawn[d->first_draw + i] = SPELL;
	return rc;
}

/* Every composition of the attempt's cards with its weight; plays the kept
 * ones and sets *rejected to the probability the attempt is not kept. */
static int exact_attempt(struct deal *d, const struct attempt *a, const uint32_t *have,
			 long double reach, long double *rejected)
{
	uint32_t got[PARTS] = { 0 }, cap[PARTS];
	size_t len = 1 + d->n;
	int rc = MF_OK;

	*rejected = 0;
	for (size_t i = 0; i < len; i++)
		cap[i] = have[i] < a->cards ? have[i] : a->cards;
	do {
		struct odds_play_game g;
		uint32_t pool[PARTS], seen = 0;
		long double w = 1;
		size_t key = 0;

		if (odds_ref_sum(got, len) != a->cards)
			continue;
		for (size_t i = 0; i < len; i++)
			w *= odds_ref_choose(have[i], got[i]);
		w /= odds_ref_choose(odds_ref_sum(have, len), a->cards);
		memset(&g, 0, sizeof(g));
		for (size_t k = 0; k < d->n; k++)
			g.hand[k] = got[1 + k];
		if (!keep(d->q, a, got[0], g.hand)) {
			*rejected += w;
			continue;
		}
		for (size_t i = 0; i <= MF_ODDS_TURN_MAX; i++)
			g.drawn[i] = SPELL;
		for (size_t k = d->n; k-- > 0;) {
			key = key * HAND_RADIX + g.hand[k];
			seen += g.hand[k];
		}
		for (size_t i = 0; i < len; i++)
			pool[i] = have[i] - got[i];
		rc = exact_draws(d, &g, pool, 0, reach * w, key, seen);
	} while (rc == MF_OK && odds_ref_odometer(got, cap, len));
	return rc;
}

int odds_play_exact(const struct mf_odds_query *q, struct odds_play_result *out)
{
	uint32_t have[PARTS];
	size_t memo_size = 1;
	long double reach = 1;
	struct deal d;
	int rc = check(q, ODDS_PLAY_EXACT_KINDS_MAX, ODDS_PLAY_EXACT_TURN_MAX);

	memset(out, 0, sizeof(*out));
	if (rc != MF_OK)
		return rc;
	rc = deal_init(&d, q);
	if (rc != MF_OK)
		return rc;
	have[0] = q->size;
	for (size_t k = 0; k < d.n; k++) {
		have[1 + k] = q->counts[k];
		have[0] -= q->counts[k];
		memo_size *= HAND_RADIX;
	}
	for (uint32_t i = 0; i < d.draws; i++)
		memo_size *= 1 + d.n;
	d.memo = malloc(memo_size);
	if (!d.memo)
		rc = MF_ERR_NOMEM;
	else
		memset(d.memo, -1, memo_size);
	for (size_t i = 0; i < d.n_at && rc == MF_OK; i++) {
		long double rejected;

		rc = exact_attempt(&d, &d.at[i], have, reach, &rejected);
		reach *= rejected;
	}
	free(d.memo);
	odds_play_player_free(d.player);
	if (rc == MF_OK)
		deal_result(&d, 0, out);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Sampled                                                             */

/* Shuffles the first m cards of deck[0..size) (partial Fisher-Yates). */
static void shuffle(int32_t *deck, uint32_t size, uint32_t m, uint64_t *rng)
{
	for (uint32_t i = 0; i < m; i++) {
		uint32_t j = i + (uint32_t)(mf_splitmix64(rng) % (size - i));
		int32_t t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}

/* Deals one game into g (the last attempt is always kept); returns the
 * lands seen. */
static uint32_t sample_game(struct deal *d, int32_t *deck, uint64_t *rng,
			    struct odds_play_game *g)
{
	uint32_t seen = 0;

	for (size_t i = 0; i < d->n_at; i++) {
		const struct attempt *a = &d->at[i];
		uint32_t spells = 0;

		shuffle(deck, d->q->size, a->cards + d->draws, rng);
		memset(g, 0, sizeof(*g));
		for (uint32_t c = 0; c < a->cards; c++) {
			if (deck[c] == SPELL)
				spells++;
			else
				g->hand[deck[c]]++;
		}
		if (keep(d->q, a, spells, g->hand) || i + 1 == d->n_at) {
			for (uint32_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
				g->drawn[t] = SPELL;
			for (uint32_t c = 0; c < d->draws; c++)
				g->drawn[d->first_draw + c] = deck[a->cards + c];
			break;
		}
	}
	for (size_t k = 0; k < d->n; k++)
		seen += g->hand[k];
	for (uint32_t t = 1; t <= d->q->turn; t++)
		seen += g->drawn[t] != SPELL;
	return seen;
}

int odds_play_sample(const struct mf_odds_query *q, uint64_t seed, uint32_t games,
		     struct odds_play_result *out)
{
	uint64_t rng = seed;
	int32_t *deck = NULL;
	struct deal d;
	uint32_t at = 0;
	int rc = check(q, KINDS, MF_ODDS_TURN_MAX);

	memset(out, 0, sizeof(*out));
	if (rc == MF_OK && games == 0)
		rc = MF_ERR_INVALID;
	if (rc != MF_OK)
		return rc;
	rc = deal_init(&d, q);
	if (rc == MF_OK) {
		deck = malloc(q->size * sizeof(*deck));
		rc = deck ? MF_OK : MF_ERR_NOMEM;
	}
	for (size_t k = 0; rc == MF_OK && k < d.n; k++)
		for (uint32_t c = 0; c < q->counts[k]; c++)
			deck[at++] = (int32_t)k;
	while (rc == MF_OK && at < q->size)
		deck[at++] = SPELL;
	for (uint32_t i = 0; i < games && rc == MF_OK; i++) {
		struct odds_play_game g;
		uint32_t seen = sample_game(&d, deck, &rng, &g);
		bool cast;

		rc = odds_play_player_run(d.player, &g, &cast);
		if (rc == MF_OK)
			tally(&d, 1, seen, cast);
	}
	free(deck);
	odds_play_player_free(d.player);
	if (rc == MF_OK)
		deal_result(&d, games, out);
	return rc;
}

/* ------------------------------------------------------------------ */
/* One game                                                            */

int odds_play_castable(const struct mf_odds_query *q, const struct odds_play_game *g,
		       bool *out)
{
	struct odds_play_player *p = NULL;
	uint32_t seen[KINDS] = { 0 };
	int rc = check(q, KINDS, MF_ODDS_TURN_MAX);

	*out = false;
	for (size_t k = 0; rc == MF_OK && k < q->n_lands; k++)
		seen[k] = g->hand[k];
	for (uint32_t t = 1; rc == MF_OK && t <= q->turn; t++) {
		if (g->drawn[t] == SPELL)
			continue;
		if (g->drawn[t] < 0 || (size_t)g->drawn[t] >= q->n_lands)
			rc = MF_ERR_INVALID;
		else
			seen[g->drawn[t]]++;
	}
	for (size_t k = 0; rc == MF_OK && k < q->n_lands; k++)
		if (seen[k] > q->counts[k] || seen[k] > UINT8_MAX)
			rc = MF_ERR_INVALID;
	if (rc == MF_OK)
		rc = odds_play_player_new(q, &p);
	if (rc == MF_OK)
		rc = odds_play_player_run(p, g, out);
	odds_play_player_free(p);
	return rc;
}
