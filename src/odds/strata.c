/*
 * The sample's estimate, post-stratified by the lands and sources seen.
 *
 * How many lands a game has seen by turn t, how many of them make one of
 * the cost's colours, and how many source cards it has seen, has an exact
 * law that costs little to count: it depends only on how many cards of
 * each kind (lands making a cost colour or not, sources, other spells)
 * each hand holds, since London bottoming takes the lands making none of
 * the cost's colours first, and the spells making no mana before sources.
 * Castability depends on these counts most of all. So the sample
 * estimates P(castable) within each stratum, and weighs each stratum by
 * its exact probability:
 *
 *   p = sum over strata of law * cast / games
 *   se^2 = sum over strata of law^2 * q (1 - q) / games
 *
 * with q = (cast + 1) / (games + 2), so that a stratum whose games all
 * agree still has an error. A stratum of positive law that no game reached
 * takes the rate of its row (the games with as many lands and sources), or
 * of the nearest row reached, with an error of half its law. The estimate
 * is unbiased but for those, and its error is smaller than the plain
 * average's by what the counts of lands and sources explain.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "odds/sample_int.h"

/* The deck's cards the strata tell apart: lands making a cost colour,
 * lands making none, and source cards. */
struct kinds {
	uint32_t colored, other, sources;
};

static void kinds(const struct odds_ctx *c, struct kinds *k)
{
	k->colored = k->other = k->sources = 0;
	for (size_t g = 0; g < c->n_groups; g++)
		*(c->g[g].colors ? &k->colored : &k->other) += c->g[g].count;
	for (size_t s = 0; s < c->q->n_sources; s++)
		k->sources += c->q->source_counts[s];
}

/* P(a, b and e of the cards of each of three kinds, have[] of them, among
 * d drawn from n). */
static double three_kinds(uint32_t n, const struct kinds *have, uint32_t d, uint32_t a, uint32_t b,
			  uint32_t e)
{
	uint32_t rest = n - have->colored - have->other - have->sources;

	if (a > have->colored || b > have->other || e > have->sources || a + b + e > d ||
	    d - a - b - e > rest)
		return 0;
	/* without sources the factor of e is exactly 1: the law of the lands
	 * alone, to the bit */
	return mf_odds_binom(have->colored, a) * mf_odds_binom(have->other, b) *
	       mf_odds_binom(have->sources, e) * mf_odds_binom(rest, d - a - b - e) /
	       mf_odds_binom(n, d);
}

/* A kept hand of `kept` lands (`colored` of them making a cost colour) and
 * `srcs` source cards, of probability p, after a stage that drew `drawn`
 * cards of the deck's (of kinds deck) holding h[] of each kind: the strata
 * of each turn. */
static void after_hand(const struct odds_ctx *c, const struct kinds *deck, uint32_t drawn,
		       const struct kinds *h, uint32_t kept, uint32_t colored, uint32_t srcs, double p,
		       struct odds_strata *s)
{
	struct kinds lib = *deck;
	uint32_t n = c->q->size - drawn, rest, most = c->last_turn - 1 + (c->draw_t1 ? 1u : 0u);
	/* three_kinds(n, &lib, draws, a, b, e)'s factors, each once for every turn */
	double ca[MF_ODDS_TURN_MAX + 1], cb[MF_ODDS_TURN_MAX + 1], ce[MF_ODDS_TURN_MAX + 1];
	double cr[MF_ODDS_TURN_MAX + 1];

	lib.colored -= h->colored;
	lib.other -= h->other;
	lib.sources -= h->sources;
	rest = n - lib.colored - lib.other - lib.sources;
	for (uint32_t j = 0; j <= most; j++) {
		ca[j] = mf_odds_binom(lib.colored, j);
		cb[j] = mf_odds_binom(lib.other, j);
		ce[j] = mf_odds_binom(lib.sources, j);
		cr[j] = mf_odds_binom(rest, j);
	}
	for (uint32_t t = 1; t <= c->last_turn; t++) {
		uint32_t draws = t - 1 + (c->draw_t1 ? 1u : 0u);
		double all = mf_odds_binom(n, draws);

		for (uint32_t a = 0; a <= draws && a <= lib.colored; a++)
			for (uint32_t b = 0; a + b <= draws && b <= lib.other; b++)
				for (uint32_t e = 0; a + b + e <= draws && e <= lib.sources; e++) {
					if (draws - a - b - e > rest)
						continue;  /* three_kinds() is then 0 */
					s->law[odds_stratum(s, t, kept + a + b, colored + a, srcs + e)] +=
						p * (ca[a] * cb[b] * ce[e] * cr[draws - a - b - e] / all);
				}
	}
}

/* A hand the mulligan stages keep: its cards of each kind h, the cards its
 * stage drew, the lands it keeps (colored of them making a cost colour)
 * and its source cards kept (as the strata count them), and its
 * probability summed over the stages that keep it so. */
