/*
 * One turn's mana in the ramp reference (odds_ramp.h), after its land drop:
 * the lands and sources of a board fill a pool of mana, casts of sources
 * from the hand and their filters empty it, every way (visit); before T
 * the answer is each set of sources the turn can cast with its least life,
 * on T the least life of a line that then pays the spell. Answers are
 * remembered by the board.
 */
#include "odds_ramp.h"

#include <stdlib.h>
#include <string.h>

#include "mana_brute.h"

#define KINDS MF_ODDS_LAND_KINDS_MAX
#define SOURCES MF_ODDS_SOURCE_KINDS_MAX
#define TYPES MF_MANA_TYPES
#define TYPE_SETS (1u << TYPES)    /* sets of mana types, bit t: type t */
#define ALL_TYPES (TYPE_SETS - 1)
#define COLOURS 5
#define MASKS 32
#define NO_LIFE ODDS_RAMP_NO_LIFE
#define WAYS_MAX 4096              /* ways to pay the spell's Phyrexian and {2/C} symbols */
#define MEMO_MAX ((size_t)1 << 18) /* boards remembered before a memo starts again */
#define POOL_BYTES (TYPES * sizeof(uint32_t))
#define SEARCH_MAX (POOL_BYTES + 2 * SOURCES)
/* Lands on the battlefield (one a turn) and sources there (those of a
 * hand and one a turn at most). */
#define TAPPERS_MAX (MF_ODDS_TURN_MAX + ODDS_RAMP_HAND_MAX + MF_ODDS_TURN_MAX)
#define CHOICE_LIFE TYPES          /* pay_cost: the symbol paid otherwise than by a type */

/* One symbol of a source's cost: the types that pay it (bit t), and what
 * may pay it instead: nothing, 2 life, or two generic mana. */
enum symbol_kind { SYMBOL_PLAIN, SYMBOL_PHYREXIAN, SYMBOL_TWOBRID };
struct symbol {
	uint8_t mask;
	uint8_t kind;
};

/* One way to pay the spell's Phyrexian symbols (some with 2 life each) and
 * {2/C} symbols (some with two generic): the life, and how many symbols
 * only the types of each set can pay. */
struct way {
	uint64_t life;
	uint64_t demand[TYPE_SETS];
};

struct odds_ramp_turns {
	const struct mf_odds_query *q;
	size_t nl, ns;
	const struct mf_mana_land *land[KINDS];
	struct symbol syms[SOURCES][ODDS_RAMP_SOURCE_MANA_MAX];
	size_t n_syms[SOURCES];
	struct way *ways;                     /* cheapest first */
	size_t n_ways;
	struct odds_ramp_table casts;         /* board -> first << 32 | count in outs */
	uint8_t *out_cast;                    /* n_outs vectors of ns bytes: sources cast */
	uint64_t *out_life;                   /* and the least life for them */
	size_t n_outs, cap_outs;
	struct odds_ramp_table finals;        /* board -> least life paying the spell */
	struct odds_ramp_table seen;          /* one turn's search: state -> least life */
	struct odds_ramp_table ends;          /* one turn's casts -> least life */
};

/* One turn's search: the board it starts from and what it found. */
struct turn {
	struct odds_ramp_turns *p;
	bool last;                            /* turn T: the pool pays the spell at the end */
	uint8_t hand[SOURCES];                /* sources in the hand at the start */
	uint64_t best;                        /* last: least life paying the spell */
};

/* Where a turn's search is: the mana in the pool, the sources still in the
 * hand, and the sources with a filter that may still tap. */
struct search {
	uint32_t pool[TYPES];
	uint8_t hand[SOURCES];
	uint8_t ready[SOURCES];
};

/* One permanent tapped first (or never) in a turn: a land or a source. */
struct tapper {
	const struct mf_mana_land *land;      /* NULL for a source */
	const struct mf_odds_source *source;
	size_t group;                         /* copies of one card are neighbours */
};

/* ------------------------------------------------------------------ */
/* Paying                                                              */

/* The least life of a way paying the spell from pool, or NO_LIFE. */
static uint64_t spell_life(const struct odds_ramp_turns *p, const uint32_t pool[TYPES])
{
	uint64_t supply[TYPE_SETS];

	supply[0] = 0;
	for (unsigned set = 1; set < TYPE_SETS; set++) {
		int lowest = 0;

		while (!(set >> lowest & 1))
			lowest++;
		supply[set] = supply[set & (set - 1)] + pool[lowest];
	}
	for (size_t w = 0; w < p->n_ways; w++) {
		bool hall = true;

		for (unsigned set = 0; set < TYPE_SETS && hall; set++)
			hall = p->ways[w].demand[set] <= supply[set];
		if (hall)
			return p->ways[w].life;
	}
	return NO_LIFE;
}

