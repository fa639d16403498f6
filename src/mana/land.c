/*
 * One line of a land catalogue: the contest's m_lands.txt format,
 *
 *   name;basic land types;alternatives;note
 *
 * Alternatives are separated by '|'. Each is a run of '-' (one life each)
 * followed by mana symbols (W U B R G C, a digit d being d colourless) or by
 * "fetch<Type>" or "fetchBasic" (any basic land); an empty alternative is an
 * error wherever it stands. The note "--shock" marks a land that enters
 * tapped unless 2 life are paid (untap_life 2: a line cannot say another
 * amount, a card's Oracle text can, src/api/card_land.c); "tron N" (N a
 * digit 1-9) a Tron piece.
 * Beyond the contest, a note may be a list of keywords separated by single
 * blanks: "basic", "snow" (supertypes), "etb=tapped", "etb=conditional",
 * "etb=fewN", "etb=manyN" (how the land enters: the last two untapped with
 * at most, at least, N other lands), "fetch=tapped" (a fetch whose land enters tapped),
 * "fetch=untap4" (it enters tapped, then untaps if you control four or more
 * lands: Fabled Passage), "identity" (the alternatives, one colour each,
 * are the colours it may make of the commander's identity: Command Tower)
 * and "kind=NAME" (which cycle it belongs to). A note whose first word (letters,
 * after any blanks and dashes, in any case) is "shock", "tron" or a
 * keyword's must be written exactly so, since a slip there would silently
 * change what the land does; any other note is a free comment.
 */
#include "mana/catalogue.h"
#include "mana/parse_error.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "common/utf8.h"

/* While a line is read: its note said "identity", its colours are still
 * its alternatives (identity_colors() turns them into the colours). */
#define IDENTITY_PENDING 0x80u

static const char *const basic_type_names[5] = {
	"Plains", "Island", "Swamp", "Mountain", "Forest",
};

/* The families a note may name with kind=NAME, as answers spell them. */
static const enum mf_mana_land_kind note_kinds[] = {
	MF_MANA_KIND_FAST, MF_MANA_KIND_CHECK, MF_MANA_KIND_SLOW, MF_MANA_KIND_TRIOME,
	MF_MANA_KIND_SURVEIL, MF_MANA_KIND_GATE, MF_MANA_KIND_GAIN, MF_MANA_KIND_TEMPLE,
	MF_MANA_KIND_PATHWAY, MF_MANA_KIND_HORIZON,
};

/* The basic land type named s[0, len) (Plains .. Forest) as 0-4, or -1. */
static int basic_type_of(const char *s, size_t len)
{
	for (int t = 0; t < 5; t++)
		if (strlen(basic_type_names[t]) == len && memcmp(basic_type_names[t], s, len) == 0)
			return t;
	return -1;
}

/* Splits [s, end) at the first sep; returns the field's end. */
static const char *field_end(const char *s, const char *end, char sep)
{
	const char *p = memchr(s, sep, (size_t)(end - s));

	return p ? p : end;
}

/* Reads the basic land types field [s, end), comma-separated, into
 * land->basic_types. MF_OK, or MF_ERR_INVALID with err naming the column
 * from line_start. */
static int parse_types(struct mf_mana_land *land, const char *s, const char *end,
		       const char *line_start, size_t lineno, struct mf_mana_parse_error *err)
{
	while (s < end) {
		const char *e = field_end(s, end, ',');
		int t = basic_type_of(s, (size_t)(e - s));

		if (t < 0)
			return mf_mana_parse_fail(err, lineno, (size_t)(s - line_start) + 1,
					  "unknown basic land type \"%.*s\"", (int)(e - s), s);
		land->basic_types |= (uint8_t)(1u << t);
		s = e < end ? e + 1 : e;
	}
	return MF_OK;
}

/* "fetchPlains" .. "fetchForest", "fetchBasic": what the fetch finds. */
static int parse_fetch(struct mf_mana_land *land, const char *s, const char *end, unsigned life,
		       size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
	size_t len = (size_t)(end - s - 5);
	int t = basic_type_of(s + 5, len);
	unsigned bit = t >= 0 ? 1u << t : MF_MANA_FETCH_BASIC;

	if (t < 0 && (len != 5 || memcmp(s + 5, "Basic", 5) != 0))
		return mf_mana_parse_fail(err, lineno, pos, "unknown basic land type to fetch \"%.*s\"",
					  (int)len, s + 5);
	if (land->n_options)
		return mf_mana_parse_fail(err, lineno, pos, "a land cannot both fetch and make mana");
	if (land->fetch_types && land->fetch_life != life)
		return mf_mana_parse_fail(err, lineno, pos, "fetch alternatives cost different life");
	land->fetch_types |= (uint8_t)bit;
	land->fetch_life = (uint8_t)life;
	return MF_OK;
}

