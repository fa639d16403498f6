/*
 * The deck report as a player meets it (issue 35), through the API layer
 * with the card database a checkout has (tests/data/cards-sample.json):
 *  - one deck in the six deck-list formats, as card objects and in any
 *    line order answers byte for byte alike, sampled figures included;
 *  - a pathway as its card object is either face, as by name;
 *  - a land that enters tapped with two or more other lands (Hive of the
 *    Eye Tyrant) casts {B} on turn 1;
 *  - no advice line breaks a copy limit or a commander's colour identity;
 *  - the warnings: a 100-card list with no commander, MTGO's commander in
 *    the sideboard, its blank-line sideboard, a layout guessed, too many
 *    copies, {X} as 1;
 *  - did-you-means only as near as a misspelling, with or without the
 *    database;
 *  - each spell's mean delay is /v1/mana/odds' with a curve.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "api/adapt_odds.h"
#include "api/adapt_report.h"
#include "api/card_stream.h"
#include "manaflow/carddb.h"

static struct mf_mana_catalogue *lands;
static struct mf_card_db *db;
static uint32_t lanes;  /* the threads report() lets the advice use */
static cJSON *sample;  /* the sample's card objects, by name for the card-object forms */

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return text;
}

static void setup(void)
{
	const char *path = getenv("MF_DECK_SAMPLE");
	struct mf_mana_parse_error perr;
	struct mf_card_stream *s;
	size_t len;
	char *text = slurp(path ? path : "tests/data/cards-sample.json", &len);

	ck_assert_int_eq(mf_mana_catalogue_builtin(&lands, &perr), MF_OK);
	db = mf_card_db_new();
	s = mf_card_stream_new(db);
	ck_assert(db && s);
	ck_assert_int_eq(mf_card_stream_feed(s, text, len), 0);
	ck_assert_int_eq(mf_card_stream_finish(s), 0);
	mf_card_stream_free(s);
	sample = cJSON_ParseWithLength(text, len);
	ck_assert_ptr_nonnull(sample);
	free(text);
}

static void teardown(void)
{
	cJSON_Delete(sample);
	mf_card_db_free(db);
	mf_mana_catalogue_free(lands);
}

/* The report's answer to body (a JSON text) with or without the database;
 * NULL with *err when refused. The caller frees the answer. */
static char *report(const char *body, bool with_db, struct mf_api_error *err)
{
	struct mf_api_ctx ctx = { .lands = lands, .cards = with_db ? db : NULL,
				  .cards_option = "manaflow report --cards FILE",
				  .lanes = lanes };
	cJSON *tree = cJSON_Parse(body);
	struct mf_buf out;
	char *text = NULL;
	size_t n;

	ck_assert_msg(tree != NULL, "not JSON: %.200s", body);
	memset(err, 0, sizeof(*err));
	mf_buf_init(&out, (size_t)16 << 20);
	if (mf_api_deck_report(tree, &ctx, &out, err) == 0) {
		n = mf_buf_len(&out);
		text = malloc(n + 1);
		ck_assert_ptr_nonnull(text);
		memcpy(text, mf_buf_ptr(&out), n);
		text[n] = '\0';
	}
	mf_buf_free(&out);
	cJSON_Delete(tree);
	return text;
}

/* {"decklist": list} plus the members of extra (a JSON object's text
 * without braces, or ""), as a JSON text the caller frees. */
static char *list_body(const char *list, const char *extra)
{
	cJSON *doc = cJSON_CreateObject(), *more;
	char buf[512], *text;

	cJSON_AddStringToObject(doc, "decklist", list);
	snprintf(buf, sizeof(buf), "{%s}", extra);
	more = cJSON_Parse(buf);
	ck_assert_ptr_nonnull(more);
	for (cJSON *m = more->child; m; m = m->next)
		cJSON_AddItemToObject(doc, m->string, cJSON_Duplicate(m, true));
	cJSON_Delete(more);
	text = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	return text;
}

/* The answer's tree; aborts when the report was refused. */
static cJSON *report_tree(const char *body, bool with_db)
{
	struct mf_api_error err;
	char *text = report(body, with_db, &err);
	cJSON *tree;

	ck_assert_msg(text != NULL, "refused: %s at %s", err.detail, err.pointer);
	tree = cJSON_Parse(text);
	ck_assert_ptr_nonnull(tree);
	free(text);
	return tree;
}

static const cJSON *member(const cJSON *o, const char *key)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, key);

	ck_assert_msg(m != NULL, "no \"%s\"", key);
	return m;
}

/* The entry of array whose "name" is name, or NULL. */
static const cJSON *named(const cJSON *array, const char *name)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, array) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "name");

		if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
			return e;
	}
	return NULL;
}