/* Orders ways by life. */
static int way_cmp(const void *pa, const void *pb)
{
	const struct way *a = pa, *b = pb;

	return a->life < b->life ? -1 : a->life > b->life;
}

/* Every way to pay the spell's Phyrexian and {2/C} symbols, cheapest first.
 * MF_OK, MF_ERR_LIMIT past WAYS_MAX, or MF_ERR_NOMEM. */
static int ways_make(struct odds_ramp_turns *p)
{
	const struct mf_mana_cost *c = &p->q->cost;
	uint32_t digit[MASKS + COLOURS] = { 0 }, limit[MASKS + COLOURS];
	size_t n = 1, w = 0;

	for (size_t d = 0; d < MASKS + COLOURS; d++) {
		limit[d] = d < MASKS ? c->phyrexian[d] : c->twobrid[d - MASKS];
		if (limit[d] >= WAYS_MAX || n * (limit[d] + 1) > WAYS_MAX)
			return MF_ERR_LIMIT;
		n *= limit[d] + 1;
	}
	p->ways = calloc(n, sizeof(*p->ways));
	if (!p->ways)
		return MF_ERR_NOMEM;
	p->n_ways = n;
	do {
		uint64_t by[TYPE_SETS] = { 0 };  /* symbols each set of types pays */
		struct way *way = &p->ways[w++];

		by[ALL_TYPES] = c->generic + (uint64_t)c->x_count * p->q->x;
		for (int t = 0; t < TYPES; t++)
			by[1u << t] += c->need[t];
		for (unsigned m = 0; m < MASKS; m++) {
			by[m] += (uint64_t)c->hybrid[m] + c->phyrexian[m] - digit[m];
			way->life += 2 * (uint64_t)digit[m];
		}
		for (int col = 0; col < COLOURS; col++) {
			by[1u << col] += c->twobrid[col] - digit[MASKS + col];
			by[ALL_TYPES] += 2 * (uint64_t)digit[MASKS + col];
		}
		for (unsigned set = 0; set < TYPE_SETS; set++)
			for (unsigned m = 1; m < TYPE_SETS; m++)
				if (!(m & ~set))
					way->demand[set] += by[m];
	} while (odds_ref_odometer(digit, limit, MASKS + COLOURS));
	qsort(p->ways, n, sizeof(*p->ways), way_cmp);
	return MF_OK;
}

/* Source s's cost as symbols, alike ones neighbours. */
static void symbols_make(struct odds_ramp_turns *p, size_t s)
{
	const struct mf_mana_cost *c = &p->q->sources[s].cost;
	struct symbol *sym = p->syms[s];
	size_t n = 0;

	for (int t = 0; t < TYPES; t++)
		for (uint32_t i = 0; i < c->need[t]; i++)
			sym[n++] = (struct symbol){ (uint8_t)(1u << t), SYMBOL_PLAIN };
	for (unsigned m = 0; m < MASKS; m++) {
		for (uint32_t i = 0; i < c->hybrid[m]; i++)
			sym[n++] = (struct symbol){ (uint8_t)m, SYMBOL_PLAIN };
		for (uint32_t i = 0; i < c->phyrexian[m]; i++)
			sym[n++] = (struct symbol){ (uint8_t)m, SYMBOL_PHYREXIAN };
	}
	for (int col = 0; col < COLOURS; col++)
		for (uint32_t i = 0; i < c->twobrid[col]; i++)
			sym[n++] = (struct symbol){ (uint8_t)(1u << col), SYMBOL_TWOBRID };
	for (uint32_t i = 0; i < c->generic; i++)
		sym[n++] = (struct symbol){ (uint8_t)ALL_TYPES, SYMBOL_PLAIN };
	p->n_syms[s] = n;
}

/* ------------------------------------------------------------------ */
/* One turn's search                                                   */

static int visit(struct turn *tn, const struct search *s, uint64_t life);

/* Source src, just cast from the pool of s (its hand already less it),
 * enters: an artifact that does not enter tapped and has options may tap
 * at once (one without a filter then or never; one with a filter whenever
 * the pool pays it). */
