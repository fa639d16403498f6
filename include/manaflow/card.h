/*
 * manaflow card: what a Magic card says about mana, read from its printed
 * text as a deck tool holds it (a Scryfall card object).
 *
 * Three readers, one face at a time:
 *  - mf_card_read_colors(): the colours a card can make and spend, the
 *    card's half of taw's deck colour rule (manaflow/deck.h unites the
 *    cards of a deck);
 *  - mf_card_land_read(): what a land does for mana: its types, its mana
 *    and fetch abilities, how it enters the battlefield, and every
 *    mana-relevant clause it does not read;
 *  - mf_card_source_read(): the same of a card that is no land: a
 *    creature's or an artifact's mana abilities, and what it does not read
 *    (rituals, Treasure, land search, ...).
 *
 * Text is matched case-insensitively (ASCII); a word is a run of ASCII
 * letters, digits and '_', so "colorless" is not "color". Reminder text in
 * parentheses is skipped.
 *
 * Ownership: the readers only read the caller's strings and structs and
 * write only the caller's outputs; they allocate nothing and keep no state,
 * so any number of threads may call them at once. Only mf_card_land.name,
 * mf_card_source.name and mf_card_source.mana_cost point into the caller's
 * card after a call returns.
 */
#ifndef MANAFLOW_CARD_H
#define MANAFLOW_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Colour masks: bit t is "WUBRGC"[t], the order of enum mf_mana_type. */
#define MF_CARD_W 0x01u
#define MF_CARD_U 0x02u
#define MF_CARD_B 0x04u
#define MF_CARD_R 0x08u
#define MF_CARD_G 0x10u
#define MF_CARD_C 0x20u
#define MF_CARD_WUBRG 0x1fu  /* the five colours; C is a type of mana, not a colour */

/* Documented limits; inputs beyond them are refused with MF_ERR_LIMIT. */
#define MF_CARD_TEXT_MAX 4096   /* bytes in one name, cost, type line or Oracle text */
#define MF_CARD_FACES_MAX 8     /* faces of one card (Who // What // When // Where // Why has 5) */

/*
 * One face of a card, or the card itself. Every field is a NUL-terminated
 * UTF-8 string owned by the caller; NULL reads as "". The name is not read by
 * the colour reader (it is there so that callers can carry it alongside); the
 * land reader reads it for the land's references to itself.
 */
struct mf_card_face {
	const char *name;
	const char *mana_cost;    /* Scryfall notation: "{2}{W/U}{R/P}" */
	const char *type_line;    /* "Basic Land — Mountain" */
	const char *oracle_text;  /* lines separated by '\n' */
};

/*
 * A card as a deck tool holds a Scryfall card object: its own fields plus,
 * for split, flip, adventure, transform and modal double-faced cards, its
 * faces (n_faces <= MF_CARD_FACES_MAX; faces may be NULL when n_faces is 0).
 */
struct mf_card_object {
	struct mf_card_face card;
	const struct mf_card_face *faces;
	size_t n_faces;
};

/* ------------------------------------------------------------------ */
/* Names: the keys card names are matched by                          */

/*
 * The canonical key of a card name, for matching names however they were
 * typed: ASCII letters lower-cased (other bytes kept as they are, so
 * "Jötun Grunt" keeps its ö), blanks (space, tab) trimmed and each run of
 * them made one space, and each split separator (a run of blanks and '/'
 * holding a '/': " // ", " /// ", "/") written " // ", Scryfall's. So
 * "FIRE/ice" and "Fire /// Ice" both give "fire // ice". Writes the key
 * into key (size bytes, NUL-terminated, cut short when it does not fit;
 * key may be NULL when size is 0) and returns its full length, the NUL not
 * counted, as snprintf does. It cannot fail; name needs no NUL. The card
 * database (manaflow/carddb.h) and the deck report's names of deck lists
 * (manaflow/decklist.h) are matched by it.
 */
MF_EXPORT size_t mf_card_name_key(const char *name, size_t len, char *key, size_t size);

/* The key of the name's front face: mf_card_name_key() up to its first
 * " // " ("Fire // Ice" gives "fire"; a one-faced name its whole key).
 * Same conventions. */
MF_EXPORT size_t mf_card_name_front_key(const char *name, size_t len, char *key,
					size_t size);

