/*
 * POST /v1/mana/odds and /v1/mana/sources through the API layer: the
 * answer's shape, the custom policy, the refusals with their pointers, the
 * work budget's 422, and mana that is no land ("sources", "identity").
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/adapt_odds.h"

static struct mf_mana_catalogue *cat;

static void load(void)
{
	struct mf_mana_parse_error perr;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &perr), MF_OK);
}

static void unload(void)
{
	mf_mana_catalogue_free(cat);
}

/* The handler's answer to body, parsed; NULL with *err on a refusal. */
static cJSON *call(mf_api_handler h, const char *body, struct mf_api_error *err)
{
	struct mf_api_ctx ctx = { .lands = cat };
	struct mf_buf out;
	cJSON *answer = NULL;

	memset(err, 0, sizeof(*err));
	mf_buf_init(&out, 1u << 20);
	if (mf_api_answer(h, &ctx, body, strlen(body), &out, err) == 0) {
		answer = cJSON_ParseWithLength(mf_buf_ptr(&out), mf_buf_len(&out));
		ck_assert_msg(answer != NULL, "not JSON");
	}
	mf_buf_free(&out);
	return answer;
}

static void ck_refused(mf_api_handler h, const char *body, enum mf_problem p, const char *pointer)
{
	struct mf_api_error err;
	cJSON *a = call(h, body, &err);

	ck_assert_msg(a == NULL, "accepted %s", body);
	ck_assert_int_eq(err.problem, p);
	ck_assert_str_eq(err.pointer, pointer);
	ck_assert(err.detail[0]);
}

static double num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	ck_assert_msg(cJSON_IsNumber(v), "no number %s", k);
	return v->valuedouble;
}

START_TEST(exact_and_sampled_answers)
{
	struct mf_api_error err;
	cJSON *a = call(mf_api_mana_odds,
			"{\"size\":60,\"lands\":[{\"name\":\"Mountain\",\"count\":14},{\"name\":\"Wastes\","
			"\"count\":11}],\"spells\":[{\"cost\":\"{R}\"},{\"cost\":\"{1}{R}{R}\"}]}", &err);
	const cJSON *r0, *r1;

	ck_assert_msg(a != NULL, "%s", err.detail);
	r0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 0);
	r1 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 1);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(r0, "method")->valuestring, "exact");
	ck_assert(num(r0, "turn") == 1 && num(r1, "turn") == 3);
	ck_assert_msg(num(r0, "p_castable_given_lands") > 0.9128 &&
		      num(r0, "p_castable_given_lands") < 0.9130, "Karsten's 91.3%%");
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(a, "policy")->valuestring, "karsten2022");
	cJSON_Delete(a);
	a = call(mf_api_mana_odds,
		 "{\"size\":60,\"lands\":[{\"name\":\"Mountain\",\"count\":14},{\"name\":\"Wastes\","
		 "\"count\":11}],\"spells\":[{\"cost\":\"{R}\"}],\"method\":\"sample\",\"games\":200000,"
		 "\"seed\":1}", &err);
	ck_assert_msg(a != NULL, "%s", err.detail);
	r0 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(r0, "method")->valuestring, "sample");
	ck_assert(num(r0, "games") == 200000);
	{
		const cJSON *ci = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(r0, "interval95"), "p_castable_given_lands");
		double lo = cJSON_GetArrayItem(ci, 0)->valuedouble, hi = cJSON_GetArrayItem(ci, 1)->valuedouble;

		double se = num(cJSON_GetObjectItemCaseSensitive(r0, "standard_error"),
				"p_castable_given_lands");

		/* the exact 0.912864 lies in the 95% interval for this seed, and
		 * within 4 standard errors for any. A plain average's error would
		 * be about 0.0006; post-stratified by the Mountains seen, on which
		 * castability here depends alone, it is far smaller, but not 0. */
		ck_assert_msg(lo < 0.912864 && 0.912864 < hi, "[%f, %f]", lo, hi);
		ck_assert_msg(se > 0 && se < 0.0002, "se %f", se);
		ck_assert(fabs(num(r0, "p_castable_given_lands") - 0.912864) < 4 * se);
	}
	cJSON_Delete(a);
}
END_TEST

/* A deck of spells only: nothing is castable but {0}, exactly and sampled
 * (the memo once read a key byte that no land had written). */
