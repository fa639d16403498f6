#include "odds_random.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "common/random.h"

/* A random number 0 .. n - 1 from the stream. */
static uint32_t below(struct odds_random *r, uint32_t n)
{
	return (uint32_t)(mf_splitmix64(&r->rng) % n);
}

uint64_t odds_random_bits(struct odds_random *r)
{
	return mf_splitmix64(&r->rng);
}

void odds_random_with_mdfc(struct odds_random *r)
{
	r->families = ODDS_RANDOM_FAMILIES;
}

/* The families of the catalogue a random deck draws its lands from. */
enum family {
	FAM_BASIC, FAM_DUAL, FAM_SHOCK, FAM_FETCH, FAM_FETCH_BASIC, FAM_FETCH_TAPPED, FAM_PAIN,
	FAM_BOUNCE, FAM_TRI, FAM_TRIOME, FAM_SURVEIL, FAM_GATE, FAM_GAIN, FAM_TEMPLE, FAM_FAST,
	FAM_CHECK, FAM_SLOW, FAM_PATHWAY, FAM_PATHWAY_DFC, FAM_HORIZON, FAM_FIVE, FAM_TRON,
	FAM_FEW,  /* untapped with at most one other land (Hive of the Eye Tyrant) */
	FAM_OTHER,
	FAM_MDFC,  /* last: drawn only by a stream of odds_random_with_mdfc() */
	FAMILIES
};

_Static_assert(FAMILIES == ODDS_RANDOM_FAMILIES, "ODDS_RANDOM_FAMILIES");

static const char *const family_names[FAMILIES] = {
	"basic", "dual", "shock", "fetch", "basic fetch", "tapped fetch", "pain", "bounce", "tri",
	"triome", "surveil", "gate", "gain", "temple", "fast", "check", "slow", "pathway",
	"pathway A // B", "horizon", "five-colour", "tron", "few lands", "other",
	"MDFC land face (3 life)",
};

/* The family a catalogue land is drawn from. */
static enum family family_of(const struct mf_mana_land *l)
{
	static const struct {
		enum mf_mana_land_kind kind;
		enum family fam;
	} by_kind[] = {
		{ MF_MANA_KIND_BASIC, FAM_BASIC }, { MF_MANA_KIND_DUAL, FAM_DUAL },
		{ MF_MANA_KIND_SHOCK, FAM_SHOCK }, { MF_MANA_KIND_PAIN, FAM_PAIN },
		{ MF_MANA_KIND_BOUNCE, FAM_BOUNCE }, { MF_MANA_KIND_TRI, FAM_TRI },
		{ MF_MANA_KIND_TRIOME, FAM_TRIOME }, { MF_MANA_KIND_SURVEIL, FAM_SURVEIL },
		{ MF_MANA_KIND_GATE, FAM_GATE }, { MF_MANA_KIND_GAIN, FAM_GAIN },
		{ MF_MANA_KIND_TEMPLE, FAM_TEMPLE }, { MF_MANA_KIND_FAST, FAM_FAST },
		{ MF_MANA_KIND_CHECK, FAM_CHECK }, { MF_MANA_KIND_SLOW, FAM_SLOW },
		{ MF_MANA_KIND_HORIZON, FAM_HORIZON }, { MF_MANA_KIND_FIVE_COLOR, FAM_FIVE },
		{ MF_MANA_KIND_TRON, FAM_TRON },
	};

	if (l->untap_life == 3)
		return FAM_MDFC;
	if (l->fetch_types && l->fetch_tapped)
		return FAM_FETCH_TAPPED;
	if (l->fetch_types)
		return (l->fetch_types & MF_MANA_FETCH_BASIC) ? FAM_FETCH_BASIC : FAM_FETCH;
	if (l->etb == MF_MANA_ETB_CONDITIONAL && l->etb_if == MF_MANA_IF_FEW_LANDS &&
	    l->kind != MF_MANA_KIND_FAST)
		return FAM_FEW;
	if (l->kind == MF_MANA_KIND_PATHWAY)
		return strstr(l->name, " // ") ? FAM_PATHWAY_DFC : FAM_PATHWAY;
	for (size_t i = 0; i < sizeof(by_kind) / sizeof(by_kind[0]); i++)
		if (by_kind[i].kind == l->kind)
			return by_kind[i].fam;
	return FAM_OTHER;
}

