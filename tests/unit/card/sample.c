#include "unit/card/sample.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sample_path(void)
{
	const char *env = getenv("MF_DECK_SAMPLE");

	return env && *env ? env : "tests/data/cards-sample.json";
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		goto out;
	buf = malloc((size_t)size + 1);
	if (!buf)
		goto out;
	if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
		free(buf);
		buf = NULL;
		goto out;
	}
	buf[size] = '\0';
out:
	fclose(f);
	return buf;
}

static const char *string_of(const cJSON *obj, const char *key)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(item) ? item->valuestring : NULL;
}

static void read_face(const cJSON *obj, struct mf_card_face *face)
{
	face->name = string_of(obj, "name");
	face->mana_cost = string_of(obj, "mana_cost");
	face->type_line = string_of(obj, "type_line");
	face->oracle_text = string_of(obj, "oracle_text");
}

static int read_card(const cJSON *obj, struct sample_card *sc)
{
	const cJSON *faces = cJSON_GetObjectItemCaseSensitive(obj, "card_faces");
	const cJSON *expected = cJSON_GetObjectItemCaseSensitive(obj, "expected");
	const cJSON *face;

	read_face(obj, &sc->card.card);
	sc->card.faces = sc->faces;
	sc->card.n_faces = 0;
	cJSON_ArrayForEach(face, faces) {
		if (sc->card.n_faces == MF_CARD_FACES_MAX)
			return -1;
		read_face(face, &sc->faces[sc->card.n_faces++]);
	}
	sc->expected_produces = string_of(expected, "produces");
	sc->expected_uses = string_of(expected, "uses");
	sc->ambiguous = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(expected, "ambiguous"));
	if (!sc->card.card.name || !sc->expected_produces || !sc->expected_uses)
		return -1;
	return 0;
}

int sample_load(const char *path, struct sample *out)
{
	char *text = read_file(path);
	const cJSON *item;
	size_t i = 0;

	memset(out, 0, sizeof(*out));
	if (!text) {
		fprintf(stderr, "cannot read %s\n", path);
		return -1;
	}
	out->root = cJSON_Parse(text);
	free(text);
	if (!cJSON_IsArray(out->root))
		goto fail;
	out->n = (size_t)cJSON_GetArraySize(out->root);
	out->cards = calloc(out->n ? out->n : 1, sizeof(*out->cards));
	if (!out->cards)
		goto fail;
	cJSON_ArrayForEach(item, out->root) {
		if (read_card(item, &out->cards[i]) != 0)
			goto fail;
		i++;
	}
	return 0;
fail:
	fprintf(stderr, "%s: not an array of cards with \"expected\" (card %zu)\n",
		path, i);
	sample_free(out);
	return -1;
}

void sample_free(struct sample *s)
{
	cJSON_Delete(s->root);
	free(s->cards);
	memset(s, 0, sizeof(*s));
}

const struct sample_card *sample_find(const struct sample *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++) {
		if (strcmp(s->cards[i].card.card.name, name) == 0)
			return &s->cards[i];
	}
	return NULL;
}
