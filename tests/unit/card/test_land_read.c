/*
 * Check suites of the land reader (mf_card_land_read) on cards-sample.json:
 * every land of the sample is read or says why not, and the land families
 * the model has that the sample holds are read exactly. The families it does not have,
 * limits and mutated texts are in test_land_text.c. MF_LAND_DUMP=1 prints
 * the description of every land of the sample.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/card.h"
#include "unit/card/land_describe.h"
#include "unit/card/sample.h"
#include "unit/card/suites.h"

static struct sample sample;

static void sample_setup(void)
{
	if (sample_load(sample_path(), &sample) != 0)
		ck_abort_msg("cannot load %s (set MF_DECK_SAMPLE)", sample_path());
}

static void sample_teardown(void)
{
	sample_free(&sample);
}

/* The description of the only land face of the sample's card called name. */
static const char *sample_land(const char *name)
{
	static char buf[1024];
	static struct mf_card_lands lands;
	const struct sample_card *sc = sample_find(&sample, name);

	ck_assert_msg(sc != NULL, "%s is not in the sample", name);
	ck_assert_int_eq(mf_card_land_read(&sc->card, &lands), MF_OK);
	ck_assert_msg(lands.n == 1, "%s: %zu land faces", name, lands.n);
	land_describe(&lands.faces[0], buf, sizeof(buf));
	return buf;
}

#define ck_sample(name, want)                                                 \
	do {                                                                  \
		const char *got_ = sample_land(name);                         \
		ck_assert_msg(strcmp(got_, want) == 0, "%s:\n  got  %s\n  want %s", \
			      name, got_, want);                              \
	} while (0)

/* ------------------------------------------------------------------ */
/* The whole sample                                                    */

