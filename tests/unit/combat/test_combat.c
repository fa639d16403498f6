/*
 * Check suites of the combat solver: the seed's examples, input checks, and
 * differential tests against the brute-force reference (fixed seeds).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "manaflow/combat.h"
#include "combat_brute.h"
#include "common/random.h"

#define N_ELEMS(x) (sizeof(x) / sizeof((x)[0]))

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static uint32_t rand_range(uint64_t *state, uint32_t lo, uint32_t hi)
{
	return lo + (uint32_t)(mf_splitmix64(state) % (hi - lo + 1));
}

struct test_board {
	struct mf_combat_creature att[MF_COMBAT_ATTACKERS_MAX];
	struct mf_combat_creature def[MF_COMBAT_DEFENDERS_MAX];
	struct mf_combat_board board;
};

static void board_init(struct test_board *tb, size_t n_att, size_t n_def)
{
	tb->board.attackers = tb->att;
	tb->board.n_attackers = n_att;
	tb->board.defenders = tb->def;
	tb->board.n_defenders = n_def;
}

/* pairs: power, toughness, power, toughness ... */
static void board_set(struct test_board *tb, const uint32_t *att, size_t n_att,
		      const uint32_t *def, size_t n_def)
{
	board_init(tb, n_att, n_def);
	for (size_t i = 0; i < n_att; i++)
		tb->att[i] = (struct mf_combat_creature){ att[2 * i], att[2 * i + 1] };
	for (size_t i = 0; i < n_def; i++)
		tb->def[i] = (struct mf_combat_creature){ def[2 * i], def[2 * i + 1] };
}

static void board_random(struct test_board *tb, uint64_t *rng, size_t n_att,
			 size_t n_def, uint32_t max_power, uint32_t max_toughness)
{
	board_init(tb, n_att, n_def);
	for (size_t i = 0; i < n_att; i++)
		tb->att[i] = (struct mf_combat_creature){
			rand_range(rng, 0, max_power), rand_range(rng, 1, max_toughness) };
	for (size_t i = 0; i < n_def; i++)
		tb->def[i] = (struct mf_combat_creature){
			rand_range(rng, 0, max_power), rand_range(rng, 1, max_toughness) };
}

/* Blocks as a vector, from pairs (defender, attacker). */
static void blocking_from_pairs(int8_t *blocking, size_t n_def,
				const int (*pairs)[2], size_t n_pairs)
{
	for (size_t d = 0; d < n_def; d++)
		blocking[d] = MF_COMBAT_NO_BLOCK;
	for (size_t i = 0; i < n_pairs; i++)
		blocking[pairs[i][0]] = (int8_t)pairs[i][1];
}

static bool same_blocking(const int8_t *a, const int8_t *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}

/* The result agrees with the reference's outcome in every field. */
static void assert_matches_ref(const struct mf_combat_board *board,
			       const struct mf_combat_result *res,
			       const struct ref_combat_outcome *ref, const char *what,
			       uint64_t seed)
{
	ck_assert_msg(res->score2 == ref->score2,
		      "%s (seed %llu): score2 %lld, reference %lld", what,
		      (unsigned long long)seed, (long long)res->score2,
		      (long long)ref->score2);
	ck_assert_msg(res->damage_to_player == ref->damage_to_player,
		      "%s (seed %llu): damage %u, reference %u", what,
		      (unsigned long long)seed, res->damage_to_player,
		      ref->damage_to_player);
	for (size_t a = 0; a < board->n_attackers; a++)
		ck_assert_msg(res->attacker_destroyed[a] == ref->attacker_destroyed[a],
			      "%s (seed %llu): attacker %zu destroyed differs", what,
			      (unsigned long long)seed, a);
	for (size_t d = 0; d < board->n_defenders; d++)
		ck_assert_msg(res->defender_destroyed[d] == ref->defender_destroyed[d],
			      "%s (seed %llu): defender %zu destroyed differs", what,
			      (unsigned long long)seed, d);
}

