/* POST /v1/deck/report: a deck list resolved against a small card database
 * (tests/data/cards-report.json, cards of tests/data/cards-sample.json and
 * one modal double-faced card), its figures against /v1/mana/odds, the same
 * deck as card objects, and every refusal the issue names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define CARDS_FILE MF_TEST_SOURCE_ROOT "/tests/data/cards-report.json"

/* A 60-card blue-red deck: catalogue lands and database spells, its names
 * typed as players do (case, "/" for " // "). */
static const char deck_text[] =
	"Deck\n"
	"4 fire/ice\n"
	"4 ALTER REALITY\n"
	"4 Active Volcano\n"
	"3 Aladdin\n"
	"2 Aetherling\n"
	"4 Amoeboid Changeling\n"
	"4 Agility\n"
	"4 Akki Rockspeaker\n"
	"3 Abstruse Interference\n"
	"10 Island\n"
	"10 mountain\n"
	"4 Steam Vents\n"
	"4 Fire /// Ice\n"
	"\n"
	"Sideboard\n"
	"2 Aeolipile\n";

/* The spells of deck_text in the answer's order (by turn, then name, in
 * any order the list gives them), their merged counts and costs. */
static const struct {
	const char *name, *cost;
	int count;
} deck_spells[] = {
	{ "Active Volcano", "{R}", 4 },
	{ "Agility", "{1}{R}", 4 }, { "Akki Rockspeaker", "{1}{R}", 4 },
	{ "Alter Reality", "{1}{U}", 4 }, { "Amoeboid Changeling", "{1}{U}", 4 },
	{ "Fire // Ice", "{1}{R}", 8 }, { "Abstruse Interference", "{2}{U}", 3 },
	{ "Aladdin", "{2}{R}{R}", 3 },
	{ "Aetherling", "{4}{U}{U}", 2 },
};
#define DECK_SPELLS (sizeof(deck_spells) / sizeof(deck_spells[0]))

static void setup_cards(void)
{
	static const char *const args[] = { "--cards", CARDS_FILE, "--no-access-log", NULL };

	ts_spawn(&ts_srv, args, NULL);
}

/* POSTs {"decklist": text, "method": "exact"} plus extra members (a JSON
 * object's text without braces, or NULL) to the report. */
static long post_list(const char *text, const char *extra, struct hx_resp *r)
{
	cJSON *doc = cJSON_CreateObject();
	long status;

	cJSON_AddStringToObject(doc, "decklist", text);
	cJSON_AddStringToObject(doc, "method", "exact");
	if (extra) {
		char buf[256];
		cJSON *more;

		snprintf(buf, sizeof(buf), "{%s}", extra);
		more = cJSON_Parse(buf);
		for (cJSON *m = more ? more->child : NULL; m; m = m->next)
			cJSON_AddItemToObject(doc, m->string, cJSON_Duplicate(m, true));
		cJSON_Delete(more);
	}
	status = hx_post_cjson("/v1/deck/report", doc, r);
	cJSON_Delete(doc);
	return status;
}

static const cJSON *member(const cJSON *obj, const char *key)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, key);

	ck_assert_msg(m != NULL, "no \"%s\"", key);
	return m;
}

/* The ignored entry of the card called name, or NULL. */
static const cJSON *ignored_entry(const cJSON *answer, const char *name)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, member(member(answer, "deck"), "ignored"))
		if (strcmp(json_str(e, "name"), name) == 0)
			return e;
	return NULL;
}