/* Whether the answer has a warning of code. */
static bool warned(const cJSON *answer, const char *code)
{
	const cJSON *w;

	cJSON_ArrayForEach(w, member(answer, "warnings"))
		if (strcmp(member(w, "code")->valuestring, code) == 0)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* One deck, every form                                                */

/* A 60-card Golgari deck with a sideboard: catalogue lands and sample
 * spells. Sampled (method sample), so that the seed shows. */
static const struct {
	unsigned count;
	const char *name;
	bool side;
} golgari[] = {
	{ 4, "Llanowar Elves", false }, { 4, "Llanowar Dead", false },
	{ 4, "Diabolic Edict", false }, { 4, "Rampant Growth", false },
	{ 4, "Catacomb Sifter", false }, { 4, "Kashi-Tribe Elite", false },
	{ 4, "Phyrexian Arena", false }, { 4, "Reaper of the Wilds", false },
	{ 4, "Golgari Rotwurm", false }, { 4, "Overgrown Tomb", false },
	{ 4, "Woodland Cemetery", false }, { 2, "Llanowar Wastes", false },
	{ 7, "Forest", false }, { 7, "Swamp", false }, { 2, "Mind Swords", true },
};
#define GOLGARI (sizeof(golgari) / sizeof(golgari[0]))

/* Appends printf(fmt, ...) to s (room for 8 KiB). */
static void add(char *s, const char *fmt, ...)
{
	size_t n = strlen(s);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s + n, 8192 - n, fmt, ap);
	va_end(ap);
}

enum form { ARENA, MTGO, DEK, MOXFIELD, ARCHIDEKT, SB_PREFIX, FORMS };

/* The deck in one export's form, its main-deck lines in the order of
 * order[] (a permutation of the main deck's entries). */
static void deck_text(enum form f, const size_t *order, char *s)
{
	s[0] = '\0';
	if (f == ARENA)
		add(s, "About\nName Golgari\n\nDeck\n");
	if (f == DEK)
		add(s, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Deck xmlns:xsd=\"x\">\n");
	for (size_t k = 0; k < GOLGARI - 1; k++) {
		size_t i = order[k];
		unsigned c = golgari[i].count;
		const char *n = golgari[i].name;

		switch (f) {
		case ARENA:
			add(s, "%u %s (M19) %zu\n", c, n, 100 + i);
			break;
		case DEK:
			add(s, "  <Cards CatID=\"%zu\" Quantity=\"%u\" Sideboard=\"false\" Name=\"%s\" />\n",
			    i, c, n);
			break;
		case MOXFIELD:
			add(s, "%u %s (PLST) %zub%s\n", c, n, i, i % 3 ? "" : " *F*");
			break;
		case ARCHIDEKT:
			add(s, "%ux %s (m19) %zu [Deck%s] ^Have,#37d67a^\n", c, n, i,
			    i % 2 ? ",Ramp{top}" : "");
			break;
		default:
			add(s, "%u %s\n", c, n);
		}
	}
	switch (f) {
	case ARENA:
		add(s, "\nSideboard\n2 Mind Swords (M19) 7\n");
		break;
	case MTGO:
		add(s, "\n2 Mind Swords\n");
		break;
	case DEK:
		add(s, "  <Cards CatID=\"99\" Quantity=\"2\" Sideboard=\"true\" Name=\"Mind Swords\" />\n"
		    "</Deck>\n");
		break;
	case MOXFIELD:
		add(s, "\nSIDEBOARD:\n2 Mind Swords (MMQ) 146\n");
		break;
	case ARCHIDEKT:
		add(s, "2x Mind Swords (mmq) 146 [Sideboard]\n");
		break;
	default:
		add(s, "SB: 2 Mind Swords\n");
	}
}

/* answer without its "warnings" (the caller frees it): MTGO's text warns
 * that its blank line made the sideboard, which no other form needs. */
static char *without_warnings(const char *answer, char **warnings)
{
	cJSON *t = cJSON_Parse(answer), *w;
	char *text;

	ck_assert_ptr_nonnull(t);
	w = cJSON_DetachItemFromObjectCaseSensitive(t, "warnings");
	*warnings = cJSON_PrintUnformatted(w);
	text = cJSON_PrintUnformatted(t);
	cJSON_Delete(w);
	cJSON_Delete(t);
	return text;
}