/* Reads one alternative [s, end) at column pos: a '-' per life point, then
 * the mana ("WU", "2") into a new land option, or a fetch (parse_fetch).
 * MF_OK, or MF_ERR_INVALID with err filled and the land unchanged. */
static int parse_alternative(struct mf_mana_land *land, const char *s, const char *end,
			     size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
	unsigned life = 0;
	struct mf_mana_land_option opt = { { 0 }, 0 };
	unsigned made = 0;

	while (s < end && *s == '-') {
		life++;
		s++;
	}
	if (life > 20)
		return mf_mana_parse_fail(err, lineno, pos, "an alternative costs more than 20 life");
	if (end - s > 5 && memcmp(s, "fetch", 5) == 0)
		return parse_fetch(land, s, end, life, pos, lineno, err);
	if (s == end)
		return mf_mana_parse_fail(err, lineno, pos, "empty alternative");
	if (land->fetch_types)
		return mf_mana_parse_fail(err, lineno, pos, "a land cannot both fetch and make mana");
	for (; s < end; s++) {
		const char *letter = memchr("WUBRGC", *s, 6);

		if (letter && *s) {
			opt.mana[letter - "WUBRGC"]++;
			made++;
		} else if (*s >= '1' && *s <= '9') {
			opt.mana[MF_MANA_C] = (uint8_t)(opt.mana[MF_MANA_C] + (*s - '0'));
			made += (unsigned)(*s - '0');
		} else {
			return mf_mana_parse_fail(err, lineno, pos, "unknown mana symbol '%c'", *s);
		}
		if (made > 9)
			return mf_mana_parse_fail(err, lineno, pos, "an alternative makes more than 9 mana");
	}
	if (land->n_options == MF_MANA_LAND_OPTIONS_MAX)
		return mf_mana_parse_fail(err, lineno, pos, "more than %d alternatives", MF_MANA_LAND_OPTIONS_MAX);
	opt.life = (uint8_t)life;
	land->options[land->n_options++] = opt;
	return MF_OK;
}

/* How much mana an alternative makes, of all types. */
static unsigned option_size(const struct mf_mana_land_option *o)
{
	unsigned n = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += o->mana[t];
	return n;
}

/* The kind from what the land does, when no kind=NAME note named it. */
static enum mf_mana_land_kind classify(const struct mf_mana_land *land)
{
	unsigned free_colors = 0, paid_colors = 0, free_c = 0, types = 0;

	if (land->fetch_types)
		return MF_MANA_KIND_FETCH;
	if (land->tron)
		return MF_MANA_KIND_TRON;
	if (land->untap_life == 2)
		return MF_MANA_KIND_SHOCK;
	if (land->n_options == 1 && option_size(&land->options[0]) >= 2 && !land->options[0].life)
		return MF_MANA_KIND_BOUNCE;
	if (land->supertypes & MF_MANA_SUPER_BASIC)
		return MF_MANA_KIND_BASIC;
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];

		for (int t = 0; t < MF_MANA_TYPES; t++) {
			if (!o->mana[t])
				continue;
			if (t == MF_MANA_C && !o->life)
				free_c++;
			else if (t != MF_MANA_C)
				*(o->life ? &paid_colors : &free_colors) |= 1u << t;
		}
	}
	for (unsigned b = land->basic_types; b; b &= b - 1)
		types++;
	if (free_c && paid_colors && !free_colors)
		return MF_MANA_KIND_PAIN;
	if ((free_colors | paid_colors) == 0x1f && !(free_colors && paid_colors))
		return MF_MANA_KIND_FIVE_COLOR;
	if (!paid_colors && types == 2 && land->n_options == 2)
		return MF_MANA_KIND_DUAL;
	if (!paid_colors && !types && land->n_options == 3 && !free_c)
		return MF_MANA_KIND_TRI;
	return MF_MANA_KIND_OTHER;
}

