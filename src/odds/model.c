/*
 * The deck as the odds see it: lands grouped by how they behave for the
 * cost, in bottoming order; the mulligan stages of the policy; and one
 * hand's keep-or-mulligan with London bottoming.
 */
#include <stdlib.h>
#include <string.h>

#include "common/hash.h"
#include "common/random.h"
#include "odds/ramp_int.h"

const char *mf_odds_policy_name(enum mf_odds_policy policy)
{
	static const char *const names[MF_ODDS_POLICY_COUNT] = {
		"karsten2022", "karsten2020", "paris2013", "none", "custom",
	};

	return (unsigned)policy < MF_ODDS_POLICY_COUNT ? names[policy] : "unknown";
}

/* Cost colours a land makes: its alternatives' colours, or for a fetch the
 * colours of the basic land types it finds (any basic: all five). */
static uint8_t land_colors(const struct mf_mana_land *l, unsigned cost_mask)
{
	unsigned mask = 0;

	if (l->fetch_types)
		mask = l->fetch_types & MF_MANA_FETCH_BASIC ? 0x1fu : l->fetch_types & 0x1fu;
	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < 5; t++)
			if (l->options[i].mana[t])
				mask |= 1u << t;
	return (uint8_t)(mask & cost_mask);
}

/* One alternative seen through the cost: the mana of the types it can spend
 * specifically, the rest as one "other" amount (it pays generic only). */
static void project(const struct mf_mana_land_option *o, unsigned keep, uint8_t out[8])
{
	memset(out, 0, 8);
	for (int t = 0; t < MF_MANA_TYPES; t++)
		out[keep >> t & 1 ? t : 6] = (uint8_t)(out[keep >> t & 1 ? t : 6] + o->mana[t]);
	out[7] = o->life;
}

static bool has_projected(const struct mf_mana_land *l, const uint8_t want[8], unsigned keep)
{
	uint8_t p[8];

	for (unsigned i = 0; i < l->n_options; i++) {
		project(&l->options[i], keep, p);
		if (memcmp(p, want, 8) == 0)
			return true;
	}
	return false;
}

/* How the land behaves when played on turn T (enum odds_drop). A land that
 * enters tapped or not by a condition the model does not know counts as
 * tapped. */
static uint8_t drop_of(const struct mf_mana_land *l)
{
	if (l->fetch_types)
		return ODDS_DROP_FETCH;
	if (l->kind == MF_MANA_KIND_BOUNCE)
		return ODDS_DROP_BOUNCE;
	if (l->untap_life)
		return ODDS_DROP_LIFE;
	if (l->etb == MF_MANA_ETB_CONDITIONAL) {
		switch (l->etb_if) {
		case MF_MANA_IF_TYPES:
			return ODDS_DROP_CHECK;
		case MF_MANA_IF_FEW_LANDS:
			return ODDS_DROP_FAST;
		case MF_MANA_IF_MANY_LANDS:
			return ODDS_DROP_SLOW;
		default:
			return ODDS_DROP_TAPPED;
		}
	}
	if (l->etb == MF_MANA_ETB_TAPPED || l->kind == MF_MANA_KIND_TRI)
		return ODDS_DROP_TAPPED;
	return ODDS_DROP_UNTAPPED;
}

/* Colours (bit t for W..G) any alternative of the land makes. */
static uint8_t made_colors(const struct mf_mana_land *l)
{
	unsigned mask = 0;

	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < 5; t++)
			if (l->options[i].mana[t])
				mask |= 1u << t;
	return (uint8_t)mask;
}

bool mf_odds_cost_within(const struct odds_ctx *a, const struct odds_ctx *b)
{
	if (!a->plain_cost || !b->plain_cost || a->q->life != b->q->life)
		return false;
	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (a->q->cost.need[t] > b->q->cost.need[t])
			return false;
	return a->mana_needed <= b->mana_needed;
}

