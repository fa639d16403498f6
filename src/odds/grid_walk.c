/*
 * The grid's walk: the kept hands of one class, turn by turn over the
 * cells, and the castability memo it reads (grid_int.h).
 *
 * Each turn's draw x from cell S is tallied by the lands it leaves seen and
 * by the members that cast with it (one byte of memo, filled on first use).
 *
 * Castability never falls when one more land is seen before the turn: a
 * land in hand does all it could do from the library (played where a
 * fetch would find it, for no life and untapped). So a member that casts
 * from a smaller neighbour of the cell casts without a search.
 *
 * A land drawn later is another matter when a fetch seen can find its
 * group: a fetch searches only the lands not seen by the turn asked, so a
 * line that fetched the last such land is lost (in the game the fetch
 * would have taken it from the library; the model's draws are fixed, and
 * the reference and the sample play it so). The shortcuts below hold only
 * where mf_odds_grid_fetch_safe() says that cannot happen:
 *  - a member that casts with a spell drawn casts with a land drawn,
 *    when no fetch seen finds its group or the library keeps a land of it
 *    for each fetch seen, after the one drawn;
 *  - castability does not fall a turn later. A line of play still works
 *    with its last land drop delayed; a land it fetched that is drawn
 *    before the turn asked is played on the turn it is drawn instead,
 *    untapped by the turn asked, and one drawn on the turn asked loses
 *    nothing when it enters untapped for no life. The others (grid_int.h's
 *    fragile groups) need the library to keep, after one drawn on the
 *    turn asked, a land for each fetch seen, of the group or of its pool:
 *    lands the line could have fetched instead. So a member that cast the
 *    turn before casts now, and a draw that every member asking a later
 *    turn casts, with the lands each needs, leaves the walk and counts as
 *    castable on every later turn.
 */
#include <string.h>

#include "odds/grid_int.h"

/* grid_int.h: a pool's lands are those a line fetching before the turn
 * may take instead. */
bool mf_odds_grid_fetch_safe(const struct grid *gr, uint32_t cell, uint32_t groups, bool pooled)
{
	const uint8_t *s = gr->digits + (size_t)cell * gr->n;
	uint32_t fetches = 0, present = 0;

	for (size_t i = 0; i < gr->n_fetch_groups; i++) {
		size_t f = gr->fetch_group[i];

		fetches += s[f];
		present |= s[f] ? 1u << f : 0;
	}
	if (!present)
		return true;
	for (; groups; groups &= groups - 1) {
		size_t z = (size_t)__builtin_ctz(groups);
		uint32_t left = 0;

		if (!(gr->finders[z] & present))
			continue;
		for (uint32_t p = pooled ? gr->pool[z] : 1u << z; p; p &= p - 1) {
			size_t y = (size_t)__builtin_ctz(p);

			left += gr->c->g[y].count - s[y];
		}
		if (left < fetches + 1)
			return false;
	}
	return true;
}

/* The members (a mask) that cast with the lands of `cell` seen before
 * turn t and draw x (a group, or n for a spell or no draw), of those that
 * look turn t up: 0 .. 0x7f, or a negative mf_status. */
