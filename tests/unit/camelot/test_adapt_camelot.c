/*
 * The JSON adapter of POST /v1/camelot/solve and /v1/camelot/solve/batch:
 * bad bodies give the expected status and pointer, good ones the expected
 * answer, and every line in an answer replays as a won game.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_camelot.h"
#include "http/status.h"
#include "unit/adapter_check.h"
#include "reference/camelot_replay.h"
#include "unit/camelot/deals.h"

static const struct mf_api_ctx ctx = { NULL };

/* Runs handler on the JSON text body; returns the answer re-parsed as a
 * plain tree (the adapter hands back raw text), or NULL with *err set. */
static cJSON *call(mf_api_handler handler, const char *body, struct mf_api_error *err)
{
	cJSON *req = cJSON_Parse(body), *tree;

	ck_assert_msg(req != NULL, "test body is not JSON: %s", body);
	tree = adapter_call(handler, req, &ctx, err);
	cJSON_Delete(req);
	return tree;
}

static void ck_fails(mf_api_handler handler, const char *body, int status,
		     const char *pointer, const char *words)
{
	struct mf_api_error err;
	cJSON *answer = call(handler, body, &err);

	ck_assert_msg(answer == NULL, "%s: answered", body);
	ck_assert_int_eq(mf_http_problem_status(err.problem), status);
	ck_assert_str_eq(err.pointer, pointer);
	ck_assert_msg(strstr(err.detail, words), "%s: detail \"%s\" lacks \"%s\"", body,
		      err.detail, words);
}

/* Turns a JSON line back into steps and replays it on the deck. */
static void ck_line_wins(const char *deck, const cJSON *answer)
{
	static struct mf_camelot_step steps[MF_CAMELOT_LINE_MAX];
	const cJSON *line = cJSON_GetObjectItemCaseSensitive(answer, "line"), *st;
	struct mf_camelot_deal deal;
	char why[200], dealt[MF_CAMELOT_DECK_SIZE + 1];
	size_t n = 0, n_dealt = 0;

	deals_parse(deck, &deal);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(answer, "winnable")));
	cJSON_ArrayForEach(st, line) {
		const cJSON *card = cJSON_GetObjectItemCaseSensitive(st, "card");
		const cJSON *slot = cJSON_GetObjectItemCaseSensitive(st, "slot");
		const cJSON *remove = cJSON_GetObjectItemCaseSensitive(st, "remove"), *s;

		ck_assert_uint_lt(n, MF_CAMELOT_LINE_MAX);
		memset(&steps[n], 0, sizeof(steps[n]));
		ck_assert_int_eq(cJSON_GetArraySize(st), 2 - (remove != NULL));
		if (card) {
			ck_assert(cJSON_IsString(card) && strlen(card->valuestring) == 1);
			steps[n].kind = MF_CAMELOT_STEP_DEAL;
			steps[n].card = mf_camelot_card_value(card->valuestring[0]);
			steps[n].slot.row = (uint8_t)cJSON_GetArrayItem(slot, 0)->valueint;
			steps[n].slot.col = (uint8_t)cJSON_GetArrayItem(slot, 1)->valueint;
			dealt[n_dealt++] = card->valuestring[0];
		} else {
			ck_assert(cJSON_IsArray(remove));
			steps[n].kind = MF_CAMELOT_STEP_REMOVE;
			cJSON_ArrayForEach(s, remove) {
				struct mf_camelot_slot *at = &steps[n].removed[steps[n].n_removed++];

				ck_assert_int_eq(cJSON_GetArraySize(s), 2);
				at->row = (uint8_t)cJSON_GetArrayItem(s, 0)->valueint;
				at->col = (uint8_t)cJSON_GetArrayItem(s, 1)->valueint;
			}
		}
		n++;
	}
	ck_assert(camelot_replay(deal.cards, steps, n, why, sizeof(why)));
	/* The cards of the deal steps spell the deck again. */
	dealt[n_dealt] = '\0';
	ck_assert_str_eq(dealt, deck);
}

START_TEST(solve_examples)
{
	struct mf_api_error err;
	char body[128];

	for (int i = 0; i < 4; i++) {
		cJSON *answer;

		snprintf(body, sizeof(body), "{\"deck\":\"%s\"}", deals_examples[i].deck);
		answer = call(mf_api_camelot_solve, body, &err);
		ck_assert_ptr_nonnull(answer);
		if (deals_examples[i].winnable) {
			ck_line_wins(deals_examples[i].deck, answer);
		} else {
			char *text = cJSON_PrintUnformatted(answer);

			ck_assert_str_eq(text, "{\"winnable\":false,\"line\":[]}");
			free(text);
		}
		cJSON_Delete(answer);
	}
}
END_TEST

