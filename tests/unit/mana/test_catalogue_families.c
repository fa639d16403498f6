/*
 * The built-in catalogue, family by family: every land of each family it
 * has beyond the contest's, by its exact Scryfall name, with its basic land
 * types, its mana abilities, how it enters and its kind, written out here from the
 * cards' Oracle text. A missing, misspelt or mistyped land fails with its
 * name; the family counts add up to the whole catalogue, so nothing else
 * slips in either.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/mana.h"

/* One land: name, basic land types ("Plains,Island", "" for none) and its
 * alternatives as the catalogue writes them ("W|U", "-G|-W", "--CC"). */
struct member {
	const char *name, *types, *alternatives;
};

struct family {
	const char *label;
	enum mf_mana_land_kind kind;
	enum mf_mana_etb etb;
	uint8_t supertypes;
	const struct member *members;
	size_t n;
};

#define FAMILY(label, kind, etb, super, list) \
	{ label, kind, etb, super, list, sizeof(list) / sizeof(list[0]) }

/* The contest's 70, as the statement gives them. */
static const struct member basics[] = {
	{ "Plains", "Plains", "W" }, { "Island", "Island", "U" }, { "Swamp", "Swamp", "B" },
	{ "Mountain", "Mountain", "R" }, { "Forest", "Forest", "G" },
};
static const struct member duals[] = {
	{ "Tundra", "Plains,Island", "W|U" }, { "Underground Sea", "Island,Swamp", "U|B" },
	{ "Badlands", "Swamp,Mountain", "B|R" }, { "Taiga", "Mountain,Forest", "R|G" },
	{ "Savannah", "Forest,Plains", "G|W" }, { "Scrubland", "Plains,Swamp", "W|B" },
	{ "Volcanic Island", "Island,Mountain", "U|R" }, { "Bayou", "Swamp,Forest", "B|G" },
	{ "Plateau", "Mountain,Plains", "R|W" }, { "Tropical Island", "Forest,Island", "G|U" },
};
static const struct member shocks[] = {
	{ "Hallowed Fountain", "Plains,Island", "W|U" }, { "Watery Grave", "Island,Swamp", "U|B" },
	{ "Blood Crypt", "Swamp,Mountain", "B|R" }, { "Stomping Ground", "Mountain,Forest", "R|G" },
	{ "Temple Garden", "Forest,Plains", "G|W" }, { "Godless Shrine", "Plains,Swamp", "W|B" },
	{ "Steam Vents", "Island,Mountain", "U|R" }, { "Overgrown Tomb", "Swamp,Forest", "B|G" },
	{ "Sacred Foundry", "Mountain,Plains", "R|W" }, { "Breeding Pool", "Forest,Island", "G|U" },
};
static const struct member fetches[] = {
	{ "Flooded Strand", "", "-fetchPlains|-fetchIsland" },
	{ "Polluted Delta", "", "-fetchIsland|-fetchSwamp" },
	{ "Bloodstained Mire", "", "-fetchSwamp|-fetchMountain" },
	{ "Wooded Foothills", "", "-fetchMountain|-fetchForest" },
	{ "Windswept Heath", "", "-fetchForest|-fetchPlains" },
	{ "Marsh Flats", "", "-fetchPlains|-fetchSwamp" },
	{ "Scalding Tarn", "", "-fetchIsland|-fetchMountain" },
	{ "Verdant Catacombs", "", "-fetchSwamp|-fetchForest" },
	{ "Arid Mesa", "", "-fetchMountain|-fetchPlains" },
	{ "Misty Rainforest", "", "-fetchForest|-fetchIsland" },
};
static const struct member pains[] = {
	{ "Adarkar Wastes", "", "C|-W|-U" }, { "Underground River", "", "C|-U|-B" },
	{ "Sulfurous Springs", "", "C|-B|-R" }, { "Karplusan Forest", "", "C|-R|-G" },
	{ "Brushland", "", "C|-G|-W" }, { "Caves of Koilos", "", "C|-W|-B" },
	{ "Shivan Reef", "", "C|-U|-R" }, { "Llanowar Wastes", "", "C|-B|-G" },
	{ "Battlefield Forge", "", "C|-R|-W" }, { "Yavimaya Coast", "", "C|-G|-U" },
};
static const struct member bounces[] = {
	{ "Azorius Chancery", "", "WU" }, { "Dimir Aqueduct", "", "UB" },
	{ "Rakdos Carnarium", "", "BR" }, { "Gruul Turf", "", "RG" },
	{ "Selesnya Sanctuary", "", "GW" }, { "Orzhov Basilica", "", "WB" },
	{ "Izzet Boilerworks", "", "UR" }, { "Golgari Rot Farm", "", "BG" },
	{ "Boros Garrison", "", "RW" }, { "Simic Growth Chamber", "", "GU" },
};
/* Khans of Tarkir's and Shards of Alara's tri-lands, already the contest's. */
static const struct member tris[] = {
	{ "Mystic Monastery", "", "U|R|W" }, { "Nomad Outpost", "", "R|W|B" },
	{ "Opulent Palace", "", "B|G|U" }, { "Sandsteppe Citadel", "", "W|B|G" },
	{ "Frontier Bivouac", "", "G|U|R" }, { "Arcane Sanctum", "", "W|U|B" },
	{ "Crumbling Necropolis", "", "U|B|R" }, { "Jungle Shrine", "", "R|G|W" },
	{ "Savage Lands", "", "B|R|G" }, { "Seaside Citadel", "", "G|W|U" },
};
static const struct member fives[] = {
	{ "City of Brass", "", "-W|-U|-R|-B|-G" },
	{ "Gemstone Mine", "", "W|U|R|B|G" },  /* a mining counter assumed */
	{ "Mana Confluence", "", "-W|-U|-B|-R|-G" },
	{ "Exotic Orchard", "", "W|U|B|R|G" },  /* the opponents' lands make every colour */
};
/* "Add one mana of any color in your commander's color identity": the five
 * colours as narrowed to all five (mf_mana_land_narrow); nothing before. */
