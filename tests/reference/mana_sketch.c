#include "mana_sketch.h"

#include <stdlib.h>
#include <string.h>

/* Nodes of the sketch's network; land nodes follow. */
enum {
	NODE_SOURCE,
	NODE_SINK,
	NODE_D,        /* all mana that costs life */
	NODE_P,        /* pain lands not tapped for free colourless */
	NODE_TYPE0,    /* W U B R G C */
	NODE_GENERIC = NODE_TYPE0 + MF_MANA_TYPES,
	NODE_LANDS,
};

/* A land node per battlefield card, two per library card (in -> out holds
 * the card to one fetch). */
#define NODES_MAX (NODE_LANDS + 2 * REF_SKETCH_LANDS_MAX)
/* Fixed edges, each card's way in and its type edges, fetch -> card edges;
 * each with its reverse. */
#define EDGES_MAX (2 * (2 * MF_MANA_TYPES + 3 + REF_SKETCH_LANDS_MAX * (2 + MF_MANA_TYPES) + \
			(REF_SKETCH_LANDS_MAX / 2) * (REF_SKETCH_LANDS_MAX / 2)))
#define UNBOUNDED ((int64_t)1 << 40)

/* Where a battlefield land goes in the sketch. */
enum role {
	ROLE_PRETAP,   /* no decision: tapped first */
	ROLE_FREE,     /* one mana of a choice of types, no life */
	ROLE_CITY,     /* one mana of a choice of types, 1 life each */
	ROLE_PAIN,     /* free colourless, or 1 life for one of some colours */
	ROLE_FETCH,    /* 1 life: a library card */
	ROLE_NONE,     /* nothing the sketch describes */
};

struct edge {
	int32_t to;
	int32_t next;   /* next edge out of the same node, or -1 */
	int64_t cap;    /* residual capacity */
};

struct net {
	int32_t n_nodes, n_edges;
	int32_t head[NODES_MAX];
	int32_t level[NODES_MAX];
	int32_t iter[NODES_MAX];
	int32_t queue[NODES_MAX];
	struct edge e[EDGES_MAX];
	int64_t cap0[EDGES_MAX];   /* capacity before any flow */
};

/* A library card some fetch on the battlefield can search for. */
struct card {
	int32_t gate;     /* its in -> out edge */
	int32_t shock;    /* index in shocks[], or -1 */
	uint32_t rank;    /* among the copies of the same shock land */
};

/* The copies of one shock land (any land that pays untap_life to enter
 * untapped: a shock 2, an MDFC land face 3) in the library, and how many of
 * them the current multiset fetches. */
struct shock {
	int32_t land;
	uint32_t life;    /* its untap_life */
	uint32_t count;
	uint32_t chosen;
};

struct sketch {
	const struct mf_mana_query *q;
	uint64_t need[MF_MANA_TYPES];   /* after pre-tapping */
	uint64_t generic;
	uint32_t n_pain, n_fetch;
	struct card cards[REF_SKETCH_LANDS_MAX];
	size_t n_cards;
	struct shock shocks[REF_SKETCH_LANDS_MAX];
	size_t n_shocks;
	int32_t e_d, e_p, e_need[MF_MANA_TYPES], e_generic;
	struct ref_sketch_trace trace;
	struct net g;
};

int ref_sketch_cost_parse(const char *text, size_t len, struct mf_mana_cost *out)
{
	static const char letters[] = "WUBRGC";

	memset(out, 0, sizeof(*out));
	if (!len)
		return MF_ERR_INVALID;
	for (size_t i = 0; i < len; i++) {
		const char *l = text[i] ? strchr(letters, text[i]) : NULL;

		if (l) {
			out->need[l - letters]++;
		} else if (text[i] >= '1' && text[i] <= '9') {
			out->generic += (uint32_t)(text[i] - '0');
		} else {
			memset(out, 0, sizeof(*out));
			return MF_ERR_INVALID;
		}
	}
	return MF_OK;
}

bool ref_sketch_tron(const struct mf_mana_catalogue *cat, const int32_t *battlefield,
		     size_t n_battlefield)
{
	bool pieces = false;

	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++) {
		bool here = false;

		if (!mf_mana_catalogue_land(cat, i)->tron)
			continue;
		pieces = true;
		for (size_t b = 0; b < n_battlefield && !here; b++)
			here = battlefield[b] == (int32_t)i;
		if (!here)
			return false;
	}
	return pieces;
}

static const struct mf_mana_land *land_of(const struct mf_mana_query *q, int32_t i)
{
	return mf_mana_catalogue_land(q->cat, (size_t)i);
}

