#include "mana_brute.h"

#include <stdlib.h>
#include <string.h>

#define BRUTE_LIBRARY_MAX 16
#define BRUTE_LAYER_MAX ((size_t)1 << 20)
#define BRUTE_WAYS_MAX 4096
#define COLOURS 5
#define MASKS 32
#define TYPE_SETS (1u << MF_MANA_TYPES)  /* sets of mana types, bit t: type t */
#define ALL_TYPES (TYPE_SETS - 1)

/* Where the lands before some battlefield land may have got to: the library
 * cards taken (bit per position), the mana made (each type capped at what
 * the cost can spend of it), the least life for that, and the choice that
 * made it from state `parent` of the layer before. */
struct state {
	uint32_t taken;
	uint32_t mana[MF_MANA_TYPES];
	uint32_t life;
	uint32_t parent;
	int16_t option;  /* option tapped; -1: left untapped */
	int16_t card;    /* library position fetched and tapped, or -1 */
};

/* One way to pay the symbols with a choice of their own: digit m < MASKS is
 * how many Phyrexian symbols of mask m are paid with 2 life, digit
 * WAY_TWOBRID + c how many {2/c} are paid with two generic. */
#define WAY_TWOBRID MASKS
#define WAY_DIGITS (MASKS + COLOURS)
struct way {
	uint32_t digit[WAY_DIGITS];
};

struct brute {
	const struct mf_mana_query *q;
	bool tron;
	uint32_t cap[MF_MANA_TYPES];
	uint32_t way_limit[WAY_DIGITS];
	struct state **layer;  /* layer[i]: states before battlefield land i */
	size_t *n_layer;
};

bool mana_brute_tron_assembled(const struct mf_mana_catalogue *cat,
			       const int32_t *battlefield, size_t n_battlefield)
{
	size_t n_cat = mf_mana_catalogue_size(cat);
	bool any_piece = false;

	for (size_t i = 0; i < n_cat; i++) {
		bool present = false;

		if (!mf_mana_catalogue_land(cat, i)->tron)
			continue;
		any_piece = true;
		for (size_t b = 0; b < n_battlefield && !present; b++)
			present = battlefield[b] == (int32_t)i;
		if (!present)
			return false;
	}
	return any_piece;
}

void mana_brute_option(const struct mf_mana_land *land, size_t option, bool tron,
		       uint32_t mana[MF_MANA_TYPES], uint32_t *life)
{
	const struct mf_mana_land_option *opt = &land->options[option];
	uint32_t total = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		mana[t] = opt->mana[t];
		total += opt->mana[t];
	}
	if (tron && land->tron && total == 1 && mana[MF_MANA_C] == 1)
		mana[MF_MANA_C] = land->tron;
	*life = opt->life;
}

static const struct mf_mana_land *land_at(const struct mf_mana_query *q, int32_t index)
{
	return mf_mana_catalogue_land(q->cat, (size_t)index);
}

/* Whether the fetch finds the card: a basic land type in common, or a
 * "basic land card" fetch and a basic card. */
static bool finds(const struct mf_mana_land *fetch, const struct mf_mana_land *card)
{
	return (fetch->fetch_types & card->basic_types) != 0 ||
	       ((fetch->fetch_types & MF_MANA_FETCH_BASIC) &&
		(card->supertypes & MF_MANA_SUPER_BASIC));
}

/* Whether fetching the card can make mana now: found, and neither the fetch
 * nor the card puts it onto the battlefield tapped. */
static bool fetchable(const struct mf_mana_land *fetch, const struct mf_mana_land *card)
{
	return finds(fetch, card) && !fetch->fetch_tapped && card->etb == MF_MANA_ETB_UNTAPPED;
}

static uint64_t generic_asked(const struct mf_mana_query *q)
{
	return q->cost.generic + (uint64_t)q->cost.x_count * q->x;
}

/* The most mana of type t any payment can spend: every symbol t may pay,
 * with each {2/C} as two generic. Mana beyond it is never used. */
