/*
 * Odds benchmark: milliseconds per mf_odds_compute() call on real mana
 * bases from the built-in catalogue (exact where the work budget allows,
 * sampled where auto falls back), a 100,000-game sample, and Karsten's
 * whole table with mf_odds_sources(). Prints figures; asserts nothing
 * about time.
 *
 * Each figure is the mean of several calls: at least MIN_REPS, and more
 * while they take less than MIN_SECONDS in all (at most MAX_REPS).
 *
 * solver_calls counts the whole call: when auto gives up the exact count for
 * a sample, the sample reuses the boards already solved, and work counts
 * the sample only.
 *
 * usage: bench-odds [TEXT]   (only the figures whose label holds TEXT)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "bench_decks.h"

#define MIN_REPS 3
#define MAX_REPS 50
#define MIN_SECONDS 1.0

static const char *only;  /* argv[1]: run only the labels holding it, or NULL */

/* Whether the figure of this label is to be run. */
static bool wanted(const char *label)
{
	return !only || strstr(label, only);
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct deck {
	const char *label;
	uint32_t size;
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	size_t n_lands;
	uint32_t n_land_cards;
	const struct mf_odds_source *sources;  /* mana that is no land, or NULL */
	const uint32_t *source_counts;
	size_t n_sources;
};

/* Looks each land up in the catalogue; false (with a message) when one is missing. */
static bool make_deck(struct deck *d, const struct mf_mana_catalogue *cat, const char *label,
		      uint32_t size, const struct deck_land *lands, size_t n)
{
	memset(d, 0, sizeof(*d));
	d->label = label;
	d->size = size;
	for (size_t i = 0; i < n; i++) {
		int32_t at = mf_mana_catalogue_find(cat, lands[i].name, strlen(lands[i].name));

		if (at < 0) {
			fprintf(stderr, "bench-odds: %s: no land \"%s\" in the catalogue\n", label,
				lands[i].name);
			return false;
		}
		d->lands[d->n_lands] = at;
		d->counts[d->n_lands++] = lands[i].count;
		d->n_land_cards += lands[i].count;
	}
	return true;
}

static bool parse_cost(const char *text, struct mf_mana_cost *cost)
{
	struct mf_mana_parse_error err;

	if (mf_mana_cost_parse(text, strlen(text), cost, &err) == MF_OK)
		return true;
	fprintf(stderr, "bench-odds: cost %s: %s\n", text, err.reason);
	return false;
}

/* Runs one query several times; prints what was done and the mean time. */
static int run(const struct deck *d, const struct mf_mana_catalogue *cat, const char *cost_text,
	       uint32_t turn, enum mf_odds_method method, uint32_t games)
{
	struct mf_odds_query q = {
		.cat = cat, .size = d->size, .lands = d->lands, .counts = d->counts,
		.n_lands = d->n_lands, .turn = turn, .life = 20, .policy = MF_ODDS_KARSTEN2022,
		.method = method, .seed = 1, .games = games,
	};
	struct mf_odds_result r;
	double t0, dt;
	int reps = 0, rc;

	if (!wanted(d->label))
		return 0;
	if (!parse_cost(cost_text, &q.cost))
		return 1;
	t0 = seconds();
	do {
		rc = mf_odds_compute(&q, &r);
		if (rc) {
			fprintf(stderr, "bench-odds: %s %s T%u: status %d%s\n", d->label, cost_text, turn,
				rc, r.over_budget ? " (over budget)" : "");
			return 1;
		}
		reps++;
		dt = seconds() - t0;
	} while (reps < MIN_REPS || (dt < MIN_SECONDS && reps < MAX_REPS));
	printf("%-16s %-15s T%u %-6s groups %2u  solver_calls %6llu  work %8llu  "
	       "p_castable %.4f  %9.3f ms/call",
	       d->label, cost_text, turn, r.method == MF_ODDS_EXACT ? "exact" : "sample", r.groups,
	       (unsigned long long)r.solver_calls, (unsigned long long)r.work, r.p_castable,
	       dt / reps * 1e3);
	/* auto's fallback also pays for the exact count it gave up on */
	if (r.method == MF_ODDS_SAMPLE)
		printf("  %llu games  se %.4f", (unsigned long long)r.games, r.se[1]);
	if (method == MF_ODDS_SAMPLE)
		printf("  %.0f games/s", (double)r.games * reps / dt);
	printf("  (%d calls)\n", reps);
	return 0;
}

/* Every spell of a deck on the turn of its mana value (at least 1), each
 * with a curve of turns 1..curve, as one request computes them (one
 * mf_odds_compute_many() call, one cache), DECK_REPS times; prints the
 * spells answered exactly, the widest 95% half-interval of the sampled
 * ones, and the fastest and the median time (the machine is shared: the
 * fastest is the least disturbed). */
#define DECK_REPS 5

static int run_deck(const struct deck *d, const struct mf_mana_catalogue *cat, const char *const *costs,
		    size_t n, uint32_t curve, bool on_draw)
{
	struct mf_odds_query q = {
		.cat = cat, .size = d->size, .lands = d->lands, .counts = d->counts,
		.n_lands = d->n_lands, .life = 20, .policy = MF_ODDS_KARSTEN2022, .on_draw = on_draw,
		.method = MF_ODDS_AUTO, .seed = 1, .curve = curve, .sources = d->sources,
		.source_counts = d->source_counts, .n_sources = d->n_sources,
	};
	struct mf_odds_query qs[64];
	struct mf_odds_result r[64];
	int rcs[64];
	double times[DECK_REPS], widest = 0;
	size_t exact = 0;

	if (!wanted(d->label))
		return 0;
	if (n > 64)
		return 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t mv;

		if (!parse_cost(costs[i], &q.cost))
			return 1;
		q.x = q.cost.x_count ? 1 : 0;
		mv = mf_mana_cost_total(&q.cost) + q.cost.x_count * q.x;
		q.turn = mv < 1 ? 1 : mv > MF_ODDS_TURN_MAX ? MF_ODDS_TURN_MAX : (uint32_t)mv;
		qs[i] = q;
	}
	for (int rep = 0; rep < DECK_REPS; rep++) {
		double t0 = seconds();
		struct mf_odds_cache *cache = mf_odds_cache_new();  /* as one request has */

		if (!cache)
			return 1;
		for (size_t i = 0; i < n; i++)
			qs[i].cache = cache;
		mf_odds_compute_many(qs, n, r, rcs);
		times[rep] = seconds() - t0;
		mf_odds_cache_free(cache);
	}
	for (size_t i = 0; i < n; i++) {
		if (rcs[i]) {
			fprintf(stderr, "bench-odds: %s %s: status %d\n", d->label, costs[i], rcs[i]);
			return 1;
		}
		if (r[i].method == MF_ODDS_EXACT)
			exact++;
		else if (1.96 * r[i].se[1] > widest)
			widest = 1.96 * r[i].se[1];
		for (uint32_t t = 0; t < curve && r[i].method == MF_ODDS_SAMPLE; t++)
			if (1.96 * r[i].by_turn_se[t] > widest)
				widest = 1.96 * r[i].by_turn_se[t];
	}
	for (int i = 1; i < DECK_REPS; i++)  /* insertion sort of the times */
		for (int j = i; j > 0 && times[j] < times[j - 1]; j--) {
			double t = times[j];

			times[j] = times[j - 1];
			times[j - 1] = t;
		}
	printf("%-22s %zu spells, curve 1-%u, on the %s: %zu exact, %zu sampled (widest 95%% "
	       "half-interval %.2f points)  fastest %.1f ms, median %.1f ms of %d\n", d->label, n,
	       curve, on_draw ? "draw" : "play", exact, n - exact, widest * 100, times[0] * 1e3,
	       times[DECK_REPS / 2] * 1e3, DECK_REPS);
	return 0;
}