static int castable(struct grid *gr, uint32_t t, uint32_t cell, size_t x)
{
	size_t n = gr->n;
	uint8_t *memo = gr->memo + ((size_t)gr->block[t - 1] * gr->cells) * (n + 1);
	const uint8_t *s = gr->digits + (size_t)cell * n;
	unsigned look = gr->look[t - 1], got = 0;

	if (memo[(size_t)cell * (n + 1) + x] & GRID_KNOWN)
		return (int)(memo[(size_t)cell * (n + 1) + x] & ~GRID_KNOWN);
	if (x < n && mf_odds_grid_fetch_safe(gr, cell, gr->fetchable & 1u << x, false)) {
		int rc = castable(gr, t, cell, n);

		if (rc < 0)
			return rc;
		got = (unsigned)rc;
	}
	for (size_t g = 0; g < n && got != look; g++) {
		uint8_t e = s[g] ? memo[(size_t)(cell - gr->stride[g]) * (n + 1) + x] : 0;

		if (e & GRID_KNOWN)
			got |= e & ~GRID_KNOWN;
	}
	/* a member that cast on the turn before, with these lands seen before
	 * this turn's draw (a spell drawn then, or a land of this cell),
	 * casts now */
	if (got != look && t > 1 && gr->block[t - 2] != UINT8_MAX &&
	    (x == n || mf_odds_grid_fetch_safe(gr, cell, gr->fragile & 1u << x, true))) {
		const uint8_t *before = gr->memo + ((size_t)gr->block[t - 2] * gr->cells) * (n + 1);
		unsigned then = before[(size_t)cell * (n + 1) + n];

		for (size_t g = 0; g < n; g++)
			if (s[g])
				then |= before[(size_t)(cell - gr->stride[g]) * (n + 1) + g];
		got |= then & look & ~GRID_KNOWN;
	}
	/* the others, each search halving those not known: one that casts
	 * makes those it implies cast, one that fails those that imply it
	 * fail */
	for (unsigned open = look & ~got, fails = 0; open; open = look & ~got & ~fails) {
		unsigned pick = open;
		size_t k = 0;
		int rc;

		for (int skip = __builtin_popcount(open) / 2; skip > 0; skip--)
			pick &= pick - 1;
		k = (size_t)__builtin_ctz(pick);
		rc = mf_odds_castable_seen(gr->members[k], s, x < n ? (uint8_t)x : ODDS_SPELL, t);
		if (rc < 0)
			return rc;
		if (rc)
			got |= (1u << k | gr->implied[k]) & look;
		else
			fails |= 1u << k | gr->implied_not[k];
	}
	memo[(size_t)cell * (n + 1) + x] = (uint8_t)(got | GRID_KNOWN);
	return (int)got;
}

/* One turn's walk: what every cell of it shares (walk_turn()). */
struct turn {
	struct grid *gr;
	uint32_t t;
	unsigned ask, care;
	uint32_t absorb_lands;
	bool last;
	double *mass;            /* the turn's tallies, or NULL when none asks it */
	double *next;
	uint64_t *live_next;
};

/* One cell's draws: the cell, its memo row (NULL: nobody looks the turn
 * up), the probability of one card, and the run of equal tallies. */
struct draws {
	uint32_t cell, lands;
	const uint8_t *row;
	double per_card;
	uint32_t key, cards, absorbed;
};

/* Draw x (a group, or n for a spell or none), made by `have` cards,
 * leaving `seen` lands seen and the walk at cell `to`: tallied, then
 * absorbed or carried. MF_OK or a negative mf_status. */
static inline int draw(struct turn *w, struct draws *d, size_t x, uint32_t have, uint32_t seen,
		       uint32_t to)
{
	unsigned cast = 0;

	if (d->row) {
		int got = d->row[x] & GRID_KNOWN ? (int)(d->row[x] & ~GRID_KNOWN) :
			  castable(w->gr, w->t, d->cell, x);

		if (got < 0)
			return got;
		cast = (unsigned)got;
	}
	if (w->mass) {
		/* the draws of a cell mostly leave the same lands seen and the
		 * same members casting: a run of equal keys is added once */
		uint32_t k = seen * 128 + (cast & w->ask);

		if (k != d->key) {
			if (d->cards)
				w->mass[d->key] += d->per_card * d->cards;
			d->key = k;
			d->cards = 0;
		}
		d->cards += have;
	}
	if (w->last)
		return MF_OK;
	/* cast by every member still asking, with the lands each needs: it
	 * casts on every later turn whatever it draws, so it leaves the walk */
	if ((cast & w->care) == w->care && seen >= w->absorb_lands &&
	    (!w->gr->fragile || (w->gr->absorbable[to / 64] >> (to % 64) & 1))) {
		d->absorbed += have;
		return MF_OK;
	}
	w->live_next[to / 64] |= 1ull << (to % 64);
	w->next[to] += d->per_card * have;
	return MF_OK;
}

/* Turn t of class cl, `library` cards drawable: each cell's draws tallied
 * into the turn's mass (when a member asks t) and carried into next (unless
 * t is last), or, when every member that cares casts with the lands it
 * needs, absorbed. The loop reads the turn's memo row by row. */
