/*
 * The sampled odds: shuffled games, played by the same stages, the same
 * keep-and-bottom rule and the same land drops as the exact count.
 *
 * Game number i of a sample is a function of the seed, i and the deck's
 * cards alone (deal.c), so every spell of one deck sees the same game i,
 * whether it is asked alone or with others, to any turn, and a sample
 * shared by several queries (mf_odds_compute_many()) deals each game once.
 * What each query keeps of it (London bottoming reads its cost's colours)
 * and whether it casts are its own. With a record of a deck a few cards
 * apart (record.c), a query takes the recorded answer of each game it saw
 * the same in both (reuse.c).
 *
 * Within one game and turn, queries of plain costs imply each other: when
 * no land was bottomed (the hands kept are then the same cards), a line of
 * play that casts a cost casts every cost it covers (no more of each type
 * of mana, no more mana in all: model.c's mf_odds_cost_within(), which the
 * exact count's grid implies by too), for no more life. So the costs are asked
 * largest first, and each answer settles those it covers (castable) or
 * those that cover it (not castable) without a search.
 */
#include <stdlib.h>
#include <string.h>

#include "odds/sample_int.h"

/* One member's game in progress. */
struct player {
	uint8_t hand[MF_ODDS_LAND_KINDS_MAX], draws[MF_ODDS_TURN_MAX];
	uint8_t hand_src[MF_ODDS_SOURCE_KINDS_MAX];  /* sources kept, by kind */
	uint8_t lands[MF_ODDS_TURN_MAX];    /* lands seen by each turn */
	uint8_t colored[MF_ODDS_TURN_MAX];  /* those making a cost colour */
	uint8_t sources[MF_ODDS_TURN_MAX];  /* source cards seen by each turn */
	uint32_t breaks;          /* bit t - 1: a land a fetch finds drawn on t,
				   * leaving fewer in the library than the
				   * fetches seen before t (sit()) */
	int on_turn;              /* castable on the turn asked */
	bool cast;                /* castable on cast_turn, the last turn asked */
	uint32_t cast_turn;
	int recorded;             /* the record's answer on the turn asked, where
				   * the game is the record's; else -1 */
};

/* The sources of a hand of `spells` spells, src[] of them sources, that
 * stage st keeps, bottoming spells by Karsten's counts: the spells that
 * make no mana first, then sources, the highest mana value first (ties:
 * the later of the query's). lands_bottomed: the lands it bottoms. */
static void keep_sources(const struct odds_ctx *c, const struct odds_stage *st, uint32_t spells,
			 uint32_t lands_bottomed, uint8_t *src)
{
	uint32_t sources = 0, out;

	for (size_t k = 0; k < c->q->n_sources; k++)
		sources += src[k];
	out = st->bottom - lands_bottomed;  /* spells bottomed */
	out = out > spells - sources ? out - (spells - sources) : 0;
	while (out-- && sources--) {
		size_t worst = SIZE_MAX;

		for (size_t k = 0; k < c->q->n_sources; k++)
			if (src[k] && (worst == SIZE_MAX ||
				       mf_mana_cost_total(&c->q->sources[k].cost) >=
				       mf_mana_cost_total(&c->q->sources[worst].cost)))
				worst = k;
		src[worst]--;
	}
}

/* Member m's view of deal d: the lands and sources it keeps, its draws by
 * group, and what it has seen by each turn. */