static int run_sources(const char *label, uint32_t size, uint32_t lands, enum mf_odds_policy policy)
{
	struct mf_odds_sources_query q = { .size = size, .lands = lands, .policy = policy };
	struct mf_odds_sources_row rows[MF_ODDS_SOURCES_ROWS_MAX];
	size_t n_rows = 0;
	double t0 = seconds(), dt;
	int reps = 0, rc;

	if (!wanted(label))
		return 0;
	do {
		rc = mf_odds_sources(&q, rows, &n_rows);
		if (rc) {
			fprintf(stderr, "bench-odds: sources %s: status %d\n", label, rc);
			return 1;
		}
		reps++;
		dt = seconds() - t0;
	} while (reps < MIN_REPS || (dt < MIN_SECONDS && reps < MAX_REPS));
	printf("%-18s %2zu rows  %10.3f ms/table  (%d calls)\n", label, n_rows, dt / reps * 1e3, reps);
	return 0;
}

static const struct deck_land mono_red[] = {
	{ "Mountain", 20 }, { "Sacred Foundry", 4 },
};

static const struct deck_land izzet[] = {
	{ "Steam Vents", 4 }, { "Spirebluff Canal", 4 }, { "Sulfur Falls", 4 },
	{ "Scalding Tarn", 4 }, { "Island", 4 }, { "Mountain", 4 },
};