static int walk_turn(struct grid *gr, const struct grid_class *cl, uint32_t t, uint32_t library)
{
	struct odds_ctx *c = gr->c;
	bool draws = t > 1 || c->draw_t1;
	size_t n = gr->n;
	unsigned look = gr->look[t - 1];
	struct turn w = {
		.gr = gr, .t = t, .ask = gr->ask[t - 1], .care = gr->care[t - 1],
		.absorb_lands = gr->absorb_lands[t - 1], .last = t == gr->last_turn,
		.mass = gr->ask[t - 1] ? gr->mass + (size_t)(t - 1) * GRID_SEEN_MAX * 128 : NULL,
		.next = gr->next, .live_next = gr->live_next,
	};
	const uint8_t *memo = look ? gr->memo + (size_t)gr->block[t - 1] * gr->cells * (n + 1) : NULL;
	double *cur = gr->cur;
	const uint32_t *stride = gr->stride;
	uint64_t *live = gr->live;
	const uint8_t *digits = gr->digits, *lands_of = gr->lands;
	uint32_t unseen = c->lands - cl->bottomed_lands;
	uint32_t avail[MF_ODDS_LAND_KINDS_MAX];  /* drawable lands of each group, in the class */
	double absorbed = 0;
	int rc = MF_OK;

	for (size_t g = 0; g < n; g++)
		avail[g] = c->g[g].count - cl->bottomed[g];
	for (size_t i = 0, bits = 0; !rc; bits &= bits - 1) {
		uint32_t cell, lands;

		/* the next live cell, in order; each word cleared as it is read */
		while (!bits && i < gr->words) {
			bits = live[i];
			live[i++] = 0;
		}
		if (!bits)
			break;
		cell = (uint32_t)((i - 1) * 64 + (size_t)__builtin_ctzll(bits));
		lands = lands_of[cell];
		const uint8_t *s = digits + (size_t)cell * n;
		/* each draw's probability is per_card times the cards that make
		 * it (without a draw: p, one "card") */
		struct draws d = {
			.cell = cell, .lands = lands, .row = memo ? memo + (size_t)cell * (n + 1) : NULL,
			.per_card = draws ? cur[cell] / library : cur[cell], .key = UINT32_MAX,
		};

		cur[cell] = 0;
		if (!mf_odds_charge(c, n + 1)) {
			rc = MF_ERR_LIMIT;
			break;
		}
		if (draws) {
			for (size_t x = 0; x < n && !rc; x++)
				if (avail[x] > s[x])
					rc = draw(&w, &d, x, avail[x] - s[x], lands + 1, cell + stride[x]);
			/* drawable spells: the library but its lands not seen nor bottomed */
			if (!rc && library > unseen - lands)
				rc = draw(&w, &d, n, library - (unseen - lands), lands, cell);
		} else {
			rc = draw(&w, &d, n, 1, lands, cell);
		}
		if (d.cards)
			w.mass[d.key] += d.per_card * d.cards;
		absorbed += d.per_card * d.absorbed;
	}
	gr->absorbed[t - 1] += absorbed;
	return rc;
}

/* Puts p on cell, as one of next turn's cells. */
static void carry(struct grid *gr, uint32_t cell, double p)
{
	gr->live_next[cell / 64] |= 1ull << (cell % 64);
	gr->next[cell] += p;
}

int mf_odds_grid_walk_class(struct grid *gr, size_t k, size_t from, size_t to)
{
	const struct grid_class *cl = &gr->class[k];
	struct odds_ctx *c = gr->c;
	uint32_t library = c->q->size - cl->draw;
	int rc = MF_OK;

	for (size_t i = from; i < to; i++)
		carry(gr, gr->start[i].cell, gr->start[i].p);
	for (uint32_t t = 1; t <= gr->last_turn && !rc; t++) {
		double *swap_p = gr->cur;
		uint64_t *swap_l = gr->live;

		gr->cur = gr->next;
		gr->next = swap_p;
		gr->live = gr->live_next;
		gr->live_next = swap_l;
		rc = walk_turn(gr, cl, t, library);
		if (t > 1 || c->draw_t1)
			library--;
	}
	/* after an error the grid is left as it is, and freed; a walk that
	 * ended on its last turn left nothing in next */
	return rc;
}
