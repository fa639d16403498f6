#include "api/problem.h"

#include <stdio.h>
#include <string.h>

char *mf_problem_render(const struct mf_api_error *err, size_t *len)
{
	cJSON *o = cJSON_CreateObject();
	char type[128];
	char *text = NULL;

	snprintf(type, sizeof(type), PROBLEM_TYPE_PREFIX "%s", err->type ? err->type : "error");
	if (o && cJSON_AddStringToObject(o, "type", type) &&
	    cJSON_AddStringToObject(o, "title", err->title ? err->title : "Error") &&
	    cJSON_AddNumberToObject(o, "status", err->status) &&
	    cJSON_AddStringToObject(o, "detail", err->detail) &&
	    (!err->pointer[0] || cJSON_AddStringToObject(o, "pointer", err->pointer)))
		text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (text)
		*len = strlen(text);
	return text;
}

void mf_problem_set(struct mf_api_error *err, int status, const char *type, const char *title,
		 const char *detail)
{
	err->status = status;
	err->type = type;
	err->title = title;
	err->pointer[0] = '\0';
	snprintf(err->detail, sizeof(err->detail), "%s", detail);
}