/* The role of a battlefield land; *types gets the types its node feeds. */
static enum role role_of(const struct mf_mana_land *land, unsigned *types)
{
	unsigned free_types = 0, paid_types = 0;

	*types = 0;
	if (land->fetch_types)
		return land->fetch_life == 1 && !land->n_options ? ROLE_FETCH : ROLE_NONE;
	if (land->n_options == 1 && !land->options[0].life)
		return ROLE_PRETAP;
	if (!land->n_options)
		return ROLE_NONE;
	for (unsigned o = 0; o < land->n_options; o++) {
		const struct mf_mana_land_option *opt = &land->options[o];
		unsigned made = 0, type = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++) {
			made += opt->mana[t];
			if (opt->mana[t])
				type = (unsigned)t;
		}
		if (made != 1 || opt->life > 1)
			return ROLE_NONE;
		*(opt->life ? &paid_types : &free_types) |= 1u << type;
	}
	if (!paid_types) {
		*types = free_types;
		return ROLE_FREE;
	}
	*types = paid_types;
	if (!free_types)
		return ROLE_CITY;
	if (free_types == 1u << MF_MANA_C && (paid_types & ~(1u << MF_MANA_C)))
		return ROLE_PAIN;
	return ROLE_NONE;
}

/* The types a fetched card makes, or 0 when it is no plain land the sketch
 * can put into a library node (every alternative one mana, for no life). */
static unsigned card_types(const struct mf_mana_land *land)
{
	unsigned types = 0;

	if (land->fetch_types || land->tron)
		return 0;
	for (unsigned o = 0; o < land->n_options; o++) {
		const struct mf_mana_land_option *opt = &land->options[o];
		unsigned made = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++) {
			made += opt->mana[t];
			if (opt->mana[t])
				types |= 1u << t;
		}
		if (made != 1 || opt->life)
			return 0;
	}
	return types;
}

static int32_t add_node(struct net *g)
{
	g->head[g->n_nodes] = -1;
	return g->n_nodes++;
}

static int32_t add_edge(struct net *g, int32_t from, int32_t to, int64_t cap)
{
	int32_t id = g->n_edges;

	g->e[id] = (struct edge){ .to = to, .next = g->head[from], .cap = cap };
	g->cap0[id] = cap;
	g->head[from] = id;
	g->e[id + 1] = (struct edge){ .to = from, .next = g->head[to], .cap = 0 };
	g->cap0[id + 1] = 0;
	g->head[to] = id + 1;
	g->n_edges += 2;
	return id;
}

static void add_type_edges(struct net *g, int32_t node, unsigned types)
{
	for (int t = 0; t < MF_MANA_TYPES; t++)
		if (types >> t & 1)
			add_edge(g, node, NODE_TYPE0 + t, UNBOUNDED);
}

/* Dinic: levels from the source; false when the sink is out of reach. */
static bool levels(struct net *g)
{
	int32_t n = 0;

	for (int32_t v = 0; v < g->n_nodes; v++)
		g->level[v] = -1;
	g->level[NODE_SOURCE] = 0;
	g->queue[n++] = NODE_SOURCE;
	for (int32_t k = 0; k < n; k++) {
		int32_t v = g->queue[k];

		for (int32_t id = g->head[v]; id >= 0; id = g->e[id].next) {
			const struct edge *e = &g->e[id];

			if (e->cap > 0 && g->level[e->to] < 0) {
				g->level[e->to] = g->level[v] + 1;
				g->queue[n++] = e->to;
			}
		}
	}
	return g->level[NODE_SINK] >= 0;
}

/* One augmenting path of the level graph from v, at most `limit`; the
 * current-edge pointers make each phase's search linear. */
static int64_t augment(struct net *g, int32_t v, int64_t limit)
{
	if (v == NODE_SINK)
		return limit;
	for (; g->iter[v] >= 0; g->iter[v] = g->e[g->iter[v]].next) {
		int32_t id = g->iter[v];
		struct edge *e = &g->e[id];
		int64_t got;

		if (e->cap <= 0 || g->level[e->to] != g->level[v] + 1)
			continue;
		got = augment(g, e->to, limit < e->cap ? limit : e->cap);
		if (got > 0) {
			e->cap -= got;
			g->e[id ^ 1].cap += got;
			return got;
		}
	}
	return 0;
}

