/*
 * manaflow mana: can this cost be paid from these lands without dying?
 *
 * The rules are those of IPSC 2016 problem M "Mana troubles". A catalogue
 * (the contest's m_lands.txt format) says what each land does; a query names
 * lands on the battlefield and in the library, a life total and a cost; the
 * solver answers whether the cost can be paid, the least life any payment
 * needs, and a tapping plan that pays exactly that.
 *
 * Ownership: a catalogue is built once, read-only afterwards, and may be
 * shared by any number of threads solving at once. Results own their plan and
 * are released with mf_mana_result_free().
 */
#ifndef MANAFLOW_MANA_H
#define MANAFLOW_MANA_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "manaflow/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The six types of mana a land makes, in WUBRG order, then colourless. */
enum mf_mana_type { MF_MANA_W, MF_MANA_U, MF_MANA_B, MF_MANA_R, MF_MANA_G, MF_MANA_C, MF_MANA_TYPES };

/* "WUBRGC"[type]. */
MF_EXPORT char mf_mana_letter(enum mf_mana_type type);

/* Documented limits; inputs beyond them are refused with MF_ERR_LIMIT. */
#define MF_MANA_LAND_NAME_MAX 128       /* bytes in a land's name */
#define MF_MANA_LAND_OPTIONS_MAX 16     /* alternatives of one land */
#define MF_MANA_CATALOGUE_MAX 4096      /* lands in one catalogue */
#define MF_MANA_QUERY_LANDS_MAX 100000  /* battlefield + library of one query */
#define MF_MANA_LIFE_MAX 1000000        /* largest life total */
#define MF_MANA_COST_TEXT_MAX 1024      /* bytes in a cost */
#define MF_MANA_COST_MANA_MAX 1000000   /* mana a cost may ask for in total */
#define MF_MANA_X_MAX 1000000           /* largest value of {X} */
#define MF_MANA_TWOBRID_CHOICES_MAX 4096 /* ways to pay a cost's {2/C} symbols */
#define MF_MANA_X_SYMBOLS_MAX 100       /* {X} symbols in one cost */
#define MF_MANA_BUNDLE_TRIES_MAX 4096   /* ways to pay {2/C} times the ways to tap the
					 * kinds of land that make several mana for
					 * life (Ancient Tomb), all but one of them */

/* ------------------------------------------------------------------ */
/* Land catalogue                                                      */

enum mf_mana_land_kind {
	MF_MANA_KIND_BASIC,
	MF_MANA_KIND_DUAL,
	MF_MANA_KIND_SHOCK,
	MF_MANA_KIND_FETCH,
	MF_MANA_KIND_PAIN,
	MF_MANA_KIND_BOUNCE,
	MF_MANA_KIND_TRI,
	MF_MANA_KIND_FIVE_COLOR,
	MF_MANA_KIND_TRON,
	/* Cycles named by a catalogue's note "kind=NAME". The note only says
	 * which cycle a land belongs to; what it does comes from its
	 * alternatives and its other notes (etb=...). */
	MF_MANA_KIND_FAST,
	MF_MANA_KIND_CHECK,
	MF_MANA_KIND_SLOW,
	MF_MANA_KIND_TRIOME,
	MF_MANA_KIND_SURVEIL,
	MF_MANA_KIND_GATE,
	MF_MANA_KIND_GAIN,
	MF_MANA_KIND_TEMPLE,
	MF_MANA_KIND_PATHWAY,
	MF_MANA_KIND_HORIZON,
	MF_MANA_KIND_OTHER,  /* stays last */
};

/* The family's name, "basic", "dual", ...: how land notes (kind=NAME) and
 * answers spell it. A static string; "other" for a value outside the enum. */
MF_EXPORT const char *mf_mana_land_kind_name(enum mf_mana_land_kind kind);

/* One alternative of a land: the mana it makes when tapped this way, and
 * the life it costs. An alternative making several mana is the land's only
 * one (a bounce land's WU, Ancient Tomb's CC for 2 life). */
struct mf_mana_land_option {
	uint8_t mana[MF_MANA_TYPES];
	uint8_t life;
};

/* How a land enters the battlefield (what matters when a fetch finds it). */
enum mf_mana_etb {
	MF_MANA_ETB_UNTAPPED,     /* untapped (a shock land or an MDFC land face: unless
				   * untap_life life is paid, see untap_life) */
	MF_MANA_ETB_TAPPED,       /* always tapped: makes no mana the turn it is fetched */
	MF_MANA_ETB_CONDITIONAL,  /* tapped or not by the board (fast, check, slow lands):
				   * etb_if says by what; such a land can never be fetched */
};

/* What a land of etb MF_MANA_ETB_CONDITIONAL enters untapped by: the board
 * as it is played (read by the odds' land drops; a single board never has
 * such a land enter). */