/* The pairs list mirrors the blocking vector, sorted by defender. */
static void assert_pairs_consistent(const struct mf_combat_board *board,
				    const struct mf_combat_result *res)
{
	size_t k = 0;

	for (size_t d = 0; d < board->n_defenders; d++) {
		if (res->blocking[d] == MF_COMBAT_NO_BLOCK)
			continue;
		ck_assert_uint_lt(k, res->n_blocks);
		ck_assert_uint_eq(res->blocks[k].defender, d);
		ck_assert_int_eq(res->blocks[k].attacker, res->blocking[d]);
		ck_assert_uint_lt(res->blocks[k].attacker, board->n_attackers);
		k++;
	}
	ck_assert_uint_eq(k, res->n_blocks);
}

/* ------------------------------------------------------------------ */
/* The seed's examples                                                 */

struct seed_example {
	uint32_t att[4], def[6];
	size_t n_att, n_def;
	/* the published acceptable answers */
	int answers[2][3][2];
	size_t n_answer_pairs[2];
	size_t n_answers;
};

static const struct seed_example seed_examples[] = {
	{ { 2, 2, 3, 3 }, { 1, 4, 1, 1, 0, 1 }, 2, 3,
	  { { { 0, 0 }, { 1, 0 }, { 2, 1 } } }, { 3 }, 1 },
	{ { 3, 3, 3, 3 }, { 2, 3, 2, 2, 2, 2 }, 2, 3,
	  { { { 1, 0 }, { 2, 0 } }, { { 1, 1 }, { 2, 1 } } }, { 2, 2 }, 2 },
	{ { 3, 1, 7, 2 }, { 0, 4, 1, 1 }, 2, 2,
	  { { { 1, 0 } }, { { 0, 0 }, { 1, 0 } } }, { 1, 2 }, 2 },
	{ { 2, 2 }, { 1, 1 }, 1, 1, { { { 0 } } }, { 0 }, 1 },
};

/* The answer is one of the published ones, and every published answer
 * scores the same as ours. */
START_TEST(test_seed_example)
{
	const struct seed_example *ex = &seed_examples[_i];
	struct test_board tb;
	struct mf_combat_result res, alt;
	bool listed = false;

	board_set(&tb, ex->att, ex->n_att, ex->def, ex->n_def);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	assert_pairs_consistent(&tb.board, &res);
	for (size_t k = 0; k < ex->n_answers; k++) {
		int8_t blocking[MF_COMBAT_DEFENDERS_MAX];

		blocking_from_pairs(blocking, ex->n_def, ex->answers[k],
				    ex->n_answer_pairs[k]);
		ck_assert_int_eq(mf_combat_evaluate(&tb.board, blocking, &alt, NULL), MF_OK);
		ck_assert_int_eq(alt.score2, res.score2);
		listed |= same_blocking(blocking, res.blocking, ex->n_def);
	}
	ck_assert_msg(listed, "example %d: blocks not among the published answers", _i);
}
END_TEST

/* Our tie-breaks pick these among the published answers; the scores and
 * outcomes follow from the rules (example 1's -1 is the statement's). */
START_TEST(test_seed_example_details)
{
	static const struct {
		int8_t blocking[3];
		int64_t score2;
		bool att_dead[2], def_dead[3];
	} want[] = {
		{ { 0, 0, 1 }, -2, { true, false }, { false, true, true } },
		{ { -1, 0, 0 }, 3, { true, false }, { false, true, false } },
		{ { -1, 0 }, -17, { true, false }, { false, true } },
		{ { -1 }, -6, { false }, { false } },
	};
	const struct seed_example *ex = &seed_examples[_i];
	struct test_board tb;
	struct mf_combat_result res;

	board_set(&tb, ex->att, ex->n_att, ex->def, ex->n_def);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	ck_assert(same_blocking(res.blocking, want[_i].blocking, ex->n_def));
	ck_assert_int_eq(res.score2, want[_i].score2);
	for (size_t a = 0; a < ex->n_att; a++)
		ck_assert_int_eq(res.attacker_destroyed[a], want[_i].att_dead[a]);
	for (size_t d = 0; d < ex->n_def; d++)
		ck_assert_int_eq(res.defender_destroyed[d], want[_i].def_dead[d]);
}
END_TEST

/* The statement's walk-through: 1/4 and 1/1 block 2/2 scores -1.5, and not
 * blocking at all scores -4.5. */
