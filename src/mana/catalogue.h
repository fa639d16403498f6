/* Internal view of a catalogue, shared by the mana modules. */
#ifndef MF_MANA_CATALOGUE_H
#define MF_MANA_CATALOGUE_H

#include "manaflow/mana.h"

/* data/lands.txt, embedded at build time by data/embed.py. */
extern const char mf_embedded_lands[];
extern const size_t mf_embedded_lands_len;

/* What the solver does with a land on the battlefield, worked out once. */
enum mf_land_role {
	MF_ROLE_FLOW,    /* one mana per tap, with a choice: a group of the flow */
	MF_ROLE_PRETAP,  /* one free alternative: tapped without a choice */
	MF_ROLE_BUNDLE,  /* one alternative of several mana for life: taps.c */
	MF_ROLE_FETCH,   /* a fetch land whose land enters untapped */
	MF_ROLE_IDLE,    /* a fetch land whose land enters tapped: no mana now */
};

struct mf_mana_catalogue {
	struct mf_mana_land *lands;
	uint8_t *name_len;       /* strlen of each name, to compare lengths first */
	uint8_t (*type_life)[MF_MANA_TYPES];  /* least life to make each type, 255: cannot */
	uint8_t *role;           /* enum mf_land_role of each land */
	uint8_t *found_by;       /* what each land offers a fetch: mf_mana_land_found_by() */
	size_t n_lands;
	int32_t *slots;          /* open-addressing name index: land index or -1 */
	size_t n_slots;          /* a power of two, at least twice n_lands */
	int32_t tron[8];         /* indexes of the distinct Tron pieces */
	size_t n_tron;
};

/*
 * Reads one non-empty catalogue line [s, end) (no line end) into *land:
 * name, basic land types, alternatives, note, then the kind. Returns MF_OK,
 * or MF_ERR_INVALID with err naming line `lineno` and the reason.
 */
int mf_mana_land_parse(struct mf_mana_land *land, const char *s, const char *end,
		       size_t lineno, struct mf_mana_parse_error *err);

/* Checks a land built in memory (not read from a line) as a line is
 * checked: its name, its fields' ranges and the model's rules; then sets its
 * kind when it is MF_MANA_KIND_OTHER. Returns MF_OK, or MF_ERR_INVALID with
 * err naming `lineno` and the reason. */
int mf_mana_land_validate(struct mf_mana_land *land, size_t lineno, struct mf_mana_parse_error *err);

/* The land's enum mf_land_role. */
uint8_t mf_mana_land_role(const struct mf_mana_land *land);

/* What a land in the library offers to fetches (0: nothing, as it would
 * enter tapped or is itself a fetch land): its basic land types, and
 * MF_MANA_FETCH_BASIC when it is basic. A fetch finds it iff this and the
 * fetch's fetch_types share a bit. */
uint8_t mf_mana_land_found_by(const struct mf_mana_land *land);

#endif