uint64_t mf_odds_land_id(const struct mf_mana_land *l)
{
	uint8_t facts[11] = { drop_of(l), l->basic_types, l->supertypes & MF_MANA_SUPER_BASIC,
			      l->fetch_types, l->fetch_life, l->fetch_tapped, l->fetch_untap_at,
			      l->untap_life, l->etb_lands, l->tron, l->n_options };
	uint64_t id = mf_fnv1a64(l->name, strnlen(l->name, sizeof(l->name)));

	id = mf_mix64(id ^ mf_fnv1a64(facts, sizeof(facts)));
	for (unsigned i = 0; i < l->n_options; i++)  /* a sum: the options in any order */
		id += mf_mix64(mf_fnv1a64(&l->options[i], sizeof(l->options[i])) + MF_SPLITMIX64_GAMMA);
	return id ? id : 1;  /* 0 stands for the cards that are neither land nor source */
}

uint64_t mf_odds_source_id(const struct mf_odds_source *s)
{
	uint8_t facts[4] = { s->creature, s->enters_tapped, s->filter, s->n_options };
	uint64_t id = s->name ? mf_fnv1a64(s->name, strlen(s->name)) : 0;

	id = mf_mix64(id ^ mf_fnv1a64(facts, sizeof(facts)) ^ mf_mix64(mf_fnv1a64(&s->cost, sizeof(s->cost))));
	for (unsigned i = 0; i < s->n_options; i++)  /* a sum: the options in any order */
		id += mf_mix64(mf_fnv1a64(&s->options[i], sizeof(s->options[i])) + MF_SPLITMIX64_GAMMA);
	return id ? id : 1;  /* 0 stands for the cards that are neither land nor source */
}

uint8_t mf_odds_found_by(const struct mf_mana_land *l)
{
	return (uint8_t)(l->basic_types | (l->supertypes & MF_MANA_SUPER_BASIC ? MF_MANA_FETCH_BASIC : 0));
}

uint8_t mf_odds_land_colors(const struct mf_mana_catalogue *cat, const int32_t *lands, size_t n,
			    size_t i)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(cat, (size_t)lands[i]);
	uint8_t mask = made_colors(l);

	if (!l->fetch_types)
		return mask;
	for (size_t z = 0; z < n; z++) {
		const struct mf_mana_land *found = mf_mana_catalogue_land(cat, (size_t)lands[z]);

		if (l->fetch_types & mf_odds_found_by(found))
			mask |= made_colors(found);
	}
	return mask;
}

/* The group a land starts: every fact of it the model reads. */
static struct odds_group group_of(const struct mf_mana_land *l, int32_t index, uint32_t count,
				  unsigned cost_mask)
{
	struct odds_group g = { .land = index, .count = count };

	g.colors = land_colors(l, cost_mask);
	g.drop = drop_of(l);
	g.tapped = g.drop == ODDS_DROP_TAPPED || g.drop == ODDS_DROP_BOUNCE ||
		   (g.drop == ODDS_DROP_FETCH && l->fetch_tapped);
	g.check = g.drop == ODDS_DROP_CHECK ? made_colors(l) : 0;
	g.etb_lands = g.drop == ODDS_DROP_FAST || g.drop == ODDS_DROP_SLOW ? l->etb_lands : 0;
	g.types = l->basic_types;
	g.found = mf_odds_found_by(l);
	g.fetch_types = l->fetch_types;
	g.fetch_life = l->fetch_life;
	g.fetch_tapped = l->fetch_tapped;
	g.untap_at = l->fetch_untap_at;
	g.untap_life = l->untap_life;
	for (unsigned i = 0; i < l->n_options; i++) {
		unsigned made = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			made += l->options[i].mana[t];
		if (l->tron && made < l->tron)
			made = l->tron;
		if (made > g.mana)
			g.mana = (uint8_t)(made > 255 ? 255 : made);
	}
	return g;
}

/* Whether two groups behave alike: the same alternatives through the cost
 * (keep: the types it spends specifically), the same land-drop facts, and
 * Tron pieces never. Which of two alike lands is bottomed changes nothing. */
