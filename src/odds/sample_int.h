/*
 * A sample of games (sampled.c, sample.c, reuse.c, deal.c, strata.c):
 * its strata and their exact law, its members (queries of one deck playing
 * the same games), the deal, and the reuse of a record's games. Included
 * by those files and by their callers, odds.c and many.c.
 */
#ifndef MF_ODDS_SAMPLE_INT_H
#define MF_ODDS_SAMPLE_INT_H

#include "odds/odds_internal.h"
#include "odds/record_int.h"

/* A sample's strata: by the end of each turn's draw (1..last_turn), the
 * lands seen (0 .. width - 1: a 7-card hand and a draw a turn), how many
 * of them make a cost colour, and in a deck with sources how many source
 * cards were seen (0, 1, or ODDS_STRATA_SOURCES - 1 or more). For each,
 * its exact law, and the games that reached it and those that cast. */
#define ODDS_STRATA_SOURCES 3
struct odds_strata {
	uint32_t width;
	uint32_t depth;             /* source counts told apart: 1 without sources */
	double *law;                /* cells each (odds_stratum()) */
	bool borrowed;              /* law is another member's, not freed here */
	uint32_t top[MF_ODDS_TURN_MAX];  /* by turn: one past the most lands of a
					  * stratum of some law */
	uint32_t *games, *cast;
	struct odds_heap *heap;     /* where their bytes are counted */
	size_t bytes;
};

/* The strata of one turn: lands l and colored m <= l, by source count. */
static inline size_t odds_strata_turn(const struct odds_strata *s)
{
	return (size_t)s->width * (s->width + 1) / 2 * s->depth;
}

/* The index of a stratum in the arrays of s (colored <= lands). */
static inline size_t odds_stratum(const struct odds_strata *s, uint32_t turn, uint32_t lands,
				  uint32_t colored, uint32_t sources)
{
	uint32_t k = sources < s->depth ? sources : s->depth - 1;

	return (size_t)(turn - 1) * odds_strata_turn(s) +
	       ((size_t)lands * (lands + 1) / 2 + colored) * s->depth + k;
}

/* strata.c: the strata of c, their law counted exactly (or copied from
 * like, the strata of a query whose law is the same: NULL for none), no
 * games yet, their bytes counted in heap (NULL: not counted); MF_OK or
 * MF_ERR_NOMEM (heap->over set when past its cap). */
int mf_odds_strata_init(const struct odds_ctx *c, struct odds_strata *s, struct odds_heap *heap,
			const struct odds_strata *like);

/* strata.c: whether the strata of a and b (of one deck, dealt by the same
 * rules) have the same law: as many lands making a cost colour, as many
 * source cards, and the same last turn. */
bool mf_odds_strata_alike(const struct odds_ctx *a, const struct odds_ctx *b);
void mf_odds_strata_free(struct odds_strata *s);

/* strata.c: the post-stratified estimate on turn `turn`, over the strata
 * of at least `least` lands, of P(castable and that many lands): *p, and
 * its standard error *se. */
void mf_odds_strata_estimate(const struct odds_strata *s, uint32_t turn, uint32_t least, double *p,
			     double *se);

/* A query's answers on its turn, game by game, that a sample leaves its
 * caller to keep in the record of the query's cache (mf_odds_record_keep(),
 * then free(bits)); bits NULL: none. */
struct odds_to_record {
	const struct mf_odds_query *q;
	uint64_t *bits;
	uint64_t games;
};

/* sampled.c: the sampled answers of the queries of cs[0 .. k) (their
 * models made; k <= ODDS_SAMPLE_BATCH_MAX; of one deck as mf_odds_sample()
 * asks), playing their games together: into out[i] the sample's fields
 * (method, games, figures, errors; the rest kept), into rcs[i] MF_OK or
 * why query i failed. Their strata are counted in heap. The answers a
 * query's cache would record are left in kept[i] (bits NULL when none),
 * for the caller to keep with mf_odds_sample_keep(). */
void mf_odds_sample_answers(struct odds_ctx *const *cs, size_t k, struct odds_heap *heap,
			    struct mf_odds_result *out, int *rcs, struct odds_to_record *kept);

/* sampled.c: keeps k's answers in the record of its query's cache (when
 * the record takes them) and frees them. */
void mf_odds_sample_keep(struct odds_to_record *k);

/* The most queries one sample plays together (a bit each in its masks). */
#define ODDS_SAMPLE_BATCH_MAX 64
/* A sampled game's work: 1 (its deal looking at up to ODDS_DEAL_CARDS_FREE
 * cards), and 1 per ODDS_DEAL_CARDS_PER_UNIT cards more, so that a unit
 * takes about as long in a 250-card deck, or one that mulligans to four,
 * as in a 60-card deck that keeps seven. */
#define ODDS_DEAL_CARDS_FREE 64
#define ODDS_DEAL_CARDS_PER_UNIT 16

/* One query of a sample (sample.c plays its games, sampled.c drives it):
 * its model, its sums and strata, and how it stands. */
struct odds_member {
	struct odds_ctx *c;
	struct odds_tally tally;
	struct odds_strata strata;
	uint64_t games;       /* games played */
	uint64_t below;       /* members whose costs this one's covers */
	uint64_t above;       /* members whose costs cover this one's */
	uint32_t fetchable;   /* groups a fetch of the deck finds */
	uint8_t order;        /* mf_odds_sample_prepare(): member asked o-th */
	uint8_t rank;         /* and where this member is in that order */
	bool active;          /* plays the next games */
	int rc;               /* MF_OK, or why it stopped playing */
	const uint64_t *ref;  /* the record's answers for its spell, or NULL */
	uint64_t ref_games;   /* how many */
	uint64_t *bits;       /* its own answers on its turn, game by game, to
			       * record (NULL: none kept) */
	size_t bits_room;     /* words in bits, counted in heap */
	struct odds_heap *heap;
};