START_TEST(every_land_of_the_sample)
{
	size_t lands = 0, read = 0, unsupported = 0;
	size_t by_why[MF_CARD_WHY_COUNT] = { 0 };
	int dump = getenv("MF_LAND_DUMP") != NULL;

	printf("land: unsupported lands of the sample:\n");
	for (size_t i = 0; i < sample.n; i++) {
		const struct mf_card_object *card = &sample.cards[i].card;
		struct mf_card_lands out;
		char desc[1024];

		ck_assert_int_eq(mf_card_land_read(card, &out), MF_OK);
		if (!land_card_is_land(card)) {
			ck_assert_msg(out.n == 0, "%s is not a land", card->card.name);
			continue;
		}
		lands++;
		ck_assert_msg(out.n == 1, "%s: %zu land faces", card->card.name, out.n);
		land_describe(&out.faces[0], desc, sizeof(desc));
		if (dump) {
			printf("  %-34s %s\n", card->card.name, desc);
			for (size_t k = 0; k < out.faces[0].n_ignored; k++)
				printf("  %34s   %s: %s\n", "", land_why_short(out.faces[0].ignored[k].why),
				       out.faces[0].ignored[k].text);
		}
		if (out.faces[0].unsupported == MF_CARD_WHY_NONE) {
			ck_assert_uint_gt(out.faces[0].n_mana + out.faces[0].n_fetch, 0);
			read++;
			continue;
		}
		ck_assert_uint_eq(out.faces[0].n_mana + out.faces[0].n_fetch, 0);
		ck_assert_int_lt(out.faces[0].unsupported, MF_CARD_WHY_COUNT);
		by_why[out.faces[0].unsupported]++;
		unsupported++;
		printf("  %-34s unsupported: %s\n", card->card.name,
		       mf_card_land_why_text(out.faces[0].unsupported));
	}
	printf("land: %zu lands in the sample: %zu read, %zu unsupported\n", lands, read, unsupported);
	for (int w = 0; w < MF_CARD_WHY_COUNT; w++) {
		if (by_why[w])
			printf("land:   unsupported, %s: %zu\n", mf_card_land_why_text(w), by_why[w]);
	}
	ck_assert_uint_eq(lands, read + unsupported);
	ck_assert_uint_ge(lands, 500);
	ck_assert_uint_ge(read * 100, lands * 90);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The model's land families in the sample (2019 Oracle wording)      */

START_TEST(sample_basics)
{
	ck_sample("Plains", "basic | mana=*W");
	ck_sample("Island", "basic | mana=*U");
	ck_sample("Swamp", "basic | mana=*B");
	ck_sample("Mountain", "basic | mana=*R");
	ck_sample("Forest", "basic | mana=*G");
	ck_sample("Snow-Covered Island", "basic snow | mana=*U");
	ck_sample("Wastes", "basic | mana=C");
	/* Dual lands: two implicit abilities, nothing else. */
	ck_sample("Tundra", "mana=*W *U");
	ck_sample("Badlands", "mana=*B *R");
	ck_sample("Dryad Arbor", "mana=*G");
}
END_TEST

START_TEST(sample_shock_fetch_pain)
{
	ck_sample("Hallowed Fountain", "mana=*W *U | enters=shock2");
	ck_sample("Overgrown Tomb", "mana=*B *G | enters=shock2");
	/* The sample's only Zendikar fetch land. */
	ck_sample("Scalding Tarn", "fetch=UR-1");
	ck_sample("Bad River", "fetch=UB | enters=tapped");
	ck_sample("Evolving Wilds", "fetch=any tapped");
	ck_sample("Adarkar Wastes", "mana=C W-1 U-1");
	ck_sample("Battlefield Forge", "mana=C R-1 W-1");
	ck_sample("Caldera Lake", "mana=C U-1 R-1 | enters=tapped");
	ck_sample("Barbarian Ring", "mana=R-1");
	ck_sample("Horizon Canopy", "mana=G-1 W-1");
}
END_TEST

START_TEST(sample_five_colour_and_colourless)
{
	ck_sample("City of Brass", "mana=W-1 U-1 B-1 R-1 G-1");
	ck_sample("Mana Confluence", "mana=W-1 U-1 B-1 R-1 G-1");
	ck_sample("Tarnished Citadel", "mana=C W-3 U-3 B-3 R-3 G-3");
	ck_sample("Grand Coliseum", "mana=C W-1 U-1 B-1 R-1 G-1 | enters=tapped");
	ck_sample("Ancient Tomb", "mana=CC-2");
	ck_sample("City of Traitors", "mana=CC");
	ck_sample("Urza's Mine", "mana=C | tron=2");
	ck_sample("Urza's Power Plant", "mana=C | tron=2");
	ck_sample("Urza's Tower", "mana=C | tron=3");
	ck_sample("Urza's Factory", "mana=C");
	ck_sample("Grove of the Burnwillows", "mana=C R G | ignored=rider");
	ck_sample("Crystal Vein", "mana=C CC!");
	ck_sample("Boseiju, Who Shelters All", "legendary | mana=C-2 | enters=tapped | ignored=rider");
}
END_TEST

START_TEST(sample_bounce_and_tri)
{
	ck_sample("Azorius Chancery", "mana=WU | enters=tapped | bounce");
	ck_sample("Golgari Rot Farm", "mana=BG | enters=tapped | bounce");
	ck_sample("Karoo", "mana=WC | enters=tapped | bounce untapped:W");
	ck_sample("Coral Atoll", "mana=UC | enters=tapped | bounce untapped:U");
	ck_sample("Crosis's Catacombs", "mana=U B R | bounce");
	ck_sample("Arcane Sanctum", "mana=W U B | enters=tapped");
	ck_sample("Jungle Shrine", "mana=R G W | enters=tapped");
	ck_sample("Savage Lands", "mana=B R G | enters=tapped");
	ck_sample("Frontier Bivouac", "mana=G U R | enters=tapped");
}
END_TEST

START_TEST(sample_enters_tapped)
{
	/* Fast, check, battle (tango) and reveal lands. */
	ck_sample("Blackcleave Cliffs", "mana=B R | enters=few2");
	ck_sample("Seachrome Coast", "mana=W U | enters=few2");
	ck_sample("Glacial Fortress", "mana=W U | enters=control:WU");
	ck_sample("Dragonskull Summit", "mana=B R | enters=control:BR");
	ck_sample("Canopy Vista", "mana=*W *G | enters=basics2");
	ck_sample("Choked Estuary", "mana=U B | enters=reveal:UB");
	ck_sample("Gilt-Leaf Palace", "mana=B G | enters=conditional | ignored=state");
	/* Gain lands, temples, guildgates, snow duals, hideaway. */
	ck_sample("Bloodfell Caves", "mana=B R | enters=tapped");
	ck_sample("Akoum Refuge", "mana=B R | enters=tapped");
	ck_sample("Temple of Deceit", "mana=U B | enters=tapped");
	ck_sample("Azorius Guildgate", "mana=W U | enters=tapped");
	ck_sample("Arctic Flats", "snow | mana=G W | enters=tapped");
	ck_sample("Windbrisk Heights", "mana=W | enters=tapped");
	ck_sample("Teferi's Isle", "legendary | mana=UU | enters=tapped");
}
END_TEST

START_TEST(sample_ignored)
{
	ck_sample("Cavern of Souls", "mana=C | ignored=spend");
	ck_sample("Eldrazi Temple", "mana=C | ignored=spend");
	ck_sample("Mystic Gate", "mana=C | ignored=filter");
	ck_sample("Skycloud Expanse", "ignored=filter");
	ck_sample("Shimmering Grotto", "mana=C | ignored=mana-cost");
	ck_sample("Bant Panorama", "mana=C | ignored=mana-cost");
	ck_sample("Tainted Field", "mana=C | ignored=permanents");
	/* removing a counter the land entered with is free to the model */
	ck_sample("Vivid Crag", "mana=R W U B G | enters=tapped");
	ck_sample("Gemstone Mine", "mana=W U B R G | ignored=rider");
	ck_sample("Exotic Orchard", "mana=W U B R G");  /* opponents' lands: every colour */
	ck_sample("Urborg, Tomb of Yawgmoth", "legendary | mana=*B | ignored=other-lands");
	ck_sample("Gemstone Caverns", "legendary | mana=C | ignored=counters");
	ck_sample("River of Tears", "mana=U | ignored=state");
	ck_sample("Tomb of Urami", "legendary | mana=B-1 | ignored=permanents");
	ck_sample("Crumbling Vestige", "mana=C | enters=tapped | ignored=triggered");
	ck_sample("Rupture Spire", "mana=W U B R G | enters=tapped | ignored=extra-cost");
	ck_sample("Lotus Vale", "mana=WWW UUU BBB RRR GGG | ignored=permanents");
	ck_sample("City of Ass", "enters=tapped | ignored=unread");
}
END_TEST

/* The face of the sample's card called name, unsupported for want. */
static void ck_unsupported(const char *name, enum mf_card_land_why want)
{
	const struct sample_card *sc = sample_find(&sample, name);
	struct mf_card_lands lands;

	ck_assert_msg(sc != NULL, "%s is not in the sample", name);
	ck_assert_int_eq(mf_card_land_read(&sc->card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	ck_assert_msg(lands.faces[0].unsupported == want, "%s: %s, not %s", name,
		      mf_card_land_why_text(lands.faces[0].unsupported), mf_card_land_why_text(want));
	ck_assert_uint_eq(lands.faces[0].n_mana + lands.faces[0].n_fetch, 0);
}

START_TEST(sample_unsupported)
{
	ck_unsupported("Reflecting Pool", MF_CARD_WHY_OTHER_PERMANENTS);
	ck_unsupported("Gaea's Cradle", MF_CARD_WHY_OTHER_PERMANENTS);
	ck_unsupported("Temple of the False God", MF_CARD_WHY_OTHER_PERMANENTS);
	ck_unsupported("Dwarven Hold", MF_CARD_WHY_COUNTERS);
	ck_unsupported("Mishra's Workshop", MF_CARD_WHY_SPEND_RESTRICTION);
	ck_unsupported("Ancient Ziggurat", MF_CARD_WHY_SPEND_RESTRICTION);
	ck_unsupported("Skycloud Expanse", MF_CARD_WHY_FILTER);
	ck_unsupported("Cabal Coffers", MF_CARD_WHY_MANA_COST);
	ck_unsupported("Rhystic Cave", MF_CARD_WHY_GAME_STATE);
	ck_unsupported("Oasis", MF_CARD_WHY_NO_MANA);
}
END_TEST

START_TEST(sample_ignored_text)
{
	const struct sample_card *sc = sample_find(&sample, "Cavern of Souls");
	struct mf_card_lands lands;
	const struct mf_card_land_ignored *ig;

	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(mf_card_land_read(&sc->card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_ignored, 1);
	ck_assert_uint_eq(lands.faces[0].n_ignored_total, 1);
	ig = &lands.faces[0].ignored[0];
	ck_assert_int_eq(ig->why, MF_CARD_WHY_SPEND_RESTRICTION);
	ck_assert_str_eq(mf_card_land_why_text(ig->why), "mana with a spending restriction");
	/* The whole line as printed. */
	ck_assert_str_eq(ig->text, "{T}: Add one mana of any color. Spend this mana only to cast a "
			 "creature spell of the chosen type, and that spell can't be countered.");
	ck_assert_ptr_eq(lands.faces[0].name, sc->card.card.name);
	ck_assert_uint_eq(lands.faces[0].face, MF_CARD_LAND_CARD);
}
END_TEST

START_TEST(sample_ability_index)
{
	const struct sample_card *sc = sample_find(&sample, "Battlefield Forge");
	struct mf_card_lands lands;

	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(mf_card_land_read(&sc->card, &lands), MF_OK);
	ck_assert_uint_eq(lands.faces[0].n_mana, 3);
	ck_assert_uint_eq(lands.faces[0].mana[0].ability, 0);
	ck_assert_uint_eq(lands.faces[0].mana[1].ability, 1);
	ck_assert_uint_eq(lands.faces[0].mana[2].ability, 1);
	ck_assert_uint_eq(lands.faces[0].mana[1].mana[3], 1);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *land_suite(void)
{
	Suite *s = suite_create("land_read");
	TCase *census = tcase_create("sample");

	tcase_add_unchecked_fixture(census, sample_setup, sample_teardown);
	tcase_add_test(census, every_land_of_the_sample);
	tcase_add_test(census, sample_basics);
	tcase_add_test(census, sample_shock_fetch_pain);
	tcase_add_test(census, sample_five_colour_and_colourless);
	tcase_add_test(census, sample_bounce_and_tri);
	tcase_add_test(census, sample_enters_tapped);
	tcase_add_test(census, sample_ignored);
	tcase_add_test(census, sample_unsupported);
	tcase_add_test(census, sample_ignored_text);
	tcase_add_test(census, sample_ability_index);
	suite_add_tcase(s, census);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(land_suite());
	int failed;

	srunner_add_suite(runner, land_text_suite());
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
