/*
 * Check suites of the deck JSON adapter (POST /v1/deck/colors): bad inputs
 * give the expected status and pointer, good inputs the expected JSON, and
 * the whole sample sent as Scryfall objects answers as the regex reference.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../adapter_check.h"
#include "api/adapt_deck.h"
#include "reference/deck_regex.h"
#include "unit/card/sample.h"

#define answer_of(body, err) adapter_answer(mf_api_deck_colors, body, err)
#define ck_answer(body, want) adapter_ck_answer(mf_api_deck_colors, body, want)
#define ck_refused(body, status, pointer) adapter_ck_refused(mf_api_deck_colors, body, status, pointer)

#define MOUNTAIN "{\"object\":\"card\",\"name\":\"Mountain\",\"mana_cost\":\"\"," \
	"\"type_line\":\"Basic Land \u2014 Mountain\",\"oracle_text\":\"({T}: Add {R}.)\"," \
	"\"colors\":[],\"legalities\":{\"modern\":\"legal\"},\"prices\":{\"usd\":null}}"
#define RECKONER "{\"name\":\"Boros Reckoner\",\"mana_cost\":\"{R/W}{R/W}{R/W}\"," \
	"\"type_line\":\"Creature \u2014 Minotaur Wizard\",\"oracle_text\":\"Whenever Boros Reckoner " \
	"is dealt damage, it deals that much damage to any target.\\n{R/W}: Boros Reckoner gains " \
	"first strike until end of turn.\",\"count\":4}"
#define CACKLER "{\"name\":\"Rakdos Cackler\",\"mana_cost\":\"{B/R}\",\"type_line\":\"Creature \u2014 Devil\"," \
	"\"oracle_text\":\"Unleash (You may have this creature enter the battlefield with a +1/+1 counter on it.)\"," \
	"\"zone\":\"main\"}"
#define CAVERN "{\"name\":\"Cavern of Souls\",\"mana_cost\":\"\",\"type_line\":\"Land\",\"oracle_text\":" \
	"\"As Cavern of Souls enters the battlefield, choose a creature type.\\n{T}: Add {C}.\\n{T}: Add one " \
	"mana of any color. Spend this mana only to cast a creature spell of the chosen type.\"," \
	"\"zone\":\"sideboard\",\"count\":1}"
#define GUT_SHOT "{\"name\":\"Gut Shot\",\"mana_cost\":\"{R/P}\",\"type_line\":\"Instant\",\"oracle_text\":" \
	"\"({R/P} can be paid with either {R} or 2 life.)\\nGut Shot deals 1 damage to any target.\"}"

START_TEST(seed_decks)
{
	ck_answer("{\"cards\":[" MOUNTAIN "," RECKONER "," CACKLER "]}",
		  "{\"colors\":[\"R\"],\"produces\":[\"R\"],\"uses\":[\"W\",\"B\",\"R\"],\"cards\":["
		  "{\"name\":\"Mountain\",\"produces\":[\"R\"],\"uses\":[]},"
		  "{\"name\":\"Boros Reckoner\",\"produces\":[],\"uses\":[\"W\",\"R\"]},"
		  "{\"name\":\"Rakdos Cackler\",\"produces\":[],\"uses\":[\"B\",\"R\"]}]}");
	/* A sideboard Cavern counts; C appears per card, never in the deck's lists. */
	ck_answer("{\"cards\":[" MOUNTAIN "," RECKONER "," CACKLER "," CAVERN "]}",
		  "{\"colors\":[\"W\",\"B\",\"R\"],\"produces\":[\"W\",\"U\",\"B\",\"R\",\"G\"],"
		  "\"uses\":[\"W\",\"B\",\"R\"],\"cards\":["
		  "{\"name\":\"Mountain\",\"produces\":[\"R\"],\"uses\":[]},"
		  "{\"name\":\"Boros Reckoner\",\"produces\":[],\"uses\":[\"W\",\"R\"]},"
		  "{\"name\":\"Rakdos Cackler\",\"produces\":[],\"uses\":[\"B\",\"R\"]},"
		  "{\"name\":\"Cavern of Souls\",\"produces\":[\"W\",\"U\",\"B\",\"R\",\"G\",\"C\"],\"uses\":[]}]}");
	ck_answer("{\"cards\":[" GUT_SHOT "]}",
		  "{\"colors\":[],\"produces\":[],\"uses\":[\"R\"],\"cards\":["
		  "{\"name\":\"Gut Shot\",\"produces\":[],\"uses\":[\"R\"]}]}");
}
END_TEST