/* The same deck as the sample's card objects, in the order of order[]. */
static char *deck_cards(const size_t *order)
{
	cJSON *doc = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(doc, "cards");
	char *text;

	for (size_t k = 0; k < GOLGARI; k++) {
		size_t i = k < GOLGARI - 1 ? order[k] : GOLGARI - 1;
		const cJSON *c;
		cJSON *obj = NULL;

		cJSON_ArrayForEach(c, sample)
			if (strcmp(cJSON_GetObjectItem(c, "name")->valuestring, golgari[i].name) == 0)
				obj = cJSON_Duplicate(c, true);
		ck_assert_msg(obj != NULL, "%s is not in the sample", golgari[i].name);
		cJSON_DeleteItemFromObject(obj, "expected");
		cJSON_AddNumberToObject(obj, "count", golgari[i].count);
		cJSON_AddStringToObject(obj, "zone", golgari[i].side ? "sideboard" : "main");
		cJSON_AddItemToArray(arr, obj);
	}
	cJSON_AddStringToObject(doc, "method", "sample");
	text = cJSON_PrintUnformatted(doc);
	cJSON_Delete(doc);
	return text;
}

START_TEST(one_deck_every_form_one_answer)
{
	size_t forward[GOLGARI - 1], backward[GOLGARI - 1], shuffled[GOLGARI - 1];
	const size_t *orders[] = { forward, backward, shuffled };
	struct mf_api_error err;
	char text[8192], *first, *body, *got;
	uint64_t r = 7;
	/* each report samples a deck with mana sources: under valgrind, one
	 * order in two forms and as card objects (the shuffled order, whose
	 * answer must still be the forward card objects') */
	bool slow = getenv("MANAFLOW_UNDER_VALGRIND") != NULL;
	int forms = slow ? 2 : FORMS, o_first = slow ? 2 : 0;

	for (size_t i = 0; i < GOLGARI - 1; i++)
		forward[i] = shuffled[i] = i, backward[i] = GOLGARI - 2 - i;
	for (size_t i = GOLGARI - 2; i > 0; i--) {
		size_t j, t;

		r = r * 6364136223846793005ull + 1442695040888963407ull;
		j = (size_t)(r >> 33) % (i + 1);
		t = shuffled[i], shuffled[i] = shuffled[j], shuffled[j] = t;
	}
	body = deck_cards(forward);
	first = report(body, true, &err);
	free(body);
	ck_assert_msg(first != NULL, "card objects refused: %s", err.detail);
	ck_assert_msg(strstr(first, "\"method\":\"sample\""), "the figures are sampled: %.300s", first);
	for (int o = o_first; o < 3; o++) {
		body = deck_cards(orders[o]);
		got = report(body, true, &err);
		free(body);
		ck_assert_msg(got && strcmp(got, first) == 0, "card objects, order %d: another answer", o);
		free(got);
		for (int f = 0; f < forms; f++) {
			deck_text((enum form)f, orders[o], text);
			body = list_body(text, "\"method\":\"sample\"");
			got = report(body, true, &err);
			ck_assert_msg(got != NULL, "form %d order %d refused: %s (%s)", f, o, err.detail, text);
			if (f == MTGO) {  /* the same but for the warning of its sideboard */
				char *w, *w0, *a = without_warnings(got, &w), *b = without_warnings(first, &w0);

				ck_assert_msg(strcmp(a, b) == 0, "MTGO's text, order %d: another answer", o);
				ck_assert_str_eq(w0, "[]");
				ck_assert_msg(strstr(w, "\"code\":\"sideboard-guessed\"") &&
					      strstr(w, "line 16"), "MTGO's text: %s", w);
				free(a), free(b), free(w), free(w0);
			} else {
				ck_assert_msg(strcmp(got, first) == 0, "form %d, order %d: another answer "
					      "than the card objects':\n%.600s\nnot\n%.600s", f, o, got, first);
			}
			free(got);
			free(body);
		}
	}
	free(first);
}
END_TEST

/* The advice on two threads answers byte for byte as on one: the Golgari
 * deck with its Elves (sampled, every line of the advice, the source
 * lines too), and a 60-card deck counted exactly. */