static uint32_t spendable(const struct mf_mana_query *q, int t)
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t most = c->need[t] + generic_asked(q);

	for (unsigned m = 0; m < MASKS; m++)
		if (m >> t & 1)
			most += (uint64_t)c->hybrid[m] + c->phyrexian[m];
	for (int col = 0; col < COLOURS; col++)
		most += 2 * (uint64_t)c->twobrid[col];
	return most > UINT32_MAX ? UINT32_MAX : (uint32_t)most;
}

/* Advances w to the next way, varying digits from `first` on; false once
 * every way has been seen (w is all zero again). */
static bool way_next(const struct brute *b, struct way *w, size_t first)
{
	for (size_t d = first; d < WAY_DIGITS; d++) {
		if (w->digit[d] < b->way_limit[d]) {
			w->digit[d]++;
			return true;
		}
		w->digit[d] = 0;
	}
	return false;
}

/* demand[T]: how many symbols, paid as w says, only types in T can pay. */
static void demand_of(const struct mf_mana_query *q, const struct way *w,
		      uint64_t demand[TYPE_SETS])
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t payable_by[TYPE_SETS] = { 0 };
	uint64_t generic = generic_asked(q);
	unsigned some[TYPE_SETS];  /* the sets that some symbol asks for */
	size_t n_some = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		payable_by[1u << t] += c->need[t];
	for (unsigned m = 0; m < MASKS; m++)
		payable_by[m] += (uint64_t)c->hybrid[m] + c->phyrexian[m] - w->digit[m];
	for (int col = 0; col < COLOURS; col++) {
		payable_by[1u << col] += c->twobrid[col] - w->digit[WAY_TWOBRID + col];
		generic += 2 * (uint64_t)w->digit[WAY_TWOBRID + col];
	}
	payable_by[ALL_TYPES] += generic;
	for (unsigned s = 0; s < TYPE_SETS; s++)
		if (payable_by[s])
			some[n_some++] = s;
	for (unsigned set = 0; set < TYPE_SETS; set++) {
		demand[set] = 0;
		for (size_t k = 0; k < n_some; k++)
			if (!(some[k] & ~set))
				demand[set] += payable_by[some[k]];
	}
}

/* supply[T]: the mana of types in T (T less its lowest type, plus that). */
static void supply_of(const uint64_t mana[MF_MANA_TYPES], uint64_t supply[TYPE_SETS])
{
	supply[0] = 0;
	for (unsigned set = 1; set < TYPE_SETS; set++) {
		int lowest = 0;

		while (!(set >> lowest & 1))
			lowest++;
		supply[set] = supply[set & (set - 1)] + mana[lowest];
	}
}

static bool hall(const uint64_t supply[TYPE_SETS], const uint64_t demand[TYPE_SETS])
{
	for (unsigned set = 0; set < TYPE_SETS; set++)
		if (demand[set] > supply[set])
			return false;
	return true;
}

static int state_cmp(const void *pa, const void *pb)
{
	const struct state *a = pa, *b = pb;
	int k;

	if (a->taken != b->taken)
		return a->taken < b->taken ? -1 : 1;
	k = memcmp(a->mana, b->mana, sizeof(a->mana));
	if (k)
		return k;
	if (a->life != b->life)
		return a->life < b->life ? -1 : 1;
	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->option != b->option)
		return a->option - b->option;
	return a->card - b->card;
}

static bool same_place(const struct state *a, const struct state *b)
{
	return a->taken == b->taken && !memcmp(a->mana, b->mana, sizeof(a->mana));
}

static struct state child_of(const struct brute *b, const struct state *from,
			     uint32_t parent, const uint32_t mana[MF_MANA_TYPES],
			     uint32_t life, int option, int card)
{
	struct state s = *from;

	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint64_t sum = (uint64_t)s.mana[t] + mana[t];

		s.mana[t] = sum > b->cap[t] ? b->cap[t] : (uint32_t)sum;
	}
	s.life += life;
	s.parent = parent;
	s.option = (int16_t)option;
	s.card = (int16_t)card;
	if (card >= 0)
		s.taken |= 1u << card;
	return s;
}

