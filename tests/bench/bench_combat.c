/*
 * Benchmark of the combat solver: random boards of a few sizes (fixed
 * seeds), printing the mean and worst wall time of one solve. It asserts
 * nothing about speed; it prints figures.
 *
 * Usage: bench-combat [repetitions]   (default 20; 16 x 16 runs a quarter)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "manaflow/combat.h"
#include "common/random.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Solves `reps` random boards of one size; returns 0, or 1 on a failure. */
static int bench_size(size_t n_att, size_t n_def, uint32_t max_value, int reps)
{
	struct mf_combat_creature att[MF_COMBAT_ATTACKERS_MAX], def[MF_COMBAT_DEFENDERS_MAX];
	struct mf_combat_board board = { att, n_att, def, n_def };
	struct mf_combat_result res;
	uint64_t rng = 0xBE4C0000u + n_att * 100 + n_def;
	double total = 0, worst = 0;
	int64_t checksum = 0;

	for (int r = 0; r < reps; r++) {
		double start, ms;

		for (size_t i = 0; i < n_att; i++)
			att[i] = (struct mf_combat_creature){
				(uint32_t)(mf_splitmix64(&rng) % (max_value + 1)),
				1 + (uint32_t)(mf_splitmix64(&rng) % max_value) };
		for (size_t i = 0; i < n_def; i++)
			def[i] = (struct mf_combat_creature){
				(uint32_t)(mf_splitmix64(&rng) % (max_value + 1)),
				1 + (uint32_t)(mf_splitmix64(&rng) % max_value) };
		start = now_ms();
		if (mf_combat_solve(&board, NULL, &res, NULL) != MF_OK) {
			fprintf(stderr, "bench-combat: solve failed\n");
			return 1;
		}
		ms = now_ms() - start;
		total += ms;
		if (ms > worst)
			worst = ms;
		checksum += res.score2 + (int64_t)res.n_blocks;
	}
	printf("combat %2zux%-2zu values 0..%-4u  %3d boards  mean %9.3f ms  worst %9.3f ms"
	       "  (checksum %lld)\n", n_att, n_def, max_value, reps, total / reps, worst,
	       (long long)checksum);
	return 0;
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 20;
	int failed = 0;

	if (reps < 1)
		reps = 1;
	failed |= bench_size(8, 8, 10, reps);
	failed |= bench_size(12, 10, 10, reps);
	failed |= bench_size(12, 10, 1000, reps);
	failed |= bench_size(16, 12, 10, reps);
	failed |= bench_size(16, 16, 10, reps / 4 > 0 ? reps / 4 : 1);
	failed |= bench_size(16, 16, 1000, reps / 4 > 0 ? reps / 4 : 1);
	return failed;
}