struct kept_hand {
	struct kinds h;
	uint32_t drawn, kept, colored, srcs;
	double p;
	int32_t next;  /* the next kept hand of the same h[], or -1 */
};

/* The kept hands of c's stages (deck: its cards of each kind; each
 * stage's probability of being reached counted in), those alike merged,
 * into hands (room for every stage's hands); first[] (side^3 entries, side
 * the largest draw plus 1, all -1) is the first kept hand of each h[].
 * Returns their count. Merging costs only the rounding of a sum: each is
 * counted once instead of once a stage (a hand bottoming a spell keeps
 * what it kept without a mulligan). */
static size_t kept_hands(const struct odds_ctx *c, const struct kinds *deck,
			 const struct odds_strata *s, struct kept_hand *hands, int32_t *first,
			 uint32_t side)
{
	uint32_t n = c->q->size;
	struct kinds h;
	double reach = 1;
	size_t count = 0;

	for (size_t i = 0; i < c->n_stages && reach > 0; i++) {
		const struct odds_stage *st = &c->stages[i];
		double kept = 0;

		for (h.colored = 0; h.colored <= st->draw && h.colored <= deck->colored; h.colored++)
			for (h.other = 0; h.colored + h.other <= st->draw && h.other <= deck->other; h.other++)
				for (h.sources = 0; h.colored + h.other + h.sources <= st->draw &&
						    h.sources <= deck->sources; h.sources++) {
					uint32_t lands = h.colored + h.other, spells = st->draw - lands;
					uint32_t left = mf_odds_lands_kept(c, st, lands, spells);
					uint32_t bottomed = lands - left, plain = spells - h.sources, gone;
					double p = three_kinds(n, deck, st->draw, h.colored, h.other, h.sources);
					struct kept_hand x = { .h = h, .drawn = st->draw, .kept = left };
					int32_t *at = &first[(h.colored * side + h.other) * side + h.sources];

					if (p == 0 || !mf_odds_keeps(st, left))
						continue;
					kept += p;
					/* the spells bottomed: those making no mana first, then
					 * sources (sample.c's keep_sources()) */
					gone = st->bottom - bottomed > plain ? st->bottom - bottomed - plain : 0;
					gone = gone < h.sources ? gone : h.sources;
					/* the lands making no cost colour are bottomed first */
					x.colored = h.colored - (bottomed > h.other ? bottomed - h.other : 0);
					x.srcs = h.sources - gone;
					if (x.srcs >= s->depth)
						x.srcs = s->depth - 1;  /* the strata count no more */
					while (*at >= 0 && (hands[*at].drawn != x.drawn || hands[*at].kept != x.kept ||
							    hands[*at].colored != x.colored || hands[*at].srcs != x.srcs))
						at = &hands[*at].next;
					if (*at < 0) {
						x.next = -1;
						*at = (int32_t)count;
						hands[count++] = x;
					}
					hands[*at].p += reach * p;
				}
		reach *= 1 - kept;
	}
	return count;
}

/* The exact law of the strata, into s->law (zeroed): each kept hand's
 * strata of each turn. MF_OK or MF_ERR_NOMEM. */
static int land_law(const struct odds_ctx *c, struct odds_strata *s)
{
	uint32_t side = 1;  /* the most cards of a kind a hand holds, plus 1 */
	struct kept_hand *hands;
	int32_t *first;
	struct kinds deck;
	size_t count;

	kinds(c, &deck);
	for (size_t i = 0; i < c->n_stages; i++)
		side = c->stages[i].draw + 1u > side ? c->stages[i].draw + 1u : side;
	/* a stage's hands hold at most side - 1 cards of the three kinds */
	hands = malloc(c->n_stages * side * (side + 1) * (side + 2) / 6 * sizeof(*hands) + 1);
	first = malloc((size_t)side * side * side * sizeof(*first));
	if (!hands || !first) {
		free(hands);
		free(first);
		return MF_ERR_NOMEM;
	}
	for (size_t i = 0; i < (size_t)side * side * side; i++)
		first[i] = -1;
	count = kept_hands(c, &deck, s, hands, first, side);
	for (size_t i = 0; i < count; i++)
		after_hand(c, &deck, hands[i].drawn, &hands[i].h, hands[i].kept, hands[i].colored,
			   hands[i].srcs, hands[i].p, s);
	free(hands);
	free(first);
	return MF_OK;
}

/* The bytes of the strata of c: the games and casts, and the law unless
 * borrowed. */
static size_t strata_bytes(const struct odds_strata *s, size_t cells)
{
	return cells * ((s->borrowed ? 0 : sizeof(*s->law)) + sizeof(*s->games) + sizeof(*s->cast));
}

