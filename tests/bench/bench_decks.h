/*
 * The whole decks the benchmarks share (bench-odds, bench-report): their
 * lands by catalogue name and count, and their spells' costs. Test code
 * only; each benchmark includes it once.
 */
#ifndef MF_BENCH_DECKS_H
#define MF_BENCH_DECKS_H

#include <stdint.h>

struct deck_land {
	const char *name;
	uint32_t count;
};

/* Azorius, eight kinds: a fetch, a shock, a check, a fast land, a triome,
 * a pathway card and basics; thirty spells of distinct costs. */
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

/* Sultai Commander: 38 lands of twenty kinds, a bounce land among them. */
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
};

#endif