/* ------------------------------------------------------------------ */
/* Colours: what a card can make and spend, by taw's rule (2013)       */

/*
 * A card makes X when an "Add ..." / "adds ..." clause of its Oracle text
 * (the words up to the next full stop) names {X}, or says "any ... color" or
 * "any ... type" within 30 characters (all five colours), or when its type
 * line has X's basic land type (a Forest makes G with no rules text). It
 * spends X when {X} appears in its mana cost or in its Oracle text outside
 * those clauses; Extort spends W and B. Hybrid symbols count both halves,
 * {2/X} and Phyrexian {X/P} count as X. "X mana in any combination of {R}
 * and/or {G}" makes R and G only, and "any type that land produced" (mana
 * doublers) makes nothing new: those only copy what another card made. As
 * in taw's script, a line is read for "Add" clauses only when it says "mana"
 * or has a symbol other than a number, {X} or {T}. The card's own fields and
 * every face are read and their answers united.
 */

/* What one card can do: masks of MF_CARD_* bits (C included). */
struct mf_card_colors {
	uint8_t produces;
	uint8_t uses;
};

/*
 * Reads the colours one card makes and spends. Returns MF_OK and fills *out;
 * MF_ERR_INVALID when faces is NULL with n_faces > 0; MF_ERR_LIMIT when a
 * string is longer than MF_CARD_TEXT_MAX or there are more than
 * MF_CARD_FACES_MAX faces. On failure *out is zeroed. Keeps nothing of card;
 * needs no memory beyond the stack.
 */
MF_EXPORT int mf_card_read_colors(const struct mf_card_object *card,
				  struct mf_card_colors *out);

/*
 * The card's colour identity (Commander's rule 903.4), as MF_CARD_W ..
 * MF_CARD_G bits in *out: the colours of every mana symbol in its mana cost
 * and Oracle text (hybrid symbols both halves, {2/X} and {X/P} X), reminder
 * text left out, and of the basic land types in its type line; the card's
 * own fields and every face. A colour indicator is not in the card object
 * as read, so it is not counted. Same returns as mf_card_read_colors().
 */
MF_EXPORT int mf_card_read_identity(const struct mf_card_object *card, uint8_t *out);

/* A card the deck may hold any number of, as a copy limit. */
#define MF_CARD_COPIES_ANY UINT32_MAX

/*
 * The copies of this card a deck may hold by its own text: "A deck can have
 * any number of cards named ..." is MF_CARD_COPIES_ANY, "... up to seven
 * cards named ..." 7; 0 when its text says nothing (the format's rule
 * holds), or the card is malformed (mf_card_read_colors()'s refusals).
 * Reads the card only.
 */
MF_EXPORT uint32_t mf_card_copies_max(const struct mf_card_object *card);

/* ------------------------------------------------------------------ */
/* Lands: the mana-relevant facts of a land, read from its Oracle text */

/*
 * mf_card_land_read() reads what a land does for mana from a Scryfall card
 * object: its supertypes and basic land types, its "{T}: Add ..." abilities,
 * its fetch abilities, how it enters the battlefield, and whether it returns
 * a land when it enters. It is a reader, not a model: it says what the card
 * says, in plain fields, and lists every mana-relevant clause it does not
 * turn into those fields (with the clause's text and a reason) instead of
 * guessing. What is read and what is ignored is listed in docs/api.md
 * ("Reading a land").
 *
 * Text is matched as in the colour reader (ASCII case-insensitive, reminder
 * text skipped), in the 2019 Oracle wording ("enters the battlefield
 * tapped", the card's own name) and the current one ("enters tapped", "this
 * land"). Lines that are neither mana abilities, nor fetches, nor about
 * entering the battlefield (cycling, creature-land activations, scry, "you
 * gain 1 life") are not mana-relevant and are not listed. Every other line
 * that says "add" is either read or listed.
 *
 * Decisions, for the model built on top:
 *  - a mana ability that sacrifices the land (Crystal Vein) is kept, with
 *    MF_CARD_MANA_SACRIFICE, since it pays once like a tap;
 *  - abilities that remove counters (Gemstone Mine, Vivid lands, storage
 *    and depletion lands) are ignored as "needs counters", even when the land
 *    enters with them: a land on the battlefield may have used them up;
 *  - Urza's lands read as "{T}: Add {C}" with tron = the C made instead;
 *  - "Add one mana of any color in your commander's color identity"
 *    (Command Tower) reads as the five colours flagged
 *    MF_CARD_MANA_IDENTITY, for the caller to narrow; "one mana of the
 *    chosen color" is listed, as depending on the game;
 *  - a rider after an "Add" sentence that is not "<this> deals N damage to
 *    you" (Grove of the Burnwillows' "Each opponent gains 1 life", River of
 *    Tears' "add {B} instead") keeps the ability and is listed; a condition on
 *    the damage (Tomb of Urami) counts the life and is listed;
 *  - "Spend this mana only ..." and "Activate only if ..." drop the ability;
 *  - a Lair's "return a non-Lair land" reads as returning any land.
 */

