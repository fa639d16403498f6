/*
 * Check suites of the reader of mana sources that are no land
 * (mf_card_source_read): dorks, rocks, Talismans and Signets in their
 * current Oracle wording and, from cards-sample.json, in the 2019 one; the
 * clauses it lists with their reasons; spells, lands and modal double-faced
 * cards; limits; every card of the sample and mutated texts drawn from a
 * fixed seed. MF_SOURCE_DUMP=1 prints what it read from every card of the
 * sample that gives an entry.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/card.h"
#include "unit/card/land_describe.h"
#include "unit/card/mutate.h"
#include "unit/card/sample.h"

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

/* What the header promises of every answer. */
static void check_bounds(const struct mf_card_sources *out)
{
	ck_assert_uint_le(out->n, MF_CARD_FACES_MAX);
	for (size_t f = 0; f < out->n; f++) {
		const struct mf_card_source *src = &out->faces[f];

		ck_assert_uint_le(src->n_mana, MF_CARD_LAND_MANA_MAX);
		ck_assert_uint_le(src->n_ignored, MF_CARD_LAND_IGNORED_MAX);
		ck_assert_uint_ge(src->n_ignored_total, src->n_ignored);
		ck_assert_int_le(src->kind, MF_CARD_SOURCE_ARTIFACT);
		ck_assert_uint_le(src->filter, MF_CARD_SOURCE_FILTER_MAX);
		ck_assert_int_lt(src->unsupported, MF_CARD_WHY_COUNT);
		ck_assert((src->unsupported == MF_CARD_WHY_NONE) == (src->n_mana > 0));
		ck_assert(src->n_mana > 0 || src->n_ignored_total > 0);
		if (src->n_mana == 0)
			ck_assert(!src->filter && !src->identity && !src->chosen);
		for (size_t i = 0; i < src->n_ignored; i++) {
			ck_assert_int_gt(src->ignored[i].why, MF_CARD_WHY_NONE);
			ck_assert_int_lt(src->ignored[i].why, MF_CARD_WHY_COUNT);
			ck_assert_int_ne(src->ignored[i].why, MF_CARD_WHY_NO_MANA);
			ck_assert_int_ne(src->ignored[i].why, MF_CARD_WHY_OTHER_LANDS);
			ck_assert(mutate_valid_utf8(src->ignored[i].text, sizeof(src->ignored[i].text)));
		}
	}
}

/* The description of the only entry of card, which is called name. */
static const char *only_entry(const struct mf_card_object *card, const char *name)
{
	static char buf[1024];
	static struct mf_card_sources out;

	ck_assert_int_eq(mf_card_source_read(card, &out), MF_OK);
	check_bounds(&out);
	ck_assert_msg(out.n == 1, "%s: %zu entries", name, out.n);
	source_describe(&out.faces[0], buf, sizeof(buf));
	return buf;
}

/* The same of a card without faces, which its entry points into. */
static const char *text_source(const char *name, const char *cost, const char *type,
			       const char *text)
{
	struct mf_card_object card = { { name, cost, type, text }, NULL, 0 };
	const char *desc = only_entry(&card, name);
	struct mf_card_sources out;

	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_ptr_eq(out.faces[0].name, name);
	ck_assert_ptr_eq(out.faces[0].mana_cost, cost);
	ck_assert_uint_eq(out.faces[0].face, MF_CARD_LAND_CARD);
	return desc;
}

#define ck_text(name, cost, type, text, want)                                 \
	do {                                                                  \
		const char *got_ = text_source(name, cost, type, text);       \
		ck_assert_msg(strcmp(got_, want) == 0, "%s:\n  got  %s\n  want %s", \
			      name, got_, want);                              \
	} while (0)

/* The description of the only entry of the sample's card called name. */
static const char *sample_source(const char *name)
{
	const struct sample_card *sc = sample_find(&sample, name);

	ck_assert_msg(sc != NULL, "%s is not in the sample", name);
	return only_entry(&sc->card, name);
}

#define ck_sample(name, want)                                                 \
	do {                                                                  \
		const char *got_ = sample_source(name);                       \
		ck_assert_msg(strcmp(got_, want) == 0, "%s:\n  got  %s\n  want %s", \
			      name, got_, want);                              \
	} while (0)

/* Entries of a card that must give none. */
static size_t n_entries(const struct mf_card_object *card)
{
	static struct mf_card_sources out;

	ck_assert_int_eq(mf_card_source_read(card, &out), MF_OK);
	check_bounds(&out);
	return out.n;
}

static const char exalted[] = "Exalted (Whenever a creature you control attacks alone, that "
			      "creature gets +1/+1 until end of turn.)\n";