START_TEST(a_deck_without_lands)
{
	struct mf_api_error err;
	cJSON *a = call(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"{0}\"},"
			"{\"cost\":\"R\",\"turn\":2}]}", &err);
	const cJSON *r;

	ck_assert_msg(a != NULL, "%s", err.detail);
	r = cJSON_GetObjectItemCaseSensitive(a, "results");
	ck_assert(num(cJSON_GetArrayItem(r, 0), "p_castable") == 1);
	ck_assert(num(cJSON_GetArrayItem(r, 1), "p_castable") == 0);
	ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(r, 1),
								"p_castable_given_lands")));
	cJSON_Delete(a);
	a = call(mf_api_mana_odds, "{\"size\":40,\"lands\":[],\"spells\":[{\"cost\":\"R\"}],"
		 "\"method\":\"sample\",\"games\":1000}", &err);
	ck_assert_msg(a != NULL, "%s", err.detail);
	ck_assert(num(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 0),
		      "p_castable") == 0);
	cJSON_Delete(a);
}
END_TEST

START_TEST(custom_policy_and_sources)
{
	struct mf_api_error err;
	cJSON *a = call(mf_api_mana_odds,
			"{\"size\":40,\"lands\":[{\"name\":\"Island\",\"count\":9},{\"name\":\"Island\","
			"\"count\":8}],\"spells\":[{\"cost\":\"{U}{U}\",\"turn\":4}],\"on\":\"draw\","
			"\"policy\":{\"keep\":{\"7\":[1,6]},\"mulligan\":\"paris\"},\"life\":5}", &err);

	ck_assert_msg(a != NULL, "%s", err.detail);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(a, "policy")->valuestring, "custom");
	ck_assert(num(a, "lands") == 17);  /* a land named twice adds up */
	cJSON_Delete(a);
	a = call(mf_api_mana_sources, "{\"size\":60,\"lands\":24,\"policy\":\"paris2013\",\"target\":0.8}",
		 &err);
	ck_assert_msg(a != NULL, "%s", err.detail);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(a, "rows")), 18);
	ck_assert(num(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "rows"), 0), "target") == 0.8);
	cJSON_Delete(a);
}
END_TEST

START_TEST(refusals)
{
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[{\"name\":\"Forrest\",\"count\":4}],"
		   "\"spells\":[{\"cost\":\"G\"}]}", MF_PROBLEM_UNKNOWN_LAND, "/lands/0/name");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":61}],"
		   "\"spells\":[{\"cost\":\"G\"}]}", MF_PROBLEM_INVALID_FIELD, "/lands");
	ck_refused(mf_api_mana_odds, "{\"size\":30,\"lands\":[],\"spells\":[]}", MF_PROBLEM_INVALID_FIELD,
		   "/size");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"{Q}\"}]}",
		   MF_PROBLEM_INVALID_COST, "/spells/0/cost");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"{X}{R}\"}]}",
		   MF_PROBLEM_INVALID_FIELD, "/spells/0/x");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"R\"}],"
		   "\"policy\":\"london\"}", MF_PROBLEM_INVALID_FIELD, "/policy");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"R\"}],"
		   "\"policy\":{\"keep\":{\"6\":[4,2]}}}", MF_PROBLEM_INVALID_FIELD, "/policy/keep/6");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"R\"}],"
		   "\"on\":\"first\"}", MF_PROBLEM_INVALID_FIELD, "/on");
	ck_refused(mf_api_mana_sources, "{\"size\":60,\"lands\":61}", MF_PROBLEM_INVALID_FIELD, "/lands");
	ck_refused(mf_api_mana_sources, "{\"size\":60,\"lands\":24,\"target\":1.5}",
		   MF_PROBLEM_INVALID_FIELD, "/target");
}
END_TEST

/* A whole deck: 100 spells in one request, each distinct spell computed
 * once (the same answer, and no more solver calls than the distinct ones
 * need), a curve per spell, and a pathway named as its deck list names it. */