START_TEST(two_threads_one_answer)
{
	static const char exact[] =
		"4 Overgrown Tomb\n4 Woodland Cemetery\n8 Forest\n8 Swamp\n4 Diabolic Edict\n"
		"4 Catacomb Sifter\n4 Phyrexian Arena\n4 Golgari Rotwurm\n4 Reaper of the Wilds\n";
	size_t order[GOLGARI - 1];
	struct mf_api_error err;
	char text[8192], *body[2], *one, *two;
	int decks = getenv("MANAFLOW_UNDER_VALGRIND") ? 1 : 2;

	for (size_t i = 0; i < GOLGARI - 1; i++)
		order[i] = i;
	deck_text(ARENA, order, text);
	body[0] = list_body(text, "\"method\":\"sample\"");
	body[1] = list_body(exact, "");
	for (int k = 0; k < decks; k++) {
		lanes = 1;
		one = report(body[k], true, &err);
		ck_assert_msg(one != NULL, "deck %d refused: %s", k, err.detail);
		lanes = 2;
		two = report(body[k], true, &err);
		lanes = 0;
		ck_assert_msg(two != NULL, "deck %d on two threads refused: %s", k, err.detail);
		ck_assert_msg(strstr(one, "\"advice_complete\":true") && strstr(one, "\"gain\""),
			      "deck %d: no advice to compare: %.400s", k, one);
		ck_assert_msg(strcmp(one, two) == 0, "deck %d: another answer on two threads:\n%.600s\n"
			      "not\n%.600s", k, two, one);
		free(one);
		free(two);
	}
	free(body[0]);
	free(body[1]);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Lands                                                               */

#define PATHWAY "{\"name\":\"Riverglide Pathway // Lavaglide Pathway\",\"layout\":\"modal_dfc\"," \
	"\"type_line\":\"Land // Land\",\"card_faces\":[{\"name\":\"Riverglide Pathway\"," \
	"\"type_line\":\"Land\",\"oracle_text\":\"{T}: Add {U}.\"},{\"name\":\"Lavaglide Pathway\"," \
	"\"type_line\":\"Land\",\"oracle_text\":\"{T}: Add {R}.\"}],\"count\":4}"
#define BASIC(n, t, c) "{\"name\":\"" n "\",\"type_line\":\"Basic Land \\u2014 " t "\",\"count\":" #c "}"
#define SPELL(n, cost, c) "{\"name\":\"" n "\",\"mana_cost\":\"" cost "\",\"type_line\":\"Instant\"," \
	"\"count\":" #c "}"

/* {R}{R} on turn 2 from /v1/mana/odds, the lands by name. */
static double odds_rr(const char *deck_lands)
{
	struct mf_api_ctx ctx = { .lands = NULL };
	struct mf_api_error err;
	struct mf_mana_parse_error perr;
	struct mf_mana_catalogue *cat;
	struct mf_buf out;
	char body[512];
	cJSON *tree, *answer;
	double p;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &perr), MF_OK);
	ctx.lands = cat;
	snprintf(body, sizeof(body), "{\"size\":60,\"lands\":[%s],\"spells\":[{\"cost\":\"{R}{R}\","
		 "\"turn\":2}],\"method\":\"exact\",\"curve\":10}", deck_lands);
	tree = cJSON_Parse(body);
	mf_buf_init(&out, 1u << 20);
	ck_assert_msg(mf_api_mana_odds(tree, &ctx, &out, &err) == 0, "odds: %s", err.detail);
	answer = cJSON_ParseWithLength(mf_buf_ptr(&out), mf_buf_len(&out));
	p = member(member(answer, "results")->child, "p_castable")->valuedouble;
	cJSON_Delete(answer);
	cJSON_Delete(tree);
	mf_buf_free(&out);
	mf_mana_catalogue_free(cat);
	return p;
}

/* The issue's Izzet deck: 4 pathways as card objects are either face, as
 * by name: the same {R}{R} on turn 2 as /v1/mana/odds, and 14 red sources
 * where the front face alone gave 10. */
START_TEST(pathway_card_is_either_face)
{
	cJSON *t = report_tree("{\"cards\":[" PATHWAY "," BASIC("Island", "Island", 10) ","
			       BASIC("Mountain", "Mountain", 10) "," SPELL("Shock", "{R}", 12) ","
			       SPELL("Fire Away", "{R}{R}", 12) "," SPELL("Opt", "{U}", 12) "]}", false);
	const cJSON *c, *red = NULL;

	cJSON_ArrayForEach(c, member(t, "colors"))
		if (strcmp(member(c, "color")->valuestring, "R") == 0)
			red = c;
	ck_assert_msg(red && member(red, "sources")->valueint == 14, "red sources: 10 Mountains and "
		      "the 4 pathways");
	ck_assert_int_eq(cJSON_GetArraySize(member(member(t, "deck"), "land_clauses_ignored")), 0);
	ck_assert_double_eq_tol(member(named(member(t, "spells"), "Fire Away"), "p_castable")->valuedouble,
				odds_rr("{\"name\":\"Riverglide Pathway // Lavaglide Pathway\",\"count\":4},"
					"{\"name\":\"Island\",\"count\":10},{\"name\":\"Mountain\",\"count\":10}"),
				1e-12);
	cJSON_Delete(t);
}
END_TEST

/* In a deck list, a pathway named by its full name or by either face is the
 * card: the same answer each way. */
