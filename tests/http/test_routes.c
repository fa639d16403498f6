/* Every route's answers: solve, batch, lands, health, readiness, metrics,
 * the OpenAPI document and the access log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

/* Occurrences of name in a JSON array of strings. */
static int count_name(const cJSON *arr, const char *name)
{
	const cJSON *el;
	int n = 0;

	cJSON_ArrayForEach(el, arr)
		n += cJSON_IsString(el) && strcmp(el->valuestring, name) == 0;
	return n;
}

/* Index of a mana letter in "WUBRGC", or -1. */
static int mana_index(char c)
{
	const char *p = strchr("WUBRGC", c);

	return c && p ? (int)(p - "WUBRGC") : -1;
}

/*
 * Checks a castable answer against its query without trusting the solver:
 * the plan only taps lands the query has (library lands only after a fetch
 * named them), its mana pays the cost, and the life it pays is min_life_paid
 * and leaves life_left > 0.
 */
static void check_plan(const cJSON *query, const cJSON *res)
{
	const cJSON *field = cJSON_GetObjectItemCaseSensitive(query, "battlefield");
	const cJSON *library = cJSON_GetObjectItemCaseSensitive(query, "library");
	const cJSON *plan = cJSON_GetObjectItemCaseSensitive(res, "plan"), *step, *s2;
	const char *cost = json_str(query, "cost");
	long need[6] = { 0 }, got[6] = { 0 }, generic = 0, total_need, total_got = 0;
	long life = json_int(query, "life"), paid = 0;
	int k = 0;

	ck_assert_msg(cJSON_IsArray(plan), "castable without a plan");
	for (const char *c = cost; *c; c++) {
		if (*c >= '0' && *c <= '9')
			generic += *c - '0';  /* the contest notation: one symbol a digit */
		else
			need[mana_index(*c)]++;
	}
	total_need = generic;
	for (int t = 0; t < 6; t++)
		total_need += need[t];
	cJSON_ArrayForEach(step, plan) {
		const char *land = json_str(step, "land"), *from = json_str(step, "from");
		const cJSON *fetch = cJSON_GetObjectItemCaseSensitive(step, "fetch");
		int used = 0, fetched = 0, j = 0;

		/* This land's uses so far, and the fetches before this step naming it. */
		cJSON_ArrayForEach(s2, plan) {
			const cJSON *f2 = cJSON_GetObjectItemCaseSensitive(s2, "fetch");

			if (j > k)
				break;
			used += !strcmp(json_str(s2, "land"), land) &&
				!strcmp(json_str(s2, "from"), from);
			fetched += j < k && cJSON_IsString(f2) && !strcmp(f2->valuestring, land);
			j++;
		}
		if (!strcmp(from, "battlefield")) {
			ck_assert_msg(used <= count_name(field, land), "%s tapped %d times", land, used);
		} else {
			ck_assert_str_eq(from, "library");
			ck_assert_msg(used <= count_name(library, land) && used <= fetched,
				      "%s from the library without a fetch", land);
		}
		if (fetch)
			ck_assert_msg(count_name(library, json_str(step, "fetch")) > 0,
				      "fetched a land not in the library");
		for (const char *m = json_str(step, "mana"); *m; m++) {
			ck_assert_int_ge(mana_index(*m), 0);
			got[mana_index(*m)]++;
			total_got++;
		}
		paid += json_int(step, "life");
		k++;
	}
	for (int t = 0; t < 6; t++)
		ck_assert_msg(got[t] >= need[t], "plan makes %ld of %c, cost %s needs %ld", got[t],
			      "WUBRGC"[t], cost, need[t]);
	ck_assert_int_ge(total_got, total_need);
	ck_assert_int_eq(paid, json_int(res, "min_life_paid"));
	ck_assert_int_eq(json_int(res, "life_left"), life - paid);
	ck_assert_int_ge(life - paid, 1);
}

START_TEST(solve_statement_examples)
{
	struct example ex[EXAMPLES_MAX];
	size_t n = examples_load(ex, EXAMPLES_MAX);

	for (size_t i = 0; i < n; i++) {
		struct hx_resp r;
		const cJSON *castable;

		ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[i].query, &r), 200);
		ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
		castable = cJSON_GetObjectItemCaseSensitive(r.json, "castable");
		ck_assert_msg(cJSON_IsBool(castable), "example %zu: %s", i + 1, r.body);
		ck_assert_msg(cJSON_IsTrue(castable) == ex[i].castable, "example %zu: %s", i + 1,
			      r.body);
		if (ex[i].castable)
			check_plan(ex[i].query, r.json);
		else
			ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(r.json, "plan"));
		hx_free(&r);
	}
	examples_free(ex, n);
}
END_TEST