/* Builds layer i + 1 from layer i with every choice for battlefield land i,
 * merging states that reached the same place. */
static int expand(struct brute *b, size_t i)
{
	const struct mf_mana_query *q = b->q;
	const struct mf_mana_land *land = land_at(q, q->battlefield[i]);
	const struct state *from = b->layer[i];
	uint32_t mana[MF_MANA_TYPES], life;
	size_t per = 1 + land->n_options, n = 0, kept = 0;
	struct state *to;

	for (size_t j = 0; land->fetch_types && j < q->n_library; j++)
		if (fetchable(land, land_at(q, q->library[j])))
			per += land_at(q, q->library[j])->n_options;
	if (b->n_layer[i] > BRUTE_LAYER_MAX / per)
		return MF_ERR_LIMIT;
	to = malloc(b->n_layer[i] * per * sizeof(*to));
	if (!to)
		return MF_ERR_NOMEM;
	for (uint32_t k = 0; k < b->n_layer[i]; k++) {
		static const uint32_t nothing[MF_MANA_TYPES];

		to[n++] = child_of(b, &from[k], k, nothing, 0, -1, -1);
		for (size_t o = 0; o < land->n_options; o++) {
			mana_brute_option(land, o, b->tron, mana, &life);
			to[n++] = child_of(b, &from[k], k, mana, life, (int)o, -1);
		}
		for (size_t j = 0; land->fetch_types && j < q->n_library; j++) {
			const struct mf_mana_land *card = land_at(q, q->library[j]);

			if ((from[k].taken >> j & 1) || !fetchable(land, card))
				continue;
			for (size_t o = 0; o < card->n_options; o++) {
				mana_brute_option(card, o, b->tron, mana, &life);
				life += land->fetch_life + card->untap_life;
				to[n++] = child_of(b, &from[k], k, mana, life, (int)o, (int)j);
			}
		}
	}
	/* Sorted by place, then life: the first of each place is its cheapest. */
	qsort(to, n, sizeof(*to), state_cmp);
	for (size_t k = 0; k < n; k++)
		if (!kept || !same_place(&to[kept - 1], &to[k]))
			to[kept++] = to[k];
	b->layer[i + 1] = to;
	b->n_layer[i + 1] = kept;
	return MF_OK;
}

static int life_cmp(const void *pa, const void *pb)
{
	const struct state *a = pa, *b = pb;

	if (a->life != b->life)
		return a->life < b->life ? -1 : 1;
	return state_cmp(pa, pb);
}

static void step_set(struct mf_mana_step *s, int32_t land, enum mf_mana_zone from,
		     const uint32_t mana[MF_MANA_TYPES], uint32_t life, int32_t fetch)
{
	memset(s, 0, sizeof(*s));
	s->land = land;
	s->from = from;
	if (mana)
		memcpy(s->mana, mana, sizeof(s->mana));
	s->life = life;
	s->fetch = fetch;
}

/* Writes the steps that lead to state `last` of the final layer, then one
 * life step per Phyrexian symbol w pays with life; returns how many. */
static size_t rebuild(const struct brute *b, size_t last, const struct way *w,
		      struct state *picks, struct mf_mana_step *plan)
{
	const struct mf_mana_query *q = b->q;
	uint32_t mana[MF_MANA_TYPES], life;
	size_t n = 0, k = last;

