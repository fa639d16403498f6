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

/* The contest's 70 lands come first (test_catalogue_families.c checks the
 * rest, family by family). */
START_TEST(builtin_has_the_contest_70_first_by_kind)
{
	struct mf_mana_catalogue *cat = builtin();
	size_t per_kind[MF_MANA_KIND_OTHER + 1] = { 0 };

	ck_assert_uint_eq(mf_mana_catalogue_size(cat), 209);
	for (size_t i = 0; i < 70; i++)
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
	ck_assert_uint_eq(l->untap_life, 2);
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
	{ "Tab\tLand;;G;\n", 1, "the land name has a control character (byte 0x09 at position 4)" },
	{ "Esc\x1b[1mLand;;G;\n", 1, "the land name has a control character (byte 0x1b at position 4)" },
	{ "Del\x7fLand;;G;\n", 1, "the land name has a control character (byte 0x7f at position 4)" },
	{ "Forest;Forrest;G;\n", 1, "unknown basic land type \"Forrest\"" },
	{ "Forest;Forest;;\n", 1, "empty alternative" },
	{ "Forest;Forest;G||U;\n", 1, "empty alternative" },
	{ "Forest;Forest;X;\n", 1, "unknown mana symbol 'X'" },
	{ "Fetch;;-fetchMars;\n", 1, "unknown basic land type to fetch \"Mars\"" },
	{ "Odd;;-fetchForest|G;\n", 1, "a land cannot both fetch and make mana" },
	{ "Odd;;G|-fetchForest;\n", 1, "a land cannot both fetch and make mana" },
	{ "Odd;;-fetchForest|--fetchIsland;\n", 1, "fetch alternatives cost different life" },
	{ "Odd;Forest;-fetchForest;\n", 1, "a fetch land cannot have basic land types" },
	{ "Odd;;WU|G;\n", 1, "an alternative making several mana must be the land's only one" },
	{ "Odd;;--CC|C;\n", 1, "an alternative making several mana must be the land's only one" },
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
	/* Keyword notes: every word a keyword, each once, single blanks. */
	{ "Odd;;W;Basic\n", 1, "unknown keyword \"Basic\" (known: basic, snow, etb=tapped, "
	  "etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;;W;--basic\n", 1, "unknown keyword \"--basic\" (known: basic, snow, etb=tapped, "
	  "etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;;W;basic snowy\n", 1, "unknown keyword \"snowy\" (known: basic, snow, etb=tapped, "
	  "etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;;W;etb=untapped\n", 1, "unknown keyword \"etb=untapped\" (known: basic, snow, "
	  "etb=tapped, etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;;W;basic  snow\n", 1, "the note's keywords must be separated by single blanks" },
	{ "Odd;;W; basic\n", 1, "the note's keywords must be separated by single blanks" },
	{ "Odd;;W;basic \n", 1, "the note's keywords must be separated by single blanks" },
	{ "Odd;;W;basic basic\n", 1, "the note gives \"basic\" twice" },
	{ "Odd;;W;etb=tapped etb=conditional\n", 1, "the note gives \"etb=\" twice" },
	{ "Odd;;W;etb=few1 etb=conditional\n", 1, "the note gives \"etb=\" twice" },
	{ "Odd;;W;etb=few12\n", 1, "unknown keyword \"etb=few12\" (known: basic, snow, "
	  "etb=tapped, etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;;W;etb=many\n", 1, "unknown keyword \"etb=many\" (known: basic, snow, "
	  "etb=tapped, etb=conditional, etb=fewN, etb=manyN, fetch=tapped, fetch=untap4, identity, kind=NAME)" },
	{ "Odd;Forest;G;etb=few1\n", 1,
	  "a land a fetch may find must enter tapped or not, not \"etb=conditional\"" },
	{ "Odd;;W;kind=gate kind=gain\n", 1, "the note gives \"kind=\" twice" },
	{ "Odd;;W;kind=shock\n", 1, "unknown kind \"shock\" (known: fast, check, slow, triome, surveil, "
	  "gate, gain, temple, pathway, horizon)" },
	{ "Odd;;W;kind=\n", 1, "unknown kind \"\" (known: fast, check, slow, triome, surveil, "
	  "gate, gain, temple, pathway, horizon)" },
	{ "Odd;;W;fetch=tapped\n", 1, "\"fetch=tapped\" is only for a fetch land" },
	{ "Odd;;fetchBasic;basic\n", 1, "a fetch land cannot be basic" },
	{ "Odd;Forest;G;etb=conditional\n", 1,
	  "a land a fetch may find must enter tapped or not, not \"etb=conditional\"" },
	{ "Odd;;G;basic etb=conditional\n", 1,
	  "a land a fetch may find must enter tapped or not, not \"etb=conditional\"" },
	{ "Odd;;GG;basic\n", 1, "a basic land must make one mana per tap" },
	{ "Odd;;-fetchBasic|fetchForest;\n", 1, "fetch alternatives cost different life" },
	{ "Odd;;-fetchbasic;\n", 1, "unknown basic land type to fetch \"basic\"" },
	{ "Odd;;fetchBasic|G;\n", 1, "a land cannot both fetch and make mana" },
	/* "identity": colours, one each for no life; no fetch, no Tron. */
	{ "Tower;;WU;identity\n", 1,
	  "the alternatives of an \"identity\" land must be one colour each, for no life" },
	{ "Tower;;W|-U;identity\n", 1,
	  "the alternatives of an \"identity\" land must be one colour each, for no life" },
	{ "Tower;;W|C;identity\n", 1,
	  "the alternatives of an \"identity\" land must be one colour each, for no life" },
	{ "Tower;;fetchForest;identity\n", 1,
	  "an \"identity\" land needs its colours as alternatives, and no fetch or Tron" },
	{ "Tower;;W|U;identity identity\n", 1, "the note gives \"identity\" twice" },
	{ "\n\n", 2, "no lands" },
};

