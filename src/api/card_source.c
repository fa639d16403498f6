/*
 * Mana sources that are no land, from cards to the odds' model
 * (api/card_source.h).
 */
#include "api/card_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/json_text.h"

/* Lists clause of source name as left out of the model, for why. */
static void add_ignored(struct mf_api_sources *acc, const char *name, const char *clause,
			const char *why)
{
	if (mf_buf_len(&acc->ignored))
		MF_JSON_LIT(&acc->ignored, ",");
	MF_JSON_LIT(&acc->ignored, "{\"source\":");
	mf_json_text_string(&acc->ignored, name);
	MF_JSON_LIT(&acc->ignored, ",\"clause\":");
	mf_json_text_string(&acc->ignored, clause);
	MF_JSON_LIT(&acc->ignored, ",\"why\":");
	mf_json_text_string(&acc->ignored, why);
	MF_JSON_LIT(&acc->ignored, "}");
}

/* The first face of src the model can play: one with mana read, of a
 * creature or an artifact; NULL when none. */
static const struct mf_card_source *playable_face(const struct mf_card_sources *src)
{
	for (size_t i = 0; i < src->n; i++)
		if (src->faces[i].n_mana && src->faces[i].kind != MF_CARD_SOURCE_NONE)
			return &src->faces[i];
	return NULL;
}

/* The alternatives in WUBRG order: the more of an earlier type first
 * ({W} before {U}, {C} last), then the less life. */
static int option_cmp(const void *a, const void *b)
{
	const struct mf_mana_land_option *x = a, *y = b;
	int c = memcmp(y->mana, x->mana, sizeof(x->mana));

	return c ? c : (int)x->life - (int)y->life;
}

/* Adds option o to s unless s has it; false when s is full. */
static bool add_option(struct mf_odds_source *s, const struct mf_mana_land_option *o)
{
	for (unsigned i = 0; i < s->n_options; i++)
		if (!memcmp(&s->options[i], o, sizeof(*o)))
			return true;
	if (s->n_options == MF_MANA_LAND_OPTIONS_MAX)
		return false;
	s->options[s->n_options++] = *o;
	return true;
}

/* Face f as the model's source into *s (name not set): its cost, kind,
 * entering, filter and alternatives (identity mana narrowed to identity);
 * NULL, or why it cannot be one. */
static const char *to_source(const struct mf_card_source *f, uint8_t identity,
			     struct mf_odds_source *s)
{
	const char *cost = f->mana_cost ? f->mana_cost : "";
	struct mf_mana_parse_error perr;

	memset(s, 0, sizeof(*s));
	if (mf_mana_cost_parse(cost, strlen(cost), &s->cost, &perr))
		return "a mana cost the model cannot read";
	if (s->cost.x_count)
		return "a cost with {X}: its mana is not modelled";
	s->creature = f->kind == MF_CARD_SOURCE_CREATURE;
	s->enters_tapped = f->enters_tapped;
	s->filter = f->filter;
	for (unsigned i = 0; i < f->n_mana; i++) {
		const struct mf_card_land_mana *a = &f->mana[i];
		struct mf_mana_land_option o = { .life = a->life };
		unsigned made = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++) {
			o.mana[t] = a->mana[t];
			made += a->mana[t];
			if ((a->flags & MF_CARD_MANA_IDENTITY) && t < MF_MANA_C && a->mana[t] &&
			    !(identity >> t & 1))
				made = 0;  /* outside the commander's colours: never made */
		}
		if (!made)
			continue;
		if (made > 8)
			return "more than 8 mana in one tap: not modelled";
		if (!add_option(s, &o))
			return "more ways to tap it than the model holds";
	}
	qsort(s->options, s->n_options, sizeof(s->options[0]), option_cmp);
	return NULL;
}

/* Whether a and b are played alike (all but the name). */
static bool alike(const struct mf_odds_source *a, const struct mf_odds_source *b)
{
	return !memcmp(&a->cost, &b->cost, sizeof(a->cost)) && a->creature == b->creature &&
	       a->enters_tapped == b->enters_tapped && a->filter == b->filter &&
	       a->n_options == b->n_options &&
	       !memcmp(a->options, b->options, a->n_options * sizeof(a->options[0]));
}

/* The clauses of face f not read, listed under name. */
static void list_ignored(struct mf_api_sources *acc, const char *name,
			 const struct mf_card_source *f)
{
	for (unsigned i = 0; i < f->n_ignored; i++)
		add_ignored(acc, name, f->ignored[i].text, mf_card_land_why_text(f->ignored[i].why));
	if (f->chosen)
		add_ignored(acc, name, "one mana of the chosen color",
			    "taken as any colour: chosen as it is cast, the draws known");
}

/* The reason of the first face that says something of mana it does not
 * make for the model. */
static const char *unread_why(const struct mf_card_sources *src)
{
	for (size_t i = 0; i < src->n; i++) {
		const struct mf_card_source *f = &src->faces[i];

		if (f->n_mana && f->kind == MF_CARD_SOURCE_NONE)
			return mf_card_land_why_text(MF_CARD_WHY_NOT_PERMANENT_KIND);
		if (f->unsupported != MF_CARD_WHY_NONE)
			return mf_card_land_why_text(f->unsupported);
	}
	return mf_card_land_why_text(MF_CARD_WHY_NO_MANA);
}