/* The maximum flow from the capacities in cap0 (the flow is not kept). */
static int64_t max_flow(struct net *g)
{
	int64_t total = 0, got;

	for (int32_t id = 0; id < g->n_edges; id++)
		g->e[id].cap = g->cap0[id];
	while (levels(g)) {
		for (int32_t v = 0; v < g->n_nodes; v++)
			g->iter[v] = g->head[v];
		while ((got = augment(g, NODE_SOURCE, UNBOUNDED)) > 0)
			total += got;
	}
	return total;
}

/* Stage 1: basics, bounce lands and Tron pieces pay their own type first,
 * then generic. Everything else gets its node; stage 3's part of the network
 * (fetches and library cards) too. Returns MF_ERR_LIMIT for a land the sketch
 * does not describe. */
static int build(struct sketch *sk)
{
	const struct mf_mana_query *q = sk->q;
	struct net *g = &sk->g;
	bool tron = ref_sketch_tron(q->cat, q->battlefield, q->n_battlefield);
	uint64_t made[MF_MANA_TYPES] = { 0 }, spare = 0;
	int32_t fetch_node[REF_SKETCH_LANDS_MAX];
	uint8_t searched = 0;

	for (int32_t v = 0; v < NODE_LANDS; v++)
		add_node(g);
	sk->e_d = add_edge(g, NODE_SOURCE, NODE_D, 0);
	sk->e_p = add_edge(g, NODE_D, NODE_P, 0);
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		sk->e_need[t] = add_edge(g, NODE_TYPE0 + t, NODE_SINK, 0);
		add_edge(g, NODE_TYPE0 + t, NODE_GENERIC, UNBOUNDED);
	}
	sk->e_generic = add_edge(g, NODE_GENERIC, NODE_SINK, 0);
	for (size_t i = 0; i < q->n_battlefield; i++) {
		const struct mf_mana_land *land = land_of(q, q->battlefield[i]);
		unsigned types;
		int32_t node;

		fetch_node[i] = -1;
		switch (role_of(land, &types)) {
		case ROLE_PRETAP:
			for (int t = 0; t < MF_MANA_TYPES; t++)
				made[t] += land->options[0].mana[t];
			/* A piece makes its one C, or its Tron amount instead. */
			if (land->tron && tron)
				made[MF_MANA_C] += land->tron - land->options[0].mana[MF_MANA_C];
			break;
		case ROLE_FREE:
			node = add_node(g);
			add_edge(g, NODE_SOURCE, node, 1);
			add_type_edges(g, node, types);
			break;
		case ROLE_CITY:
			node = add_node(g);
			add_edge(g, NODE_D, node, 1);
			add_type_edges(g, node, types);
			break;
		case ROLE_PAIN:
			node = add_node(g);
			add_edge(g, NODE_P, node, 1);
			add_type_edges(g, node, types);
			sk->n_pain++;
			break;
		case ROLE_FETCH:
			fetch_node[i] = add_node(g);
			add_edge(g, NODE_D, fetch_node[i], 1);
			searched |= land->fetch_types;
			sk->n_fetch++;
			break;
		default:
			return MF_ERR_LIMIT;
		}
	}
	for (size_t j = 0; j < q->n_library; j++) {
		const struct mf_mana_land *land = land_of(q, q->library[j]);
		struct card *c = &sk->cards[sk->n_cards];
		unsigned types;
		int32_t in, out;

		if (!(land->basic_types & searched))
			continue;
		types = card_types(land);
		if (!types)
			return MF_ERR_LIMIT;
		in = add_node(g);
		out = add_node(g);
		c->gate = add_edge(g, in, out, 1);
		add_type_edges(g, out, types);
		for (size_t i = 0; i < q->n_battlefield; i++)
			if (fetch_node[i] >= 0 && (land_of(q, q->battlefield[i])->fetch_types &
						   land->basic_types))
				add_edge(g, fetch_node[i], in, 1);
		c->shock = -1;
		if (land->untap_life) {
			size_t s = 0;

			while (s < sk->n_shocks && sk->shocks[s].land != q->library[j])
				s++;
			if (s == sk->n_shocks)
				sk->shocks[sk->n_shocks++] = (struct shock){ .land = q->library[j],
								     .life = land->untap_life };
			c->shock = (int32_t)s;
			c->rank = sk->shocks[s].count++;
		}
		sk->n_cards++;
	}
	for (int t = 0; t < MF_MANA_TYPES; t++) {
		uint64_t used = made[t] < q->cost.need[t] ? made[t] : q->cost.need[t];

		sk->need[t] = q->cost.need[t] - used;
		spare += made[t] - used;
	}
	sk->generic = q->cost.generic > spare ? q->cost.generic - spare : 0;
	return MF_OK;
}

