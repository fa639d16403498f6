/*
 * mf_combat_working_set() against the heap mf_combat_solve() really holds:
 * measured through the wrapped allocator (tests/unit/heap_peak.h) on boards
 * of every shape up to 16 x 16, the bound holds and is tight (within its
 * page for the allocator's rounding), so that the server's reservation of
 * MF_COMBAT_WORKING_SET_MAX (admission.h) is neither short nor wasted.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "heap_peak.h"
#include "manaflow/combat.h"

/* A board of a attackers and d defenders, powers and toughnesses from a
 * fixed seed, solved under measure; returns the peak. */
static size_t solve_measured(size_t a, size_t d, uint64_t seed)
{
	struct mf_combat_creature att[MF_COMBAT_ATTACKERS_MAX], def[MF_COMBAT_DEFENDERS_MAX];
	struct mf_combat_board board = { att, a, def, d };
	struct mf_combat_result res;
	size_t peak;

	for (size_t i = 0; i < MF_COMBAT_ATTACKERS_MAX; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		att[i] = (struct mf_combat_creature){ (uint32_t)(seed >> 33) % 9,
						      1 + (uint32_t)(seed >> 45) % 9 };
		def[i] = (struct mf_combat_creature){ (uint32_t)(seed >> 20) % 9,
						      1 + (uint32_t)(seed >> 52) % 9 };
	}
	heap_peak_start();
	ck_assert_int_eq(mf_combat_solve(&board, NULL, &res, NULL), MF_OK);
	peak = heap_peak_bytes();
	return peak;
}

START_TEST(bound_holds_and_is_tight)
{
	static const size_t sizes[] = { 0, 1, 3, 8, 12, 15 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++) {
			size_t a = sizes[i], d = sizes[j], bound = mf_combat_working_set(a, d);
			size_t peak = solve_measured(a, d, a * 31 + d);

			ck_assert_msg(peak <= bound, "%zu x %zu: %zu bytes held, bound %zu", a, d,
				      peak, bound);
			ck_assert_msg(peak + 4096 >= bound, "%zu x %zu: %zu bytes held, bound %zu "
				      "(loose)", a, d, peak, bound);
		}
}
END_TEST

/* The largest board: what the server reserves per combat request. */
START_TEST(largest_board_is_the_constant)
{
	size_t peak = solve_measured(MF_COMBAT_ATTACKERS_MAX, MF_COMBAT_DEFENDERS_MAX, 7);

	ck_assert_uint_eq(mf_combat_working_set(MF_COMBAT_ATTACKERS_MAX, MF_COMBAT_DEFENDERS_MAX),
			  MF_COMBAT_WORKING_SET_MAX);
	ck_assert_uint_eq(mf_combat_working_set(1000, 1000), MF_COMBAT_WORKING_SET_MAX);
	ck_assert_msg(peak <= MF_COMBAT_WORKING_SET_MAX && peak + 4096 >= MF_COMBAT_WORKING_SET_MAX,
		      "16 x 16: %zu bytes held, MF_COMBAT_WORKING_SET_MAX %zu", peak,
		      MF_COMBAT_WORKING_SET_MAX);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("combat-memory");
	TCase *tc = tcase_create("working-set");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, bound_holds_and_is_tight);
	tcase_add_test(tc, largest_board_is_the_constant);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
