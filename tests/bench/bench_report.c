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
 * usage: bench-report [seed [azorius|sultai]]  (both decks by default)
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
#include "bench_decks.h"

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

/* The commander of the Sultai deck (bench_decks.h), asked after its spells. */
static const char sultai_commander[] = "{3}{B}{G}{U}";

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
 * the first `doubled` 2; then `commander`'s cost, when not NULL, as the
 * commander. */
static bool make_deck(struct deck *d, const struct mf_mana_catalogue *cat, const char *label,
		      uint32_t size, const struct deck_land *lands, size_t n_lands,
		      const char *const *spells, size_t n_spells, size_t doubled, const char *commander)
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
	for (size_t i = 0; i < n_spells + (commander != NULL); i++) {
		struct mf_report_spell_in *s = &d->spells[d->n_spells++];
		struct mf_mana_parse_error err;
		const char *cost = i < n_spells ? spells[i] : commander;

		s->name = cost;
		s->count = i < doubled ? 2 : 1;
		s->commander = i == n_spells;
		if (mf_mana_cost_parse(cost, strlen(cost), &s->cost, &err)) {
			fprintf(stderr, "bench-report: cost %s: %s\n", cost, err.reason);
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
	const char *only = argc > 2 ? argv[2] : "";
	int bad = 0;

	if (mf_mana_catalogue_builtin(&cat, &err)) {
		fprintf(stderr, "bench-report: built-in catalogue: %s\n", err.reason);
		return 1;
	}
	if (!make_deck(&wu, cat, "Azorius 60/24, 8 kinds", 60, azorius, N_OF(azorius),
		       azorius_spells, N_OF(azorius_spells), 6, NULL) ||
	    !make_deck(&bug, cat, "Sultai Commander 99/38 + commander", 99, sultai, N_OF(sultai),
		       sultai_spells, N_OF(sultai_spells), 0, sultai_commander)) {
		mf_mana_catalogue_free(cat);
		return 1;
	}
	printf("bench-report: mf_report_compute, karsten2022, life 20, method auto, seed %llu\n",
	       (unsigned long long)seed);
	if (strcmp(only, "sultai") != 0)
		bad |= run(&wu, cat, false, seed);
	if (strcmp(only, "azorius") != 0)
		bad |= run(&bug, cat, true, seed);
	mf_mana_catalogue_free(cat);
	return bad;
}
