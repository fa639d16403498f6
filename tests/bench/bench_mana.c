/*
 * Mana benchmark: microseconds per query end to end (parse the contest
 * format, solve, print YES/NO), on random contest-size queries and on
 * 10,000-land boards, and the cost per land of each. Prints figures; asserts
 * nothing about time.
 *
 * The contest lines draw from the contest's 70 lands only (the first of the
 * built-in catalogue), so that their figures compare across catalogues; a
 * line of its own draws a Pioneer-like board from the lands beyond them: shocks,
 * fast, check and slow lands, pathways, triomes and surveil lands, with
 * fetches that find them (in vain: they enter tapped) or basics.
 *
 * usage: bench-mana [QUERIES]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/contest_input.h"
#include "common/random.h"
#include "manaflow/mana.h"
#include "api/adapt_mana.h"

static uint64_t rng_state = 0x6d616e61666c6f77ull;

static uint64_t next_random(void)
{
	return mf_splitmix64(&rng_state);
}

static size_t below(size_t n)
{
	return (size_t)(next_random() % n);
}

struct text {
	char *buf;
	size_t len, cap;
};

static void add(struct text *t, const char *s)
{
	size_t n = strlen(s);

	if (t->len + n + 1 > t->cap) {
		t->cap = (t->cap + n + 1) * 2;
		t->buf = realloc(t->buf, t->cap);
		if (!t->buf)
			abort();
	}
	memcpy(t->buf + t->len, s, n + 1);
	t->len += n;
}

/* A cost of real cards: hybrid, Phyrexian, {2/C} and plain symbols. */
static void real_cost(char *line, size_t size, unsigned symbols)
{
	static const char *const pool[] = {
		"{W/U}", "{B/G}", "{R/W}", "{G/U}", "{U/B}", "{W/P}", "{B/P}", "{G/U/P}", "{R/W/P}",
		"{2/W}", "{2/R}", "{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}",
	};
	size_t n = 0;

	for (unsigned i = 0; i < symbols && n + 8 < size; i++)
		n += (size_t)snprintf(line + n, size - n, "%s", pool[below(sizeof(pool) / sizeof(pool[0]))]);
	snprintf(line + n, size - n, "\n");
}

#define CONTEST_LANDS 70  /* the contest's lands lead data/lands.txt */

static void add_case(struct text *t, const struct mf_mana_catalogue *cat, size_t field,
		     size_t library, unsigned life, unsigned cost_len, bool real)
{
	char line[64];
	size_t n = CONTEST_LANDS;

	snprintf(line, sizeof(line), "\n%zu\n", field);
	add(t, line);
	for (size_t i = 0; i < field; i++) {
		add(t, mf_mana_catalogue_land(cat, below(n))->name);
		add(t, "\n");
	}
	snprintf(line, sizeof(line), "%zu\n", library);
	add(t, line);
	for (size_t i = 0; i < library; i++) {
		add(t, mf_mana_catalogue_land(cat, below(n))->name);
		add(t, "\n");
	}
	snprintf(line, sizeof(line), "%u\n", life);
	add(t, line);
	if (real) {
		real_cost(line, sizeof(line), cost_len);
	} else {
		for (unsigned i = 0; i < cost_len; i++)
			line[i] = "123WUBRGCWUBRG"[below(14)];
		line[cost_len] = '\n';
		line[cost_len + 1] = '\0';
	}
	add(t, line);
}

/* A Pioneer-like mana base, and fetches to find its typed lands. */
static const char *const pioneer_field[] = {
	"Plains", "Island", "Mountain", "Forest", "Snow-Covered Island", "Hallowed Fountain",
	"Steam Vents", "Sacred Foundry", "Temple Garden", "Spirebluff Canal", "Inspiring Vantage",
	"Glacial Fortress", "Sulfur Falls", "Deserted Beach", "Stormcarved Coast",
	"Hengegate Pathway", "Riverglide Pathway", "Needleverge Pathway", "Raugrin Triome",
	"Ketria Triome", "Spara's Headquarters", "Meticulous Archive", "Thundering Falls",
	"Temple of Epiphany", "Fabled Passage", "Prismatic Vista", "Flooded Strand",
	"Scalding Tarn", "Arid Mesa", "Sunbaked Canyon",
};
static const char *const pioneer_library[] = {
	"Plains", "Island", "Mountain", "Forest", "Snow-Covered Island", "Snow-Covered Mountain",
	"Hallowed Fountain", "Steam Vents", "Sacred Foundry", "Raugrin Triome", "Ketria Triome",
	"Spara's Headquarters", "Meticulous Archive", "Thundering Falls", "Elegant Parlor",
};
#define COUNT(a) (sizeof(a) / sizeof(a[0]))

