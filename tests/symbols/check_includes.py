#!/usr/bin/env python3
"""Fails when a file under src/ or include/ names a header with "..".

Each floor is compiled with only the include folders it may use
(docs/internals.md, "What each floor may include"), but a compiler always
looks in the including file's own folder first, so `#include "../x/y.h"`
would step around that. This closes the one way past it.
Usage: check_includes.py SOURCE_ROOT
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]*)[>"]')


def main():
    root = sys.argv[1]
    bad = []
    for top in ('src', 'include'):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith(('.c', '.h')):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8') as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and '..' in m.group(1).split('/'):
                            bad.append('%s:%d: %s' % (os.path.relpath(path, root), n, line.strip()))
    for b in bad:
        print('FAIL: an include steps out of its folder with "..":', b)
    print('%d include lines with ".."' % len(bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
