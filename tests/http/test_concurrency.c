/* Many clients at once, and clients that stall: everyone else is answered. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixtures.h"
#include "harness.h"

#define CLIENTS 16
#define REQUESTS_EACH 50
#define STALLED 8

/* What every client thread shares: the queries and their serial answers. */
struct workload {
	char *query[EXAMPLES_MAX];
	cJSON *answer[EXAMPLES_MAX];
	size_t n;
};

struct client {
	pthread_t thread;
	const struct workload *w;
	unsigned id;
	unsigned answered_right;
	char failure[512];   /* the first wrong answer; Check asserts only in the main thread */
};

/* Request i of client c: an example, or every tenth time an unknown land. */
static void *client_main(void *arg)
{
	struct client *c = arg;
	const struct workload *w = c->w;
	CURL *h = curl_easy_init();

	for (unsigned i = 0; h && i < REQUESTS_EACH; i++) {
		size_t e = (c->id * REQUESTS_EACH + i) % w->n;
		bool bad = i % 10 == 9;
		const char *body = bad ? "{\"battlefield\":[\"Forest\",\"Swampp\"],\"life\":3,\"cost\":\"B\"}"
				       : w->query[e];
		struct hx_resp r;
		bool ok;

		hx_request(h, ts_srv.port, "POST", "/v1/mana/solve", NULL, body, strlen(body), &r);
		if (bad)
			ok = r.status == 400 && r.json &&
			     cJSON_IsString(cJSON_GetObjectItem(r.json, "pointer")) &&
			     !strcmp(cJSON_GetObjectItem(r.json, "pointer")->valuestring,
				     "/battlefield/1") &&
			     strstr(r.body, "did you mean Swamp?");
		else
			ok = r.status == 200 && cJSON_Compare(r.json, w->answer[e], 1);
		if (ok)
			c->answered_right++;
		else if (!c->failure[0])
			snprintf(c->failure, sizeof(c->failure), "client %u request %u: %ld %s", c->id,
				 i, r.status, r.body);
		hx_free(&r);
	}
	curl_easy_cleanup(h);
	return NULL;
}

START_TEST(parallel_clients)
{
	struct example ex[EXAMPLES_MAX];
	struct workload w = { .n = examples_load(ex, EXAMPLES_MAX) };
	struct client *clients = calloc(CLIENTS, sizeof(*clients));
	unsigned total = 0;

	ck_assert_ptr_nonnull(clients);
	for (size_t e = 0; e < w.n; e++) {
		struct hx_resp r;

		w.query[e] = cJSON_PrintUnformatted(ex[e].query);
		ck_assert_int_eq(hx_post("/v1/mana/solve", w.query[e], &r), 200);
		ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r.json, "castable")) == ex[e].castable);
		w.answer[e] = r.json;
		r.json = NULL;
		hx_free(&r);
	}
	for (unsigned i = 0; i < CLIENTS; i++) {
		clients[i].w = &w;
		clients[i].id = i;
		ck_assert_int_eq(pthread_create(&clients[i].thread, NULL, client_main, &clients[i]), 0);
	}
	for (unsigned i = 0; i < CLIENTS; i++)
		pthread_join(clients[i].thread, NULL);
	for (unsigned i = 0; i < CLIENTS; i++) {
		ck_assert_msg(clients[i].failure[0] == '\0', "%s", clients[i].failure);
		total += clients[i].answered_right;
	}
	ck_assert_uint_eq(total, CLIENTS * REQUESTS_EACH);
	for (size_t e = 0; e < w.n; e++) {
		cJSON_free(w.query[e]);
		cJSON_Delete(w.answer[e]);
	}
	free(clients);
	examples_free(ex, w.n);
}
END_TEST

static const char stalled_head[] = MF_FIX_HEAD_1000;

/* A valid query padded with spaces to exactly 1000 bytes. */
static void padded_query(char body[1001])
{
	int n = snprintf(body, 1001, "%s", MF_FIX_FETCH_RG);

	memset(body + n, ' ', (size_t)(1000 - n));
	body[1000] = '\0';
}