/* ------------------------------------------------------------------ */
/* What is read, in the current Oracle wording                         */

START_TEST(dorks)
{
	char text[512];

	ck_text("Llanowar Elves", "{G}", "Creature \xe2\x80\x94 Elf Druid", "{T}: Add {G}.",
		"creature | mana=G");
	ck_text("Elvish Mystic", "{G}", "Creature \xe2\x80\x94 Elf Druid", "{T}: Add {G}.",
		"creature | mana=G");
	ck_text("Fyndhorn Elves", "{G}", "Creature \xe2\x80\x94 Elf Druid", "{T}: Add {G}.",
		"creature | mana=G");
	ck_text("Avacyn's Pilgrim", "{G}", "Creature \xe2\x80\x94 Human Monk", "{T}: Add {W}.",
		"creature | mana=W");
	ck_text("Birds of Paradise", "{G}", "Creature \xe2\x80\x94 Bird",
		"Flying\n{T}: Add one mana of any color.", "creature | mana=W U B R G");
	snprintf(text, sizeof(text), "%s{T}: Add {G}, {W}, or {U}.", exalted);
	ck_text("Noble Hierarch", "{G}", "Creature \xe2\x80\x94 Human Druid", text,
		"creature | mana=G W U");
	snprintf(text, sizeof(text), "%s{T}: Add {B}, {R}, or {G}.", exalted);
	ck_text("Ignoble Hierarch", "{G}", "Creature \xe2\x80\x94 Goblin Shaman", text,
		"creature | mana=B R G");
	/* Hexproof says nothing of mana, in either wording. */
	ck_text("Paradise Druid", "{1}{G}", "Creature \xe2\x80\x94 Elf Druid",
		"Paradise Druid has hexproof as long as it's untapped.\n{T}: Add one mana of any color.",
		"creature | mana=W U B R G");
	ck_text("Paradise Druid", "{1}{G}", "Creature \xe2\x80\x94 Elf Druid",
		"This creature has hexproof as long as it's untapped.\n{T}: Add one mana of any color.",
		"creature | mana=W U B R G");
	/* An artifact creature is a creature: summoning sick. */
	ck_text("Alloy Myr", "{3}", "Artifact Creature \xe2\x80\x94 Myr",
		"{T}: Add one mana of any color.", "creature | mana=W U B R G");
	ck_text("Blightsoil Druid", "{1}{B}", "Creature \xe2\x80\x94 Elf Druid",
		"{T}, Pay 1 life: Add {G}.", "creature | mana=G-1");
}
END_TEST

START_TEST(rocks)
{
	ck_text("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.", "artifact | mana=CC");
	/* The draw ability has no mana: not listed. */
	ck_text("Mind Stone", "{2}", "Artifact",
		"{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.", "artifact | mana=C");
	ck_text("Thought Vessel", "{2}", "Artifact",
		"You have no maximum hand size.\n{T}: Add {C}.", "artifact | mana=C");
	ck_text("Arcane Signet", "{2}", "Artifact",
		"{T}: Add one mana of any color in your commander's color identity.",
		"artifact | identity | mana=W:id U:id B:id R:id G:id");
	ck_text("Commander's Sphere", "{3}", "Artifact",
		"{T}: Add one mana of any color in your commander's color identity.\n"
		"Sacrifice this artifact: Draw a card.", "artifact | identity | mana=W:id U:id B:id R:id G:id");
	ck_text("Coldsteel Heart", "{2}", "Snow Artifact",
		"This artifact enters tapped.\nAs this artifact enters, choose a color.\n"
		"{T}: Add one mana of the chosen color.", "artifact | tapped | chosen | mana=W:ch U:ch B:ch R:ch G:ch");
	/* Its older wording, by its own name. */
	ck_text("Coldsteel Heart", "{2}", "Snow Artifact",
		"Coldsteel Heart enters the battlefield tapped.\n"
		"As Coldsteel Heart enters the battlefield, choose a color.\n"
		"{T}: Add one mana of the chosen color.", "artifact | tapped | chosen | mana=W:ch U:ch B:ch R:ch G:ch");
	/* Only the chosen colour's alternatives are marked. */
	ck_text("Test Elves", "{G}", "Creature \xe2\x80\x94 Elf",
		"As this creature enters, choose a color.\n{T}: Add {R} or one mana of the chosen color.",
		"creature | chosen | mana=R W:ch U:ch B:ch R:ch G:ch");
	/* A filter of {4} is read; the first ability decides the face's filter. */
	ck_text("Test Vault", "{4}", "Artifact", "{4}, {T}: Add {C}{C}{C}{C}{C}{C}.",
		"artifact | filter=4 | mana=CCCCCC");
	ck_text("Prismatic Lens", "{2}", "Artifact",
		"{T}: Add {C}.\n{1}, {T}: Add one mana of any color.", "artifact | mana=C | ignored=filter");
	/* Basalt Monolith taps once: read, and the clause listed. */
	ck_text("Basalt Monolith", "{3}", "Artifact",
		"This artifact doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n"
		"{3}: Untap this artifact.", "artifact | mana=CCC | ignored=unread");
}
END_TEST

