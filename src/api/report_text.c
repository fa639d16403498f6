/* The deck report's answer as JSON: see report_text.h. */
#include "api/report_text.h"

#include "api/identity.h"
#include "api/json_text.h"
#include "api/odds_text.h"
#include "manaflow/decklist.h"

/* ,"standard_error":{...},"interval95":{...} of a sampled spell. */
static void sampled_text(struct mf_buf *out, const struct mf_odds_result *o)
{
	static const char *const names[2] = { "p_castable", "p_castable_given_lands" };

	MF_JSON_LIT(out, ",\"standard_error\":{");
	for (int i = 0; i < 2; i++) {
		mf_buf_addf(out, "%s\"%s\":", i ? "," : "", names[i]);
		mf_api_prob_text(out, o->se[i + 1]);
	}
	MF_JSON_LIT(out, "},\"interval95\":{");
	for (int i = 0; i < 2; i++) {
		mf_buf_addf(out, "%s\"%s\":[", i ? "," : "", names[i]);
		mf_api_prob_text(out, o->ci_low[i + 1]);
		MF_JSON_LIT(out, ",");
		mf_api_prob_text(out, o->ci_high[i + 1]);
		MF_JSON_LIT(out, "]");
	}
	mf_buf_addf(out, "},\"games\":%llu", (unsigned long long)o->games);
}

/* One spell: its name, count, cost, turn and odds. */
static void spell_text(struct mf_buf *out, const struct mf_api_report_build *b,
		       const struct mf_report_spell *s, size_t i)
{
	const struct mf_odds_result *o = &s->odds;
	char cost[256];

	mf_mana_cost_format(&b->spells[i].cost, cost, sizeof(cost));
	MF_JSON_LIT(out, "{\"name\":");
	mf_json_text_string(out, s->name);
	mf_buf_addf(out, ",\"count\":%u,\"commander\":%s,\"cost\":", s->count,
		    s->commander ? "true" : "false");
	mf_json_text_string(out, cost);
	mf_buf_addf(out, ",\"turn\":%u,\"method\":\"%s\",\"p_castable\":", s->turn,
		    o->method == MF_ODDS_EXACT ? "exact" : "sample");
	mf_api_prob_text(out, o->p_castable);
	MF_JSON_LIT(out, ",\"p_castable_given_lands\":");
	if (o->given_defined)
		mf_api_prob_text(out, o->p_castable_given_lands);
	else
		MF_JSON_LIT(out, "null");
	if (o->method == MF_ODDS_SAMPLE)
		sampled_text(out, o);
	mf_api_odds_by_turn_text(out, o, MF_REPORT_CURVE, s->turn);
	MF_JSON_LIT(out, "}");
}

/* One colour the spells use, against Karsten's table. */
static void color_text(struct mf_buf *out, const struct mf_report *r, const struct mf_report_color *c)
{
	mf_buf_addf(out, "{\"color\":\"%c\",\"sources\":%u,\"other_sources\":%u,\"demand\":",
		    "WUBRG"[c->color], c->sources, c->other_sources);
	mf_json_text_string(out, r->spells[c->demand].name);
	if (c->needed)
		mf_buf_addf(out, ",\"needed\":%u", c->needed);
	else
		MF_JSON_LIT(out, ",\"needed\":null");
	mf_buf_addf(out, ",\"short\":%u,\"p\":", c->short_by);
	mf_api_prob_text(out, c->p);
	MF_JSON_LIT(out, "}");
}

/* {"name","count","kind"} of a card an advice line moves. */
static void card_text(struct mf_buf *out, const struct mf_report_card *c)
{
	MF_JSON_LIT(out, "{\"name\":");
	mf_json_text_string(out, c->name);
	mf_buf_addf(out, ",\"count\":%u,\"kind\":\"%s\"}", c->count,
		    c->land ? "land" : c->source ? "source" : "spell");
}

/* One advice line: what goes out, what comes in, the gain and the spells
 * it changes. */
static void advice_text(struct mf_buf *out, const struct mf_report *r,
			const struct mf_report_advice *a)
{
	MF_JSON_LIT(out, "{\"out\":");
	card_text(out, &a->out);
	MF_JSON_LIT(out, ",\"in\":");
	card_text(out, &a->in);
	MF_JSON_LIT(out, ",\"gain\":");
	mf_api_prob_text(out, a->gain);
	MF_JSON_LIT(out, ",\"spells\":[");
	for (size_t i = 0; i < a->n_changes; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		MF_JSON_LIT(out, "{\"name\":");
		mf_json_text_string(out, r->spells[a->changes[i].spell].name);
		MF_JSON_LIT(out, ",\"before\":");
		mf_api_prob_text(out, a->changes[i].before);
		MF_JSON_LIT(out, ",\"after\":");
		mf_api_prob_text(out, a->changes[i].after);
		MF_JSON_LIT(out, "}");
	}
	MF_JSON_LIT(out, "]}");
}