START_TEST(report_decklist)
{
	struct hx_resp r;
	const cJSON *deck, *spells, *s, *sol;
	size_t i = 0;

	ck_assert_int_eq(post_list(deck_text, NULL, &r), 200);
	deck = member(r.json, "deck");
	ck_assert_int_eq(json_int(deck, "size"), 60);
	ck_assert_int_eq(json_int(deck, "lands"), 24);
	ck_assert_int_eq(json_int(deck, "spells"), 36);
	ck_assert_int_eq(json_int(deck, "commanders"), 0);
	ck_assert_int_eq(cJSON_GetArraySize(member(deck, "colors")), 2);
	ck_assert(cJSON_IsObject(member(deck, "rules")));
	spells = member(r.json, "spells");
	ck_assert_int_eq(cJSON_GetArraySize(spells), (int)DECK_SPELLS);
	cJSON_ArrayForEach(s, spells) {
		const cJSON *p = member(s, "p_castable");

		ck_assert_str_eq(json_str(s, "name"), deck_spells[i].name);
		ck_assert_str_eq(json_str(s, "cost"), deck_spells[i].cost);
		ck_assert_int_eq(json_int(s, "count"), deck_spells[i].count);
		ck_assert(cJSON_IsNumber(p) && p->valuedouble > 0 && p->valuedouble <= 1);
		ck_assert_int_eq(cJSON_GetArraySize(member(s, "by_turn")), 10);
		i++;
	}
	/* a card whose mana the model does not play is cast, and says so */
	sol = ignored_entry(r.json, "Abstruse Interference");
	ck_assert_msg(sol && strstr(json_str(sol, "reason"), "not modelled"), "%s", r.body);
	ck_assert_int_eq(cJSON_GetArraySize(member(deck, "sources")), 0);
	ck_assert_ptr_null(ignored_entry(r.json, "Aeolipile"));  /* sideboard: not in the deck */
	ck_assert_int_eq(cJSON_GetArraySize(member(r.json, "colors")), 2);
	ck_assert(cJSON_IsArray(member(r.json, "advice")));
	ck_assert(cJSON_IsObject(member(r.json, "more_land")));
	ck_assert(cJSON_IsBool(member(r.json, "advice_complete")));
	hx_free(&r);
}
END_TEST

/* The /v1/mana/odds body for deck_text's lands and spells. */
static cJSON *odds_body(void)
{
	static const struct {
		const char *name;
		int count;
	} lands[] = { { "Island", 10 }, { "Mountain", 10 }, { "Steam Vents", 4 } };
	cJSON *doc = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(doc, "lands");

	cJSON_AddNumberToObject(doc, "size", 60);
	cJSON_AddStringToObject(doc, "method", "exact");
	cJSON_AddNumberToObject(doc, "curve", 10);
	for (size_t i = 0; i < 3; i++) {
		cJSON *l = cJSON_CreateObject();

		cJSON_AddStringToObject(l, "name", lands[i].name);
		cJSON_AddNumberToObject(l, "count", lands[i].count);
		cJSON_AddItemToArray(arr, l);
	}
	arr = cJSON_AddArrayToObject(doc, "spells");
	for (size_t i = 0; i < DECK_SPELLS; i++) {
		cJSON *s = cJSON_CreateObject();

		cJSON_AddStringToObject(s, "cost", deck_spells[i].cost);
		cJSON_AddItemToArray(arr, s);
	}
	return doc;
}

/* The demand: each spell's figures are /v1/mana/odds' on the same
 * deck, number for number. */
START_TEST(report_equals_odds)
{
	struct hx_resp r, o;
	cJSON *body = odds_body();
	const cJSON *s, *res;
	size_t i = 0;

	ck_assert_int_eq(post_list(deck_text, NULL, &r), 200);
	ck_assert_int_eq(hx_post_cjson("/v1/mana/odds", body, &o), 200);
	cJSON_Delete(body);
	ck_assert(cJSON_Compare(member(member(r.json, "deck"), "rules"), member(o.json, "rules"),
				true));
	res = member(o.json, "results")->child;
	cJSON_ArrayForEach(s, member(r.json, "spells")) {
		ck_assert_ptr_nonnull(res);
		ck_assert_int_eq(json_int(s, "turn"), json_int(res, "turn"));
		ck_assert_msg(member(s, "p_castable")->valuedouble ==
			      member(res, "p_castable")->valuedouble, "spell %zu p_castable", i);
		ck_assert(cJSON_Compare(member(s, "p_castable_given_lands"),
					member(res, "p_castable_given_lands"), true));
		ck_assert_msg(cJSON_Compare(member(s, "by_turn"), member(res, "by_turn"), true),
			      "spell %zu by_turn", i);
		res = res->next;
		i++;
	}
	ck_assert_uint_eq(i, DECK_SPELLS);
	hx_free(&r);
	hx_free(&o);
}
END_TEST

