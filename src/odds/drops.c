/*
 * One game's land drops: can some line of play cast the cost on turn T?
 * (docs/odds.md, "Land drops"; field.c plays one battlefield.)
 *
 * Which battlefields can stand on turn T before its land drop:
 *  - without bounce lands, any T - 1 or fewer of the lands seen before
 *    turn T's draw: lands arrive at most one a turn after the hand, so any
 *    such set can be played in time. More lands on the battlefield never
 *    hurt but for a fast land played on T, so only the largest sets are
 *    tried (at most two lands beside a fast land). The answer depends on
 *    the lands seen before T and the card drawn on T, the memo's key.
 *  - when a bounce land arrives before turn T the order of the draws
 *    matters: lines.c walks the lines of play, and the key is the hand and
 *    each draw. The lines that never play a bounce land are asked first,
 *    as above (in any order), and settle most such games.
 */
#include <string.h>

#include "odds/ramp_int.h"

/* Battlefields tried before the hopeless test: most games that cast do so
 * on the first one or two, and the test's payment solve is then saved. */
#define QUICK_LEAVES 2

/* Every sub-multiset s of pool with k lands, groups g.. in reverse order
 * (the last groups make the cost's colours and enter untapped: tried
 * first), s holding the choice so far: mf_odds_try_field on each (the drops of
 * hand[], or none), 1 at the first that casts. Tries at most *leaves
 * battlefields (counted down), so 0 is final only if *leaves is left. */
static int choose(struct odds_ctx *c, const uint8_t *pool, uint8_t *s, size_t g, uint32_t k,
		  uint32_t avail, const uint8_t *hand, const uint8_t *lib, bool no_drop, uint32_t *leaves)
{
	size_t at;
	int rc = 0;

	if (!k) {
		if (!*leaves)
			return 0;
		--*leaves;
		return mf_odds_try_field(c, s, hand, lib, no_drop);
	}
	while (g < c->n_groups && !pool[c->n_groups - 1 - g])
		g++;  /* a group with none to choose from chooses none */
	if (g == c->n_groups || avail < k)
		return 0;
	at = c->n_groups - 1 - g;
	for (uint32_t n = pool[at] < k ? pool[at] : k;; n--) {
		s[at] = (uint8_t)n;
		rc = choose(c, pool, s, g + 1, k - n, avail - pool[at], hand, lib, no_drop, leaves);
		s[at] = 0;
		if (rc || n == 0)
			break;
	}
	return rc;
}

/* Lands seen[] before turn T, `last` drawn on T (a group, or ODDS_SPELL),
 * the library lib[] and the most mana of each group per[]
 * (mf_odds_most_mana() of lib): for each land drop of T (or none), the
 * largest battlefields of the rest, unless even their most mana falls
 * short of the cost; at most `leaves` battlefields in all (a 0 is then not
 * final). */