/* Limits of one land face; more is never an error: see the fields. */
#define MF_CARD_LAND_MANA_MAX 16     /* mana alternatives kept per face */
#define MF_CARD_LAND_FETCH_MAX 4     /* fetch abilities kept per face */
#define MF_CARD_LAND_IGNORED_MAX 8   /* ignored clauses kept per face */
#define MF_CARD_LAND_CLAUSE_MAX 159  /* bytes of an ignored clause's text kept */

/* Supertypes (bits of mf_card_land.supertypes). */
#define MF_CARD_LAND_BASIC 0x01u
#define MF_CARD_LAND_SNOW 0x02u
#define MF_CARD_LAND_LEGENDARY 0x04u

/* Flags of one mana alternative. */
#define MF_CARD_MANA_SACRIFICE 0x01u  /* its cost sacrifices the land */
#define MF_CARD_MANA_IMPLICIT 0x02u   /* from a basic land type, not from text */
/* "... any color in your commander's color identity" (a land's too:
 * Command Tower), made only in the commander's colours; of sources only
 * (mf_card_source_read()), "... the chosen color", made only in the colour
 * chosen as the source enters. */
#define MF_CARD_MANA_IDENTITY 0x04u
#define MF_CARD_MANA_CHOSEN 0x08u

/* Why a clause was not read, or why a land face is unsupported. A closed
 * set: mf_card_land_why_text() names each. */
enum mf_card_land_why {
	MF_CARD_WHY_NONE = 0,
	MF_CARD_WHY_SPEND_RESTRICTION, /* "Spend this mana only ..." (Cavern of Souls) */
	MF_CARD_WHY_FILTER,            /* {W/U}, {T} or {1}, {T}: Add two mana */
	MF_CARD_WHY_MANA_COST,         /* any other ability whose cost has mana */
	MF_CARD_WHY_OTHER_PERMANENTS,  /* reads or needs other permanents or the commander */
	MF_CARD_WHY_COUNTERS,          /* removes or depends on counters */
	MF_CARD_WHY_GAME_STATE,        /* depends on the turn, hands, graveyards, choices */
	MF_CARD_WHY_EXTRA_COST,        /* a cost beyond {T}, life and sacrificing the land */
	MF_CARD_WHY_NO_TAP,            /* a mana ability whose cost has no {T} */
	MF_CARD_WHY_TRIGGERED,         /* mana from a triggered ability */
	MF_CARD_WHY_RIDER,             /* another effect of a mana ability that was read */
	MF_CARD_WHY_NOT_UNDERSTOOD,    /* mana-relevant text the reader does not know */
	MF_CARD_WHY_LIMIT,             /* beyond MF_CARD_LAND_MANA_MAX or _FETCH_MAX */
	MF_CARD_WHY_NO_MANA,           /* unsupported only: no mana or fetch ability at all */
	MF_CARD_WHY_OTHER_LANDS,       /* gives every land a basic land type (Urborg): only
					* this land's own mana is read */
	/* Of cards that are no land (mf_card_source_read()): */
	MF_CARD_WHY_RITUAL,            /* an instant or sorcery that adds mana once (Dark Ritual) */
	MF_CARD_WHY_TOKENS,            /* creates tokens that make mana (Treasure) */
	MF_CARD_WHY_LAND_SEARCH,       /* puts lands onto the battlefield from the library
					* (Rampant Growth, Cultivate) */
	MF_CARD_WHY_NOT_PERMANENT_KIND,/* a mana ability of a permanent that is neither a
					* creature nor an artifact (Utopia Sprawl) */
	MF_CARD_WHY_COUNT
};