START_TEST(faces_and_empty_deck)
{
	ck_answer("{\"cards\":[{\"name\":\"Dryad Arbor\",\"type_line\":\"Land Creature \u2014 Forest Dryad\"},"
		  "{\"name\":\"Fire // Ice\",\"layout\":\"split\",\"mana_cost\":\"{1}{R} // {1}{U}\","
		  "\"card_faces\":[{\"object\":\"card_face\",\"name\":\"Fire\",\"mana_cost\":\"{1}{R}\","
		  "\"oracle_text\":\"Fire deals 2 damage divided as you choose.\"},"
		  "{\"name\":\"Ice\",\"mana_cost\":\"{1}{U}\",\"oracle_text\":null,\"image_uris\":{}}]}]}",
		  "{\"colors\":[],\"produces\":[\"G\"],\"uses\":[\"U\",\"R\"],\"cards\":["
		  "{\"name\":\"Dryad Arbor\",\"produces\":[\"G\"],\"uses\":[]},"
		  "{\"name\":\"Fire // Ice\",\"produces\":[],\"uses\":[\"U\",\"R\"]}]}");
	ck_answer("{\"cards\":[]}", "{\"colors\":[],\"produces\":[],\"uses\":[],\"cards\":[]}");
}
END_TEST

START_TEST(bad_inputs)
{
	char *big;
	size_t len, at;

	ck_refused("[]", 400, "");
	ck_refused("{}", 400, "/cards");
	ck_refused("{\"cards\":{}}", 400, "/cards");
	ck_refused("{\"cards\":[],\"deck\":1}", 400, "/deck");
	ck_refused("{\"cards\":[" MOUNTAIN ",\"Island\"]}", 400, "/cards/1");
	ck_refused("{\"cards\":[{\"mana_cost\":\"{G}\"}]}", 400, "/cards/0/name");
	ck_refused("{\"cards\":[{\"name\":7}]}", 400, "/cards/0/name");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"oracle_text\":5}]}", 400, "/cards/0/oracle_text");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"type_line\":[]}]}", 400, "/cards/0/type_line");
	ck_refused("{\"cards\":[" MOUNTAIN ",{\"name\":\"x\",\"card_faces\":{}}]}", 400, "/cards/1/card_faces");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"card_faces\":[{},3]}]}", 400, "/cards/0/card_faces/1");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"card_faces\":[{\"mana_cost\":{}}]}]}", 400,
		   "/cards/0/card_faces/0/mana_cost");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"card_faces\":[{},{},{},{},{},{},{},{},{}]}]}", 413,
		   "/cards/0/card_faces");
	ck_refused("{\"cards\":[" MOUNTAIN "," MOUNTAIN ",{\"name\":\"x\",\"count\":0}]}", 400, "/cards/2/count");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"count\":1.5}]}", 400, "/cards/0/count");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"count\":10001}]}", 400, "/cards/0/count");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"zone\":\"maybeboard\"}]}", 400, "/cards/0/zone");
	ck_refused("{\"cards\":[{\"name\":\"x\",\"zone\":true}]}", 400, "/cards/0/zone");

	/* Too many cards, and too long a text. */
	len = 16 + (MF_DECK_CARDS_MAX + 1) * 13 + MF_CARD_TEXT_MAX + 64;
	big = malloc(len);
	ck_assert_ptr_nonnull(big);
	at = (size_t)sprintf(big, "{\"cards\":[");
	for (int i = 0; i <= MF_DECK_CARDS_MAX; i++)
		at += (size_t)sprintf(big + at, "%s{\"name\":\"x\"}", i ? "," : "");
	strcpy(big + at, "]}");
	ck_refused(big, 413, "/cards");
	at = (size_t)sprintf(big, "{\"cards\":[{\"name\":\"x\",\"oracle_text\":\"");
	memset(big + at, 'a', MF_CARD_TEXT_MAX + 1);
	strcpy(big + at + MF_CARD_TEXT_MAX + 1, "\"}]}");
	ck_refused(big, 400, "/cards/0/oracle_text");
	free(big);
}
END_TEST

