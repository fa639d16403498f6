/*
 * Report benchmark: mf_report_compute() on whole decks, with advice, and
 * what it answered: seconds, spells counted exactly, the widest 95%
 * half-interval of the sampled ones, the screening's size and the advice.
 * Prints figures; asserts nothing about time.
 *
 *  - Azorius 60/24, eight kinds of land (bench_odds.c's deck), thirty
 *    distinct spells (36 cards);
 *  - Sultai Commander: 99 cards (38 lands of twenty kinds, a bounce land
 *    among them) and a commander, sixty distinct spells, on the draw;
 *  - a Sultai Commander deck with rocks: 36 lands of fifteen kinds (basics,
 *    shocks, check lands, a triome, Command Tower, a bounce land, a gain
 *    land, Evolving Wilds), ten mana rocks (Sol Ring, Arcane Signet, Mind
 *    Stone, Thought Vessel, Commander's Sphere, three Signets, two
 *    Talismans), fifty-three of the Sultai deck's spells and its
 *    commander, life 40, sampled.
 *
 * usage: bench-report [seed [azorius|sultai|rocks]]  (every deck by default)
 * The report runs on two threads (query.lanes 2), as the CLI's and an idle
 * server's do; BENCH_LANES=1 runs it on one: the same answer, work
 * included, and the CPU seconds it costs beside the wall clock's.
 */
#include <stdarg.h>
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
	struct mf_odds_source sources[MF_ODDS_SOURCE_KINDS_MAX];
	uint32_t source_counts[MF_ODDS_SOURCE_KINDS_MAX];
	size_t source_spell[MF_ODDS_SOURCE_KINDS_MAX];
	size_t n_sources;
	uint32_t life;
	bool singleton;  /* a Commander deck: one of each, in the commander's identity */
};

/* A rock of the rocks deck: its name and cost, its filter, and what each
 * tap makes ("CC"; "U!1": {U} for 1 life), NULL-ended. */
static bool add_rock(struct deck *d, const char *name, const char *cost, unsigned filter, ...)
{
	struct mf_odds_source *s = &d->sources[d->n_sources];
	struct mf_report_spell_in *in = &d->spells[d->n_spells];
	struct mf_mana_parse_error err;
	const char *opt;
	va_list ap;

	memset(s, 0, sizeof(*s));
	memset(in, 0, sizeof(*in));
	s->name = in->name = name;
	s->filter = (uint8_t)filter;
	if (mf_mana_cost_parse(cost, strlen(cost), &s->cost, &err))
		return false;
	in->cost = s->cost;
	in->count = 1;
	va_start(ap, filter);
	while ((opt = va_arg(ap, const char *)) != NULL) {
		struct mf_mana_land_option *o = &s->options[s->n_options++];

		for (; *opt && *opt != '!'; opt++)
			o->mana[strchr("WUBRGC", *opt) - "WUBRGC"]++;
		if (*opt == '!')
			o->life = (uint8_t)atoi(opt + 1);
	}
	va_end(ap);
	d->source_counts[d->n_sources] = 1;
	d->source_spell[d->n_sources++] = d->n_spells++;
	return true;
}

/* The lands of the rocks deck. */
static const struct deck_land rocks_lands[] = {
	{ "Forest", 8 }, { "Island", 7 }, { "Swamp", 7 }, { "Breeding Pool", 1 },
	{ "Watery Grave", 1 }, { "Overgrown Tomb", 1 }, { "Woodland Cemetery", 1 },
	{ "Drowned Catacomb", 1 }, { "Hinterland Harbor", 1 }, { "Zagoth Triome", 1 },
	{ "Command Tower", 1 }, { "Golgari Rot Farm", 1 }, { "Llanowar Wastes", 1 },
	{ "Jungle Hollow", 1 }, { "Evolving Wilds", 1 },
};

/* The rocks deck from the Sultai one (built): its own lands, the Sultai
 * deck's first 53 spells and commander, ten rocks (the file's comment),
 * life 40. Command Tower makes the commander's colours. */
static bool make_rocks(struct deck *d, const struct deck *bug, const struct mf_mana_catalogue *cat,
		       struct mf_mana_catalogue **own)
{
	struct mf_mana_land tower;
	struct mf_mana_parse_error err;