/* "deck": its size, lands, spells, colours, rules and what was left out. */
static void deck_text(struct mf_buf *out, const struct mf_api_report_build *b,
		      const struct mf_report *r)
{
	mf_buf_addf(out, "{\"deck\":{\"size\":%u,\"lands\":%u,\"spells\":%u,\"commanders\":%u,"
		    "\"on\":\"%s\",\"policy\":\"%s\",\"life\":%u,\"colors\":", b->q.size,
		    b->land_cards, b->spell_cards, b->commanders, b->q.on_draw ? "draw" : "play",
		    mf_odds_policy_name(b->q.policy), b->q.life);
	mf_json_text_letters(out, b->colors);
	MF_JSON_LIT(out, ",\"mean_p_castable\":");
	mf_api_prob_text(out, r->mean_p);
	MF_JSON_LIT(out, ",\"mean_delay\":");
	mf_api_prob_text(out, r->mean_delay);
	if (b->identity || b->commanders) {
		char id[6];

		mf_api_identity_text(b->identity, id);
		mf_buf_addf(out, ",\"identity\":\"%s\"", id);
	}
	mf_api_sources_json(&b->src, out);
	mf_api_odds_rules_text(out, b->q.policy, &b->q.custom, b->q.size, b->q.on_draw,
			       b->q.n_sources > 0);
	MF_JSON_LIT(out, ",\"ignored\":[");
	if (mf_buf_len(&b->ignored))  /* each entry after a comma: the first's left out */
		mf_buf_add(out, mf_buf_ptr(&b->ignored) + 1, mf_buf_len(&b->ignored) - 1);
	MF_JSON_LIT(out, "],\"land_clauses_ignored\":[");
	if (b->acc.n_cards)
		mf_buf_add(out, mf_buf_ptr(&b->acc.ignored), mf_buf_len(&b->acc.ignored));
	MF_JSON_LIT(out, "]}");
}

int mf_api_report_text(const struct mf_api_report_build *b, const struct mf_report *r,
		       struct mf_buf *out)
{
	deck_text(out, b, r);
	MF_JSON_LIT(out, ",\"warnings\":[");
	if (mf_buf_len(&b->warnings))  /* each entry after a comma: the first's left out */
		mf_buf_add(out, mf_buf_ptr(&b->warnings) + 1, mf_buf_len(&b->warnings) - 1);
	MF_JSON_LIT(out, "]");
	MF_JSON_LIT(out, ",\"spells\":[");
	for (size_t i = 0; i < r->n_spells; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		spell_text(out, b, &r->spells[i], i);
	}
	MF_JSON_LIT(out, "],\"colors\":[");
	for (size_t i = 0; i < r->n_colors; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		color_text(out, r, &r->colors[i]);
	}
	MF_JSON_LIT(out, "],\"advice\":[");
	for (size_t i = 0; i < r->n_advice; i++) {
		if (i)
			MF_JSON_LIT(out, ",");
		advice_text(out, r, &r->advice[i]);
	}
	MF_JSON_LIT(out, "],\"more_land\":");
	if (r->has_more_land)
		advice_text(out, r, &r->more_land);
	else
		MF_JSON_LIT(out, "null");
	MF_JSON_LIT(out, ",\"fewer_land\":");
	if (r->has_fewer_land)
		advice_text(out, r, &r->fewer_land);
	else
		MF_JSON_LIT(out, "null");
	MF_JSON_LIT(out, ",\"source_in\":");
	if (r->has_source_in)
		advice_text(out, r, &r->source_in);
	else
		MF_JSON_LIT(out, "null");
	MF_JSON_LIT(out, ",\"source_out\":");
	if (r->has_source_out)
		advice_text(out, r, &r->source_out);
	else
		MF_JSON_LIT(out, "null");
	mf_buf_addf(out, ",\"advice_complete\":%s", r->advice_complete ? "true" : "false");
	if (!r->advice_complete)
		MF_JSON_LIT(out, ",\"advice_note\":\"the work budget ran out or the request's "
			    "deadline came during the advice: the lines above are those finished\"");
	mf_buf_addf(out, ",\"work\":%llu}", (unsigned long long)r->work);
	return mf_buf_error(out);
}