/* The card database's object of name, with count and zone, from the file
 * the server loaded. */
static cJSON *card_object(const cJSON *db, const char *name, int count, const char *zone)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, db)
		if (strcmp(json_str(c, "name"), name) == 0) {
			cJSON *dup = cJSON_Duplicate(c, true);

			cJSON_AddNumberToObject(dup, "count", count);
			cJSON_AddStringToObject(dup, "zone", zone);
			return dup;
		}
	ck_abort_msg("%s is not in %s", name, CARDS_FILE);
	return NULL;
}

static cJSON *load_db(void)
{
	char *text = read_source_file("tests/data/cards-report.json", NULL);
	cJSON *db = cJSON_Parse(text);

	free(text);
	ck_assert_ptr_nonnull(db);
	return db;
}

/* deck_text as card objects: the same spells, lands and advice. */
START_TEST(cards_equal_decklist)
{
	cJSON *db = load_db(), *doc = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(doc, "cards");
	struct hx_resp r, l;

	for (size_t i = 0; i < DECK_SPELLS; i++)
		cJSON_AddItemToArray(arr, card_object(db, deck_spells[i].name, deck_spells[i].count,
						      "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Island", 10, "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Mountain", 10, "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Steam Vents", 4, "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Aeolipile", 2, "sideboard"));
	cJSON_AddStringToObject(doc, "method", "exact");
	ck_assert_int_eq(hx_post_cjson("/v1/deck/report", doc, &r), 200);
	ck_assert_int_eq(post_list(deck_text, NULL, &l), 200);
	ck_assert_msg(cJSON_Compare(member(r.json, "spells"), member(l.json, "spells"), true),
		      "cards: %s\ndecklist: %s", r.body, l.body);
	ck_assert(cJSON_Compare(member(r.json, "colors"), member(l.json, "colors"), true));
	ck_assert(cJSON_Compare(member(r.json, "advice"), member(l.json, "advice"), true));
	ck_assert(cJSON_Compare(member(member(r.json, "deck"), "colors"),
				member(member(l.json, "deck"), "colors"), true));
	hx_free(&r);
	hx_free(&l);
	cJSON_Delete(doc);
	cJSON_Delete(db);
}
END_TEST

/* A commander is cast but not drawn: the deck's size leaves it out. */
START_TEST(commander_not_in_size)
{
	cJSON *db = load_db(), *doc = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(doc, "cards");
	struct hx_resp r;
	const cJSON *s, *found = NULL;

	cJSON_AddItemToArray(arr, card_object(db, "Aladdin", 1, "commander"));
	cJSON_AddItemToArray(arr, card_object(db, "Active Volcano", 20, "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Agility", 19, "main"));
	cJSON_AddItemToArray(arr, card_object(db, "Mountain", 21, "main"));
	ck_assert_int_eq(hx_post_cjson("/v1/deck/report", doc, &r), 200);
	ck_assert_int_eq(json_int(member(r.json, "deck"), "size"), 60);
	ck_assert_int_eq(json_int(member(r.json, "deck"), "commanders"), 1);
	ck_assert_int_eq(json_int(member(r.json, "deck"), "spells"), 39);
	cJSON_ArrayForEach(s, member(r.json, "spells"))
		if (strcmp(json_str(s, "name"), "Aladdin") == 0)
			found = s;
	ck_assert_msg(found && cJSON_IsTrue(member(found, "commander")), "%s", r.body);
	hx_free(&r);
	cJSON_Delete(doc);
	cJSON_Delete(db);
}
END_TEST