/* The solver's model needs every land either to make one mana per tap or to
 * have a single alternative (free, or for life: then it decides how many
 * cards to tap); a land a fetch may find must make one mana per tap and be
 * known to enter tapped or not. Say which rule a line breaks rather than
 * misjudge it later. */
static int check_model(const struct mf_mana_land *land, size_t lineno, struct mf_mana_parse_error *err)
{
	bool basic = land->supertypes & MF_MANA_SUPER_BASIC;

	if (!land->fetch_types && !land->n_options && !land->identity)
		return mf_mana_parse_fail(err, lineno, 1, "a land needs at least one alternative");
	if (land->identity && (land->identity & ~0x1fu || land->fetch_types || land->tron))
		return mf_mana_parse_fail(err, lineno, 1, "an identity land makes colours only, "
					  "and has no fetch or Tron");
	if (land->fetch_types && land->basic_types)
		return mf_mana_parse_fail(err, lineno, 1, "a fetch land cannot have basic land types");
	if (land->fetch_types && basic)
		return mf_mana_parse_fail(err, lineno, 1, "a fetch land cannot be basic");
	if (land->fetch_tapped && !land->fetch_types)
		return mf_mana_parse_fail(err, lineno, 1, "\"fetch=tapped\" is only for a fetch land");
	if (land->fetch_untap_at && (!land->fetch_tapped || land->fetch_untap_at > 32))
		return mf_mana_parse_fail(err, lineno, 1,
					  "an untap count is only for a fetch whose land enters tapped (1-32 lands)");
	if (land->etb_if && land->etb != MF_MANA_ETB_CONDITIONAL)
		return mf_mana_parse_fail(err, lineno, 1, "a condition to enter untapped is only for "
					  "a land that enters by one");
	if (land->etb_lands && land->etb_if != MF_MANA_IF_FEW_LANDS &&
	    land->etb_if != MF_MANA_IF_MANY_LANDS)
		return mf_mana_parse_fail(err, lineno, 1, "a count of other lands is only for a land "
					  "that enters by how many lands you control");
	if (land->etb == MF_MANA_ETB_CONDITIONAL && (land->basic_types || basic))
		return mf_mana_parse_fail(err, lineno, 1,
					  "a land a fetch may find must enter tapped or not, not \"etb=conditional\"");
	if (land->tron && (land->n_options != 1 || land->options[0].mana[MF_MANA_C] != 1 ||
			   option_size(&land->options[0]) != 1 || land->options[0].life))
		return mf_mana_parse_fail(err, lineno, 1, "a Tron piece must make exactly 1 colourless alone");
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];

		if (option_size(o) < 2)
			continue;
		if (land->n_options != 1)
			return mf_mana_parse_fail(err, lineno, 1,
					  "an alternative making several mana must be the land's only one");
		if (land->basic_types)
			return mf_mana_parse_fail(err, lineno, 1,
					  "a land with basic land types must make one mana per tap");
		if (basic)
			return mf_mana_parse_fail(err, lineno, 1, "a basic land must make one mana per tap");
	}
	return MF_OK;
}

/* Whether [w, we) is word, ignoring case. */
static bool word_is(const char *w, const char *we, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(we - w) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)w[i]) != word[i])
			return false;
	return true;
}

/* "etb=fewN" or "etb=manyN" (N one digit) at w[0, len): sets the land's
 * condition and returns true; false for any other word. */
static bool etb_count(struct mf_mana_land *land, const char *w, size_t len)
{
	static const struct {
		const char *word;
		enum mf_mana_etb_if cond;
	} forms[] = { { "etb=few", MF_MANA_IF_FEW_LANDS }, { "etb=many", MF_MANA_IF_MANY_LANDS } };

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t n = strlen(forms[i].word);

		if (len == n + 1 && memcmp(w, forms[i].word, n) == 0 && w[n] >= '0' && w[n] <= '9') {
			land->etb = MF_MANA_ETB_CONDITIONAL;
			land->etb_if = (uint8_t)forms[i].cond;
			land->etb_lands = (uint8_t)(w[n] - '0');
			return true;
		}
	}
	return false;
}

/* One word of a keyword note; *seen collects the keywords' classes so that
 * none is given twice. */