/* The ten Talismans and the ten Signets, each colour pair as printed. */
static const struct pair {
	const char *talisman, *signet, *add_or, *add_both, *want_or, *want_both;
} pairs[10] = {
	{ "Progress", "Azorius", "{W} or {U}", "{W}{U}", "C W-1 U-1", "WU" },
	{ "Dominance", "Dimir", "{U} or {B}", "{U}{B}", "C U-1 B-1", "UB" },
	{ "Indulgence", "Rakdos", "{B} or {R}", "{B}{R}", "C B-1 R-1", "BR" },
	{ "Impulse", "Gruul", "{R} or {G}", "{R}{G}", "C R-1 G-1", "RG" },
	{ "Unity", "Selesnya", "{G} or {W}", "{G}{W}", "C G-1 W-1", "WG" },
	{ "Hierarchy", "Orzhov", "{W} or {B}", "{W}{B}", "C W-1 B-1", "WB" },
	{ "Creativity", "Izzet", "{U} or {R}", "{U}{R}", "C U-1 R-1", "UR" },
	{ "Resilience", "Golgari", "{B} or {G}", "{B}{G}", "C B-1 G-1", "BG" },
	{ "Conviction", "Boros", "{R} or {W}", "{R}{W}", "C R-1 W-1", "WR" },
	{ "Curiosity", "Simic", "{G} or {U}", "{G}{U}", "C G-1 U-1", "UG" },
};

START_TEST(talismans_and_signets)
{
	for (size_t i = 0; i < 10; i++) {
		char name[64], text[256], want[128];

		snprintf(name, sizeof(name), "Talisman of %s", pairs[i].talisman);
		snprintf(want, sizeof(want), "artifact | mana=%s", pairs[i].want_or);
		snprintf(text, sizeof(text), "{T}: Add {C}.\n{T}: Add %s. This artifact deals 1 damage to you.",
			 pairs[i].add_or);
		ck_text(name, "{2}", "Artifact", text, want);
		/* The older wording names the card. */
		snprintf(text, sizeof(text), "{T}: Add {C}.\n{T}: Add %s. %s deals 1 damage to you.",
			 pairs[i].add_or, name);
		ck_text(name, "{2}", "Artifact", text, want);

		snprintf(name, sizeof(name), "%s Signet", pairs[i].signet);
		snprintf(want, sizeof(want), "artifact | filter=1 | mana=%s", pairs[i].want_both);
		snprintf(text, sizeof(text), "{1}, {T}: Add %s.", pairs[i].add_both);
		ck_text(name, "{2}", "Artifact", text, want);
	}
}
END_TEST

START_TEST(ability_index_and_text)
{
	struct mf_card_object card = {
		{ "Talisman of Progress", "{2}", "Artifact",
		  "{T}: Add {C}.\n{T}: Add {W} or {U}. This artifact deals 1 damage to you." }, NULL, 0,
	};
	struct mf_card_sources out;

	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	ck_assert_int_eq(out.faces[0].kind, MF_CARD_SOURCE_ARTIFACT);
	ck_assert_str_eq(out.faces[0].mana_cost, "{2}");
	ck_assert_uint_eq(out.faces[0].n_mana, 3);
	ck_assert_uint_eq(out.faces[0].mana[0].ability, 0);
	ck_assert_uint_eq(out.faces[0].mana[1].ability, 1);
	ck_assert_uint_eq(out.faces[0].mana[2].ability, 1);
	ck_assert_uint_eq(out.faces[0].mana[0].flags, 0);
	ck_assert_int_eq(out.faces[0].unsupported, MF_CARD_WHY_NONE);

	/* A clause not read: its text as printed, the reason's English. */
	card.card = (struct mf_card_face){ "Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}." };
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	ck_assert_int_eq(out.faces[0].kind, MF_CARD_SOURCE_NONE);
	ck_assert_uint_eq(out.faces[0].n_mana, 0);
	ck_assert_int_eq(out.faces[0].unsupported, MF_CARD_WHY_RITUAL);
	ck_assert_uint_eq(out.faces[0].n_ignored, 1);
	ck_assert_str_eq(out.faces[0].ignored[0].text, "Add {B}{B}{B}.");

	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_RITUAL), "an instant or sorcery's mana, once");
	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_TOKENS), "mana from tokens (Treasure)");
	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_LAND_SEARCH),
			 "puts lands from the library onto the battlefield");
	ck_assert_str_eq(mf_card_land_why_text(MF_CARD_WHY_NOT_PERMANENT_KIND),
			 "a mana ability of a permanent that is neither creature nor artifact");
}
END_TEST