/* A modal double-faced card named by its front face is a land (its land
 * face), and says so. */
START_TEST(mdfc_front_face_is_land)
{
	struct hx_resp r;
	const cJSON *e;

	ck_assert_int_eq(post_list("4 shatterskull smashing\n20 Mountain\n36 Active Volcano\n",
				   NULL, &r), 200);
	ck_assert_int_eq(json_int(member(r.json, "deck"), "lands"), 24);
	e = ignored_entry(r.json, "Shatterskull Smashing // Shatterskull, the Hammer Pass");
	ck_assert_msg(e && strstr(json_str(e, "reason"), "land face"), "%s", r.body);
	hx_free(&r);
}
END_TEST

/* Mana that is no land: Sol Ring and Llanowar Elves are sources (counted
 * in size, listed, in other_sources), the deck is sampled, an exact count
 * is refused at /method, and Command Tower makes nothing without a
 * commander. */
START_TEST(report_sources)
{
	static const char list[] = "4 Sol Ring\n4 Llanowar Elves\n20 Forest\n1 Command Tower\n"
				   "31 Alter Reality\n";
	struct hx_resp r;
	const cJSON *deck, *s, *c;
	cJSON *doc = cJSON_CreateObject();
	int n = 0;

	ck_assert_int_eq(post_list(list, NULL, &r), 400);
	expect_problem(&r, 400, "/method", "sampled");
	hx_free(&r);
	cJSON_AddStringToObject(doc, "decklist", list);  /* method auto */
	ck_assert_int_eq(hx_post_cjson("/v1/deck/report", doc, &r), 200);
	cJSON_Delete(doc);
	deck = member(r.json, "deck");
	ck_assert_int_eq(json_int(deck, "size"), 60);
	ck_assert_int_eq(json_int(deck, "life"), 20);
	ck_assert(strstr(json_str(member(deck, "rules"), "sources"), "summoning") ||
		  strstr(json_str(member(deck, "rules"), "sources"), "turn after"));
	cJSON_ArrayForEach(s, member(deck, "sources")) {
		ck_assert(!strcmp(json_str(s, "name"), "Sol Ring") ||
			  !strcmp(json_str(s, "name"), "Llanowar Elves"));
		ck_assert_int_eq(json_int(s, "count"), 4);
		n++;
	}
	ck_assert_int_eq(n, 2);
	cJSON_ArrayForEach(s, member(r.json, "spells"))
		ck_assert_str_eq(json_str(s, "method"), "sample");
	c = member(r.json, "colors")->child;  /* U: Alter Reality; no land nor source makes it */
	ck_assert_str_eq(json_str(c, "color"), "U");
	ck_assert_int_eq(json_int(c, "sources"), 0);
	ck_assert_int_eq(json_int(c, "other_sources"), 0);
	ck_assert(cJSON_IsObject(member(r.json, "source_out")) || cJSON_IsNull(member(r.json, "source_out")));
	hx_free(&r);
}
END_TEST

START_TEST(unknown_cards)
{
	struct hx_resp r;
	const cJSON *cards, *c;

	ck_assert_int_eq(post_list("20 Island\n4 Sol Rong\n36 Alter Reality\n2 Lightning Blot\n",
				   NULL, &r), 422);
	expect_problem(&r, 422, "/decklist", "Sol Rong");
	ck_assert_str_eq(json_str(r.json, "type"), "urn:manaflow:problem:unknown-cards");
	cards = member(r.json, "cards");
	ck_assert_int_eq(cJSON_GetArraySize(cards), 2);
	c = cards->child;
	ck_assert_str_eq(json_str(c, "name"), "Sol Rong");
	ck_assert_int_eq(json_int(c, "line"), 2);
	ck_assert_str_eq(json_str(c, "did_you_mean"), "Sol Ring");
	ck_assert_str_eq(json_str(c->next, "name"), "Lightning Blot");
	ck_assert_int_eq(json_int(c->next, "line"), 4);
	ck_assert_int_eq(json_int(r.json, "cards_not_listed"), 0);
	hx_free(&r);
}
END_TEST