enum mf_mana_etb_if {
	MF_MANA_IF_UNKNOWN,     /* a condition the model cannot tell: it enters tapped */
	MF_MANA_IF_TYPES,       /* you control a land with a basic land type of a colour
				 * it makes (check lands) */
	MF_MANA_IF_FEW_LANDS,   /* you control at most etb_lands other lands (fast lands
				 * 2, Hive of the Eye Tyrant 1) */
	MF_MANA_IF_MANY_LANDS,  /* you control at least etb_lands other lands (slow
				 * lands 2) */
};
#define MF_MANA_ETB_LANDS_MAX 9  /* largest etb_lands */

/* Supertypes, bits of mf_mana_land.supertypes. */
#define MF_MANA_SUPER_BASIC 0x01u  /* basic land: what a basic-only fetch finds */
#define MF_MANA_SUPER_SNOW  0x02u

/* In fetch_types beside the five basic land types: finds any land with the
 * Basic supertype (Prismatic Vista, Evolving Wilds: "a basic land card"). */
#define MF_MANA_FETCH_BASIC 0x20u

struct mf_mana_land {
	char name[MF_MANA_LAND_NAME_MAX + 1];
	enum mf_mana_land_kind kind;
	uint8_t basic_types;  /* bit t set: the land has t's basic land type (Plains = W) */
	uint8_t supertypes;   /* MF_MANA_SUPER_BASIC, MF_MANA_SUPER_SNOW */
	uint8_t etb;          /* enum mf_mana_etb */
	uint8_t etb_if;       /* with etb MF_MANA_ETB_CONDITIONAL: enum mf_mana_etb_if; else 0 */
	uint8_t etb_lands;    /* MF_MANA_IF_FEW_LANDS and _MANY_LANDS: the count of other
			       * lands, 0 .. MF_MANA_ETB_LANDS_MAX; else 0 */
	uint8_t fetch_types;  /* non-zero for a fetch land: bit t finds lands with t's basic
			       * land type, MF_MANA_FETCH_BASIC finds basic lands */
	uint8_t fetch_life;   /* life a fetch costs */
	bool fetch_tapped;    /* the fetched land enters tapped: the fetch makes no mana now */
	uint8_t fetch_untap_at; /* with fetch_tapped: the found land is untapped again when
				 * you then control this many lands or more (Fabled
				 * Passage: 4); 0: it stays tapped. Read by the odds'
				 * land drops; a single board (mf_mana_solve) keeps it
				 * tapped */
	uint8_t untap_life;   /* enters tapped unless this much life is paid (a shock land
			       * 2, a modal double-faced card's land face 3); 0: no such
			       * choice. The solver charges it when the land is fetched
			       * (the only way a land enters during a payment); an MDFC
			       * face has no basic land type, so no fetch finds it */
	uint8_t tron;         /* colourless made while Tron is assembled, 0 if no piece */
	uint8_t identity;     /* a land that makes "one mana of any color in your
			       * commander's color identity" (Command Tower): the colours
			       * (bit t: type t) it may make, of which mf_mana_land_narrow()
			       * keeps those of a deck's identity as its alternatives. As
			       * a catalogue holds it, n_options is 0: it makes nothing
			       * until narrowed. 0 for any other land */
	uint8_t n_options;    /* 0 for a fetch land, and for an identity land not narrowed */
	struct mf_mana_land_option options[MF_MANA_LAND_OPTIONS_MAX];
};

/* Opaque: lands plus a name index. */
struct mf_mana_catalogue;

/* Where parsing a catalogue or a cost went wrong. */
struct mf_mana_parse_error {
	size_t line;        /* 1-based line of a catalogue, 0 for a cost */
	size_t position;    /* 1-based byte offset within the line or cost */
	char reason[160];   /* one English sentence, no trailing newline */
};

/*
 * Parse a catalogue in the m_lands.txt format ("name;types;alternatives;note"
 * per line; blank lines ignored), with this service's extensions (docs/api.md):
 * the alternative "fetchBasic" (finds any basic land), and notes that list
 * keywords separated by single blanks: "basic", "snow", "etb=tapped",
 * "etb=conditional", "etb=fewN" and "etb=manyN" (conditional: untapped with
 * at most, at least, N other lands), "fetch=tapped", "fetch=untap4",
 * "identity" (the alternatives, one colour each for no life, are the
 * colours the land may make: mf_mana_land.identity),
 * "kind=NAME" (kind=check, fast and slow lands that are conditional enter
 * by their cycle's condition: a land of its colours' types, at most two
 * other lands, at least two). The notes "--shock"
 * (untap_life 2) and "tron N" must be written exactly so; a note whose
 * first word (in any case, after blanks and dashes) is "shock", "tron" or
 * a keyword's must be exactly such a note, or it is an error; other notes
 * are comments. A land named and typed as one basic land type
 * ("Forest;Forest;G;") is basic without a note. An empty alternative is an
 * error. On success *out owns a new catalogue that the caller frees with
 * mf_mana_catalogue_free(). On failure
 * *out is NULL, err names the line and the reason, and MF_ERR_INVALID,
 * MF_ERR_LIMIT or MF_ERR_NOMEM is returned.
 */
