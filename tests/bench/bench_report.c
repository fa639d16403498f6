/*
 * Report benchmark: mf_report_compute() on whole decks, with advice, and
 * what it answered: seconds, spells counted exactly, the widest 95%
 * half-interval of the sampled ones, the screening's size and the advice.
 * Prints figures; asserts nothing about time.
 *
 *  - Azorius 60/24, eight kinds of land (bench_odds.c's deck), thirty
 *    distinct spells (36 cards);
 *  - Sultai Commander: 99 cards (38 lands of twenty kinds, a bounce land
 *    among them) and a commander, sixty distinct spells, on the draw.
 *
 * usage: bench-report [seed]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "manaflow/mana.h"
#include "manaflow/odds.h"
#include "manaflow/report.h"

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds of this process: "one core" on a shared machine, where the
 * wall clock also counts the other processes' turns. */
static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct deck_land {
	const char *name;
	uint32_t count;
};

static const struct deck_land azorius[] = {
	{ "Flooded Strand", 4 }, { "Hallowed Fountain", 4 }, { "Glacial Fortress", 4 },
	{ "Seachrome Coast", 4 }, { "Raffine's Tower", 2 },
	{ "Hengegate Pathway // Mistgate Pathway", 2 }, { "Island", 2 }, { "Plains", 2 },
};
static const char *const azorius_spells[] = {
	"{W}", "{U}", "{1}{W}", "{1}{U}", "{W}{U}", "{U}{U}", "{W}{W}", "{2}{W}", "{2}{U}",
	"{1}{W}{U}", "{1}{U}{U}", "{1}{W}{W}", "{2}{W}{U}", "{3}{W}", "{3}{U}", "{2}{U}{U}",
	"{2}{W}{W}", "{3}{W}{U}", "{4}{W}", "{4}{U}", "{2}{W}{W}{U}", "{1}{W}{U}{U}", "{5}{W}",
	"{3}{U}{U}", "{4}{W}{U}", "{X}{U}{U}", "{W/U}{W/U}", "{1}{W/U}", "{2}{W/P}", "{6}{U}",
};