static int parse_keyword(struct mf_mana_land *land, const char *w, size_t len, unsigned *seen,
			 size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
	static const char *const classes[] = { "basic", "snow", "etb=", "fetch=", "kind=",
					       "identity" };
	unsigned cls = 0;
	bool known = true;

	while (cls < 6 && (len < strlen(classes[cls]) ||
			   memcmp(w, classes[cls], strlen(classes[cls])) != 0))
		cls++;
	if (cls < 6 && (*seen >> cls & 1))
		return mf_mana_parse_fail(err, lineno, pos, "the note gives \"%s\" twice", classes[cls]);
	*seen |= 1u << cls;
	if (len == 5 && cls == 0)
		land->supertypes |= MF_MANA_SUPER_BASIC;
	else if (len == 4 && cls == 1)
		land->supertypes |= MF_MANA_SUPER_SNOW;
	else if (len == 8 && cls == 5)
		land->identity = IDENTITY_PENDING;  /* its colours: identity_colors() */
	else if (len == 10 && cls == 2 && memcmp(w, "etb=tapped", 10) == 0)
		land->etb = MF_MANA_ETB_TAPPED;
	else if (len == 15 && cls == 2 && memcmp(w, "etb=conditional", 15) == 0)
		land->etb = MF_MANA_ETB_CONDITIONAL;
	else if (cls == 2 && etb_count(land, w, len))
		known = true;  /* etb_count() set the condition */
	else if (len == 12 && cls == 3 && memcmp(w, "fetch=tapped", 12) == 0)
		land->fetch_tapped = true;
	else if (len == 12 && cls == 3 && memcmp(w, "fetch=untap4", 12) == 0) {
		land->fetch_tapped = true;
		land->fetch_untap_at = 4;
	}
	else if (cls == 4) {
		size_t k = 0, n = sizeof(note_kinds) / sizeof(note_kinds[0]);
		const char *name;

		while (k < n && (name = mf_mana_land_kind_name(note_kinds[k]),
				 strlen(name) != len - 5 || memcmp(name, w + 5, len - 5) != 0))
			k++;
		if (k == n)
			return mf_mana_parse_fail(err, lineno, pos,
						  "unknown kind \"%.*s\" (known: fast, check, slow, triome, "
						  "surveil, gate, gain, temple, pathway, horizon)",
						  (int)(len - 5 > 20 ? 20 : len - 5), w + 5);
		land->kind = note_kinds[k];
	} else {
		known = false;
	}
	if (!known)
		return mf_mana_parse_fail(err, lineno, pos,
					  "unknown keyword \"%.*s\" (known: basic, snow, etb=tapped, "
					  "etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, "
					  "identity, kind=NAME)", (int)(len > 20 ? 20 : len), w);
	return MF_OK;
}

/* A note of keywords, separated by single blanks. */
static int parse_keywords(struct mf_mana_land *land, const char *s, const char *end,
			  size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
	unsigned seen = 0;

	for (const char *w = s;;) {
		const char *we = field_end(w, end, ' ');
		int rc;

		if (we == w)
			return mf_mana_parse_fail(err, lineno, pos + (size_t)(w - s),
						  "the note's keywords must be separated by single blanks");
		rc = parse_keyword(land, w, (size_t)(we - w), &seen, pos + (size_t)(w - s), lineno, err);
		if (rc)
			return rc;
		if (we == end)
			return MF_OK;
		w = we + 1;
	}
}

/* Reads the note [s, end) at column pos: "--shock", "tron N", or keywords
 * (parse_keywords); a note that starts with none of them is a comment and
 * ignored. MF_OK, or MF_ERR_INVALID with err filled. */
static int parse_note(struct mf_mana_land *land, const char *s, const char *end,
		      size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
	static const char *const keywords[] = { "basic", "snow", "etb", "fetch", "kind",
						"identity" };
	size_t len = (size_t)(end - s);
	const char *w = s, *we;

	/* The first word (its letters), past blanks and dashes: "--Shock",
	 * " tron", "tron2" and "shock land" name a keyword, "Shocking" and
	 * "Urzatron" do not. */
	while (w < end && (*w == ' ' || *w == '\t' || *w == '-'))
		w++;
	for (we = w; we < end && isalpha((unsigned char)*we); we++)
		;
	if (word_is(w, we, "shock")) {
		if (len != 7 || memcmp(s, "--shock", 7) != 0)
			return mf_mana_parse_fail(err, lineno, pos,
					  "the note \"%.*s\" must be written exactly \"--shock\"",
					  (int)(len > 40 ? 40 : len), s);
		land->untap_life = 2;
		return MF_OK;
	}
	if (word_is(w, we, "tron")) {
		if (len != 6 || memcmp(s, "tron ", 5) != 0 || s[5] < '1' || s[5] > '9')
			return mf_mana_parse_fail(err, lineno, pos,
					  "\"tron\" needs one digit 1-9, written exactly \"tron N\"");
		land->tron = (uint8_t)(s[5] - '0');
		return MF_OK;
	}
	for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
		if (word_is(w, we, keywords[k]))
			return parse_keywords(land, s, end, pos, lineno, err);
	return MF_OK;
}

