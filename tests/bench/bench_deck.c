/*
 * Benchmark of the deck-colour solver: cards read per second over
 * cards-sample.json, whole-deck answers per second for 75-card decks, and
 * the regex reference for comparison. Prints figures; asserts nothing.
 *
 * Usage: bench_deck [cards-sample.json]   (default: $MF_DECK_SAMPLE)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "manaflow/deck.h"
#include "reference/deck_regex.h"
#include "unit/card/sample.h"

#define DECK_SIZE 75

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Keeps the compiler from dropping the work. */
static volatile unsigned sink;

static double bench_cards(const struct sample *s, double min_seconds, size_t *read)
{
	double start = now_seconds(), elapsed;
	size_t n = 0;

	do {
		for (size_t i = 0; i < s->n; i++) {
			struct mf_card_colors colors;

			if (mf_card_read_colors(&s->cards[i].card, &colors) == MF_OK)
				sink += colors.produces ^ colors.uses;
		}
		n += s->n;
		elapsed = now_seconds() - start;
	} while (elapsed < min_seconds);
	*read = n;
	return elapsed;
}

static double bench_decks(const struct sample *s, double min_seconds, size_t *decks)
{
	struct mf_card_object cards[DECK_SIZE];
	uint64_t state = 75;
	double start = now_seconds(), elapsed;
	size_t n = 0;

	do {
		struct mf_deck_colors colors;

		for (size_t i = 0; i < DECK_SIZE; i++) {
			state = state * 6364136223846793005ull + 1442695040888963407ull;
			cards[i] = s->cards[(state >> 33) % s->n].card;
		}
		if (mf_deck_colors(cards, DECK_SIZE, NULL, &colors, NULL) == MF_OK)
			sink += colors.colors;
		n++;
		elapsed = now_seconds() - start;
	} while (elapsed < min_seconds);
	*decks = n;
	return elapsed;
}

static double bench_reference(const struct sample *s, size_t *read)
{
	struct ref_deck *ref = ref_deck_new();
	double start = now_seconds();

	*read = 0;
	if (!ref)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		char produces[8], uses[8];

		if (ref_deck_read_card(ref, &s->cards[i].card, produces, uses) == 0)
			sink += (unsigned)produces[0];
	}
	*read = s->n;
	ref_deck_free(ref);
	return now_seconds() - start;
}

int main(int argc, char **argv)
{
	struct sample s;
	size_t cards, decks, ref_cards;
	double t_cards, t_decks, t_ref;

	if (sample_load(argc > 1 ? argv[1] : sample_path(), &s) != 0)
		return EXIT_FAILURE;
	/* One warm-up pass, then measure. */
	bench_cards(&s, 0.0, &cards);
	t_cards = bench_cards(&s, 1.0, &cards);
	t_decks = bench_decks(&s, 1.0, &decks);
	t_ref = bench_reference(&s, &ref_cards);

	printf("deck: sample of %zu cards\n", s.n);
	printf("deck: mf_card_read_colors   %12.0f cards/s  (%zu cards in %.3f s, %.2f us/card)\n",
	       (double)cards / t_cards, cards, t_cards, 1e6 * t_cards / (double)cards);
	printf("deck: mf_deck_colors      %12.0f decks/s  (%d-card decks, %zu in %.3f s)\n",
	       (double)decks / t_decks, DECK_SIZE, decks, t_decks);
	if (ref_cards)
		printf("deck: regex reference     %12.0f cards/s  (%zu cards in %.3f s)\n",
		       (double)ref_cards / t_ref, ref_cards, t_ref);
	sample_free(&s);
	return EXIT_SUCCESS;
}