START_TEST(whole_decks_and_curves)
{
	char body[8192];
	size_t n = 0;
	struct mf_api_error err;
	const cJSON *results, *r0, *r50, *by;
	cJSON *a;

	n += (size_t)snprintf(body + n, sizeof(body) - n,
			      "{\"size\":60,\"policy\":\"none\",\"curve\":4,\"lands\":[{\"name\":"
			      "\"Riverglide Pathway // Lavaglide Pathway\",\"count\":12},{\"name\":\"Island\","
			      "\"count\":12}],\"spells\":[");
	for (int i = 0; i < 100; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "%s{\"cost\":\"%s\"}", i ? "," : "",
				      i % 2 ? "{U}{R}" : "{R}");
	snprintf(body + n, sizeof(body) - n, "]}");
	a = call(mf_api_mana_odds, body, &err);
	ck_assert_msg(a != NULL, "%s at %s", err.detail, err.pointer);
	ck_assert_int_eq((int)num(a, "curve"), 4);
	results = cJSON_GetObjectItemCaseSensitive(a, "results");
	ck_assert_int_eq(cJSON_GetArraySize(results), 100);
	r0 = cJSON_GetArrayItem(results, 0);
	r50 = cJSON_GetArrayItem(results, 50);
	ck_assert(num(r0, "p_castable") == num(r50, "p_castable"));
	ck_assert(num(r0, "solver_calls") == num(r50, "solver_calls"));
	/* {R} on turn 1: a pathway in the opening 7 (12 of 60) */
	ck_assert_msg(fabs(num(r0, "p_castable") - 0.8093533072892635) < 1e-6, "%f", num(r0, "p_castable"));
	by = cJSON_GetObjectItemCaseSensitive(r0, "by_turn");
	ck_assert_int_eq(cJSON_GetArraySize(by), 4);
	ck_assert(num(cJSON_GetArrayItem(by, 0), "p_castable") == num(r0, "p_castable"));
	for (int t = 1; t < 4; t++)
		ck_assert(num(cJSON_GetArrayItem(by, t), "p_castable") >=
			  num(cJSON_GetArrayItem(by, t - 1), "p_castable"));
	ck_assert(cJSON_GetObjectItemCaseSensitive(a, "rules") &&
		  cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(a, "rules"), "land_drops"));
	cJSON_Delete(a);

	/* 101 spells: too many */
	snprintf(body + n, sizeof(body) - n, ",{\"cost\":\"R\"}]}");
	ck_refused(mf_api_mana_odds, body, MF_PROBLEM_TOO_LARGE, "/spells");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[],\"spells\":[{\"cost\":\"R\"}],"
		   "\"curve\":21}", MF_PROBLEM_INVALID_FIELD, "/curve");
}
END_TEST

/* A sampled curve carries its error bars; a sample past the budget says to
 * ask for fewer games, not for a sample. */
START_TEST(sampled_curves_and_their_422)
{
	struct mf_api_error err;
	const cJSON *by;
	cJSON *a = call(mf_api_mana_odds,
			"{\"size\":60,\"curve\":3,\"method\":\"sample\",\"games\":2000,\"policy\":\"none\",\"lands\":"
			"[{\"name\":\"Raugrin Triome\",\"count\":24}],\"spells\":[{\"cost\":\"{U}{U}\"}]}",
			&err);

	ck_assert_msg(a != NULL, "%s", err.detail);
	by = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"),
								  0), "by_turn");
	ck_assert_int_eq(cJSON_GetArraySize(by), 3);
	ck_assert(num(cJSON_GetArrayItem(by, 0), "p_castable") == 0);  /* a triome is tapped on turn 1 */
	ck_assert(num(cJSON_GetArrayItem(by, 2), "standard_error") > 0);
	cJSON_Delete(a);
	a = call(mf_api_mana_odds,
		 "{\"size\":60,\"method\":\"sample\",\"games\":10000000,\"lands\":"
		 "[{\"name\":\"Raugrin Triome\",\"count\":24}],\"curve\":20,\"spells\":[{\"cost\":\"{U}{U}\",\"turn\":20}]}",
		 &err);
	ck_assert(a == NULL);
	ck_assert_int_eq(err.problem, MF_PROBLEM_SEARCH_BUDGET);
	ck_assert_msg(strstr(err.detail, "fewer") && !strstr(err.detail, "\"method\":\"sample\""), "%s",
		      err.detail);
}
END_TEST

/* A solve whose caller's stop is raised (cancelled, or its deadline
 * passed) ends MF_ERR_STOPPED, which the adapters answer 503 deadline at
 * the spell reached; the same query without a stop is answered. */