static int enter(struct turn *tn, const struct search *s, size_t src, uint64_t life)
{
	const struct mf_odds_source *so = &tn->p->q->sources[src];
	struct search t = *s;
	int rc;

	if (so->creature || so->enters_tapped || !so->n_options)
		return visit(tn, s, life);
	if (so->filter) {
		t.ready[src]++;
		return visit(tn, &t, life);
	}
	rc = visit(tn, s, life);  /* left untapped */
	for (size_t o = 0; o < so->n_options && rc == MF_OK; o++) {
		t = *s;
		for (int y = 0; y < TYPES; y++)
			t.pool[y] += so->options[o].mana[y];
		rc = visit(tn, &t, life + so->options[o].life);
	}
	return rc;
}

/* Pays symbols i.. of source src's cost from s's pool, every way (a symbol
 * alike the one before it by a type no lower than `lo`, CHOICE_LIFE for
 * 2 life or two generic, so that a multiset of payments is tried once),
 * then the source enters. s is restored before returning. */
static int pay_cost(struct turn *tn, struct search *s, size_t src, size_t i, unsigned lo,
		    uint64_t life)
{
	const struct odds_ramp_turns *p = tn->p;
	const struct symbol *sym;
	unsigned first;
	int rc = MF_OK;

	if (i == p->n_syms[src])
		return enter(tn, s, src, life);
	sym = &p->syms[src][i];
	first = i && sym[-1].mask == sym->mask && sym[-1].kind == sym->kind ? lo : 0;
	for (unsigned t = first; t < TYPES && rc == MF_OK; t++) {
		if (!(sym->mask >> t & 1) || !s->pool[t])
			continue;
		s->pool[t]--;
		rc = pay_cost(tn, s, src, i + 1, t, life);
		s->pool[t]++;
	}
	if (rc == MF_OK && sym->kind == SYMBOL_PHYREXIAN)
		rc = pay_cost(tn, s, src, i + 1, CHOICE_LIFE, life + 2);
	for (unsigned a = 0; sym->kind == SYMBOL_TWOBRID && a < TYPES && rc == MF_OK; a++) {
		for (unsigned b = a; b < TYPES && rc == MF_OK; b++) {
			if (!s->pool[a] || s->pool[b] < 1u + (a == b))
				continue;
			s->pool[a]--;
			s->pool[b]--;
			rc = pay_cost(tn, s, src, i + 1, CHOICE_LIFE, life);
			s->pool[a]++;
			s->pool[b]++;
		}
	}
	return rc;
}

/* Takes `left` more mana of s's pool (types from lo up, each multiset
 * once) for the filter of source src, then adds option o's mana and life.
 * s is restored before returning. */
static int pay_filter(struct turn *tn, struct search *s, size_t src, size_t o, uint32_t left,
		      unsigned lo, uint64_t life)
{
	const struct mf_mana_land_option *opt = &tn->p->q->sources[src].options[o];
	struct search t;
	int rc = MF_OK;

	if (!left) {
		t = *s;
		for (int y = 0; y < TYPES; y++)
			t.pool[y] += opt->mana[y];
		return visit(tn, &t, life + opt->life);
	}
	for (unsigned y = lo; y < TYPES && rc == MF_OK; y++) {
		if (!s->pool[y])
			continue;
		s->pool[y]--;
		rc = pay_filter(tn, s, src, o, left - 1, y, life);
		s->pool[y]++;
	}
	return rc;
}

/* Notes what state s ends with, should the turn end there: the spell's
 * payment on turn T, else the sources cast. */
static int end_here(struct turn *tn, const struct search *s, uint64_t life)
{
	struct odds_ramp_turns *p = tn->p;
	uint8_t cast[SOURCES];

	if (tn->last) {
		uint64_t spell = spell_life(p, s->pool);

		if (spell != NO_LIFE && life + spell < tn->best)
			tn->best = life + spell;
		return MF_OK;
	}
	for (size_t i = 0; i < p->ns; i++)
		cast[i] = (uint8_t)(tn->hand[i] - s->hand[i]);
	return odds_ramp_table_least(&p->ends, cast, life);
}

/* Every move from state s reached with `life` paid this turn: tap a source
 * with a filter, cast a source from the hand, or end the turn. A state met
 * again with no less life is not searched again. */
