#!/usr/bin/env python3
"""Turn a JSON array of Scryfall card objects into a C translation unit that
holds them as a constant array of struct mf_card_object (manaflow/card.h):
each card's name, mana_cost, type_line and oracle_text, and those of its
card_faces. Nothing else of a card object is kept.

usage: embed_cards.py INPUT OUTPUT SYMBOL
SYMBOL is the array; SYMBOL_count its length. Its users declare both
(src/card/source_catalogue.c).
"""
import json
import sys


def c_string(text):
    """A C string literal of text's UTF-8 bytes: printable ASCII as is, the
    rest as three-digit octal escapes (a hex escape would swallow the next
    letter)."""
    out = []
    for b in text.encode('utf-8'):
        ch = chr(b)
        if ch in '"\\?':
            out.append('\\' + ch)
        elif 0x20 <= b < 0x7f:
            out.append(ch)
        else:
            out.append('\\%03o' % b)
    return '"' + ''.join(out) + '"'


def face(obj):
    return '{ ' + ', '.join('.%s = %s' % (k, c_string(obj.get(k, ''))) for k in
                            ('name', 'mana_cost', 'type_line', 'oracle_text')) + ' }'


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: embed_cards.py INPUT OUTPUT SYMBOL')
    src, dst, sym = sys.argv[1:]
    cards = json.load(open(src, encoding='utf-8'))
    with open(dst, 'w') as out:
        out.write('/* generated from %s by data/embed_cards.py: do not edit */\n' %
                  src.split('/')[-1])
        out.write('#include <stddef.h>\n\n#include "manaflow/card.h"\n\n')
        for i, card in enumerate(cards):
            if card.get('card_faces'):
                out.write('static const struct mf_card_face faces_%d[] = {\n' % i)
                for f in card['card_faces']:
                    out.write('\t%s,\n' % face(f))
                out.write('};\n')
        out.write('extern const struct mf_card_object %s[];\n' % sym)
        out.write('extern const size_t %s_count;\n' % sym)
        out.write('const struct mf_card_object %s[] = {\n' % sym)
        for i, card in enumerate(cards):
            faces = card.get('card_faces') or []
            tail = ', .faces = faces_%d, .n_faces = %d' % (i, len(faces)) if faces else ''
            out.write('\t{ .card = %s%s },\n' % (face(card), tail))
        out.write('};\n')
        out.write('const size_t %s_count = %d;\n' % (sym, len(cards)))


main()