/* Values a reader of the statement works out by hand. */
START_TEST(solve_example_values)
{
	struct example ex[EXAMPLES_MAX];
	size_t n = examples_load(ex, EXAMPLES_MAX);
	struct hx_resp r;
	const cJSON *plan, *step;
	int fetches = 0;

	ck_assert_uint_ge(n, 4);
	/* 1: Forest, Forest, Plains pay GGW for free. */
	ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[0].query, &r), 200);
	ck_assert_int_eq(json_int(r.json, "min_life_paid"), 0);
	ck_assert_int_eq(json_int(r.json, "life_left"), 20);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r.json, "plan")), 3);
	hx_free(&r);
	/* 3: red only from Steam Vents, fetched (1 life) and untapped (2 life). */
	ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[2].query, &r), 200);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r.json, "castable")));
	ck_assert_int_eq(json_int(r.json, "min_life_paid"), 3);
	ck_assert_int_eq(json_int(r.json, "life_left"), 4);
	plan = cJSON_GetObjectItem(r.json, "plan");
	cJSON_ArrayForEach(step, plan) {
		const cJSON *f = cJSON_GetObjectItem(step, "fetch");

		if (f) {
			ck_assert_str_eq(json_str(step, "land"), "Wooded Foothills");
			ck_assert_str_eq(f->valuestring, "Steam Vents");
			fetches++;
		}
	}
	ck_assert_int_eq(fetches, 1);
	hx_free(&r);
	/* 4: the same with 3 life would leave 0: not castable, 3 life the least. */
	ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[3].query, &r), 200);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(r.json, "castable")));
	ck_assert_int_eq(json_int(r.json, "min_life_paid"), 3);
	ck_assert_ptr_null(cJSON_GetObjectItem(r.json, "life_left"));
	hx_free(&r);
	examples_free(ex, n);
}
END_TEST

/* The HTTP answer is the object `manaflow solve --json` prints. */
START_TEST(solve_matches_cli)
{
	struct example ex[EXAMPLES_MAX];
	size_t n = examples_load(ex, EXAMPLES_MAX);
	char path[] = "/tmp/manaflow-http-cli-XXXXXX", cmd[1200], line[65536];
	int fd = mkstemp(path);
	FILE *in, *out;
	size_t i = 0;

	ck_assert_int_ge(fd, 0);
	in = fdopen(fd, "w");
	for (size_t k = 0; k < n; k++) {
		char *q = cJSON_PrintUnformatted(ex[k].query);

		fprintf(in, "%s\n", q);
		cJSON_free(q);
	}
	fclose(in);
	snprintf(cmd, sizeof(cmd), "'%s' solve --json '%s'", ts_manaflow, path);
	out = popen(cmd, "r");
	ck_assert_ptr_nonnull(out);
	while (i < n && fgets(line, sizeof(line), out)) {
		cJSON *cli = cJSON_Parse(line);
		struct hx_resp r;

		ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[i].query, &r), 200);
		ck_assert_msg(cJSON_Compare(cli, r.json, 1), "example %zu: cli %s http %s", i + 1,
			      line, r.body);
		cJSON_Delete(cli);
		hx_free(&r);
		i++;
	}
	pclose(out);
	unlink(path);
	ck_assert_uint_eq(i, n);
	examples_free(ex, n);
}
END_TEST

/* A batch of the examples forwards then backwards: each answer in its slot. */
START_TEST(batch_keeps_order)
{
	struct example ex[EXAMPLES_MAX];
	size_t n = examples_load(ex, EXAMPLES_MAX);
	cJSON *batch = cJSON_CreateObject(), *queries = cJSON_AddArrayToObject(batch, "queries");
	struct hx_resp r, single;
	const cJSON *results;

	for (size_t k = 0; k < 2 * n; k++)
		cJSON_AddItemToArray(queries,
			cJSON_Duplicate(ex[k < n ? k : 2 * n - 1 - k].query, 1));
	ck_assert_int_eq(hx_post_cjson("/v1/mana/solve/batch", batch, &r), 200);
	ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
	results = cJSON_GetObjectItemCaseSensitive(r.json, "results");
	ck_assert_int_eq(cJSON_GetArraySize(results), (int)(2 * n));
	for (size_t k = 0; k < 2 * n; k++) {
		size_t e = k < n ? k : 2 * n - 1 - k;

		ck_assert_int_eq(hx_post_cjson("/v1/mana/solve", ex[e].query, &single), 200);
		ck_assert_msg(cJSON_Compare(cJSON_GetArrayItem(results, (int)k), single.json, 1),
			      "batch slot %zu differs from a single solve: %s", k, single.body);
		hx_free(&single);
	}
	hx_free(&r);
	cJSON_Delete(batch);
	examples_free(ex, n);
}
END_TEST

