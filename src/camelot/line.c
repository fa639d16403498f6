/*
 * From the search's phases (how many cards of each value each removal
 * phase clears) to a line a person can replay: a slot for every card dealt
 * and the slots of every removal, paired.
 *
 * Slots are chosen afterwards, knowing when every card leaves, by the
 * backwards greedy of camelot_int.h: each face takes a slot of its class
 * for good; a number may use a slot only up to the phase before the face
 * that takes it arrives; numbers, latest-leaving first, each take any slot
 * open that long and free over the phases the card is on the board.
 */
#include "camelot/camelot_int.h"

#include <string.h>

#define NO_DEADLINE 255

enum mf_camelot_class mf_camelot_slot_class(uint8_t row, uint8_t col)
{
	bool edge_row = row == 0 || row == MF_CAMELOT_SIDE - 1;
	bool edge_col = col == 0 || col == MF_CAMELOT_SIDE - 1;

	if (edge_row && edge_col)
		return CM_CORNER;
	if (edge_row)
		return CM_QSLOT;
	if (edge_col)
		return CM_JSLOT;
	return CM_CENTRE;
}

enum mf_camelot_class mf_camelot_face_class(uint8_t value)
{
	switch (value) {
	case MF_CAMELOT_KING:
		return CM_CORNER;
	case MF_CAMELOT_QUEEN:
		return CM_QSLOT;
	case MF_CAMELOT_JACK:
		return CM_JSLOT;
	default:
		return CM_CLASSES;
	}
}

struct placement {
	uint8_t dealt[MF_CAMELOT_DECK_SIZE];   /* phase each card is dealt in */
	uint8_t gone[MF_CAMELOT_DECK_SIZE];    /* phase a number card leaves in */
	int8_t slot[MF_CAMELOT_DECK_SIZE];     /* row * 4 + col */
	uint8_t deadline[MF_CAMELOT_SLOTS];    /* last phase a number may use it */
	uint8_t first_use[MF_CAMELOT_SLOTS];   /* earliest dealt phase of its
						* numbers so far, NO_DEADLINE */
};

/* Says in which phase each card is dealt and each number leaves: of the
 * cards of a value on the board, the ones dealt first leave first. */
static int schedule(const struct mf_camelot_deal *deal,
		    const struct mf_camelot_phase *phases, int n_phases,
		    struct placement *pl)
{
	unsigned pos = 0;

	for (int i = 0; i < n_phases; i++) {
		const struct mf_camelot_phase *ph = &phases[i];

		if (ph->start != pos || ph->end <= ph->start ||
		    ph->end > MF_CAMELOT_DECK_SIZE)
			return -1;
		for (unsigned p = ph->start; p < ph->end; p++) {
			pl->dealt[p] = (uint8_t)i;
			pl->gone[p] = NO_DEADLINE;
		}
		for (int v = 1; v <= CM_NUMBERS; v++) {
			unsigned left = ph->removed[v];

			for (unsigned p = 0; p < ph->end && left; p++)
				if (deal->cards[p] == v && pl->gone[p] == NO_DEADLINE) {
					pl->gone[p] = (uint8_t)i;
					left--;
				}
			if (left)
				return -1;
		}
		pos = ph->end;
	}
	if (pos != MF_CAMELOT_DECK_SIZE)
		return -1;
	for (unsigned p = 0; p < MF_CAMELOT_DECK_SIZE; p++)
		if (deal->cards[p] <= CM_NUMBERS && pl->gone[p] == NO_DEADLINE)
			return -1;
	return 0;
}

/* Faces first: the i-th face of a class takes the i-th slot of that class
 * in reading order, which sets the slot's deadline. */
static int place_faces(const struct mf_camelot_deal *deal, struct placement *pl)
{
	unsigned taken[CM_CLASSES] = { 0 };

	memset(pl->deadline, NO_DEADLINE, sizeof(pl->deadline));
	memset(pl->first_use, NO_DEADLINE, sizeof(pl->first_use));
	for (unsigned p = 0; p < MF_CAMELOT_DECK_SIZE; p++) {
		enum mf_camelot_class c = mf_camelot_face_class(deal->cards[p]);
		unsigned seen = 0;
		int s;

		pl->slot[p] = -1;
		if (c == CM_CLASSES)
			continue;
		for (s = 0; s < MF_CAMELOT_SLOTS; s++)
			if (mf_camelot_slot_class((uint8_t)(s / 4), (uint8_t)(s % 4)) == c &&
			    seen++ == taken[c])
				break;
		if (s == MF_CAMELOT_SLOTS)
			return -1;
		taken[c]++;
		pl->slot[p] = (int8_t)s;
		/* A face dealt in phase 0 leaves the slot to no number at all. */
		pl->deadline[s] = pl->dealt[p] == 0 ? 0 : (uint8_t)(pl->dealt[p] - 1);
		if (pl->dealt[p] == 0)
			pl->first_use[s] = 0;   /* never free for a number */
	}
	return 0;
}

/* Then numbers, latest-leaving first, each in any slot open until it
 * leaves and not used by a number still there. */
