/*
 * The deck-building rules the report's advice keeps (issue 35): a card's
 * copy limit (4, 1 with a commander, none for a basic land or a card whose
 * text allows any number) and, with a commander, its colour identity for
 * the lands put in. Reads the query and its catalogue only.
 */
#include "report/report_int.h"

uint32_t mf_report_land_copies_max(const struct mf_report_query *q, int32_t land)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(q->cat, (size_t)land);

	if (!q->copies_max || (l->supertypes & MF_MANA_SUPER_BASIC))
		return MF_REPORT_COPIES_ANY;
	return q->copies_max;
}

uint32_t mf_report_spell_copies_max(const struct mf_report_query *q, size_t spell)
{
	uint32_t own = q->spells[spell].copies_max;

	if (own)
		return own;
	return q->copies_max ? q->copies_max : MF_REPORT_COPIES_ANY;
}

/* The colour identity of land l: its mana's colours and its basic land
 * types'; none for a land that makes every colour (its text says "any
 * color", which has no symbol). */
static unsigned land_identity(const struct mf_mana_land *l)
{
	unsigned mask = l->basic_types & 0x1fu;

	for (unsigned i = 0; i < l->n_options; i++)
		for (int t = 0; t < 5; t++)
			if (l->options[i].mana[t])
				mask |= 1u << t;
	return mask == 0x1fu && !l->basic_types ? 0 : mask;
}

bool mf_report_may_add_land(const struct rep_ctx *c, const struct rep_deck *d, int32_t land,
			    uint32_t k)
{
	const struct mf_mana_land *l = mf_mana_catalogue_land(c->q->cat, (size_t)land);
	uint32_t max = mf_report_land_copies_max(c->q, land), have = 0;

	if (land_identity(l) & c->q->off_identity)
		return false;
	for (size_t i = 0; i < d->n; i++)
		if (d->lands[i] == land)
			have = d->counts[i];
	return max == MF_REPORT_COPIES_ANY || (uint64_t)have + k <= max;
}

bool mf_report_may_add_spell(const struct rep_ctx *c, size_t spell, uint32_t count)
{
	uint32_t max = mf_report_spell_copies_max(c->q, spell);

	return max == MF_REPORT_COPIES_ANY || (uint64_t)count + 1 <= max;
}