/* Offset of the first byte of name[0..len) that is not well-formed UTF-8
 * (no overlongs, surrogates or code points past U+10FFFF) or is a control
 * character, or len when there is none: names are echoed in JSON answers. */
static size_t name_bad_byte(const char *name, size_t len)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t i = 0;

	while (i < len) {
		size_t n = p[i] < 0x20 || p[i] == 0x7f ? 0 : mf_utf8_sequence(p + i, len - i);

		if (!n)
			return i;
		i += n;
	}
	return len;
}

uint8_t mf_mana_land_role(const struct mf_mana_land *land)
{
	if (land->fetch_types)
		return land->fetch_tapped ? MF_ROLE_IDLE : MF_ROLE_FETCH;
	if (land->n_options != 1)
		return MF_ROLE_FLOW;
	if (!land->options[0].life)
		return MF_ROLE_PRETAP;
	return option_size(&land->options[0]) >= 2 ? MF_ROLE_BUNDLE : MF_ROLE_FLOW;
}

uint8_t mf_mana_land_found_by(const struct mf_mana_land *land)
{
	if (land->etb != MF_MANA_ETB_UNTAPPED || !land->n_options)
		return 0;
	return (uint8_t)(land->basic_types |
			 (land->supertypes & MF_MANA_SUPER_BASIC ? MF_MANA_FETCH_BASIC : 0));
}

/* A land's name of len bytes, from a line or from memory: not empty, not
 * too long, UTF-8 text without control characters. */
static int check_name(const char *name, size_t len, size_t lineno, struct mf_mana_parse_error *err)
{
	size_t bad;

	if (!len)
		return mf_mana_parse_fail(err, lineno, 1, "empty land name");
	if (len > MF_MANA_LAND_NAME_MAX)
		return mf_mana_parse_fail(err, lineno, 1, "land name longer than %d bytes", MF_MANA_LAND_NAME_MAX);
	bad = name_bad_byte(name, len);
	if (bad < len && ((unsigned char)name[bad] < 0x20 || name[bad] == 0x7f))
		return mf_mana_parse_fail(err, lineno, bad + 1,
					  "the land name has a control character (byte 0x%02x at position %zu)",
					  (unsigned char)name[bad], bad + 1);
	if (bad < len)
		return mf_mana_parse_fail(err, lineno, bad + 1,
					  "the land name is not UTF-8 text (byte 0x%02x at position %zu)",
					  (unsigned char)name[bad], bad + 1);
	return MF_OK;
}

/* A conditional land of the check, fast or slow cycle whose condition is
 * not given enters by its cycle's: a land of its colours' types, at most
 * two other lands, at least two. */
static void cycle_condition(struct mf_mana_land *land)
{
	if (land->etb != MF_MANA_ETB_CONDITIONAL || land->etb_if != MF_MANA_IF_UNKNOWN)
		return;
	if (land->kind == MF_MANA_KIND_CHECK) {
		land->etb_if = MF_MANA_IF_TYPES;
	} else if (land->kind == MF_MANA_KIND_FAST || land->kind == MF_MANA_KIND_SLOW) {
		land->etb_if = land->kind == MF_MANA_KIND_FAST ? MF_MANA_IF_FEW_LANDS :
				MF_MANA_IF_MANY_LANDS;
		land->etb_lands = 2;
	}
}

/* An identity land as a line gives it: its alternatives, one colour each
 * for no life, become its colours, and it makes nothing until narrowed. */
static int identity_colors(struct mf_mana_land *land, size_t lineno,
			   struct mf_mana_parse_error *err)
{
	uint8_t colors = 0;

	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];
		int only = -1;

		for (int t = 0; t < MF_MANA_C; t++)
			if (o->mana[t])
				only = t;
		if (only < 0 || option_size(o) != 1 || o->life)
			return mf_mana_parse_fail(err, lineno, 1, "the alternatives of an \"identity\" "
						  "land must be one colour each, for no life");
		colors |= (uint8_t)(1u << only);
	}
	if (!colors || land->fetch_types || land->tron)
		return mf_mana_parse_fail(err, lineno, 1, "an \"identity\" land needs its colours as "
					  "alternatives, and no fetch or Tron");
	land->identity = colors;
	land->n_options = 0;
	memset(land->options, 0, sizeof(land->options));
	return MF_OK;
}