/* An identity land makes nothing as read, then the colours of an identity
 * it may make, however often narrowed; any other land stays as it is. */
START_TEST(identity_lands_narrow)
{
	const char *text = "Tower;;W|U|B;etb=tapped identity\nForest;Forest;G;\n";
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	struct mf_mana_land l, forest;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_OK);
	l = *mf_mana_catalogue_land(cat, 0);
	forest = *mf_mana_catalogue_land(cat, 1);
	ck_assert_uint_eq(l.identity, 0x07);
	ck_assert_uint_eq(l.n_options, 0);
	ck_assert_uint_eq(l.etb, MF_MANA_ETB_TAPPED);
	mf_mana_land_narrow(&l, 0x1a);  /* U, R, G: only U is the land's */
	ck_assert_uint_eq(l.n_options, 1);
	ck_assert_uint_eq(l.options[0].mana[MF_MANA_U], 1);
	mf_mana_land_narrow(&l, 0x05);  /* W, B: from the colours, not the last narrowing */
	ck_assert_uint_eq(l.n_options, 2);
	ck_assert(l.options[0].mana[MF_MANA_W] == 1 && l.options[1].mana[MF_MANA_B] == 1);
	ck_assert_uint_eq(l.options[0].life + l.options[1].life, 0);
	mf_mana_land_narrow(&l, 0x18);  /* R, G: none of its colours */
	ck_assert_uint_eq(l.n_options, 0);
	ck_assert_int_eq(mf_mana_land_check(&l, &err), MF_OK);
	mf_mana_land_narrow(&forest, 0x01);
	ck_assert(!memcmp(&forest, mf_mana_catalogue_land(cat, 1), sizeof(forest)));
	mf_mana_catalogue_free(cat);
}
END_TEST

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
				   "Vents;Island,Mountain;U|R;--shockland? no\n"
				   "Waste;;C;basically colourless\n"
				   "Kindred;;G;Kindly untapped, snowless\n";
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_OK);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 0)->kind, MF_MANA_KIND_FIVE_COLOR);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 1)->kind, MF_MANA_KIND_DUAL);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 2)->kind, MF_MANA_KIND_OTHER);
	ck_assert_int_eq(mf_mana_catalogue_land(cat, 3)->kind, MF_MANA_KIND_DUAL);
	for (size_t i = 4; i < 6; i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, i);

		ck_assert_int_eq(l->kind, MF_MANA_KIND_OTHER);
		ck_assert_uint_eq(l->supertypes, 0);
		ck_assert_uint_eq(l->etb, MF_MANA_ETB_UNTAPPED);
	}
	mf_mana_catalogue_free(cat);
}
END_TEST

