/*
 * The mana differential tests' common end (tests only): comparing the
 * solver with the exhaustive reference on one board, counting what the
 * plans reached, and, on a disagreement, shrinking the board to a smallest
 * failing query printed in the contest's input format (the cost in brace
 * notation, then x).
 */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_report.h"
#include "../../reference/mana_brute.h"
#include "../../reference/plan_check.h"

struct mf_mana_catalogue *diff_cat;

/* The most mana the cost asks for ({2/C} as two generic, {X} as x). */
uint64_t diff_cost_mana(const struct mf_mana_query *q)
{
	const struct mf_mana_cost *c = &q->cost;
	uint64_t total = c->generic + (uint64_t)c->x_count * q->x;

	for (int t = 0; t < MF_MANA_TYPES; t++)
		total += c->need[t];
	for (int m = 0; m < 32; m++)
		total += (uint64_t)c->hybrid[m] + c->phyrexian[m];
	for (int col = 0; col < 5; col++)
		total += 2 * (uint64_t)c->twobrid[col];
	return total;
}

__attribute__((format(printf, 4, 5)))
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	*n += (size_t)vsnprintf(buf + (*n < size ? *n : size), *n < size ? size - *n : 0,
				fmt, ap);
	va_end(ap);
}

/* The colours of a hybrid or Phyrexian mask as Scryfall writes them. */
static const char *const mask_text[32] = {
	[1] = "W", [2] = "U", [4] = "B", [8] = "R", [16] = "G",
	[3] = "W/U", [6] = "U/B", [12] = "B/R", [24] = "R/G", [17] = "G/W",
	[5] = "W/B", [10] = "U/R", [20] = "B/G", [9] = "R/W", [18] = "G/U",
};

/* The cost in brace notation, written here rather than by mf_mana_cost_format. */
static void cost_braces(const struct mf_mana_cost *c, char *buf, size_t size)
{
	static const char letters[] = "WUBRGC";
	size_t n = 0;

	buf[0] = '\0';
	for (uint32_t k = 0; k < c->x_count; k++)
		put(buf, size, &n, "{X}");
	if (c->generic)
		put(buf, size, &n, "{%u}", c->generic);
	for (int col = 0; col < 5; col++)
		for (uint32_t k = 0; k < c->twobrid[col]; k++)
			put(buf, size, &n, "{2/%c}", letters[col]);
	for (uint32_t m = 0; m < 32; m++) {
		for (uint32_t k = 0; k < c->hybrid[m]; k++)
			put(buf, size, &n, "{%s}", mask_text[m] ? mask_text[m] : "?");
		for (uint32_t k = 0; k < c->phyrexian[m]; k++)
			put(buf, size, &n, "{%s/P}", mask_text[m] ? mask_text[m] : "?");
	}
	for (int t = 0; t < MF_MANA_TYPES; t++)
		for (uint32_t k = 0; k < c->need[t]; k++)
			put(buf, size, &n, "{%c}", letters[t]);
	if (!n)
		put(buf, size, &n, "{0}");
}

/* The query in the contest's input format, one test case, for a report;
 * the cost in brace notation and x on a line of its own. */
static void print_query(const struct board *b)
{
	char cost[MF_MANA_COST_TEXT_MAX];

	fprintf(stderr, "1\n\n%zu\n", b->q.n_battlefield);
	for (size_t i = 0; i < b->q.n_battlefield; i++)
		fprintf(stderr, "%s\n", mf_mana_catalogue_land(diff_cat, (size_t)b->battlefield[i])->name);
	fprintf(stderr, "%zu\n", b->q.n_library);
	for (size_t i = 0; i < b->q.n_library; i++)
		fprintf(stderr, "%s\n", mf_mana_catalogue_land(diff_cat, (size_t)b->library[i])->name);
	cost_braces(&b->q.cost, cost, sizeof(cost));
	fprintf(stderr, "%u\n%s\nx = %u\n", b->q.life, cost, b->q.x);
}

static void tally_plan(const struct mf_mana_result *got, struct tally *tally)
{
	uint64_t life_steps = 0, land_life = 0;

	tally->queries++;
	tally->castable += got->castable;
	tally->payable += got->payable;
	for (size_t s = 0; got->castable && s < got->n_plan; s++) {
		const struct mf_mana_step *step = &got->plan[s];
		const struct mf_mana_land *land;

		if (step->land < 0 || (size_t)step->land >= mf_mana_catalogue_size(diff_cat)) {
			life_steps++;
			continue;
		}
		land_life += step->life;
		land = mf_mana_catalogue_land(diff_cat, (size_t)step->land);
		if (step->from != MF_MANA_FROM_LIBRARY) {
			tally->painful_taps += step->fetch < 0 && step->life;
			tally->bundle_taps += step->fetch < 0 && step->life &&
					      land->n_options == 1 && !land->fetch_types &&
					      step->mana[MF_MANA_C] >= 2;
			tally->basic_fetched += step->fetch >= 0 &&
						(land->fetch_types & MF_MANA_FETCH_BASIC) != 0;
			continue;
		}
		tally->snow_fetched += (land->supertypes & MF_MANA_SUPER_SNOW) != 0;
		if (land->untap_life)
			tally->fetched_shock++;
		else
			tally->fetched_other++;
	}
	tally->life_steps += life_steps;
	tally->one_budget += life_steps && land_life;
}

/* Whether b asked with no_plan answers as `with` did, without a plan; why
 * written when not. */