START_TEST(pathway_by_face_name_is_the_card)
{
	static const char *const as[] = {
		"Riverglide Pathway // Lavaglide Pathway", "Riverglide Pathway", "Lavaglide Pathway",
		"riverglide pathway/lavaglide pathway",
	};
	struct mf_api_error err;
	char *first = NULL;

	for (size_t i = 0; i < sizeof(as) / sizeof(as[0]); i++) {
		char list[256], *body, *got;

		snprintf(list, sizeof(list), "4 %s\n10 Island\n10 Mountain\n12 Tibalt, the Fiend-Blooded\n"
			 "12 Active Volcano\n12 Aura Finesse\n", as[i]);
		body = list_body(list, "\"method\":\"exact\"");
		got = report(body, true, &err);
		ck_assert_msg(got != NULL, "%s: %s", as[i], err.detail);
		if (!first)
			first = got;
		else {
			ck_assert_msg(strcmp(got, first) == 0, "naming \"%s\" answers otherwise", as[i]);
			free(got);
		}
		free(body);
	}
	ck_assert_msg(strstr(first, "\"color\":\"R\",\"sources\":14"), "the pathway makes red: %.400s",
		      strstr(first, "\"colors\""));
	free(first);
}
END_TEST

START_TEST(hive_casts_on_turn_1)
{
	cJSON *t = report_tree("{\"cards\":[{\"name\":\"Hive of the Eye Tyrant\",\"type_line\":\"Land\","
			       "\"oracle_text\":\"If you control two or more other lands, Hive of the Eye "
			       "Tyrant enters the battlefield tapped.\\n{T}: Add {B}.\\n{3}{B}: Until end of "
			       "turn, Hive of the Eye Tyrant becomes a 3/3 black Beholder creature with "
			       "menace. It's still a land.\",\"count\":24}," SPELL("Ritual", "{B}", 36) "]}",
			       false);
	const cJSON *s = named(member(t, "spells"), "Ritual");

	ck_assert_msg(member(s, "p_castable")->valuedouble > 0.95, "{B} on turn 1 with 24 Hives: %f",
		      member(s, "p_castable")->valuedouble);
	ck_assert_int_eq(cJSON_GetArraySize(member(member(t, "deck"), "land_clauses_ignored")), 0);
	cJSON_Delete(t);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Advice a player can follow                                          */

/* Every advice line of answer keeps to the copy limit max (0: the
 * singleton rule of a commander deck) given the deck's counts. */
static void advice_is_legal(const cJSON *answer, const char *deck_name, unsigned max, bool commander)
{
	const cJSON *lines[8];
	size_t n = 0;
	const cJSON *a;

	cJSON_ArrayForEach(a, member(answer, "advice"))
		lines[n++] = a;
	if (cJSON_IsObject(member(answer, "more_land")))
		lines[n++] = member(answer, "more_land");
	if (cJSON_IsObject(member(answer, "fewer_land")))
		lines[n++] = member(answer, "fewer_land");
	ck_assert_msg(n > 0, "%s: no advice at all", deck_name);
	for (size_t i = 0; i < n; i++) {
		const char *in = member(member(lines[i], "in"), "name")->valuestring;
		int k = member(member(lines[i], "in"), "count")->valueint;
		const cJSON *spell = named(member(answer, "spells"), in);
		int had = spell ? member(spell, "count")->valueint : 0;
		bool basic = !strcmp(in, "Forest") || !strcmp(in, "Swamp") || !strcmp(in, "Island") ||
			     !strcmp(in, "Mountain") || !strcmp(in, "Plains");

		if (!spell) {  /* a land: the deck's count of it from the test's deck */
			const cJSON *l = named(member(answer, "deck_lands_for_test"), in);

			had = l ? member(l, "count")->valueint : 0;
		}
		ck_assert_msg(basic || had + k <= (int)(commander ? 1 : max),
			      "%s: %s brings %s to %d copies", deck_name,
			      member(member(lines[i], "out"), "name")->valuestring, in, had + k);
	}
}

START_TEST(pioneer_advice_keeps_four)
{
	char list[] = "4 Blood Crypt\n4 Fabled Passage\n7 Swamp\n7 Mountain\n2 Sulfurous Springs\n"
		      "4 Forerunner of Slaughter\n4 Blood Cultist\n4 Flayer Drone\n4 Dust Stalker\n"
		      "4 Acolyte of Xathrid\n4 Active Volcano\n4 Banewasp Affliction\n4 Agility\n"
		      "4 Hellhole Rats\n";
	char *body = list_body(list, "\"method\":\"exact\"");
	cJSON *t = report_tree(body, true), *deck_lands = cJSON_CreateArray();
	static const struct {
		const char *name;
		int count;
	} held[] = { { "Blood Crypt", 4 }, { "Fabled Passage", 4 }, { "Sulfurous Springs", 2 } };

	for (size_t i = 0; i < 3; i++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "name", held[i].name);
		cJSON_AddNumberToObject(o, "count", held[i].count);
		cJSON_AddItemToArray(deck_lands, o);
	}
	cJSON_AddItemToObject(t, "deck_lands_for_test", deck_lands);
	advice_is_legal(t, "4 Blood Crypt", 4, false);
	ck_assert_msg(!named(member(t, "advice"), "Blood Crypt"), "no swap brings a fifth Blood Crypt");
	/* every spell has 4 copies: no spell may take one more */
	ck_assert(cJSON_IsNull(member(t, "fewer_land")));
	ck_assert_int_eq(cJSON_GetArraySize(member(t, "warnings")), 0);
	cJSON_Delete(t);
	free(body);
}
END_TEST