static int place_numbers(const struct mf_camelot_deal *deal, struct placement *pl)
{
	for (int phase = CM_PHASES_MAX - 1; phase >= 0; phase--) {
		for (unsigned p = 0; p < MF_CAMELOT_DECK_SIZE; p++) {
			int s;

			if (deal->cards[p] > CM_NUMBERS || pl->gone[p] != phase)
				continue;
			/* Cards placed earlier leave no sooner than this one, so
			 * a slot is busy iff one of them came at or before it
			 * leaves. */
			for (s = 0; s < MF_CAMELOT_SLOTS; s++)
				if (pl->deadline[s] >= phase &&
				    (pl->first_use[s] == NO_DEADLINE ||
				     pl->first_use[s] > phase))
					break;
			if (s == MF_CAMELOT_SLOTS)
				return -1;
			pl->slot[p] = (int8_t)s;
			pl->first_use[s] = pl->dealt[p];
		}
	}
	return 0;
}

static struct mf_camelot_slot slot_at(int s)
{
	struct mf_camelot_slot at = { (uint8_t)(s / 4), (uint8_t)(s % 4) };

	return at;
}

/* The removal step of phase i: tens alone, then each card before its
 * partner. */
static void removal_step(const struct mf_camelot_deal *deal,
			 const struct placement *pl, int phase,
			 struct mf_camelot_step *step)
{
	int by_value[CM_NUMBERS + 1][MF_CAMELOT_COPIES];
	unsigned n[CM_NUMBERS + 1] = { 0 };

	memset(step, 0, sizeof(*step));
	step->kind = MF_CAMELOT_STEP_REMOVE;
	for (unsigned p = 0; p < MF_CAMELOT_DECK_SIZE; p++) {
		uint8_t v = deal->cards[p];

		if (v <= CM_NUMBERS && pl->gone[p] == phase)
			by_value[v][n[v]++] = pl->slot[p];
	}
	for (unsigned i = 0; i < n[10]; i++)
		step->removed[step->n_removed++] = slot_at(by_value[10][i]);
	for (int v = 1; v <= 4; v++)
		for (unsigned i = 0; i < n[v] && i < n[10 - v]; i++) {
			step->removed[step->n_removed++] = slot_at(by_value[v][i]);
			step->removed[step->n_removed++] = slot_at(by_value[10 - v][i]);
		}
	for (unsigned i = 0; i + 1 < n[5]; i += 2) {
		step->removed[step->n_removed++] = slot_at(by_value[5][i]);
		step->removed[step->n_removed++] = slot_at(by_value[5][i + 1]);
	}
}

/*
 * Replays the steps on a board with the slot rules and checks that it is
 * a won game: cheap insurance that the library never answers with a line
 * that breaks a rule.
 */
static bool line_is_legal(const struct mf_camelot_step *line, int n)
{
	uint8_t board[MF_CAMELOT_SLOTS] = { 0 };
	unsigned dealt = 0, cards = 0;

	for (int i = 0; i < n; i++) {
		const struct mf_camelot_step *st = &line[i];

		if (st->kind == MF_CAMELOT_STEP_DEAL) {
			int s = st->slot.row * 4 + st->slot.col;
			enum mf_camelot_class c = mf_camelot_face_class(st->card);

			if (board[s] || (c != CM_CLASSES &&
					 mf_camelot_slot_class(st->slot.row, st->slot.col) != c))
				return false;
			board[s] = st->card;
			dealt++;
			cards++;
			continue;
		}
		/* A removal phase starts only on a full board or empty deck. */
		if (cards != MF_CAMELOT_SLOTS && dealt != MF_CAMELOT_DECK_SIZE)
			return false;
		if (st->n_removed == 0 && dealt != MF_CAMELOT_DECK_SIZE)
			return false;
		for (unsigned k = 0; k < st->n_removed; k++) {
			int s = st->removed[k].row * 4 + st->removed[k].col;
			int t = k + 1 < st->n_removed
				? st->removed[k + 1].row * 4 + st->removed[k + 1].col : s;

			if (!board[s] || board[s] > CM_NUMBERS)
				return false;
			if (board[s] != 10) {
				if (t == s || board[t] + board[s] != 10)
					return false;
				board[t] = 0;
				cards--;
				k++;
			}
			board[s] = 0;
			cards--;
		}
	}
	if (dealt != MF_CAMELOT_DECK_SIZE || n == 0 ||
	    line[n - 1].kind != MF_CAMELOT_STEP_REMOVE)
		return false;
	for (int s = 0; s < MF_CAMELOT_SLOTS; s++)
		if (board[s] && board[s] <= CM_NUMBERS)
			return false;
	return true;
}

int mf_camelot_line_build(const struct mf_camelot_deal *deal,
		  const struct mf_camelot_phase *phases, int n_phases,
		  struct mf_camelot_step *line)
{
	struct placement pl;
	int n = 0;

	if (n_phases < 1 || n_phases > CM_PHASES_MAX ||
	    schedule(deal, phases, n_phases, &pl) < 0 ||
	    place_faces(deal, &pl) < 0 || place_numbers(deal, &pl) < 0)
		return -1;
	for (int i = 0; i < n_phases; i++) {
		for (unsigned p = phases[i].start; p < phases[i].end; p++) {
			if (n >= MF_CAMELOT_LINE_MAX)
				return -1;
			memset(&line[n], 0, sizeof(line[n]));
			line[n].kind = MF_CAMELOT_STEP_DEAL;
			line[n].card = deal->cards[p];
			line[n].slot = slot_at(pl.slot[p]);
			n++;
		}
		if (n >= MF_CAMELOT_LINE_MAX)
			return -1;
		removal_step(deal, &pl, i, &line[n++]);
	}
	return line_is_legal(line, n) ? n : -1;
}