/* How the land enters the battlefield (its own ability; a fetch that puts
 * lands onto the battlefield tapped says so in mf_card_land_fetch.tapped). */
enum mf_card_land_enters {
	MF_CARD_ENTERS_UNTAPPED = 0,
	MF_CARD_ENTERS_TAPPED,             /* always; hideaway lands too */
	MF_CARD_ENTERS_PAY_LIFE,           /* shock lands (2), MDFC land faces (3):
					    * pay enters_life or it enters tapped */
	MF_CARD_ENTERS_UNLESS_FEW_LANDS,   /* untapped iff you control <= enters_count other lands */
	MF_CARD_ENTERS_UNLESS_MANY_LANDS,  /* untapped iff you control >= enters_count other lands */
	MF_CARD_ENTERS_UNLESS_BASICS,      /* untapped iff you control >= enters_count basic lands */
	MF_CARD_ENTERS_UNLESS_TYPES,       /* untapped iff you control a land with a type in enters_types */
	MF_CARD_ENTERS_UNLESS_REVEAL,      /* untapped iff you reveal a card with a type in enters_types */
	MF_CARD_ENTERS_CONDITIONAL,        /* another condition: the clause is in ignored[] */
};

/* One way to tap the land for mana. "Add {R} or {G}" is two alternatives,
 * "Add {C}{C}" one that makes 2 C, "Add one mana of any color" five. */
struct mf_card_land_mana {
	uint8_t mana[6];  /* amount of W, U, B, R, G, C ("WUBRGC" order) */
	uint8_t life;     /* life it costs: "Pay N life", "<this> deals N damage to you",
			   * City of Brass's "whenever ... becomes tapped" */
	uint8_t flags;    /* MF_CARD_MANA_* */
	uint8_t ability;  /* which ability of the face it comes from, 0-based, in reading
			   * order; the basic land types' implicit abilities come first */
};

/* "{T}, [Pay N life,] Sacrifice <this>: Search your library for ... card,
 * put it onto the battlefield [tapped] ...". */
struct mf_card_land_fetch {
	uint8_t types;    /* basic land types searched for (MF_CARD_W = Plains ...) */
	uint8_t life;     /* life it costs */
	bool basic;       /* only basic land cards ("a basic land card", "a basic Forest ...") */
	bool any_basic;   /* "a basic land card": any basic land, Wastes and snow ones too;
			   * types is then MF_CARD_WUBRG */
	bool tapped;      /* the land found enters tapped */
	uint8_t untap_lands; /* "Then if you control N or more lands, untap that land."
			      * (Fabled Passage: 4), 0 without it */
};

/* A mana-relevant clause that was not read into the other fields. */
struct mf_card_land_ignored {
	enum mf_card_land_why why;
	char text[MF_CARD_LAND_CLAUSE_MAX + 1];  /* as printed, reminder text left out;
						  * NUL-terminated valid UTF-8, cut
						  * between characters when longer */
};

/*
 * One land face. Alternatives or fetches beyond the arrays become a
 * MF_CARD_WHY_LIMIT entry of ignored[]; ignored clauses beyond that array
 * are only counted in n_ignored_total. Identical alternatives (same mana,
 * life and flags) are kept once.
 */