START_TEST(solve_bad_bodies)
{
	ck_fails(mf_api_camelot_solve, "[]", 400, "", "expected an object");
	ck_fails(mf_api_camelot_solve, "{}", 400, "/deck", "missing field");
	ck_fails(mf_api_camelot_solve, "{\"deck\":null}", 400, "/deck", "missing field");
	ck_fails(mf_api_camelot_solve, "{\"deck\":52}", 400, "/deck", "expected a string");
	ck_fails(mf_api_camelot_solve,
		 "{\"deck\":\"AAAA222233334444555566667777888899990000JJJJQQQQKKKK\",\"x\":1}",
		 400, "/x", "unknown field");
	ck_fails(mf_api_camelot_solve,
		 "{\"deck\":\"AAAA22X233334444555566667777888899990000JJJJQQQQKKKK\"}",
		 400, "/deck", "card 7: 'X' is not a card");
	ck_fails(mf_api_camelot_solve,
		 "{\"deck\":\"AAAA222233334444555566667777888899990000JJJJQQQQKKK\"}",
		 400, "/deck", "card 52: the deal has 51 cards");
	ck_fails(mf_api_camelot_solve,
		 "{\"deck\":\"AAAAA22233334444555566667777888899990000JJJJQQQQKKKK\"}",
		 400, "/deck", "card 5: a fifth ace");
	ck_fails(mf_api_camelot_solve, "{\"deck\":\"\"}", 400, "/deck", "has 0 cards");
}
END_TEST

START_TEST(solve_long_deck)
{
	size_t n = MF_API_CAMELOT_DECK_TEXT_MAX + 10;
	char *body = malloc(n + 32);

	ck_assert_ptr_nonnull(body);
	strcpy(body, "{\"deck\":\"");
	memset(body + 9, 'A', n);
	strcpy(body + 9 + n, "\"}");
	ck_fails(mf_api_camelot_solve, body, 400, "/deck", "4106 characters");
	free(body);
}
END_TEST

START_TEST(batch_answers_in_order)
{
	struct mf_api_error err;
	char body[512];
	cJSON *answer, *results, *item;
	int i = 0;

	snprintf(body, sizeof(body), "{\"decks\":[\"%s\",\"%s\",\"%s\",\"%s\"]}",
		 deals_examples[0].deck, deals_examples[1].deck, deals_examples[2].deck,
		 deals_examples[3].deck);
	answer = call(mf_api_camelot_batch, body, &err);
	ck_assert_ptr_nonnull(answer);
	results = cJSON_GetObjectItemCaseSensitive(answer, "results");
	ck_assert_int_eq(cJSON_GetArraySize(results), 4);
	cJSON_ArrayForEach(item, results) {
		const cJSON *won = cJSON_GetObjectItemCaseSensitive(item, "winnable");

		ck_assert(cJSON_IsBool(won));
		ck_assert_int_eq(cJSON_IsTrue(won), deals_examples[i].winnable);
		if (deals_examples[i].winnable)
			ck_line_wins(deals_examples[i].deck, item);
		i++;
	}
	cJSON_Delete(answer);

	answer = call(mf_api_camelot_batch, "{\"decks\":[]}", &err);
	ck_assert_ptr_nonnull(answer);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(answer, "results")), 0);
	cJSON_Delete(answer);
}
END_TEST

START_TEST(batch_bad_bodies)
{
	char body[512];
	size_t n = 0;
	char *big;

	ck_fails(mf_api_camelot_batch, "{}", 400, "/decks", "missing field");
	ck_fails(mf_api_camelot_batch, "{\"decks\":\"x\"}", 400, "/decks", "expected an array");
	ck_fails(mf_api_camelot_batch, "{\"decks\":[],\"deck\":\"\"}", 400, "/deck",
		 "unknown field");
	snprintf(body, sizeof(body), "{\"decks\":[\"%s\",\"%s\",\"%s\",7]}",
		 deals_examples[0].deck, deals_examples[1].deck, deals_examples[2].deck);
	ck_fails(mf_api_camelot_batch, body, 400, "/decks/3", "expected a string");
	snprintf(body, sizeof(body), "{\"decks\":[\"%s\",\"%.51s9\"]}",
		 deals_examples[0].deck, deals_examples[1].deck);
	ck_fails(mf_api_camelot_batch, body, 400, "/decks/1", "card 52: a fifth 9");

	/* One over the cap is a 413 at /decks. */
	big = malloc(16 + (MF_API_CAMELOT_BATCH_MAX + 1) * 56);
	ck_assert_ptr_nonnull(big);
	n += (size_t)sprintf(big, "{\"decks\":[");
	for (int i = 0; i <= MF_API_CAMELOT_BATCH_MAX; i++)
		n += (size_t)sprintf(big + n, "%s\"%s\"", i ? "," : "", deals_examples[0].deck);
	strcpy(big + n, "]}");
	ck_fails(mf_api_camelot_batch, big, 413, "/decks", "more than 100 items");
	free(big);
}
END_TEST

static Suite *adapt_suite(void)
{
	Suite *s = suite_create("camelot-adapter");
	TCase *tc = tcase_create("adapter");

	tcase_add_test(tc, solve_examples);
	tcase_add_test(tc, solve_bad_bodies);
	tcase_add_test(tc, solve_long_deck);
	tcase_add_test(tc, batch_answers_in_order);
	tcase_add_test(tc, batch_bad_bodies);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(adapt_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