bool mf_odds_strata_alike(const struct odds_ctx *a, const struct odds_ctx *b)
{
	struct kinds x, y;

	kinds(a, &x);
	kinds(b, &y);
	return x.colored == y.colored && x.other == y.other && x.sources == y.sources &&
	       a->last_turn == b->last_turn;
}

/* s->top[] from its law: the strata past it have none, so an estimate
 * need not read them. */
static void law_tops(const struct odds_ctx *c, struct odds_strata *s)
{
	memset(s->top, 0, sizeof(s->top));
	for (uint32_t t = 1; t <= c->last_turn; t++)
		for (uint32_t l = 0; l < s->width; l++)
			for (uint32_t m = 0; m <= l; m++)
				for (uint32_t k = 0; k < s->depth; k++)
					if (s->law[odds_stratum(s, t, l, m, k)] > 0)
						s->top[t - 1] = l + 1;
}

int mf_odds_strata_init(const struct odds_ctx *c, struct odds_strata *s, struct odds_heap *heap,
			const struct odds_strata *like)
{
	size_t cells;

	s->width = 7 + c->last_turn + 1;
	s->depth = c->q->n_sources ? ODDS_STRATA_SOURCES : 1;
	cells = (size_t)c->last_turn * odds_strata_turn(s);
	s->law = NULL;
	s->borrowed = like != NULL;
	s->games = s->cast = NULL;
	s->heap = heap;
	s->bytes = 0;
	/* at most 20 x 406 x 3 cells of 16 bytes, 390 KiB, counted in heap */
	if (!mf_odds_heap_take(heap, strata_bytes(s, cells)))
		return MF_ERR_NOMEM;
	s->bytes = strata_bytes(s, cells);
	s->law = like ? like->law : calloc(cells, sizeof(*s->law));
	s->games = calloc(cells, sizeof(*s->games));
	s->cast = calloc(cells, sizeof(*s->cast));
	if (!s->law || !s->games || !s->cast) {
		mf_odds_strata_free(s);
		return MF_ERR_NOMEM;
	}
	if (!like && land_law(c, s) != MF_OK) {
		mf_odds_strata_free(s);
		return MF_ERR_NOMEM;
	}
	if (like)
		memcpy(s->top, like->top, sizeof(s->top));
	else
		law_tops(c, s);
	return MF_OK;
}

void mf_odds_strata_free(struct odds_strata *s)
{
	if (!s->borrowed)
		free(s->law);
	free(s->games);
	free(s->cast);
	s->law = NULL;
	s->games = s->cast = NULL;
	mf_odds_heap_give(s->heap, s->bytes);
	s->bytes = 0;
}

/* The castable rate of the games with l lands and source count k (all
 * strata of the row; k == s->depth: any count), or of the nearest row
 * reached (the lower one of two as near); -1 when none was reached. */
static double row_rate_of(const struct odds_strata *s, uint32_t turn, uint32_t l, uint32_t k)
{
	uint32_t from = k < s->depth ? k : 0, to = k < s->depth ? k + 1 : s->depth;

	for (uint32_t d = 0; d < s->width; d++)
		for (int side = 0; side < 2; side++) {
			uint32_t r = side ? l + d : l - d;
			double n = 0, cast = 0;

			if ((side && (d == 0 || r >= s->width)) || (!side && d > l))
				continue;
			for (uint32_t m = 0; m <= r; m++)
				for (uint32_t j = from; j < to; j++) {
					n += s->games[odds_stratum(s, turn, r, m, j)];
					cast += s->cast[odds_stratum(s, turn, r, m, j)];
				}
			if (n > 0)
				return cast / n;
		}
	return -1;
}

/* The rate of an unreached stratum: its row's of its source count, else
 * of any count; 1/2 when no game reached the turn. */
static double row_rate(const struct odds_strata *s, uint32_t turn, uint32_t l, uint32_t k)
{
	double rate = row_rate_of(s, turn, l, k);

	if (rate < 0 && s->depth > 1)
		rate = row_rate_of(s, turn, l, s->depth);
	return rate < 0 ? 0.5 : rate;
}

void mf_odds_strata_estimate(const struct odds_strata *s, uint32_t turn, uint32_t least, double *p,
			     double *se)
{
	double sum = 0, var = 0;
	size_t at = odds_stratum(s, turn, least, 0, 0);  /* the strata walked in order */

	for (uint32_t l = least; l < s->top[turn - 1]; l++)
		for (uint32_t m = 0; m <= l; m++)
			for (uint32_t k = 0; k < s->depth; k++, at++) {
				double law = s->law[at], games = s->games[at], cast = s->cast[at], q;

				if (law <= 0)
					continue;
				if (games <= 0) {
					sum += law * row_rate(s, turn, l, k);
					var += law * law / 4;
					continue;
				}
				q = (cast + 1) / (games + 2);
				sum += law * cast / games;
				var += law * law * q * (1 - q) / games;
			}
	*p = sum;
	*se = sqrt(var);
}