MF_EXPORT int mf_mana_catalogue_parse(const char *text, size_t len,
				 struct mf_mana_catalogue **out,
				 struct mf_mana_parse_error *err);

/* The catalogue built into the binary (data/lands.txt), parsed on each call:
 * same contract as mf_mana_catalogue_parse(). */
MF_EXPORT int mf_mana_catalogue_builtin(struct mf_mana_catalogue **out,
				   struct mf_mana_parse_error *err);

/*
 * Checks a land built in memory (not parsed from a line) as a catalogue line
 * is checked: a non-empty UTF-8 name of at most MF_MANA_LAND_NAME_MAX bytes,
 * fields in range, and the model's rules (docs/api.md). A kind of
 * MF_MANA_KIND_OTHER is replaced by the kind its alternatives show. Returns
 * MF_OK, or MF_ERR_INVALID with err->reason (err->line 0).
 */
MF_EXPORT int mf_mana_land_check(struct mf_mana_land *land, struct mf_mana_parse_error *err);

/*
 * Narrows an identity land (land->identity non-zero) to a deck's colour
 * identity (bit t: colour t, W = bit 0 ... G = bit 4): its alternatives
 * become one mana of each colour of land->identity & identity, for no life
 * (none at all when they share no colour: it then makes nothing). Any other
 * land is left as it is. Idempotent; reads and writes *land only.
 */
MF_EXPORT void mf_mana_land_narrow(struct mf_mana_land *land, uint8_t identity);

/*
 * A new catalogue: base's lands at their indexes, then the n_extra lands of
 * extra at indexes size(base) + i, each checked as a catalogue line is (its
 * name, the model's rules; a kind of MF_MANA_KIND_OTHER is worked out). A
 * query may then mix lands of both. Names may repeat: mf_mana_catalogue_find()
 * finds the first land of a name, and a Tron piece is known by its name. base
 * and extra are only read, and may be freed once this returns. On success
 * *out owns a new catalogue that the caller frees with
 * mf_mana_catalogue_free(). On failure *out is NULL and MF_ERR_INVALID (err:
 * line = 1 + the index in extra, and the reason), MF_ERR_LIMIT (more than
 * MF_MANA_CATALOGUE_MAX extra lands, or more than 8 Tron pieces) or
 * MF_ERR_NOMEM is returned. It costs a copy of base: build it per query only
 * when a query brings lands of its own.
 */
MF_EXPORT int mf_mana_catalogue_extend(const struct mf_mana_catalogue *base,
				       const struct mf_mana_land *extra, size_t n_extra,
				       struct mf_mana_catalogue **out,
				       struct mf_mana_parse_error *err);

/* Frees a catalogue; NULL is fine. */
MF_EXPORT void mf_mana_catalogue_free(struct mf_mana_catalogue *cat);

/* How many lands the catalogue holds: valid indexes are 0 to that - 1. */
MF_EXPORT size_t mf_mana_catalogue_size(const struct mf_mana_catalogue *cat);

/* The land at index i (< size); the pointer lives as long as the catalogue. */
MF_EXPORT const struct mf_mana_land *mf_mana_catalogue_land(const struct mf_mana_catalogue *cat,
						  size_t i);

/* Index of the land called exactly name (len bytes), or -1. */
MF_EXPORT int32_t mf_mana_catalogue_find(const struct mf_mana_catalogue *cat,
				    const char *name, size_t len);

/* Index of the land whose name is closest to name (case-insensitive edit
 * distance), for "did you mean" hints; -1 when nothing is reasonably close. */
MF_EXPORT int32_t mf_mana_catalogue_closest(const struct mf_mana_catalogue *cat,
				       const char *name, size_t len);

/* ------------------------------------------------------------------ */
/* Costs                                                               */

/* Colour masks below: bit t for colour t (W = bit 0 ... G = bit 4). */
struct mf_mana_cost {
	uint32_t generic;                /* payable by any mana */
	uint32_t need[MF_MANA_TYPES];    /* W U B R G and C, each by its own type */
	uint32_t hybrid[32];             /* {W/U}: by the mask of its two colours */
	uint32_t phyrexian[32];          /* {W/P}, {G/U/P}: by the mask of its one or
					  * two colours; or 2 life instead */
	uint32_t twobrid[5];             /* {2/W}: by colour; that colour or 2 generic */
	uint32_t x_count;                /* {X} symbols: each is the query's x generic */
};