static bool alike(const struct mf_mana_land *a, const struct mf_mana_land *b,
		  const struct odds_group *ga, const struct odds_group *gb, unsigned keep)
{
	uint8_t p[8];

	if (a->tron || b->tron || a->n_options != b->n_options)
		return false;
	if (ga->colors != gb->colors || ga->tapped != gb->tapped || ga->drop != gb->drop ||
	    ga->check != gb->check || ga->etb_lands != gb->etb_lands || ga->types != gb->types ||
	    ga->found != gb->found ||
	    ga->fetch_types != gb->fetch_types || ga->fetch_life != gb->fetch_life ||
	    ga->fetch_tapped != gb->fetch_tapped || ga->untap_at != gb->untap_at ||
	    ga->untap_life != gb->untap_life)
		return false;
	for (unsigned i = 0; i < a->n_options; i++) {
		project(&a->options[i], keep, p);
		if (!has_projected(b, p, keep))
			return false;
	}
	for (unsigned i = 0; i < b->n_options; i++) {
		project(&b->options[i], keep, p);
		if (!has_projected(a, p, keep))
			return false;
	}
	return true;
}

/* The deck's lands in the order that breaks bottoming ties (keep.c): lands
 * making none of the cost's colours first, then lands that enter tapped,
 * then by name, bytewise. Two lands that tie on everything but the name are
 * in one of these classes, so merging only neighbours keeps every group's
 * place among the lands it can tie with. */
static int kind_order(const struct mf_mana_catalogue *cat, const struct odds_group *a,
		      const struct odds_group *b, bool by_cost)
{
	if (by_cost && (a->colors != 0) != (b->colors != 0))
		return a->colors ? 1 : -1;
	if (a->tapped != b->tapped)
		return a->tapped ? -1 : 1;
	return strcmp(mf_mana_catalogue_land(cat, (size_t)a->land)->name,
		      mf_mana_catalogue_land(cat, (size_t)b->land)->name);
}

/* Insertion sort: at most MF_ODDS_LAND_KINDS_MAX kinds, and no global state.
 * by_cost: lands making none of the cost's colours first (a deck with
 * sources sorts the same for every spell, so that the spells share their
 * lines of play: ramp_model.c). */
static void sort_kinds(const struct mf_mana_catalogue *cat, struct odds_group *k, size_t n,
		       bool by_cost)
{
	for (size_t i = 1; i < n; i++) {
		struct odds_group x = k[i];
		size_t j = i;

		while (j > 0 && kind_order(cat, &x, &k[j - 1], by_cost) < 0) {
			k[j] = k[j - 1];
			j--;
		}
		k[j] = x;
	}
}

static uint32_t mana_value(const struct mf_odds_query *q, bool pips_only)
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t n = 0;

	for (int t = 0; t < 5; t++)
		n += c->need[t] + (uint64_t)c->twobrid[t] * (pips_only ? 1 : 2);
	for (unsigned m = 0; m < 32; m++)
		n += (uint64_t)c->hybrid[m] + c->phyrexian[m];
	if (!pips_only)
		n += c->generic + c->need[MF_MANA_C] + (uint64_t)c->x_count * q->x;
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* The least mana a payment of the cost takes: every symbol but the
 * Phyrexian ones (life can pay those) takes one mana or more. */
static uint64_t least_mana(const struct mf_mana_cost *c, uint32_t x)
{
	uint64_t n = c->generic + (uint64_t)c->x_count * x;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += c->need[t];
	for (int t = 0; t < 5; t++)
		n += c->twobrid[t];
	for (unsigned m = 0; m < 32; m++)
		n += c->hybrid[m];
	return n;
}

static void stage(struct odds_ctx *c, uint8_t draw, uint8_t bottom, uint8_t lo, uint8_t hi, bool any)
{
	c->stages[c->n_stages++] = (struct odds_stage){ draw, bottom, lo, hi, any };
}