static int visit(struct turn *tn, const struct search *s, uint64_t life)
{
	struct odds_ramp_turns *p = tn->p;
	uint8_t key[SEARCH_MAX];
	size_t at;
	bool added;
	int rc;

	if (life + 1 > p->q->life)
		return MF_OK;  /* no line from here leaves 1 life */
	memcpy(key, s->pool, POOL_BYTES);
	memcpy(key + POOL_BYTES, s->hand, p->ns);
	memcpy(key + POOL_BYTES + p->ns, s->ready, p->ns);
	rc = odds_ramp_table_find(&p->seen, key, life, &at, &added);
	if (rc != MF_OK)
		return rc;
	if (!added) {
		if (p->seen.vals[at] <= life)
			return MF_OK;
		p->seen.vals[at] = life;
	}
	rc = end_here(tn, s, life);
	for (size_t src = 0; src < p->ns && rc == MF_OK; src++) {
		const struct mf_odds_source *so = &p->q->sources[src];
		struct search t = *s;

		if (!s->ready[src])
			continue;
		t.ready[src]--;
		for (size_t o = 0; o < so->n_options && rc == MF_OK; o++)
			rc = pay_filter(tn, &t, src, o, so->filter, 0, life);
	}
	for (size_t src = 0; src < p->ns && rc == MF_OK; src++) {
		struct search t = *s;

		if (!s->hand[src])
			continue;
		t.hand[src]--;
		rc = pay_cost(tn, &t, src, 0, 0, life);
	}
	return rc;
}

/* The mana and life of choice c of tapper tp (0: untapped, 1 + o: option
 * o), Tron as `tron` says for a land. */
static void tapper_mana(const struct tapper *tp, unsigned c, bool tron, uint32_t mana[TYPES],
			uint32_t *life)
{
	memset(mana, 0, TYPES * sizeof(*mana));
	*life = 0;
	if (!c)
		return;
	if (tp->land) {
		mana_brute_option(tp->land, c - 1, tron, mana, life);
		return;
	}
	for (int y = 0; y < TYPES; y++)
		mana[y] = tp->source->options[c - 1].mana[y];
	*life = tp->source->options[c - 1].life;
}

/* Chooses for tappers i.. (a copy alike the one before it a choice no
 * lower than `lo`) untapped or an option, into s's pool, then searches. */
static int tap_first(struct turn *tn, struct search *s, const struct tapper *tp, size_t n,
		     size_t i, unsigned lo, bool tron, uint64_t life)
{
	unsigned first, options;
	int rc = MF_OK;

	if (i == n)
		return visit(tn, s, life);
	first = i && tp[i - 1].group == tp[i].group ? lo : 0;
	options = tp[i].land ? tp[i].land->n_options : tp[i].source->n_options;
	for (unsigned c = first; c <= options && rc == MF_OK; c++) {
		uint32_t mana[TYPES], extra;
		struct search t = *s;

		tapper_mana(&tp[i], c, tron, mana, &extra);
		for (int y = 0; y < TYPES; y++)
			t.pool[y] += mana[y];
		rc = tap_first(tn, &t, tp, n, i + 1, c, tron, life + extra);
	}
	return rc;
}

/* Searches the turn from board (lands tapping, then sources on the
 * battlefield, then in the hand, as a board key says): the lands and the
 * sources without a filter tap first, every way, then visit(). */
static int search_turn(struct turn *tn, const uint8_t *board)
{
	struct odds_ramp_turns *p = tn->p;
	const uint8_t *field = board + p->nl, *hand = board + p->nl + p->ns;
	struct tapper tp[TAPPERS_MAX];
	int32_t lands[TAPPERS_MAX];
	struct search s;
	size_t n = 0, n_lands = 0;
	bool tron;

	memset(&s, 0, sizeof(s));
	for (size_t k = 0; k < p->nl; k++)
		for (uint8_t c = 0; c < board[k]; c++) {
			lands[n_lands++] = p->q->lands[k];
			tp[n++] = (struct tapper){ p->land[k], NULL, k };
		}
	tron = mana_brute_tron_assembled(p->q->cat, lands, n_lands);
	memcpy(tn->hand, hand, p->ns);
	memcpy(s.hand, hand, p->ns);
	for (size_t i = 0; i < p->ns; i++) {
		const struct mf_odds_source *so = &p->q->sources[i];

		if (!so->n_options)
			continue;
		if (so->filter) {
			s.ready[i] = field[i];
			continue;
		}
		for (uint8_t c = 0; c < field[i]; c++)
			tp[n++] = (struct tapper){ NULL, so, KINDS + i };
	}
	odds_ramp_table_clear(&p->seen);
	odds_ramp_table_clear(&p->ends);
	return tap_first(tn, &s, tp, n, 0, 0, tron, 0);
}

/* ------------------------------------------------------------------ */
/* Remembered by the board                                             */

