/*
 * MTGO's .dek deck files, the little XML MTGO writes:
 *
 *   <?xml version="1.0" encoding="utf-8"?>
 *   <Deck xmlns:xsd="..." xmlns:xsi="...">
 *     <NetDeckID>0</NetDeckID>
 *     <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
 *   </Deck>
 *
 * Read with a small tokenizer, not a general XML parser: declarations
 * (<?...?>) and comments are skipped, a DOCTYPE or CDATA section is
 * refused, elements must nest and close, the root must be <Deck>, and each
 * <Cards> child of it is an entry (Quantity and Name required, Sideboard
 * "true" or "false", other attributes ignored). Attribute values have their
 * five named entities and numeric references decoded. Text between
 * elements is ignored inside the root and must be blank outside it.
 */
#include "deck/decklist_build.h"

#include <string.h>

/* Where a fault is reported: the line where the tag starts. */
struct dek_at {
	size_t line;
	const char *text;
	size_t len;
};

/* The open elements, the root first. */
struct dek_stack {
	const char *name[MF_DECK_LIST_XML_DEPTH_MAX];
	size_t len[MF_DECK_LIST_XML_DEPTH_MAX];
	struct dek_at at[MF_DECK_LIST_XML_DEPTH_MAX]; /* where each opened */
	size_t depth;
	bool root_done;
};

/* A .dek <Cards> element's attributes. */
struct dek_card {
	char name[MF_DECK_LIST_LINE_MAX];
	size_t name_len;
	char quantity[MF_DECK_LIST_LINE_MAX];
	size_t quantity_len;
	bool has_name, has_quantity, has_sideboard, sideboard;
};

static int xml_fail(struct mf_deck_list_build *b, const struct dek_at *at, const char *why)
{
	return mf_deck_list_fail(b, at->line, at->text, at->len, MF_ERR_INVALID,
				 MF_DECK_LIST_FAULT_XML, "a .dek file: %s", why);
}

static bool xml_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool name_char(char c, bool first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':')
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

/* Writes code point cp as UTF-8 into out; returns its length, 0 when cp is
 * not a character XML allows in a value here. */