/* This service's extensions of the format, one construct a line. */
START_TEST(extended_format_reads)
{
	static const char text[] =
		"Forest;Forest;G;\n"
		"Wastes;;C;basic\n"
		"Snow-Covered Forest;Forest;G;basic snow\n"
		"Prismatic Vista;;-fetchBasic;\n"
		"Evolving Wilds;;fetchBasic;fetch=tapped\n"
		"Odd Fetch;;-fetchBasic|-fetchIsland;fetch=tapped\n"
		"Savai Triome;Mountain,Plains,Swamp;R|W|B;etb=tapped kind=triome\n"
		"Seachrome Coast;;W|U;etb=conditional kind=fast\n"
		"Deserted Beach;;W|U;etb=conditional kind=slow\n"
		"Glacial Fortress;;W|U;etb=conditional kind=check\n"
		"Hive of the Eye Tyrant;;B;etb=few1\n"
		"Odd Slow;;B;etb=many3 kind=slow\n"
		"Odd Secret;;B;etb=conditional\n"
		"Ancient Tomb;;--CC;\n"
		"Hengegate Pathway;;W;kind=pathway\n"
		"Horizon Canopy;;-G|-W;kind=horizon\n"
		"Grove of the Burnwillows;;1|R|G;\n"
		"Mana Confluence;;-W|-U|-B|-R|-G;\n"
		"Mountain;Mountain,Forest;R|G;\n";
	struct mf_mana_catalogue *cat = NULL;
	struct mf_mana_parse_error err;
	const struct mf_mana_land *l;

	ck_assert_int_eq(mf_mana_catalogue_parse(text, strlen(text), &cat, &err), MF_OK);
	l = land(cat, "Forest");  /* the contest's basics are basic without a note */
	ck_assert_uint_eq(l->supertypes, MF_MANA_SUPER_BASIC);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_BASIC);
	l = land(cat, "Wastes");
	ck_assert_uint_eq(l->supertypes, MF_MANA_SUPER_BASIC);
	ck_assert_uint_eq(l->basic_types, 0);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_C], 1);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_BASIC);
	l = land(cat, "Snow-Covered Forest");
	ck_assert_uint_eq(l->supertypes, MF_MANA_SUPER_BASIC | MF_MANA_SUPER_SNOW);
	ck_assert_uint_eq(l->basic_types, 1u << MF_MANA_G);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_BASIC);
	l = land(cat, "Prismatic Vista");
	ck_assert_uint_eq(l->fetch_types, MF_MANA_FETCH_BASIC);
	ck_assert_uint_eq(l->fetch_life, 1);
	ck_assert(!l->fetch_tapped);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_FETCH);
	l = land(cat, "Evolving Wilds");
	ck_assert_uint_eq(l->fetch_types, MF_MANA_FETCH_BASIC);
	ck_assert_uint_eq(l->fetch_life, 0);
	ck_assert(l->fetch_tapped);
	l = land(cat, "Odd Fetch");
	ck_assert_uint_eq(l->fetch_types, MF_MANA_FETCH_BASIC | 1u << MF_MANA_U);
	l = land(cat, "Savai Triome");
	ck_assert_uint_eq(l->etb, MF_MANA_ETB_TAPPED);
	ck_assert_uint_eq(l->basic_types, 1u << MF_MANA_R | 1u << MF_MANA_W | 1u << MF_MANA_B);
	ck_assert_uint_eq(l->supertypes, 0);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_TRIOME);
	l = land(cat, "Seachrome Coast");  /* a cycle's condition without a note */
	ck_assert_uint_eq(l->etb, MF_MANA_ETB_CONDITIONAL);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_FAST);
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_FEW_LANDS);
	ck_assert_uint_eq(l->etb_lands, 2);
	l = land(cat, "Deserted Beach");
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_MANY_LANDS);
	ck_assert_uint_eq(l->etb_lands, 2);
	l = land(cat, "Glacial Fortress");
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_TYPES);
	ck_assert_uint_eq(l->etb_lands, 0);
	l = land(cat, "Hive of the Eye Tyrant");  /* untapped with at most one other land */
	ck_assert_uint_eq(l->etb, MF_MANA_ETB_CONDITIONAL);
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_FEW_LANDS);
	ck_assert_uint_eq(l->etb_lands, 1);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_OTHER);
	l = land(cat, "Odd Slow");  /* a count given wins over the cycle's */
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_MANY_LANDS);
	ck_assert_uint_eq(l->etb_lands, 3);
	l = land(cat, "Odd Secret");  /* no condition the model reads: tapped on its turn */
	ck_assert_uint_eq(l->etb_if, MF_MANA_IF_UNKNOWN);
	l = land(cat, "Ancient Tomb");
	ck_assert_uint_eq(l->n_options, 1);
	ck_assert_uint_eq(l->options[0].mana[MF_MANA_C], 2);
	ck_assert_uint_eq(l->options[0].life, 2);
	ck_assert_int_eq(l->kind, MF_MANA_KIND_OTHER);  /* not a bounce land: it costs life */
	ck_assert_int_eq(land(cat, "Hengegate Pathway")->kind, MF_MANA_KIND_PATHWAY);
	ck_assert_int_eq(land(cat, "Horizon Canopy")->kind, MF_MANA_KIND_HORIZON);
	ck_assert_int_eq(land(cat, "Grove of the Burnwillows")->kind, MF_MANA_KIND_OTHER);
	ck_assert_int_eq(land(cat, "Mana Confluence")->kind, MF_MANA_KIND_FIVE_COLOR);
	/* Named like a basic but typed otherwise: not basic. */
	ck_assert_uint_eq(land(cat, "Mountain")->supertypes, 0);
	ck_assert_int_eq(land(cat, "Mountain")->kind, MF_MANA_KIND_DUAL);
	mf_mana_catalogue_free(cat);
}
END_TEST

