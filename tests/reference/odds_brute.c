#include "odds_brute.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mana_brute.h"
#include "odds_policy.h"

#define COLOURS 5
#define HAND_MAX 7
#define SEEN_RADIX (HAND_MAX + ODDS_BRUTE_TURN_MAX + 1)  /* a kind is seen 0..11 times */
#define PARTS (1 + ODDS_BRUTE_KINDS_MAX)  /* a composition: spells, then each land */

struct ob {
	const struct mf_odds_query *q;
	size_t n;                              /* kinds of land */
	uint32_t have[PARTS];                  /* in the deck: spells, then each land */
	size_t order[ODDS_BRUTE_KINDS_MAX];    /* kinds, the first bottomed first */
	uint32_t draws, needed;
	signed char *memo;                     /* castable by lands seen; -1 unknown */
	long double p_lands, p_cast, p_both;
	uint64_t calls;
	int status;
};

/* The probability that `m` cards drawn from `from` (spells, then lands) are
 * exactly `got`. */
static long double hypergeometric(const uint32_t *from, const uint32_t *got, size_t len,
				  uint32_t m)
{
	long double w = 1;

	for (size_t i = 0; i < len; i++)
		w *= odds_ref_choose(from[i], got[i]);
	return w / odds_ref_choose(odds_ref_sum(from, len), m);
}

static const struct mf_mana_land *land_of(const struct ob *b, size_t kind)
{
	return mf_mana_catalogue_land(b->q->cat, (size_t)b->q->lands[kind]);
}

static unsigned land_colours(const struct mf_mana_land *land)
{
	unsigned colours = 0;

	if (land->fetch_types)
		return (land->fetch_types & MF_MANA_FETCH_BASIC) ? 0x1fu : land->fetch_types & 0x1fu;
	for (size_t o = 0; o < land->n_options; o++)
		for (int t = 0; t < COLOURS; t++)
			if (land->options[o].mana[t])
				colours |= 1u << t;
	return colours;
}

static int popcount(unsigned v)
{
	int n = 0;

	for (; v; v >>= 1)
		n += (int)(v & 1);
	return n;
}

/* Whether kind a is bottomed before kind b. */
static bool bottomed_before(const struct ob *b, size_t ka, size_t kb, unsigned colours)
{
	const struct mf_mana_land *la = land_of(b, ka), *lb = land_of(b, kb);
	int ca = popcount(land_colours(la) & colours), cb = popcount(land_colours(lb) & colours);
	int by_name = strcmp(la->name, lb->name);

	if (ca != cb)
		return ca < cb;
	if (by_name)
		return by_name < 0;
	return b->q->lands[ka] < b->q->lands[kb];
}

static void bottoming_order(struct ob *b)
{
	unsigned colours = odds_ref_cost_colours(&b->q->cost);

	for (size_t i = 0; i < b->n; i++) {
		size_t j = i;

		b->order[i] = i;
		for (; j > 0 && bottomed_before(b, b->order[j], b->order[j - 1], colours); j--) {
			size_t t = b->order[j];

			b->order[j] = b->order[j - 1];
			b->order[j - 1] = t;
		}
	}
}

/* Whether some at most `turn` of the seen lands pay the cost, asked of
 * mana_brute with every other deck land in the library. The library matters
 * only to fetches, each of which takes one distinct card: with F fetches on
 * the battlefield, F copies of a land are as good as more, so each land is
 * put there at most F times (at most 4 lands times 4 copies: within
 * mana_brute's 16 library cards). */
static int castable(struct ob *b, const uint32_t *seen, bool *out)
{
	const struct mf_odds_query *q = b->q;
	uint32_t put[ODDS_BRUTE_KINDS_MAX] = { 0 };
	size_t key = 0;

	for (size_t k = b->n; k-- > 0;)
		key = key * SEEN_RADIX + seen[k];
	if (b->memo[key] >= 0) {
		*out = b->memo[key];
		return MF_OK;
	}
	*out = false;
	do {
		int32_t field[ODDS_BRUTE_TURN_MAX], library[16];
		size_t n_field = 0, n_library = 0, fetches = 0;
		struct mf_mana_query mq;
		struct mana_brute_result r;
		int rc;

		if (odds_ref_sum(put, b->n) > q->turn)
			continue;
		for (size_t k = 0; k < b->n; k++)
			for (uint32_t c = 0; c < put[k]; c++) {
				field[n_field++] = q->lands[k];
				fetches += land_of(b, k)->fetch_types != 0;
			}
		for (size_t k = 0; k < b->n; k++) {
			uint32_t left = q->counts[k] - seen[k];

			for (uint32_t c = 0; c < left && c < fetches; c++)
				library[n_library++] = q->lands[k];
		}
		mq = (struct mf_mana_query){ .cat = q->cat, .battlefield = field,
					     .n_battlefield = n_field, .library = library,
					     .n_library = n_library, .life = q->life,
					     .cost = q->cost, .x = q->x };
		rc = mana_brute_solve(&mq, &r);
		b->calls++;
		if (rc != MF_OK)
			return rc;
		*out = r.castable;
		mana_brute_result_free(&r);
	} while (!*out && odds_ref_odometer(put, seen, b->n));
	b->memo[key] = *out;
	return MF_OK;
}

/* Every composition of the draws from `pool` (spells, then lands), after a
 * kept hand holding `hand` lands, reached with probability `p`. */
