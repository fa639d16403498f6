/*
 * Long solves have a deadline, stop when their client leaves, and stop at
 * the drain deadline: a solve on a worker thread never outlives what its
 * client or the operator allows.
 *
 * The heavy request: a 99-card deck of 20 kinds of land and 16 spells, each
 * sampled with a million games (one spell takes seconds, all of them about a
 * minute on the development machine). No bound below measures speed: each
 * allows the documented limit plus a margin of seconds.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "http/admission.h"
#include "manaflow/odds.h"

#define MARGIN_MS 4000  /* beyond a documented limit, for a loaded machine */

/* A light solve on a worker thread: the README's Camelot deal. */
#define LIGHT "{\"deck\":\"JJJJQQQQKKKKA9A9A9A928282828373737374646464655550000\"}"

/* The heavy request's body, malloc'd. */
static char *heavy_body(void)
{
	static const char *const lands[] = {
		"Forest", "Island", "Swamp", "Breeding Pool", "Watery Grave", "Overgrown Tomb",
		"Zagoth Triome", "Misty Rainforest", "Polluted Delta", "Verdant Catacombs",
		"Woodland Cemetery", "Drowned Catacomb", "Hinterland Harbor", "Darkslick Shores",
		"Botanical Sanctum", "Blooming Marsh", "Opulent Palace", "Golgari Rot Farm",
		"Evolving Wilds", "Fabled Passage",
	};
	size_t cap = 4096, n = 0;
	char *b = malloc(cap);

	ck_assert_ptr_nonnull(b);
	n += (size_t)snprintf(b + n, cap - n, "{\"size\":99,\"on\":\"draw\",\"method\":\"sample\","
			      "\"games\":1000000,\"lands\":[");
	for (size_t i = 0; i < sizeof(lands) / sizeof(lands[0]); i++)
		n += (size_t)snprintf(b + n, cap - n, "%s{\"name\":\"%s\",\"count\":%d}", i ? "," : "",
				      lands[i], i < 3 ? 7 : 1);
	n += (size_t)snprintf(b + n, cap - n, "],\"spells\":[");
	for (int t = 5; t < 21; t++)
		n += (size_t)snprintf(b + n, cap - n, "%s{\"cost\":\"{3}{B}{G}{U}\",\"turn\":%d}",
				      t > 5 ? "," : "", t);
	snprintf(b + n, cap - n, "]}");
	return b;
}