static int castable_seen(struct odds_ctx *c, const uint8_t *seen, uint8_t last, const uint8_t *lib,
			 const uint32_t *per, uint32_t turn, uint32_t leaves)
{
	uint8_t pool[MF_ODDS_LAND_KINDS_MAX], hand[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	uint8_t s[MF_ODDS_LAND_KINDS_MAX] = { 0 };
	uint32_t total = 0;
	struct odds_by_mana b;
	int rc = 0;

	memcpy(pool, seen, c->n_groups);
	for (size_t g = 0; g < c->n_groups; g++)
		total += seen[g];
	mf_odds_by_mana_init(c, pool, per, &b);
	for (size_t y = c->n_groups + 1; y-- > 0 && rc == 0;) {
		bool drop = y < c->n_groups, from_pool = drop && y != last;
		uint32_t room = turn - 1, k;
		uint64_t most;

		if (drop && ((y != last && !seen[y]) || c->g[y].drop == ODDS_DROP_TAPPED ||
			     c->g[y].drop == ODDS_DROP_BOUNCE))
			continue;  /* not in hand, or no better than no drop */
		if (drop && c->g[y].drop == ODDS_DROP_FAST && room > c->g[y].etb_lands)
			room = c->g[y].etb_lands;
		if (from_pool) {
			pool[y]--;
			b.lands[b.at[y]]--;
		}
		k = total - from_pool < room ? total - from_pool : room;
		most = mf_odds_by_mana_most(&b, k) + (drop ? per[y] : 0);
		if (most >= c->mana_needed) {
			if (drop)
				hand[y] = 1;
			rc = choose(c, pool, s, 0, k, total - from_pool, hand, lib, !drop, &leaves);
			if (drop)
				hand[y] = 0;  /* y == n_groups (no drop) is past hand[] with 32 groups */
		}
		if (from_pool) {
			pool[y]++;
			b.lands[b.at[y]]++;
		}
	}
	return rc;
}

/* ------------------------------------------------------------------ */

/* 1 when not even every land seen by turn T (all[g] of each group, the
 * fetches among them too), untapped, with every land its fetches could
 * find in lib, pays the cost: no line of play can then. 0 when it does,
 * or a negative mf_status. */
static int hopeless(struct odds_ctx *c, const uint8_t *seen_all, const uint8_t *lib)
{
	uint8_t all[MF_ODDS_LAND_KINDS_MAX] = { 0 }, fetches = 0;  /* one byte even with no land */
	uint32_t least;
	int rc;

	memcpy(all, seen_all, c->n_groups);
	for (size_t k = 0; k < c->n_groups; k++)
		if (c->g[k].drop == ODDS_DROP_FETCH) {
			fetches = (uint8_t)(fetches + all[k]);
			all[k] = 0;
		}
	for (size_t z = 0; z < c->n_groups && fetches; z++)
		for (size_t k = 0; k < c->n_groups; k++)
			if (c->g[k].finds >> z & 1) {
				all[z] = (uint8_t)(all[z] + (lib[z] < fetches ? lib[z] : fetches));
				break;
			}
	rc = mf_odds_least_life(c, all, &least);
	if (rc)
		return rc;
	return least == UINT32_MAX || least >= c->q->life;
}

int mf_odds_castable_seen(struct odds_ctx *c, const uint8_t *seen, uint8_t last, uint32_t turn)
{
	uint8_t all[MF_ODDS_LAND_KINDS_MAX], lib[MF_ODDS_LAND_KINDS_MAX];
	uint32_t per[MF_ODDS_LAND_KINDS_MAX];
	int rc;

	memcpy(all, seen, c->n_groups);
	if (last < c->n_groups)
		all[last]++;
	for (size_t k = 0; k < c->n_groups; k++)
		lib[k] = (uint8_t)(c->g[k].count - all[k]);
	mf_odds_most_mana(c, lib, per);
	if (mf_odds_most_of(c, all, turn, per) < c->mana_needed)
		return 0;  /* not even `turn` lands of the most mana seen make it */
	rc = castable_seen(c, seen, last, lib, per, turn, QUICK_LEAVES);
	if (rc)
		return rc;
	rc = hopeless(c, all, lib);
	if (rc == 0)
		return castable_seen(c, seen, last, lib, per, turn, UINT32_MAX);
	return rc == 1 ? 0 : rc;
}

/* Whether a bounce land can be played before turn g->turn: only then does
 * the order of the draws matter. */
static bool ordered(const struct odds_ctx *c, const struct odds_game *g)
{
	if (!c->bounce_in_deck)
		return false;
	for (size_t k = 0; k < c->n_groups; k++)
		if (g->hand[k] && c->g[k].drop == ODDS_DROP_BOUNCE)
			return true;
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < c->n_groups && c->g[g->draws[t - 1]].drop == ODDS_DROP_BOUNCE)
			return true;
	return false;
}

/* Whether too little mana can stand on turn g->turn for the cost: at most
 * one land a turn reaches the battlefield, each making at most its group's
 * reach, so the turn's lands seen, best first, bound the mana. A cheap
 * answer (no memo, no search) for most games short of lands. */
static bool short_of_mana(const struct odds_ctx *c, const struct odds_game *g, uint64_t more)
{
	uint32_t by_reach[256], room = g->turn, top = c->reach_top;
	uint64_t most = more;  /* what the sources can add */

	/* only the counts up to the deck's largest reach are cleared: the
	 * whole array's 1 KiB was most of this function's time */
	memset(by_reach, 0, (top + 1) * sizeof(by_reach[0]));
	for (size_t k = 0; k < c->n_groups; k++)
		by_reach[c->g[k].reach] += g->hand[k];
	for (uint32_t t = 1; t <= g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			by_reach[c->g[g->draws[t - 1]].reach]++;
	for (uint32_t m = top + 1; m-- > 0 && room;) {
		uint32_t n = by_reach[m] < room ? by_reach[m] : room;

		most += (uint64_t)n * m;
		room -= n;
	}
	return most < c->mana_needed;
}

/* Keeps castability answer rc (1 or 0) for key in the memo: rc, or
 * MF_ERR_NOMEM. */
static int remember(struct odds_ctx *c, const uint8_t *key, int rc)
{
	bool added;
	union odds_value *v = mf_odds_table_put(&c->castable, key, &added);

	if (!v)
		return MF_ERR_NOMEM;
	v->u = (uint64_t)rc;
	return rc;
}

/* The memoised answer for lands seen[] before turn `turn` and `last` drawn
 * on it, in any order: 1, 0 or a negative mf_status. */
static int castable_memo(struct odds_ctx *c, const uint8_t *seen, uint8_t last, uint32_t turn)
{
	size_t n = c->n_groups, stride = c->castable.stride;
	uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 3] = { 0 };
	union odds_value *v;
	int rc;

	memcpy(key, seen, n);
	key[n] = last;
	key[stride - 1] = (uint8_t)turn;  /* key[stride - 2]: 0, not in order */
	v = mf_odds_table_find(&c->castable, key);
	if (v)
		return (int)v->u;
	rc = mf_odds_castable_seen(c, key, last, turn);
	if (rc < 0)
		return rc;
	return remember(c, key, rc);
}