struct mf_card_land {
	const char *name;        /* the face's name, pointing into the caller's card */
	size_t face;             /* index in card->faces, or MF_CARD_LAND_CARD */
	uint8_t supertypes;      /* MF_CARD_LAND_BASIC | _SNOW | _LEGENDARY */
	uint8_t basic_types;     /* basic land types of the type line (MF_CARD_W = Plains ...) */
	enum mf_card_land_enters enters;
	uint8_t enters_life;     /* MF_CARD_ENTERS_PAY_LIFE: the life to pay */
	uint8_t enters_types;    /* MF_CARD_ENTERS_UNLESS_TYPES and _REVEAL */
	uint8_t enters_count;    /* MF_CARD_ENTERS_UNLESS_*_LANDS and _BASICS */
	bool bounce;             /* when it enters, you return a land you control to
				  * its owner's hand (or sacrifice it, for Karoo's kind) */
	uint8_t bounce_types;    /* basic land type the returned land must have, 0 any */
	bool bounce_untapped;    /* the returned land must be untapped */
	uint8_t tron;            /* Urza's lands: C made instead while you control the
				  * other two, 0 for any other land */
	uint8_t n_mana;
	struct mf_card_land_mana mana[MF_CARD_LAND_MANA_MAX];
	uint8_t n_fetch;
	struct mf_card_land_fetch fetch[MF_CARD_LAND_FETCH_MAX];
	uint8_t n_ignored;       /* entries kept in ignored[] */
	uint16_t n_ignored_total; /* clauses ignored, kept or not */
	struct mf_card_land_ignored ignored[MF_CARD_LAND_IGNORED_MAX];
	/* MF_CARD_WHY_NONE when n_mana + n_fetch > 0. Else why nothing is left to
	 * tap: the reason of the first ignored clause that adds mana or fetches,
	 * or MF_CARD_WHY_NO_MANA when the face has none. */
	enum mf_card_land_why unsupported;
};

#define MF_CARD_LAND_CARD ((size_t)-1)  /* mf_card_land.face: the card's own fields */

/* Every land face of one card. */
struct mf_card_lands {
	size_t n;  /* 0 when no face is a land */
	struct mf_card_land faces[MF_CARD_FACES_MAX];
};

/*
 * Reads the land faces of one card. A card without faces (n_faces == 0) is
 * read from its own fields; a card with faces (modal double-faced cards,
 * pathways, transforming cards) is read face by face, and only its faces:
 * each face whose type line has the word "Land" gives one entry, in face
 * order, so the caller picks a face by mf_card_land.name or .face. A card
 * that is no land gives n == 0 and MF_OK.
 *
 * Returns MF_OK; MF_ERR_INVALID when faces is NULL with n_faces > 0;
 * MF_ERR_LIMIT when a string is longer than MF_CARD_TEXT_MAX or there are
 * more than MF_CARD_FACES_MAX faces. On failure out->n is 0. The name
 * pointers of *out point into card's strings and live as long as they do;
 * nothing else is kept, and nothing is allocated (out is about 10 KiB).
 */
MF_EXPORT int mf_card_land_read(const struct mf_card_object *card, struct mf_card_lands *out);

/* English text of a reason ("mana with a spending restriction"): a static
 * string, never NULL and never to be freed ("" for MF_CARD_WHY_NONE,
 * "unknown" past the set). */
MF_EXPORT const char *mf_card_land_why_text(enum mf_card_land_why why);

/* ------------------------------------------------------------------ */
/* Sources: mana from cards that are no land                           */

/*
 * mf_card_source_read() reads what a card that is no land does for mana, as
 * the odds' model of mana that is no land plays it (docs/odds.md): creatures
 * ("dorks") and artifacts ("rocks") with a mana ability "{T}: Add ..." or
 * "{N}, {T}: Add ..." (a Signet's filter, N at most 4). A reader, not a model,
 * as mf_card_land_read(): it says what the card says and lists each
 * mana-relevant clause it does not read, with a reason. Text is matched as
 * by the land reader, in the 2019 and the current Oracle wording; <this> is
 * the face's name, "this artifact", "this creature" (or the land reader's
 * other words). What is read and listed is in docs/api.md ("Reading a mana
 * source").
 *  - "Add {G}." one alternative; "Add {C}{C}." one making two; "Add {G},
 *    {W}, or {U}." three; "Add one mana of any color." five;
 *  - "Pay N life" in the cost, and "<this> deals N damage to you." after
 *    an "Add" sentence: that alternative's life (a Talisman's coloured mana,
 *    not its {C});
 *  - "Add one mana of any color in your commander's color identity." (Arcane
 *    Signet, Commander's Sphere): the five colours flagged
 *    MF_CARD_MANA_IDENTITY, with `identity` set, for the caller to narrow to
 *    the commander's colours;
 *  - "As <this> enters, choose a color." with "Add one mana of the chosen
 *    color." (Coldsteel Heart): the five colours flagged MF_CARD_MANA_CHOSEN,
 *    with `chosen` set (without the choice the ability is listed, as
 *    depending on the game state);
 *  - "<this> enters [the battlefield] tapped.": enters_tapped; with a
 *    condition after "tapped", enters_tapped too, and the clause listed;
 *  - read, and listed: "<this> doesn't untap during your untap step."
 *    (Basalt Monolith), "If <this> would enter ..." (Mox Diamond);
 *  - not read, listed with a reason: an instant's or sorcery's "Add"
 *    (MF_CARD_WHY_RITUAL), Treasure and other tokens that make mana
 *    (MF_CARD_WHY_TOKENS), putting lands from the library onto the
 *    battlefield (MF_CARD_WHY_LAND_SEARCH), mana abilities of enchantments
 *    and planeswalkers (MF_CARD_WHY_NOT_PERMANENT_KIND), "Spend this mana
 *    only ...", costs with coloured mana or more than {4}
 *    (MF_CARD_WHY_MANA_COST), a filter other than the face's
 *    (MF_CARD_WHY_FILTER), sacrificing the source (Lotus Petal pays once:
 *    MF_CARD_WHY_EXTRA_COST), any other cost and no {T} as for a land, a
 *    level up card's abilities past its first "LEVEL" line
 *    (MF_CARD_WHY_COUNTERS), and the land reader's other reasons
 *    (counters, triggered mana, other permanents).
 * Lines with no mana in them (exalted, "Draw a card") are not listed.
 */

