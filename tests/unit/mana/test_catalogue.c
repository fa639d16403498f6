/* The land catalogue: the built-in file, the m_lands.txt format, malformed lines. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"

static struct mf_mana_catalogue *builtin(void)
{
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
	return cat;
}

static const struct mf_mana_land *land(const struct mf_mana_catalogue *cat, const char *name)
{
	int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

	ck_assert_msg(i >= 0, "%s missing", name);
	return mf_mana_catalogue_land(cat, (size_t)i);
}

START_TEST(builtin_has_the_70_lands_by_kind)
{
	struct mf_mana_catalogue *cat = builtin();
	size_t per_kind[MF_MANA_KIND_OTHER + 1] = { 0 };

	ck_assert_uint_eq(mf_mana_catalogue_size(cat), 70);
	for (size_t i = 0; i < mf_mana_catalogue_size(cat); i++)
		per_kind[mf_mana_catalogue_land(cat, i)->kind]++;
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_BASIC], 5);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_DUAL], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_SHOCK], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_FETCH], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_PAIN], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_BOUNCE], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_TRI], 10);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_FIVE_COLOR], 2);
	ck_assert_uint_eq(per_kind[MF_MANA_KIND_TRON], 3);
	mf_mana_catalogue_free(cat);
}
END_TEST

START_TEST(lands_read_as_the_statement_says)
{
	struct mf_mana_catalogue *cat = builtin();
	const struct mf_mana_land *l;

	l = land(cat, "Bayou");
	ck_assert_uint_eq(l->basic_types, (1u << MF_MANA_B) | (1u << MF_MANA_G));
	ck_assert_uint_eq(l->n_options, 2);
	l = land(cat, "Wooded Foothills");
	ck_assert_uint_eq(l->fetch_types, (1u << MF_MANA_R) | (1u << MF_MANA_G));
	ck_assert_uint_eq(l->fetch_life, 1);
	ck_assert_uint_eq(l->basic_types, 0);
	l = land(cat, "Steam Vents");
	ck_assert(l->shock);
	ck_assert_uint_eq(l->basic_types, (1u << MF_MANA_U) | (1u << MF_MANA_R));
	l = land(cat, "Battlefield Forge");
	ck_assert_uint_eq(l->n_options, 3);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_C], 1);
	ck_assert_uint_eq(l->options[0].life, 0);
	ck_assert_uint_eq(l->options[1].mana[MF_MANA_R], 1);
	ck_assert_uint_eq(l->options[1].life, 1);
	l = land(cat, "Azorius Chancery");
	ck_assert_uint_eq(l->n_options, 1);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_W], 1);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_U], 1);
	l = land(cat, "City of Brass");
	ck_assert_uint_eq(l->n_options, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_uint_eq(l->options[i].life, 1);
	l = land(cat, "Urza's Tower");
	ck_assert_uint_eq(l->tron, 3);
	ck_assert_uint_eq(land(cat, "Urza's Mine")->tron, 2);
	ck_assert_int_eq(mf_mana_catalogue_find(cat, "forest", 6), -1);
	mf_mana_catalogue_free(cat);
}
END_TEST

START_TEST(closest_name_suggests_a_fix)
{
	struct mf_mana_catalogue *cat = builtin();
	int32_t i = mf_mana_catalogue_closest(cat, "Forrest", 7);

	ck_assert_str_eq(mf_mana_catalogue_land(cat, (size_t)i)->name, "Forest");
	i = mf_mana_catalogue_closest(cat, "steam vent", 10);
	ck_assert_str_eq(mf_mana_catalogue_land(cat, (size_t)i)->name, "Steam Vents");
	ck_assert_int_eq(mf_mana_catalogue_closest(cat, "Black Lotus Of Doom", 19), -1);
	mf_mana_catalogue_free(cat);
}
END_TEST

/* The statement's sample file, CRLF line ends and a trailing blank line. */
START_TEST(statement_sample_parses)
{
	static const char text[] =
		"Forest;Forest;G;\r\n"
		"Mystic Monastery;;U|R|W;\r\n"
		"Bayou;Swamp,Forest;B|G;\r\n"
		"Wooded Foothills;;-fetchMountain|-fetchForest;\r\n"
		"Steam Vents;Island,Mountain;U|R;--shock\r\n"
		"Battlefield Forge;;1|-R|-W;\r\n"
		"Azorius Chancery;;WU;\r\n"
		"City of Brass;;-W|-U|-R|-B|-G;\r\n"
		"Gemstone Mine;;W|U|R|B|G;\r\n"
		"Urza's Mine;;1;tron 2\r\n"
		"Urza's Power Plant;;1;tron 2\r\n"
		"Urza's Tower;;1;tron 3\r\n\r\n";
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_OK);
	ck_assert_uint_eq(mf_mana_catalogue_size(cat), 12);
	ck_assert_int_eq(land(cat, "Mystic Monastery")->kind, MF_MANA_KIND_TRI);
	mf_mana_catalogue_free(cat);
}
END_TEST

