/*
 * The camelot search: depth-first over whole phases, with a memo of the
 * states known to lose.
 *
 * A state is (pos, board): the next card to deal and the multiset of number
 * cards left after a removal phase (camelot_int.h says why slots need not
 * be remembered). From a state the next dealing phase is forced: it deals
 * exactly the cards that fill the free slots, or what is left of the deck.
 * What the player chooses is the removal that follows, and a removal is
 * legal iff, per value v, removed(v) == removed(10 - v) for v = 1..4,
 * removed(5) is even (tens go alone) and at least one card goes: any such
 * multiset can be paired up. Every multiset of numbers still in play
 * (board plus deck) is balanced in that sense, since the full deck is and
 * every removal is; so a final phase always clears the board and wins.
 *
 * The last removal phase: the issue reads the statement as letting it
 * remove nothing (the board may already hold only faces); a stricter
 * reading says every phase must remove something. Both give the same
 * answer on every deal: if a game is won with an empty last phase, the
 * phase R before it cleared every number from a full board holding at most
 * 11 faces (the last dealing phase deals at least one card, all faces), so
 * R removed at least 5 cards, i.e. at least 3 removals. Keep one of them
 * (at most 2 cards) on the board: R still removes something; with F faces
 * on the board the last dealing phase has 16 - F - 2 free slots for the
 * 12 - F faces left, so the deck still runs out before the board fills, and
 * the last phase then removes the kept cards. So the search wins only through a last phase that removes
 * something, and its lines satisfy both readings.
 *
 * Pruning is only what the rules force: a full board with nothing
 * removable loses. Removals are tried largest first, which finds wins
 * quickly; losing states are remembered, so each is expanded once.
 */
#include "camelot/camelot_int.h"

#include <stdlib.h>
#include <string.h>

/* The lower value of each removable group; 5 pairs with itself, 10 goes
 * alone. */
static const uint8_t group_low[] = { 1, 2, 3, 4, 5, 10 };
#define CM_GROUPS ((unsigned)(sizeof(group_low) / sizeof(group_low[0])))

enum {
	EXPLORE_LOST = 0,
	EXPLORE_WON = 1,
	EXPLORE_BUDGET = -2,
	EXPLORE_NOMEM = -3,
	EXPLORE_STOPPED = -4,  /* the caller's stop was raised */
};

struct search {
	const uint8_t *cards;
	uint8_t faces_before[MF_CAMELOT_DECK_SIZE + 1]; /* among cards[0..p) */
	struct mf_camelot_memo *memo;
	uint64_t nodes;
	uint64_t budget;
	const struct mf_stop *stop;  /* looked at every 256 nodes */
	struct mf_camelot_phase path[CM_PHASES_MAX];
	int n_path;
};

static int explore(struct search *s, uint8_t pos, const struct mf_camelot_board *board,
		   int depth);

/*
 * Tries every legal removal from `full` (the board at the end of a dealing
 * phase) group by group, most cards first, and explores what each leaves.
 * removed[] holds the choice so far; on a win it stays as chosen.
 */
static int try_removals(struct search *s, uint8_t end, int depth,
			const struct mf_camelot_board *full, unsigned g, unsigned gone,
			uint8_t *removed)
{
	unsigned low, high, most, step;
	int rc;

	if (g == CM_GROUPS) {
		struct mf_camelot_board next;

		if (gone == 0)
			return EXPLORE_LOST;
		for (int v = 1; v <= CM_NUMBERS; v++)
			next.count[v] = (uint8_t)(full->count[v] - removed[v]);
		return explore(s, end, &next, depth + 1);
	}
	low = group_low[g];
	high = 10u - low;
	if (low < 5) {
		most = full->count[low] < full->count[high] ? full->count[low]
							    : full->count[high];
		step = 1;
	} else if (low == 5) {
		most = full->count[5] & ~1u;
		step = 2;
	} else {
		most = full->count[10];
		step = 1;
	}
	for (int r = (int)most; r >= 0; r -= (int)step) {
		unsigned cards = low < 5 ? 2u * (unsigned)r : (unsigned)r;

		removed[low] = (uint8_t)r;
		removed[high] = (uint8_t)r;
		rc = try_removals(s, end, depth, full, g + 1, gone + cards, removed);
		if (rc != EXPLORE_LOST)
			return rc;
	}
	removed[low] = 0;
	removed[high] = 0;
	return EXPLORE_LOST;
}

static bool has_numbers(const struct mf_camelot_board *b)
{
	for (int v = 1; v <= CM_NUMBERS; v++)
		if (b->count[v])
			return true;
	return false;
}

static bool anything_removable(const struct mf_camelot_board *b)
{
	if (b->count[10] || b->count[5] >= 2)
		return true;
	for (int v = 1; v <= 4; v++)
		if (b->count[v] && b->count[10 - v])
			return true;
	return false;
}