enum mf_card_source_kind {
	MF_CARD_SOURCE_NONE = 0,   /* no creature and no artifact (an instant, an enchantment) */
	MF_CARD_SOURCE_CREATURE,   /* a creature (an artifact creature too): summoning sick */
	MF_CARD_SOURCE_ARTIFACT,   /* an artifact that is no creature: taps as it is cast */
};

#define MF_CARD_SOURCE_FILTER_MAX 4  /* largest {N} of a "{N}, {T}: Add" ability read */

/* One face of a card that is no land, as a mana source. A face with mana
 * abilities read has n_mana > 0 and unsupported MF_CARD_WHY_NONE; a face
 * whose only mana-relevant clauses were not read has n_mana 0 and the
 * first such clause's reason in unsupported (the clauses in ignored[]).
 * All the alternatives of a face share its filter: a face with abilities
 * of two different filters keeps those of the first ability read, and
 * lists the others (MF_CARD_WHY_FILTER). */
struct mf_card_source {
	const char *name;        /* the face's name, pointing into the caller's card */
	const char *mana_cost;   /* the face's mana cost, pointing into the caller's card */
	size_t face;             /* index in card->faces, or MF_CARD_LAND_CARD */
	enum mf_card_source_kind kind;
	bool enters_tapped;      /* "<this> enters [the battlefield] tapped." */
	uint8_t filter;          /* generic mana each tap's cost takes: "{1}, {T}: Add {W}{U}" 1 */
	bool identity;           /* some alternative is MF_CARD_MANA_IDENTITY */
	bool chosen;             /* some alternative is MF_CARD_MANA_CHOSEN */
	uint8_t n_mana;
	struct mf_card_land_mana mana[MF_CARD_LAND_MANA_MAX];  /* the land reader's struct:
								 * mana, life, flags (0,
								 * _IDENTITY or _CHOSEN),
								 * ability */
	uint8_t n_ignored;
	uint16_t n_ignored_total;
	struct mf_card_land_ignored ignored[MF_CARD_LAND_IGNORED_MAX];
	enum mf_card_land_why unsupported;
};

/* Every face of one card that is a source, or that says something of mana
 * the reader did not read. */
struct mf_card_sources {
	size_t n;  /* 0: a card that says nothing of mana, or a land */
	struct mf_card_source faces[MF_CARD_FACES_MAX];
};

/*
 * Reads the faces of a card that is no land as mana sources (above). A
 * face whose type line says "Land" is the land reader's and is skipped. A
 * card without faces is read from its own fields; a card with faces, face
 * by face. A face gives an entry when it has a mana ability read or a
 * clause that makes mana not read; a clause only about the source itself
 * (entering tapped under a condition, not untapping) gives none alone.
 * Same returns, limits and ownership as mf_card_land_read(); nothing is
 * allocated (out is about 12 KiB).
 */
MF_EXPORT int mf_card_source_read(const struct mf_card_object *card, struct mf_card_sources *out);

#ifdef __cplusplus
}
#endif

#endif