/* Posts a deck list of n unknown names, each made by name(i, buf), and
 * expects one whole 422 that lists as many of them as its members hold
 * (at least 20), and counts the rest. */
static void expect_unknown_listed(size_t n, void (*name)(size_t i, char *buf))
{
	char *text = malloc(n * 160), line[160];
	size_t len = 0, listed;
	struct hx_resp r;

	ck_assert_ptr_nonnull(text);
	text[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		name(i, line);
		len += (size_t)sprintf(text + len, "1 %s\n", line);
	}
	ck_assert_int_eq(post_list(text, NULL, &r), 422);
	expect_problem(&r, 422, "/decklist", "match");
	listed = (size_t)cJSON_GetArraySize(member(r.json, "cards"));
	ck_assert_msg(listed >= 20 && listed <= n, "%zu listed", listed);
	ck_assert_uint_eq(listed + (size_t)json_int(r.json, "cards_not_listed"), n);
	hx_free(&r);
	free(text);
}

/* A name of 60 ASCII letters, unlike any card's. */
static void latin_name(size_t i, char *buf)
{
	for (size_t k = 0; k < 60; k++)
		buf[k] = (char)('b' + (i * 7 + k * 3) % 24);
	buf[0] = 'Q';
	buf[60] = '\0';
}

/* A name of 30 hiragana characters (90 bytes of UTF-8). */
static void japanese_name(size_t i, char *buf)
{
	size_t n = 0;

	for (size_t k = 0; k < 30; k++) {
		unsigned c = 0x3042 + (unsigned)((i * 7 + k) % 80);

		buf[n++] = (char)(0xe0 | (c >> 12));
		buf[n++] = (char)(0x80 | ((c >> 6) & 0x3f));
		buf[n++] = (char)(0x80 | (c & 0x3f));
	}
	buf[n] = '\0';
}

/* Many unknown names: the problem's "cards" list (up to MF_API_MEMBERS_MAX,
 * 4 KiB) and its detail outgrew the 4 KiB the server rendered problems
 * into, and the connection closed with no answer at all ("Application
 * reported internal error"). Every problem the API can build now fits. */
START_TEST(unknown_cards_many)
{
	expect_unknown_listed(41, latin_name);
	expect_unknown_listed(40, japanese_name);
	expect_unknown_listed(250, latin_name);
}
END_TEST

/* Without a card database only the catalogue's lands are known. */
START_TEST(unknown_cards_without_database)
{
	struct hx_resp r;

	ck_assert_int_eq(post_list("20 Island\n40 Alter Reality\n", NULL, &r), 422);
	expect_problem(&r, 422, "/decklist", "no card database");
	ck_assert_int_eq(cJSON_GetArraySize(member(r.json, "cards")), 1);
	ck_assert_int_eq(json_int(member(r.json, "cards")->child, "line"), 2);
	hx_free(&r);
}
END_TEST

START_TEST(bad_line)
{
	struct hx_resp r;

	ck_assert_int_eq(post_list("20 Island\nIsland, forty of them\n", NULL, &r), 400);
	expect_problem(&r, 400, "/decklist", "line 2");
	ck_assert_msg(strstr(json_str(r.json, "detail"), "Island, forty of them"), "%s", r.body);
	hx_free(&r);
}
END_TEST

/* The body's cards with one element: obj (a JSON object's text). */
static long post_cards(const char *objs, struct hx_resp *r)
{
	char body[512];

	snprintf(body, sizeof(body), "{\"cards\":[%s]}", objs);
	return hx_post("/v1/deck/report", body, r);
}

