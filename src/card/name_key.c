/* The keys card names are matched by (manaflow/card.h): the card
 * database's, and the deck report's for the names of a deck list. Calls
 * nothing. */
#include "manaflow/card.h"

#include <stdbool.h>

/* Appends c to key when it fits, leaving room for the NUL. */
static void put(char *key, size_t size, size_t *o, char c)
{
	if (*o + 1 < size)
		key[*o] = c;
	(*o)++;
}

/* The key of name[0, len), stopping at the first separator when front. */
static size_t make_key(const char *name, size_t len, char *key, size_t size, bool front)
{
	size_t i = 0, o = 0, j;
	bool slash;

	while (i < len && (name[i] == ' ' || name[i] == '\t'))
		i++;
	while (i < len) {
		char c = name[i];

		if (c != ' ' && c != '\t' && c != '/') {
			put(key, size, &o, c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c);
			i++;
			continue;
		}
		/* A run of blanks and slashes: a separator if it holds a slash,
		 * else one space (none at the end). */
		slash = false;
		for (j = i; j < len && (name[j] == ' ' || name[j] == '\t' || name[j] == '/'); j++)
			slash |= name[j] == '/';
		if (slash && front)
			break;
		if (slash) {
			put(key, size, &o, ' ');
			put(key, size, &o, '/');
			put(key, size, &o, '/');
			put(key, size, &o, ' ');
		} else if (j < len) {
			put(key, size, &o, ' ');
		}
		i = j;
	}
	if (size > 0)
		key[o < size ? o : size - 1] = '\0';
	return o;
}

size_t mf_card_name_key(const char *name, size_t len, char *key, size_t size)
{
	return make_key(name, len, key, size, false);
}

size_t mf_card_name_front_key(const char *name, size_t len, char *key, size_t size)
{
	return make_key(name, len, key, size, true);
}
