/*
 * GET /v1/lands over a catalogue with every land shape the model has: what each
 * land says of its supertypes, how it enters, and what it fetches, exactly;
 * then the one refusal only a --lands catalogue can cause (two kinds of land
 * of several mana for life, thousands of each).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_mana.h"

static const char catalogue_text[] =
	"Forest;Forest;G;\n"
	"Snow-Covered Island;Island;U;basic snow\n"
	"Wastes;;C;basic\n"
	"Steam Vents;Island,Mountain;U|R;--shock\n"
	"Wooded Foothills;;-fetchMountain|-fetchForest;\n"
	"Prismatic Vista;;-fetchBasic;\n"
	"Fabled Passage;;fetchBasic;fetch=tapped\n"
	"Savai Triome;Mountain,Plains,Swamp;R|W|B;etb=tapped kind=triome\n"
	"Seachrome Coast;;W|U;etb=conditional kind=fast\n"
	"Ancient Tomb;;--CC;\n"
	"Tomb Twin;;---CCC;\n"
	"Command Tower;;W|U|B|R|G;identity\n";

/* Each land's answer, in catalogue order. */
static const char *const expected[] = {
	"{\"name\":\"Forest\",\"kind\":\"basic\",\"basic_types\":[\"Forest\"],\"produces\":[\"G\"],"
	"\"fetches\":[],\"supertypes\":[\"Basic\"],\"enters_tapped\":\"never\","
	"\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Snow-Covered Island\",\"kind\":\"basic\",\"basic_types\":[\"Island\"],"
	"\"produces\":[\"U\"],\"fetches\":[],\"supertypes\":[\"Basic\",\"Snow\"],"
	"\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Wastes\",\"kind\":\"basic\",\"basic_types\":[],\"produces\":[\"C\"],\"fetches\":[],"
	"\"supertypes\":[\"Basic\"],\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Steam Vents\",\"kind\":\"shock\",\"basic_types\":[\"Island\",\"Mountain\"],"
	"\"produces\":[\"U\",\"R\"],\"fetches\":[],\"supertypes\":[],"
	"\"enters_tapped\":\"unless-life-paid\",\"untap_life\":2,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Wooded Foothills\",\"kind\":\"fetch\",\"basic_types\":[],\"produces\":[],"
	"\"fetches\":[\"Mountain\",\"Forest\"],\"supertypes\":[],\"enters_tapped\":\"never\","
	"\"untap_life\":0,\"identity\":false,\"fetch\":{\"types\":[\"Mountain\",\"Forest\"],\"basic\":false,\"life\":1,"
	"\"enters_tapped\":false}}",
	"{\"name\":\"Prismatic Vista\",\"kind\":\"fetch\",\"basic_types\":[],\"produces\":[],"
	"\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,"
	"\"fetch\":{\"types\":[],\"basic\":true,\"life\":1,\"enters_tapped\":false}}",
	"{\"name\":\"Fabled Passage\",\"kind\":\"fetch\",\"basic_types\":[],\"produces\":[],"
	"\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,"
	"\"fetch\":{\"types\":[],\"basic\":true,\"life\":0,\"enters_tapped\":true}}",
	"{\"name\":\"Savai Triome\",\"kind\":\"triome\",\"basic_types\":[\"Plains\",\"Swamp\",\"Mountain\"],"
	"\"produces\":[\"W\",\"B\",\"R\"],\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"always\","
	"\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Seachrome Coast\",\"kind\":\"fast\",\"basic_types\":[],\"produces\":[\"W\",\"U\"],"
	"\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"conditionally\",\"untap_life\":0,\"identity\":false,"
	"\"fetch\":null}",
	"{\"name\":\"Ancient Tomb\",\"kind\":\"other\",\"basic_types\":[],\"produces\":[\"C\"],"
	"\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Tomb Twin\",\"kind\":\"other\",\"basic_types\":[],\"produces\":[\"C\"],"
	"\"fetches\":[],\"supertypes\":[],\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":false,\"fetch\":null}",
	"{\"name\":\"Command Tower\",\"kind\":\"other\",\"basic_types\":[],"
	"\"produces\":[\"W\",\"U\",\"B\",\"R\",\"G\"],\"fetches\":[],\"supertypes\":[],"
	"\"enters_tapped\":\"never\",\"untap_life\":0,\"identity\":true,\"fetch\":null}",
};

static struct mf_mana_catalogue *cat;

static void setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_parse(catalogue_text, strlen(catalogue_text), &cat, &err),
			 MF_OK);
}

static void teardown(void)
{
	mf_mana_catalogue_free(cat);
}

START_TEST(every_land_shape_is_described)
{
	struct mf_api_ctx ctx = { .lands = cat };
	struct mf_api_error err;
	struct mf_buf out, want;

	mf_buf_init(&out, 1u << 20);
	mf_buf_init(&want, 1u << 20);
	ck_assert_int_eq(mf_api_mana_lands(NULL, &ctx, &out, &err), 0);
	mf_buf_addstr(&want, "{\"lands\":[");
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		if (i)
			mf_buf_addstr(&want, ",");
		mf_buf_addstr(&want, expected[i]);
	}
	mf_buf_addstr(&want, "]}");
	ck_assert_str_eq(mf_buf_ptr(&out), mf_buf_ptr(&want));
	mf_buf_free(&out);
	mf_buf_free(&want);
}
END_TEST

/* 5,000 of each of two kinds of land of several mana for life: a 413 at the
 * battlefield, in a batch at the query's own pointer. */
START_TEST(too_many_bundle_tries_is_too_large)
{
	struct mf_api_ctx ctx = { .lands = cat };
	struct mf_api_error err;
	struct mf_buf body, out;
	cJSON *json;

	mf_buf_init(&body, 1u << 20);
	mf_buf_init(&out, 1u << 20);
	mf_buf_addstr(&body, "{\"queries\":[{\"battlefield\":[\"Forest\"],\"life\":1,\"cost\":\"G\"},"
		      "{\"battlefield\":[");
	for (size_t i = 0; i < 10000; i++) {
		const char *name = i % 2 ? "\"Ancient Tomb\"" : "\"Tomb Twin\"";

		if (i)
			mf_buf_addstr(&body, ",");
		mf_buf_addstr(&body, name);
	}
	mf_buf_addstr(&body, "],\"life\":20,\"cost\":\"{20000}\"}]}");
	json = cJSON_ParseWithLength(mf_buf_ptr(&body), mf_buf_len(&body));
	ck_assert_ptr_nonnull(json);
	memset(&err, 0, sizeof(err));
	ck_assert_int_eq(mf_api_mana_batch(json, &ctx, &out, &err), -1);
	ck_assert_int_eq(err.problem, MF_PROBLEM_TOO_LARGE);
	ck_assert_str_eq(err.pointer, "/queries/1/battlefield");
	ck_assert_msg(strstr(err.detail, "more than 4096 tries"), "%s", err.detail);
	cJSON_Delete(json);
	mf_buf_free(&body);
	mf_buf_free(&out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mana-lands");
	TCase *tc = tcase_create("lands");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, every_land_shape_is_described);
	tcase_add_test(tc, too_many_bundle_tries_is_too_large);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