	for (size_t i = q->n_battlefield; i > 0; i--) {
		picks[i - 1] = b->layer[i][k];
		k = picks[i - 1].parent;
	}
	for (size_t i = 0; i < q->n_battlefield; i++) {
		const struct mf_mana_land *land = land_at(q, q->battlefield[i]);
		int32_t card;

		if (picks[i].option < 0)
			continue;
		if (picks[i].card < 0) {
			mana_brute_option(land, (size_t)picks[i].option, b->tron, mana, &life);
			step_set(&plan[n++], q->battlefield[i], MF_MANA_FROM_BATTLEFIELD, mana, life, -1);
			continue;
		}
		card = q->library[picks[i].card];
		mana_brute_option(land_at(q, card), (size_t)picks[i].option, b->tron, mana, &life);
		step_set(&plan[n++], q->battlefield[i], MF_MANA_FROM_BATTLEFIELD, NULL,
			 land->fetch_life, card);
		step_set(&plan[n++], card, MF_MANA_FROM_LIBRARY, mana,
			 life + land_at(q, card)->untap_life, -1);
	}
	for (unsigned m = 0; m < MASKS; m++) {
		for (uint32_t r = 0; r < w->digit[m]; r++) {
			step_set(&plan[n], -1, MF_MANA_FROM_BATTLEFIELD, NULL, 2, -1);
			plan[n++].phyrexian = (uint8_t)m;
		}
	}
	return n;
}

/* Whether the plan without steps [skip_from, skip_to) pays the cost, its
 * life steps paying their Phyrexian symbols, each {2/C} either way. */
static bool plan_pays(const struct brute *b, const struct mf_mana_step *plan, size_t n,
		      size_t skip_from, size_t skip_to)
{
	uint64_t made[MF_MANA_TYPES] = { 0 };
	uint64_t supply[TYPE_SETS], demand[TYPE_SETS];
	struct way w = { { 0 } };

	for (size_t s = 0; s < n; s++) {
		if (s >= skip_from && s < skip_to)
			continue;
		if (plan[s].land < 0)
			w.digit[plan[s].phyrexian % MASKS]++;
		for (int t = 0; t < MF_MANA_TYPES; t++)
			made[t] += plan[s].mana[t];
	}
	for (unsigned m = 0; m < MASKS; m++)
		if (w.digit[m] > b->q->cost.phyrexian[m])
			return false;
	supply_of(made, supply);
	do {
		demand_of(b->q, &w, demand);
		if (hall(supply, demand))
			return true;
	} while (way_next(b, &w, WAY_TWOBRID));
	return false;
}

/* Drops steps (a fetch with its fetched card, a life payment) while the rest
 * still pays. Dropping never adds life, so the plan stays at the least. */
static size_t drop_needless(const struct brute *b, struct mf_mana_step *plan, size_t n)
{
	bool dropped = true;

	while (dropped) {
		dropped = false;
		for (size_t s = 0; s < n && !dropped; s++) {
			size_t width;

			if (plan[s].land >= 0 && plan[s].from == MF_MANA_FROM_LIBRARY)
				continue;
			width = plan[s].land >= 0 && plan[s].fetch >= 0 ? 2 : 1;
			if (!plan_pays(b, plan, n, s, s + width))
				continue;
			memmove(&plan[s], &plan[s + width], (n - s - width) * sizeof(*plan));
			n -= width;
			dropped = true;
		}
	}
	return n;
}