static void sit(const struct odds_member *m, const struct odds_deal *d, struct player *p)
{
	const struct odds_ctx *c = m->c;
	uint8_t held[MF_ODDS_LAND_KINDS_MAX] = { 0 }, lib[MF_ODDS_LAND_KINDS_MAX];
	uint32_t spells = 0, first = c->draw_t1 ? 1 : 2, lands = 0, colored = 0, sources = 0;
	uint32_t fetches = 0;

	memset(p->hand, 0, sizeof(p->hand));
	memset(p->hand_src, 0, sizeof(p->hand_src));
	for (uint32_t j = 0; j < d->st->draw; j++) {
		uint8_t g;

		if (d->cards[j] >= ODDS_SOURCE_CARD && d->cards[j] != ODDS_SPELL)
			p->hand_src[d->cards[j] - ODDS_SOURCE_CARD]++;
		if (d->cards[j] >= MF_ODDS_LAND_KINDS_MAX) {
			spells++;
			continue;
		}
		g = c->kind_group[d->cards[j]];
		held[g]++;
		lands++;
		colored += c->g[g].colors != 0;
	}
	if (d->bottomed)
		mf_odds_keep(c, d->st, spells, held, p->hand);
	else  /* no land bottomed: the hand kept is the lands drawn */
		memcpy(p->hand, held, c->n_groups);
	if (c->q->n_sources && d->st->bottom)
		keep_sources(c, d->st, spells, lands - mf_odds_lands_kept(c, d->st, lands, spells),
			     p->hand_src);
	memset(p->draws, ODDS_NONE, sizeof(p->draws));
	for (uint32_t t = first; t <= c->last_turn; t++) {
		uint8_t card = d->cards[d->st->draw + t - first];

		p->draws[t - 1] = card >= MF_ODDS_LAND_KINDS_MAX ? card : c->kind_group[card];
	}
	p->on_turn = 0;
	p->cast = false;
	p->cast_turn = 0;
	p->recorded = -1;
	if (d->bottomed) {  /* the lands kept are not the lands drawn */
		lands = colored = 0;
		for (size_t g = 0; g < c->n_groups; g++) {
			lands += p->hand[g];
			colored += c->g[g].colors ? p->hand[g] : 0;
		}
	}
	p->breaks = 0;
	for (size_t k = 0; k < c->q->n_sources; k++)
		sources += p->hand_src[k];
	/* the library for fetches (every land not seen), and the fetches seen:
	 * read only in a deck whose fetches find some land */
	for (size_t g = 0; g < c->n_groups && m->fetchable; g++) {
		lib[g] = (uint8_t)(c->g[g].count - p->hand[g]);
		fetches += c->g[g].drop == ODDS_DROP_FETCH ? p->hand[g] : 0;
	}
	for (uint32_t t = 1; t <= c->last_turn; t++) {
		uint8_t draw = p->draws[t - 1];

		sources += draw >= ODDS_SOURCE_CARD && draw < ODDS_SOURCE_CARD + c->q->n_sources;
		p->sources[t - 1] = (uint8_t)sources;
		if (draw < c->n_groups) {
			lands++;
			colored += c->g[draw].colors != 0;
			/* a line that cast on a turn before t cracked at most the
			 * fetches seen before t, each finding one land: it finds
			 * the same while the library keeps as many of this one */
			if (m->fetchable) {
				lib[draw]--;
				if ((m->fetchable >> draw & 1u) && lib[draw] < fetches)
					p->breaks |= 1u << (t - 1);
				fetches += c->g[draw].drop == ODDS_DROP_FETCH;
			}
		}
		p->lands[t - 1] = (uint8_t)lands;
		p->colored[t - 1] = (uint8_t)colored;
	}
}

void mf_odds_sample_prepare(struct odds_member *m, size_t k)
{
	for (size_t i = 0; i < k; i++) {
		struct odds_ctx *c = m[i].c;

		m[i].fetchable = 0;
		for (size_t g = 0; g < c->n_groups; g++)
			m[i].fetchable |= c->g[g].count ? c->g[g].finds : 0;
		m[i].below = m[i].above = 0;
		for (size_t j = 0; j < k; j++) {
			if (j == i)
				continue;
			if (mf_odds_cost_within(m[j].c, c))
				m[i].below |= 1ull << j;
			if (mf_odds_cost_within(c, m[j].c))
				m[i].above |= 1ull << j;
		}
	}
	/* the order the costs are asked in: most mana first */
	for (size_t i = 0; i < k; i++)
		m[i].order = (uint8_t)i;
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && m[m[j].order].c->mana_needed >
					   m[m[j - 1].order].c->mana_needed; j--) {
			uint8_t x = m[j].order;

			m[j].order = m[j - 1].order;
			m[j - 1].order = x;
		}
	for (size_t o = 0; o < k; o++)
		m[m[o].order].rank = (uint8_t)o;
}