static void stages_of(struct odds_ctx *c, const struct mf_odds_query *q)
{
	const struct mf_odds_custom *k = &q->custom;

	switch (q->policy) {
	case MF_ODDS_KARSTEN2022:
		if (q->size >= 99)
			stage(c, 7, 0, 3, 5, false);  /* the free mulligan of multiplayer */
		/* fall through */
	case MF_ODDS_KARSTEN2020:
		stage(c, 7, 0, 2, 5, false);
		stage(c, 7, 1, 2, 4, false);
		stage(c, 7, 2, 2, 4, false);
		stage(c, 7, 3, 0, 4, true);
		break;
	case MF_ODDS_PARIS2013:
		stage(c, 7, 0, 2, 5, false);
		stage(c, 6, 0, 2, 4, false);
		stage(c, 5, 0, 1, 4, false);
		stage(c, 4, 0, 0, 4, true);
		break;
	case MF_ODDS_NONE:
		stage(c, 7, 0, 0, 7, true);
		break;
	default:
		for (int i = 0; i < 4; i++)
			stage(c, (uint8_t)(k->london ? 7 : 7 - i), (uint8_t)(k->london ? i : 0),
			      k->keep_lo[i], k->keep_hi[i], i == 3);
		break;
	}
}

void mf_odds_rules(enum mf_odds_policy policy, const struct mf_odds_custom *custom,
		   uint32_t size, bool on_draw, struct mf_odds_rules *out)
{
	struct odds_ctx c;
	struct mf_odds_query q = { .policy = policy, .size = size, .on_draw = on_draw };

	memset(&c, 0, sizeof(c));
	memset(out, 0, sizeof(*out));
	if (custom)
		q.custom = *custom;
	stages_of(&c, &q);
	for (size_t i = 0; i < c.n_stages; i++) {
		const struct odds_stage *st = &c.stages[i];

		out->hands[i].cards = (uint8_t)(st->draw - st->bottom);
		out->hands[i].keep_lo = st->lo;
		out->hands[i].keep_hi = st->hi;
		out->hands[i].keep_any = st->keep_any;
		out->hands[i].free = policy == MF_ODDS_KARSTEN2022 && size >= 99 && i == 0;
		out->london |= st->bottom > 0;
	}
	out->n_hands = (uint8_t)c.n_stages;
	if (policy == MF_ODDS_CUSTOM && custom)
		out->london = custom->london;
	out->draw_on_turn_1 = on_draw || (policy == MF_ODDS_KARSTEN2022 && size >= 99);
	out->lands_needed_pips = policy == MF_ODDS_PARIS2013;
}

static int check_query(const struct mf_odds_query *q)
{
	uint64_t lands = 0;

	if (!q->cat || (q->n_lands && (!q->lands || !q->counts)))
		return MF_ERR_INVALID;
	if (q->size < MF_ODDS_DECK_MIN || q->size > MF_ODDS_DECK_MAX || q->n_lands > MF_ODDS_LAND_KINDS_MAX ||
	    q->turn < 1 || q->turn > MF_ODDS_TURN_MAX || q->games > MF_ODDS_GAMES_MAX ||
	    q->x > MF_MANA_X_MAX || q->curve > MF_ODDS_TURN_MAX)
		return MF_ERR_LIMIT;
	if (q->life < 1 || q->life > MF_MANA_LIFE_MAX || (unsigned)q->policy >= MF_ODDS_POLICY_COUNT ||
	    (unsigned)q->method > MF_ODDS_SAMPLE)
		return MF_ERR_INVALID;
	for (size_t i = 0; i < q->n_lands; i++) {
		if (q->lands[i] < 0 || (size_t)q->lands[i] >= mf_mana_catalogue_size(q->cat) || !q->counts[i])
			return MF_ERR_INVALID;
		for (size_t j = 0; j < i; j++)
			if (q->lands[j] == q->lands[i])
				return MF_ERR_INVALID;
		lands += q->counts[i];
	}
	if (q->n_sources > MF_ODDS_SOURCE_KINDS_MAX)
		return MF_ERR_LIMIT;
	if (q->n_sources && (!q->sources || !q->source_counts))
		return MF_ERR_INVALID;
	for (size_t i = 0; i < q->n_sources; i++) {
		if (!q->source_counts[i])
			return MF_ERR_INVALID;
		lands += q->source_counts[i];  /* cards of the deck all the same */
	}
	if (lands > q->size)
		return MF_ERR_INVALID;
	/* an exact count plays lands only: with sources, a sample */
	if (q->n_sources && q->method == MF_ODDS_EXACT)
		return MF_ERR_INVALID;
	if (q->policy == MF_ODDS_CUSTOM)
		for (int i = 0; i < 4; i++)
			if (q->custom.keep_lo[i] > q->custom.keep_hi[i] || q->custom.keep_hi[i] > 7 - i)
				return MF_ERR_INVALID;
	return MF_OK;
}

