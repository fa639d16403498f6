/* application/problem+json (RFC 9457) bodies: one shape for every error. */
#ifndef MF_API_PROBLEM_H
#define MF_API_PROBLEM_H

#include <stddef.h>

#include "api/api.h"

/* Prefix of every problem "type"; the slug follows ("invalid-field"). */
#define PROBLEM_TYPE_PREFIX "urn:manaflow:problem:"

/* Serialises err as a problem document into a new cJSON_malloc'd string
 * (free with cJSON_free); NULL when out of memory. */
char *mf_problem_render(const struct mf_api_error *err, size_t *len);

/* Fills err for a failure that is not about one field. */
void mf_problem_set(struct mf_api_error *err, int status, const char *type, const char *title,
		 const char *detail);

#endif