int mf_api_source_read(const struct mf_card_object *card, uint8_t identity,
		       struct mf_odds_source *s, bool *uses_identity, const char **why,
		       struct mf_api_sources *list, const char *at, struct mf_api_error *err)
{
	struct mf_card_sources *src = malloc(sizeof(*src));  /* about 100 KiB: not on the stack */
	const struct mf_card_source *f;
	const char *bad;
	int rc;

	*why = NULL;
	*uses_identity = false;
	if (!src)
		return mf_api_fail_nomem(err);
	rc = mf_card_source_read(card, src);
	if (rc) {
		free(src);
		return mf_api_fail(err, at, "the card cannot be read: %s", mf_status_str(rc));
	}
	if (!src->n) {
		free(src);
		return MF_API_SOURCE_NONE;
	}
	f = playable_face(src);
	bad = f ? to_source(f, identity, s) : unread_why(src);
	if (bad) {
		*why = bad;
		free(src);
		return MF_API_SOURCE_UNREAD;
	}
	*uses_identity = f->identity;
	if (list)
		list_ignored(list, card->card.name ? card->card.name : "", f);
	free(src);
	return MF_API_SOURCE_ADDED;
}

int mf_api_source_add(struct mf_api_sources *acc, const struct mf_card_object *card,
		      uint32_t count, const char *at, const char **why, struct mf_api_error *err)
{
	struct mf_odds_source s;
	const char *name = card->card.name ? card->card.name : "", *dummy;
	bool uses_identity;
	size_t k;
	int rc;

	rc = mf_api_source_read(card, acc->identity, &s, &uses_identity, why ? why : &dummy, NULL,
				at, err);
	if (rc != MF_API_SOURCE_ADDED)
		return rc;
	for (k = 0; k < acc->n && !alike(&acc->s[k], &s); k++)
		;
	if (k == MF_ODDS_SOURCE_KINDS_MAX)
		return MF_API_SOURCE_FULL;
	/* listed once the card is in: read again (cheap beside the odds) */
	rc = mf_api_source_read(card, acc->identity, &s, &uses_identity, why ? why : &dummy, acc,
				at, err);
	if (rc != MF_API_SOURCE_ADDED)
		return rc;
	if (k == acc->n) {
		acc->s[k] = s;
		acc->counts[k] = 0;
		acc->names[k][0] = '\0';
		acc->n++;
	}
	/* the kind's name: the least of its cards', whatever their order */
	if (!acc->names[k][0] || strncmp(name, acc->names[k], MF_API_SOURCE_NAME_MAX) < 0)
		snprintf(acc->names[k], sizeof(acc->names[k]), "%s", name);
	acc->s[k].name = acc->names[k];
	acc->counts[k] += count;
	acc->cards += count;
	if (mf_buf_error(&acc->ignored))
		return mf_api_fail_buf(err, &acc->ignored);
	return MF_API_SOURCE_ADDED;
}

void mf_api_source_makes_json(const struct mf_odds_source *s, struct mf_buf *out)
{
	MF_JSON_LIT(out, "[");
	for (unsigned i = 0; i < s->n_options; i++) {
		char text[32];
		size_t n = 0;

		for (int t = 0; t < MF_MANA_TYPES; t++)
			for (unsigned k = 0; k < s->options[i].mana[t] && n < 16; k++)
				text[n++] = mf_mana_letter((enum mf_mana_type)t);
		text[n] = '\0';
		if (s->options[i].life)
			snprintf(text + n, sizeof(text) - n, "!%u", s->options[i].life);
		if (i)
			MF_JSON_LIT(out, ",");
		mf_json_text_string(out, text);
	}
	MF_JSON_LIT(out, "]");
}

int mf_api_sources_json(const struct mf_api_sources *acc, struct mf_buf *out)
{
	MF_JSON_LIT(out, ",\"sources\":[");
	for (size_t k = 0; k < acc->n; k++) {
		const struct mf_odds_source *s = &acc->s[k];
		char cost[128];

		mf_mana_cost_format(&s->cost, cost, sizeof(cost));
		if (k)
			MF_JSON_LIT(out, ",");
		MF_JSON_LIT(out, "{\"name\":");
		mf_json_text_string(out, s->name);
		mf_buf_addf(out, ",\"count\":%u,\"cost\":", acc->counts[k]);
		mf_json_text_string(out, cost);
		mf_buf_addf(out, ",\"kind\":\"%s\",\"enters_tapped\":%s,\"filter\":%u,\"makes\":",
			    s->creature ? "creature" : "artifact", s->enters_tapped ? "true" : "false",
			    s->filter);
		mf_api_source_makes_json(s, out);
		MF_JSON_LIT(out, "}");
	}
	MF_JSON_LIT(out, "]");
	if (mf_buf_len(&acc->ignored)) {
		MF_JSON_LIT(out, ",\"ignored_sources\":[");
		mf_buf_add(out, mf_buf_ptr(&acc->ignored), mf_buf_len(&acc->ignored));
		MF_JSON_LIT(out, "]");
	}
	return mf_buf_error(out);
}

void mf_api_sources_init(struct mf_api_sources *acc, uint8_t identity)
{
	memset(acc, 0, sizeof(*acc));
	acc->identity = identity;
	mf_buf_init(&acc->ignored, MF_API_SOURCES_IGNORED_MAX);
}

void mf_api_sources_free(struct mf_api_sources *acc)
{
	mf_buf_free(&acc->ignored);
	memset(acc, 0, sizeof(*acc));
}