START_TEST(batch_edges)
{
	struct hx_resp r;
	char *big;
	size_t len, cap = 10001 * 64;
	const char *q = "{\"battlefield\":[\"Forest\"],\"life\":1,\"cost\":\"G\"}";

	ck_assert_int_eq(hx_post("/v1/mana/solve/batch", "{\"queries\":[]}", &r), 200);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r.json, "results")), 0);
	hx_free(&r);
	/* The documented cap, 10,000 queries, is served; one more is refused. */
	big = malloc(cap);
	ck_assert_ptr_nonnull(big);
	len = (size_t)sprintf(big, "{\"queries\":[%s", q);
	for (int i = 1; i < 10000; i++)
		len += (size_t)sprintf(big + len, ",%s", q);
	strcpy(big + len, "]}");
	ck_assert_int_eq(hx_post("/v1/mana/solve/batch", big, &r), 200);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r.json, "results")), 10000);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(
		cJSON_GetObjectItem(r.json, "results"), 9999), "castable")));
	hx_free(&r);
	sprintf(big + len, ",%s]}", q);
	hx_post("/v1/mana/solve/batch", big, &r);
	expect_problem(&r, 413, "/queries", "10000");
	hx_free(&r);
	free(big);
}
END_TEST

static const char *const land_kinds[] = { "basic", "dual", "shock", "fetch", "pain",
					  "bounce", "tri", "five-color", "tron", "fast", "check",
					  "slow", "triome", "surveil", "gate", "gain", "temple",
					  "pathway", "horizon", "other" };
#define N_KINDS (sizeof(land_kinds) / sizeof(land_kinds[0]))

static const cJSON *find_land(const cJSON *lands, const char *name)
{
	const cJSON *l;

	cJSON_ArrayForEach(l, lands)
		if (!strcmp(json_str(l, "name"), name))
			return l;
	ck_abort_msg("no land %s", name);
	return NULL;
}

static void expect_strings(const cJSON *arr, const char *const *want, int n)
{
	ck_assert_int_eq(cJSON_GetArraySize(arr), n);
	for (int i = 0; i < n; i++)
		ck_assert_str_eq(cJSON_GetArrayItem(arr, i)->valuestring, want[i]);
}

