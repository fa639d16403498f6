#include "reference/deck_regex.h"

#include <ctype.h>
#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum {
	RE_REMINDER,    /* \(.*?\) */
	RE_SYMBOL,      /* \{(.*?)\} */
	RE_PLAIN,       /* \{(\d+|x|t)\} */
	RE_BRACE,
	RE_MANA,
	RE_EXTORT,
	RE_ADD,         /* \badds?\b([^.]*) */
	RE_COPIED,      /* what mana doublers add */
	RE_ANY,         /* \bany\b[^.]{0,30}\b(colors?|types?)\b */
	RE_PART,        /* one colour part of a symbol */
	RE_PLAINS, RE_ISLAND, RE_SWAMP, RE_MOUNTAIN, RE_FOREST,
	RE_COUNT
};

static const char *const patterns[RE_COUNT] = {
	[RE_REMINDER] = "\\([^)]*\\)",
	[RE_SYMBOL] = "\\{([^}\n]*)\\}",
	[RE_PLAIN] = "\\{([0-9]+|x|t)\\}",
	[RE_BRACE] = "\\{",
	[RE_MANA] = "mana",
	[RE_EXTORT] = "\\bextort\\b",
	[RE_ADD] = "\\b(adds?)\\b([^.]*)",
	[RE_COPIED] = "\\bany type that land produced\\b",
	[RE_ANY] = "\\bany\\b[^.]{0,30}\\b(colors?|types?)\\b",
	[RE_PART] = "^h?([wubrgc])$",
	[RE_PLAINS] = "\\bplains\\b",
	[RE_ISLAND] = "\\bisland\\b",
	[RE_SWAMP] = "\\bswamp\\b",
	[RE_MOUNTAIN] = "\\bmountain\\b",
	[RE_FOREST] = "\\bforest\\b",
};

struct ref_deck {
	regex_t re[RE_COUNT];
	int compiled;
};

/* Colour letters as a set, lower case, as the Ruby script keeps them. */
struct letters {
	bool has[6];
};

static const char order[] = "wubrgc";

static void add_letter(struct letters *set, char c)
{
	const char *at = strchr(order, c);

	if (at && c)
		set->has[at - order] = true;
}

static void format_letters(const struct letters *set, char out[8])
{
	size_t n = 0;

	for (size_t t = 0; t < 6; t++) {
		if (set->has[t])
			out[n++] = (char)toupper((unsigned char)order[t]);
	}
	out[n] = '\0';
}

struct ref_deck *ref_deck_new(void)
{
	struct ref_deck *ref = calloc(1, sizeof(*ref));

	if (!ref)
		return NULL;
	for (int i = 0; i < RE_COUNT; i++) {
		if (regcomp(&ref->re[i], patterns[i], REG_EXTENDED) != 0) {
			ref_deck_free(ref);
			return NULL;
		}
		ref->compiled = i + 1;
	}
	return ref;
}

void ref_deck_free(struct ref_deck *ref)
{
	if (!ref)
		return;
	for (int i = 0; i < ref->compiled; i++)
		regfree(&ref->re[i]);
	free(ref);
}

static char *lower_copy(const char *s, size_t len)
{
	char *out = malloc(len + 1);

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[len] = '\0';
	return out;
}

/* s with every match of re replaced by `with` (NULL: by as many spaces as
 * the match is long); frees s. */
static char *gsub(const regex_t *re, char *s, const char *with)
{
	size_t cap = strlen(s) * 2 + 16, n = 0;
	char *out = malloc(cap);
	const char *at = s;
	regmatch_t m[1];

	if (!out)
		goto fail;
	while (*at && regexec(re, at, 1, m, at == s ? 0 : REG_NOTBOL) == 0 &&
	       m[0].rm_eo > m[0].rm_so) {
		size_t keep = (size_t)m[0].rm_so, gone = (size_t)(m[0].rm_eo - m[0].rm_so);
		size_t put = with ? strlen(with) : gone;

		memcpy(out + n, at, keep);
		n += keep;
		if (with)
			memcpy(out + n, with, put);
		else
			memset(out + n, ' ', put);
		n += put;
		at += m[0].rm_eo;
	}
	strcpy(out + n, at);
fail:
	free(s);
	return out;
}

/* Adds the colours of every {...} in s to set. Returns 0, or -1 when
 * memory runs out. */
