/* The odds' figures and rules as JSON text: see odds_text.h. */
#include "api/odds_text.h"

#include "api/json_text.h"

void mf_api_prob_text(struct mf_buf *out, double p)
{
	mf_buf_addf(out, "%.6f", p);
}

/* "by_turn": P(castable) on each turn of the curve, with its standard
 * error when sampled; then the mean delay. */
void mf_api_odds_by_turn_text(struct mf_buf *out, const struct mf_odds_result *r, uint32_t curve,
			      uint32_t turn)
{
	if (!curve)
		return;
	curve = curve < r->curve ? curve : r->curve;
	MF_JSON_LIT(out, ",\"by_turn\":[");
	for (uint32_t t = 1; t <= curve; t++) {
		mf_buf_addf(out, "%s{\"turn\":%u,\"p_castable\":", t > 1 ? "," : "", t);
		mf_api_prob_text(out, r->by_turn[t - 1]);
		if (r->method == MF_ODDS_SAMPLE) {
			MF_JSON_LIT(out, ",\"standard_error\":");
			mf_api_prob_text(out, r->by_turn_se[t - 1]);
		}
		MF_JSON_LIT(out, "}");
	}
	MF_JSON_LIT(out, "],\"mean_delay\":");
	mf_api_prob_text(out, mf_odds_mean_delay(r, turn));
}

/* The rules the answer was computed by, so that it explains itself. */
void mf_api_odds_rules_text(struct mf_buf *out, enum mf_odds_policy policy,
			    const struct mf_odds_custom *custom, uint32_t size, bool on_draw,
			    bool sources)
{
	struct mf_odds_rules r;

	mf_odds_rules(policy, custom, size, on_draw, &r);
	mf_buf_addf(out, ",\"rules\":{\"mulligan\":\"%s\",\"hands\":[", r.london ? "london" : "paris");
	for (unsigned i = 0; i < r.n_hands; i++) {
		mf_buf_addf(out, "%s{\"cards\":%u,", i ? "," : "", r.hands[i].cards);
		if (r.hands[i].keep_any)
			MF_JSON_LIT(out, "\"keep\":\"any\"");
		else
			mf_buf_addf(out, "\"keep\":[%u,%u]", r.hands[i].keep_lo, r.hands[i].keep_hi);
		mf_buf_addf(out, ",\"free\":%s}", r.hands[i].free ? "true" : "false");
	}
	mf_buf_addf(out, "],\"bottom\":\"%s\",\"draw_on_turn_1\":%s,\"lands_needed\":\"%s\","
		    "\"land_drops\":\"one land a turn from the hand, turns 1 to T; a land drawn on turn t "
		    "is played on t or later; the draws are known in advance\","
		    "\"castable\":\"some line of land drops leaves untapped lands on turn T that pay the "
		    "cost with life >= 1 left. A land played before T is untapped on T however it "
		    "entered (a shock land or a modal double-faced land face for free; a fetch "
		    "found its land then, a triome too). "
		    "The land played on T pays only if it enters untapped: never a tapped land or a "
		    "bounce land; a land that may enter untapped for life for that life (a shock land 2, "
		    "a modal double-faced land face 3); a check land with a land of its types out; "
		    "a fast land with at most two other lands (Hive of the Eye Tyrant: one); a slow "
		    "land with at least two; a "
		    "fetch finds a land that enters as it would (Evolving Wilds: tapped; Fabled "
		    "Passage: untapped with four lands). Bounce lands return a land to the hand. "
		    "Fetches search every land not seen\","
		    "\"opponents\":\"not modelled, but for one assumption: their lands make every "
		    "colour, so a land that makes what an opponent's land could (Exotic Orchard) "
		    "makes any colour\"",
		    r.london ? "spells by Karsten's counts; lands making none of the cost's colours "
		    "first, then the land whose colours the most other lands make, then lands that "
		    "enter tapped, then by name" : "nothing: a fresh smaller hand",
		    r.draw_on_turn_1 ? "true" : "false",
		    r.lands_needed_pips ? "coloured pips" : "mana value");
	if (sources)
		MF_JSON_LIT(out, ",\"sources\":\"mana creatures and artifacts are cards of the deck, "
			    "dealt, drawn and kept with the hand (the keep ranges count lands only; a "
			    "London hand bottoms plain spells first, then sources, the highest mana "
			    "value first). Each turn 1 to T: the land drop, then any sources the turn's "
			    "mana pays for, in any order, from the lands played before, the land played "
			    "that turn if it enters untapped (by the rule of turn T) and the sources "
			    "able to tap. A creature taps from the turn after it is cast; an artifact at "
			    "once, unless it enters tapped. Each source taps once a turn for one of its "
			    "mana: a Talisman's colour for 1 life, a Signet's two for one mana made "
			    "elsewhere, a commander's-identity source one colour of the identity (none "
			    "without one). On T, the mana left after the sources cast then pays the "
			    "cost; life is paid over every turn and must leave at least 1. The draws are "
			    "known in advance. Counted by sampling: a deck with sources has no exact "
			    "count\"");
	MF_JSON_LIT(out, "}");
}

