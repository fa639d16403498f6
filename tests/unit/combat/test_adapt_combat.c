/*
 * Check suites of the combat JSON adapter (POST /v1/combat/blocks): bad
 * inputs give the expected status and pointer, the seed's examples the
 * expected JSON, and random boards in either creature notation answer as
 * the solver does.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../adapter_check.h"
#include "api/adapt_combat.h"
#include "common/random.h"

#define answer_of(body, err) adapter_answer(mf_api_combat_blocks, body, err)
#define ck_answer(body, want) adapter_ck_answer(mf_api_combat_blocks, body, want)
#define ck_refused(body, status, pointer) adapter_ck_refused(mf_api_combat_blocks, body, status, pointer)

/* The seed's four examples; blocks are those its answers list (our
 * tie-breaks pick the first of two in examples 2 and 3), scores and
 * outcomes follow from the rules. */
START_TEST(test_seed_examples)
{
	ck_answer("{\"attackers\":[[2,2],[3,3]],\"defenders\":[[1,4],[1,1],[0,1]]}",
		  "{\"blocks\":[[0,0],[1,0],[2,1]],\"score\":-1,\"damage_to_player\":0,"
		  "\"destroyed\":{\"attackers\":[0],\"defenders\":[1,2]}}");
	ck_answer("{\"attackers\":[[3,3],[3,3]],\"defenders\":[[2,3],[2,2],[2,2]]}",
		  "{\"blocks\":[[1,0],[2,0]],\"score\":1.5,\"damage_to_player\":3,"
		  "\"destroyed\":{\"attackers\":[0],\"defenders\":[1]}}");
	ck_answer("{\"attackers\":[[3,1],[7,2]],\"defenders\":[[0,4],[1,1]]}",
		  "{\"blocks\":[[1,0]],\"score\":-8.5,\"damage_to_player\":7,"
		  "\"destroyed\":{\"attackers\":[0],\"defenders\":[1]}}");
	ck_answer("{\"attackers\":[[2,2]],\"defenders\":[[1,1]]}",
		  "{\"blocks\":[],\"score\":-3,\"damage_to_player\":2,"
		  "\"destroyed\":{\"attackers\":[],\"defenders\":[]}}");
}
END_TEST

START_TEST(test_object_notation)
{
	ck_answer("{\"defenders\":[{\"toughness\":4,\"power\":1},[1,1],{\"power\":0,\"toughness\":1}],"
		  "\"attackers\":[{\"power\":2,\"toughness\":2},[3,3]]}",
		  "{\"blocks\":[[0,0],[1,0],[2,1]],\"score\":-1,\"damage_to_player\":0,"
		  "\"destroyed\":{\"attackers\":[0],\"defenders\":[1,2]}}");
	ck_answer("{\"attackers\":[],\"defenders\":[]}",
		  "{\"blocks\":[],\"score\":0,\"damage_to_player\":0,"
		  "\"destroyed\":{\"attackers\":[],\"defenders\":[]}}");
	/* A 0/1000 chump would die for nothing: taking 1000 costs only 500. */
	ck_answer("{\"attackers\":[[1000,1000]],\"defenders\":[[0,1000]]}",
		  "{\"blocks\":[],\"score\":-1500,\"damage_to_player\":1000,"
		  "\"destroyed\":{\"attackers\":[],\"defenders\":[]}}");
	ck_answer("{\"attackers\":[[1000,1000]],\"defenders\":[[1000,1000]]}",
		  "{\"blocks\":[[0,0]],\"score\":0,\"damage_to_player\":0,"
		  "\"destroyed\":{\"attackers\":[0],\"defenders\":[0]}}");
}
END_TEST

START_TEST(test_bad_documents)
{
	ck_refused("[]", 400, "");
	ck_refused("{\"attackers\":[],\"defenders\":[],\"extra\":1}", 400, "/extra");
	ck_refused("{\"attackers\":[]}", 400, "/defenders");
	ck_refused("{\"defenders\":[]}", 400, "/attackers");
	ck_refused("{\"attackers\":{},\"defenders\":[]}", 400, "/attackers");
	ck_refused("{\"attackers\":[],\"defenders\":null}", 400, "/defenders");
}
END_TEST

START_TEST(test_bad_creatures)
{
	ck_refused("{\"attackers\":[[1]],\"defenders\":[]}", 400, "/attackers/0");
	ck_refused("{\"attackers\":[[1,1,1]],\"defenders\":[]}", 400, "/attackers/0");
	ck_refused("{\"attackers\":[\"2/2\"],\"defenders\":[]}", 400, "/attackers/0");
	ck_refused("{\"attackers\":[[1,1],3],\"defenders\":[]}", 400, "/attackers/1");
	ck_refused("{\"attackers\":[[1,0]],\"defenders\":[]}", 400, "/attackers/0/1");
	ck_refused("{\"attackers\":[[-1,1]],\"defenders\":[]}", 400, "/attackers/0/0");
	ck_refused("{\"attackers\":[[1.5,1]],\"defenders\":[]}", 400, "/attackers/0/0");
	ck_refused("{\"attackers\":[[1001,1]],\"defenders\":[]}", 400, "/attackers/0/0");
	ck_refused("{\"attackers\":[[1,1001]],\"defenders\":[]}", 400, "/attackers/0/1");
	ck_refused("{\"attackers\":[],\"defenders\":[[1,1],[\"1\",1]]}", 400, "/defenders/1/0");
	ck_refused("{\"attackers\":[],\"defenders\":[[1,null]]}", 400, "/defenders/0/1");
	ck_refused("{\"attackers\":[],\"defenders\":[{\"power\":1}]}", 400,
		   "/defenders/0/toughness");
	ck_refused("{\"attackers\":[],\"defenders\":[{\"toughness\":1}]}", 400,
		   "/defenders/0/power");
	ck_refused("{\"attackers\":[],\"defenders\":[{\"power\":1,\"toughness\":1,\"name\":\"x\"}]}",
		   400, "/defenders/0/name");
	ck_refused("{\"attackers\":[],\"defenders\":[{\"power\":1,\"toughness\":0}]}", 400,
		   "/defenders/0/toughness");
	ck_refused("{\"attackers\":[],\"defenders\":[{\"power\":true,\"toughness\":1}]}", 400,
		   "/defenders/0/power");
}
END_TEST

