/* Names of the mana domain's enums, which the floors above print, and its
 * parse errors. (mf_status_str is the bottom floor's: src/common/status.c.) */
#include <stdarg.h>
#include <stdio.h>

#include "manaflow/mana.h"
#include "mana/parse_error.h"

char mf_mana_letter(enum mf_mana_type type)
{
	return (unsigned)type < MF_MANA_TYPES ? "WUBRGC"[type] : '?';
}

const char *mf_mana_land_kind_name(enum mf_mana_land_kind kind)
{
	static const char *const names[] = {
		[MF_MANA_KIND_BASIC] = "basic",
		[MF_MANA_KIND_DUAL] = "dual",
		[MF_MANA_KIND_SHOCK] = "shock",
		[MF_MANA_KIND_FETCH] = "fetch",
		[MF_MANA_KIND_PAIN] = "pain",
		[MF_MANA_KIND_BOUNCE] = "bounce",
		[MF_MANA_KIND_TRI] = "tri",
		[MF_MANA_KIND_FIVE_COLOR] = "five-color",
		[MF_MANA_KIND_TRON] = "tron",
		[MF_MANA_KIND_FAST] = "fast",
		[MF_MANA_KIND_CHECK] = "check",
		[MF_MANA_KIND_SLOW] = "slow",
		[MF_MANA_KIND_TRIOME] = "triome",
		[MF_MANA_KIND_SURVEIL] = "surveil",
		[MF_MANA_KIND_GATE] = "gate",
		[MF_MANA_KIND_GAIN] = "gain",
		[MF_MANA_KIND_TEMPLE] = "temple",
		[MF_MANA_KIND_PATHWAY] = "pathway",
		[MF_MANA_KIND_HORIZON] = "horizon",
		[MF_MANA_KIND_OTHER] = "other",
	};

	return (unsigned)kind <= MF_MANA_KIND_OTHER ? names[kind] : "other";
}

int mf_mana_parse_fail(struct mf_mana_parse_error *err, size_t line, size_t pos,
		    const char *fmt, ...)
{
	va_list ap;

	err->line = line;
	err->position = pos;
	va_start(ap, fmt);
	vsnprintf(err->reason, sizeof(err->reason), fmt, ap);
	va_end(ap);
	return MF_ERR_INVALID;
}