/* Stage 2 for one multiset of shocks (`fetched` of them, their `paid` life,
 * untap_life each, already paid): every count k of pain lands tapped for
 * free colourless. */
static bool try_pains(struct sketch *sk, uint32_t fetched, uint64_t paid)
{
	struct net *g = &sk->g;

	for (size_t c = 0; c < sk->n_cards; c++) {
		const struct card *card = &sk->cards[c];

		g->cap0[card->gate] = card->shock < 0 ||
			card->rank < sk->shocks[card->shock].chosen;
	}
	g->cap0[sk->e_d] = (int64_t)sk->q->life - 1 - (int64_t)paid;
	for (uint32_t k = 0; k <= sk->n_pain; k++) {
		uint64_t c_used = k < sk->need[MF_MANA_C] ? k : sk->need[MF_MANA_C];
		uint64_t rest = k - c_used, demand = 0;

		g->cap0[sk->e_p] = sk->n_pain - k;
		for (int t = 0; t < MF_MANA_TYPES; t++) {
			g->cap0[sk->e_need[t]] = (int64_t)(sk->need[t] - (t == MF_MANA_C ? c_used : 0));
			demand += (uint64_t)g->cap0[sk->e_need[t]];
		}
		g->cap0[sk->e_generic] = (int64_t)(sk->generic > rest ? sk->generic - rest : 0);
		demand += (uint64_t)g->cap0[sk->e_generic];
		sk->trace.flows++;
		if ((uint64_t)max_flow(g) == demand) {
			sk->trace.pain_free = k;
			sk->trace.shocks = fetched;
			return true;
		}
	}
	return false;
}

/* Stage 3: every multiset of the library's shocks, by how many copies of
 * each land, from shocks[s] on (`fetched` of them so far, for `paid` life).
 * A fetched shock takes a fetch and its untap_life + 1 life in all; a
 * multiset beyond either can only be paid by a smaller one, which is tried
 * anyway. */
static bool try_shocks(struct sketch *sk, size_t s, uint32_t fetched, uint64_t paid)
{
	struct shock *sh;

	if (s == sk->n_shocks)
		return try_pains(sk, fetched, paid);
	sh = &sk->shocks[s];
	for (uint32_t c = 0; c <= sh->count; c++) {
		uint32_t total = fetched + c;
		uint64_t life = paid + (uint64_t)c * sh->life;

		if (total > sk->n_fetch || life + total > (uint64_t)sk->q->life - 1)
			break;
		sh->chosen = c;
		if (try_shocks(sk, s + 1, total, life))
			return true;
	}
	sh->chosen = 0;
	return false;
}

static int check_query(const struct mf_mana_query *q)
{
	const struct mf_mana_cost *c = &q->cost;
	size_t n_cat;

	if (!q->cat || q->life < 1 || (q->n_battlefield && !q->battlefield) ||
	    (q->n_library && !q->library))
		return MF_ERR_INVALID;
	n_cat = mf_mana_catalogue_size(q->cat);
	for (size_t i = 0; i < q->n_battlefield; i++)
		if (q->battlefield[i] < 0 || (size_t)q->battlefield[i] >= n_cat)
			return MF_ERR_INVALID;
	for (size_t i = 0; i < q->n_library; i++)
		if (q->library[i] < 0 || (size_t)q->library[i] >= n_cat)
			return MF_ERR_INVALID;
	if (q->n_battlefield > REF_SKETCH_LANDS_MAX ||
	    q->n_library > REF_SKETCH_LANDS_MAX - q->n_battlefield)
		return MF_ERR_LIMIT;
	if (c->x_count)
		return MF_ERR_LIMIT;
	for (int k = 0; k < 32; k++)
		if (c->hybrid[k] || c->phyrexian[k] || (k < 5 && c->twobrid[k]))
			return MF_ERR_LIMIT;
	return MF_OK;
}

int ref_sketch_castable(const struct mf_mana_query *query, bool *castable,
			struct ref_sketch_trace *trace)
{
	struct sketch *sk;
	int rc;

	*castable = false;
	rc = check_query(query);
	if (rc)
		return rc;
	sk = calloc(1, sizeof(*sk));
	if (!sk)
		return MF_ERR_NOMEM;
	sk->q = query;
	rc = build(sk);
	if (rc)
		goto out;
	*castable = try_shocks(sk, 0, 0, 0);
	if (trace)
		*trace = sk->trace;
out:
	free(sk);
	return rc;
}
