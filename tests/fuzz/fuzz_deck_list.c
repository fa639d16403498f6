/*
 * mf_deck_list_parse over arbitrary bytes (not NUL-terminated: it takes a
 * length). A refusal names a fault, a reason, and a line within the text
 * whose copy is UTF-8 within its limit; its status matches the fault's kind
 * and the list is left empty. A parsed list keeps every limit: entries,
 * counts, the main deck, names of valid UTF-8 with no blank at either end,
 * lines in order within the text, the zones' sums. Then each name's keys:
 * the key of a key is itself, and the front key is a prefix of the key.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "manaflow/card.h"
#include "manaflow/decklist.h"

/* Lines of the text as the parser counts them: the BOM is no line, and a
 * final line end adds none. */
static size_t lines_of(const uint8_t *data, size_t size)
{
	size_t n = 0;

	if (size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		size -= 3;
	}
	for (size_t i = 0; i < size; i++)
		n += data[i] == '\n';
	return n + (size > 0 && data[size - 1] != '\n');
}

static bool limit_fault(enum mf_deck_list_fault f)
{
	return f == MF_DECK_LIST_FAULT_TEXT_TOO_LONG || f == MF_DECK_LIST_FAULT_TOO_MANY_LINES ||
	       f == MF_DECK_LIST_FAULT_TOO_MANY_ENTRIES || f == MF_DECK_LIST_FAULT_MAIN_TOO_LARGE;
}

static void check_refusal(int rc, const struct mf_deck_list *list,
			  const struct mf_deck_list_error *err, size_t lines)
{
	FUZZ_CHECK(rc == MF_ERR_INVALID || rc == MF_ERR_LIMIT);
	FUZZ_CHECK(err->fault != MF_DECK_LIST_FAULT_NONE && err->fault != MF_DECK_LIST_FAULT_NOMEM);
	FUZZ_CHECK((rc == MF_ERR_LIMIT) == limit_fault(err->fault));
	FUZZ_CHECK(memchr(err->reason, '\0', sizeof(err->reason)) != NULL);
	FUZZ_CHECK(err->reason[0] != '\0');
	FUZZ_CHECK(fuzz_utf8_valid(err->reason, strlen(err->reason)));
	FUZZ_CHECK(memchr(err->text, '\0', sizeof(err->text)) != NULL);
	FUZZ_CHECK(fuzz_utf8_valid(err->text, strlen(err->text)));
	FUZZ_CHECK(err->line <= lines);
	if (err->line == 0)
		FUZZ_CHECK(err->text[0] == '\0');
	if (err->fault == MF_DECK_LIST_FAULT_EMPTY || err->fault == MF_DECK_LIST_FAULT_TEXT_TOO_LONG)
		FUZZ_CHECK(err->line == 0);
	FUZZ_CHECK(list->entries == NULL && list->names == NULL && list->n == 0);
}

static void check_keys(const struct mf_deck_list_entry *e)
{
	size_t need = mf_card_name_key(e->name, e->name_len, NULL, 0);
	char *key = malloc(need + 1), *again = malloc(need + 1), *front = malloc(need + 1);
	size_t front_len;

	FUZZ_CHECK(key && again && front);
	FUZZ_CHECK(mf_card_name_key(e->name, e->name_len, key, need + 1) == need);
	FUZZ_CHECK(strlen(key) == need);
	FUZZ_CHECK(fuzz_utf8_valid(key, need));
	FUZZ_CHECK(mf_card_name_key(key, need, again, need + 1) == need);
	FUZZ_CHECK(memcmp(key, again, need) == 0);
	front_len = mf_card_name_front_key(e->name, e->name_len, front, need + 1);
	FUZZ_CHECK(front_len <= need);
	FUZZ_CHECK(memcmp(front, key, front_len) == 0);
	FUZZ_CHECK(front_len == need || memcmp(key + front_len, " // ", 4) == 0);
	free(front);
	free(again);
	free(key);
}

static void check_list(const struct mf_deck_list *list, size_t lines)
{
	unsigned cards[MF_DECK_ZONES] = { 0 };

	FUZZ_CHECK(list->n >= 1 && list->n <= MF_DECK_LIST_ENTRIES_MAX);
	FUZZ_CHECK((unsigned)list->format <= MF_DECK_FORMAT_DEK);
	for (size_t i = 0; i < list->n; i++) {
		const struct mf_deck_list_entry *e = &list->entries[i];

		FUZZ_CHECK(e->count >= 1 && e->count <= MF_DECK_LIST_COUNT_MAX);
		FUZZ_CHECK((unsigned)e->zone < MF_DECK_ZONES);
		FUZZ_CHECK(e->line >= 1 && e->line <= lines);
		FUZZ_CHECK(i == 0 || e->line >= list->entries[i - 1].line);
		FUZZ_CHECK(e->name_len >= 1 && e->name_len <= MF_DECK_LIST_NAME_MAX);
		FUZZ_CHECK(strlen(e->name) == e->name_len);
		FUZZ_CHECK(fuzz_utf8_valid(e->name, e->name_len));
		FUZZ_CHECK(e->name[0] != ' ' && e->name[0] != '\t');
		FUZZ_CHECK(e->name[e->name_len - 1] != ' ' && e->name[e->name_len - 1] != '\t');
		for (size_t j = 0; j < e->name_len; j++) {
			unsigned char c = (unsigned char)e->name[j];

			FUZZ_CHECK(c >= 0x20 || c == '\t');
			FUZZ_CHECK(c != 0x7f);
		}
		cards[e->zone] += e->count;
		check_keys(e);
	}
	FUZZ_CHECK(memcmp(cards, list->cards, sizeof(cards)) == 0);
	FUZZ_CHECK(cards[MF_DECK_ZONE_MAIN] <= MF_DECK_LIST_MAIN_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Exactly size bytes, so that ASan sees any read past the end. */
	char *text = malloc(size ? size : 1);
	struct mf_deck_list list;
	struct mf_deck_list_error err;
	size_t lines = lines_of(data, size);
	int rc;

	FUZZ_CHECK(text != NULL);
	if (size)
		memcpy(text, data, size);
	rc = mf_deck_list_parse(text, size, &list, &err);
	if (rc != MF_OK) {
		check_refusal(rc, &list, &err, lines);
		/* Without an error struct: the same answer. */
		FUZZ_CHECK(mf_deck_list_parse(text, size, &list, NULL) == rc);
	} else {
		check_list(&list, lines);
		mf_deck_list_free(&list);
		FUZZ_CHECK(list.entries == NULL && list.names == NULL && list.n == 0);
	}
	free(text);
	return 0;
}