START_TEST(lands_catalogue)
{
	char *source = read_source_file("data/lands.txt", NULL);
	int in_file = 0, seen[N_KINDS] = { 0 };
	struct hx_resp r;
	const cJSON *lands, *l;

	for (char *line = strtok(source, "\n"); line; line = strtok(NULL, "\n"))
		in_file += line[0] != '\0' && line[0] != '#';
	ck_assert_int_eq(hx_get("/v1/lands", &r), 200);
	ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
	lands = cJSON_GetObjectItemCaseSensitive(r.json, "lands");
	ck_assert_int_eq(cJSON_GetArraySize(lands), 209);
	ck_assert_int_eq(cJSON_GetArraySize(lands), in_file);
	cJSON_ArrayForEach(l, lands) {
		const char *kind = json_str(l, "kind");
		size_t k = 0;

		ck_assert_int_eq(cJSON_GetArraySize(l), 10);
		ck_assert(cJSON_IsBool(cJSON_GetObjectItem(l, "identity")));
		ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItem(l, "identity")),
				 !strcmp(json_str(l, "name"), "Command Tower") ||
				 !strcmp(json_str(l, "name"), "Path of Ancestry"));
		ck_assert(json_str(l, "name")[0] != '\0');
		ck_assert(cJSON_IsArray(cJSON_GetObjectItem(l, "basic_types")));
		ck_assert(cJSON_IsArray(cJSON_GetObjectItem(l, "produces")));
		ck_assert(cJSON_IsArray(cJSON_GetObjectItem(l, "fetches")));
		ck_assert(cJSON_IsArray(cJSON_GetObjectItem(l, "supertypes")));
		ck_assert(json_str(l, "enters_tapped")[0] != '\0');
		ck_assert_int_eq(cJSON_IsNull(cJSON_GetObjectItem(l, "fetch")), strcmp(kind, "fetch") != 0);
		while (k < N_KINDS && strcmp(kind, land_kinds[k]))
			k++;
		ck_assert_msg(k < N_KINDS, "kind %s", kind);
		seen[k]++;
		ck_assert_int_eq(find_land(lands, json_str(l, "name")) == l, 1);  /* unique */
	}
	for (size_t k = 0; k < N_KINDS; k++)
		ck_assert_msg(seen[k] > 0, "no %s land", land_kinds[k]);
	l = find_land(lands, "Wooded Foothills");
	ck_assert_str_eq(json_str(l, "kind"), "fetch");
	expect_strings(cJSON_GetObjectItem(l, "fetches"), (const char *[]){ "Mountain", "Forest" }, 2);
	l = cJSON_GetObjectItem(l, "fetch");
	expect_strings(cJSON_GetObjectItem(l, "types"), (const char *[]){ "Mountain", "Forest" }, 2);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(l, "basic")));
	ck_assert_int_eq(cJSON_GetObjectItem(l, "life")->valueint, 1);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(l, "enters_tapped")));
	l = find_land(lands, "Forest");
	expect_strings(cJSON_GetObjectItem(l, "supertypes"), (const char *[]){ "Basic" }, 1);
	ck_assert_str_eq(json_str(l, "enters_tapped"), "never");
	ck_assert_int_eq(json_int(l, "untap_life"), 0);
	l = find_land(lands, "Steam Vents");
	ck_assert_str_eq(json_str(l, "kind"), "shock");
	ck_assert_str_eq(json_str(l, "enters_tapped"), "unless-life-paid");
	ck_assert_int_eq(json_int(l, "untap_life"), 2);
	expect_strings(cJSON_GetObjectItem(l, "supertypes"), NULL, 0);
	expect_strings(cJSON_GetObjectItem(l, "basic_types"), (const char *[]){ "Island", "Mountain" }, 2);
	expect_strings(cJSON_GetObjectItem(l, "produces"), (const char *[]){ "U", "R" }, 2);
	ck_assert_str_eq(json_str(find_land(lands, "Urza's Tower"), "kind"), "tron");
	ck_assert_str_eq(json_str(find_land(lands, "City of Brass"), "kind"), "five-color");
	l = find_land(lands, "Snow-Covered Island");
	expect_strings(cJSON_GetObjectItem(l, "supertypes"), (const char *[]){ "Basic", "Snow" }, 2);
	ck_assert_str_eq(json_str(find_land(lands, "Ketria Triome"), "enters_tapped"), "always");
	ck_assert_str_eq(json_str(find_land(lands, "Sulfur Falls"), "enters_tapped"), "conditionally");
	l = cJSON_GetObjectItem(find_land(lands, "Evolving Wilds"), "fetch");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(l, "basic")));
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(l, "enters_tapped")));
	ck_assert_int_eq(cJSON_GetObjectItem(l, "life")->valueint, 0);
	expect_strings(cJSON_GetObjectItem(find_land(lands, "Command Tower"), "produces"),
		       (const char *[]){ "W", "U", "B", "R", "G" }, 5);
	hx_free(&r);
	free(source);
}
END_TEST

/* The catalogue of mana sources: every card of data/sources.json, as the
 * odds read it, and an unknown source's detail names the route. */
START_TEST(mana_sources_catalogue)
{
	char *source = read_source_file("data/sources.json", NULL);
	cJSON *file = cJSON_Parse(source);
	struct hx_resp r;
	const cJSON *list, *s;
	int signets = 0, talismans = 0;

	ck_assert_ptr_nonnull(file);
	ck_assert_int_eq(hx_get("/v1/mana-sources", &r), 200);
	ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
	list = cJSON_GetObjectItemCaseSensitive(r.json, "sources");
	ck_assert_int_eq(cJSON_GetArraySize(list), cJSON_GetArraySize(file));
	cJSON_ArrayForEach(s, list) {
		const char *name = json_str(s, "name"), *kind = json_str(s, "kind");

		ck_assert(!strcmp(kind, "creature") || !strcmp(kind, "artifact"));
		ck_assert_int_gt(cJSON_GetArraySize(cJSON_GetObjectItem(s, "makes")), 0);
		signets += strstr(name, " Signet") && json_int(s, "filter") == 1;
		talismans += !strncmp(name, "Talisman of ", 12) &&
			     cJSON_GetArraySize(cJSON_GetObjectItem(s, "makes")) == 3;
	}
	ck_assert_int_eq(signets, 10);  /* Arcane Signet has no filter */
	ck_assert_int_eq(talismans, 10);
	hx_free(&r);
	cJSON_Delete(file);
	free(source);
}
END_TEST

