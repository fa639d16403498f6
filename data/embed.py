#!/usr/bin/env python3
"""Turn a text file into a C translation unit holding it as a NUL-terminated string.

usage: embed.py INPUT OUTPUT SYMBOL
The symbol is declared in src/mana/catalogue.h; its length excludes the NUL.
"""
import sys

src, dst, sym = sys.argv[1:4]
data = open(src, 'rb').read()
with open(dst, 'w') as out:
    out.write('/* generated from %s by data/embed.py: do not edit */\n' % src.split('/')[-1])
    out.write('#include <stddef.h>\n')
    out.write('extern const char %s[];\nextern const size_t %s_len;\n' % (sym, sym))
    out.write('const char %s[] = {\n' % sym)
    for i in range(0, len(data), 16):
        out.write('  ' + ', '.join('0x%02x' % b for b in data[i:i + 16]) + ',\n')
    out.write('  0x00\n};\n')
    out.write('const size_t %s_len = %d;\n' % (sym, len(data)))