START_TEST(a_raised_stop_is_a_503_deadline)
{
	static const char *const bodies[] = {
		"{\"size\":60,\"lands\":[{\"name\":\"Steam Vents\",\"count\":4},{\"name\":"
		"\"Spirebluff Canal\",\"count\":4},{\"name\":\"Island\",\"count\":8},"
		"{\"name\":\"Mountain\",\"count\":8}],\"spells\":[{\"cost\":\"{1}{U}{R}\"}],"
		"\"curve\":6}",
		"{\"size\":60,\"lands\":24}",
	};
	const mf_api_handler handlers[] = { mf_api_mana_odds, mf_api_mana_sources };
	const char *const pointers[] = { "/spells/0", "" };

	for (int i = 0; i < 2; i++) {
		struct mf_stop cancelled = { .cancelled = true }, expired = { .deadline_ns = 1 };
		struct mf_stop parent_raised = { .parent = &cancelled }, idle = { .deadline_ns = 0 };
		const struct mf_stop *raised[] = { &cancelled, &expired, &parent_raised };
		struct mf_api_ctx ctx = { .lands = cat };
		struct mf_api_error err;
		struct mf_buf out;

		for (int k = 0; k < 3; k++) {
			ctx.stop = raised[k];
			mf_buf_init(&out, 1u << 20);
			memset(&err, 0, sizeof(err));
			ck_assert_int_eq(mf_api_answer(handlers[i], &ctx, bodies[i], strlen(bodies[i]), &out, &err),
					 -1);
			ck_assert_int_eq(err.problem, MF_PROBLEM_DEADLINE);
			ck_assert_str_eq(err.pointer, pointers[i]);
			mf_buf_free(&out);
		}
		ctx.stop = &idle;
		mf_buf_init(&out, 1u << 20);
		ck_assert_int_eq(mf_api_answer(handlers[i], &ctx, bodies[i], strlen(bodies[i]), &out, &err), 0);
		mf_buf_free(&out);
	}
}
END_TEST

/* p_castable of the first spell of body's answer (failing on a refusal). */
static double first_p(const char *body)
{
	struct mf_api_error err;
	cJSON *a = call(mf_api_mana_odds, body, &err);
	double p;

	ck_assert_msg(a != NULL, "%s: %s", body, err.detail);
	p = num(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 0), "p_castable");
	cJSON_Delete(a);
	return p;
}

#define ELVES_DECK(sources) \
	"{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],\"policy\":\"none\"," \
	"\"spells\":[{\"cost\":\"{2}{G}\",\"turn\":2}],\"sources\":[" sources "]}"
#define ELVES_CARD \
	"{\"name\":\"Llanowar Elves\",\"mana_cost\":\"{G}\",\"type_line\":\"Creature \u2014 Elf Druid\"," \
	"\"oracle_text\":\"{T}: Add {G}.\",\"count\":4}"

/* docs/odds.md's worked example: 4 Llanowar Elves and 20 Forests cast
 * {2}{G} on turn 2 about 31% of the time (lands alone never do), by name
 * and as a card object alike; sources the model plays alike are one kind,
 * in any order; the answer lists them and says how they are played. */
START_TEST(sources_by_name_and_card)
{
	struct mf_api_error err;
	double by_name = first_p(ELVES_DECK("{\"name\":\"Llanowar Elves\",\"count\":4}"));
	cJSON *a;
	const cJSON *s;

	ck_assert_msg(by_name > 0.29 && by_name < 0.33, "%f", by_name);
	ck_assert(first_p(ELVES_DECK(ELVES_CARD)) == by_name);
	ck_assert(first_p(ELVES_DECK("{\"name\":\"Elvish Mystic\",\"count\":2},"
				     "{\"name\":\"llanowar elves\",\"count\":2}")) ==
		  first_p(ELVES_DECK("{\"name\":\"Llanowar Elves\",\"count\":2},"
				     "{\"name\":\"Elvish Mystic\",\"count\":2}")));
	a = call(mf_api_mana_odds, ELVES_DECK("{\"name\":\"Llanowar Elves\",\"count\":4}"), &err);
	ck_assert_ptr_nonnull(a);
	s = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "sources"), 0);
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(s, "kind")->valuestring, "creature");
	ck_assert(num(s, "count") == 4);
	ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(a, "rules"), "sources")));
	ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "results"), 0), "method")->valuestring,
		"sample");
	cJSON_Delete(a);
	/* lands alone never cast it on turn 2 */
	ck_assert(first_p("{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],"
			  "\"spells\":[{\"cost\":\"{2}{G}\",\"turn\":2}]}") == 0);
}
END_TEST

/* Command Tower and Arcane Signet make the identity's colours, and nothing
 * without one. */
