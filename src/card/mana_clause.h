/*
 * The parts of an activated mana ability that the land reader
 * (land_ability.c) and the source reader (source_ability.c) read alike: its
 * cost, its "Add ..." sentence and the sentences after it, and keeping its
 * alternatives. What an ability's parts make of it (kept, or listed with
 * which reason) each reader decides on its own. Internal to src/card.
 *
 * Lines are read as the cursor reads them (card/cursor.h): lo in lower case
 * and orig as printed, the same bytes. Nothing here allocates or keeps state.
 */
#ifndef MF_CARD_MANA_CLAUSE_H
#define MF_CARD_MANA_CLAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card/cursor.h"
#include "manaflow/card.h"

/* What the cost of one ability asks for. */
struct mf_card_cost {
	bool tap;
	bool sacrifice;                 /* sacrifices the face itself */
	unsigned life;                  /* "Pay N life" */
	unsigned mana;                  /* mana symbols, {2} counting 2, any other 1 */
	unsigned generic;               /* of mana, what plain numbers ({1}, {2}) count */
	enum mf_card_land_why other;    /* the first other part's reason, or NONE */
};

/* Reads the cost lo[0, n) of face x (the part of an ability before its
 * colon), parts separated by commas, into *cost. Cannot fail: a part it
 * does not know sets cost->other. */
void mf_card_read_cost(const struct mf_card_land_ctx *x, const char *lo, size_t n,
		       struct mf_card_cost *cost);

/* Alternatives of one "Add" list, before any limit of the face's. */
#define MF_CARD_ALTS_MAX (MF_CARD_LAND_MANA_MAX * 2)

struct mf_card_alts {
	size_t n;
	uint8_t mana[MF_CARD_ALTS_MAX][6];  /* "WUBRGC" amounts */
	uint8_t flags[MF_CARD_ALTS_MAX];    /* MF_CARD_MANA_IDENTITY or _CHOSEN by group */
	bool identity;  /* a group "one mana of any color in your commander's color identity" */
	bool chosen;    /* a group "one mana of the chosen color" */
};

/* The effect of one activated mana ability, after its colon. */
struct mf_card_mana_effect {
	struct mf_card_alts alts;    /* what "Add <list>." makes, when parsed */
	bool parsed;                 /* the effect is "Add <list>." and more sentences */
	size_t start;                /* where the effect starts in the line */
	size_t end;                  /* where the sentences after the Add one start */
	bool spend;                  /* a "Spend this mana only ..." sentence */
	enum mf_card_land_why condition; /* "Activate only ...": OTHER_PERMANENTS when
					  * it says "control", else GAME_STATE; NONE */
	unsigned life;               /* "<this> deals N damage to you." sentences */
	bool life_conditional;       /* one of them goes on past "to you" */
	unsigned tron;               /* Urza's lands: "If you control an Urza's ... and an
				      * Urza's ..., add {C}{C} instead.": the C, else 0 */
};

/*
 * Reads the effect of the ability lo[0, n) whose colon is at lo[colon] into
 * *e. The Add list is groups of symbols ({W}{U}, {C}{C}), "one mana of any
 * color", Exotic Orchard's "... that a land an opponent controls could
 * produce" (any colour) and "N mana of any one color", joined by ", ",
 * " or " and ", or "; with choices, also "one mana of any color in your
 * commander's color identity" and "one mana of the chosen color" (five
 * alternatives each, flagged MF_CARD_MANA_IDENTITY or _CHOSEN in e->alts).
 * Any other effect leaves
 * e->parsed false and e->end after its first sentence. Reads only lo;
 * cannot fail.
 */
void mf_card_read_mana_effect(const struct mf_card_land_ctx *x, const char *lo, size_t n,
			      size_t colon, bool choices, struct mf_card_mana_effect *e);

/*
 * Why a mana ability, the line lo[0, n) with its cost and effect read, is
 * not read, or MF_CARD_WHY_NONE: the first that applies of a spending
 * restriction, counters in the cost, cost_why (what the reader makes of
 * the cost's mana and sacrifice; NONE when it reads them), another part of
 * the cost, no {T}, an activation condition, and an effect that is no
 * "Add" list (by its words, mf_card_land_classify()). Reads only its
 * arguments.
 */
enum mf_card_land_why mf_card_mana_why(const char *lo, size_t n, const struct mf_card_cost *cost,
				       const struct mf_card_mana_effect *e,
				       enum mf_card_land_why cost_why);

/* Whether the sentence lo[0, n) is "<this> deals N damage to you." (pain
 * lands, Talismans): sets *life to N, and *conditional when it goes on
 * past "to you" (a condition on the damage). */
bool mf_card_damage_sentence(const struct mf_card_land_ctx *x, const char *lo, size_t n,
			     unsigned *life, bool *conditional);

/*
 * Lists (mf_card_land_ignore(), as no mana) each sentence after the Add one
 * of a kept ability, e->end on, that is not read: a damage sentence with a
 * condition (by its words), a mana replacement ("... instead": what it
 * depends on), any other rider (MF_CARD_WHY_RIDER). A plain damage
 * sentence is read, and so is a Tron sentence when tron_read. Cannot fail.
 */
void mf_card_list_riders(struct mf_card_land_ctx *x, const char *lo, const char *orig,
			 size_t n, const struct mf_card_mana_effect *e, bool tron_read);

/*
 * Appends the alternatives of a to x->land->mana, each with its own flags
 * and flags, life (cut to 255) and the face's next ability index, then
 * counts the ability.
 * Alternatives past MF_CARD_LAND_MANA_MAX are dropped and the clause
 * orig[0, n) is listed once as MF_CARD_WHY_LIMIT. Cannot fail.
 */
void mf_card_keep_alternatives(struct mf_card_land_ctx *x, const struct mf_card_alts *a,
			       uint8_t flags, unsigned life, const char *orig, size_t n);

#endif