START_TEST(test_too_many)
{
	char body[1024];
	size_t n = 0;

	n += (size_t)snprintf(body + n, sizeof(body) - n, "{\"attackers\":[");
	for (int i = 0; i <= MF_COMBAT_ATTACKERS_MAX; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "%s[1,1]", i ? "," : "");
	snprintf(body + n, sizeof(body) - n, "],\"defenders\":[]}");
	ck_refused(body, 413, "/attackers");

	n = 0;
	n += (size_t)snprintf(body + n, sizeof(body) - n, "{\"attackers\":[],\"defenders\":[");
	for (int i = 0; i <= MF_COMBAT_DEFENDERS_MAX; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "%s[1,1]", i ? "," : "");
	snprintf(body + n, sizeof(body) - n, "]}");
	ck_refused(body, 413, "/defenders");
}
END_TEST

/* Random boards, each creature in a random notation: the handler's answer
 * is the solver's result encoded, and its numbers read back as the
 * solver's (blocks, doubled score, destroyed). */
START_TEST(test_random_boards)
{
	uint64_t rng = 0xADA7u;

	for (int k = 0; k < 300; k++) {
		struct mf_combat_creature att[MF_COMBAT_ATTACKERS_MAX], def[MF_COMBAT_DEFENDERS_MAX];
		struct mf_combat_board board = { att, 1 + mf_splitmix64(&rng) % 8, def,
						 mf_splitmix64(&rng) % 9 };
		struct mf_combat_result res;
		struct mf_api_error err;
		struct mf_api_ctx ctx = { 0 };
		struct mf_buf text;
		cJSON *body = cJSON_CreateObject(), *lists[2], *answer, *want, *blocks;

		lists[0] = cJSON_AddArrayToObject(body, "attackers");
		lists[1] = cJSON_AddArrayToObject(body, "defenders");
		for (int side = 0; side < 2; side++) {
			struct mf_combat_creature *c = side ? def : att;
			size_t n = side ? board.n_defenders : board.n_attackers;

			for (size_t i = 0; i < n; i++) {
				cJSON *item;

				c[i].power = (uint32_t)(mf_splitmix64(&rng) % 7);
				c[i].toughness = 1 + (uint32_t)(mf_splitmix64(&rng) % 6);
				if (mf_splitmix64(&rng) & 1) {
					const int pt[2] = { (int)c[i].power, (int)c[i].toughness };

					item = cJSON_CreateIntArray(pt, 2);
				} else {
					item = cJSON_CreateObject();
					cJSON_AddNumberToObject(item, "power", c[i].power);
					cJSON_AddNumberToObject(item, "toughness", c[i].toughness);
				}
				cJSON_AddItemToArray(lists[side], item);
			}
		}
		ck_assert_int_eq(mf_combat_solve(&board, NULL, &res, NULL), MF_OK);
		answer = adapter_call(mf_api_combat_blocks, body, &ctx, &err);
		ck_assert_ptr_nonnull(answer);
		mf_buf_init(&text, 1u << 16);
		ck_assert_int_eq(mf_api_combat_result_to_json(&board, &res, &text), 0);
		want = cJSON_Parse(mf_buf_ptr(&text));
		mf_buf_free(&text);
		ck_assert(cJSON_Compare(answer, want, 1));
		ck_assert_int_eq((int64_t)(2 * cJSON_GetObjectItem(answer, "score")->valuedouble),
				 res.score2);
		blocks = cJSON_GetObjectItem(answer, "blocks");
		ck_assert_int_eq(cJSON_GetArraySize(blocks), (int)res.n_blocks);
		for (size_t i = 0; i < res.n_blocks; i++) {
			cJSON *pair = cJSON_GetArrayItem(blocks, (int)i);
			int d = cJSON_GetArrayItem(pair, 0)->valueint;

			ck_assert_int_eq(cJSON_GetArrayItem(pair, 1)->valueint, res.blocking[d]);
		}
		cJSON_Delete(want);
		cJSON_Delete(answer);
		cJSON_Delete(body);
	}
}
END_TEST

static Suite *adapt_combat_suite(void)
{
	Suite *s = suite_create("combat-adapter");
	TCase *tc;

	tc = tcase_create("answers");
	tcase_add_test(tc, test_seed_examples);
	tcase_add_test(tc, test_object_notation);
	tcase_add_test(tc, test_random_boards);
	suite_add_tcase(s, tc);

	tc = tcase_create("refusals");
	tcase_add_test(tc, test_bad_documents);
	tcase_add_test(tc, test_bad_creatures);
	tcase_add_test(tc, test_too_many);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(adapt_combat_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