static void add_pioneer_case(struct text *t, size_t field, size_t library, unsigned life,
			     unsigned cost_len)
{
	char line[64];

	snprintf(line, sizeof(line), "\n%zu\n", field);
	add(t, line);
	for (size_t i = 0; i < field; i++) {
		add(t, pioneer_field[below(COUNT(pioneer_field))]);
		add(t, "\n");
	}
	snprintf(line, sizeof(line), "%zu\n", library);
	add(t, line);
	for (size_t i = 0; i < library; i++) {
		add(t, pioneer_library[below(COUNT(pioneer_library))]);
		add(t, "\n");
	}
	snprintf(line, sizeof(line), "%u\n", life);
	add(t, line);
	for (unsigned i = 0; i < cost_len; i++)
		line[i] = "12WURGCWURW"[below(11)];
	line[cost_len] = '\n';
	line[cost_len + 1] = '\0';
	add(t, line);
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Parses, solves and prints every case of text; returns queries and lands. */
static void run(const char *label, const struct text *t, const struct mf_mana_catalogue *cat,
		FILE *sink, bool solve)
{
	struct contest_reader r;
	struct mf_mana_query q;
	size_t queries = 0, lands = 0, yes = 0;
	double t0 = seconds(), dt;

	if (mf_contest_reader_init(&r, t->buf, t->len, cat))
		abort();
	while (mf_contest_reader_next(&r, &q) > 0) {
		struct mf_mana_result res = { 0 };

		if (solve && mf_mana_solve(&q, &res))
			abort();
		fputs(res.castable ? "YES\n" : "NO\n", sink);
		yes += res.castable;
		queries++;
		lands += q.n_battlefield + q.n_library;
		mf_mana_result_free(&res);
	}
	dt = seconds() - t0;
	mf_contest_reader_free(&r);
	printf("%-28s %8zu queries %9zu lands %6.1f%% YES  %9.3f us/query  %7.1f ns/land\n",
	       label, queries, lands, 100.0 * (double)yes / (double)queries,
	       dt * 1e6 / (double)queries, dt * 1e9 / (double)lands);
}

/* Card objects of a Pioneer-like mana base, as Scryfall writes them. */
static const char *const pioneer_cards[] = {
	"{\"name\":\"Plains\",\"type_line\":\"Basic Land \u2014 Plains\",\"oracle_text\":\"({T}: Add {W}.)\"}",
	"{\"name\":\"Island\",\"type_line\":\"Basic Land \u2014 Island\",\"oracle_text\":\"({T}: Add {U}.)\"}",
	"{\"name\":\"Steam Vents\",\"type_line\":\"Land \u2014 Island Mountain\",\"oracle_text\":\"({T}: Add {U} or {R}.)\\nAs Steam Vents enters the battlefield, you may pay 2 life. If you don't, it enters the battlefield tapped.\"}",
	"{\"name\":\"Sulfur Falls\",\"type_line\":\"Land\",\"oracle_text\":\"Sulfur Falls enters the battlefield tapped unless you control an Island or a Mountain.\\n{T}: Add {U} or {R}.\"}",
	"{\"name\":\"Spirebluff Canal\",\"type_line\":\"Land\",\"oracle_text\":\"Spirebluff Canal enters the battlefield tapped unless you control two or fewer other lands.\\n{T}: Add {U} or {R}.\"}",
	"{\"name\":\"Scalding Tarn\",\"type_line\":\"Land\",\"oracle_text\":\"{T}, Pay 1 life, Sacrifice Scalding Tarn: Search your library for an Island or Mountain card, put it onto the battlefield, then shuffle your library.\"}",
	"{\"name\":\"Raugrin Triome\",\"type_line\":\"Land \u2014 Island Mountain Plains\",\"oracle_text\":\"({T}: Add {U}, {R}, or {W}.)\\nRaugrin Triome enters the battlefield tapped.\\nCycling {3}\"}",
	"{\"name\":\"Cavern of Souls\",\"type_line\":\"Land\",\"oracle_text\":\"As Cavern of Souls enters the battlefield, choose a creature type.\\n{T}: Add {C}.\\n{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen type, and that spell can't be countered.\"}",
	"{\"name\":\"Mana Confluence\",\"type_line\":\"Land\",\"oracle_text\":\"{T}, Pay 1 life: Add one mana of any color.\"}",
	"{\"name\":\"Sacred Foundry\",\"type_line\":\"Land \u2014 Mountain Plains\",\"oracle_text\":\"({T}: Add {R} or {W}.)\\nAs Sacred Foundry enters the battlefield, you may pay 2 life. If you don't, it enters the battlefield tapped.\"}",
};
static const char *const pioneer_names[] = {
	"Plains", "Island", "Steam Vents", "Sulfur Falls", "Spirebluff Canal", "Scalding Tarn",
	"Raugrin Triome", "Island", "Mana Confluence", "Sacred Foundry",
};

/* n JSON bodies of 20 lands (14 on the battlefield, 6 in the library),
 * every land a card object or every land a name. */
static void add_json_cases(struct text *t, size_t n, bool cards)
{
	for (size_t i = 0; i < n; i++) {
		char line[64];
		unsigned len;

		add(t, "{\"battlefield\":[");
		for (int k = 0; k < 20; k++) {
			size_t c = below(COUNT(pioneer_cards));

			if (k == 14)
				add(t, "],\"library\":[");
			else if (k)
				add(t, ",");
			if (cards) {
				add(t, pioneer_cards[c]);
			} else {
				add(t, "\"");
				add(t, pioneer_names[c]);
				add(t, "\"");
			}
		}
		snprintf(line, sizeof(line), "],\"life\":%u,\"cost\":\"", 1 + (unsigned)below(20));
		add(t, line);
		len = 2 + (unsigned)below(5);

		for (unsigned k = 0; k < len; k++)
			line[k] = "1WURC"[below(5)];
		line[len] = '\0';
		add(t, line);
		add(t, "\"}\n");
	}
}

/* Answers every body line of t through the API layer, as the server does. */
static void run_json(const char *label, const struct text *t, const struct mf_mana_catalogue *cat)
{
	struct mf_api_ctx ctx = { .lands = cat };
	size_t queries = 0, bytes = 0;
	double t0 = seconds(), dt;

	for (char *p = t->buf, *end = t->buf + t->len; p < end;) {
		char *e = memchr(p, '\n', (size_t)(end - p));
		struct mf_api_error err;
		struct mf_buf out;

		*e = '\0';  /* mf_api_answer wants the text NUL-terminated */
		mf_buf_init(&out, 1u << 20);
		if (mf_api_answer(mf_api_mana_solve, &ctx, p, (size_t)(e - p), &out, &err)) {
			fprintf(stderr, "refused: %s at %s\n%.*s\n", err.detail, err.pointer, (int)(e - p), p);
			abort();
		}
		bytes += (size_t)(e - p);
		mf_buf_free(&out);
		*e = '\n';
		queries++;
		p = e + 1;
	}
	dt = seconds() - t0;
	printf("%-28s %8zu queries %9.0f bytes/query            %9.3f us/query\n", label, queries,
	       (double)bytes / (double)queries, dt * 1e6 / (double)queries);
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	struct text small = { 0 }, big = { 0 }, real = { 0 }, pioneer = { 0 };
	FILE *sink = fopen("/dev/null", "w");
	char head[32];
	size_t n_big = n / 2000 + 5;

	if (!sink || mf_mana_catalogue_builtin(&cat, &err))
		return 1;
	snprintf(head, sizeof(head), "%zu\n", n);
	add(&small, head);
	for (size_t i = 0; i < n; i++) {
		size_t total = 1 + below(34);
		size_t field = 1 + below(total);

		add_case(&small, cat, field, total - field, 1 + (unsigned)below(20),
			 1 + (unsigned)below(8), false);
	}
	snprintf(head, sizeof(head), "%zu\n", n / 4);
	add(&real, head);
	for (size_t i = 0; i < n / 4; i++) {
		size_t total = 1 + below(34);
		size_t field = 1 + below(total);

		add_case(&real, cat, field, total - field, 1 + (unsigned)below(20),
			 1 + (unsigned)below(6), true);
	}
	snprintf(head, sizeof(head), "%zu\n", n_big);
	add(&big, head);
	for (size_t i = 0; i < n_big; i++)
		add_case(&big, cat, 6000, 4000, 1000, 1 + (unsigned)below(40), false);
	snprintf(head, sizeof(head), "%zu\n", n / 4);
	add(&pioneer, head);
	for (size_t i = 0; i < n / 4; i++)
		add_pioneer_case(&pioneer, 6 + below(9), 4 + below(12), 1 + (unsigned)below(20),
				 2 + (unsigned)below(6));
	printf("bench-mana: end to end (parse contest format, solve, print), built-in catalogue\n");
	run("contest-size, parse only", &small, cat, sink, false);
	run("10,000-land, parse only", &big, cat, sink, false);
	for (int round = 0; round < 2; round++) {
		run("contest-size (<= 34 lands)", &small, cat, sink, true);
		run("10,000-land boards", &big, cat, sink, true);
		run("hybrid/Phyrexian/{2/C} costs", &real, cat, sink, true);
		run("Pioneer-like, triomes+fetches", &pioneer, cat, sink, true);
	}
	{
		struct text by_card = { 0 }, by_name = { 0 };

		add_json_cases(&by_card, n / 20, true);
		add_json_cases(&by_name, n / 20, false);
		printf("bench-mana: JSON in, JSON out (mf_api_answer), 20 lands a query\n");
		for (int round = 0; round < 2; round++) {
			run_json("20 lands by name", &by_name, cat);
			run_json("20 lands as card objects", &by_card, cat);
		}
		free(by_card.buf);
		free(by_name.buf);
	}
	free(small.buf);
	free(big.buf);
	free(real.buf);
	free(pioneer.buf);
	mf_mana_catalogue_free(cat);
	fclose(sink);
	return 0;
}