static size_t put_utf8(unsigned long cp, char *out)
{
	if (cp == 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* Decodes the entity at v[0, n) (v[0] == '&') into out (room for 4);
 * *used gets the bytes read, its ';' included. Returns the bytes written,
 * 0 for an entity that is not well formed or not known. */
static size_t entity(const char *v, size_t n, size_t *used, char *out)
{
	static const struct { const char *name; char c; } named[] = {
		{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' }, { "apos", '\'' },
	};
	const char *semi = memchr(v, ';', n < 12 ? n : 12);
	size_t len, i;
	unsigned long cp = 0;

	if (!semi)
		return 0;
	len = (size_t)(semi - v) - 1; /* between '&' and ';' */
	*used = len + 2;
	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		if (strlen(named[i].name) == len && memcmp(v + 1, named[i].name, len) == 0) {
			out[0] = named[i].c;
			return 1;
		}
	}
	if (len < 2 || v[1] != '#')
		return 0;
	if (v[2] == 'x') {
		if (len < 3)
			return 0;
		for (i = 3; i <= len; i++) {
			char c = mf_deck_lower(v[i]);

			if (c >= '0' && c <= '9')
				cp = cp * 16 + (unsigned long)(c - '0');
			else if (c >= 'a' && c <= 'f')
				cp = cp * 16 + (unsigned long)(c - 'a' + 10);
			else
				return 0;
		}
	} else {
		for (i = 2; i <= len; i++) {
			if (v[i] < '0' || v[i] > '9')
				return 0;
			cp = cp * 10 + (unsigned long)(v[i] - '0');
		}
	}
	return put_utf8(cp, out);
}

/* Decodes the attribute value v[0, n) into out (room for n bytes, which
 * decoding never exceeds). 0, or -1 after the fault. */
static int decode_value(struct mf_deck_list_build *b, const struct dek_at *at, const char *v,
			size_t n, char *out, size_t *out_len)
{
	size_t i = 0, o = 0, used, got;

	while (i < n) {
		if (v[i] == '<')
			return xml_fail(b, at, "a '<' inside an attribute value");
		if (v[i] != '&') {
			out[o++] = v[i++];
			continue;
		}
		got = entity(v + i, n - i, &used, out + o);
		if (got == 0)
			return xml_fail(b, at, "an unknown or malformed entity (&amp; &lt; &gt; "
					"&quot; &apos; &#N; &#xH; are known)");
		o += got;
		i += used;
	}
	*out_len = o;
	return 0;
}

/* One attribute of a <Cards> element. */
static int card_attribute(struct mf_deck_list_build *b, const struct dek_at *at,
			  struct dek_card *card, const char *name, size_t name_len,
			  const char *v, size_t n)
{
	char buf[MF_DECK_LIST_LINE_MAX];
	size_t len = 0;

	if (decode_value(b, at, v, n, buf, &len) != 0)
		return -1;
	if (name_len == 4 && memcmp(name, "Name", 4) == 0) {
		if (card->has_name)
			return xml_fail(b, at, "Name given twice");
		card->has_name = true;
		memcpy(card->name, buf, len);
		card->name_len = len;
	} else if (name_len == 8 && memcmp(name, "Quantity", 8) == 0) {
		if (card->has_quantity)
			return xml_fail(b, at, "Quantity given twice");
		card->has_quantity = true;
		memcpy(card->quantity, buf, len);
		card->quantity_len = len;
	} else if (name_len == 9 && memcmp(name, "Sideboard", 9) == 0) {
		if (card->has_sideboard)
			return xml_fail(b, at, "Sideboard given twice");
		card->has_sideboard = true;
		if (mf_deck_list_word_is(buf, len, "true"))
			card->sideboard = true;
		else if (!mf_deck_list_word_is(buf, len, "false"))
			return xml_fail(b, at, "Sideboard is \"true\" or \"false\"");
	}
	return 0;
}

static int add_card(struct mf_deck_list_build *b, const struct dek_at *at,
		    const struct dek_card *card)
{
	unsigned count;
	size_t i;

	if (!card->has_quantity || !card->has_name)
		return xml_fail(b, at, "a <Cards> element needs Quantity and Name");
	for (i = 0; i < card->quantity_len; i++) {
		if (card->quantity[i] < '0' || card->quantity[i] > '9')
			break;
	}
	if (card->quantity_len == 0 || i < card->quantity_len)
		return mf_deck_list_fail(b, at->line, at->text, at->len, MF_ERR_INVALID,
					 MF_DECK_LIST_FAULT_NO_COUNT,
					 "a .dek Quantity is a whole number");
	if (mf_deck_list_count(b, at->line, at->text, at->len, card->quantity,
			       card->quantity_len, &count) != 0)
		return -1;
	return mf_deck_list_add(b, at->line, at->text, at->len, card->name, card->name_len,
				count, card->sideboard ? MF_DECK_ZONE_SIDEBOARD : MF_DECK_ZONE_MAIN,
				false);
}

/* The tag s[1, n - 1) (s[0] == '<', s[n - 1] == '>'), neither a comment
 * nor a declaration. */
static int tag(struct mf_deck_list_build *b, const struct dek_at *at, struct dek_stack *st,
	       const char *s, size_t n)
{
	struct dek_card c;
	size_t i = 1, name_at, name_len, attr_at, attr_len, v_at;
	bool closing = false, empty = false, is_cards;
	char quote;

	n--; /* the '>' */
	if (n > 1 && s[n - 1] == '/') {
		empty = true;
		n--;
	}
	if (i < n && s[i] == '/') {
		closing = true;
		i++;
	}
	name_at = i;
	while (i < n && name_char(s[i], i == name_at))
		i++;
	name_len = i - name_at;
	if (name_len == 0 || (closing && empty))
		return xml_fail(b, at, "a tag that is not well formed");
	if (closing) {
		while (i < n && xml_space(s[i]))
			i++;
		if (i < n || st->depth == 0 || st->len[st->depth - 1] != name_len ||
		    memcmp(st->name[st->depth - 1], s + name_at, name_len) != 0)
			return xml_fail(b, at, "a closing tag that does not match the open element");
		if (--st->depth == 0)
			st->root_done = true;
		return 0;
	}
	if (st->root_done)
		return xml_fail(b, at, "an element after the <Deck> element");
	if (st->depth == 0 && !(name_len == 4 && memcmp(s + name_at, "Deck", 4) == 0))
		return xml_fail(b, at, "the root element is not <Deck>");
	is_cards = st->depth == 1 && name_len == 5 && memcmp(s + name_at, "Cards", 5) == 0;
	memset(&c, 0, sizeof(c));
	while (i < n) {
		if (!xml_space(s[i]))
			return xml_fail(b, at, "attributes are separated by spaces");
		while (i < n && xml_space(s[i]))
			i++;
		if (i == n)
			break;
		attr_at = i;
		while (i < n && name_char(s[i], i == attr_at))
			i++;
		attr_len = i - attr_at;
		while (i < n && xml_space(s[i]))
			i++;
		if (attr_len == 0 || i == n || s[i] != '=')
			return xml_fail(b, at, "an attribute is name=\"value\"");
		i++;
		while (i < n && xml_space(s[i]))
			i++;
		if (i == n || (s[i] != '"' && s[i] != '\''))
			return xml_fail(b, at, "an attribute's value is quoted");
		quote = s[i++];
		v_at = i;
		while (i < n && s[i] != quote)
			i++;
		if (i == n)
			return xml_fail(b, at, "an attribute's value is not closed");
		if (is_cards && card_attribute(b, at, &c, s + attr_at, attr_len, s + v_at,
					       i - v_at) != 0)
			return -1;
		i++;
	}
	if (is_cards && add_card(b, at, &c) != 0)
		return -1;
	if (!empty) {
		if (st->depth == MF_DECK_LIST_XML_DEPTH_MAX)
			return xml_fail(b, at, "elements nested too deep");
		st->name[st->depth] = s + name_at;
		st->len[st->depth] = name_len;
		st->at[st->depth] = *at;
		st->depth++;
	} else if (st->depth == 0) {
		st->root_done = true;
	}
	return 0;
}

/* The span of the line that starts at s[0], its end left out. */
static size_t line_len(const char *s, size_t n)
{
	const char *nl = memchr(s, '\n', n);
	size_t len = nl ? (size_t)(nl - s) : n;

	return len > 0 && s[len - 1] == '\r' ? len - 1 : len;
}

/* Where the first `what` (of what_len bytes) starts in s[0, n), or n. */
static size_t find(const char *s, size_t n, const char *what, size_t what_len)
{
	for (size_t i = 0; i + what_len <= n; i++) {
		if (memcmp(s + i, what, what_len) == 0)
			return i;
	}
	return n;
}

/* Where the tag starting at s[0] ends (just past its '>', quotes
 * honoured), or 0 when it does not end within MF_DECK_LIST_LINE_MAX + 1
 * bytes nor within n. */
static size_t tag_end(const char *s, size_t n)
{
	size_t max = n < MF_DECK_LIST_LINE_MAX + 1 ? n : MF_DECK_LIST_LINE_MAX + 1;
	char quote = '\0';

	for (size_t i = 1; i < max; i++) {
		if (quote) {
			if (s[i] == quote)
				quote = '\0';
		} else if (s[i] == '"' || s[i] == '\'') {
			quote = s[i];
		} else if (s[i] == '>') {
			return i + 1;
		}
	}
	return 0;
}

/* Every line's encoding first, so that the tokenizer reads valid UTF-8. */
static int check_lines(struct mf_deck_list_build *b)
{
	const char *p = b->text, *end = b->text + b->len, *nl;
	size_t line = 0, n;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = line_len(p, (size_t)(end - p));
		if (++line > MF_DECK_LIST_LINES_MAX)
			return mf_deck_list_fail(b, line, p, n, MF_ERR_LIMIT,
						 MF_DECK_LIST_FAULT_TOO_MANY_LINES,
						 "more than %u lines", MF_DECK_LIST_LINES_MAX);
		if (mf_deck_list_check_line(b, line, p, n, false) != 0)
			return -1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

int mf_deck_list_read_dek(struct mf_deck_list_build *b)
{
	struct dek_stack st;
	struct dek_at at;
	const char *s = b->text, *start = b->text;
	size_t n = b->len, i = 0, end, line = 1;

	b->seen |= MF_DECK_SEEN_DEK;
	if (check_lines(b) != 0)
		return -1;
	memset(&st, 0, sizeof(st));
	while (i < n) {
		if (s[i] == '\n') {
			line++;
			start = s + ++i;
			continue;
		}
		at.line = line;
		at.text = start;
		at.len = line_len(start, (size_t)(s + n - start));
		if (s[i] != '<') {
			if (st.depth == 0 && !xml_space(s[i]))
				return xml_fail(b, &at, "text outside the <Deck> element");
			i++;
			continue;
		}
		if (n - i >= 2 && s[i + 1] == '?') {
			end = find(s + i + 2, n - i - 2, "?>", 2);
			if (end == n - i - 2)
				return xml_fail(b, &at, "a declaration that is not closed");
			end += i + 4;
		} else if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			end = find(s + i + 4, n - i - 4, "-->", 3);
			if (end == n - i - 4)
				return xml_fail(b, &at, "a comment that is not closed");
			end += i + 7;
		} else if (n - i >= 2 && s[i + 1] == '!') {
			return xml_fail(b, &at, "a DOCTYPE or CDATA section");
		} else {
			end = tag_end(s + i, n - i);
			if (end == 0 && n - i > MF_DECK_LIST_LINE_MAX)
				return mf_deck_list_fail(b, at.line, at.text, at.len, MF_ERR_INVALID,
							 MF_DECK_LIST_FAULT_LINE_TOO_LONG,
							 "a .dek tag is longer than %u bytes",
							 MF_DECK_LIST_LINE_MAX);
			if (end == 0)
				return xml_fail(b, &at, "a tag that is not closed");
			if (tag(b, &at, &st, s + i, end) != 0)
				return -1;
			end += i;
		}
		for (; i < end; i++) {
			if (s[i] == '\n') {
				line++;
				start = s + i + 1;
			}
		}
	}
	if (st.depth > 0)
		return xml_fail(b, &st.at[st.depth - 1], "the text ends inside this element");
	if (!st.root_done)
		return mf_deck_list_fail(b, 0, NULL, 0, MF_ERR_INVALID, MF_DECK_LIST_FAULT_XML,
					 "a .dek file: no <Deck> element");
	return 0;
}