static const struct member identity_lands[] = {
	{ "Command Tower", "", "W|U|B|R|G" },
};
static const struct member identity_tapped[] = {
	{ "Path of Ancestry", "", "W|U|B|R|G" },
};
static const struct member trons[] = {
	{ "Urza's Mine", "", "C" }, { "Urza's Power Plant", "", "C" }, { "Urza's Tower", "", "C" },
};

/* Lands beyond the contest's and its families: snow basics and the rest. */
static const struct member snow_basics[] = {
	{ "Snow-Covered Plains", "Plains", "W" }, { "Snow-Covered Island", "Island", "U" },
	{ "Snow-Covered Swamp", "Swamp", "B" }, { "Snow-Covered Mountain", "Mountain", "R" },
	{ "Snow-Covered Forest", "Forest", "G" },
};
static const struct member wastes[] = { { "Wastes", "", "C" } };
static const struct member fast[] = {
	{ "Seachrome Coast", "", "W|U" }, { "Darkslick Shores", "", "U|B" },
	{ "Blackcleave Cliffs", "", "B|R" }, { "Copperline Gorge", "", "R|G" },
	{ "Razorverge Thicket", "", "G|W" }, { "Concealed Courtyard", "", "W|B" },
	{ "Spirebluff Canal", "", "U|R" }, { "Blooming Marsh", "", "B|G" },
	{ "Inspiring Vantage", "", "R|W" }, { "Botanical Sanctum", "", "G|U" },
};
static const struct member check_lands[] = {
	{ "Glacial Fortress", "", "W|U" }, { "Drowned Catacomb", "", "U|B" },
	{ "Dragonskull Summit", "", "B|R" }, { "Rootbound Crag", "", "R|G" },
	{ "Sunpetal Grove", "", "G|W" }, { "Isolated Chapel", "", "W|B" },
	{ "Sulfur Falls", "", "U|R" }, { "Woodland Cemetery", "", "B|G" },
	{ "Clifftop Retreat", "", "R|W" }, { "Hinterland Harbor", "", "G|U" },
};
static const struct member slow[] = {
	{ "Deserted Beach", "", "W|U" }, { "Shipwreck Marsh", "", "U|B" },
	{ "Haunted Ridge", "", "B|R" }, { "Rockfall Vale", "", "R|G" },
	{ "Overgrown Farmland", "", "G|W" }, { "Shattered Sanctum", "", "W|B" },
	{ "Stormcarved Coast", "", "U|R" }, { "Deathcap Glade", "", "B|G" },
	{ "Sundown Pass", "", "R|W" }, { "Dreamroot Cascade", "", "G|U" },
};
static const struct member triomes[] = {
	{ "Indatha Triome", "Plains,Swamp,Forest", "W|B|G" },
	{ "Ketria Triome", "Forest,Island,Mountain", "G|U|R" },
	{ "Raugrin Triome", "Island,Mountain,Plains", "U|R|W" },
	{ "Savai Triome", "Mountain,Plains,Swamp", "R|W|B" },
	{ "Zagoth Triome", "Swamp,Forest,Island", "B|G|U" },
	{ "Spara's Headquarters", "Forest,Plains,Island", "G|W|U" },
	{ "Raffine's Tower", "Plains,Island,Swamp", "W|U|B" },
	{ "Xander's Lounge", "Island,Swamp,Mountain", "U|B|R" },
	{ "Ziatora's Proving Ground", "Swamp,Mountain,Forest", "B|R|G" },
	{ "Jetmir's Garden", "Mountain,Forest,Plains", "R|G|W" },
};
static const struct member surveils[] = {
	{ "Meticulous Archive", "Plains,Island", "W|U" }, { "Undercity Sewers", "Island,Swamp", "U|B" },
	{ "Raucous Theater", "Swamp,Mountain", "B|R" }, { "Commercial District", "Mountain,Forest", "R|G" },
	{ "Lush Portico", "Forest,Plains", "G|W" }, { "Shadowy Backstreet", "Plains,Swamp", "W|B" },
	{ "Thundering Falls", "Island,Mountain", "U|R" }, { "Underground Mortuary", "Swamp,Forest", "B|G" },
	{ "Elegant Parlor", "Mountain,Plains", "R|W" }, { "Hedge Maze", "Forest,Island", "G|U" },
};
static const struct member gates[] = {
	{ "Azorius Guildgate", "", "W|U" }, { "Dimir Guildgate", "", "U|B" },
	{ "Rakdos Guildgate", "", "B|R" }, { "Gruul Guildgate", "", "R|G" },
	{ "Selesnya Guildgate", "", "G|W" }, { "Orzhov Guildgate", "", "W|B" },
	{ "Izzet Guildgate", "", "U|R" }, { "Golgari Guildgate", "", "B|G" },
	{ "Boros Guildgate", "", "R|W" }, { "Simic Guildgate", "", "G|U" },
};
static const struct member gains[] = {
	{ "Tranquil Cove", "", "W|U" }, { "Dismal Backwater", "", "U|B" },
	{ "Bloodfell Caves", "", "B|R" }, { "Rugged Highlands", "", "R|G" },
	{ "Blossoming Sands", "", "G|W" }, { "Scoured Barrens", "", "W|B" },
	{ "Swiftwater Cliffs", "", "U|R" }, { "Jungle Hollow", "", "B|G" },
	{ "Wind-Scarred Crag", "", "R|W" }, { "Thornwood Falls", "", "G|U" },
};
static const struct member temples[] = {
	{ "Temple of Enlightenment", "", "W|U" }, { "Temple of Deceit", "", "U|B" },
	{ "Temple of Malice", "", "B|R" }, { "Temple of Abandon", "", "R|G" },
	{ "Temple of Plenty", "", "G|W" }, { "Temple of Silence", "", "W|B" },
	{ "Temple of Epiphany", "", "U|R" }, { "Temple of Malady", "", "B|G" },
	{ "Temple of Triumph", "", "R|W" }, { "Temple of Mystery", "", "G|U" },
};
/* Each face of the ten modal double-faced cards, front then back. */
static const struct member pathways[] = {
	{ "Hengegate Pathway", "", "W" }, { "Mistgate Pathway", "", "U" },
	{ "Clearwater Pathway", "", "U" }, { "Murkwater Pathway", "", "B" },
	{ "Blightstep Pathway", "", "B" }, { "Searstep Pathway", "", "R" },
	{ "Cragcrown Pathway", "", "R" }, { "Timbercrown Pathway", "", "G" },
	{ "Branchloft Pathway", "", "G" }, { "Boulderloft Pathway", "", "W" },
	{ "Brightclimb Pathway", "", "W" }, { "Grimclimb Pathway", "", "B" },
	{ "Riverglide Pathway", "", "U" }, { "Lavaglide Pathway", "", "R" },
	{ "Darkbore Pathway", "", "B" }, { "Slitherbore Pathway", "", "G" },
	{ "Needleverge Pathway", "", "R" }, { "Pillarverge Pathway", "", "W" },
	{ "Barkchannel Pathway", "", "G" }, { "Tidechannel Pathway", "", "U" },
};
/* The ten cards by their deck-list name: the face is chosen when played. */
static const struct member pathway_cards[] = {
	{ "Hengegate Pathway // Mistgate Pathway", "", "W|U" },
	{ "Clearwater Pathway // Murkwater Pathway", "", "U|B" },
	{ "Blightstep Pathway // Searstep Pathway", "", "B|R" },
	{ "Cragcrown Pathway // Timbercrown Pathway", "", "R|G" },
	{ "Branchloft Pathway // Boulderloft Pathway", "", "G|W" },
	{ "Brightclimb Pathway // Grimclimb Pathway", "", "W|B" },
	{ "Riverglide Pathway // Lavaglide Pathway", "", "U|R" },
	{ "Darkbore Pathway // Slitherbore Pathway", "", "B|G" },
	{ "Needleverge Pathway // Pillarverge Pathway", "", "R|W" },
	{ "Barkchannel Pathway // Tidechannel Pathway", "", "G|U" },
};
static const struct member horizons[] = {
	{ "Horizon Canopy", "", "-G|-W" }, { "Nurturing Peatland", "", "-B|-G" },
	{ "Silent Clearing", "", "-W|-B" }, { "Fiery Islet", "", "-U|-R" },
	{ "Sunbaked Canyon", "", "-R|-W" }, { "Waterlogged Grove", "", "-G|-U" },
};
static const struct member others[] = {
	{ "Grove of the Burnwillows", "", "C|R|G" },  /* the opponent's life gain not modelled */
	{ "Ancient Tomb", "", "--CC" },
	/* a Swamp (Forest) itself; what it makes the other lands is not modelled */
	{ "Urborg, Tomb of Yawgmoth", "", "B" },
	{ "Yavimaya, Cradle of Growth", "", "G" },
};
/* "If you control two or more other lands, it enters tapped": untapped with
 * at most one other land (etb=few1) */
