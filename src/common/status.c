/* The names of enum mf_status (manaflow/common.h), which every floor
 * prints. */
#include "manaflow/common.h"

const char *mf_status_str(int status)
{
	switch (status) {
	case MF_OK:
		return "ok";
	case MF_ERR_NOMEM:
		return "out of memory";
	case MF_ERR_INVALID:
		return "invalid input";
	case MF_ERR_LIMIT:
		return "input over a limit";
	case MF_ERR_STOPPED:
		return "stopped by the caller";
	default:
		return "unknown error";
	}
}