/* A Golgari Commander deck: 99 singletons and basics, the commander in
 * the command zone. No advice line adds a second copy of a nonbasic land
 * or a land outside black and green. */
START_TEST(commander_advice_keeps_one)
{
	char text[8192] = "";
	cJSON *t, *deck_lands = cJSON_CreateArray();
	static const char *const nonbasics[] = { "Overgrown Tomb", "Woodland Cemetery",
						 "Llanowar Wastes", "Golgari Rot Farm" };

	add(text, "{\"cards\":[{\"name\":\"Commander of the Rot\",\"mana_cost\":\"{2}{B}{G}\","
	    "\"type_line\":\"Legendary Creature \\u2014 Elf\",\"zone\":\"commander\"},"
	    BASIC("Forest", "Forest", 17) "," BASIC("Swamp", "Swamp", 17));
	for (size_t i = 0; i < 4; i++) {
		cJSON *o = cJSON_CreateObject();

		add(text, ",{\"name\":\"%s\",\"count\":1,\"type_line\":\"Land\",\"oracle_text\":\"%s\"}",
		    nonbasics[i], i == 3 ? "Golgari Rot Farm enters the battlefield tapped.\\nWhen Golgari "
		    "Rot Farm enters the battlefield, return a land you control to its owner's hand.\\n"
		    "{T}: Add {B}{G}." : i == 2 ? "{T}: Add {C}.\\n{T}: Add {B} or {G}. Llanowar Wastes "
		    "deals 1 damage to you." : i == 1 ? "Woodland Cemetery enters the battlefield tapped "
		    "unless you control a Swamp or a Forest.\\n{T}: Add {B} or {G}." : "({T}: Add {B} or "
		    "{G}.)\\nAs Overgrown Tomb enters the battlefield, you may pay 2 life. If you don't, it "
		    "enters the battlefield tapped.");
		cJSON_AddStringToObject(o, "name", nonbasics[i]);
		cJSON_AddNumberToObject(o, "count", 1);
		cJSON_AddItemToArray(deck_lands, o);
	}
	for (int i = 0; i < 61; i++)
		add(text, ",{\"name\":\"Spell %d\",\"mana_cost\":\"%s\",\"type_line\":\"Sorcery\"}", i,
		    i % 4 == 0 ? "{1}{B}" : i % 4 == 1 ? "{2}{G}" : i % 4 == 2 ? "{B}{G}" : "{3}{B}{B}");
	add(text, "]}");
	t = report_tree(text, false);
	cJSON_AddItemToObject(t, "deck_lands_for_test", deck_lands);
	ck_assert_int_eq(member(member(t, "deck"), "size")->valueint, 99);
	ck_assert_int_eq(member(member(t, "deck"), "commanders")->valueint, 1);
	advice_is_legal(t, "Golgari Commander", 1, true);
	ck_assert(cJSON_IsNull(member(t, "fewer_land")));  /* no spell may take a second copy */
	{
		const cJSON *a;

		cJSON_ArrayForEach(a, member(t, "advice")) {
			const char *in = member(member(a, "in"), "name")->valuestring;

			ck_assert_msg(!strstr(in, "Steam") && !strstr(in, "Island") && !strstr(in, "Plains") &&
				      !strstr(in, "Mountain") && !strstr(in, "Hallowed"),
				      "%s is outside the commander's black and green", in);
		}
	}
	cJSON_Delete(t);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Warnings                                                            */

START_TEST(warnings_where_the_report_guessed)
{
	char text[8192] = "";
	char *body;
	cJSON *t;

	/* a 100-card list with no commander named */
	add(text, "40 Forest\n");
	for (int i = 0; i < 15; i++)
		add(text, "4 %s\n", (const char *[]){ "Llanowar Elves", "Rampant Growth", "Kashi-Tribe Elite",
				"Cradle Guard", "Elvish Vanguard", "Golden Hind", "Heart Warden", "Nomadic Elf",
				"Quirion Elves", "Satyr Hedonist", "Skylasher", "Wall of Mulch",
				"Bayou Dragonfly", "Bosk Banneret", "Fire Sprites" }[i]);
	body = list_body(text, "\"method\":\"sample\"");
	t = report_tree(body, true);
	ck_assert_int_eq(member(member(t, "deck"), "size")->valueint, 100);
	ck_assert_msg(warned(t, "no-commander"), "a 100-card deck, no commander: warned");
	{
		const cJSON *w = member(t, "warnings")->child;

		ck_assert(strstr(member(w, "message")->valuestring, "Commander") &&
			  strstr(member(w, "message")->valuestring, "zone"));
	}
	ck_assert_msg(!warned(t, "too-many-copies"), "no commander named: 4 copies are allowed");
	cJSON_Delete(t);
	free(body);

	/* MTGO's Commander deck: 99 cards, then the commander after a blank line */
	text[0] = '\0';
	add(text, "39 Forest\n");
	for (int i = 0; i < 60; i++)
		add(text, "1 %s\n", (const char *[]){ "Llanowar Elves", "Rampant Growth", "Kashi-Tribe Elite",
				"Cradle Guard", "Elvish Vanguard", "Golden Hind", "Heart Warden", "Nomadic Elf",
				"Quirion Elves", "Satyr Hedonist", "Skylasher", "Wall of Mulch",
				"Bayou Dragonfly", "Bosk Banneret", "Fire Sprites" }[i % 15]);
	add(text, "\n1 Daghatar the Adamant\n");
	body = list_body(text, "\"method\":\"sample\"");
	t = report_tree(body, true);
	ck_assert_int_eq(member(member(t, "deck"), "commanders")->valueint, 1);
	ck_assert_msg(warned(t, "commander-guessed") && !warned(t, "no-commander") &&
		      !warned(t, "sideboard-guessed"), "the sideboard's legend taken as the commander");
	ck_assert(cJSON_IsTrue(member(named(member(t, "spells"), "Daghatar the Adamant"), "commander")));
	cJSON_Delete(t);
	free(body);

	/* MTGO's blank line before a sideboard, a layout guessed, {X} */
	body = list_body("4 Llanowar Elves\n20 Forest\n36 Rampant Growth\n\n2 Mind Swords\n", "");
	t = report_tree(body, true);
	ck_assert(warned(t, "sideboard-guessed") && warned(t, "too-many-copies"));  /* 36 of a card */
	cJSON_Delete(t);
	free(body);
	t = report_tree("{\"cards\":[" BASIC("Mountain", "Mountain", 20) ",{\"name\":\"Smash // Pass\","
			"\"count\":4,\"card_faces\":[{\"name\":\"Smash\",\"mana_cost\":\"{X}{R}\",\"type_line\":"
			"\"Sorcery\"},{\"name\":\"Pass\",\"type_line\":\"Land\",\"oracle_text\":\"{T}: Add {R}.\"}]},"
			SPELL("Fireball", "{X}{R}", 4) "," SPELL("Shock", "{R}", 32) "]}", false);
	ck_assert(warned(t, "layout-guessed") && warned(t, "x-taken-as-1") &&
		  !warned(t, "sideboard-guessed"));
	cJSON_Delete(t);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Did you mean                                                        */

/* The did_you_mean of name in the unknown-cards problem of list (with the
 * sample card database or none); a name `known` resolves and is not listed. */
static void ck_hint_known(const char *list, bool with_db, const char *name, const char *want,
			  bool known)
{
	struct mf_api_error err;
	char *body = list_body(list, ""), *text = report(body, with_db, &err), members[8192];
	cJSON *cards, *c;
	bool found = false;

	ck_assert_msg(text == NULL && err.problem == MF_PROBLEM_UNKNOWN_CARDS, "%s: not unknown", name);
	snprintf(members, sizeof(members), "{%s}", err.members + 1);  /* ,"cards":[...],... */
	cards = cJSON_Parse(members);
	ck_assert_msg(cards != NULL, "members: %s", err.members);
	cJSON_ArrayForEach(c, member(cards, "cards"))
		if (strcmp(member(c, "name")->valuestring, name) == 0) {
			const cJSON *d = member(c, "did_you_mean");

			found = true;
			ck_assert_msg(want ? cJSON_IsString(d) && strcmp(d->valuestring, want) == 0 :
				      cJSON_IsNull(d), "%s (database %d): did you mean %s, not %s", name,
				      with_db, cJSON_IsString(d) ? d->valuestring : "null", want ? want : "null");
		}
	ck_assert_msg(found == (want || !known), "%s is listed: %d", name, found);
	if (!with_db)
		ck_assert_msg(strstr(err.detail, "manaflow report --cards FILE"),
			      "the detail names the caller's --cards: %s", err.detail);
	cJSON_Delete(cards);
	free(body);
}

/* As ck_hint_known() for a name the deck list does not resolve. */
static void ck_hint(const char *list, bool with_db, const char *name, const char *want)
{
	ck_hint_known(list, with_db, name, want, false);
}

START_TEST(did_you_mean_only_a_misspelling)
{
	const char *list = "4 Llanowar Elves\n4 Blood Artist\n4 Skullclamp\n4 Sol Rong\n20 Forrest\n";

	/* without a database: a land for a land's misspelling, none for a
	 * spell; the mana sources of the built-in catalogue are known, and
	 * their misspellings hinted */
	ck_hint_known(list, false, "Llanowar Elves", NULL, true);
	ck_hint(list, false, "Sol Rong", "Sol Ring");
	ck_hint(list, false, "Blood Artist", NULL);
	ck_hint(list, false, "Forrest", "Forest");
	/* with the sample: Skullcrack and Blood Cultist are no misspellings */
	ck_hint(list, true, "Skullclamp", NULL);
	ck_hint(list, true, "Blood Artist", NULL);
	ck_hint(list, true, "Sol Rong", "Sol Ring");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Mean delay                                                          */

/* Each spell's mean delay is /v1/mana/odds' for its cost with a curve,
 * and the deck's the count-weighted mean. */
START_TEST(mean_delay_is_the_odds)
{
	cJSON *t = report_tree("{\"cards\":[" BASIC("Mountain", "Mountain", 24) "," SPELL("Shock", "{R}", 20)
			       "," SPELL("Blaze", "{5}{R}", 16) "],\"method\":\"exact\"}", false);
	struct mf_mana_parse_error perr;
	struct mf_mana_catalogue *cat;
	struct mf_api_ctx ctx;
	struct mf_api_error err;
	struct mf_buf out;
	cJSON *tree, *answer;
	const cJSON *r;
	double shock, blaze;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &perr), MF_OK);
	ctx = (struct mf_api_ctx){ .lands = cat };
	tree = cJSON_Parse("{\"size\":60,\"lands\":[{\"name\":\"Mountain\",\"count\":24}],\"spells\":"
			   "[{\"cost\":\"{R}\"},{\"cost\":\"{5}{R}\"}],\"method\":\"exact\",\"curve\":4}");
	mf_buf_init(&out, 1u << 20);
	ck_assert_msg(mf_api_mana_odds(tree, &ctx, &out, &err) == 0, "odds: %s", err.detail);
	answer = cJSON_ParseWithLength(mf_buf_ptr(&out), mf_buf_len(&out));
	r = member(answer, "results")->child;
	ck_assert_int_eq(cJSON_GetArraySize(member(r, "by_turn")), 4);  /* the curve asked */
	shock = member(named(member(t, "spells"), "Shock"), "mean_delay")->valuedouble;
	blaze = member(named(member(t, "spells"), "Blaze"), "mean_delay")->valuedouble;
	ck_assert_double_eq_tol(shock, member(r, "mean_delay")->valuedouble, 1e-9);
	ck_assert_double_eq_tol(blaze, member(r->next, "mean_delay")->valuedouble, 1e-9);
	ck_assert_msg(blaze > shock && shock > 0 && blaze < 10, "%f %f", shock, blaze);
	ck_assert_double_eq_tol(member(member(t, "deck"), "mean_delay")->valuedouble,
				(20 * shock + 16 * blaze) / 36, 2e-6);
	cJSON_Delete(answer);
	cJSON_Delete(tree);
	mf_buf_free(&out);
	mf_mana_catalogue_free(cat);
	cJSON_Delete(t);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report-answer");
	TCase *tc = tcase_create("report");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_add_test(tc, one_deck_every_form_one_answer);
	tcase_add_test(tc, two_threads_one_answer);
	tcase_add_test(tc, pathway_card_is_either_face);
	tcase_add_test(tc, pathway_by_face_name_is_the_card);
	tcase_add_test(tc, hive_casts_on_turn_1);
	tcase_add_test(tc, pioneer_advice_keeps_four);
	tcase_add_test(tc, commander_advice_keeps_one);
	tcase_add_test(tc, warnings_where_the_report_guessed);
	tcase_add_test(tc, did_you_mean_only_a_misspelling);
	tcase_add_test(tc, mean_delay_is_the_odds);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