int odds_ramp_turns_final(struct odds_ramp_turns *p, const uint8_t *board, uint64_t *life)
{
	struct turn tn = { .p = p, .last = true, .best = NO_LIFE };
	size_t at;
	bool added;
	int rc;

	*life = NO_LIFE;
	if (p->finals.n >= MEMO_MAX)
		odds_ramp_table_clear(&p->finals);
	rc = odds_ramp_table_find(&p->finals, board, NO_LIFE, &at, &added);
	if (rc == MF_OK && added) {
		rc = search_turn(&tn, board);
		p->finals.vals[at] = tn.best;
	}
	if (rc != MF_OK) {
		odds_ramp_table_clear(&p->finals);  /* no key without its answer */
		return rc;
	}
	*life = p->finals.vals[at];
	return MF_OK;
}

/* Keeps the answers of the search just made (p->ends) for the board at
 * index `at` of p->casts. MF_OK or MF_ERR_NOMEM. */
static int keep_casts(struct odds_ramp_turns *p, size_t at)
{
	if (p->n_outs + p->ends.n > p->cap_outs) {
		size_t cap = 2 * (p->n_outs + p->ends.n);
		uint8_t *cast = realloc(p->out_cast, cap * (p->ns ? p->ns : 1));
		uint64_t *lives;

		if (!cast)
			return MF_ERR_NOMEM;
		p->out_cast = cast;
		lives = realloc(p->out_life, cap * sizeof(*lives));
		if (!lives)
			return MF_ERR_NOMEM;
		p->out_life = lives;
		p->cap_outs = cap;
	}
	memcpy(p->out_cast + p->n_outs * p->ns, p->ends.keys, p->ends.n * p->ns);
	memcpy(p->out_life + p->n_outs, p->ends.vals, p->ends.n * sizeof(uint64_t));
	p->casts.vals[at] = (uint64_t)p->n_outs << 32 | p->ends.n;
	p->n_outs += p->ends.n;
	return MF_OK;
}

int odds_ramp_turns_casts(struct odds_ramp_turns *p, const uint8_t *board, const uint8_t **casts,
			  const uint64_t **lives, size_t *count)
{
	struct turn tn = { .p = p, .best = NO_LIFE };
	size_t at, first;
	bool added;
	int rc;

	*count = 0;
	if (p->casts.n >= MEMO_MAX) {
		odds_ramp_table_clear(&p->casts);
		p->n_outs = 0;
	}
	rc = odds_ramp_table_find(&p->casts, board, 0, &at, &added);
	if (rc == MF_OK && added)
		rc = search_turn(&tn, board);
	if (rc == MF_OK && added)
		rc = keep_casts(p, at);
	if (rc != MF_OK) {
		odds_ramp_table_clear(&p->casts);  /* no key without its answers */
		p->n_outs = 0;
		return rc;
	}
	first = (size_t)(p->casts.vals[at] >> 32);
	*count = (size_t)(p->casts.vals[at] & UINT32_MAX);
	*casts = p->out_cast + first * p->ns;
	*lives = p->out_life + first;
	return MF_OK;
}

int odds_ramp_turns_new(const struct mf_odds_query *q, struct odds_ramp_turns **out)
{
	struct odds_ramp_turns *p = calloc(1, sizeof(*p));
	int rc;

	*out = NULL;
	if (!p)
		return MF_ERR_NOMEM;
	p->q = q;
	p->nl = q->n_lands;
	p->ns = q->n_sources;
	for (size_t k = 0; k < p->nl; k++)
		p->land[k] = mf_mana_catalogue_land(q->cat, (size_t)q->lands[k]);
	for (size_t s = 0; s < p->ns; s++)
		symbols_make(p, s);
	odds_ramp_table_init(&p->casts, p->nl + 2 * p->ns);
	odds_ramp_table_init(&p->finals, p->nl + 2 * p->ns);
	odds_ramp_table_init(&p->seen, POOL_BYTES + 2 * p->ns);
	odds_ramp_table_init(&p->ends, p->ns);
	rc = ways_make(p);
	if (rc != MF_OK) {
		odds_ramp_turns_free(p);
		return rc;
	}
	*out = p;
	return MF_OK;
}

void odds_ramp_turns_free(struct odds_ramp_turns *p)
{
	if (!p)
		return;
	odds_ramp_table_free(&p->casts);
	odds_ramp_table_free(&p->finals);
	odds_ramp_table_free(&p->seen);
	odds_ramp_table_free(&p->ends);
	free(p->out_cast);
	free(p->out_life);
	free(p->ways);
	free(p);
}
