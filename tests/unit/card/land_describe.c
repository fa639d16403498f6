#include "unit/card/land_describe.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

const char *land_why_short(enum mf_card_land_why why)
{
	static const char *const names[MF_CARD_WHY_COUNT] = {
		[MF_CARD_WHY_NONE] = "none",
		[MF_CARD_WHY_SPEND_RESTRICTION] = "spend",
		[MF_CARD_WHY_FILTER] = "filter",
		[MF_CARD_WHY_MANA_COST] = "mana-cost",
		[MF_CARD_WHY_OTHER_PERMANENTS] = "permanents",
		[MF_CARD_WHY_COUNTERS] = "counters",
		[MF_CARD_WHY_GAME_STATE] = "state",
		[MF_CARD_WHY_EXTRA_COST] = "extra-cost",
		[MF_CARD_WHY_NO_TAP] = "no-tap",
		[MF_CARD_WHY_TRIGGERED] = "triggered",
		[MF_CARD_WHY_RIDER] = "rider",
		[MF_CARD_WHY_NOT_UNDERSTOOD] = "unread",
		[MF_CARD_WHY_LIMIT] = "limit",
		[MF_CARD_WHY_NO_MANA] = "no-mana",
		[MF_CARD_WHY_OTHER_LANDS] = "other-lands",
		[MF_CARD_WHY_RITUAL] = "ritual",
		[MF_CARD_WHY_TOKENS] = "tokens",
		[MF_CARD_WHY_LAND_SEARCH] = "land-search",
		[MF_CARD_WHY_NOT_PERMANENT_KIND] = "kind",
	};

	return (unsigned)why < MF_CARD_WHY_COUNT ? names[why] : "?";
}

struct out {
	char *buf;
	size_t size, n;
};

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (o->n >= o->size)
		return;
	va_start(ap, fmt);
	k = vsnprintf(o->buf + o->n, o->size - o->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

static void types(struct out *o, unsigned mask)
{
	for (unsigned t = 0; t < 5; t++) {
		if (mask & (1u << t))
			put(o, "%c", "WUBRG"[t]);
	}
}

/* Starts a part: " | " between parts. */
static void part(struct out *o, bool *first, const char *name)
{
	put(o, "%s%s", *first ? "" : " | ", name);
	*first = false;
}

/* "mana=..." of n alternatives, when there are any. */
static void mana_part(struct out *o, bool *first, const struct mf_card_land_mana *mana, size_t n)
{
	if (!n)
		return;
	part(o, first, "mana=");
	for (size_t i = 0; i < n; i++) {
		const struct mf_card_land_mana *m = &mana[i];

		put(o, "%s%s", i ? " " : "", (m->flags & MF_CARD_MANA_IMPLICIT) ? "*" : "");
		for (unsigned t = 0; t < 6; t++) {
			for (unsigned k = 0; k < m->mana[t]; k++)
				put(o, "%c", "WUBRGC"[t]);
		}
		if (m->life)
			put(o, "-%u", m->life);
		if (m->flags & MF_CARD_MANA_SACRIFICE)
			put(o, "!");
		if (m->flags & MF_CARD_MANA_IDENTITY)
			put(o, ":id");
		if (m->flags & MF_CARD_MANA_CHOSEN)
			put(o, ":ch");
	}
}

/* "ignored=..." of the n clauses kept of total, when there are any. */
static void ignored_part(struct out *o, bool *first, const struct mf_card_land_ignored *ignored,
			 size_t n, unsigned total)
{
	if (!n)
		return;
	part(o, first, "ignored=");
	for (size_t i = 0; i < n; i++)
		put(o, "%s%s", i ? "," : "", land_why_short(ignored[i].why));
	if (total > n)
		put(o, ",+%u", (unsigned)(total - n));
}

void land_describe(const struct mf_card_land *land, char *buf, size_t size)
{
	static const char *const super[] = { "basic", "snow", "legendary" };
	struct out o = { buf, size, 0 };
	bool first = true;

	buf[0] = '\0';
	for (unsigned s = 0; s < 3; s++) {
		if (land->supertypes & (1u << s)) {
			put(&o, "%s%s", first ? "" : " ", super[s]);
			first = false;
		}
	}
	mana_part(&o, &first, land->mana, land->n_mana);
	for (size_t i = 0; i < land->n_fetch; i++) {
		const struct mf_card_land_fetch *f = &land->fetch[i];

		part(&o, &first, "fetch=");
		if (f->any_basic)
			put(&o, "any");
		else
			types(&o, f->types);
		if (f->life)
			put(&o, "-%u", f->life);
		if (f->basic && !f->any_basic)
			put(&o, " basic");
		if (f->tapped)
			put(&o, " tapped");
		if (f->untap_lands)
			put(&o, f->untap_lands == 4 ? " untap4" : " untap?");
	}
	switch (land->enters) {
	case MF_CARD_ENTERS_UNTAPPED: break;
	case MF_CARD_ENTERS_TAPPED: part(&o, &first, "enters=tapped"); break;
	case MF_CARD_ENTERS_PAY_LIFE: part(&o, &first, "enters=shock"); put(&o, "%u", land->enters_life); break;
	case MF_CARD_ENTERS_UNLESS_FEW_LANDS: part(&o, &first, "enters=few"); put(&o, "%u", land->enters_count); break;
	case MF_CARD_ENTERS_UNLESS_MANY_LANDS: part(&o, &first, "enters=many"); put(&o, "%u", land->enters_count); break;
	case MF_CARD_ENTERS_UNLESS_BASICS: part(&o, &first, "enters=basics"); put(&o, "%u", land->enters_count); break;
	case MF_CARD_ENTERS_UNLESS_TYPES: part(&o, &first, "enters=control:"); types(&o, land->enters_types); break;
	case MF_CARD_ENTERS_UNLESS_REVEAL: part(&o, &first, "enters=reveal:"); types(&o, land->enters_types); break;
	case MF_CARD_ENTERS_CONDITIONAL: part(&o, &first, "enters=conditional"); break;
	default: part(&o, &first, "enters=?"); break;
	}
	if (land->bounce) {
		part(&o, &first, "bounce");
		if (land->bounce_untapped)
			put(&o, " untapped");
		if (land->bounce_types) {
			put(&o, ":");
			types(&o, land->bounce_types);
		}
	}
	if (land->tron) {
		part(&o, &first, "tron=");
		put(&o, "%u", land->tron);
	}
	ignored_part(&o, &first, land->ignored, land->n_ignored, land->n_ignored_total);
}

void source_describe(const struct mf_card_source *src, char *buf, size_t size)
{
	static const char *const kinds[] = { "none", "creature", "artifact" };
	struct out o = { buf, size, 0 };
	bool first = false;

	buf[0] = '\0';
	put(&o, "%s", (unsigned)src->kind < 3 ? kinds[src->kind] : "?");
	if (src->enters_tapped)
		part(&o, &first, "tapped");
	if (src->filter) {
		part(&o, &first, "filter=");
		put(&o, "%u", src->filter);
	}
	if (src->identity)
		part(&o, &first, "identity");
	if (src->chosen)
		part(&o, &first, "chosen");
	mana_part(&o, &first, src->mana, src->n_mana);
	ignored_part(&o, &first, src->ignored, src->n_ignored, src->n_ignored_total);
}

int land_card_is_land(const struct mf_card_object *card)
{
	if (card->card.type_line && strstr(card->card.type_line, "Land"))
		return 1;
	for (size_t f = 0; f < card->n_faces; f++) {
		if (card->faces[f].type_line && strstr(card->faces[f].type_line, "Land"))
			return 1;
	}
	return 0;
}