/* Checks indexes and sizes; fills the caps and way limits. */
static int prepare(struct brute *b)
{
	const struct mf_mana_query *q = b->q;
	size_t n_cat = mf_mana_catalogue_size(q->cat), ways = 1;

	for (size_t i = 0; i < q->n_battlefield; i++)
		if (q->battlefield[i] < 0 || (size_t)q->battlefield[i] >= n_cat)
			return MF_ERR_INVALID;
	for (size_t i = 0; i < q->n_library; i++)
		if (q->library[i] < 0 || (size_t)q->library[i] >= n_cat)
			return MF_ERR_INVALID;
	if (q->n_library > BRUTE_LIBRARY_MAX)
		return MF_ERR_LIMIT;
	for (size_t d = 0; d < WAY_DIGITS; d++) {
		b->way_limit[d] = d < WAY_TWOBRID ? q->cost.phyrexian[d] :
			q->cost.twobrid[d - WAY_TWOBRID];
		if (b->way_limit[d] >= BRUTE_WAYS_MAX)
			return MF_ERR_LIMIT;
		ways *= b->way_limit[d] + 1;
		if (ways > BRUTE_WAYS_MAX)
			return MF_ERR_LIMIT;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		b->cap[t] = spendable(q, t);
	b->tron = mana_brute_tron_assembled(q->cat, q->battlefield, q->n_battlefield);
	return MF_OK;
}

/* Over every way and every final state (cheapest first): the least total
 * life, or UINT64_MAX when nothing pays. supply holds room for every final
 * state's supply; they are filled in order as the search first reaches them. */
static uint64_t cheapest(const struct brute *b, uint64_t *supply,
			 size_t *best_state, struct way *best_way)
{
	const struct state *final = b->layer[b->q->n_battlefield];
	size_t n_final = b->n_layer[b->q->n_battlefield], n_supplied = 0;
	uint64_t demand[TYPE_SETS], best = UINT64_MAX;
	struct way w = { { 0 } };

	do {
		uint64_t way_life = 0;

		for (unsigned m = 0; m < MASKS; m++)
			way_life += 2 * (uint64_t)w.digit[m];
		demand_of(b->q, &w, demand);
		for (size_t k = 0; k < n_final && final[k].life + way_life < best; k++) {
			if (k == n_supplied) {
				uint64_t mana[MF_MANA_TYPES];

				for (int t = 0; t < MF_MANA_TYPES; t++)
					mana[t] = final[k].mana[t];
				supply_of(mana, &supply[k * TYPE_SETS]);
				n_supplied++;
			}
			if (!hall(&supply[k * TYPE_SETS], demand))
				continue;
			best = final[k].life + way_life;
			*best_state = k;
			*best_way = w;
		}
	} while (way_next(b, &w, 0));
	return best;
}

int mana_brute_solve(const struct mf_mana_query *query, struct mana_brute_result *out)
{
	struct brute b = { .q = query };
	size_t n_b = query->n_battlefield, n_final, best_state = 0, room;
	uint64_t *supply = NULL, life;
	struct state *picks = NULL;
	struct way best_way;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = prepare(&b);
	if (rc != MF_OK)
		return rc;
	b.layer = calloc(n_b + 1, sizeof(*b.layer));
	b.n_layer = calloc(n_b + 1, sizeof(*b.n_layer));
	b.layer[0] = b.layer ? calloc(1, sizeof(**b.layer)) : NULL;
	if (!b.layer || !b.n_layer || !b.layer[0]) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	b.n_layer[0] = 1;
	for (size_t i = 0; i < n_b && rc == MF_OK; i++)
		rc = expand(&b, i);
	if (rc != MF_OK)
		goto out;

	n_final = b.n_layer[n_b];
	qsort(b.layer[n_b], n_final, sizeof(**b.layer), life_cmp);
	supply = malloc(n_final * TYPE_SETS * sizeof(*supply));
	picks = malloc((n_b + 1) * sizeof(*picks));
	if (!supply || !picks) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	life = cheapest(&b, supply, &best_state, &best_way);
	if (life == UINT64_MAX)
		goto out;  /* not payable */

	room = 2 * n_b + 1;
	for (unsigned m = 0; m < MASKS; m++)
		room += best_way.digit[m];
	out->plan = calloc(room, sizeof(*out->plan));
	if (!out->plan) {
		rc = MF_ERR_NOMEM;
		goto out;
	}
	out->payable = true;
	out->min_life = life;
	out->castable = life + 1 <= (uint64_t)query->life;
	out->n_plan = rebuild(&b, best_state, &best_way, picks, out->plan);
	out->n_plan = drop_needless(&b, out->plan, out->n_plan);
out:
	for (size_t i = 0; b.layer && i <= n_b; i++)
		free(b.layer[i]);
	free(b.layer);
	free(b.n_layer);
	free(supply);
	free(picks);
	if (rc != MF_OK)
		mana_brute_result_free(out);
	return rc;
}

void mana_brute_result_free(struct mana_brute_result *result)
{
	if (!result)
		return;
	free(result->plan);
	memset(result, 0, sizeof(*result));
}