void odds_random_init(struct odds_random *r, const struct mf_mana_catalogue *cat,
		      uint64_t seed)
{
	memset(r, 0, sizeof(*r));
	r->cat = cat;
	r->rng = mf_splitmix64(&seed);
	r->families = FAMILIES - 1;
	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++) {
		enum family fam = family_of(mf_mana_catalogue_land(cat, i));

		if (r->n[fam] < ODDS_RANDOM_FAMILY_MAX)
			r->land[fam][r->n[fam]++] = (int32_t)i;
	}
	for (int fam = 0; fam < FAMILIES; fam++)
		ck_assert_msg(r->n[fam] > 0, "no %s land in the catalogue", family_names[fam]);
}

static const char *const costs[] = {
	"{R}", "{R}{R}", "{1}{R}{R}", "{2}{R}{R}", "{U}{R}", "{1}{U}{R}", "{W}{U}", "{G}{U}",
	"{1}{G}{U}", "{B}{G}", "{W}{B}", "{W/U}", "{1}{W/U}{W/U}", "{2/R}", "{2/W}{2/W}",
	"{R/P}", "{1}{R/P}", "{G/U/P}", "{C}", "{C}{C}", "{2}", "{3}", "{4}", "{X}", "{X}{R}",
	"{X}{U}{R}", "{U}{U}{U}", "{W}{U}{R}", "{1}{R}", "{B/P}{R}", "{U/R}{U/R}", "{B}{R}{G}",
	"{W}{W}", "{G}", "{B}", "{1}{W}",
};

void odds_random_print(const struct mf_odds_query *q, char *buf, size_t size)
{
	char cost[256];
	size_t at;

	mf_mana_cost_format(&q->cost, cost, sizeof(cost));
	at = (size_t)snprintf(buf, size,
			      "size %u, cost %s x %u, turn %u, %s, life %u, policy %s "
			      "(custom lo %u %u %u %u hi %u %u %u %u london %d), lands:",
			      q->size, cost, q->x, q->turn, q->on_draw ? "draw" : "play", q->life,
			      mf_odds_policy_name(q->policy), q->custom.keep_lo[0],
			      q->custom.keep_lo[1], q->custom.keep_lo[2], q->custom.keep_lo[3],
			      q->custom.keep_hi[0], q->custom.keep_hi[1], q->custom.keep_hi[2],
			      q->custom.keep_hi[3], q->custom.london);
	for (size_t i = 0; i < q->n_lands && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, " %u %s;", q->counts[i],
				       mf_mana_catalogue_land(q->cat, (size_t)q->lands[i])->name);
}

/* Whether the land makes (or fetches a basic land type of) a colour of the
 * cost, so that most random decks can cast their spell sometimes. */
static bool helps(const struct odds_random *r, int32_t index, const struct mf_mana_cost *c)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(r->cat, (size_t)index);
	unsigned want = 0, makes = l->fetch_types;

	for (int t = 0; t < 5; t++)
		if (c->need[t] || c->twobrid[t])
			want |= 1u << t;
	for (unsigned m = 0; m < 32; m++)
		if (c->hybrid[m] || c->phyrexian[m])
			want |= m;
	if (makes & MF_MANA_FETCH_BASIC)
		makes = 0x1f;
	for (size_t o = 0; o < l->n_options; o++)
		for (int t = 0; t < 5; t++)
			if (l->options[o].mana[t])
				makes |= 1u << t;
	return !want || (makes & want);
}

/* Whether index is among idx[0..n). */
static bool has(const int32_t *idx, size_t n, int32_t index)
{
	for (size_t i = 0; i < n; i++)
		if (idx[i] == index)
			return true;
	return false;
}

/* n distinct lands into idx: each from a random family (after a fetch,
 * often one it can find: basic, dual, shock, triome, surveil), mostly
 * helping the cost; a Tron piece brings the other two when there is room. */
static void pick_lands(struct odds_random *r, const struct mf_mana_cost *c, int32_t *idx,
		       size_t n)
{
	static const enum family found[] = { FAM_BASIC, FAM_DUAL, FAM_SHOCK, FAM_TRIOME,
					     FAM_SURVEIL };
	size_t got = 0;
	bool fetch = false;

	while (got < n) {
		enum family fam = (enum family)below(r, r->families);
		int32_t index;

		if (fetch && below(r, 2))
			fam = found[below(r, 5)];
		index = r->land[fam][below(r, r->n[fam])];
		if (has(idx, got, index) || (!helps(r, index, c) && below(r, 4) != 0))
			continue;
		if (fam == FAM_TRON && n - got >= 3) {
			for (uint32_t i = 0; i < r->n[FAM_TRON] && got < n; i++)
				if (!has(idx, got, r->land[FAM_TRON][i]))
					idx[got++] = r->land[FAM_TRON][i];
			continue;
		}
		fetch |= fam == FAM_FETCH || fam == FAM_FETCH_BASIC || fam == FAM_FETCH_TAPPED;
		idx[got++] = index;
	}
}