/* For each group z a fetch may find, the groups that would serve as well
 * on the battlefield (field.c's resolve() then tries z only when none of
 * them is left to find), into c->g[z].beaten_by: lands making one mana for
 * no life (pays.c's plain lands), making every type of the cost's that z
 * makes (other types pay only generic mana, as any land does), and having
 * every basic land type z has (check lands read them). Of two such lands
 * alike in both, the later is beaten by the earlier. */
static void better_finds(struct odds_ctx *c, unsigned keep)
{
	for (size_t z = 0; z < c->n_groups; z++) {
		const struct odds_group *a = &c->g[z];

		c->g[z].beaten_by = 0;
		if (!a->one_mana)
			continue;
		for (size_t y = 0; y < c->n_groups; y++) {
			const struct odds_group *b = &c->g[y];
			unsigned ma = a->one_mana & keep, mb = b->one_mana & keep;

			if (y == z || !b->one_mana || (ma & ~mb) || (a->types & ~b->types))
				continue;
			if (ma == mb && a->types == b->types && y > z)
				continue;  /* alike: only the earlier beats the later */
			c->g[z].beaten_by |= 1u << y;
		}
	}
}

/* The groups of the deck: its lands in order, neighbours that behave
 * alike merged. Basic land types are kept apart only where a fetch or a
 * check land reads them. */
static void group_lands(struct odds_ctx *c, const struct mf_odds_query *q, unsigned colors,
			unsigned keep)
{
	struct odds_group kinds[MF_ODDS_LAND_KINDS_MAX];
	bool types_read = false;

	for (size_t i = 0; i < q->n_lands; i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(q->cat, (size_t)q->lands[i]);

		kinds[i] = group_of(l, q->lands[i], q->counts[i], colors);
		kinds[i].kind = (uint8_t)i;
		types_read |= kinds[i].drop == ODDS_DROP_FETCH || kinds[i].drop == ODDS_DROP_CHECK;
		c->bounce_in_deck |= kinds[i].drop == ODDS_DROP_BOUNCE;
		c->lands += q->counts[i];
	}
	for (size_t i = 0; i < q->n_lands && !types_read; i++)
		kinds[i].types = kinds[i].found = 0;
	sort_kinds(q->cat, kinds, q->n_lands, !q->n_sources);
	for (size_t i = 0; i < q->n_lands; i++) {
		struct odds_group *last = c->n_groups ? &c->g[c->n_groups - 1] : NULL;

		/* with sources, lands alike for the cost are not: a source's cost
		 * is paid with any of their mana (ramp.c) */
		if (last && !q->n_sources &&
		    alike(mf_mana_catalogue_land(q->cat, (size_t)last->land),
			  mf_mana_catalogue_land(q->cat, (size_t)kinds[i].land), last, &kinds[i], keep)) {
			last->count += kinds[i].count;
			c->kind_group[kinds[i].kind] = (uint8_t)(c->n_groups - 1);
			continue;
		}
		c->kind_group[kinds[i].kind] = (uint8_t)c->n_groups;
		c->g[c->n_groups++] = kinds[i];
	}
	for (size_t g = 0; g < c->n_groups; g++)
		for (size_t z = 0; z < c->n_groups; z++)
			if (c->g[g].fetch_types & c->g[z].found)
				c->g[g].finds |= 1u << z;
	c->reach_top = 0;
	for (size_t g = 0; g < c->n_groups; g++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(q->cat, (size_t)c->g[g].land);

		c->g[g].one_mana = (uint8_t)mf_odds_one_mana_types(l);
		c->g[g].fixed = mf_odds_fixed_mana(l, c->g[g].made);
	}
	better_finds(c, keep);
	for (size_t g = 0; g < c->n_groups; g++) {
		c->g[g].reach = c->g[g].mana;
		for (size_t z = 0; z < c->n_groups; z++)
			if (c->g[g].finds >> z & 1 && c->g[z].mana > c->g[g].reach)
				c->g[g].reach = c->g[z].mana;
		if (c->g[g].reach > c->reach_top)
			c->reach_top = c->g[g].reach;
	}
}