static const struct member creature_lands[] = {
	{ "Hive of the Eye Tyrant", "", "B" }, { "Den of the Bugbear", "", "R" },
	{ "Lair of the Hydra", "", "G" }, { "Hall of Storm Giants", "", "U" },
	{ "Cave of the Frost Dragon", "", "W" },
};
static const struct member basic_fetches[] = {
	{ "Prismatic Vista", "", "-fetchBasic" },
};
static const struct member tapped_fetches[] = {
	{ "Fabled Passage", "", "fetchBasic" },  /* fetch_untap_at 4: the odds' land drops read it */
	{ "Evolving Wilds", "", "fetchBasic" },
	{ "Terramorphic Expanse", "", "fetchBasic" },
};

#define B MF_MANA_SUPER_BASIC
#define S MF_MANA_SUPER_SNOW
#define UNTAPPED MF_MANA_ETB_UNTAPPED
#define TAPPED MF_MANA_ETB_TAPPED
#define SOMETIMES MF_MANA_ETB_CONDITIONAL
static const struct family families[] = {
	FAMILY("basic", MF_MANA_KIND_BASIC, UNTAPPED, B, basics),
	FAMILY("dual", MF_MANA_KIND_DUAL, UNTAPPED, 0, duals),
	FAMILY("shock", MF_MANA_KIND_SHOCK, UNTAPPED, 0, shocks),
	FAMILY("fetch", MF_MANA_KIND_FETCH, UNTAPPED, 0, fetches),
	FAMILY("pain", MF_MANA_KIND_PAIN, UNTAPPED, 0, pains),
	FAMILY("bounce", MF_MANA_KIND_BOUNCE, UNTAPPED, 0, bounces),
	FAMILY("tri", MF_MANA_KIND_TRI, UNTAPPED, 0, tris),
	FAMILY("five-color", MF_MANA_KIND_FIVE_COLOR, UNTAPPED, 0, fives),
	FAMILY("tron", MF_MANA_KIND_TRON, UNTAPPED, 0, trons),
	FAMILY("snow basic", MF_MANA_KIND_BASIC, UNTAPPED, B | S, snow_basics),
	FAMILY("Wastes", MF_MANA_KIND_BASIC, UNTAPPED, B, wastes),
	FAMILY("fast", MF_MANA_KIND_FAST, SOMETIMES, 0, fast),
	FAMILY("check", MF_MANA_KIND_CHECK, SOMETIMES, 0, check_lands),
	FAMILY("slow", MF_MANA_KIND_SLOW, SOMETIMES, 0, slow),
	FAMILY("triome", MF_MANA_KIND_TRIOME, TAPPED, 0, triomes),
	FAMILY("surveil", MF_MANA_KIND_SURVEIL, TAPPED, 0, surveils),
	FAMILY("gate", MF_MANA_KIND_GATE, TAPPED, 0, gates),
	FAMILY("gain", MF_MANA_KIND_GAIN, TAPPED, 0, gains),
	FAMILY("temple", MF_MANA_KIND_TEMPLE, TAPPED, 0, temples),
	FAMILY("pathway", MF_MANA_KIND_PATHWAY, UNTAPPED, 0, pathways),
	FAMILY("pathway card", MF_MANA_KIND_PATHWAY, UNTAPPED, 0, pathway_cards),
	FAMILY("horizon", MF_MANA_KIND_HORIZON, UNTAPPED, 0, horizons),
	FAMILY("other", MF_MANA_KIND_OTHER, UNTAPPED, 0, others),
	FAMILY("creature land", MF_MANA_KIND_OTHER, SOMETIMES, 0, creature_lands),
	FAMILY("basic-only fetch", MF_MANA_KIND_FETCH, UNTAPPED, 0, basic_fetches),
	FAMILY("tapped fetch", MF_MANA_KIND_FETCH, UNTAPPED, 0, tapped_fetches),
	FAMILY("commander's identity", MF_MANA_KIND_OTHER, UNTAPPED, 0, identity_lands),
	FAMILY("commander's identity, tapped", MF_MANA_KIND_OTHER, TAPPED, 0, identity_tapped),
};
#define N_FAMILIES (sizeof(families) / sizeof(families[0]))