/* Member m failed with rc: it plays no more. */
static void drop_out(struct odds_member *m, int rc)
{
	m->rc = rc;
	m->active = false;
}

/* Turn t of one game for the members asking about it (bits of asks):
 * whether each casts, by its carry, by an implication or by a search. */
static void play_turn(struct odds_member *m, uint64_t asks, struct player *p, const struct odds_deal *d,
		      uint32_t t)
{
	uint64_t asked = 0, yes = 0, no = 0, by_rank = 0;
	bool imply = !d->bottomed;

	for (; asks; asks &= asks - 1) {
		size_t i = (size_t)__builtin_ctzll(asks);
		const struct odds_ctx *c = m[i].c;
		uint32_t since = t - p[i].cast_turn;  /* turns since the last asked */

		if (!m[i].active)
			continue;
		if (!mf_odds_charge(m[i].c, 1)) {
			drop_out(&m[i], MF_ERR_LIMIT);
			continue;
		}
		asked |= 1ull << i;
		/* a line of play that cast still does, its last land drop
		 * delayed, while no land a fetch finds is drawn that leaves the
		 * fetches' library (the lands not seen) fewer of it than the
		 * fetches that line could have cracked (sit()) */
		if ((p[i].cast && !(p[i].breaks >> p[i].cast_turn & ((1u << since) - 1))) ||
		    (t == c->q->turn && p[i].recorded == 1))
			yes |= 1ull << i | (imply ? m[i].below : 0);
		else if (t == c->q->turn && p[i].recorded == 0)
			no |= 1ull << i | (imply ? m[i].above : 0);
	}
	/* the members asked, by their places in the order asked */
	for (uint64_t a = asked; a; a &= a - 1)
		by_rank |= 1ull << m[__builtin_ctzll(a)].rank;
	for (; by_rank; by_rank &= by_rank - 1) {
		size_t i = m[__builtin_ctzll(by_rank)].order;
		struct odds_game g;
		int castable;

		if (((yes | no) >> i & 1) || !m[i].active)
			continue;
		g = (struct odds_game){ .hand = p[i].hand, .hand_src = p[i].hand_src, .draws = p[i].draws,
					.turn = t };
		castable = mf_odds_castable(m[i].c, &g);
		if (castable < 0) {
			drop_out(&m[i], castable);
			continue;
		}
		if (castable)
			yes |= 1ull << i | (imply ? m[i].below : 0);
		else
			no |= 1ull << i | (imply ? m[i].above : 0);
	}
	for (; asked; asked &= asked - 1) {
		size_t i = (size_t)__builtin_ctzll(asked);
		struct odds_strata *s = &m[i].strata;
		size_t at;
		int castable = (int)(yes >> i & 1);

		if (!m[i].active)
			continue;
		p[i].cast = castable == 1;
		p[i].cast_turn = t;
		m[i].tally.by_turn[t - 1] += castable;
		at = odds_stratum(s, t, p[i].lands[t - 1], p[i].colored[t - 1], p[i].sources[t - 1]);
		s->games[at]++;
		s->cast[at] += (uint32_t)castable;
		if (t == m[i].c->q->turn)
			p[i].on_turn = castable;
	}
}

void mf_odds_sample_unrecord(struct odds_member *m)
{
	free(m->bits);
	mf_odds_heap_give(m->heap, m->bits_room * sizeof(*m->bits));
	m->bits = NULL;
	m->bits_room = 0;
}

/* Sets member m's answer of game `game` on its turn in its bits, made
 * room for; false without memory (the member then records nothing). */
static bool put_bit(struct odds_member *m, uint64_t game, int castable)
{
	size_t word = (size_t)(game / 64);

	if (word >= m->bits_room) {
		size_t room = 2 * word + 16;
		uint64_t *more;

		if (!mf_odds_heap_take(m->heap, (room - m->bits_room) * sizeof(*more)))
			return false;
		more = realloc(m->bits, room * sizeof(*more));
		if (!more) {
			mf_odds_heap_give(m->heap, (room - m->bits_room) * sizeof(*more));
			return false;
		}
		memset(more + m->bits_room, 0, (room - m->bits_room) * sizeof(*more));
		m->bits = more;
		m->bits_room = room;
	}
	if (castable)
		m->bits[word] |= 1ull << (game % 64);
	return true;
}