/* A random cost (with x), a turn that mostly fits its mana value, a policy
 * with random custom ranges, play or draw, life 1..20 (half the time 1..5). */
static void random_rules(struct odds_random *r, struct mf_odds_query *q, uint32_t turn_max)
{
	const struct mf_mana_cost *c = &q->cost;
	const char *cost = costs[below(r, sizeof(costs) / sizeof(costs[0]))];
	struct mf_mana_parse_error err;
	uint32_t mv;

	ck_assert_msg(mf_mana_cost_parse(cost, strlen(cost), &q->cost, &err) == MF_OK,
		      "cost %s: %s", cost, err.reason);
	q->x = q->cost.x_count ? below(r, 4) : 0;
	q->turn = 1 + below(r, turn_max);
	q->on_draw = below(r, 2);
	q->life = 1 + below(r, below(r, 2) ? 5 : 20);  /* often low: fetches, shocks */
	q->policy = (enum mf_odds_policy)below(r, MF_ODDS_POLICY_COUNT);
	mv = c->generic + c->x_count * q->x;
	for (int t = 0; t < MF_MANA_TYPES; t++)
		mv += c->need[t] + (t < 5 ? 2 * c->twobrid[t] : 0);
	for (int m = 0; m < 32; m++)
		mv += c->hybrid[m] + c->phyrexian[m];
	if (below(r, 4) != 0 && q->turn < mv)
		q->turn = mv < turn_max ? mv : turn_max;
	for (int i = 0; i < 4; i++) {
		uint32_t a = below(r, 8 - (uint32_t)i), b = below(r, 8 - (uint32_t)i);

		q->custom.keep_lo[i] = (uint8_t)(a < b ? a : b);
		q->custom.keep_hi[i] = (uint8_t)(a < b ? b : a);
	}
	q->custom.london = below(r, 2);
}

/* Spreads `lands` copies over n kinds, one each at least. */
static void spread(struct odds_random *r, uint32_t *counts, size_t n, uint32_t lands)
{
	for (size_t i = 0; i < n; i++)
		counts[i] = 1;
	for (uint32_t extra = (uint32_t)n; extra < lands; extra++)
		counts[below(r, (uint32_t)n)]++;
}

void odds_random_small(struct odds_random *r, struct mf_odds_query *q,
		       int32_t idx[ODDS_RANDOM_SMALL_KINDS],
		       uint32_t counts[ODDS_RANDOM_SMALL_KINDS])
{
	size_t n = 1 + below(r, 4);

	*q = (struct mf_odds_query){ .cat = r->cat, .size = 40 + below(r, 21), .lands = idx,
				     .counts = counts, .n_lands = n, .method = MF_ODDS_EXACT };
	random_rules(r, q, 4);
	pick_lands(r, &q->cost, idx, n);
	spread(r, counts, n, 14 + below(r, 13));
	if (below(r, 8) == 0) {  /* karsten2022's free 7 and draw on turn 1 */
		q->size = 99 + below(r, 2);
		spread(r, counts, n, 32 + below(r, 10));
	}
}

void odds_random_large(struct odds_random *r, struct mf_odds_query *q,
		       int32_t idx[ODDS_RANDOM_LARGE_KINDS],
		       uint32_t counts[ODDS_RANDOM_LARGE_KINDS])
{
	static const uint32_t sizes[] = { 40, 60, 99 };
	size_t n = 5 + below(r, 8);
	uint32_t size = sizes[below(r, 3)];

	*q = (struct mf_odds_query){ .cat = r->cat, .size = size, .lands = idx, .counts = counts,
				     .n_lands = n, .method = MF_ODDS_AUTO, .seed = mf_splitmix64(&r->rng) };
	random_rules(r, q, 7);
	pick_lands(r, &q->cost, idx, n);
	spread(r, counts, n, size * 2 / 5 - 3 + below(r, 7));
}