/* Sends the heavy request on a new raw connection; returns the socket. */
static int send_heavy(void)
{
	char *body = heavy_body(), head[256];
	int fd = raw_connect(ts_srv.port);

	snprintf(head, sizeof(head), "POST /v1/mana/odds HTTP/1.1\r\nHost: t\r\n"
		 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n", strlen(body));
	raw_send(fd, head, strlen(head));
	raw_send(fd, body, strlen(body));
	free(body);
	return fd;
}

/* Row 1: a solve past --request-deadline is answered 503 deadline, naming
 * the limit, about when the deadline passes; the server serves on. */
START_TEST(solve_past_its_deadline)
{
	static const char *const args[] = { "--request-deadline", "1", NULL };
	char *body = heavy_body();
	struct hx_resp r;
	int64_t t0;

	ts_start(&ts_srv, args);
	t0 = now_ms();
	hx_post("/v1/mana/odds", body, &r);
	ck_assert_msg(now_ms() - t0 < 1000 + MARGIN_MS, "answered after %lld ms",
		      (long long)(now_ms() - t0));
	expect_problem(&r, 503, "/spells/0", "request deadline of 1 s");
	ck_assert_str_eq(json_str(r.json, "type"), "urn:manaflow:problem:deadline");
	hx_free(&r);
	free(body);
	ck_assert_int_eq(hx_post("/v1/camelot/solve",
					LIGHT, &r), 200);
	hx_free(&r);
}
END_TEST

/* Row 2: with both workers on heavy solves whose clients hang up, the
 * solves stop, and a light solve queued behind them answers at once, long
 * before their deadline (60 s). Under valgrind, which runs the server's
 * threads one at a time beside another test's valgrind in CI, "at once"
 * took 4.8 s once: there it may take 20 s, still a small part of what the
 * heavy solves would take there (hours) had they not stopped. */
START_TEST(solves_stop_when_their_client_leaves)
{
	static const char *const args[] = { "--threads", "2", "--request-deadline", "60", NULL };
	struct hx_resp r;
	int a, b;
	int64_t t0;

	ts_start(&ts_srv, args);
	a = send_heavy();
	b = send_heavy();
	hx_wait_in_flight(3);
	sleep_ms(300);
	close(a);
	close(b);
	t0 = now_ms();
	ck_assert_int_eq(hx_post("/v1/camelot/solve",
					LIGHT, &r), 200);
	ck_assert_msg(now_ms() - t0 < (getenv("MANAFLOW_UNDER_VALGRIND") ? 5 : 1) * MARGIN_MS,
		      "the light solve took %lld ms", (long long)(now_ms() - t0));
	hx_free(&r);
}
END_TEST

/* Row 9: SIGTERM with a heavy solve running and --drain-seconds 1: the
 * solve stops at the drain deadline and is answered 503 shutting-down, and
 * the server exits 0 within the drain and a second. */
START_TEST(drain_stops_a_running_solve)
{
	static const char *const args[] = { "--drain-seconds", "1", "--request-deadline", "60", NULL };
	char buf[8192];
	const char *answer;
	int fd, status;
	int64_t t0;
	char *log;

	ts_spawn(&ts_srv, args, NULL);
	fd = send_heavy();
	hx_wait_in_flight(2);
	t0 = now_ms();
	ts_signal(&ts_srv, SIGTERM);
	ck_assert_int_eq(raw_read_response(fd, 60000, buf, sizeof(buf), &answer), 503);
	ck_assert_msg(strstr(answer, "urn:manaflow:problem:shutting-down") != NULL, "%s", buf);
	status = ts_wait_exit(&ts_srv, (int)(2000 + MARGIN_MS));
	log = ts_log(&ts_srv);
	ck_assert_msg(status != -1, "still running %lld ms after SIGTERM: %s",
		      (long long)(now_ms() - t0), log);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d: %s", status, log);
	ck_assert_msg(strstr(log, "\"requests_cut_short\":1") != NULL, "%s", log);
	free(log);
	close(fd);
}
END_TEST

/* Issue 23: a heavy solve reserves its solver's working set from the
 * memory budget while it runs. At the least --memory-limit, 56 MiB (32 MiB
 * of budget), one odds computation (19 MiB) fits and a second does not: it
 * is answered 503 overloaded with Retry-After and counted, while /healthz,
 * a small mana solve and a Camelot deal (3.25 MiB more) are answered 200.
 * When the first solve ends (its client hangs up) the reservation is back
 * to 0. */
START_TEST(heavy_solves_reserve_their_working_set)
{
	char limit[32];
	const char *const args[] = { "--threads", "2", "--memory-limit", limit,
				     "--request-deadline", "60", NULL };
	char *body = heavy_body();
	unsigned long long refused;
	struct hx_resp r;
	int64_t deadline;
	int a;

	snprintf(limit, sizeof(limit), "%zu", (size_t)MF_ADMISSION_MEMORY_MIN);
	ts_start(&ts_srv, args);
	ck_assert_uint_eq(hx_metric("manaflow_admission_budget_bytes"),
			  MF_ADMISSION_MEMORY_MIN - MF_ADMISSION_BASE);
	ck_assert_uint_gt(2 * (MF_ODDS_WORKING_SET_MAX + MF_ODDS_CACHE_MAX),
			  MF_ADMISSION_MEMORY_MIN - MF_ADMISSION_BASE);
	a = send_heavy();
	hx_wait_in_flight(2);
	ck_assert_uint_ge(hx_metric("manaflow_admission_reserved_bytes"), MF_ODDS_WORKING_SET_MAX);
	refused = hx_metric("manaflow_admission_refused_total");

	hx_post("/v1/mana/odds", body, &r);
	expect_problem(&r, 503, NULL, "memory budget");
	ck_assert_str_eq(json_str(r.json, "type"), "urn:manaflow:problem:overloaded");
	ck_assert_str_eq(hx_header(&r, "Retry-After"), "1");
	hx_free(&r);
	ck_assert_uint_eq(hx_metric("manaflow_admission_refused_total"), refused + 1);

	ck_assert_int_eq(hx_get("/healthz", &r), 200);
	hx_free(&r);
	ck_assert_int_eq(hx_post("/v1/mana/solve", "{\"battlefield\":[\"Forest\"],\"life\":20,"
				 "\"cost\":\"{G}\"}", &r), 200);
	hx_free(&r);
	ck_assert_int_eq(hx_post("/v1/camelot/solve", LIGHT, &r), 200);
	hx_free(&r);

	close(a);
	deadline = now_ms() + 10000;
	while (hx_metric("manaflow_admission_reserved_bytes") != 0) {
		ck_assert_msg(now_ms() < deadline, "still %llu bytes reserved",
			      hx_metric("manaflow_admission_reserved_bytes"));
		sleep_ms(20);
	}
	ck_assert_int_eq(hx_post("/v1/mana/odds", "{\"size\":60,\"lands\":[{\"name\":\"Forest\","
				 "\"count\":24}],\"spells\":[{\"cost\":\"{G}\"}]}", &r), 200);
	hx_free(&r);
	free(body);
}
END_TEST

/* Sends a 16 x 16 combat board (creatures of seed's pattern) on a new raw
 * connection; returns the socket. */
static int send_board(unsigned seed)
{
	char body[2048], head[256];
	size_t n = 0;
	int fd = raw_connect(ts_srv.port);

	n += (size_t)snprintf(body + n, sizeof(body) - n, "{\"attackers\":[");
	for (unsigned i = 0; i < 16; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "%s[%u,%u]", i ? "," : "",
				      1 + (seed * 7 + i * 13) % 9, 1 + (seed * 5 + i * 3) % 9);
	n += (size_t)snprintf(body + n, sizeof(body) - n, "],\"defenders\":[");
	for (unsigned i = 0; i < 16; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "%s[%u,%u]", i ? "," : "",
				      (seed * 3 + i * 11) % 9, 1 + (seed + i * 7) % 9);
	snprintf(body + n, sizeof(body) - n, "]}");
	snprintf(head, sizeof(head), "POST /v1/combat/blocks HTTP/1.1\r\nHost: t\r\n"
		 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n", strlen(body));
	raw_send(fd, head, strlen(head));
	raw_send(fd, body, strlen(body));
	return fd;
}

#define BOARDS 40

/* Issue 37, item 1: clients post 16 x 16 combat boards (about a second
 * each) and hang up within 0.3 s. Combat never looked at its stop, and a
 * worker started a queued job whatever became of its client: a light
 * Camelot deal sent next waited for every board, long past its own
 * deadline. Now the running boards stop, the queued ones are skipped,
 * and the deal is answered at once. */
START_TEST(abandoned_boards_free_the_workers)
{
	static const char *const args[] = { "--threads", "2", "--request-deadline", "10", NULL };
	int fds[BOARDS];
	struct hx_resp r;
	int64_t t0;

	ts_start(&ts_srv, args);
	for (unsigned i = 0; i < BOARDS; i++)
		fds[i] = send_board(i);
	sleep_ms(300);
	for (unsigned i = 0; i < BOARDS; i++)
		close(fds[i]);
	t0 = now_ms();
	ck_assert_int_eq(hx_post("/v1/camelot/solve", LIGHT, &r), 200);
	ck_assert_msg(now_ms() - t0 < (getenv("MANAFLOW_UNDER_VALGRIND") ? 5 : 1) * MARGIN_MS,
		      "the light solve took %lld ms behind %d abandoned boards",
		      (long long)(now_ms() - t0), BOARDS);
	hx_free(&r);
}
END_TEST

/* A small deck of card objects for the report (the README's). */
#define REPORT "{\"cards\":[" \
	"{\"name\":\"Mountain\",\"type_line\":\"Basic Land \u2014 Mountain\",\"count\":16}," \
	"{\"name\":\"Island\",\"type_line\":\"Basic Land \u2014 Island\",\"count\":8}," \
	"{\"name\":\"Lightning Bolt\",\"mana_cost\":\"{R}\",\"type_line\":\"Instant\",\"count\":18}," \
	"{\"name\":\"Counterspell\",\"mana_cost\":\"{U}{U}\",\"type_line\":\"Instant\",\"count\":18}]}"

/* Issue 37, item 7: at the least --memory-limit every route is served,
 * one request at a time. The deck report reserves 27 MiB of working set,
 * and at 48 MiB (24 MiB of budget), the least limit then, it got 503 with
 * Retry-After: 1 for ever. */
START_TEST(every_route_at_the_least_limit)
{
	static const struct {
		const char *path, *body;
	} calls[] = {
		{ "/v1/mana/solve", "{\"battlefield\":[\"Forest\"],\"life\":20,\"cost\":\"G\"}" },
		{ "/v1/mana/solve/batch", "{\"queries\":[{\"battlefield\":[\"Forest\"],\"life\":20,"
		  "\"cost\":\"G\"}]}" },
		{ "/v1/mana/odds", "{\"size\":60,\"lands\":[{\"name\":\"Forest\",\"count\":24}],"
		  "\"spells\":[{\"cost\":\"{G}\"}]}" },
		{ "/v1/mana/sources", "{\"size\":60,\"lands\":25}" },
		{ "/v1/deck/report", REPORT },
		{ "/v1/combat/blocks", "{\"attackers\":[[2,2],[3,3]],\"defenders\":[[1,4],[1,1],[0,1]]}" },
		{ "/v1/camelot/solve", LIGHT },
		{ "/v1/camelot/solve/batch", "{\"decks\":[" "\"JJJJQQQQKKKKA9A9A9A928282828373737374646464655550000\"]}" },
	};
	char limit[32];
	const char *const args[] = { "--memory-limit", limit, NULL };
	struct hx_resp r;

	snprintf(limit, sizeof(limit), "%zu", (size_t)MF_ADMISSION_MEMORY_MIN);
	ts_start(&ts_srv, args);
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		hx_post(calls[i].path, calls[i].body, &r);
		ck_assert_msg(r.status == 200, "%s at --memory-limit %s: %ld %s", calls[i].path, limit,
			      r.status, r.body);
		hx_free(&r);
	}
}
END_TEST

Suite *suite_deadline(void)
{
	Suite *s = suite_create("deadline");
	TCase *tc = tcase_create("deadline");

	tcase_add_checked_fixture(tc, NULL, ts_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, solve_past_its_deadline);
	tcase_add_test(tc, solves_stop_when_their_client_leaves);
	tcase_add_test(tc, drain_stops_a_running_solve);
	tcase_add_test(tc, heavy_solves_reserve_their_working_set);
	tcase_add_test(tc, every_route_at_the_least_limit);
	tcase_add_test(tc, abandoned_boards_free_the_workers);
	suite_add_tcase(s, tc);
	return s;
}