/* How many of each the issue asks for, so that a shortened list fails too. */
static const size_t family_size[N_FAMILIES] = {
	5, 10, 10, 10, 10, 10, 10, 4, 3, 5, 1, 10, 10, 10, 10, 10, 10, 10, 10, 20, 10, 6, 4, 5, 1, 3,
	1, 1,
};

static struct mf_mana_catalogue *cat;

static void setup(void)
{
	struct mf_mana_parse_error err;

	ck_assert_int_eq(mf_mana_catalogue_builtin(&cat, &err), MF_OK);
}

static void teardown(void)
{
	mf_mana_catalogue_free(cat);
	cat = NULL;
}

static uint8_t types_of(const char *types)
{
	static const char *const names[5] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
	uint8_t mask = 0;

	while (*types) {
		size_t len = strcspn(types, ",");
		int t = 0;

		while (t < 5 && (strlen(names[t]) != len || strncmp(names[t], types, len)))
			t++;
		ck_assert_msg(t < 5, "bad type in %s", types);
		mask |= (uint8_t)(1u << t);
		types += len + (types[len] == ',');
	}
	return mask;
}

/* The land's alternatives written back as the catalogue would: "--CC",
 * "-fetchBasic", "C|-R|-W". */
static void alternatives_text(const struct mf_mana_land *l, char *buf, size_t size)
{
	static const char *const names[5] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned bit = 0; bit < 6 && l->fetch_types; bit++) {
		if (!(l->fetch_types >> bit & 1))
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s%.*sfetch%s", n ? "|" : "",
				      (int)l->fetch_life, "--------------------",
				      bit < 5 ? names[bit] : "Basic");
	}
	for (unsigned i = 0; i < l->n_options; i++) {
		n += (size_t)snprintf(buf + n, size - n, "%s%.*s", n ? "|" : "",
				      (int)l->options[i].life, "--------------------");
		for (int t = 0; t < MF_MANA_TYPES; t++)
			for (unsigned k = 0; k < l->options[i].mana[t]; k++)
				n += (size_t)snprintf(buf + n, size - n, "%c",
						      mf_mana_letter((enum mf_mana_type)t));
	}
}

