/*
 * The deck side of the ramp reference (odds_ramp.h): queries, the London
 * bottoming with sources, and the two ways of dealing games, every hand and
 * every ordered sequence of draws or shuffles, as odds_play.c deals them
 * with the sources as cards of their own. odds_ramp_game.c plays each game.
 */
#include "odds_ramp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/random.h"

#define KINDS MF_ODDS_LAND_KINDS_MAX
#define SOURCES MF_ODDS_SOURCE_KINDS_MAX
#define HAND_MAX 7
#define HAND_RADIX (HAND_MAX + 1)               /* a card is in a hand 0..7 times */
#define PARTS (1 + ODDS_RAMP_EXACT_KINDS_MAX)   /* plain spells, each land, each source */
#define PLAIN (-1)

/* What dealing the games of one query accumulates. */
struct deal {
	const struct mf_odds_query *q;
	size_t nl, ns;
	struct attempt at[ODDS_REF_ATTEMPTS_MAX];
	size_t n_at;
	uint32_t draws, first_draw;    /* cards drawn, on turns first_draw .. turn */
	uint32_t needed;
	struct odds_ramp_player *player;
	signed char *memo;             /* exact: castable by hand and draws; -1 unknown */
	long double p_lands, p_cast, p_both;
};

/* MF_OK for a well-formed source s of q, else MF_ERR_INVALID or MF_ERR_LIMIT. */
static int check_source(const struct mf_odds_query *q, size_t s)
{
	const struct mf_odds_source *so = &q->sources[s];

	if (q->source_counts[s] == 0 || so->cost.x_count ||
	    so->filter > MF_ODDS_SOURCE_FILTER_MAX || so->n_options > MF_MANA_LAND_OPTIONS_MAX)
		return MF_ERR_INVALID;
	if (mf_mana_cost_total(&so->cost) > ODDS_RAMP_SOURCE_MANA_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

int odds_ramp_check(const struct mf_odds_query *q, size_t kinds_max, uint32_t turn_max)
{
	uint64_t cards = 0;
	int rc;

	if (!q || !q->cat || (q->n_lands && (!q->lands || !q->counts)) ||
	    (q->n_sources && (!q->sources || !q->source_counts)) ||
	    q->turn == 0 || q->life == 0 || q->life > MF_MANA_LIFE_MAX ||
	    (unsigned)q->policy >= MF_ODDS_POLICY_COUNT)
		return MF_ERR_INVALID;
	if (q->n_lands > KINDS || q->n_sources > SOURCES || q->n_lands + q->n_sources > kinds_max)
		return MF_ERR_LIMIT;
	for (size_t i = 0; i < q->n_lands; i++) {
		if (q->lands[i] < 0 || (size_t)q->lands[i] >= mf_mana_catalogue_size(q->cat) ||
		    q->counts[i] == 0)
			return MF_ERR_INVALID;
		for (size_t j = 0; j < i; j++)
			if (q->lands[j] == q->lands[i])
				return MF_ERR_INVALID;
		cards += q->counts[i];
	}
	for (size_t s = 0; s < q->n_sources; s++) {
		rc = check_source(q, s);
		if (rc == MF_ERR_INVALID)
			return rc;
		cards += q->source_counts[s];
	}
	if (cards > q->size)
		return MF_ERR_INVALID;
	if (q->policy == MF_ODDS_CUSTOM)
		for (int i = 0; i < 4; i++)
			if (q->custom.keep_lo[i] > q->custom.keep_hi[i])
				return MF_ERR_INVALID;
	for (size_t s = 0; s < q->n_sources; s++)
		if (check_source(q, s) != MF_OK)
			return MF_ERR_LIMIT;
	if (q->size < MF_ODDS_DECK_MIN || q->size > MF_ODDS_DECK_MAX || q->turn > turn_max ||
	    odds_ref_lands_needed(q) > UINT32_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

/* Bottoms one source of the hand: the highest mana value, ties the later
 * in q->sources. */
static void bottom_source(const struct mf_odds_query *q, uint32_t *hand_sources)
{
	size_t best = SOURCES;

	for (size_t s = 0; s < q->n_sources; s++)
		if (hand_sources[s] &&
		    (best == SOURCES ||
		     mf_mana_cost_total(&q->sources[s].cost) >=
			     mf_mana_cost_total(&q->sources[best].cost)))
			best = s;
	if (best < SOURCES)
		hand_sources[best]--;
}

bool odds_ramp_keep(const struct mf_odds_query *q, const struct attempt *a,
		    struct odds_ramp_game *g, uint32_t *plain)
{
	uint32_t spells = *plain, kept = 0;

	for (size_t s = 0; s < q->n_sources; s++)
		spells += g->hand_sources[s];
	if (a->bottom) {
		uint32_t spells_out = odds_ref_spells_bottomed(a, spells);
		uint32_t plain_out = spells_out < *plain ? spells_out : *plain;

		*plain -= plain_out;
		for (uint32_t i = plain_out; i < spells_out; i++)
			bottom_source(q, g->hand_sources);
		odds_play_bottom(q, g->hand, a->bottom - spells_out);
	}
	for (size_t k = 0; k < q->n_lands; k++)
		kept += g->hand[k];
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
	d->nl = q->n_lands;
	d->ns = q->n_sources;
	d->n_at = odds_ref_attempts(q, d->at);
	d->needed = (uint32_t)odds_ref_lands_needed(q);
	d->first_draw = 2;
	if (q->on_draw || (q->policy == MF_ODDS_KARSTEN2022 && q->size >= 99))
		d->first_draw = 1;
	d->draws = q->turn + 1 - d->first_draw;
	return odds_ramp_player_new(q, &d->player);
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

/* The lands of game g seen by turn q->turn. */
static uint32_t lands_seen(const struct deal *d, const struct odds_ramp_game *g)
{
	uint32_t seen = 0;

	for (size_t k = 0; k < d->nl; k++)
		seen += g->hand[k];
	for (uint32_t t = 1; t <= d->q->turn; t++)
		seen += g->drawn[t] >= 0 && (size_t)g->drawn[t] < d->nl;
	return seen;
}

/* ------------------------------------------------------------------ */
/* Exact                                                               */

/* Whether game g (hand and draws coded as `key`) is castable, played once
 * per key. */
static int exact_game(struct deal *d, size_t key, const struct odds_ramp_game *g, bool *out)
{
	int rc;

	if (d->memo[key] >= 0) {
		*out = d->memo[key];
		return MF_OK;
	}
	rc = odds_ramp_player_run(d->player, g, out);
	if (rc == MF_OK)
		d->memo[key] = *out;
	return rc;
}

/* Every ordered sequence of the draws left from position i on, from pool
 * (plain spells, then each land, then each source), reached with
 * probability w; g holds the hand and the draws so far, key their code. */
static int exact_draws(struct deal *d, struct odds_ramp_game *g, uint32_t *pool, uint32_t i,
		       long double w, size_t key)
{
	size_t parts = 1 + d->nl + d->ns;
	uint32_t left = odds_ref_sum(pool, parts);
	int rc = MF_OK;
	bool cast;

	if (i == d->draws) {
		rc = exact_game(d, key, g, &cast);
		if (rc == MF_OK)
			tally(d, w, lands_seen(d, g), cast);
		return rc;
	}
	for (size_t part = 0; part < parts && rc == MF_OK; part++) {
		long double p = w * pool[part] / left;

		if (!pool[part])
			continue;
		pool[part]--;
		g->drawn[d->first_draw + i] = (int32_t)part - 1;  /* PLAIN, k, or nl + s */
		rc = exact_draws(d, g, pool, i + 1, p, key * parts + part);
		pool[part]++;
	}
	g->drawn[d->first_draw + i] = PLAIN;
	return rc;
}

/* Every composition of the attempt's cards with its weight; plays the kept
 * ones and sets *rejected to the probability the attempt is not kept. */
static int exact_attempt(struct deal *d, const struct attempt *a, const uint32_t *have,
			 long double reach, long double *rejected)
{
	uint32_t got[PARTS] = { 0 }, cap[PARTS];
	size_t len = 1 + d->nl + d->ns;
	int rc = MF_OK;

	*rejected = 0;
	for (size_t i = 0; i < len; i++)
		cap[i] = have[i] < a->cards ? have[i] : a->cards;
	do {
		struct odds_ramp_game g;
		uint32_t pool[PARTS], plain = got[0];
		long double w = 1;
		size_t key = 0;

		if (odds_ref_sum(got, len) != a->cards)
			continue;
		for (size_t i = 0; i < len; i++)
			w *= odds_ref_choose(have[i], got[i]);
		w /= odds_ref_choose(odds_ref_sum(have, len), a->cards);
		memset(&g, 0, sizeof(g));
		for (size_t k = 0; k < d->nl; k++)
			g.hand[k] = got[1 + k];
		for (size_t s = 0; s < d->ns; s++)
			g.hand_sources[s] = got[1 + d->nl + s];
		if (!odds_ramp_keep(d->q, a, &g, &plain)) {
			*rejected += w;
			continue;
		}
		for (size_t i = 0; i <= MF_ODDS_TURN_MAX; i++)
			g.drawn[i] = PLAIN;
		for (size_t s = d->ns; s-- > 0;)
			key = key * HAND_RADIX + g.hand_sources[s];
		for (size_t k = d->nl; k-- > 0;)
			key = key * HAND_RADIX + g.hand[k];
		for (size_t i = 0; i < len; i++)
			pool[i] = have[i] - got[i];
		rc = exact_draws(d, &g, pool, 0, reach * w, key);
	} while (rc == MF_OK && odds_ref_odometer(got, cap, len));
	return rc;
}

int odds_ramp_exact(const struct mf_odds_query *q, struct odds_play_result *out)
{
	uint32_t have[PARTS];
	size_t memo_size = 1;
	long double reach = 1;
	struct deal d;
	int rc = odds_ramp_check(q, ODDS_RAMP_EXACT_KINDS_MAX, ODDS_RAMP_EXACT_TURN_MAX);

	memset(out, 0, sizeof(*out));
	if (rc != MF_OK)
		return rc;
	rc = deal_init(&d, q);
	if (rc != MF_OK)
		return rc;
	have[0] = q->size;
	for (size_t k = 0; k < d.nl; k++) {
		have[1 + k] = q->counts[k];
		have[0] -= q->counts[k];
	}
	for (size_t s = 0; s < d.ns; s++) {
		have[1 + d.nl + s] = q->source_counts[s];
		have[0] -= q->source_counts[s];
	}
	for (size_t i = 0; i < d.nl + d.ns; i++)
		memo_size *= HAND_RADIX;
	for (uint32_t i = 0; i < d.draws; i++)
		memo_size *= 1 + d.nl + d.ns;
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
	odds_ramp_player_free(d.player);
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

/* Deals one game into g (the last attempt is always kept). */
static void sample_game(struct deal *d, int32_t *deck, uint64_t *rng, struct odds_ramp_game *g)
{
	for (size_t i = 0; i < d->n_at; i++) {
		const struct attempt *a = &d->at[i];
		uint32_t plain = 0;

		shuffle(deck, d->q->size, a->cards + d->draws, rng);
		memset(g, 0, sizeof(*g));
		for (uint32_t c = 0; c < a->cards; c++) {
			if (deck[c] == PLAIN)
				plain++;
			else if ((size_t)deck[c] < d->nl)
				g->hand[deck[c]]++;
			else
				g->hand_sources[(size_t)deck[c] - d->nl]++;
		}
		if (odds_ramp_keep(d->q, a, g, &plain) || i + 1 == d->n_at) {
			for (uint32_t t = 0; t <= MF_ODDS_TURN_MAX; t++)
				g->drawn[t] = PLAIN;
			for (uint32_t c = 0; c < d->draws; c++)
				g->drawn[d->first_draw + c] = deck[a->cards + c];
			return;
		}
	}
}

int odds_ramp_sample(const struct mf_odds_query *q, uint64_t seed, uint32_t games,
		     struct odds_play_result *out)
{
	uint64_t rng = seed;
	int32_t *deck = NULL;
	struct deal d;
	uint32_t at = 0;
	int rc = odds_ramp_check(q, KINDS + SOURCES, MF_ODDS_TURN_MAX);

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
	for (size_t k = 0; rc == MF_OK && k < d.nl; k++)
		for (uint32_t c = 0; c < q->counts[k]; c++)
			deck[at++] = (int32_t)k;
	for (size_t s = 0; rc == MF_OK && s < d.ns; s++)
		for (uint32_t c = 0; c < q->source_counts[s]; c++)
			deck[at++] = (int32_t)(d.nl + s);
	while (rc == MF_OK && at < q->size)
		deck[at++] = PLAIN;
	for (uint32_t i = 0; i < games && rc == MF_OK; i++) {
		struct odds_ramp_game g;
		bool cast;

		sample_game(&d, deck, &rng, &g);
		rc = odds_ramp_player_run(d.player, &g, &cast);
		if (rc == MF_OK)
			tally(&d, 1, lands_seen(&d, &g), cast);
	}
	free(deck);
	odds_ramp_player_free(d.player);
	if (rc == MF_OK)
		deal_result(&d, games, out);
	return rc;
}

/* ------------------------------------------------------------------ */
/* One game                                                            */

/* MF_OK when game g fits q (checked): its cards in range, no more of each
 * than the deck holds nor than a byte counts, at most ODDS_RAMP_HAND_MAX
 * sources in the hand; else MF_ERR_INVALID. */
static int check_game(const struct mf_odds_query *q, const struct odds_ramp_game *g)
{
	uint32_t seen[KINDS + SOURCES] = { 0 }, in_hand = 0;
	size_t nl = q->n_lands, n = q->n_lands + q->n_sources;

	for (size_t k = 0; k < nl; k++)
		seen[k] = g->hand[k];
	for (size_t s = 0; s < q->n_sources; s++) {
		seen[nl + s] = g->hand_sources[s];
		in_hand += g->hand_sources[s];
		if (g->hand_sources[s] > ODDS_RAMP_HAND_MAX)
			return MF_ERR_INVALID;
	}
	if (in_hand > ODDS_RAMP_HAND_MAX)
		return MF_ERR_INVALID;
	for (uint32_t t = 1; t <= q->turn; t++) {
		if (g->drawn[t] == PLAIN)
			continue;
		if (g->drawn[t] < 0 || (size_t)g->drawn[t] >= n)
			return MF_ERR_INVALID;
		seen[g->drawn[t]]++;
	}
	for (size_t i = 0; i < n; i++)
		if (seen[i] > (i < nl ? q->counts[i] : q->source_counts[i - nl]) ||
		    seen[i] > UINT8_MAX)
			return MF_ERR_INVALID;
	return MF_OK;
}

int odds_ramp_castable(const struct mf_odds_query *q, const struct odds_ramp_game *g,
		       bool *out)
{
	struct odds_ramp_player *p = NULL;
	int rc = odds_ramp_check(q, KINDS + SOURCES, MF_ODDS_TURN_MAX);

	*out = false;
	if (rc == MF_OK)
		rc = check_game(q, g);
	if (rc == MF_OK)
		rc = odds_ramp_player_new(q, &p);
	if (rc == MF_OK)
		rc = odds_ramp_player_run(p, g, out);
	odds_ramp_player_free(p);
	return rc;
}