START_TEST(test_statement_walkthrough)
{
	static const uint32_t att[] = { 2, 2, 3, 3 }, def[] = { 1, 4, 1, 1, 0, 1 };
	const int8_t walk[] = { 0, 0, MF_COMBAT_NO_BLOCK };
	const int8_t none[] = { MF_COMBAT_NO_BLOCK, MF_COMBAT_NO_BLOCK, MF_COMBAT_NO_BLOCK };
	struct test_board tb;
	struct mf_combat_result res;

	board_set(&tb, att, 2, def, 3);
	ck_assert_int_eq(mf_combat_evaluate(&tb.board, walk, &res, NULL), MF_OK);
	ck_assert_int_eq(res.score2, -3);
	ck_assert_uint_eq(res.damage_to_player, 3);
	ck_assert(res.attacker_destroyed[0] && !res.attacker_destroyed[1]);
	ck_assert(!res.defender_destroyed[0] && res.defender_destroyed[1] &&
		  !res.defender_destroyed[2]);
	ck_assert_int_eq(mf_combat_evaluate(&tb.board, none, &res, NULL), MF_OK);
	ck_assert_int_eq(res.score2, -9);
	ck_assert_uint_eq(res.n_blocks, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Input checks                                                        */

START_TEST(test_check_limits)
{
	struct mf_combat_creature many[MF_COMBAT_ATTACKERS_MAX + 1];
	struct mf_combat_board board = { many, MF_COMBAT_ATTACKERS_MAX + 1, many, 1 };
	struct mf_combat_result res;
	struct mf_combat_error err;

	for (size_t i = 0; i < N_ELEMS(many); i++)
		many[i] = (struct mf_combat_creature){ 1, 1 };
	ck_assert_int_eq(mf_combat_solve(&board, NULL, &res, &err), MF_ERR_LIMIT);
	ck_assert_int_eq(err.side, MF_COMBAT_ATTACKER);
	ck_assert_int_eq(res.n_blocks, 0);
	ck_assert_int_eq(res.blocking[0], MF_COMBAT_NO_BLOCK);
	board.n_attackers = 1;
	board.n_defenders = MF_COMBAT_DEFENDERS_MAX + 1;
	ck_assert_int_eq(mf_combat_check(&board, &err), MF_ERR_LIMIT);
	ck_assert_int_eq(err.side, MF_COMBAT_DEFENDER);
	board.n_attackers = MF_COMBAT_ATTACKERS_MAX;
	board.n_defenders = MF_COMBAT_DEFENDERS_MAX;
	ck_assert_int_eq(mf_combat_check(&board, &err), MF_OK);
}
END_TEST

START_TEST(test_check_ranges)
{
	struct mf_combat_creature att[2] = { { 1, 1 }, { 1, 1 } };
	struct mf_combat_creature def[3] = { { 1, 1 }, { 1, 1 }, { 1, 1 } };
	struct mf_combat_board board = { att, 2, def, 3 };
	struct mf_combat_result res;
	struct mf_combat_error err;

	def[2].toughness = 0;
	ck_assert_int_eq(mf_combat_solve(&board, NULL, &res, &err), MF_ERR_INVALID);
	ck_assert_int_eq(err.side, MF_COMBAT_DEFENDER);
	ck_assert_uint_eq(err.index, 2);
	ck_assert_ptr_nonnull(strstr(err.reason, "toughness"));
	def[2].toughness = MF_COMBAT_TOUGHNESS_MAX + 1;
	ck_assert_int_eq(mf_combat_check(&board, &err), MF_ERR_INVALID);
	def[2].toughness = MF_COMBAT_TOUGHNESS_MAX;
	att[1].power = MF_COMBAT_POWER_MAX + 1;
	ck_assert_int_eq(mf_combat_check(&board, &err), MF_ERR_INVALID);
	ck_assert_int_eq(err.side, MF_COMBAT_ATTACKER);
	ck_assert_uint_eq(err.index, 1);
	ck_assert_ptr_nonnull(strstr(err.reason, "power"));
	att[1].power = MF_COMBAT_POWER_MAX;
	ck_assert_int_eq(mf_combat_check(&board, NULL), MF_OK);
	board.attackers = NULL;
	ck_assert_int_eq(mf_combat_check(&board, NULL), MF_ERR_INVALID);
	ck_assert_int_eq(mf_combat_check(NULL, NULL), MF_ERR_INVALID);
}
END_TEST

START_TEST(test_evaluate_rejects_bad_blocks)
{
	struct mf_combat_creature att[2] = { { 1, 1 }, { 1, 1 } };
	struct mf_combat_creature def[2] = { { 1, 1 }, { 1, 1 } };
	struct mf_combat_board board = { att, 2, def, 2 };
	struct mf_combat_result res;
	struct mf_combat_error err;
	int8_t blocking[2] = { 1, 2 };

	ck_assert_int_eq(mf_combat_evaluate(&board, blocking, &res, &err), MF_ERR_INVALID);
	ck_assert_int_eq(err.side, MF_COMBAT_DEFENDER);
	ck_assert_uint_eq(err.index, 1);
	blocking[1] = -2;
	ck_assert_int_eq(mf_combat_evaluate(&board, blocking, &res, &err), MF_ERR_INVALID);
	ck_assert_int_eq(mf_combat_evaluate(&board, NULL, &res, &err), MF_ERR_INVALID);
	blocking[1] = MF_COMBAT_NO_BLOCK;
	ck_assert_int_eq(mf_combat_evaluate(&board, blocking, &res, &err), MF_OK);
	ck_assert_uint_eq(res.n_blocks, 1);
}
END_TEST

/* Empty sides: nothing to block with, or nothing to block. */
START_TEST(test_empty_sides)
{
	static const uint32_t att[] = { 4, 2, 0, 3 }, def[] = { 1, 5, 2, 2 };
	struct test_board tb;
	struct mf_combat_result res;

	board_set(&tb, att, 2, def, 0);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	ck_assert_int_eq(res.score2, -2 * (6 + 3) - 4);
	ck_assert_uint_eq(res.damage_to_player, 4);
	board_set(&tb, att, 0, def, 2);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	ck_assert_int_eq(res.score2, 2 * (6 + 4));
	ck_assert_uint_eq(res.n_blocks, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Differential tests against the brute force                          */

/* Solver and reference agree on the blocks (same tie-breaks), the score
 * and what is destroyed, and the reference's evaluation of the solver's
 * blocks gives the solver's score. */
static void differential(uint64_t seed, size_t n_boards, size_t max_att,
			 size_t max_def, uint32_t max_power, uint32_t max_toughness)
{
	uint64_t rng = seed;

	for (size_t k = 0; k < n_boards; k++) {
		struct test_board tb;
		struct mf_combat_result res;
		struct ref_combat_outcome ref, check;
		int8_t ref_blocking[MF_COMBAT_DEFENDERS_MAX];
		size_t n_att = rand_range(&rng, 0, (uint32_t)max_att);
		size_t n_def = rand_range(&rng, 0, (uint32_t)max_def);

		board_random(&tb, &rng, n_att, n_def, max_power, max_toughness);
		ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
		assert_pairs_consistent(&tb.board, &res);
		ref_combat_best(&tb.board, ref_blocking, &ref);
		ref_combat_evaluate(&tb.board, res.blocking, &check);
		ck_assert_msg(check.score2 == res.score2,
			      "seed %llu board %zu: blocks evaluate to %lld, solver says %lld",
			      (unsigned long long)seed, k, (long long)check.score2,
			      (long long)res.score2);
		assert_matches_ref(&tb.board, &res, &ref, "best", seed + k);
		ck_assert_msg(same_blocking(res.blocking, ref_blocking, n_def),
			      "seed %llu board %zu: tie-break differs", (unsigned long long)seed, k);
	}
}

START_TEST(test_differential_tiny_values)
{
	/* Values 0..3 make ties frequent, which exercises the tie-breaks. */
	differential(0xC0FFEE00u + (uint64_t)_i, 1500, 4, 5, 3, 3);
}
END_TEST

START_TEST(test_differential_small_values)
{
	differential(0x5EED0000u + (uint64_t)_i, 1000, 4, 5, 6, 6);
}
END_TEST

START_TEST(test_differential_wide_boards)
{
	/* More attackers than defenders and the other way round. */
	differential(0xB0A4D000u + (uint64_t)_i, 60, 6, 3, 4, 4);
	differential(0xB0A4D100u + (uint64_t)_i, 20, 2, 10, 3, 4);
}
END_TEST

/* Ties decided anywhere in the key, the low word (defenders past the
 * eighth) included: useless 0/1 defenders and two 1/1 defenders at p < q,
 * each able to kill a 0/1 attacker for free. With two such attackers the
 * documented order wants p on attacker 0 and q on attacker 1; with one, it
 * wants p not to block ("no block" comes first) and q to block. */
START_TEST(test_tiebreak_late_defenders)
{
	const size_t n_def = 12;
	struct test_board tb;
	struct mf_combat_result res;

	for (size_t p = 0; p < n_def; p++) {
		for (size_t q = p + 1; q < n_def; q++) {
			board_init(&tb, 2, n_def);
			tb.att[0] = tb.att[1] = (struct mf_combat_creature){ 0, 1 };
			for (size_t d = 0; d < n_def; d++)
				tb.def[d] = (struct mf_combat_creature){ d == p || d == q, 1 };
			ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
			ck_assert_uint_eq(res.n_blocks, 2);
			ck_assert_msg(res.blocking[p] == 0 && res.blocking[q] == 1,
				      "defenders %zu and %zu block %d and %d", p, q,
				      res.blocking[p], res.blocking[q]);
			ck_assert_int_eq(res.score2, 2 * ((int)n_def - 2 + 4));

			tb.board.n_attackers = 1;
			ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
			ck_assert_uint_eq(res.n_blocks, 1);
			ck_assert_msg(res.blocking[p] == MF_COMBAT_NO_BLOCK &&
				      res.blocking[q] == 0,
				      "one attacker: defenders %zu and %zu block %d and %d",
				      p, q, res.blocking[p], res.blocking[q]);
		}
	}
}
END_TEST

/* mf_combat_evaluate and the reference agree on random assignments, with
 * powers large enough to leave damage over. */
START_TEST(test_evaluate_differential)
{
	uint64_t rng = 0xE7A1u;

	for (size_t k = 0; k < 3000; k++) {
		struct test_board tb;
		struct mf_combat_result res;
		struct ref_combat_outcome ref;
		int8_t blocking[MF_COMBAT_DEFENDERS_MAX];
		size_t n_att = rand_range(&rng, 1, 5), n_def = rand_range(&rng, 0, 6);

		board_random(&tb, &rng, n_att, n_def, 9, 5);
		for (size_t d = 0; d < n_def; d++)
			blocking[d] = (int8_t)((int)rand_range(&rng, 0, (uint32_t)n_att) - 1);
		ck_assert_int_eq(mf_combat_evaluate(&tb.board, blocking, &res, NULL), MF_OK);
		ref_combat_evaluate(&tb.board, blocking, &ref);
		assert_matches_ref(&tb.board, &res, &ref, "evaluate", k);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Large boards: beyond brute force, so check optimality locally        */

/* Is assignment (score2, blocks, vector) better than the solver's answer
 * under the documented order? */
static bool better(const struct mf_combat_result *x, const struct mf_combat_result *y,
		   size_t n_def)
{
	if (x->score2 != y->score2)
		return x->score2 > y->score2;
	if (x->n_blocks != y->n_blocks)
		return x->n_blocks < y->n_blocks;
	for (size_t d = 0; d < n_def; d++)
		if (x->blocking[d] != y->blocking[d])
			return x->blocking[d] < y->blocking[d];
	return false;
}

/*
 * The reference agrees with the answer's outcome, and no change of one or
 * two defenders' choices beats it, nor do many random assignments. Powers stay small so that the reference stays fast.
 */
static void large_board(uint64_t seed, size_t n_att, size_t n_def)
{
	uint64_t rng = seed;
	struct test_board tb;
	struct mf_combat_result res, alt;
	struct ref_combat_outcome ref;
	int8_t blocking[MF_COMBAT_DEFENDERS_MAX];

	board_random(&tb, &rng, n_att, n_def, 4, 6);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	assert_pairs_consistent(&tb.board, &res);
	ref_combat_evaluate(&tb.board, res.blocking, &ref);
	assert_matches_ref(&tb.board, &res, &ref, "large", seed);

	for (size_t d = 0; d < n_def; d++) {
		for (int a = -1; a < (int)n_att; a++) {
			memcpy(blocking, res.blocking, n_def);
			blocking[d] = (int8_t)a;
			ck_assert_int_eq(mf_combat_evaluate(&tb.board, blocking, &alt, NULL),
					 MF_OK);
			ck_assert_msg(!better(&alt, &res, n_def),
				      "seed %llu: moving defender %zu to %d is better",
				      (unsigned long long)seed, d, a);
		}
	}
	/* Every change of two defenders' choices, swaps included. */
	for (size_t d1 = 0; d1 < n_def; d1++) {
		for (size_t d2 = d1 + 1; d2 < n_def; d2++) {
			for (int a1 = -1; a1 < (int)n_att; a1++) {
				for (int a2 = -1; a2 < (int)n_att; a2++) {
					memcpy(blocking, res.blocking, n_def);
					blocking[d1] = (int8_t)a1;
					blocking[d2] = (int8_t)a2;
					ck_assert_int_eq(mf_combat_evaluate(&tb.board, blocking,
									    &alt, NULL), MF_OK);
					ck_assert_msg(!better(&alt, &res, n_def),
						      "seed %llu: defenders %zu, %zu to %d, %d "
						      "is better", (unsigned long long)seed,
						      d1, d2, a1, a2);
				}
			}
		}
	}
	/* And many random assignments. */
	for (size_t k = 0; k < 2000; k++) {
		for (size_t d = 0; d < n_def; d++)
			blocking[d] = (int8_t)((int)rand_range(&rng, 0, (uint32_t)n_att) - 1);
		ck_assert_int_eq(mf_combat_evaluate(&tb.board, blocking, &alt, NULL), MF_OK);
		ck_assert(!better(&alt, &res, n_def));
	}
}

START_TEST(test_large_12x10)
{
	large_board(0x1210u + (uint64_t)_i, 12, 10);
}
END_TEST

START_TEST(test_large_16x16)
{
	large_board(0x1616u, 16, 16);
}
END_TEST

/* Medium boards, still within the reference's reach: 6^7 assignments. */
START_TEST(test_medium_exact)
{
	uint64_t rng = 0x3ED1u + (uint64_t)_i;
	struct test_board tb;
	struct mf_combat_result res;
	struct ref_combat_outcome ref;
	int8_t ref_blocking[MF_COMBAT_DEFENDERS_MAX];

	board_random(&tb, &rng, 5, 7, 3, 3);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	ref_combat_best(&tb.board, ref_blocking, &ref);
	assert_matches_ref(&tb.board, &res, &ref, "medium", 0x3ED1u + (uint64_t)_i);
	ck_assert(same_blocking(res.blocking, ref_blocking, 7));
}
END_TEST

/* Extreme values: the bounds themselves, 16 x 16, integers stay exact. */
START_TEST(test_extreme_values)
{
	struct test_board tb;
	struct mf_combat_result res;
	struct ref_combat_outcome ref;

	board_init(&tb, MF_COMBAT_ATTACKERS_MAX, MF_COMBAT_DEFENDERS_MAX);
	for (size_t i = 0; i < MF_COMBAT_ATTACKERS_MAX; i++)
		tb.att[i] = (struct mf_combat_creature){ MF_COMBAT_POWER_MAX,
							 MF_COMBAT_TOUGHNESS_MAX };
	for (size_t i = 0; i < MF_COMBAT_DEFENDERS_MAX; i++)
		tb.def[i] = (struct mf_combat_creature){ 0, MF_COMBAT_TOUGHNESS_MIN };
	/* 0/1 chump blockers: each blocked attacker kills its blockers and
	 * survives; blocking saves 500 a chump, losing 2: one chump each. */
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &res, NULL), MF_OK);
	ck_assert_uint_eq(res.n_blocks, 16);
	for (size_t d = 0; d < MF_COMBAT_DEFENDERS_MAX; d++)
		ck_assert_int_eq(res.blocking[d], (int)d);
	ck_assert_int_eq(res.score2, -2 * 16 * 2000);
	ref_combat_evaluate(&tb.board, res.blocking, &ref);
	ck_assert_int_eq(ref.score2, res.score2);
}
END_TEST

/* The caller's stop (issue 37): a raised stop or a past deadline stops a
 * 16 x 16 board at once, with nothing in the result; an unraised one
 * changes nothing, and a stop's parent counts. */
START_TEST(test_stop)
{
	struct test_board tb;
	struct mf_combat_result res, free_run;
	struct mf_stop raised = { .cancelled = true }, past = { .deadline_ns = 1 };
	struct mf_stop child = { .parent = &raised }, quiet = { 0 };
	uint64_t t0;

	board_init(&tb, MF_COMBAT_ATTACKERS_MAX, MF_COMBAT_DEFENDERS_MAX);
	for (size_t i = 0; i < MF_COMBAT_DEFENDERS_MAX; i++) {
		tb.att[i] = (struct mf_combat_creature){ 1 + (uint32_t)i % 5, 1 + (uint32_t)i % 4 };
		tb.def[i] = (struct mf_combat_creature){ (uint32_t)i % 3, 1 + (uint32_t)i % 6 };
	}
	t0 = mf_stop_clock_ns();
	ck_assert_int_eq(mf_combat_solve(&tb.board, &raised, &res, NULL), MF_ERR_STOPPED);
	ck_assert_int_eq(mf_combat_solve(&tb.board, &past, &res, NULL), MF_ERR_STOPPED);
	ck_assert_int_eq(mf_combat_solve(&tb.board, &child, &res, NULL), MF_ERR_STOPPED);
	/* each of the three saw its stop within its first layer */
	ck_assert_msg(mf_stop_clock_ns() - t0 < 500000000u, "stopped after %llu ns",
		      (unsigned long long)(mf_stop_clock_ns() - t0));
	ck_assert_uint_eq(res.n_blocks, 0);
	ck_assert_int_eq(res.blocking[0], MF_COMBAT_NO_BLOCK);
	ck_assert_int_eq(mf_combat_solve(&tb.board, &quiet, &res, NULL), MF_OK);
	ck_assert_int_eq(mf_combat_solve(&tb.board, NULL, &free_run, NULL), MF_OK);
	ck_assert_int_eq(res.score2, free_run.score2);
	ck_assert(same_blocking(res.blocking, free_run.blocking, MF_COMBAT_DEFENDERS_MAX));
}
END_TEST

static Suite *combat_suite(void)
{
	Suite *s = suite_create("combat");
	TCase *tc;

	tc = tcase_create("seed");
	tcase_add_loop_test(tc, test_seed_example, 0, (int)N_ELEMS(seed_examples));
	tcase_add_loop_test(tc, test_seed_example_details, 0, (int)N_ELEMS(seed_examples));
	tcase_add_test(tc, test_statement_walkthrough);
	suite_add_tcase(s, tc);

	tc = tcase_create("input");
	tcase_add_test(tc, test_check_limits);
	tcase_add_test(tc, test_check_ranges);
	tcase_add_test(tc, test_evaluate_rejects_bad_blocks);
	tcase_add_test(tc, test_empty_sides);
	suite_add_tcase(s, tc);

	tc = tcase_create("differential");
	tcase_add_loop_test(tc, test_differential_tiny_values, 0, 2);
	tcase_add_loop_test(tc, test_differential_small_values, 0, 2);
	tcase_add_loop_test(tc, test_differential_wide_boards, 0, 2);
	tcase_add_test(tc, test_evaluate_differential);
	tcase_add_test(tc, test_tiebreak_late_defenders);
	tcase_add_loop_test(tc, test_medium_exact, 0, 3);
	suite_add_tcase(s, tc);

	tc = tcase_create("large");
	tcase_add_loop_test(tc, test_large_12x10, 0, 3);
	tcase_add_test(tc, test_large_16x16);
	tcase_add_test(tc, test_stop);
	tcase_add_test(tc, test_extreme_values);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(combat_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