/* ------------------------------------------------------------------ */
/* What is listed, with its reason                                     */

START_TEST(listed)
{
	ck_text("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}.", "none | ignored=ritual");
	ck_text("Seething Song", "{2}{R}", "Instant", "Add {R}{R}{R}{R}{R}.", "none | ignored=ritual");
	ck_text("Dockside Extortionist", "{1}{R}", "Creature \xe2\x80\x94 Goblin Pirate",
		"When this creature enters, create X Treasure tokens, where X is the number of artifacts and "
		"enchantments your opponents control. (Treasure tokens are artifacts with \"{T}, Sacrifice "
		"this artifact: Add one mana of any color.\")", "creature | ignored=tokens");
	ck_text("Smothering Tithe", "{3}{W}", "Enchantment",
		"Whenever an opponent draws a card, that player may pay {2}. If the player doesn't, you create "
		"a Treasure token. (It's an artifact with \"{T}, Sacrifice this token: Add one mana of any "
		"color.\")", "none | ignored=tokens");
	ck_text("Brood Monitor", "{4}{G}", "Creature \xe2\x80\x94 Eldrazi Drone",
		"Devoid (This card has no color.)\nWhen this creature enters, create three 1/1 colorless "
		"Eldrazi Scion creature tokens. They have \"Sacrifice this creature: Add {C}.\"",
		"creature | ignored=tokens");
	ck_text("Beastcaller Savant", "{1}{G}", "Creature \xe2\x80\x94 Elf Shaman Ally",
		"Haste\n{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
		"creature | ignored=spend");
	ck_text("Everflowing Chalice", "{0}", "Artifact",
		"Multikicker {2} (You may pay an additional {2} any number of times as you cast this spell.)\n"
		"This artifact enters with a charge counter on it for each time it was kicked.\n"
		"{T}: Add {C} for each charge counter on this artifact.", "artifact | ignored=counters");
	ck_text("Burning-Tree Emissary", "{R/G}{R/G}", "Creature \xe2\x80\x94 Human Shaman",
		"When this creature enters, add {R}{G}.", "creature | ignored=triggered");
	ck_text("Elvish Archdruid", "{1}{G}{G}", "Creature \xe2\x80\x94 Elf Druid",
		"Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control.",
		"creature | ignored=permanents");
	ck_text("Ashnod's Altar", "{3}", "Artifact", "Sacrifice a creature: Add {C}{C}.",
		"artifact | ignored=permanents");
	/* Mana that pays once is no source: sacrificing it, or no {T}. */
	ck_text("Lotus Petal", "{0}", "Artifact", "{T}, Sacrifice this artifact: Add one mana of any color.",
		"artifact | ignored=extra-cost");
	ck_text("Bog Initiate", "{1}{B}", "Creature \xe2\x80\x94 Human Wizard", "{1}: Add {B}.",
		"creature | ignored=no-tap");
	/* Costs of coloured mana or more than {4}. */
	ck_text("Apprentice Wizard", "{1}{U}{U}", "Creature \xe2\x80\x94 Human Wizard",
		"{U}, {T}: Add {C}{C}{C}.", "creature | ignored=mana-cost");
	ck_text("Test Engine", "{5}", "Artifact", "{5}, {T}: Add {C}{C}{C}{C}{C}{C}{C}.",
		"artifact | ignored=mana-cost");
	/* "The chosen color" with nothing that chooses it. */
	ck_text("Test Heart", "{2}", "Artifact", "{T}: Add one mana of the chosen color.",
		"artifact | ignored=state");
	/* Enchantments and planeswalkers. */
	ck_text("Utopia Sprawl", "{G}", "Enchantment \xe2\x80\x94 Aura",
		"Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is tapped for "
		"mana, its controller adds an additional one mana of the chosen color.", "none | ignored=kind");
	ck_text("Wild Growth", "{G}", "Enchantment \xe2\x80\x94 Aura",
		"Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
		"none | ignored=kind");
	ck_text("Chandra, Torch of Defiance", "{2}{R}{R}", "Legendary Planeswalker \xe2\x80\x94 Chandra",
		"+1: Exile the top card of your library. You may cast that card. If you don't, Chandra, Torch "
		"of Defiance deals 2 damage to each opponent.\n+1: Add {R}{R}.\n\xe2\x88\x92" "3: Chandra, Torch of "
		"Defiance deals 4 damage to target creature.", "none | ignored=kind");
}
END_TEST

