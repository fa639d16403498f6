/*
 * The colours of the report: for each colour the spells use, the land
 * cards that can make it, and Karsten's sources for the spell that needs
 * it most (mf_odds_sources(), the table for this deck's size, lands and
 * policy).
 */
#include <string.h>

#include "report/report_int.h"

/* Symbols of the cost that colour t can pay: coloured, two-brid, and every
 * hybrid or Phyrexian symbol naming t (each counted once). */
static uint32_t pips_of(const struct mf_mana_cost *cost, int t)
{
	uint32_t pips = cost->need[t] + cost->twobrid[t];

	for (unsigned m = 0; m < 32; m++)
		if (m >> t & 1)
			pips += cost->hybrid[m] + cost->phyrexian[m];
	return pips;
}

/* The row of Karsten's table a spell of `pips` pips of a colour, asked on
 * `turn`, maps to: pips within 1..4 (1..3 for paris2013), the turn within
 * pips..7, the rest generic (none for paris2013, whose rows have none). */
static void row_of(uint32_t pips, uint32_t turn, bool paris, uint8_t *generic, uint8_t *p,
		   uint8_t *t)
{
	uint32_t most = paris ? 3 : 4;

	pips = pips < 1 ? 1 : pips > most ? most : pips;
	turn = turn < pips ? pips : turn > 7 ? 7 : turn;
	*p = (uint8_t)pips;
	*t = (uint8_t)turn;
	*generic = paris ? 0 : (uint8_t)(turn - pips);
}

/* Whether source s can make colour t. */
static bool source_makes(const struct mf_odds_source *s, int t)
{
	for (unsigned o = 0; o < s->n_options; o++)
		if (s->options[o].mana[t])
			return true;
	return false;
}

/* The sources row (generic, pips, turn) asks for; 0 when the table has no
 * such row or it is out of reach with every land a source. */
static uint32_t needed_of(const struct mf_odds_sources_row *rows, size_t n, uint8_t generic,
			  uint8_t pips, uint8_t turn)
{
	for (size_t r = 0; r < n; r++)
		if (rows[r].generic == generic && rows[r].pips == pips && rows[r].turn == turn)
			return rows[r].sources;
	return 0;
}

int mf_report_colors(const struct rep_ctx *c, struct mf_report *out)
{
	const struct mf_report_query *q = c->q;
	struct mf_odds_sources_query sq = {
		.size = q->size, .lands = out->land_cards, .on_draw = q->on_draw,
		.policy = q->policy, .custom = q->custom, .stop = q->stop,
	};
	struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX];
	size_t n_rows = 0;
	unsigned used = 0, made[MF_ODDS_LAND_KINDS_MAX];
	bool paris = q->policy == MF_ODDS_PARIS2013;
	int rc;

	for (size_t i = 0; i < q->n_spells; i++)
		used |= mf_mana_cost_colors(&q->spells[i].cost);
	if (!used)
		return MF_OK;
	rc = mf_odds_sources(&sq, rows, &n_rows);
	if (rc)
		return rc;
	for (size_t l = 0; l < c->deck.n; l++)
		made[l] = mf_odds_land_colors(q->cat, c->deck.lands, c->deck.n, l);
	for (int t = 0; t < 5; t++) {
		struct mf_report_color *col;
		/* needed by the current demand, unreachable counting above all */
		uint64_t most = 0;

		if (!(used >> t & 1))
			continue;
		col = &out->colors[out->n_colors++];
		memset(col, 0, sizeof(*col));
		col->color = (enum mf_mana_type)t;
		for (size_t l = 0; l < c->deck.n; l++)
			if (made[l] >> t & 1)
				col->sources += c->deck.counts[l];
		for (size_t k = 0; k < c->deck.n_src; k++)
			if (source_makes(&c->deck.src[k], t))
				col->other_sources += c->deck.src_counts[k];
		for (size_t i = 0; i < q->n_spells; i++) {
			uint8_t g, p, tu;
			uint32_t need;
			uint64_t key;

			if (!(mf_mana_cost_colors(&q->spells[i].cost) >> t & 1))
				continue;
			row_of(pips_of(&q->spells[i].cost, t), c->turn[i], paris, &g, &p, &tu);
			need = needed_of(rows, n_rows, g, p, tu);
			key = need ? need : (uint64_t)UINT32_MAX + 1;
			if (key > most) {
				most = key;
				col->demand = i;
				col->generic = g;
				col->pips = p;
				col->turn = tu;
				col->needed = need;
			}
		}
		if (col->needed)
			col->short_by = col->needed > col->sources ? col->needed - col->sources : 0;
		else  /* out of reach: short of more than every land */
			col->short_by = out->land_cards + 1 - col->sources;
		col->p = out->spells[col->demand].odds.p_castable_given_lands;
	}
	return MF_OK;
}