static const struct {
	const char *text;
	size_t line;
	const char *reason;
} malformed[] = {
	{ "Forest;Forest;G;\nBad line\n", 2, "expected name;types;alternatives;note" },
	{ ";Forest;G;\n", 1, "empty land name" },
	{ "Forest;Forest;G;\nBad\xff\xfeLand;;G;\n", 2,
	  "the land name is not UTF-8 text (byte 0xff at position 4)" },
	{ "Over\xc0\xaflong;;G;\n", 1, "the land name is not UTF-8 text (byte 0xc0 at position 5)" },
	{ "Tab\tLand;;G;\n", 1, "the land name is not UTF-8 text (byte 0x09 at position 4)" },
	{ "Forest;Forrest;G;\n", 1, "unknown basic land type \"Forrest\"" },
	{ "Forest;Forest;;\n", 1, "empty alternative" },
	{ "Forest;Forest;G||U;\n", 1, "empty alternative" },
	{ "Forest;Forest;X;\n", 1, "unknown mana symbol 'X'" },
	{ "Fetch;;-fetchMars;\n", 1, "unknown basic land type to fetch \"Mars\"" },
	{ "Odd;;-fetchForest|G;\n", 1, "a land cannot both fetch and make mana" },
	{ "Odd;;G|-fetchForest;\n", 1, "a land cannot both fetch and make mana" },
	{ "Odd;;-fetchForest|--fetchIsland;\n", 1, "fetch alternatives cost different life" },
	{ "Odd;Forest;-fetchForest;\n", 1, "a fetch land cannot have basic land types" },
	{ "Odd;;WU|G;\n", 1, "an alternative making several mana must be the land's only one and cost no life" },
	{ "Odd;;-WU;\n", 1, "an alternative making several mana must be the land's only one and cost no life" },
	{ "Odd;Forest;GG;\n", 1, "a land with basic land types must make one mana per tap" },
	{ "Odd;;2;tron 2\n", 1, "a Tron piece must make exactly 1 colourless alone" },
	{ "Odd;;1;tron x\n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	/* A duplicate names its own line and the first one (it said line 0). */
	{ "Forest;Forest;G;\nForest;Forest;G;\n", 2, "land \"Forest\" is listed twice (first on line 1)" },
	{ "Forest;Forest;G;\nIsland;Island;U;\n\nForest;Forest;G;\n", 4,
	  "land \"Forest\" is listed twice (first on line 1)" },
	{ "A;;1;tron 2\nB;;1;tron 2\nC;;1;tron 2\nD;;1;tron 2\nE;;1;tron 2\nF;;1;tron 2\n"
	  "G;;1;tron 2\nH;;1;tron 2\nI;;1;tron 2\n", 9, "more than 8 Tron pieces" },
	/* Notes that look like a keyword must be the keyword: these were taken as
	 * comments, so a Steam Vents with "--shock " cost no shock life. */
	{ "Odd;;1;tron\n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	{ "Odd;;1;tron 2 \n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	{ "Odd;;1;Tron 2\n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	{ "Odd;;1;tron-like\n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	{ "Odd;;1;tron2\n", 1, "\"tron\" needs one digit 1-9, written exactly \"tron N\"" },
	{ "Vents;Island,Mountain;U|R;--shock \n", 1, "the note \"--shock \" must be written exactly \"--shock\"" },
	{ "Vents;Island,Mountain;U|R;--Shock\n", 1, "the note \"--Shock\" must be written exactly \"--shock\"" },
	{ "Vents;Island,Mountain;U|R;-shock\n", 1, "the note \"-shock\" must be written exactly \"--shock\"" },
	{ "Vents;Island,Mountain;U|R; shock\n", 1, "the note \" shock\" must be written exactly \"--shock\"" },
	{ "Vents;Island,Mountain;U|R;shock land\n", 1,
	  "the note \"shock land\" must be written exactly \"--shock\"" },
	/* An empty alternative is an error at the end too, not only inside. */
	{ "Forest;Forest;G|;\n", 1, "empty alternative" },
	{ "Odd;;-fetchForest|;\n", 1, "empty alternative" },
	{ "Forest;Forest;|G;\n", 1, "empty alternative" },
	{ "Odd;;G;note;extra\n", 1, "expected name;types;alternatives;note" },
	{ "Odd;;99999;\n", 1, "an alternative makes more than 9 mana" },
	{ "\n\n", 2, "no lands" },
};

START_TEST(malformed_lines_name_line_and_reason)
{
	struct mf_mana_catalogue *cat = (struct mf_mana_catalogue *)1;
	struct mf_mana_parse_error err;
	const char *text = malformed[_i].text;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_ERR_INVALID);
	ck_assert_ptr_null(cat);
	ck_assert_uint_eq(err.line, malformed[_i].line);
	ck_assert_str_eq(err.reason, malformed[_i].reason);
}
END_TEST

START_TEST(unknown_notes_are_comments)
{
	/* Words that merely start like a keyword are comments too. */
	static const char text[] = "Gemstone Mine;;W|U|R|B|G;assume a mining counter\n"
				   "Bayou;Swamp,Forest;B|G;Shocking, but no shock land\n"
				   "Mine;;1;Urzatron piece? not here\n"
				   "Vents;Island,Mountain;U|R;--shockland? no\n";
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_OK);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 0)->kind, MF_MANA_KIND_FIVE_COLOR);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 1)->kind, MF_MANA_KIND_DUAL);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 2)->kind, MF_MANA_KIND_OTHER);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 3)->kind, MF_MANA_KIND_DUAL);
	mf_mana_catalogue_free(cat);
}
END_TEST

static Suite *catalogue_suite(void)
{
	Suite *s = suite_create("catalogue");
	TCase *tc = tcase_create("builtin");

	tcase_add_test(tc, builtin_has_the_70_lands_by_kind);
	tcase_add_test(tc, lands_read_as_the_statement_says);
	tcase_add_test(tc, closest_name_suggests_a_fix);
	suite_add_tcase(s, tc);
	tc = tcase_create("format");
	tcase_add_test(tc, statement_sample_parses);
	tcase_add_test(tc, unknown_notes_are_comments);
	tcase_add_loop_test(tc, malformed_lines_name_line_and_reason, 0,
			    (int)(sizeof(malformed) / sizeof(malformed[0])));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(catalogue_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