/* sample.c: member m records no more (its bits freed, their bytes given
 * back to its heap). */
void mf_odds_sample_unrecord(struct odds_member *m);

/* One game's cards, the same for every query of a deck: those of the
 * stage kept (the hand, then a card for each later draw), by the query's
 * land index or ODDS_SPELL. */
struct odds_deal {
	const struct odds_stage *st;
	uint8_t cards[7 + MF_ODDS_TURN_MAX];
	bool bottomed;  /* the stage kept bottomed a land */
};

/* deal.c: one deck laid out, or two decks a few cards apart together:
 * each card of either, its query land index in each (ODDS_SPELL for a
 * card that is no land, or that the deck does not hold), which decks hold
 * it, and its identity (its land and copy), hashed. */
struct odds_layout {
	uint32_t n;        /* cards of either deck */
	uint32_t size[2];  /* cards of each deck (0: no second deck) */
	uint8_t *kind[2];
	uint8_t *in;       /* bit x: deck x holds the card */
	uint64_t *id;
};

/* deal.c: q's deck laid out, with q1's beside it (NULL: none). MF_OK or
 * MF_ERR_NOMEM. */
int mf_odds_layout_init(struct odds_layout *l, const struct mf_odds_query *q,
			const struct mf_odds_query *q1);
void mf_odds_layout_free(struct odds_layout *l);

/* deal.c: game `game` of the first deck of l into d (and of the second
 * into d1, when not NULL), dealt by c's seed and stages, to `draws` draws
 * after the hand: each stage draws the cards of least random key, a key
 * being a hash of the card's identity, the seed, the game and the stage;
 * the hand is kept by its count of lands, as every query of the deck keeps
 * it. So a query asking fewer draws sees the same cards, and a deck a few
 * cards apart the same game where none of those cards comes up. Returns
 * the cards of the first deck looked at (all of them, once a stage dealt
 * to it): the deal's cost, which grows with the deck and the mulligans,
 * and is the same with the second deck beside it as without. */
uint32_t mf_odds_deal(const struct odds_ctx *c, const struct odds_layout *l, uint64_t game,
		      uint32_t draws, struct odds_deal *d, struct odds_deal *d1);

/* reuse.c: what a sample compares its games with a record's by: each
 * card's land in both decks, and the lands whose counts differ that a
 * fetch can find. */
struct odds_reuse {
	const struct odds_record *ref;
	int32_t land[256], ref_land[256]; /* a card's catalogue land, a source (reuse.c) or -1 */
	bool fetch[256];                  /* a card of the sample's deck that is a fetch */
	struct {
		int32_t land;
		uint32_t count, ref_count;
	} changed[2 * MF_ODDS_LAND_KINDS_MAX];  /* of them, those a fetch finds */
	size_t n_changed;
	bool sources;                     /* the decks' mana that is no land differs */
};

/* reuse.c: u for the sample of c's deck against record ref (NULL, or one
 * made by other rules: u->ref NULL, no reuse). Cannot fail. */
void mf_odds_reuse_init(struct odds_reuse *u, const struct odds_ctx *c, const struct odds_record *ref);

/* reuse.c: what one game of the sample (deal d, to `draws` draws) has in
 * common with the record's (deal d0). */
struct odds_reuse_game {
	uint32_t hand;      /* the cards of the hand of the stage kept */
	uint32_t same_to;   /* the first cards that are the same land (or no
			     * land) in both; 0 when the stage kept differs or a
			     * land was bottomed in either */
	uint8_t fetches[7 + MF_ODDS_TURN_MAX + 1];  /* fetches among the first j */
	uint8_t have[2 * MF_ODDS_LAND_KINDS_MAX][7 + MF_ODDS_TURN_MAX + 1];
				/* copies of changed land i among the first j */
};

/* reuse.c: g for one game. */
void mf_odds_reuse_game(const struct odds_reuse *u, const struct odds_deal *d,
			const struct odds_deal *d0, uint32_t draws, struct odds_reuse_game *g);

/* reuse.c: whether a member (model c) that asks about its turn saw the
 * same game in both deals (g): the same stage kept, no land bottomed, the
 * same cards to its turn, and for each fetch among them the same lands to
 * find (up to as many as fetches seen) of each land whose count differs.
 * Its answer is then the record's. */
bool mf_odds_reuse_same(const struct odds_reuse *u, const struct odds_ctx *c,
			const struct odds_reuse_game *g);

/* sample.c: readies members m[0 .. k) (k <= ODDS_SAMPLE_BATCH_MAX, their
 * models made, their queries of one deck as mf_odds_sample() asks) to
 * share games: what a fetch finds, the implications between their costs,
 * the order they are asked in. Cannot fail. */
void mf_odds_sample_prepare(struct odds_member *m, size_t k);

/* sample.c: games first .. first + games - 1 of the sample, each dealt
 * once and played by every active member: its counts added to its tally
 * (as games) and strata. The members' queries have the same catalogue,
 * lands in the same order, counts, size, policy, draw, life and seed. A
 * member that fails (its budget, a stop, its memory) drops out with its
 * rc; the others play on. With ref (a record of a deck dealt by the same
 * rules), a member with answers in it takes the recorded one where its
 * game was the same (sample.c). Each member with bits[] sets its answer
 * on its turn there. MF_OK, or MF_ERR_NOMEM for the deal's own arrays
 * (every member then fails). */
int mf_odds_sample(struct odds_member *m, size_t k, uint64_t first, uint32_t games,
		   const struct odds_record *ref);

#endif
