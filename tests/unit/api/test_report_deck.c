/* The deck report's name resolution (src/api/report_deck.c): a deck list's
 * names against the built-in land catalogue and a card database built
 * here, without case, by full name or front face, with "/", " // " and
 * " /// " the same; the same card on several lines adds up; names neither
 * knows are all listed in one unknown-cards problem. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/report_deck.h"
#include "manaflow/carddb.h"

static struct mf_mana_catalogue *lands;
static struct mf_card_db *db;

static const struct mf_card_face fire_ice[2] = {
	{ "Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose." },
	{ "Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card." },
};
static const struct mf_card_face shatterskull[2] = {
	{ "Shatterskull Smashing", "{X}{R}{R}", "Sorcery", "It deals X damage." },
	{ "Shatterskull, the Hammer Pass", "", "Land",
	  "As Shatterskull, the Hammer Pass enters, you may pay 3 life. If you don't, it enters "
	  "tapped.\n{T}: Add {R}." },
};

/* The catalogue, and a database of Fire // Ice, Shatterskull and Sol Ring. */
static void setup(void)
{
	struct mf_mana_parse_error perr;
	struct mf_card_object fi = { { "Fire // Ice", "{1}{R} // {1}{U}", "Instant // Instant", NULL },
				     fire_ice, 2 };
	struct mf_card_object ss = { { "Shatterskull Smashing // Shatterskull, the Hammer Pass", NULL,
				       "Sorcery // Land", NULL }, shatterskull, 2 };
	struct mf_card_object sol = { { "Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}." }, NULL, 0 };
	bool added;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&lands, &perr), MF_OK);
	db = mf_card_db_new();
	ck_assert_ptr_nonnull(db);
	ck_assert_int_eq(mf_card_db_add(db, &fi, "split", &added), MF_OK);
	ck_assert_int_eq(mf_card_db_add(db, &ss, "modal_dfc", &added), MF_OK);
	ck_assert_int_eq(mf_card_db_add(db, &sol, "normal", &added), MF_OK);
}

static void teardown(void)
{
	mf_card_db_free(db);
	mf_mana_catalogue_free(lands);
}

/* Decodes {"decklist": text} with the database (or none). */
static int decode(const char *text, bool with_db, struct mf_api_report_deck *d,
		  struct mf_api_error *err)
{
	struct mf_api_ctx ctx = { .lands = lands, .cards = with_db ? db : NULL };
	cJSON *body = cJSON_CreateObject();
	int rc;

	cJSON_AddStringToObject(body, "decklist", text);
	rc = mf_api_report_deck_decode(body, &ctx, d, err);
	/* names of database cards point into the database, not the body */
	cJSON_Delete(body);
	return rc;
}

START_TEST(names_match_however_typed)
{
	struct mf_api_report_deck d;
	struct mf_api_error err;

	ck_assert_int_eq(decode("2 FIRE/ICE\n1 fire /// ice\n3 Fire // Ice\n4 shatterskull smashing\n"
				"5 steam VENTS\n6 island\n1 sol ring\n", true, &d, &err), 0);
	ck_assert_uint_eq(d.n, 5);
	/* in the canonical order: by the key of their names */
	ck_assert_str_eq(d.cards[0].name, "Fire // Ice");
	ck_assert_uint_eq(d.cards[0].count, 6);  /* three lines, one card */
	ck_assert_int_eq(d.cards[0].land, -1);
	ck_assert_str_eq(d.cards[1].name, "Island");
	ck_assert_str_eq(d.cards[2].name, "Shatterskull Smashing // Shatterskull, the Hammer Pass");
	ck_assert_str_eq(d.cards[2].layout, "modal_dfc");
	ck_assert_str_eq(d.cards[3].name, "Sol Ring");
	ck_assert_uint_eq(d.cards[3].line, 7);
	ck_assert_str_eq(d.cards[4].name, "Steam Vents");  /* the catalogue's land */
	ck_assert_int_ge(d.cards[4].land, 0);
	ck_assert_ptr_null(d.cards[4].obj);
	ck_assert_uint_eq(d.zone_cards[MF_DECK_ZONE_MAIN], 22);
	mf_api_report_deck_free(&d);
}
END_TEST

START_TEST(unknown_names_listed)
{
	struct mf_api_report_deck d;
	struct mf_api_error err;

	ck_assert_int_eq(decode("4 Fire/Ice\n20 Islnd\n1 Sol Rign\n", true, &d, &err), -1);
	mf_api_report_deck_free(&d);
	ck_assert_int_eq(err.problem, MF_PROBLEM_UNKNOWN_CARDS);
	ck_assert_str_eq(err.pointer, "/decklist");
	ck_assert_msg(strstr(err.members, "{\"name\":\"Islnd\",\"line\":2,\"did_you_mean\":\"Island\"}"),
		      "%s", err.members);
	ck_assert_msg(strstr(err.members, "{\"name\":\"Sol Rign\",\"line\":3,\"did_you_mean\":\"Sol Ring\"}"),
		      "%s", err.members);
	ck_assert_msg(strstr(err.members, "\"cards_not_listed\":0"), "%s", err.members);
	/* without a database, only the lands are known */
	ck_assert_int_eq(decode("4 Fire/Ice\n20 Island\n", false, &d, &err), -1);
	mf_api_report_deck_free(&d);
	ck_assert_int_eq(err.problem, MF_PROBLEM_UNKNOWN_CARDS);
	ck_assert_msg(strstr(err.members, "\"name\":\"Fire/Ice\",\"line\":1"), "%s", err.members);
	ck_assert_msg(!strstr(err.members, "Island"), "%s", err.members);
}
END_TEST

/* Every unknown line is counted; those past the members' room are counted
 * in cards_not_listed. */
START_TEST(many_unknown_names)
{
	struct mf_api_report_deck d;
	struct mf_api_error err;
	char text[8192];
	size_t len = 0;
	unsigned listed = 0, not_listed = 0;
	const char *p;

	for (int i = 0; i < 100; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "1 Unheard Of Card %d\n", i);
	ck_assert_int_eq(decode(text, true, &d, &err), -1);
	mf_api_report_deck_free(&d);
	for (p = err.members; (p = strstr(p, "\"line\":")); p++)
		listed++;
	p = strstr(err.members, "\"cards_not_listed\":");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(sscanf(p, "\"cards_not_listed\":%u", &not_listed), 1);
	ck_assert_uint_eq(listed + not_listed, 100);
	ck_assert_uint_le(listed, MF_API_REPORT_UNKNOWN_MAX);
	ck_assert_uint_lt(strlen(err.members), MF_API_MEMBERS_MAX);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report-deck");
	TCase *tc = tcase_create("resolve");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, names_match_however_typed);
	tcase_add_test(tc, unknown_names_listed);
	tcase_add_test(tc, many_unknown_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