/* Whether a group of c is a fetch. */
static bool fetch_in_deck(const struct odds_ctx *c)
{
	for (size_t g = 0; g < c->n_groups; g++)
		if (c->g[g].drop == ODDS_DROP_FETCH)
			return true;
	return false;
}

int mf_odds_model(struct odds_ctx *c, const struct mf_odds_query *q)
{
	unsigned colors;
	int rc = check_query(q);

	memset(c, 0, sizeof(*c));
	if (rc)
		return rc;
	c->q = q;
	colors = mf_mana_cost_colors(&q->cost);
	group_lands(c, q, colors, colors | (q->cost.need[MF_MANA_C] ? 1u << MF_MANA_C : 0));
	c->spells = q->size - c->lands;
	c->lands_needed = mana_value(q, q->policy == MF_ODDS_PARIS2013);
	c->mana_needed = least_mana(&q->cost, q->x);
	c->plain_cost = true;
	for (size_t m = 0; m < 32; m++)
		if (q->cost.hybrid[m] || q->cost.phyrexian[m] || (m < 5 && q->cost.twobrid[m]))
			c->plain_cost = false;
	c->last_turn = q->curve > q->turn ? q->curve : q->turn;
	c->draw_t1 = q->on_draw || (q->policy == MF_ODDS_KARSTEN2022 && q->size >= 99);  /* as mf_odds_rules() says */
	c->budget = q->budget ? q->budget : MF_ODDS_BUDGET_DEFAULT;
	stages_of(c, q);
	c->board = malloc((c->lands + 1) * sizeof(*c->board));
	if (!c->board)
		return MF_ERR_NOMEM;
	/* castable's key: the hand (or all lands before the turn) by group,
	 * each turn's draw (or the turn's), whether in order, and the turn
	 * (drops.c) */
	c->heap.max = ODDS_HEAP_MAX;
	rc = mf_odds_table_init(&c->castable, c->n_groups + c->last_turn + 2, &c->heap);
	if (!rc)
		rc = mf_odds_table_init(&c->pays, c->n_groups, &c->heap);
	c->castable.max_entries = c->pays.max_entries = ODDS_MEMO_MAX;
	if (!rc && (q->n_sources || (c->bounce_in_deck && fetch_in_deck(c)))) {
		rc = mf_odds_ramp_new(c);
		if (rc == MF_ERR_LIMIT && !q->n_sources) {
			/* a spell of too many ways for the places: the lines of
			 * lines.c, which miss a fetched land bounced and replayed */
			mf_odds_ramp_free(c);
			rc = MF_OK;
		}
	}
	return rc;
}

void mf_odds_model_free(struct odds_ctx *c)
{
	free(c->board);
	c->board = NULL;
	free(c->frontiers);
	c->frontiers = NULL;
	mf_odds_table_free(&c->castable);
	mf_odds_table_free(&c->pays);
	mf_odds_ramp_free(c);
}