/* The contest's lands keep their meaning: only its five basics are basic,
 * and every land enters untapped (shock lands unless 2 life are paid). */
START_TEST(builtin_contest_lands_keep_their_meaning)
{
	struct mf_mana_catalogue *cat = builtin();

	for (size_t i = 0; i < 70; i++) {
		const struct mf_mana_land *l = mf_mana_catalogue_land(cat, i);

		ck_assert_uint_eq(l->supertypes, i < 5 ? MF_MANA_SUPER_BASIC : 0);
		ck_assert_uint_eq(l->etb, MF_MANA_ETB_UNTAPPED);
		ck_assert(!l->fetch_tapped);
		ck_assert_uint_eq(l->fetch_types & MF_MANA_FETCH_BASIC, 0);
	}
	mf_mana_catalogue_free(cat);
}
END_TEST

static Suite *catalogue_suite(void)
{
	Suite *s = suite_create("catalogue");
	TCase *tc = tcase_create("builtin");

	tcase_add_test(tc, builtin_has_the_contest_70_first_by_kind);
	tcase_add_test(tc, lands_read_as_the_statement_says);
	tcase_add_test(tc, closest_name_suggests_a_fix);
	tcase_add_test(tc, builtin_contest_lands_keep_their_meaning);
	tcase_add_test(tc, identity_lands_narrow);
	suite_add_tcase(s, tc);
	tc = tcase_create("format");
	tcase_add_test(tc, statement_sample_parses);
	tcase_add_test(tc, unknown_notes_are_comments);
	tcase_add_test(tc, extended_format_reads);
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
