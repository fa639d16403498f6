#!/usr/bin/env python3
"""Makes one target's include directory: only the folders it may include.

usage: floors.py DEST SOURCE_ROOT NAME=PATH...

Empties DEST, then links DEST/NAME to SOURCE_ROOT/PATH for each pair (a
folder such as common=src/common, or one header such as
manaflow/common.h=include/manaflow/common.h). A target compiled with
-I DEST and no other project include directory finds "common/buf.h" but
not "odds/odds_internal.h" unless its NAME is listed: the compiler itself
refuses a header of a floor above or of another room's insides.
meson.build runs it at configure time, once per target
(docs/internals.md, "What each floor may include").
"""
import os
import shutil
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit('usage: floors.py DEST SOURCE_ROOT NAME=PATH...')
    dest, root = sys.argv[1], sys.argv[2]
    if os.path.lexists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    for pair in sys.argv[3:]:
        name, _, path = pair.partition('=')
        target = os.path.join(root, path)
        if not name or not os.path.exists(target):
            sys.exit('floors.py: %s: no such file or folder' % pair)
        link = os.path.join(dest, name)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(os.path.relpath(target, os.path.dirname(link)), link)


if __name__ == '__main__':
    main()