/* Four colours (WURG), twelve kinds: shocks, triomes, fetches, basics. */
static const struct deck_land four_colour[] = {
	{ "Hallowed Fountain", 2 }, { "Steam Vents", 2 }, { "Sacred Foundry", 2 },
	{ "Breeding Pool", 2 }, { "Stomping Ground", 2 }, { "Temple Garden", 1 },
	{ "Raugrin Triome", 2 }, { "Ketria Triome", 2 }, { "Flooded Strand", 3 },
	{ "Wooded Foothills", 3 }, { "Island", 2 }, { "Forest", 2 },
};

/* Sultai Commander, singleton: 38 lands of ten kinds. */
static const struct deck_land commander[] = {
	{ "Forest", 11 }, { "Island", 10 }, { "Swamp", 10 }, { "Breeding Pool", 1 },
	{ "Watery Grave", 1 }, { "Overgrown Tomb", 1 }, { "Zagoth Triome", 1 },
	{ "Misty Rainforest", 1 }, { "Polluted Delta", 1 }, { "Verdant Catacombs", 1 },
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A source of one cost making one option of each letter group ("G",
 * "WUBRG": five options of one mana). */
static struct mf_odds_source dork(const char *name, const char *cost, bool creature,
				  const char *makes)
{
	struct mf_odds_source s = { .name = name, .creature = creature };

	parse_cost(cost, &s.cost);
	for (const char *p = makes; *p; p++)
		s.options[s.n_options++].mana[strchr("WUBRGC", *p) - "WUBRGC"] = 1;
	return s;
}

/* Golgari with 12 dorks: 20 lands, Llanowar Elves, Elvish Mystic and
 * Birds of Paradise 4 each, 28 other spells (30 asked: the Elves and the
 * Birds among them), curve 1 to 7. */
static const struct deck_land golgari[] = {
	{ "Forest", 8 }, { "Swamp", 4 }, { "Overgrown Tomb", 4 }, { "Woodland Cemetery", 4 },
};
static const char *const golgari_spells[] = {
	"{G}", "{B}", "{G}", "{1}{G}", "{1}{B}", "{B}{G}", "{G}{G}", "{1}{B}", "{B}{G}", "{2}{G}",
	"{1}{B}{G}", "{2}{B}", "{1}{G}{G}", "{1}{B}{B}", "{2}{B}{G}", "{3}{G}", "{2}{G}{G}",
	"{3}{B}", "{1}{B}{B}{G}", "{2}{B}{G}", "{3}{B}{G}", "{4}{G}", "{2}{B}{B}{G}", "{4}{B}",
	"{3}{G}{G}", "{4}{B}{G}", "{5}{G}", "{3}{B}{B}{G}", "{5}{B}{G}", "{6}{G}",
};

int main(int argc, char **argv)
{
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	struct deck red, ux, four, cmd, wu, bug, bg;
	struct mf_odds_source dorks[3];
	const uint32_t dork_counts[3] = { 4, 4, 4 };
	int bad = 0;

	only = argc > 1 ? argv[1] : NULL;
	if (mf_mana_catalogue_builtin(&cat, &err)) {
		fprintf(stderr, "bench-odds: built-in catalogue: %s\n", err.reason);
		return 1;
	}
	if (!make_deck(&red, cat, "mono-red 60/24", 60, mono_red, N_OF(mono_red)) ||
	    !make_deck(&ux, cat, "Izzet 60/24", 60, izzet, N_OF(izzet)) ||
	    !make_deck(&four, cat, "4-colour 60/25", 60, four_colour, N_OF(four_colour)) ||
	    !make_deck(&cmd, cat, "Commander 99/38", 99, commander, N_OF(commander)) ||
	    !make_deck(&wu, cat, "Azorius 60/24, 8 kinds", 60, azorius, N_OF(azorius)) ||
	    !make_deck(&bug, cat, "Sultai 99/38, 20 kinds", 99, sultai, N_OF(sultai)) ||
	    !make_deck(&bg, cat, "Golgari 60/20+12 dorks", 60, golgari, N_OF(golgari))) {
		mf_mana_catalogue_free(cat);
		return 1;
	}
	printf("bench-odds: mf_odds_compute, karsten2022, on the play, life 20, method auto\n");
	bad |= run(&red, cat, "{1}{R}{R}", 3, MF_ODDS_AUTO, 0);
	bad |= run(&ux, cat, "{U}{R}", 2, MF_ODDS_AUTO, 0);
	bad |= run(&ux, cat, "{1}{U}{U}", 3, MF_ODDS_AUTO, 0);
	bad |= run(&ux, cat, "{1}{U}{R}{R}", 4, MF_ODDS_AUTO, 0);
	bad |= run(&ux, cat, "{4}{U}{U}{R}", 7, MF_ODDS_AUTO, 0);
	bad |= run(&four, cat, "{1}{W}{U}{R}{G}", 5, MF_ODDS_AUTO, 0);
	bad |= run(&cmd, cat, "{1}{B}{G}{U}", 4, MF_ODDS_AUTO, 0);
	printf("bench-odds: whole decks, each spell on its mana value's turn, method auto\n");
	bad |= run_deck(&wu, cat, azorius_spells, N_OF(azorius_spells), 7, false);
	bad |= run_deck(&wu, cat, azorius_spells, N_OF(azorius_spells), 6, false);
	bad |= run_deck(&wu, cat, azorius_spells, N_OF(azorius_spells), 0, false);
	bad |= run_deck(&bug, cat, sultai_spells, N_OF(sultai_spells), 0, true);
	dorks[0] = dork("Llanowar Elves", "{G}", true, "G");
	dorks[1] = dork("Elvish Mystic", "{G}", true, "G");
	dorks[2] = dork("Birds of Paradise", "{G}", true, "WUBRG");
	bg.sources = dorks;
	bg.source_counts = dork_counts;
	bg.n_sources = 3;
	printf("bench-odds: mana that is no land, sampled to +-0.5 points at 95%%\n");
	bad |= run_deck(&bg, cat, golgari_spells, N_OF(golgari_spells), 7, false);
	printf("bench-odds: mf_odds_compute, sampled (seed 1)\n");
	bad |= run(&ux, cat, "{1}{U}{R}{R}", 4, MF_ODDS_SAMPLE, 100000);
	printf("bench-odds: mf_odds_sources, the whole table, Karsten's own targets\n");
	bad |= run_sources("karsten2022 60/25", 60, 25, MF_ODDS_KARSTEN2022);
	bad |= run_sources("paris2013 60/24", 60, 24, MF_ODDS_PARIS2013);
	mf_mana_catalogue_free(cat);
	return bad;
}