START_TEST(identity_lands_and_sources)
{
#define TOWER "{\"size\":60,\"lands\":[{\"name\":\"Command Tower\",\"count\":20}]," \
	      "\"spells\":[{\"cost\":\"{G}\"}]%s}"
	char body[512];
	double forests = first_p("{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],"
				 "\"spells\":[{\"cost\":\"{G}\"}]}");

	snprintf(body, sizeof(body), TOWER, ",\"identity\":\"BG\"");
	ck_assert(first_p(body) == forests);
	snprintf(body, sizeof(body), TOWER, ",\"identity\":\"WU\"");
	ck_assert(first_p(body) == 0);
	snprintf(body, sizeof(body), TOWER, "");
	ck_assert(first_p(body) == 0);
	snprintf(body, sizeof(body), "{\"size\":60,\"lands\":[{\"name\":\"Wastes\",\"count\":20}],"
		 "\"spells\":[{\"cost\":\"{G}\",\"turn\":3}],\"identity\":\"%s\","
		 "\"sources\":[{\"name\":\"Arcane Signet\",\"count\":4}]}", "G");
	ck_assert(first_p(body) > 0.1);
	snprintf(body, sizeof(body), "{\"size\":60,\"lands\":[{\"name\":\"Wastes\",\"count\":20}],"
		 "\"spells\":[{\"cost\":\"{G}\",\"turn\":3}],\"identity\":\"%s\","
		 "\"sources\":[{\"name\":\"Arcane Signet\",\"count\":4}]}", "U");
	ck_assert(first_p(body) == 0);
}
END_TEST

START_TEST(source_refusals)
{
	ck_refused(mf_api_mana_odds, ELVES_DECK("{\"name\":\"Llanowar Elvs\",\"count\":4}"),
		   MF_PROBLEM_INVALID_FIELD, "/sources/0/name");
	ck_refused(mf_api_mana_odds, ELVES_DECK("{\"name\":\"Grizzly Bears\",\"mana_cost\":\"{1}{G}\","
						"\"type_line\":\"Creature\",\"oracle_text\":\"\"}"),
		   MF_PROBLEM_INVALID_FIELD, "/sources/0");
	ck_refused(mf_api_mana_odds, ELVES_DECK("{\"name\":\"Dark Ritual\",\"mana_cost\":\"{B}\","
						"\"type_line\":\"Instant\",\"oracle_text\":\"Add {B}{B}{B}.\"}"),
		   MF_PROBLEM_INVALID_FIELD, "/sources/0");
	ck_refused(mf_api_mana_odds, ELVES_DECK("{\"name\":\"Llanowar Elves\",\"count\":41}"),
		   MF_PROBLEM_INVALID_FIELD, "/sources");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],"
		   "\"spells\":[{\"cost\":\"{G}\"}],\"method\":\"exact\","
		   "\"sources\":[{\"name\":\"Sol Ring\"}]}", MF_PROBLEM_INVALID_FIELD, "/method");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],"
		   "\"spells\":[{\"cost\":\"{G}\"}],\"identity\":\"GX\"}", MF_PROBLEM_INVALID_FIELD,
		   "/identity");
	ck_refused(mf_api_mana_odds, "{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":20}],"
		   "\"spells\":[{\"cost\":\"{G}\"}],\"identity\":\"GG\"}", MF_PROBLEM_INVALID_FIELD,
		   "/identity");
}
END_TEST

START_TEST(past_the_budget_is_a_clear_422)
{
	/* 12 kinds of land that all differ for a five-colour cost on turn 7:
	 * the exact count does not fit, and "exact" was asked. */
	ck_refused(mf_api_mana_odds,
		   "{\"size\":60,\"lands\":[{\"name\":\"Plains\",\"count\":2},{\"name\":\"Island\",\"count\":2},"
		   "{\"name\":\"Swamp\",\"count\":2},{\"name\":\"Mountain\",\"count\":2},{\"name\":\"Forest\","
		   "\"count\":2},{\"name\":\"Hallowed Fountain\",\"count\":2},{\"name\":\"Watery Grave\","
		   "\"count\":2},{\"name\":\"Blood Crypt\",\"count\":2},{\"name\":\"Stomping Ground\",\"count\":2},"
		   "{\"name\":\"Temple Garden\",\"count\":2},{\"name\":\"Godless Shrine\",\"count\":2},"
		   "{\"name\":\"Steam Vents\",\"count\":2}],\"spells\":[{\"cost\":\"{2}{W}{U}{B}{R}{G}\"}],"
		   "\"method\":\"exact\"}", MF_PROBLEM_SEARCH_BUDGET, "/spells/0");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("adapt-odds");
	TCase *tc = tcase_create("adapt-odds");
	SRunner *sr;
	int failed;

	tcase_add_unchecked_fixture(tc, load, unload);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, exact_and_sampled_answers);
	tcase_add_test(tc, a_deck_without_lands);
	tcase_add_test(tc, custom_policy_and_sources);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, past_the_budget_is_a_clear_422);
	tcase_add_test(tc, whole_decks_and_curves);
	tcase_add_test(tc, sampled_curves_and_their_422);
	tcase_add_test(tc, a_raised_stop_is_a_503_deadline);
	tcase_add_test(tc, sources_by_name_and_card);
	tcase_add_test(tc, identity_lands_and_sources);
	tcase_add_test(tc, source_refusals);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