START_TEST(health_and_readiness)
{
	struct hx_resp r;

	ck_assert_int_eq(hx_get("/healthz", &r), 200);
	ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
	ck_assert_str_eq(json_str(r.json, "status"), "ok");
	hx_free(&r);
	ck_assert_int_eq(hx_get("/readyz", &r), 200);
	ck_assert_str_eq(hx_value(&r, "Content-Type"), "application/json");
	ck_assert_str_eq(json_str(r.json, "status"), "ready");
	hx_free(&r);
}
END_TEST

static void expect_line(const char *text, const char *line)
{
	ck_assert_msg(strstr(text, line) != NULL, "metrics lack \"%s\":\n%s", line, text);
}

START_TEST(metrics_count_requests)
{
	struct hx_resp r;

	for (int i = 0; i < 3; i++) {
		hx_post("/v1/mana/solve",
			       "{\"battlefield\":[\"Forest\"],\"life\":5,\"cost\":\"G\"}", &r);
		hx_free(&r);
	}
	hx_post("/v1/mana/solve", "{\"battlefield\":[\"Forst\"],\"life\":5,\"cost\":\"G\"}",
		       &r);
	hx_free(&r);
	hx_get("/nowhere", &r);
	hx_free(&r);
	/* A request is counted when libmicrohttpd reports it complete, just
	 * after its answer is sent: a scrape on another connection may come
	 * first. Scrape again (bounded) until the last one is in. */
	for (int tries = 0;; tries++) {
		ck_assert_int_eq(hx_get("/metrics", &r), 200);
		if ((strstr(r.body, "\nhttp_requests_total{route=\"unmatched\",code=\"404\"} 1\n") &&
		     strstr(r.body, "\nhttp_requests_in_flight 1\n")) || tries == 200)
			break;
		hx_free(&r);
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	ck_assert_msg(strncmp(hx_value(&r, "Content-Type"), "text/plain", 10) == 0, "%s", hx_value(&r, "Content-Type"));
	expect_line(r.body, "# TYPE http_requests_total counter\n");
	expect_line(r.body, "\nhttp_requests_total{route=\"/v1/mana/solve\",code=\"200\"} 3\n");
	expect_line(r.body, "\nhttp_requests_total{route=\"/v1/mana/solve\",code=\"400\"} 1\n");
	expect_line(r.body, "\nhttp_requests_total{route=\"unmatched\",code=\"404\"} 1\n");
	expect_line(r.body, "# TYPE http_request_duration_seconds histogram\n");
	expect_line(r.body, "\nhttp_request_duration_seconds_bucket{route=\"/v1/mana/solve\",le=\"+Inf\"} 4\n");
	expect_line(r.body, "\nhttp_request_duration_seconds_count{route=\"/v1/mana/solve\"} 4\n");
	expect_line(r.body, "\nhttp_request_duration_seconds_sum{route=\"/v1/mana/solve\"} ");
	expect_line(r.body, "# TYPE manaflow_solver_duration_seconds histogram\n");
	expect_line(r.body, "\nmanaflow_solver_duration_seconds_count{route=\"/v1/mana/solve\"} 4\n");
	/* The scrape itself is in flight while it renders. */
	expect_line(r.body, "# TYPE http_requests_in_flight gauge\nhttp_requests_in_flight 1\n");
	expect_line(r.body, "\nmanaflow_build_info{version=\"");
	/* The access log is on by default and keeps up: nothing lost. */
	expect_line(r.body, "# TYPE manaflow_access_log_dropped_total counter\n"
		    "manaflow_access_log_dropped_total 0\n");
	hx_free(&r);
}
END_TEST

START_TEST(openapi_served)
{
	size_t len;
	char *spec = read_source_file("openapi.yaml", &len);
	static const char *const paths[] = { "/v1/mana/solve:", "/v1/mana/solve/batch:",
					     "/v1/lands:", "/healthz:", "/readyz:", "/metrics:",
					     "/openapi.yaml:" };
	struct hx_resp r;

	ck_assert_int_eq(hx_get("/openapi.yaml", &r), 200);
	ck_assert_msg(strstr(hx_value(&r, "Content-Type"), "yaml") != NULL, "%s", hx_value(&r, "Content-Type"));
	ck_assert_uint_eq(r.len, len);
	ck_assert(memcmp(r.body, spec, len) == 0);
	ck_assert_ptr_nonnull(strstr(r.body, "\nopenapi: 3.1"));
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		ck_assert_msg(strstr(r.body, paths[i]) != NULL, "spec lacks %s", paths[i]);
	hx_free(&r);
	free(spec);
}
END_TEST

/* One JSON line per request: method, path, status, microseconds, bytes. */
START_TEST(access_log_line)
{
	struct hx_resp r;
	const char *pos;
	int64_t deadline = now_ms() + 30000;
	cJSON *line = NULL;
	char *log = NULL;

	ck_assert_int_eq(hx_get("/v1/lands?probe=1", &r), 200);
	while (!line && now_ms() < deadline) {
		free(log);
		log = ts_log(&ts_srv);
		pos = strstr(log, "{\"method\":\"GET\",\"path\":\"/v1/lands");
		if (pos)
			line = cJSON_ParseWithOpts(pos, NULL, 0);
		else
			sleep_ms(10);
	}
	ck_assert_msg(line != NULL, "no access-log line in %s", log);
	ck_assert_str_eq(json_str(line, "method"), "GET");
	ck_assert_str_eq(json_str(line, "path"), "/v1/lands");
	ck_assert_int_eq(json_int(line, "status"), 200);
	ck_assert_msg(json_int(line, "us") < 60L * 1000 * 1000, "\"us\" is microseconds: %ld",
		      json_int(line, "us"));  /* the test's own timeout bounds it */
	ck_assert_int_eq(json_int(line, "bytes"), (long)r.len);
	cJSON_Delete(line);
	hx_free(&r);
	free(log);
}
END_TEST

/* HTTP/1.1 keeps connections open: a client (or wrk) reuses one for the next
 * request, on every route that answers 200. */
START_TEST(keep_alive)
{
	static const char *const gets[] = { "/healthz", "/readyz", "/v1/lands", "/metrics",
					    "/openapi.yaml" };
	CURL *h = curl_easy_init();
	struct hx_resp r;
	long connects;
	const char *q = "{\"battlefield\":[\"Forest\"],\"life\":5,\"cost\":\"G\"}";

	hx_request(h, ts_srv.port, "POST", "/v1/mana/solve", NULL, q, strlen(q), &r);
	hx_free(&r);
	for (size_t i = 0; i < sizeof(gets) / sizeof(gets[0]); i++) {
		ck_assert_int_eq(hx_request(h, ts_srv.port, "GET", gets[i], NULL, NULL, 0, &r), 200);
		curl_easy_getinfo(h, CURLINFO_NUM_CONNECTS, &connects);
		ck_assert_msg(connects == 0, "GET %s opened a new connection (Connection: %s)",
			      gets[i], hx_value(&r, "Connection"));
		ck_assert_msg(strcmp(hx_value(&r, "Connection"), "close") != 0, "GET %s answered Connection: close",
			      gets[i]);
		hx_free(&r);
	}
	curl_easy_cleanup(h);
}
END_TEST

Suite *suite_routes(void)
{
	Suite *s = suite_create("routes");
	TCase *solve = tcase_create("solve"), *batch = tcase_create("batch");
	TCase *ops = tcase_create("operations"), *conn = tcase_create("keep-alive");

	tcase_add_checked_fixture(solve, ts_setup_default, ts_teardown);
	tcase_add_test(solve, solve_statement_examples);
	tcase_add_test(solve, solve_example_values);
	tcase_add_test(solve, solve_matches_cli);
	suite_add_tcase(s, solve);
	tcase_add_checked_fixture(batch, ts_setup_default, ts_teardown);
	tcase_add_test(batch, batch_keeps_order);
	tcase_add_test(batch, batch_edges);
	suite_add_tcase(s, batch);
	tcase_add_checked_fixture(ops, ts_setup_default, ts_teardown);
	tcase_add_test(ops, lands_catalogue);
	tcase_add_test(ops, mana_sources_catalogue);
	tcase_add_test(ops, health_and_readiness);
	tcase_add_test(ops, metrics_count_requests);
	tcase_add_test(ops, openapi_served);
	tcase_add_test(ops, access_log_line);
	suite_add_tcase(s, ops);
	tcase_add_checked_fixture(conn, ts_setup_default, ts_teardown);
	tcase_add_test(conn, keep_alive);
	suite_add_tcase(s, conn);
	return s;
}