/* The sample's objects (with their "layout" and "expected" fields) sent in
 * requests of MF_DECK_CARDS_MAX: every per-card answer, in input order,
 * must be the reference's. */
START_TEST(sample_through_adapter)
{
	struct sample s;
	struct ref_deck *ref = ref_deck_new();
	struct mf_api_ctx ctx = { 0 };
	size_t checked = 0;

	ck_assert_ptr_nonnull(ref);
	ck_assert_int_eq(sample_load(sample_path(), &s), 0);
	for (size_t first = 0; first < s.n; first += MF_DECK_CARDS_MAX) {
		cJSON *body = cJSON_CreateObject();
		cJSON *cards = cJSON_AddArrayToObject(body, "cards");
		cJSON *answer, *out;
		struct mf_api_error err;
		size_t i = first;

		for (cJSON *c = cJSON_GetArrayItem(s.root, (int)first);
		     c && i < first + MF_DECK_CARDS_MAX; c = c->next, i++)
			ck_assert(cJSON_AddItemToArray(cards, cJSON_Duplicate(c, 1)));
		answer = adapter_call(mf_api_deck_colors, body, &ctx, &err);
		ck_assert_msg(answer != NULL, "refused at %s: %s", err.pointer, err.detail);
		i = first;
		cJSON_ArrayForEach(out, cJSON_GetObjectItem(answer, "cards")) {
			char produces[8], uses[8], got_p[8] = "", got_u[8] = "";
			const cJSON *l;

			ck_assert_int_eq(ref_deck_read_card(ref, &s.cards[i].card, produces, uses), 0);
			ck_assert_str_eq(cJSON_GetObjectItem(out, "name")->valuestring,
					 s.cards[i].card.card.name);
			cJSON_ArrayForEach(l, cJSON_GetObjectItem(out, "produces"))
				strcat(got_p, l->valuestring);
			cJSON_ArrayForEach(l, cJSON_GetObjectItem(out, "uses"))
				strcat(got_u, l->valuestring);
			ck_assert_str_eq(got_p, produces);
			ck_assert_str_eq(got_u, uses);
			i++;
			checked++;
		}
		ck_assert_uint_eq(i, first + (size_t)cJSON_GetArraySize(cards));
		cJSON_Delete(answer);
		cJSON_Delete(body);
	}
	ck_assert_uint_eq(checked, s.n);
	sample_free(&s);
	ref_deck_free(ref);
}
END_TEST

static Suite *adapt_deck_suite(void)
{
	Suite *s = suite_create("adapt_deck");
	TCase *good = tcase_create("answers");
	TCase *bad = tcase_create("errors");
	TCase *sample = tcase_create("sample");

	tcase_add_test(good, seed_decks);
	tcase_add_test(good, faces_and_empty_deck);
	suite_add_tcase(s, good);
	tcase_add_test(bad, bad_inputs);
	suite_add_tcase(s, bad);
	tcase_set_timeout(sample, 600);
	tcase_add_test(sample, sample_through_adapter);
	suite_add_tcase(s, sample);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(adapt_deck_suite());
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