START_TEST(land_search)
{
	static const struct {
		const char *name, *cost, *type, *text;
	} cards[] = {
		{ "Rampant Growth", "{1}{G}", "Sorcery", "Search your library for a basic land card, put that "
		  "card onto the battlefield tapped, then shuffle." },
		{ "Rampant Growth", "{1}{G}", "Sorcery", "Search your library for a basic land card and put "
		  "that card onto the battlefield tapped. Then shuffle your library." },
		{ "Cultivate", "{2}{G}", "Sorcery", "Search your library for up to two basic land cards, reveal "
		  "those cards, put one onto the battlefield tapped and the other into your hand, then shuffle." },
		{ "Kodama's Reach", "{2}{G}", "Sorcery \xe2\x80\x94 Arcane", "Search your library for up to two "
		  "basic land cards, reveal those cards, put one onto the battlefield tapped and the other into "
		  "your hand, then shuffle." },
		{ "Farseek", "{1}{G}", "Sorcery", "Search your library for a Plains, Island, Swamp, or Mountain "
		  "card, put it onto the battlefield tapped, then shuffle." },
		{ "Three Visits", "{1}{G}", "Sorcery", "Search your library for a Forest card, put it onto the "
		  "battlefield, then shuffle." },
		{ "Nature's Lore", "{1}{G}", "Sorcery", "Search your library for a Forest card, put that card "
		  "onto the battlefield, then shuffle." },
	};

	for (size_t i = 0; i < sizeof(cards) / sizeof(cards[0]); i++)
		ck_text(cards[i].name, cards[i].cost, cards[i].type, cards[i].text, "none | ignored=land-search");
	ck_text("Sakura-Tribe Elder", "{1}{G}", "Creature \xe2\x80\x94 Snake Shaman",
		"Sacrifice this creature: Search your library for a basic land card, put that card onto the "
		"battlefield tapped, then shuffle.", "creature | ignored=land-search");
	ck_text("Wood Elves", "{2}{G}", "Creature \xe2\x80\x94 Elf Scout",
		"When this creature enters, search your library for a Forest card, put that card onto the "
		"battlefield, then shuffle.", "creature | ignored=land-search");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Spells, lands and faces                                             */

START_TEST(no_entry)
{
	struct mf_card_object bolt = {
		{ "Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target." }, NULL, 0,
	};
	struct mf_card_object bears = { { "Grizzly Bears", "{1}{G}", "Creature \xe2\x80\x94 Bear", "" }, NULL, 0 };
	struct mf_card_object forest = { { "Forest", "", "Basic Land \xe2\x80\x94 Forest", "({T}: Add {G}.)" }, NULL, 0 };
	struct mf_card_object wastes = {
		{ "Llanowar Wastes", "", "Land", "{T}: Add {C}.\n{T}: Add {B} or {G}. This land deals 1 damage to you." },
		NULL, 0,
	};
	struct mf_card_object arbor = { { "Dryad Arbor", "", "Land Creature \xe2\x80\x94 Forest Dryad", "" }, NULL, 0 };
	/* Search to the hand puts no land onto the battlefield. */
	struct mf_card_object scout = {
		{ "Borderland Explorer", "{1}{G}", "Creature \xe2\x80\x94 Human Scout",
		  "When this creature enters, each player may discard a card. Each player who discarded a card this "
		  "way may search their library for a basic land card, reveal it, put it into their hand, then "
		  "shuffle." }, NULL, 0,
	};
	struct mf_card_object stone = {
		{ "Mind Stone", "{2}", "Artifact", NULL }, NULL, 0,
	};

	ck_assert_uint_eq(n_entries(&bolt), 0);
	ck_assert_uint_eq(n_entries(&bears), 0);
	bears.card.oracle_text = NULL;
	ck_assert_uint_eq(n_entries(&bears), 0);
	ck_assert_uint_eq(n_entries(&forest), 0);
	ck_assert_uint_eq(n_entries(&wastes), 0);
	ck_assert_uint_eq(n_entries(&arbor), 0);
	ck_assert_uint_eq(n_entries(&scout), 0);
	ck_assert_uint_eq(n_entries(&stone), 0);
	/* Entering tapped alone makes no source. */
	stone.card.oracle_text = "This artifact enters tapped.";
	ck_assert_uint_eq(n_entries(&stone), 0);
}
END_TEST

START_TEST(card_faces)
{
	struct mf_card_face tangled[2] = {
		{ "Tangled Florahedron", "{1}{G}", "Creature \xe2\x80\x94 Elf Druid", "{T}: Add {G}." },
		{ "Tangled Vale", "", "Land", "This land enters tapped.\n{T}: Add {G}." },
	};
	struct mf_card_face bala[2] = {
		{ "Bala Ged Recovery", "{2}{G}", "Sorcery", "Return target card from your graveyard to your hand." },
		{ "Bala Ged Sanctuary", "", "Land",
		  "As this land enters, you may pay 3 life. If you don't, it enters tapped.\n{T}: Add {G}." },
	};
	struct mf_card_face adventure[2] = {
		{ "Test Giant", "{4}{R}", "Creature \xe2\x80\x94 Giant", "Trample" },
		{ "Test Song", "{R}", "Instant \xe2\x80\x94 Adventure", "Add {R}{R}." },
	};
	struct mf_card_object card = {
		{ "Tangled Florahedron // Tangled Vale", "{1}{G}", "Creature \xe2\x80\x94 Elf Druid // Land", "" },
		tangled, 2,
	};
	struct mf_card_sources out;
	struct mf_card_lands lands;
	char desc[256];

	/* The land face is the land reader's; the creature face is read. */
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	ck_assert_uint_eq(out.faces[0].face, 0);
	ck_assert_ptr_eq(out.faces[0].name, tangled[0].name);
	ck_assert_ptr_eq(out.faces[0].mana_cost, tangled[0].mana_cost);
	source_describe(&out.faces[0], desc, sizeof(desc));
	ck_assert_str_eq(desc, "creature | mana=G");
	ck_assert_int_eq(mf_card_land_read(&card, &lands), MF_OK);
	ck_assert_uint_eq(lands.n, 1);
	ck_assert_uint_eq(lands.faces[0].face, 1);

	/* A spell face that says nothing of mana: no entry. */
	card = (struct mf_card_object){ { "Bala Ged Recovery // Bala Ged Sanctuary", "", "", "" }, bala, 2 };
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 0);

	/* Faces only: the card's own text is not read when it has faces. */
	card = (struct mf_card_object){ { "Test Giant // Test Song", "", "", "{T}: Add {G}." }, adventure, 2 };
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	ck_assert_uint_eq(out.faces[0].face, 1);
	ck_assert_int_eq(out.faces[0].unsupported, MF_CARD_WHY_RITUAL);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The 2019 wording, from the sample                                   */

START_TEST(sample_wording)
{
	ck_sample("Llanowar Elves", "creature | mana=G");
	ck_sample("Birds of Paradise", "creature | mana=W U B R G");
	ck_sample("Noble Hierarch", "creature | mana=G W U");
	ck_sample("Sol Ring", "artifact | mana=CC");
	ck_sample("Mind Stone", "artifact | mana=C");
	ck_sample("Thought Vessel", "artifact | mana=C");
	ck_sample("Commander's Sphere", "artifact | identity | mana=W:id U:id B:id R:id G:id");
	ck_sample("Talisman of Progress", "artifact | mana=C W-1 U-1");
	ck_sample("Azorius Signet", "artifact | filter=1 | mana=WU");
	ck_sample("Boros Signet", "artifact | filter=1 | mana=WR");
	ck_sample("Dark Ritual", "none | ignored=ritual");
	ck_sample("Rampant Growth", "none | ignored=land-search");
	ck_sample("Beastcaller Savant", "creature | ignored=spend");
	ck_sample("Burning-Tree Emissary", "creature | ignored=triggered");
	ck_sample("Black Lotus", "artifact | ignored=extra-cost");
	ck_sample("Brood Monitor", "creature | ignored=tokens");
	ck_sample("Abundant Growth", "none | ignored=kind");
	ck_sample("Basalt Monolith", "artifact | mana=CCC | ignored=unread");
	/* Its own {G}, and the chosen colour after it enters. */
	ck_sample("Quirion Elves", "creature | chosen | mana=G W:ch U:ch B:ch R:ch G:ch");
	/* A level up card's mana needs level counters. */
	ck_sample("Joraga Treespeaker", "creature | ignored=counters,counters");
	ck_sample("Mox Diamond", "artifact | mana=W U B R G | ignored=state");
	ck_sample("Sphere of the Suns", "artifact | tapped | ignored=counters");
	ck_sample("Charcoal Diamond", "artifact | tapped | mana=B");
}
END_TEST

/* Every card of the sample: what the header promises, and a census. */
START_TEST(every_card_of_the_sample)
{
	size_t read = 0, unsupported = 0, lands = 0;
	size_t by_why[MF_CARD_WHY_COUNT] = { 0 };
	int dump = getenv("MF_SOURCE_DUMP") != NULL;

	for (size_t i = 0; i < sample.n; i++) {
		const struct mf_card_object *card = &sample.cards[i].card;
		struct mf_card_sources out;
		char desc[1024];

		ck_assert_int_eq(mf_card_source_read(card, &out), MF_OK);
		check_bounds(&out);
		if (card->n_faces == 0 && land_card_is_land(card)) {
			ck_assert_msg(out.n == 0, "%s is a land", card->card.name);
			lands++;
		}
		for (size_t f = 0; f < out.n; f++) {
			const struct mf_card_source *src = &out.faces[f];

			if (dump) {
				source_describe(src, desc, sizeof(desc));
				printf("  %-34s %s\n", src->name ? src->name : "", desc);
				for (size_t k = 0; k < src->n_ignored; k++)
					printf("  %34s   %s: %s\n", "", land_why_short(src->ignored[k].why),
					       src->ignored[k].text);
			}
			if (src->unsupported == MF_CARD_WHY_NONE) {
				read++;
			} else {
				unsupported++;
				by_why[src->unsupported]++;
			}
		}
	}
	printf("source: %zu cards in the sample (%zu lands): %zu sources read, %zu faces listed only\n",
	       sample.n, lands, read, unsupported);
	for (int w = 0; w < MF_CARD_WHY_COUNT; w++) {
		if (by_why[w])
			printf("source:   listed only, %s: %zu\n", mf_card_land_why_text(w), by_why[w]);
	}
	ck_assert_uint_ge(read, 100);
	ck_assert_uint_ge(lands, 500);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Limits                                                              */

START_TEST(limits)
{
	char *big = malloc(MF_CARD_TEXT_MAX + 2);
	struct mf_card_face faces[MF_CARD_FACES_MAX + 1];
	struct mf_card_object card = { { "Big", "{1}", "Artifact", NULL }, NULL, 0 };
	struct mf_card_sources out;

	ck_assert_ptr_nonnull(big);
	/* MF_CARD_TEXT_MAX bytes are read; one more is refused. */
	memset(big, 'a', MF_CARD_TEXT_MAX);
	memcpy(big, "{T}: Add {C}.\n", 14);
	big[MF_CARD_TEXT_MAX] = '\0';
	card.card.oracle_text = big;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	big[MF_CARD_TEXT_MAX] = 'a';
	big[MF_CARD_TEXT_MAX + 1] = '\0';
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_ERR_LIMIT);
	ck_assert_uint_eq(out.n, 0);
	card.card.oracle_text = "{T}: Add {C}.";
	card.card.type_line = big;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_ERR_LIMIT);
	ck_assert_uint_eq(out.n, 0);
	card.card.type_line = "Artifact";
	card.card.name = NULL;
	card.card.mana_cost = NULL;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, 1);
	ck_assert_ptr_null(out.faces[0].name);

	for (size_t f = 0; f <= MF_CARD_FACES_MAX; f++)
		faces[f] = (struct mf_card_face){ "Face", NULL, "Creature \xe2\x80\x94 Elf", "{T}: Add {G}." };
	card.faces = faces;
	card.n_faces = MF_CARD_FACES_MAX;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	ck_assert_uint_eq(out.n, MF_CARD_FACES_MAX);
	ck_assert_uint_eq(out.faces[MF_CARD_FACES_MAX - 1].face, MF_CARD_FACES_MAX - 1);
	card.n_faces = MF_CARD_FACES_MAX + 1;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_ERR_LIMIT);
	ck_assert_uint_eq(out.n, 0);
	card.faces = NULL;
	card.n_faces = 1;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_ERR_INVALID);
	ck_assert_uint_eq(out.n, 0);
	free(big);
}
END_TEST