static int draws(struct ob *b, long double p, const uint32_t *hand, const uint32_t *pool)
{
	uint32_t got[PARTS] = { 0 }, cap[PARTS];
	size_t len = 1 + b->n;

	for (size_t i = 0; i < len; i++)
		cap[i] = pool[i] < b->draws ? pool[i] : b->draws;
	do {
		uint32_t seen[ODDS_BRUTE_KINDS_MAX];
		long double w;
		bool enough, cast;
		int rc;

		if (odds_ref_sum(got, len) != b->draws)
			continue;
		w = p * hypergeometric(pool, got, len, b->draws);
		for (size_t k = 0; k < b->n; k++)
			seen[k] = hand[k] + got[1 + k];
		enough = odds_ref_sum(seen, b->n) >= b->needed;
		rc = castable(b, seen, &cast);
		if (rc != MF_OK)
			return rc;
		if (enough)
			b->p_lands += w;
		if (cast)
			b->p_cast += w;
		if (enough && cast)
			b->p_both += w;
	} while (odds_ref_odometer(got, cap, len));
	return MF_OK;
}

/* Every composition of the attempt's cards; adds the kept ones' games and
 * returns the probability that the attempt is not kept. */
static int attempt_run(struct ob *b, const struct attempt *a, long double reach,
		       long double *rejected)
{
	uint32_t got[PARTS] = { 0 }, cap[PARTS];
	size_t len = 1 + b->n;

	*rejected = 0;
	for (size_t i = 0; i < len; i++)
		cap[i] = b->have[i] < a->cards ? b->have[i] : a->cards;
	do {
		uint32_t hand[ODDS_BRUTE_KINDS_MAX], pool[PARTS];
		uint32_t lands_out = 0, kept;
		long double w;
		int rc;

		if (odds_ref_sum(got, len) != a->cards)
			continue;
		w = hypergeometric(b->have, got, len, a->cards);
		for (size_t k = 0; k < b->n; k++)
			hand[k] = got[1 + k];
		if (a->bottom)
			lands_out = a->bottom - odds_ref_spells_bottomed(a, got[0]);
		for (size_t i = 0; i < b->n && lands_out; i++) {
			size_t k = b->order[i];
			uint32_t out = hand[k] < lands_out ? hand[k] : lands_out;

			hand[k] -= out;
			lands_out -= out;
		}
		kept = odds_ref_sum(hand, b->n);
		if (!a->always && (kept < a->lo || kept > a->hi)) {
			*rejected += w;
			continue;
		}
		for (size_t i = 0; i < len; i++)
			pool[i] = b->have[i] - got[i];
		rc = draws(b, reach * w, hand, pool);
		if (rc != MF_OK)
			return rc;
	} while (odds_ref_odometer(got, cap, len));
	return MF_OK;
}

static int check(const struct mf_odds_query *q)
{
	uint64_t lands = 0;

	if (!q || !q->cat || (q->n_lands && (!q->lands || !q->counts)) ||
	    q->turn == 0 || q->life == 0 || q->life > MF_MANA_LIFE_MAX ||
	    (unsigned)q->policy >= MF_ODDS_POLICY_COUNT)
		return MF_ERR_INVALID;
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
	if (q->size < MF_ODDS_DECK_MIN || q->size > MF_ODDS_DECK_MAX ||
	    q->n_lands > ODDS_BRUTE_KINDS_MAX || q->turn > ODDS_BRUTE_TURN_MAX ||
	    odds_ref_lands_needed(q) > UINT32_MAX)
		return MF_ERR_LIMIT;
	return MF_OK;
}

int odds_brute_compute(const struct mf_odds_query *q, struct odds_brute_result *out)
{
	struct attempt at[ODDS_REF_ATTEMPTS_MAX];
	size_t n_at, memo_size = 1;
	long double reach = 1;
	struct ob b = { .q = q, .status = check(q) };

	memset(out, 0, sizeof(*out));
	if (b.status != MF_OK)
		return b.status;
	b.n = q->n_lands;
	b.have[0] = q->size;
	for (size_t k = 0; k < b.n; k++) {
		b.have[1 + k] = q->counts[k];
		b.have[0] -= q->counts[k];
		memo_size *= SEEN_RADIX;
	}
	b.needed = (uint32_t)odds_ref_lands_needed(q);
	b.draws = q->turn - 1;
	if (q->on_draw || (q->policy == MF_ODDS_KARSTEN2022 && q->size >= 99))
		b.draws = q->turn;
	bottoming_order(&b);
	b.memo = malloc(memo_size);
	if (!b.memo)
		return MF_ERR_NOMEM;
	memset(b.memo, -1, memo_size);
	n_at = odds_ref_attempts(q, at);
	for (size_t i = 0; i < n_at && b.status == MF_OK; i++) {
		long double rejected;

		b.status = attempt_run(&b, &at[i], reach, &rejected);
		reach *= rejected;
	}
	free(b.memo);
	if (b.status != MF_OK)
		return b.status;
	out->lands_needed = b.needed;
	out->p_lands = (double)b.p_lands;
	out->p_castable = (double)b.p_cast;
	out->p_castable_given_lands = b.p_lands > 0 ? (double)(b.p_both / b.p_lands) : 0;
	out->brute_calls = b.calls;
	return MF_OK;
}
