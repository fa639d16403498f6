/*
 * The mana-sketch test's comparison (tests only): mf_mana_solve against the
 * solution sketch's pipeline on one case in the contest's terms, counting
 * what the solver's plans reached and, on a disagreement, shrinking the
 * case to a smallest one printed in the contest's input format.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "manaflow/mana.h"
#include "../../reference/mana_sketch.h"
#include "sketch_report.h"

#define REPORTS_MAX 3

struct mf_mana_catalogue *sketch_cat;

/* The query both sides answer; the cost goes through the reference's own
 * contest parser, and the library's parser must read it the same. */
static struct mf_mana_query query_of(const struct board *b)
{
	struct mf_mana_query q = {
		.cat = sketch_cat, .battlefield = b->field, .n_battlefield = b->n_field,
		.library = b->library, .n_library = b->n_library, .life = b->life,
	};
	struct mf_mana_cost lib;
	struct mf_mana_parse_error err;

	ck_assert_int_eq(ref_sketch_cost_parse(b->cost, strlen(b->cost), &q.cost), MF_OK);
	memset(&lib, 0, sizeof(lib));
	ck_assert_int_eq(mf_mana_cost_parse(b->cost, strlen(b->cost), &lib, &err), MF_OK);
	ck_assert_msg(memcmp(&lib, &q.cost, sizeof(lib)) == 0, "cost %s read differently", b->cost);
	return q;
}

/* b on stderr in the contest's input format, one case. */
static void print_board(const struct board *b)
{
	fprintf(stderr, "1\n\n%zu\n", b->n_field);
	for (size_t i = 0; i < b->n_field; i++)
		fprintf(stderr, "%s\n",
			mf_mana_catalogue_land(sketch_cat, (size_t)b->field[i])->name);
	fprintf(stderr, "%zu\n", b->n_library);
	for (size_t i = 0; i < b->n_library; i++)
		fprintf(stderr, "%s\n",
			mf_mana_catalogue_land(sketch_cat, (size_t)b->library[i])->name);
	fprintf(stderr, "%u\n%s\n", b->life, b->cost);
}

/* Counts in *t the lands res's plan fetched and its painful taps. */
static void tally_plan(const struct mf_mana_result *res, struct tally *t)
{
	for (size_t s = 0; res->castable && s < res->n_plan; s++) {
		const struct mf_mana_step *step = &res->plan[s];

		if (step->from == MF_MANA_FROM_LIBRARY)
			*(mf_mana_catalogue_land(sketch_cat, (size_t)step->land)->untap_life ?
			  &t->fetched_shock : &t->fetched_other) += 1;
		else if (step->fetch < 0 && step->life)
			t->painful_taps++;
	}
}

/* Both sides on b; true when their `castable` differs. *res keeps the
 * solver's answer (freed by the caller) when res is not NULL. */
static bool disagrees(const struct board *b, struct tally *t, struct mf_mana_result *res)
{
	struct mf_mana_query q = query_of(b);
	struct mf_mana_result got;
	struct ref_sketch_trace trace;
	bool want, differ;

	ck_assert_int_eq(ref_sketch_castable(&q, &want, &trace), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &got), MF_OK);
	differ = want != got.castable;
	if (t) {
		t->cases++;
		t->castable += got.castable;
		t->flows += trace.flows;
		t->by_pain += want && trace.pain_free;
		t->by_shocks += want && trace.shocks;
		tally_plan(&got, t);
	}
	/* Freeing empties the result: compare first. */
	if (res)
		*res = got;
	else
		mf_mana_result_free(&got);
	return differ;
}

/* The cost with its k-th symbol lowered: a letter dropped, a digit made
 * one less; false when there is no k-th symbol or nothing left to lower. */
static bool cost_lowered(const char *cost, size_t k, char *out)
{
	size_t n = strlen(cost);

	if (k >= n || n == 1)
		return false;
	memcpy(out, cost, n + 1);
	if (out[k] >= '2' && out[k] <= '9')
		out[k]--;
	else
		memmove(&out[k], &out[k + 1], n - k);
	return true;
}

/* Greedily removes lands, cost and life while the case still disagrees. */
static void shrink(struct board *b)
{
	bool smaller = true;

	while (smaller) {
		struct board t;

		smaller = false;
		for (size_t i = 0; i < b->n_field + b->n_library && !smaller; i++) {
			t = *b;
			if (i < b->n_field) {
				memmove(&t.field[i], &t.field[i + 1], (--t.n_field - i) * sizeof(int32_t));
			} else {
				size_t j = i - b->n_field;

				memmove(&t.library[j], &t.library[j + 1],
					(--t.n_library - j) * sizeof(int32_t));
			}
			smaller = disagrees(&t, NULL, NULL);
		}
		for (size_t k = 0; !smaller && cost_lowered(b->cost, k, t.cost); k++) {
			memcpy(t.field, b->field, sizeof(t.field));
			memcpy(t.library, b->library, sizeof(t.library));
			t.n_field = b->n_field;
			t.n_library = b->n_library;
			t.life = b->life;
			smaller = disagrees(&t, NULL, NULL);
		}
		if (!smaller && b->life > 1) {
			t = *b;
			t.life--;
			smaller = disagrees(&t, NULL, NULL);
		}
		if (smaller)
			*b = t;
	}
}

/* b in the contest's input format, and what each side says of it. */
static void print_case(const struct board *b)
{
	struct mf_mana_query q = query_of(b);
	struct mf_mana_result got;
	bool want;

	ck_assert_int_eq(ref_sketch_castable(&q, &want, NULL), MF_OK);
	ck_assert_int_eq(mf_mana_solve(&q, &got), MF_OK);
	print_board(b);
	fprintf(stderr, "sketch: %s; solver: %s (payable %d, least life %" PRIu64 ")\n",
		want ? "YES" : "NO", got.castable ? "YES" : "NO", got.payable, got.min_life_paid);
	mf_mana_result_free(&got);
}

/* Compares b, counting it; a disagreement is printed as drawn and shrunk
 * (see sketch_report.h). */
void sketch_check_case(const struct board *b, uint64_t seed, struct tally *t,
		       struct mf_mana_result *res)
{
	struct board small;

	if (!disagrees(b, t, res))
		return;
	if (++t->failures > REPORTS_MAX)
		return;
	small = *b;
	shrink(&small);
	fprintf(stderr, "mana-sketch seed %" PRIu64 ": DISAGREEMENT, as drawn:\n", seed);
	print_case(b);
	fprintf(stderr, "shrunk to:\n");
	print_case(&small);
}
