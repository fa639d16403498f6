/*
 * The deck report against independent computations on random decks from
 * fixed seeds (report_check.c): every spell's answer against its own
 * mf_odds_compute(), sources per colour against a hand count and the
 * demand against Karsten's cells searched afresh, and on one deck a seed
 * the whole advice against the decks rebuilt from its lines.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/random.h"
#include "manaflow/report.h"
#include "report_check.h"

#define DIFF_SEEDS 6
#define DIFF_DECKS 3

/* Lands of every behaviour the colour table and the advice read: basics,
 * shocks, duals, fetches (by type and of any basic), check, fast, tapped,
 * pathways. */
static const char *const pool[] = {
	"Plains", "Island", "Swamp", "Mountain", "Forest", "Hallowed Fountain", "Blood Crypt",
	"Steam Vents", "Overgrown Tomb", "Tundra", "Flooded Strand", "Wooded Foothills",
	"Polluted Delta", "Prismatic Vista", "Glacial Fortress", "Spirebluff Canal",
	"Swiftwater Cliffs", "Azorius Guildgate", "Hengegate Pathway // Mistgate Pathway",
};
static const char *const costs[] = {
	"{W}", "{U}", "{B}", "{R}", "{G}", "{1}{W}", "{1}{U}", "{U}{U}", "{B}{R}", "{2}{R}",
	"{1}{W}{U}", "{2}{B}{B}", "{3}{G}", "{X}{R}", "{W/U}", "{1}{B/P}", "{2}{U}{R}",
	"{3}{W}{W}", "{5}", "{1}{G}{G}",
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t below(uint64_t *rng, uint32_t n)
{
	return (uint32_t)(mf_splitmix64(rng) % n);
}

/* A random deck: 40 or 60 cards, 2-4 kinds of land (14-26 in all), 2-6
 * distinct spells filling at most the rest, maybe a commander. */
static void random_deck(uint64_t *rng, struct rc_deck *d)
{
	uint32_t kinds = 2 + below(rng, 3), n_spells = 2 + below(rng, 5), lands = 0, room;
	bool used[N_OF(pool)] = { false };

	memset(d, 0, sizeof(*d));
	d->size = below(rng, 2) ? 60 : 40;
	while (d->n_lands < kinds) {
		uint32_t at = below(rng, N_OF(pool));

		if (used[at])
			continue;
		used[at] = true;
		rc_land(d, pool[at], 2 + below(rng, d->size / 10));
		lands += d->counts[d->n_lands - 1];
	}
	room = d->size - lands;
	for (uint32_t i = 0; i < n_spells; i++) {
		uint32_t count = 1 + below(rng, 4);
		bool commander = i == 0 && below(rng, 4) == 0;

		if (!commander && count > room)
			break;
		rc_spell(d, costs[below(rng, N_OF(costs))], count, commander);
		if (!commander)
			room -= count;
	}
}

START_TEST(test_random_decks)
{
	uint64_t rng = 0x7265706f7274ull * (uint64_t)(_i + 1);

	for (int k = 0; k < DIFF_DECKS; k++) {
		struct rc_deck d;
		struct mf_report r;
		struct mf_report_query q;
		bool advice = k == 0;

		random_deck(&rng, &d);
		q = rc_query(&d, advice ? MF_ODDS_EXACT : MF_ODDS_AUTO, advice);
		ck_assert_int_eq(mf_report_compute(&q, &r), MF_OK);
		if (advice) {
			ck_assert(r.advice_complete);
			/* the land lines at least, recounted */
			ck_assert_uint_ge(rc_check(&d, &r, true), 2);
		} else {
			rc_check(&d, &r, false);
		}
		mf_report_free(&r);
	}
}
END_TEST

Suite *report_diff_suite(void);

Suite *report_diff_suite(void)
{
	Suite *s = suite_create("report-diff");
	TCase *t = tcase_create("random");

	tcase_set_timeout(t, 600);
	tcase_add_loop_test(t, test_random_decks, 0, DIFF_SEEDS);
	suite_add_tcase(s, t);
	return s;
}