static int char_cmp(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

static int token_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Alternatives in an order of their own: each one's characters sorted, then
 * the alternatives sorted ("-U|C|-W" and "C|-W|-U" read the same). */
static void canonical(const char *text, char *buf, size_t size)
{
	char tokens[16][48];
	size_t n = 0, len = 0;

	while (*text && n < 16) {
		size_t k = strcspn(text, "|");

		snprintf(tokens[n], sizeof(tokens[n]), "%.*s", (int)k, text);
		qsort(tokens[n], strlen(tokens[n]), 1, char_cmp);
		n++;
		text += k + (text[k] == '|');
	}
	qsort(tokens, n, sizeof(tokens[0]), token_cmp);
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "|" : "", tokens[i]);
}

START_TEST(family_loads_as_written)
{
	const struct family *f = &families[_i];
	char text[160], got[160], want[160];

	ck_assert_msg(f->n == family_size[_i], "%s: %zu lands, the issue lists %zu", f->label, f->n,
		      family_size[_i]);
	for (size_t k = 0; k < f->n; k++) {
		const struct member *m = &f->members[k];
		int32_t i = mf_mana_catalogue_find(cat, m->name, strlen(m->name));
		const struct mf_mana_land *l;
		struct mf_mana_land all;
		bool identity = f->members == identity_lands || f->members == identity_tapped;

		ck_assert_msg(i >= 0, "%s: %s is missing", f->label, m->name);
		l = mf_mana_catalogue_land(cat, (size_t)i);
		ck_assert_msg(l->identity == (identity ? 0x1f : 0), "%s: identity %u", m->name,
			      l->identity);
		ck_assert_msg(!identity || l->n_options == 0, "%s: makes mana before narrowing",
			      m->name);
		all = *l;
		mf_mana_land_narrow(&all, 0x1f);  /* an identity land's colours; no other changes */
		ck_assert_msg(identity || !memcmp(&all, l, sizeof(all)), "%s: narrowed", m->name);
		l = &all;
		ck_assert_msg(l->kind == f->kind, "%s: kind %s", m->name, mf_mana_land_kind_name(l->kind));
		ck_assert_msg(l->etb == f->etb, "%s: etb %u", m->name, l->etb);
		ck_assert_msg(l->supertypes == f->supertypes, "%s: supertypes %u", m->name, l->supertypes);
		ck_assert_msg(l->basic_types == types_of(m->types), "%s: types %u", m->name, l->basic_types);
		ck_assert_msg(l->untap_life == (f->kind == MF_MANA_KIND_SHOCK ? 2 : 0), "%s: shock",
			      m->name);
		ck_assert_msg(l->fetch_tapped == (f->members == tapped_fetches), "%s: fetch_tapped",
			      m->name);
		ck_assert_msg(l->fetch_untap_at == (strcmp(m->name, "Fabled Passage") ? 0 : 4),
			      "%s: fetch_untap_at", m->name);
		ck_assert_msg(!l->tron == (f->kind != MF_MANA_KIND_TRON), "%s: tron", m->name);
		alternatives_text(l, text, sizeof(text));
		canonical(text, got, sizeof(got));
		canonical(m->alternatives, want, sizeof(want));
		ck_assert_msg(!strcmp(got, want), "%s: alternatives %s, not %s", m->name, text,
			      m->alternatives);
	}
}
END_TEST

/* Every land of the catalogue is in exactly one family above, and the
 * contest's 70 come first, in the contest's order. */
START_TEST(families_cover_the_catalogue)
{
	size_t total = 0;
	unsigned *seen = calloc(mf_mana_catalogue_size(cat), sizeof(*seen));

	ck_assert_ptr_nonnull(seen);
	for (size_t f = 0; f < N_FAMILIES; f++) {
		total += families[f].n;
		for (size_t k = 0; k < families[f].n; k++) {
			const char *name = families[f].members[k].name;
			int32_t i = mf_mana_catalogue_find(cat, name, strlen(name));

			ck_assert_msg(i >= 0 && !seen[i]++, "%s: missing or listed twice", name);
		}
	}
	ck_assert_uint_eq(total, 209);
	ck_assert_uint_eq(mf_mana_catalogue_size(cat), total);
	ck_assert_str_eq(mf_mana_catalogue_land(cat, 0)->name, "Plains");
	ck_assert_str_eq(mf_mana_catalogue_land(cat, 69)->name, "Urza's Tower");
	free(seen);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("catalogue-families");
	TCase *tc = tcase_create("families");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, family_loads_as_written, 0, (int)N_FAMILIES);
	tcase_add_test(tc, families_cover_the_catalogue);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