	*d = *bug;
	d->label = "Sultai Commander 99/36 + 10 rocks";
	d->life = 40;
	d->singleton = true;
	d->n_lands = 0;
	for (size_t i = 0; i < N_OF(rocks_lands); i++) {
		int32_t at = mf_mana_catalogue_find(cat, rocks_lands[i].name, strlen(rocks_lands[i].name));

		if (at < 0)
			return false;
		d->lands[d->n_lands] = at;
		d->counts[d->n_lands++] = rocks_lands[i].count;
	}
	/* Command Tower narrowed to the commander's identity, as the API does */
	tower = *mf_mana_catalogue_land(cat, (size_t)d->lands[10]);
	mf_mana_land_narrow(&tower, 0x16);  /* U, B, G */
	if (mf_mana_catalogue_extend(cat, &tower, 1, own, &err))
		return false;
	d->lands[10] = (int32_t)mf_mana_catalogue_size(cat);
	d->spells[53] = bug->spells[bug->n_spells - 1];  /* the commander */
	d->n_spells = 54;
	return add_rock(d, "Sol Ring", "{1}", 0, "CC", NULL) &&
	       add_rock(d, "Arcane Signet", "{2}", 0, "U", "B", "G", NULL) &&
	       add_rock(d, "Mind Stone", "{2}", 0, "C", NULL) &&
	       add_rock(d, "Thought Vessel", "{2}", 0, "C", NULL) &&
	       add_rock(d, "Commander's Sphere", "{3}", 0, "U", "B", "G", NULL) &&
	       add_rock(d, "Golgari Signet", "{2}", 1, "BG", NULL) &&
	       add_rock(d, "Dimir Signet", "{2}", 1, "UB", NULL) &&
	       add_rock(d, "Simic Signet", "{2}", 1, "UG", NULL) &&
	       add_rock(d, "Talisman of Curiosity", "{2}", 0, "C", "U!1", "G!1", NULL) &&
	       add_rock(d, "Talisman of Resilience", "{2}", 0, "C", "B!1", "G!1", NULL);
}

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
		.on_draw = on_draw, .policy = MF_ODDS_KARSTEN2022, .life = d->life ? d->life : 20,
		.method = MF_ODDS_AUTO, .seed = seed, .advice = true, .sources = d->sources,
		.source_counts = d->source_counts, .source_spell = d->source_spell,
		.n_sources = d->n_sources,
		.copies_max = d->singleton ? 1 : 0, .off_identity = d->singleton ? 0x09 : 0,
		.lanes = getenv("BENCH_LANES") ? (uint32_t)atoi(getenv("BENCH_LANES")) : 2,
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
		fprintf(stderr, "bench-report: %s: status %d (limit %d)\n", d->label, rc, r.limit);
		return 1;
	}
	if (getenv("BENCH_SPELLS_ONLY"))
		return 0;
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
	if (r.has_source_in)
		print_advice("+source", &r.source_in);
	if (r.has_source_out)
		print_advice("-source", &r.source_out);
	mf_report_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	struct mf_mana_catalogue *cat;
	struct mf_mana_parse_error err;
	static struct deck wu, bug, rocks;
	struct mf_mana_catalogue *own = NULL;
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
		       sultai_spells, N_OF(sultai_spells), 0, sultai_commander) ||
	    !make_rocks(&rocks, &bug, cat, &own)) {
		mf_mana_catalogue_free(own);
		mf_mana_catalogue_free(cat);
		return 1;
	}
	printf("bench-report: mf_report_compute, karsten2022, life 20, method auto, lanes %s, seed %llu\n",
	       getenv("BENCH_LANES") ? getenv("BENCH_LANES") : "2",
	       (unsigned long long)seed);
	if (!*only || !strcmp(only, "azorius"))
		bad |= run(&wu, cat, false, seed);
	if (!*only || !strcmp(only, "sultai"))
		bad |= run(&bug, cat, true, seed);
	if (!*only || !strcmp(only, "rocks"))
		bad |= run(&rocks, own, true, seed);
	mf_mana_catalogue_free(own);
	mf_mana_catalogue_free(cat);
	return bad;
}
