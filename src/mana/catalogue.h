/* Internal view of a catalogue, shared by the mana modules. */
#ifndef MF_MANA_CATALOGUE_H
#define MF_MANA_CATALOGUE_H

#include "manaflow/mana.h"

/* data/lands.txt, embedded at build time by data/embed.py. */
extern const char mf_embedded_lands[];
extern const size_t mf_embedded_lands_len;

struct mf_mana_catalogue {
	struct mf_mana_land *lands;
	uint8_t *name_len;       /* strlen of each name, to compare lengths first */
	uint8_t (*type_life)[MF_MANA_TYPES];  /* least life to make each type, 255: cannot */
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

#endif
