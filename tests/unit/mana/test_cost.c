/* Costs in the contest notation and in Scryfall's braces. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"

static struct mf_mana_cost parse_ok(const char *text)
{
	struct mf_mana_cost c;
	struct mf_mana_parse_error err;

	ck_assert_msg(mf_mana_cost_parse(text, strlen(text), &c, &err) == MF_OK, "%s: %s", text,
		      err.reason);
	return c;
}

START_TEST(contest_notation)
{
	struct mf_mana_cost c = parse_ok("2WWU");

	ck_assert_uint_eq(c.generic, 2);
	ck_assert_uint_eq(c.need[MF_MANA_W], 2);
	ck_assert_uint_eq(c.need[MF_MANA_U], 1);
	c = parse_ok("99");
	ck_assert_uint_eq(c.generic, 18);
	c = parse_ok("1C");
	ck_assert_uint_eq(c.generic, 1);
	ck_assert_uint_eq(c.need[MF_MANA_C], 1);
	c = parse_ok("RBG");
	ck_assert_uint_eq(c.need[MF_MANA_R] + c.need[MF_MANA_B] + c.need[MF_MANA_G], 3);
	ck_assert_uint_eq(mf_mana_cost_total(&c), 3);
}
END_TEST

START_TEST(brace_notation)
{
	struct mf_mana_cost c = parse_ok("{2}{W}{W}");
	char buf[64];

	ck_assert_uint_eq(c.generic, 2);
	ck_assert_uint_eq(c.need[MF_MANA_W], 2);
	c = parse_ok("{10}{C}{G}");
	ck_assert_uint_eq(c.generic, 10);
	ck_assert_uint_eq(c.need[MF_MANA_C], 1);
	ck_assert_uint_eq(c.need[MF_MANA_G], 1);
	c = parse_ok("{0}");
	ck_assert_uint_eq(mf_mana_cost_total(&c), 0);
	c = parse_ok("{1000000}");
	ck_assert_uint_eq(c.generic, 1000000);
	c = parse_ok("2WWU");
	mf_mana_cost_format(&c, buf, sizeof(buf));
	ck_assert_str_eq(buf, "{2}{W}{W}{U}");
}
END_TEST

/* Every symbol of Scryfall's notation that a land can pay. */
START_TEST(real_card_symbols)
{
	struct mf_mana_cost c = parse_ok("{X}{X}{12}{W/U}{G/W}{U/W}{B/P}{G/U/P}{2/W}{0}");
	char buf[128];

	ck_assert_uint_eq(c.x_count, 2);
	ck_assert_uint_eq(c.generic, 12);
	ck_assert_uint_eq(c.hybrid[(1u << MF_MANA_W) | (1u << MF_MANA_U)], 2);
	ck_assert_uint_eq(c.hybrid[(1u << MF_MANA_G) | (1u << MF_MANA_W)], 1);
	ck_assert_uint_eq(c.phyrexian[1u << MF_MANA_B], 1);
	ck_assert_uint_eq(c.phyrexian[(1u << MF_MANA_G) | (1u << MF_MANA_U)], 1);
	ck_assert_uint_eq(c.twobrid[MF_MANA_W], 1);
	ck_assert(mf_mana_cost_has_choices(&c));
	ck_assert(!mf_mana_cost_has_choices(&(struct mf_mana_cost){ .generic = 3 }));
	/* {2/W} counts 2 toward the limit, {X} nothing until x is known. */
	ck_assert_uint_eq(mf_mana_cost_total(&c), 12 + 3 + 2 + 2);
	mf_mana_cost_format(&c, buf, sizeof(buf));
	ck_assert_str_eq(buf, "{X}{X}{12}{W/U}{W/U}{G/W}{2/W}{B/P}{G/U/P}");
	mf_mana_phyrexian_format((1u << MF_MANA_R) | (1u << MF_MANA_W), buf);
	ck_assert_str_eq(buf, "{R/W/P}");
}
END_TEST