void mf_mana_land_narrow(struct mf_mana_land *land, uint8_t identity)
{
	uint8_t keep = land->identity & identity & 0x1fu;

	if (!land->identity)
		return;
	land->n_options = 0;
	memset(land->options, 0, sizeof(land->options));
	for (int t = 0; t < MF_MANA_C; t++)
		if (keep >> t & 1)
			land->options[land->n_options++].mana[t] = 1;
}

/* The model's rules, then the kind a land without a "kind=" note shows and
 * the condition of a conditional land of a known cycle. */
static int check_and_classify(struct mf_mana_land *land, size_t lineno,
			      struct mf_mana_parse_error *err)
{
	int rc = check_model(land, lineno, err);

	if (rc)
		return rc;
	if (land->kind == MF_MANA_KIND_OTHER)
		land->kind = classify(land);
	cycle_condition(land);
	return MF_OK;
}

int mf_mana_land_parse(struct mf_mana_land *land, const char *s, const char *end,
		       size_t lineno, struct mf_mana_parse_error *err)
{
	const char *f[4] = { NULL }, *fe[4] = { NULL };
	const char *p = s;
	int n = 0, rc, basic;

	memset(land, 0, sizeof(*land));
	land->kind = MF_MANA_KIND_OTHER;
	while (n < 4) {
		f[n] = p;
		fe[n] = field_end(p, end, ';');
		n++;
		if (fe[n - 1] == end)
			break;
		p = fe[n - 1] + 1;
	}
	if (n < 3 || (n == 4 && fe[3] != end))
		return mf_mana_parse_fail(err, lineno, 1, "expected name;types;alternatives;note");
	rc = check_name(f[0], (size_t)(fe[0] - f[0]), lineno, err);
	if (rc)
		return rc;
	memcpy(land->name, f[0], (size_t)(fe[0] - f[0]));
	rc = parse_types(land, f[1], fe[1], s, lineno, err);
	if (rc)
		return rc;
	/* The contest's five basics carry no note: a land named and typed as
	 * one basic land type is that basic land. */
	basic = basic_type_of(land->name, strlen(land->name));
	if (basic >= 0 && land->basic_types == 1u << basic)
		land->supertypes |= MF_MANA_SUPER_BASIC;
	/* Every alternative, the one after a final '|' too: it is empty. */
	for (p = f[2];;) {
		const char *e = field_end(p, fe[2], '|');

		rc = parse_alternative(land, p, e, (size_t)(p - s) + 1, lineno, err);
		if (rc)
			return rc;
		if (e == fe[2])
			break;
		p = e + 1;
	}
	if (n == 4) {
		rc = parse_note(land, f[3], fe[3], (size_t)(f[3] - s) + 1, lineno, err);
		if (rc)
			return rc;
	}
	if (land->identity == IDENTITY_PENDING &&
	    (rc = identity_colors(land, lineno, err)) != MF_OK)
		return rc;
	return check_and_classify(land, lineno, err);
}

int mf_mana_land_validate(struct mf_mana_land *land, size_t lineno, struct mf_mana_parse_error *err)
{
	int rc = check_name(land->name, strnlen(land->name, sizeof(land->name)), lineno, err);

	if (rc)
		return rc;
	if (land->kind > MF_MANA_KIND_OTHER || land->etb > MF_MANA_ETB_CONDITIONAL ||
	    land->etb_if > MF_MANA_IF_MANY_LANDS || land->etb_lands > MF_MANA_ETB_LANDS_MAX ||
	    land->n_options > MF_MANA_LAND_OPTIONS_MAX || (land->fetch_types & ~0x3fu) ||
	    (land->basic_types & ~0x1fu) || (land->supertypes & ~0x03u))
		return mf_mana_parse_fail(err, lineno, 1, "a field of the land is out of range");
	return check_and_classify(land, lineno, err);
}

int mf_mana_land_check(struct mf_mana_land *land, struct mf_mana_parse_error *err)
{
	memset(err, 0, sizeof(*err));
	return mf_mana_land_validate(land, 0, err);
}