static const struct deck_land sultai[] = {
	{ "Forest", 7 }, { "Island", 7 }, { "Swamp", 7 }, { "Breeding Pool", 1 },
	{ "Watery Grave", 1 }, { "Overgrown Tomb", 1 }, { "Zagoth Triome", 1 },
	{ "Misty Rainforest", 1 }, { "Polluted Delta", 1 }, { "Verdant Catacombs", 1 },
	{ "Woodland Cemetery", 1 }, { "Drowned Catacomb", 1 }, { "Hinterland Harbor", 1 },
	{ "Darkslick Shores", 1 }, { "Botanical Sanctum", 1 }, { "Blooming Marsh", 1 },
	{ "Opulent Palace", 1 }, { "Golgari Rot Farm", 1 }, { "Evolving Wilds", 1 },
	{ "Fabled Passage", 1 },
};
static const char *const sultai_spells[] = {
	"{G}", "{U}", "{B}", "{1}{G}", "{1}{U}", "{1}{B}", "{G}{U}", "{B}{G}", "{U}{B}", "{2}{G}",
	"{2}{U}", "{2}{B}", "{1}{G}{U}", "{1}{B}{G}", "{1}{U}{B}", "{G}{G}", "{U}{U}", "{B}{B}",
	"{1}{G}{G}", "{1}{U}{U}", "{1}{B}{B}", "{B}{G}{U}", "{3}{G}", "{3}{U}", "{3}{B}",
	"{2}{G}{U}", "{2}{B}{G}", "{2}{U}{B}", "{2}{G}{G}", "{2}{U}{U}", "{2}{B}{B}", "{1}{B}{G}{U}",
	"{4}{G}", "{4}{U}", "{4}{B}", "{3}{G}{U}", "{3}{B}{G}", "{3}{U}{B}", "{2}{G}{G}{U}",
	"{2}{U}{U}{B}", "{2}{B}{B}{G}", "{2}{B}{G}{U}", "{5}{G}", "{5}{U}", "{5}{B}", "{4}{G}{U}",
	"{4}{B}{G}", "{4}{U}{B}", "{3}{B}{G}{U}", "{6}{G}", "{6}{U}", "{6}{B}", "{5}{G}{U}",
	"{5}{B}{G}", "{5}{U}{B}", "{4}{B}{G}{U}", "{X}{G}", "{X}{U}{U}", "{G/U}{G/U}", "{7}{B}",
	"{3}{B}{G}{U}",  /* the commander, last */
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define SPELLS_MAX 100

struct deck {
	const char *label;
	uint32_t size;
	int32_t lands[MF_ODDS_LAND_KINDS_MAX];
	uint32_t counts[MF_ODDS_LAND_KINDS_MAX];
	size_t n_lands;
	struct mf_report_spell_in spells[SPELLS_MAX];
	size_t n_spells;
};

/* The deck: its lands looked up, its spells parsed, each spell 1 copy and
 * the first `doubled` 2; the last one the commander when `commander`. */
static bool make_deck(struct deck *d, const struct mf_mana_catalogue *cat, const char *label,
		      uint32_t size, const struct deck_land *lands, size_t n_lands,
		      const char *const *spells, size_t n_spells, size_t doubled, bool commander)
{
	memset(d, 0, sizeof(*d));
	d->label = label;
	d->size = size;
	for (size_t i = 0; i < n_lands; i++) {
		int32_t at = mf_mana_catalogue_find(cat, lands[i].name, strlen(lands[i].name));

		if (at < 0) {
			fprintf(stderr, "bench-report: no land \"%s\"\n", lands[i].name);
			return false;
		}
		d->lands[d->n_lands] = at;
		d->counts[d->n_lands++] = lands[i].count;
	}
	for (size_t i = 0; i < n_spells; i++) {
		struct mf_report_spell_in *s = &d->spells[d->n_spells++];
		struct mf_mana_parse_error err;

		s->name = spells[i];
		s->count = i < doubled ? 2 : 1;
		s->commander = commander && i + 1 == n_spells;
		if (mf_mana_cost_parse(spells[i], strlen(spells[i]), &s->cost, &err)) {
			fprintf(stderr, "bench-report: cost %s: %s\n", spells[i], err.reason);
			return false;
		}
	}
	return true;
}

static void print_advice(const char *what, const struct mf_report_advice *a)
{
	printf("  %-7s %u %s -> %u %s: %+.2f points (%zu spells change)\n", what, a->out.count,
	       a->out.name, a->in.count, a->in.name, a->gain, a->n_changes);
}

static int run(const struct deck *d, const struct mf_mana_catalogue *cat, bool on_draw,
	       uint64_t seed)
{
	struct mf_report_query q = {
		.cat = cat, .size = d->size, .lands = d->lands, .counts = d->counts,
		.n_lands = d->n_lands, .spells = d->spells, .n_spells = d->n_spells,
		.on_draw = on_draw, .policy = MF_ODDS_KARSTEN2022, .life = 20,
		.method = MF_ODDS_AUTO, .seed = seed, .advice = true,
	};
	struct mf_report r;
	double t0 = seconds(), c0 = cpu_seconds(), t_spells, t_all, c_spells, c_all, widest = 0;
	int rc;

	q.advice = false;
	rc = mf_report_compute(&q, &r);
	t_spells = seconds() - t0;
	c_spells = cpu_seconds() - c0;
	mf_report_free(&r);
	if (rc) {
		fprintf(stderr, "bench-report: %s: status %d\n", d->label, rc);
		return 1;
	}
	q.advice = true;
	t0 = seconds();
	c0 = cpu_seconds();
	rc = mf_report_compute(&q, &r);
	t_all = seconds() - t0;
	c_all = cpu_seconds() - c0;
	if (rc) {
		fprintf(stderr, "bench-report: %s: status %d (limit %d)\n", d->label, rc, r.limit);
		return 1;
	}
	for (size_t i = 0; i < r.n_spells; i++) {
		const struct mf_odds_result *o = &r.spells[i].odds;

		if (o->method != MF_ODDS_SAMPLE)
			continue;
		if (1.96 * o->se[1] > widest)
			widest = 1.96 * o->se[1];
		if (1.96 * o->se[2] > widest)
			widest = 1.96 * o->se[2];
		for (uint32_t t = 0; t < o->curve; t++)
			if (1.96 * o->by_turn_se[t] > widest)
				widest = 1.96 * o->by_turn_se[t];
	}
	printf("%s: %zu spells, %zu distinct answers exact; widest 95%% half-interval %.2f points\n",
	       d->label, r.n_spells, r.n_exact, widest * 100);
	printf("  spells and colours: %.3f s CPU (%.3f s wall); with advice: %.3f s CPU (%.3f s "
	       "wall; %zu swaps screened, %zu counted exactly, advice %s), work %llu, mean "
	       "on-curve p %.4f\n",
	       c_spells, t_spells, c_all, t_all, r.candidates, r.screened_exact,
	       r.advice_complete ? "complete" : "INCOMPLETE", (unsigned long long)r.work, r.mean_p);
	for (size_t i = 0; i < r.n_colors; i++) {
		const struct mf_report_color *c = &r.colors[i];

		printf("  %c: %2u sources, needs %2u for %s (row %u+%u on turn %u), short %u, p %.4f\n",
		       mf_mana_letter(c->color), c->sources, c->needed, r.spells[c->demand].name,
		       c->generic, c->pips, c->turn, c->short_by, c->p);
	}
	for (size_t i = 0; i < r.n_advice; i++)
		print_advice("swap", &r.advice[i]);
	if (r.has_more_land)
		print_advice("+land", &r.more_land);
	if (r.has_fewer_land)
		print_advice("-land", &r.fewer_land);
	mf_report_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	static struct deck wu, bug;
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
	int bad = 0;

	if (mf_mana_catalogue_builtin(&cat, &err)) {
		fprintf(stderr, "bench-report: built-in catalogue: %s\n", err.reason);
		return 1;
	}
	if (!make_deck(&wu, cat, "Azorius 60/24, 8 kinds", 60, azorius, N_OF(azorius),
		       azorius_spells, N_OF(azorius_spells), 6, false) ||
	    !make_deck(&bug, cat, "Sultai Commander 99/38 + commander", 99, sultai, N_OF(sultai),
		       sultai_spells, N_OF(sultai_spells), 0, true)) {
		mf_mana_catalogue_free(cat);
		return 1;
	}
	printf("bench-report: mf_report_compute, karsten2022, life 20, method auto, seed %llu\n",
	       (unsigned long long)seed);
	bad |= run(&wu, cat, false, seed);
	bad |= run(&bug, cat, true, seed);
	mf_mana_catalogue_free(cat);
	return bad;
}
