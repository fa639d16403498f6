/* Edit distance: see edit.h. */
#include "common/edit.h"

unsigned mf_edit_distance(const char *a, size_t m, const char *b, size_t n, unsigned k)
{
	unsigned char rows[2][MF_EDIT_LEN_MAX + 1];
	unsigned char *prev = rows[0], *cur = rows[1], *t;
	const unsigned char over = (unsigned char)(k + 1);

	if (k > 254 || m > MF_EDIT_LEN_MAX || n > MF_EDIT_LEN_MAX || (m > n ? m - n : n - m) > k)
		return k + 1;
	for (size_t j = 0; j <= n; j++)
		prev[j] = j <= k ? (unsigned char)j : over;
	for (size_t i = 1; i <= m; i++) {
		size_t lo = i > k ? i - k : 1, hi = i + k < n ? i + k : n;
		unsigned char best = over;

		cur[0] = i <= k ? (unsigned char)i : over;
		if (lo > 1)
			cur[lo - 1] = over;
		for (size_t j = lo; j <= hi; j++) {
			unsigned v = prev[j - 1] + (a[i - 1] != b[j - 1]);

			if (prev[j] + 1u < v)
				v = prev[j] + 1u;
			if (cur[j - 1] + 1u < v)
				v = cur[j - 1] + 1u;
			cur[j] = v < over ? (unsigned char)v : over;
			if (cur[j] < best)
				best = cur[j];
		}
		if (hi < n)
			cur[hi + 1] = over;
		if (cur[0] < best)
			best = cur[0];
		if (best > k)
			return k + 1;
		t = prev;
		prev = cur;
		cur = t;
	}
	return prev[n] <= k ? prev[n] : k + 1;
}

unsigned mf_edit_misspelling(size_t len)
{
	return len <= 5 ? 1 : len <= 14 ? 2 : 3;
}