/*
 * Plays the phase that starts at (pos, board): returns EXPLORE_WON with
 * s->path[depth..] filled, EXPLORE_LOST, or a negative error.
 */
static int explore(struct search *s, uint8_t pos, const struct mf_camelot_board *board,
		   int depth)
{
	struct mf_camelot_phase *ph = &s->path[depth];
	struct mf_camelot_board full = *board;
	unsigned on_board = 0, end;
	uint64_t key;
	int rc;

	for (int v = 1; v <= CM_NUMBERS; v++)
		on_board += board->count[v];
	end = pos + MF_CAMELOT_SLOTS - s->faces_before[pos] - on_board;
	if (end > MF_CAMELOT_DECK_SIZE)
		end = MF_CAMELOT_DECK_SIZE;
	for (unsigned p = pos; p < end; p++)
		if (s->cards[p] <= CM_NUMBERS)
			full.count[s->cards[p]]++;
	memset(ph, 0, sizeof(*ph));
	ph->start = pos;
	ph->end = (uint8_t)end;
	if (end == MF_CAMELOT_DECK_SIZE) {
		/* The last phase: what is left is balanced, so all of it goes.
		 * Lines end with a phase that removes something (see above). */
		if (!has_numbers(&full))
			return EXPLORE_LOST;
		memcpy(ph->removed, full.count, sizeof(ph->removed));
		s->n_path = depth + 1;
		return EXPLORE_WON;
	}
	key = mf_camelot_state_key(pos, board);
	if (mf_camelot_memo_has(s->memo, key))
		return EXPLORE_LOST;
	if (++s->nodes > s->budget)
		return EXPLORE_BUDGET;
	if (!(s->nodes & 255) && mf_stop_raised(s->stop))
		return EXPLORE_STOPPED;
	if (anything_removable(&full))
		rc = try_removals(s, (uint8_t)end, depth, &full, 0, 0, ph->removed);
	else
		rc = EXPLORE_LOST;   /* a full board and nothing to remove */
	if (rc == EXPLORE_LOST && mf_camelot_memo_add(s->memo, key) < 0)
		rc = EXPLORE_NOMEM;
	return rc;
}

size_t mf_camelot_working_set(uint64_t node_budget)
{
	uint64_t budget = node_budget ? node_budget : MF_CAMELOT_NODE_BUDGET;

	return mf_camelot_memo_bytes_max(budget) + sizeof(struct search) + ((size_t)64 << 10);
}

static bool deal_is_valid(const struct mf_camelot_deal *deal)
{
	uint8_t seen[MF_CAMELOT_VALUES + 1] = { 0 };

	for (int i = 0; i < MF_CAMELOT_DECK_SIZE; i++) {
		uint8_t v = deal->cards[i];

		if (v < 1 || v > MF_CAMELOT_VALUES || ++seen[v] > MF_CAMELOT_COPIES)
			return false;
	}
	return true;
}

int mf_camelot_solve(const struct mf_camelot_deal *deal,
		     const struct mf_camelot_options *opts,
		     struct mf_camelot_result *out)
{
	struct mf_camelot_board empty;
	struct search *s = NULL;
	int rc, status;

	out->winnable = false;
	out->nodes = 0;
	out->n_line = 0;
	if (!deal_is_valid(deal)) {
		status = MF_ERR_INVALID;
		goto out;
	}
	s = calloc(1, sizeof(*s));
	if (!s || !(s->memo = mf_camelot_memo_new())) {
		status = MF_ERR_NOMEM;
		goto out;
	}
	s->cards = deal->cards;
	s->budget = opts && opts->node_budget ? opts->node_budget
					      : MF_CAMELOT_NODE_BUDGET;
	s->stop = opts ? opts->stop : NULL;
	for (int p = 0; p < MF_CAMELOT_DECK_SIZE; p++)
		s->faces_before[p + 1] = (uint8_t)(s->faces_before[p] +
						   (deal->cards[p] > CM_NUMBERS));

	memset(&empty, 0, sizeof(empty));
	rc = explore(s, 0, &empty, 0);
	out->nodes = s->nodes;
	if (rc == EXPLORE_BUDGET) {
		status = MF_ERR_LIMIT;
	} else if (rc == EXPLORE_STOPPED) {
		status = MF_ERR_STOPPED;
	} else if (rc == EXPLORE_NOMEM) {
		status = MF_ERR_NOMEM;
	} else if (rc == EXPLORE_WON) {
		int n = mf_camelot_line_build(deal, s->path, s->n_path, out->line);

		/* A line that does not replay would be a bug, never an answer:
		 * report it as a broken limit rather than say yes or no. */
		status = n < 0 ? MF_ERR_LIMIT : MF_OK;
		out->winnable = n >= 0;
		out->n_line = n < 0 ? 0 : (size_t)n;
	} else {
		status = MF_OK;
	}
out:
	if (s)
		mf_camelot_memo_free(s->memo);
	free(s);
	return status;
}
