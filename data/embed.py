#!/usr/bin/env python3
"""Turn text files into a C translation unit holding them, concatenated, as one
NUL-terminated string.

usage: embed.py INPUT... OUTPUT SYMBOL
The symbol's users declare it (src/mana/catalogue.h, src/http/server_int.h);
SYMBOL_len is its length without the NUL.
"""
import sys

if len(sys.argv) < 4:
    sys.exit('usage: embed.py INPUT... OUTPUT SYMBOL')
srcs, dst, sym = sys.argv[1:-2], sys.argv[-2], sys.argv[-1]
src = ' '.join(s.split('/')[-1] for s in srcs)
data = b''.join(open(s, 'rb').read() for s in srcs)
with open(dst, 'w') as out:
    out.write('/* generated from %s by data/embed.py: do not edit */\n' % src.split('/')[-1])
    out.write('#include <stddef.h>\n')
    out.write('extern const char %s[];\nextern const size_t %s_len;\n' % (sym, sym))
    out.write('const char %s[] = {\n' % sym)
    for i in range(0, len(data), 16):
        out.write('  ' + ', '.join('0x%02x' % b for b in data[i:i + 16]) + ',\n')
    out.write('  0x00\n};\n')
    out.write('const size_t %s_len = %d;\n' % (sym, len(data)))