static bool same_without_plan(const struct board *b, const struct mf_mana_result *with,
			      char *why, size_t size)
{
	struct mf_mana_query q = b->q;
	struct mf_mana_result got;
	bool same;

	q.no_plan = true;
	if (mf_mana_solve(&q, &got) != MF_OK) {
		snprintf(why, size, "the solver failed");
		return false;
	}
	same = got.payable == with->payable && got.castable == with->castable &&
	       (!got.payable || got.min_life_paid == with->min_life_paid) &&
	       (!got.castable || got.life_left == with->life_left) && !got.plan && !got.n_plan;
	if (!same)
		snprintf(why, size, "payable %d castable %d least life %" PRIu64 " plan %zu steps",
			 got.payable, got.castable, got.min_life_paid, got.n_plan);
	mf_mana_result_free(&got);
	return same;
}

/* Compares solver and reference on b; on a disagreement writes why (when
 * non-NULL) and returns true. */
static bool disagrees(const struct board *b, const struct mana_brute_result *want,
		      char *why, size_t size, struct tally *tally)
{
	struct mf_mana_result got;
	char reason[256];
	bool bad = true;
	int rc;

	rc = mf_mana_solve(&b->q, &got);
	if (rc != MF_OK) {
		snprintf(why, size, "mf_mana_solve returned %d (%s)", rc, mf_status_str(rc));
		return true;
	}
	if (got.payable != want->payable) {
		snprintf(why, size, "payable: solver %d, reference %d", got.payable, want->payable);
	} else if (got.castable != want->castable) {
		snprintf(why, size, "castable: solver %d, reference %d (reference least life %"
			 PRIu64 ", solver %" PRIu64 ")", got.castable, want->castable,
			 want->min_life, got.min_life_paid);
	} else if (want->payable && got.min_life_paid != want->min_life) {
		snprintf(why, size, "min_life_paid: solver %" PRIu64 ", reference %" PRIu64,
			 got.min_life_paid, want->min_life);
	} else if (!plan_check(&b->q, &got, reason, sizeof(reason))) {
		snprintf(why, size, "plan: %s", reason);
	} else if (!same_without_plan(b, &got, reason, sizeof(reason))) {
		snprintf(why, size, "no_plan: %s", reason);
	} else {
		bad = false;
	}
	if (tally)
		tally_plan(&got, tally);
	mf_mana_result_free(&got);
	return bad;
}

/* Solves b with the reference and compares; true on a disagreement. */
bool diff_check_board(const struct board *b, char *why, size_t size, struct tally *tally)
{
	struct mana_brute_result want;
	bool bad;

	ck_assert_int_eq(mana_brute_solve(&b->q, &want), MF_OK);
	bad = disagrees(b, &want, why, size, tally);
	mana_brute_result_free(&want);
	return bad;
}

/* The counts a shrink may lower: each symbol of the cost, then x. */
#define QUERY_AMOUNTS (1 + MF_MANA_TYPES + 32 + 32 + 5 + 1 + 1)
static uint32_t *query_amount(struct mf_mana_query *q, size_t k)
{
	struct mf_mana_cost *c = &q->cost;

	if (k == 0)
		return &c->generic;
	if (--k < MF_MANA_TYPES)
		return &c->need[k];
	if ((k -= MF_MANA_TYPES) < 32)
		return &c->hybrid[k];
	if ((k -= 32) < 32)
		return &c->phyrexian[k];
	if ((k -= 32) < 5)
		return &c->twobrid[k];
	return k == 5 ? &c->x_count : &q->x;
}

/* Greedily removes lands, cost and life while the query still disagrees. */
static void shrink(struct board *b)
{
	char why[512];
	bool smaller = true;

	while (smaller) {
		struct board t;

		smaller = false;
		for (size_t i = 0; i < b->q.n_battlefield + b->q.n_library && !smaller; i++) {
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			if (i < b->q.n_battlefield) {
				memmove(&t.battlefield[i], &t.battlefield[i + 1],
					(--t.q.n_battlefield - i) * sizeof(int32_t));
			} else {
				size_t j = i - b->q.n_battlefield;

				memmove(&t.library[j], &t.library[j + 1],
					(--t.q.n_library - j) * sizeof(int32_t));
			}
			if (diff_check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
		for (size_t k = 0; k < QUERY_AMOUNTS && !smaller; k++) {
			if (!*query_amount(&b->q, k) || diff_cost_mana(&b->q) == 1)
				continue;
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			(*query_amount(&t.q, k))--;
			if (diff_check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
		/* Life can be a million: try 1, half, then one less. */
		for (int k = 0; k < 3 && !smaller && b->q.life > 1; k++) {
			t = *b;
			t.q.battlefield = t.battlefield;
			t.q.library = t.library;
			t.q.life = k == 0 ? 1 : k == 1 ? b->q.life / 2 : b->q.life - 1;
			if (diff_check_board(&t, why, sizeof(why), NULL)) {
				*b = t;
				smaller = true;
			}
		}
	}
	b->q.battlefield = b->battlefield;
	b->q.library = b->library;
}

/* Shrinks a copy of b, so that the seed goes on with the board it drew. */
void diff_report(const struct board *b, uint64_t seed, struct tally *tally)
{
	struct board small = *b;
	char why[512];

	if (++tally->failures > REPORTS_MAX)
		return;
	shrink(&small);
	diff_check_board(&small, why, sizeof(why), NULL);
	fprintf(stderr, "mana-diff seed %" PRIu64 ": DISAGREEMENT: %s\n", seed, why);
	print_query(&small);
}