/* Whether game g holds a fetch and a bounce land before its turn. */
static bool fetch_and_bounce(const struct odds_ctx *c, const struct odds_game *g)
{
	bool fetch = false, bounce = false;

	for (uint32_t t = 0; t < g->turn; t++) {
		for (size_t k = 0; t == 0 && k < c->n_groups; k++) {
			fetch |= g->hand[k] && c->g[k].drop == ODDS_DROP_FETCH;
			bounce |= g->hand[k] && c->g[k].drop == ODDS_DROP_BOUNCE;
		}
		if (t >= 1 && g->draws[t - 1] < c->n_groups) {
			fetch |= c->g[g->draws[t - 1]].drop == ODDS_DROP_FETCH;
			bounce |= c->g[g->draws[t - 1]].drop == ODDS_DROP_BOUNCE;
		}
	}
	return fetch && bounce;
}

/* Game g, whose draws' order matters (a bounce land arrives before its
 * turn): 1, 0 or a negative mf_status. First the lines that never play a
 * bounce land, in any order (most games cast so), then every line. */
static int castable_in_order(struct odds_ctx *c, const struct odds_game *g)
{
	size_t n = c->n_groups, stride = c->castable.stride;
	uint8_t key[2 * MF_ODDS_LAND_KINDS_MAX + MF_ODDS_TURN_MAX + 3] = { 0 };
	uint8_t seen[MF_ODDS_LAND_KINDS_MAX], all[MF_ODDS_LAND_KINDS_MAX], lib[MF_ODDS_LAND_KINDS_MAX];
	uint8_t last = ODDS_SPELL;
	union odds_value *v;
	int rc;

	/* without the bounce lands: what the other lands seen can do */
	memcpy(seen, g->hand, n);
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < n)
			seen[g->draws[t - 1]]++;
	if (g->draws[g->turn - 1] < n)
		last = g->draws[g->turn - 1];
	memcpy(all, seen, n);
	if (last != ODDS_SPELL)
		all[last]++;
	for (size_t k = 0; k < n; k++)
		if (c->g[k].drop == ODDS_DROP_BOUNCE)
			seen[k] = 0;
	if (last != ODDS_SPELL && c->g[last].drop == ODDS_DROP_BOUNCE)
		last = ODDS_SPELL;
	rc = castable_memo(c, seen, last, g->turn);
	if (rc)
		return rc;
	/* every line: the hand and each draw */
	memcpy(key, g->hand, n);
	for (uint32_t t = 1; t <= g->turn; t++)
		key[n + t - 1] = g->draws[t - 1] < n ? g->draws[t - 1] : ODDS_SPELL;
	key[stride - 2] = 1;
	key[stride - 1] = (uint8_t)g->turn;
	v = mf_odds_table_find(&c->castable, key);
	if (v)
		return (int)v->u;
	/* the library for fetches: every land not seen by turn T */
	for (size_t k = 0; k < n; k++)
		lib[k] = (uint8_t)(c->g[k].count - all[k]);
	rc = hopeless(c, all, lib);
	if (rc == 1)
		rc = 0;
	else if (rc == 0)
		rc = mf_odds_castable_lines(c, g, lib);
	/* a land a fetch found may also be bounced and played again, which the
	 * lines miss: where the game holds both before its turn, the places of
	 * ramp.c (past their cap, the lines' answer stands) */
	if (rc == 0 && c->ramp && fetch_and_bounce(c, g)) {
		rc = mf_odds_castable_ramp(c, g);
		if (rc == MF_ERR_LIMIT && c->ramp->overflow)
			rc = 0;
	}
	if (rc < 0)
		return rc;
	return remember(c, key, rc);
}

/* Whether some line of the lands alone casts the cost on g->turn: 1, 0
 * or a negative mf_status. */
static int castable_lands(struct odds_ctx *c, const struct odds_game *g)
{
	uint8_t seen[MF_ODDS_LAND_KINDS_MAX];
	uint8_t last = ODDS_SPELL;

	if (short_of_mana(c, g, 0))
		return 0;
	if (ordered(c, g))
		return castable_in_order(c, g);
	/* what the line of play depends on: the lands before the turn and the
	 * turn's draw */
	memcpy(seen, g->hand, c->n_groups);
	for (uint32_t t = 1; t < g->turn; t++)
		if (g->draws[t - 1] < c->n_groups)
			seen[g->draws[t - 1]]++;
	if (g->draws[g->turn - 1] < c->n_groups)
		last = g->draws[g->turn - 1];
	return castable_memo(c, seen, last, g->turn);
}

int mf_odds_castable(struct odds_ctx *c, const struct odds_game *g)
{
	int rc;

	if (!c->q->n_sources)
		return castable_lands(c, g);
	/* sources make mana too: every line, turn by turn */
	if (short_of_mana(c, g, mf_odds_ramp_most(c, g)))
		return 0;
	/* a line of the lands alone is a line: cast no source (not with a
	 * bounce land before the turn, whose lines' memo is by lands only) */
	if (!ordered(c, g) && (rc = castable_lands(c, g)) != 0)
		return rc;
	rc = mf_odds_castable_ramp(c, g);
	if (rc == MF_ERR_LIMIT && c->ramp->overflow)
		c->over_budget = true;  /* more lines than kept: never guess */
	return rc;
}
