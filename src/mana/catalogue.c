/*
 * The land catalogue: the contest's m_lands.txt format, one land a line:
 *
 *   name;basic land types;alternatives;note
 *
 * Alternatives are separated by '|'. Each is a run of '-' (one life each)
 * followed by mana symbols (W U B R G C, a digit d being d colourless) or by
 * "fetch<Type>"; an empty alternative is an error wherever it stands. The
 * note "--shock" marks a land that enters tapped unless 2 life are paid;
 * "tron N" (N a digit 1-9) a Tron piece. A note whose first word (letters,
 * after any blanks and dashes, in any case) is "shock" or "tron" must be
 * written exactly so, since a slip there would silently change what the land
 * costs; any other note is a free comment.
 */
#include "mana/catalogue.h"
#include "mana/parse_error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const basic_type_names[5] = {
	"Plains", "Island", "Swamp", "Mountain", "Forest",
};

static int basic_type_of(const char *s, size_t len)
{
	for (int t = 0; t < 5; t++)
		if (strlen(basic_type_names[t]) == len && memcmp(basic_type_names[t], s, len) == 0)
			return t;
	return -1;
}

static uint32_t name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* Splits [s, end) at the first sep; returns the field's end. */
static const char *field_end(const char *s, const char *end, char sep)
{
	const char *p = memchr(s, sep, (size_t)(end - s));

	return p ? p : end;
}

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
	if (end - s > 5 && memcmp(s, "fetch", 5) == 0) {
		int t = basic_type_of(s + 5, (size_t)(end - s - 5));

		if (t < 0)
			return mf_mana_parse_fail(err, lineno, pos, "unknown basic land type to fetch \"%.*s\"",
					  (int)(end - s - 5), s + 5);
		if (land->n_options)
			return mf_mana_parse_fail(err, lineno, pos, "a land cannot both fetch and make mana");
		if (land->fetch_types && land->fetch_life != life)
			return mf_mana_parse_fail(err, lineno, pos, "fetch alternatives cost different life");
		land->fetch_types |= (uint8_t)(1u << t);
		land->fetch_life = (uint8_t)life;
		return MF_OK;
	}
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

static unsigned option_size(const struct mf_mana_land_option *o)
{
	unsigned n = 0;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		n += o->mana[t];
	return n;
}

static enum mf_mana_land_kind classify(const struct mf_mana_land *land)
{
	unsigned free_colors = 0, paid_colors = 0, free_c = 0, types = 0;
	int basic = basic_type_of(land->name, strlen(land->name));

	if (land->fetch_types)
		return MF_MANA_KIND_FETCH;
	if (land->tron)
		return MF_MANA_KIND_TRON;
	if (land->shock)
		return MF_MANA_KIND_SHOCK;
	if (land->n_options == 1 && option_size(&land->options[0]) >= 2)
		return MF_MANA_KIND_BOUNCE;
	if (basic >= 0 && land->basic_types == (1u << basic))
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
 * have a single free alternative it can tap without a choice; say which rule
 * a line breaks rather than misjudge it later. */
static int check_model(const struct mf_mana_land *land, size_t lineno, struct mf_mana_parse_error *err)
{
	if (!land->fetch_types && !land->n_options)
		return mf_mana_parse_fail(err, lineno, 1, "a land needs at least one alternative");
	if (land->fetch_types && land->basic_types)
		return mf_mana_parse_fail(err, lineno, 1, "a fetch land cannot have basic land types");
	if (land->tron && (land->n_options != 1 || land->options[0].mana[MF_MANA_C] != 1 ||
			   option_size(&land->options[0]) != 1 || land->options[0].life))
		return mf_mana_parse_fail(err, lineno, 1, "a Tron piece must make exactly 1 colourless alone");
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];