static const struct {
	const char *text;
	int rc;
	size_t position;
	const char *reason;
} bad[] = {
	{ "", MF_ERR_INVALID, 1, "the cost is empty" },
	{ "2wu", MF_ERR_INVALID, 2, "unknown symbol 'w' at position 2 (expected 0-9, W, U, B, R, G or C)" },
	{ "2W X", MF_ERR_INVALID, 3, "unknown symbol ' ' at position 3 (expected 0-9, W, U, B, R, G or C)" },
	{ "{2}{Q}", MF_ERR_INVALID, 4, "unknown symbol {Q} at position 4" },
	{ "{2}{}", MF_ERR_INVALID, 4, "unknown symbol {} at position 4" },
	{ "{2}{W", MF_ERR_INVALID, 4, "unclosed '{' at position 4" },
	{ "{2{W}", MF_ERR_INVALID, 1, "unclosed '{' at position 1" },
	{ "{2}W", MF_ERR_INVALID, 4, "expected '{' at position 4" },
	{ "{W/C}", MF_ERR_INVALID, 1, "unknown symbol {W/C} at position 1" },
	{ "{W/W}", MF_ERR_INVALID, 1, "unknown symbol {W/W} at position 1" },
	{ "{C/P}", MF_ERR_INVALID, 1, "unknown symbol {C/P} at position 1" },
	{ "{2/C}", MF_ERR_INVALID, 1, "unknown symbol {2/C} at position 1" },
	{ "{3/W}", MF_ERR_INVALID, 1, "unknown symbol {3/W} at position 1" },
	{ "{G/U/W}", MF_ERR_INVALID, 1, "unknown symbol {G/U/W} at position 1" },
	{ "{S}", MF_ERR_INVALID, 1, "unknown symbol {S} at position 1" },
	{ "2X", MF_ERR_INVALID, 2, "unknown symbol 'X' at position 2 (expected 0-9, W, U, B, R, G or C)" },
	{ "{-1}", MF_ERR_INVALID, 1, "unknown symbol {-1} at position 1" },
	{ "{123456789}", MF_ERR_INVALID, 1, "unknown symbol {123456789} at position 1" },
	{ "{1000000}{W}", MF_ERR_LIMIT, 10, "the cost asks for more than 1000000 mana" },
	/* Seven each of {2/W} {2/U} {2/B} {2/R}: 8^4 = 4096 ways fit; one {2/G} more doubles them. */
	{ "{2/W}{2/W}{2/W}{2/W}{2/W}{2/W}{2/W}{2/U}{2/U}{2/U}{2/U}{2/U}{2/U}{2/U}{2/B}{2/B}{2/B}{2/B}{2/B}{2/B}{2/B}{2/R}{2/R}{2/R}{2/R}{2/R}{2/R}{2/R}{2/G}",
	  MF_ERR_LIMIT, 141, "the cost's {2/C} symbols can be paid in more than 4096 ways" },
};

START_TEST(bad_costs_name_symbol_and_position)
{
	struct mf_mana_cost c;
	struct mf_mana_parse_error err;
	const char *text = bad[_i].text;

	ck_assert_int_eq(mf_mana_cost_parse(text, strlen(text), &c, &err), bad[_i].rc);
	ck_assert_uint_eq(err.position, bad[_i].position);
	ck_assert_str_eq(err.reason, bad[_i].reason);
}
END_TEST

START_TEST(too_many_x_is_a_limit)
{
	char text[5 * (MF_MANA_X_SYMBOLS_MAX + 1) + 1] = "";
	struct mf_mana_cost c;
	struct mf_mana_parse_error err;

	for (int i = 0; i < MF_MANA_X_SYMBOLS_MAX; i++)
		strcat(text, "{X}");
	ck_assert_int_eq(mf_mana_cost_parse(text, strlen(text), &c, &err), MF_OK);
	ck_assert_uint_eq(c.x_count, MF_MANA_X_SYMBOLS_MAX);
	strcat(text, "{X}");
	ck_assert_int_eq(mf_mana_cost_parse(text, strlen(text), &c, &err), MF_ERR_LIMIT);
	ck_assert_uint_eq(err.position, 3 * MF_MANA_X_SYMBOLS_MAX + 1);
	ck_assert_str_eq(err.reason, "the cost has more than 100 {X} symbols");
}
END_TEST

START_TEST(too_long_cost_is_a_limit)
{
	char text[MF_MANA_COST_TEXT_MAX + 2];
	struct mf_mana_cost c;
	struct mf_mana_parse_error err;

	memset(text, 'W', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	ck_assert_int_eq(mf_mana_cost_parse(text, strlen(text), &c, &err), MF_ERR_LIMIT);
	text[MF_MANA_COST_TEXT_MAX] = '\0';
	ck_assert_int_eq(mf_mana_cost_parse(text, strlen(text), &c, &err), MF_OK);
	ck_assert_uint_eq(c.need[MF_MANA_W], MF_MANA_COST_TEXT_MAX);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cost");
	TCase *tc = tcase_create("notations");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, contest_notation);
	tcase_add_test(tc, brace_notation);
	tcase_add_test(tc, real_card_symbols);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_loop_test(tc, bad_costs_name_symbol_and_position, 0,
			    (int)(sizeof(bad) / sizeof(bad[0])));
	tcase_add_test(tc, too_long_cost_is_a_limit);
	tcase_add_test(tc, too_many_x_is_a_limit);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