/* Total mana the cost asks for at most ({2/W} counts 2, {X} nothing). */
MF_EXPORT uint64_t mf_mana_cost_total(const struct mf_mana_cost *cost);

/* The colours (bit t for W..G) the cost can spend specifically: its
 * coloured, hybrid, Phyrexian and two-brid symbols (C is no colour). */
MF_EXPORT unsigned mf_mana_cost_colors(const struct mf_mana_cost *cost);

/* Whether the cost has a symbol beyond colours, C and generic. */
MF_EXPORT bool mf_mana_cost_has_choices(const struct mf_mana_cost *cost);

/*
 * Parse a cost, in either notation: the contest's ("2WWU", each digit its
 * own generic amount, so "99" is 18) or Scryfall's braces ("{2}{W}{W}",
 * "{10}", "{C}", "{X}", hybrid "{W/U}", Phyrexian "{W/P}" and "{G/U/P}",
 * two-brid "{2/W}"). Returns MF_OK and fills *out, or MF_ERR_INVALID /
 * MF_ERR_LIMIT with err->position at the offending symbol (1-based).
 */
MF_EXPORT int mf_mana_cost_parse(const char *text, size_t len, struct mf_mana_cost *out,
			    struct mf_mana_parse_error *err);

/* Writes the Phyrexian symbol of a colour mask, "{B/P}" or "{G/U/P}". */
MF_EXPORT void mf_mana_phyrexian_format(unsigned mask, char out[8]);

/* Writes the cost in brace notation ("{2}{W}{W}") into buf (NUL-terminated,
 * truncated to size); returns the length it needed. */
MF_EXPORT size_t mf_mana_cost_format(const struct mf_mana_cost *cost, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Solving                                                             */

struct mf_mana_query {
	const struct mf_mana_catalogue *cat;
	const int32_t *battlefield;  /* catalogue indexes, untapped on the battlefield */
	size_t n_battlefield;
	const int32_t *library;      /* catalogue indexes, in the library */
	size_t n_library;
	uint32_t life;               /* 1 .. MF_MANA_LIFE_MAX */
	struct mf_mana_cost cost;
	uint32_t x;                  /* value of each {X} in the cost, 0 .. MF_MANA_X_MAX */
	bool no_plan;                /* true: the answer without its plan (plan NULL),
				      * for a caller that asks only the least life */
};

enum mf_mana_zone { MF_MANA_FROM_BATTLEFIELD, MF_MANA_FROM_LIBRARY };

/* One action of a plan. A fetch makes no mana and is followed at once by
 * the step of the land it fetched (fetch = that land's index). A Phyrexian
 * symbol paid with 2 life is a step of its own: land -1, phyrexian its
 * colour mask. */
struct mf_mana_step {
	int32_t land;                    /* catalogue index, -1 for a life payment */
	uint8_t phyrexian;               /* colour mask of the symbol paid with life */
	enum mf_mana_zone from;
	uint32_t mana[MF_MANA_TYPES];    /* mana this step makes */
	uint32_t life;                   /* life this step pays (a fetched shock: its
					  * untap_life, 2, beside the fetch's own) */
	int32_t fetch;                   /* land fetched, or -1 */
};

struct mf_mana_result {
	bool payable;            /* some payment exists, whatever the life total */
	bool castable;           /* payable and min_life_paid <= life - 1 */
	uint64_t min_life_paid;  /* meaningful when payable */
	uint64_t life_left;      /* life - min_life_paid, when castable */
	struct mf_mana_step *plan;    /* when castable (and not no_plan): pays the cost
				  * for exactly min_life_paid, and no step can be
				  * dropped */
	size_t n_plan;
};

/*
 * Solve one query. On MF_OK *out is filled and owns its plan (release with
 * mf_mana_result_free()). MF_ERR_INVALID: an index outside the catalogue or a
 * life total out of range; MF_ERR_LIMIT: too many lands, too large a cost
 * or x, more than MF_MANA_TWOBRID_CHOICES_MAX ways to pay its {2/C} symbols,
 * or more than MF_MANA_BUNDLE_TRIES_MAX tries of those ways and of how many
 * lands of several mana for life to tap (only with two or more kinds of
 * such land on the battlefield); MF_ERR_NOMEM. On failure *out is left empty and needs no freeing.
 */
MF_EXPORT int mf_mana_solve(const struct mf_mana_query *query, struct mf_mana_result *out);

/* Releases what a result owns and empties it; safe on an empty result. */
MF_EXPORT void mf_mana_result_free(struct mf_mana_result *result);

#ifdef __cplusplus
}
#endif

#endif
