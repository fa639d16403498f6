#include "unit/camelot/deals.h"

#include <string.h>

#include "common/random.h"

const struct deals_example deals_examples[4] = {
	{ "AAAA222233334444555566667777888899990000JJJJQQQQKKKK", false },
	{ "JJJJQQQQKKKKA9A9A9A928282828373737374646464655550000", true },
	{ "JJJJQQQQKKKKA9A9A9A928282828333377774646464655550000", false },
	{ "28333377774646464655550000JJJJQQQQKKKKA9A9A9A9282828", true },
};

uint64_t deals_next(uint64_t *state)
{
	return mf_splitmix64(state);
}

uint32_t deals_below(uint64_t *state, uint32_t bound)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
	uint64_t x;

	do
		x = deals_next(state);
	while (x >= limit);
	return (uint32_t)(x % bound);
}

static void shuffle(uint64_t *state, uint8_t *cards, int n)
{
	for (int i = n - 1; i > 0; i--) {
		uint32_t j = deals_below(state, (uint32_t)i + 1);
		uint8_t t = cards[i];

		cards[i] = cards[j];
		cards[j] = t;
	}
}

void deals_random(uint64_t *state, enum deal_shape shape,
		  struct mf_camelot_deal *deal)
{
	uint8_t numbers[40], faces[12];
	int head, n = 0;

	for (int i = 0; i < 40; i++)
		numbers[i] = (uint8_t)(i / 4 + 1);
	for (int i = 0; i < 12; i++)
		faces[i] = (uint8_t)(MF_CAMELOT_JACK + i / 4);
	shuffle(state, numbers, 40);
	shuffle(state, faces, 12);
	switch (shape) {
	case DEAL_FACES_EARLY:
		/* The faces and some numbers make up the first `head` cards. */
		head = 16 + (int)deals_below(state, 13);
		memcpy(deal->cards, faces, 12);
		memcpy(deal->cards + 12, numbers, 40);
		shuffle(state, deal->cards, head);
		return;
	case DEAL_NUMBERS_FIRST:
		memcpy(deal->cards, numbers, 16);
		memcpy(deal->cards + 16, numbers + 16, 24);
		memcpy(deal->cards + 40, faces, 12);
		shuffle(state, deal->cards + 16, 36);
		return;
	case DEAL_FACES_MIDDLE:
		/* Cards 12..36 hold the faces and 13 numbers, the rest numbers. */
		memcpy(deal->cards, numbers, 12);
		memcpy(deal->cards + 12, faces, 12);
		memcpy(deal->cards + 24, numbers + 12, 28);
		shuffle(state, deal->cards + 12, 25);
		return;
	case DEAL_UNIFORM:
	case DEAL_SHAPES:
		break;
	}
	for (int i = 0; i < 40; i++)
		deal->cards[n++] = numbers[i];
	for (int i = 0; i < 12; i++)
		deal->cards[n++] = faces[i];
	shuffle(state, deal->cards, MF_CAMELOT_DECK_SIZE);
}

void deals_parse(const char *text, struct mf_camelot_deal *deal)
{
	struct mf_camelot_parse_error err;
	int rc = mf_camelot_deal_parse(text, strlen(text), deal, &err);

	ck_assert_msg(rc == MF_OK, "deal %s: %s at %zu", text, err.reason, err.position);
}
