/* A name's keys as the card database holds them (see db_int.h): its key
 * within the database's bounds, and the set of bytes the key holds, which
 * both db.c (adding, finding) and db_closest.c (did you mean) read. Calls
 * only name_key.c. */
#include "card/db_int.h"

size_t mf_card_db_key(const char *name, size_t len, char key[MF_CARD_TEXT_MAX + 1])
{
	size_t n;

	if (len > MF_CARD_TEXT_MAX)
		return (size_t)-1;
	n = mf_card_name_key(name, len, key, MF_CARD_TEXT_MAX + 1);
	return n > MF_CARD_TEXT_MAX ? (size_t)-1 : n;
}

uint64_t mf_card_db_mask(const char *key, size_t len)
{
	uint64_t m = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)key[i];
		unsigned bit = c >= 'a' && c <= 'z' ? (unsigned)(c - 'a')
			       : c >= '0' && c <= '9' ? 26u + (unsigned)(c - '0')
			       : 36u + c % 28u;

		m |= (uint64_t)1 << bit;
	}
	return m;
}