static int scan_symbols(struct ref_deck *ref, const char *s, struct letters *set)
{
	regmatch_t m[2];

	while (regexec(&ref->re[RE_SYMBOL], s, 2, m, 0) == 0) {
		char *inside = lower_copy(s + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
		char *part, *save = NULL;

		if (!inside)
			return -1;
		for (part = strtok_r(inside, "/", &save); part;
		     part = strtok_r(NULL, "/", &save)) {
			regmatch_t pm[2];

			if (regexec(&ref->re[RE_PART], part, 2, pm, 0) == 0)
				add_letter(set, part[pm[1].rm_so]);
		}
		free(inside);
		s += m[0].rm_eo;
	}
	return 0;
}

static bool matches(struct ref_deck *ref, int which, const char *s)
{
	return regexec(&ref->re[which], s, 0, NULL, 0) == 0;
}

/* One line of Oracle text, as taw's parse_text! reads it. */
static int read_line(struct ref_deck *ref, const char *text, size_t len,
		     struct letters *made, struct letters *spent)
{
	char *line = lower_copy(text, len);
	char *plain = NULL;
	regmatch_t m[3];
	int rc = -1;

	if (!line)
		goto out;
	line = gsub(&ref->re[RE_REMINDER], line, "");
	if (!line)
		goto out;
	if (matches(ref, RE_EXTORT, line)) {
		add_letter(spent, 'w');
		add_letter(spent, 'b');
	}
	plain = strdup(line);
	if (plain)
		plain = gsub(&ref->re[RE_PLAIN], plain, "0");
	if (!plain)
		goto out;
	if (!matches(ref, RE_MANA, line) && !matches(ref, RE_BRACE, plain)) {
		rc = 0;
		goto out;
	}
	while (regexec(&ref->re[RE_ADD], line, 3, m, 0) == 0) {
		char *effect = strndup(line + m[2].rm_so, (size_t)(m[2].rm_eo - m[2].rm_so));

		if (!effect)
			goto out;
		if (scan_symbols(ref, effect, made) != 0) {
			free(effect);
			goto out;
		}
		effect = gsub(&ref->re[RE_COPIED], effect, NULL);
		if (!effect)
			goto out;
		if (matches(ref, RE_ANY, effect))
			for (const char *c = "wubrg"; *c; c++)
				add_letter(made, *c);
		free(effect);
		memmove(line + m[0].rm_so, line + m[0].rm_eo,
			strlen(line + m[0].rm_eo) + 1);
	}
	rc = scan_symbols(ref, line, spent);
out:
	free(plain);
	free(line);
	return rc;
}

static int read_face(struct ref_deck *ref, const struct mf_card_face *face,
		     struct letters *made, struct letters *spent)
{
	static const char basic[] = "wubrg";
	const char *text = face->oracle_text ? face->oracle_text : "";
	char *type;

	if (face->mana_cost && scan_symbols(ref, face->mana_cost, spent) != 0)
		return -1;
	for (;;) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);

		if (read_line(ref, text, len, made, spent) != 0)
			return -1;
		if (!nl)
			break;
		text = nl + 1;
	}
	type = lower_copy(face->type_line ? face->type_line : "",
			  face->type_line ? strlen(face->type_line) : 0);
	if (!type)
		return -1;
	for (int t = 0; t < 5; t++) {
		if (matches(ref, RE_PLAINS + t, type))
			add_letter(made, basic[t]);
	}
	free(type);
	return 0;
}

int ref_deck_read_card(struct ref_deck *ref, const struct mf_card_object *card,
		       char produces[8], char uses[8])
{
	struct letters made = { { false } }, spent = { { false } };

	if (read_face(ref, &card->card, &made, &spent) != 0)
		return -1;
	for (size_t f = 0; f < card->n_faces; f++) {
		if (read_face(ref, &card->faces[f], &made, &spent) != 0)
			return -1;
	}
	format_letters(&made, produces);
	format_letters(&spent, uses);
	return 0;
}

int ref_deck_colors(struct ref_deck *ref, const struct mf_card_object *cards,
		    size_t n, char colors[8])
{
	char all_made[64] = "", all_spent[64] = "";
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		char made[8], spent[8];

		if (ref_deck_read_card(ref, &cards[i], made, spent) != 0)
			return -1;
		if (strlen(all_made) + strlen(made) < sizeof(all_made))
			strcat(all_made, made);
		else
			strcpy(all_made, "WUBRGC");
		if (strlen(all_spent) + strlen(spent) < sizeof(all_spent))
			strcat(all_spent, spent);
		else
			strcpy(all_spent, "WUBRGC");
	}
	for (const char *c = "WUBRG"; *c; c++) {
		if (strchr(all_made, *c) && strchr(all_spent, *c))
			colors[k++] = *c;
	}
	colors[k] = '\0';
	return 0;
}