/* The end of one game for each member that played it: its sums, and its
 * answer on its turn recorded. */
static void end_game(struct odds_member *m, const uint8_t *on, size_t n_on, const struct player *p,
		     uint64_t game)
{
	for (size_t a = 0; a < n_on; a++) {
		size_t i = on[a];

		if (!m[i].active)
			continue;
		m[i].tally.castable += p[i].on_turn;
		if (p[i].lands[m[i].c->q->turn - 1] >= m[i].c->lands_needed) {
			m[i].tally.lands++;
			m[i].tally.both += p[i].on_turn;
		}
		m[i].games++;
		if (m[i].bits && !put_bit(&m[i], game, p[i].on_turn))
			mf_odds_sample_unrecord(&m[i]);
	}
}

int mf_odds_sample(struct odds_member *m, size_t k, uint64_t first, uint32_t games,
		   const struct odds_record *ref)
{
	const struct mf_odds_query *q = m[0].c->q;
	uint32_t last = 0, draws;
	uint8_t on[ODDS_SAMPLE_BATCH_MAX];
	uint64_t asks[MF_ODDS_TURN_MAX] = { 0 };  /* bit i: member i asks turn t */
	size_t n_on = 0;
	struct player *p = malloc(k * sizeof(*p) + 1);
	struct odds_layout layout;
	struct odds_reuse u;
	int rc;

	mf_odds_reuse_init(&u, m[0].c, ref);
	rc = mf_odds_layout_init(&layout, q, u.ref ? mf_odds_record_deck(u.ref) : NULL);
	if (!rc && !p)
		rc = MF_ERR_NOMEM;
	/* the members playing, and the draws of turns 1 (or 2) .. the last
	 * they ask (a deal of fewer draws deals the same first cards) */
	for (size_t i = 0; i < k; i++)
		if (m[i].active) {
			const struct odds_ctx *c = m[i].c;

			on[n_on++] = (uint8_t)i;
			last = c->last_turn > last ? c->last_turn : last;
			for (uint32_t t = 1; t <= c->last_turn; t++)
				if (t == c->q->turn || t <= c->q->curve)
					asks[t - 1] |= 1ull << i;
		}
	draws = last ? last - (m[0].c->draw_t1 ? 0 : 1) : 0;
	for (uint64_t game = first; game < first + games && !rc && n_on; game++) {
		struct odds_deal d, d0;
		struct odds_reuse_game g;
		bool any = false, reuse = false;
		uint32_t looked, cost;

		/* the record's game too, when some member may take its answer */
		for (size_t a = 0; a < n_on && u.ref; a++)
			reuse |= m[on[a]].active && m[on[a]].ref && game < m[on[a]].ref_games;
		/* each member is charged the game by the cards its deal
		 * looked at (sample_int.h) */
		looked = mf_odds_deal(m[0].c, &layout, game, draws, &d, reuse ? &d0 : NULL);
		cost = 1 + (looked > ODDS_DEAL_CARDS_FREE ?
			    (looked - ODDS_DEAL_CARDS_FREE) / ODDS_DEAL_CARDS_PER_UNIT : 0);
		if (reuse)
			mf_odds_reuse_game(&u, &d, &d0, draws, &g);
		for (size_t a = 0; a < n_on; a++) {
			size_t i = on[a];

			if (!m[i].active)
				continue;
			if (!mf_odds_charge(m[i].c, cost)) {
				drop_out(&m[i], MF_ERR_LIMIT);
				continue;
			}
			sit(&m[i], &d, &p[i]);
			any = true;
			if (reuse && m[i].ref && game < m[i].ref_games && mf_odds_reuse_same(&u, m[i].c, &g))
				p[i].recorded = (int)(m[i].ref[game / 64] >> (game % 64) & 1);
		}
		if (!any)
			break;
		for (uint32_t t = 1; t <= last; t++)
			play_turn(m, asks[t - 1], p, &d, t);
		end_game(m, on, n_on, p, game);
	}
	mf_odds_layout_free(&layout);
	free(p);
	return rc;
}