START_TEST(bad_zone_and_count)
{
	struct hx_resp r;

	post_cards("{\"name\":\"Island\",\"type_line\":\"Basic Land — Island\",\"zone\":\"graveyard\"}",
		   &r);
	expect_problem(&r, 400, "/cards/0/zone", "graveyard");
	hx_free(&r);
	post_cards("{\"name\":\"Island\",\"type_line\":\"Basic Land — Island\",\"count\":251}", &r);
	expect_problem(&r, 400, "/cards/0/count", NULL);
	hx_free(&r);
	post_cards("{\"name\":\"Island\"}", &r);  /* 1 card: too few */
	expect_problem(&r, 400, "/cards", "40");
	hx_free(&r);
	hx_post("/v1/deck/report", "{\"cards\":[],\"decklist\":\"4 Island\"}", &r);
	expect_problem(&r, 400, NULL, "one of them");  /* about the whole body: no pointer */
	ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(r.json, "pointer"));
	hx_free(&r);
}
END_TEST

/* 251 cards in the main deck, and 101 distinct spells. */
START_TEST(limits)
{
	struct hx_resp r;
	cJSON *doc = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(doc, "cards");
	cJSON *land = cJSON_CreateObject();

	ck_assert_int_eq(post_list("250 Island\n1 Mountain\n", NULL, &r), 413);
	expect_problem(&r, 413, "/decklist", NULL);
	hx_free(&r);
	cJSON_AddStringToObject(land, "name", "Island");
	cJSON_AddStringToObject(land, "type_line", "Basic Land — Island");
	cJSON_AddNumberToObject(land, "count", 140);
	cJSON_AddItemToArray(arr, land);
	for (int i = 0; i < 101; i++) {
		cJSON *s = cJSON_CreateObject();
		char name[32];

		snprintf(name, sizeof(name), "Spell %d", i);
		cJSON_AddStringToObject(s, "name", name);
		cJSON_AddStringToObject(s, "mana_cost", "{1}{U}");
		cJSON_AddStringToObject(s, "type_line", "Sorcery");
		cJSON_AddItemToArray(arr, s);
	}
	ck_assert_int_eq(hx_post_cjson("/v1/deck/report", doc, &r), 413);
	expect_problem(&r, 413, "/cards", "100 distinct spells");
	hx_free(&r);
	cJSON_SetNumberValue(cJSON_GetObjectItem(land, "count"), 150);
	cJSON_DeleteItemFromArray(arr, 101);  /* 100 spells, 250 cards: answered */
	ck_assert_int_eq(hx_post_cjson("/v1/deck/report", doc, &r), 200);
	ck_assert_int_eq(cJSON_GetArraySize(member(r.json, "spells")), 100);
	hx_free(&r);
	cJSON_Delete(doc);
}
END_TEST

Suite *suite_report(void)
{
	Suite *s = suite_create("report");
	TCase *with = tcase_create("report-cards"), *without = tcase_create("report-no-cards");

	tcase_set_timeout(with, 120);
	tcase_add_checked_fixture(with, setup_cards, ts_teardown);
	tcase_add_test(with, report_decklist);
	tcase_add_test(with, report_equals_odds);
	tcase_add_test(with, cards_equal_decklist);
	tcase_add_test(with, commander_not_in_size);
	tcase_add_test(with, mdfc_front_face_is_land);
	tcase_add_test(with, report_sources);
	tcase_add_test(with, unknown_cards);
	tcase_add_test(with, unknown_cards_many);
	tcase_add_test(with, bad_line);
	tcase_add_test(with, bad_zone_and_count);
	tcase_add_test(with, limits);
	suite_add_tcase(s, with);
	tcase_add_checked_fixture(without, ts_setup_default, ts_teardown);
	tcase_add_test(without, unknown_cards_without_database);
	suite_add_tcase(s, without);
	return s;
}