START_TEST(array_limits)
{
	struct mf_card_object card = { { "Many", "{1}", "Artifact", NULL }, NULL, 0 };
	struct mf_card_sources out;
	char text[2048];
	size_t n = 0;

	/* 4 x 5 alternatives: 16 are kept, the rest is a "limit" entry. */
	for (int life = 1; life <= 4; life++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "{T}, Pay %d life: Add one mana of any color.\n", life);
	card.card.oracle_text = text;
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	check_bounds(&out);
	ck_assert_uint_eq(out.faces[0].n_mana, MF_CARD_LAND_MANA_MAX);
	ck_assert_uint_eq(out.faces[0].n_ignored, 1);
	ck_assert_int_eq(out.faces[0].ignored[0].why, MF_CARD_WHY_LIMIT);

	/* Ignored clauses beyond MF_CARD_LAND_IGNORED_MAX are counted. */
	n = 0;
	for (int i = 0; i < MF_CARD_LAND_IGNORED_MAX + 4; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "{T}: Add {W}. Spend this mana only to cast spell %d.\n", i);
	ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
	check_bounds(&out);
	ck_assert_uint_eq(out.faces[0].n_ignored, MF_CARD_LAND_IGNORED_MAX);
	ck_assert_uint_eq(out.faces[0].n_ignored_total, MF_CARD_LAND_IGNORED_MAX + 4);
	ck_assert_int_eq(out.faces[0].unsupported, MF_CARD_WHY_SPEND_RESTRICTION);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Mutated Oracle texts                                                */

static uint64_t rng_state;

/* Pieces of source text to splice in, and bytes that are not UTF-8. */
static const char *const pieces[] = {
	"{T}", ": ", "Add ", "{W}", "{C}", "{1}", "{4}", "{5}", "{U/P}", " or ", ", ", ", or ", ".", ". ",
	" ", "\n", "(", ")", "\"", "Pay 1 life", "Sacrifice ", "this artifact", "this creature", "it",
	" enters tapped", " enters the battlefield tapped", "As this artifact enters, choose a color.",
	"one mana of any color", "one mana of the chosen color",
	"one mana of any color in your commander's color identity", "three mana of any one color",
	" deals 1 damage to you", "Spend this mana only", "Activate only if", "create a Treasure token",
	"Search your library for a basic land card, put it onto the battlefield", " doesn't untap",
	"When this creature enters, ", "\xe2\x80\x94", "\xff", "\xc3", "\xed\xa0\x80", "{", "}", "9999999999",
};

static const char *const types[] = {
	"Creature \xe2\x80\x94 Elf", "Artifact", "Artifact Creature \xe2\x80\x94 Myr", "Instant",
	"Sorcery", "Enchantment \xe2\x80\x94 Aura", "Land", "",
};

static size_t mutate(const char *src, char *dst, size_t cap)
{
	return mutate_text(&rng_state, src, dst, cap, pieces, sizeof(pieces) / sizeof(pieces[0]));
}

START_TEST(mutated_texts)
{
	static char text[MF_CARD_TEXT_MAX + 1], name[64];
	size_t read = 0;
	const int rounds = 20000;

	rng_state = 0x2545f4914f6cdd1du;
	for (int r = 0; r < rounds; r++) {
		const struct sample_card *sc = &sample.cards[mutate_rng(&rng_state) % sample.n];
		struct mf_card_object card = sc->card;
		struct mf_card_sources out;

		card.n_faces = 0;
		mutate(card.card.oracle_text ? card.card.oracle_text : "", text, sizeof(text));
		card.card.oracle_text = text;
		if (mutate_rng(&rng_state) % 4 == 0)
			card.card.type_line = types[mutate_rng(&rng_state) % (sizeof(types) / sizeof(types[0]))];
		if (mutate_rng(&rng_state) % 4 == 0) {
			mutate(card.card.name ? card.card.name : "", name, sizeof(name));
			card.card.name = name;
		}
		ck_assert_int_eq(mf_card_source_read(&card, &out), MF_OK);
		check_bounds(&out);
		ck_assert_uint_le(out.n, 1);
		read += out.n == 1 && out.faces[0].n_mana > 0;
	}
	printf("source: %d mutated texts, %zu read as a source\n", rounds, read);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *source_suite(void)
{
	Suite *s = suite_create("source_read");
	TCase *current = tcase_create("current_wording");
	TCase *census = tcase_create("sample");
	TCase *limit = tcase_create("limits");
	TCase *robust = tcase_create("mutated");

	tcase_add_test(current, dorks);
	tcase_add_test(current, rocks);
	tcase_add_test(current, talismans_and_signets);
	tcase_add_test(current, ability_index_and_text);
	tcase_add_test(current, listed);
	tcase_add_test(current, land_search);
	tcase_add_test(current, no_entry);
	tcase_add_test(current, card_faces);
	suite_add_tcase(s, current);

	tcase_add_unchecked_fixture(census, sample_setup, sample_teardown);
	tcase_add_test(census, sample_wording);
	tcase_add_test(census, every_card_of_the_sample);
	suite_add_tcase(s, census);

	tcase_add_test(limit, limits);
	tcase_add_test(limit, array_limits);
	suite_add_tcase(s, limit);

	tcase_add_unchecked_fixture(robust, sample_setup, sample_teardown);
	tcase_add_test(robust, mutated_texts);
	suite_add_tcase(s, robust);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(source_suite());
	int failed;

	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