/*
 * With two worker threads, eight clients stop 10 bytes into a 1000-byte body
 * and four stop halfway through their headers. Twenty other requests are all
 * answered right while every stalled connection is still open (the idle
 * timeout is 60 s, so "still open" means "answered during the stall"); then a
 * stalled client finishes its body and is answered too.
 */
START_TEST(stalled_clients_do_not_delay_others)
{
	int stalled[STALLED], half[4];
	const char *q = "{\"battlefield\":[\"Forest\",\"Plains\"],\"life\":2,\"cost\":\"GW\"}";
	char body[1001], buf[8192];
	const char *answer;
	cJSON *json;
	CURL *h = curl_easy_init();

	padded_query(body);
	for (int i = 0; i < STALLED; i++) {
		stalled[i] = raw_connect(ts_srv.port);
		raw_send(stalled[i], stalled_head, strlen(stalled_head));
		raw_send(stalled[i], body, 10);
	}
	for (int i = 0; i < 4; i++) {
		half[i] = raw_connect(ts_srv.port);
		raw_send(half[i], stalled_head, 30);
	}
	for (int i = 0; i < 20; i++) {
		struct hx_resp r;

		/* Half on one kept-alive connection, half on fresh ones. */
		ck_assert_int_eq(hx_request(i % 2 ? h : NULL, ts_srv.port, "POST", "/v1/mana/solve",
					    NULL, q, strlen(q), &r), 200);
		ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r.json, "castable")));
		ck_assert_int_eq(json_int(r.json, "life_left"), 2);
		hx_free(&r);
	}
	for (int i = 0; i < STALLED; i++)
		ck_assert_msg(!raw_wait_closed(stalled[i], 0), "stalled client %d was dropped", i);
	for (int i = 0; i < 4; i++)
		ck_assert_msg(!raw_wait_closed(half[i], 0), "half-header client %d was dropped", i);
	raw_send(stalled[0], body + 10, 990);
	ck_assert_int_eq(raw_read_response(stalled[0], 60000, buf, sizeof(buf), &answer), 200);
	json = cJSON_Parse(answer);
	ck_assert_msg(cJSON_IsTrue(cJSON_GetObjectItem(json, "castable")), "%s", buf);
	ck_assert_int_eq(json_int(json, "min_life_paid"), MF_FIX_FETCH_RG_LIFE_PAID);
	cJSON_Delete(json);
	for (int i = 0; i < STALLED; i++)
		close(stalled[i]);
	for (int i = 0; i < 4; i++)
		close(half[i]);
	curl_easy_cleanup(h);
}
END_TEST

static void setup_short_timeout(void)
{
	static const char *const args[] = { "--threads", "2", "--timeout", "2", NULL };

	ts_start(&ts_srv, args);
}

/* The idle timeout ends a stalled upload; the server goes on serving. */
START_TEST(stalled_client_times_out)
{
	char body[1001];
	struct hx_resp r;
	int fd = raw_connect(ts_srv.port);

	padded_query(body);
	raw_send(fd, stalled_head, strlen(stalled_head));
	raw_send(fd, body, 10);
	/* --timeout 2: a minute is far more than enough. */
	ck_assert_msg(raw_wait_closed(fd, 60000), "the stalled connection was never closed");
	close(fd);
	ck_assert_int_eq(hx_get("/healthz", &r), 200);
	hx_free(&r);
}
END_TEST

Suite *suite_concurrency(void)
{
	Suite *s = suite_create("concurrency");
	TCase *many = tcase_create("parallel"), *stall = tcase_create("stalled");
	TCase *timeout = tcase_create("timeout");

	tcase_add_checked_fixture(many, ts_setup_default, ts_teardown);
	tcase_add_test(many, parallel_clients);
	suite_add_tcase(s, many);
	tcase_add_checked_fixture(stall, ts_setup_two_threads, ts_teardown);
	tcase_add_test(stall, stalled_clients_do_not_delay_others);
	suite_add_tcase(s, stall);
	tcase_add_checked_fixture(timeout, setup_short_timeout, ts_teardown);
	tcase_add_test(timeout, stalled_client_times_out);
	suite_add_tcase(s, timeout);
	return s;
}
