/* The caller's stop of long work: see struct mf_stop in manaflow/common.h. */
#include <time.h>

#include "manaflow/common.h"

uint64_t mf_stop_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool mf_stop_raised(const struct mf_stop *s)
{
	uint64_t now = 0;

	for (; s; s = s->parent) {
		uint64_t deadline = atomic_load_explicit(&s->deadline_ns, memory_order_relaxed);

		if (atomic_load_explicit(&s->cancelled, memory_order_relaxed))
			return true;
		if (deadline) {
			if (!now)
				now = mf_stop_clock_ns();
			if (now >= deadline)
				return true;
		}
	}
	return false;
}