		if (option_size(o) < 2)
			continue;
		if (land->n_options != 1 || o->life)
			return mf_mana_parse_fail(err, lineno, 1,
					  "an alternative making several mana must be the land's only one and cost no life");
		if (land->basic_types)
			return mf_mana_parse_fail(err, lineno, 1,
					  "a land with basic land types must make one mana per tap");
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

static int parse_note(struct mf_mana_land *land, const char *s, const char *end,
		      size_t pos, size_t lineno, struct mf_mana_parse_error *err)
{
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
		land->shock = true;
	} else if (word_is(w, we, "tron")) {
		if (len != 6 || memcmp(s, "tron ", 5) != 0 || s[5] < '1' || s[5] > '9')
			return mf_mana_parse_fail(err, lineno, pos,
					  "\"tron\" needs one digit 1-9, written exactly \"tron N\"");
		land->tron = (uint8_t)(s[5] - '0');
	}
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
		unsigned c = p[i], need, cp, min;

		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return i;
			i++;
			continue;
		}
		if (c < 0xc2 || c > 0xf4)
			return i;
		need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
		min = need == 3 ? 0x10000 : need == 2 ? 0x800 : 0x80;
		cp = c & (0x3fu >> need);
		if (len - i <= need)
			return i;
		for (unsigned k = 1; k <= need; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				return i;
			cp = cp << 6 | (p[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return i;
		i += need + 1;
	}
	return len;
}

static int parse_line(struct mf_mana_land *land, const char *s, const char *end,
		      size_t lineno, struct mf_mana_parse_error *err)
{
	const char *f[4] = { NULL }, *fe[4] = { NULL };
	const char *p = s;
	int n = 0, rc;
	size_t bad;

	memset(land, 0, sizeof(*land));
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
	if (fe[0] == f[0])
		return mf_mana_parse_fail(err, lineno, 1, "empty land name");
	if ((size_t)(fe[0] - f[0]) > MF_MANA_LAND_NAME_MAX)
		return mf_mana_parse_fail(err, lineno, 1, "land name longer than %d bytes", MF_MANA_LAND_NAME_MAX);
	bad = name_bad_byte(f[0], (size_t)(fe[0] - f[0]));
	if (bad < (size_t)(fe[0] - f[0]))
		return mf_mana_parse_fail(err, lineno, bad + 1,
					  "the land name is not UTF-8 text (byte 0x%02x at position %zu)",
					  (unsigned char)f[0][bad], bad + 1);
	memcpy(land->name, f[0], (size_t)(fe[0] - f[0]));
	rc = parse_types(land, f[1], fe[1], s, lineno, err);
	if (rc)
		return rc;
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
	rc = check_model(land, lineno, err);
	if (rc)
		return rc;
	land->kind = classify(land);
	return MF_OK;
}

/* The solver asks this of every land in every query: answer it once. */
static void land_type_life(const struct mf_mana_land *land, uint8_t life[MF_MANA_TYPES])
{
	memset(life, 255, MF_MANA_TYPES);
	for (unsigned i = 0; i < land->n_options; i++) {
		const struct mf_mana_land_option *o = &land->options[i];

		for (int t = 0; t < MF_MANA_TYPES; t++)
			if (o->mana[t] && o->life < life[t])
				life[t] = o->life;
	}
}

/* Inserts land i into the name index; returns -1, or on a duplicate name
 * the index of the land listed first. */
static int32_t index_insert(struct mf_mana_catalogue *cat, int32_t i)
{
	const char *name = cat->lands[i].name;
	size_t len = strlen(name);
	size_t mask = cat->n_slots - 1;

	for (size_t h = name_hash(name, len) & mask;; h = (h + 1) & mask) {
		if (cat->slots[h] < 0) {
			cat->slots[h] = i;
			return -1;
		}
		if (strcmp(cat->lands[cat->slots[h]].name, name) == 0)
			return cat->slots[h];
	}
}

int mf_mana_catalogue_parse(const char *text, size_t len, struct mf_mana_catalogue **out,
		       struct mf_mana_parse_error *err)
{
	struct mf_mana_catalogue *cat = NULL;
	const char *p = text, *end = text + len;
	size_t lineno = 0, cap = 0;
	size_t *line_of = NULL;  /* each land's line, for errors found after parsing */
	int rc = MF_ERR_NOMEM;

	*out = NULL;
	memset(err, 0, sizeof(*err));
	cat = calloc(1, sizeof(*cat));
	if (!cat)
		goto out;
	for (cap = 1; p < end; p++)
		cap += *p == '\n';
	if (cap > MF_MANA_CATALOGUE_MAX + 1000) {
		rc = mf_mana_parse_fail(err, 0, 0, "more than %d lines", MF_MANA_CATALOGUE_MAX + 1000);
		goto out;
	}
	cat->lands = calloc(cap, sizeof(*cat->lands));
	cat->name_len = calloc(cap, sizeof(*cat->name_len));
	cat->type_life = calloc(cap, sizeof(*cat->type_life));
	line_of = calloc(cap, sizeof(*line_of));
	if (!cat->lands || !cat->name_len || !cat->type_life || !line_of)
		goto out;
	for (p = text; p < end;) {
		const char *e = field_end(p, end, '\n');
		const char *le = e;

		lineno++;
		if (le > p && le[-1] == '\r')
			le--;
		if (le > p) {
			if (memchr(p, '\0', (size_t)(le - p))) {
				rc = mf_mana_parse_fail(err, lineno, 1, "NUL byte in line");
				goto out;
			}
			if (cat->n_lands == MF_MANA_CATALOGUE_MAX) {
				rc = mf_mana_parse_fail(err, lineno, 1, "more than %d lands", MF_MANA_CATALOGUE_MAX);
				rc = MF_ERR_LIMIT;
				goto out;
			}
			rc = parse_line(&cat->lands[cat->n_lands], p, le, lineno, err);
			if (rc)
				goto out;
			cat->name_len[cat->n_lands] = (uint8_t)strlen(cat->lands[cat->n_lands].name);
			land_type_life(&cat->lands[cat->n_lands], cat->type_life[cat->n_lands]);
			line_of[cat->n_lands] = lineno;
			cat->n_lands++;
		}
		p = e < end ? e + 1 : e;
	}
	if (!cat->n_lands) {
		rc = mf_mana_parse_fail(err, lineno, 0, "no lands");
		goto out;
	}
	for (cat->n_slots = 16; cat->n_slots < 2 * cat->n_lands; cat->n_slots *= 2)
		;
	rc = MF_ERR_NOMEM;
	cat->slots = malloc(cat->n_slots * sizeof(*cat->slots));
	if (!cat->slots)
		goto out;
	memset(cat->slots, 0xff, cat->n_slots * sizeof(*cat->slots));
	for (size_t i = 0; i < cat->n_lands; i++) {
		int32_t first = index_insert(cat, (int32_t)i);

		if (first >= 0) {
			rc = mf_mana_parse_fail(err, line_of[i], 1, "land \"%s\" is listed twice (first on line %zu)",
					  cat->lands[i].name, line_of[first]);
			goto out;
		}
		if (cat->lands[i].tron) {
			if (cat->n_tron == sizeof(cat->tron) / sizeof(cat->tron[0])) {
				rc = mf_mana_parse_fail(err, line_of[i], 1, "more than 8 Tron pieces");
				goto out;
			}
			cat->tron[cat->n_tron++] = (int32_t)i;
		}
	}
	*out = cat;
	cat = NULL;
	rc = MF_OK;
out:
	free(line_of);
	mf_mana_catalogue_free(cat);
	return rc;
}

int mf_mana_catalogue_builtin(struct mf_mana_catalogue **out, struct mf_mana_parse_error *err)
{
	return mf_mana_catalogue_parse(mf_embedded_lands, mf_embedded_lands_len, out, err);
}

void mf_mana_catalogue_free(struct mf_mana_catalogue *cat)
{
	if (!cat)
		return;
	free(cat->lands);
	free(cat->name_len);
	free(cat->type_life);
	free(cat->slots);
	free(cat);
}

size_t mf_mana_catalogue_size(const struct mf_mana_catalogue *cat)
{
	return cat->n_lands;
}

const struct mf_mana_land *mf_mana_catalogue_land(const struct mf_mana_catalogue *cat, size_t i)
{
	return i < cat->n_lands ? &cat->lands[i] : NULL;
}

int32_t mf_mana_catalogue_find(const struct mf_mana_catalogue *cat, const char *name, size_t len)
{
	size_t mask = cat->n_slots - 1;

	if (len > MF_MANA_LAND_NAME_MAX)
		return -1;
	for (size_t h = name_hash(name, len) & mask; cat->slots[h] >= 0; h = (h + 1) & mask) {
		int32_t i = cat->slots[h];

		if (cat->name_len[i] == len && memcmp(cat->lands[i].name, name, len) == 0)
			return i;
	}
	return -1;
}

/* Case-insensitive Levenshtein distance, capped at MF_MANA_LAND_NAME_MAX input. */
static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t row[MF_MANA_LAND_NAME_MAX + 1];

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t subst = diag + (tolower((unsigned char)a[i - 1]) !=
					       tolower((unsigned char)b[j - 1]));
			size_t best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;

			row[j] = subst < best ? subst : best;
			diag = up;
		}
	}
	return row[lb];
}

int32_t mf_mana_catalogue_closest(const struct mf_mana_catalogue *cat, const char *name, size_t len)
{
	int32_t best = -1;
	size_t best_d = (size_t)-1;

	if (len > MF_MANA_LAND_NAME_MAX)
		len = MF_MANA_LAND_NAME_MAX;
	for (size_t i = 0; i < cat->n_lands; i++) {
		const char *cand = cat->lands[i].name;
		size_t d = edit_distance(name, len, cand, strlen(cand));

		if (d < best_d) {
			best_d = d;
			best = (int32_t)i;
		}
	}
	/* A guess further than a third of the name away helps nobody. */
	if (best >= 0 && best_d > 2 && best_d * 3 > len)
		return -1;
	return best;
}
