#!/usr/bin/env python3
"""Turns the solver library into one object whose only globals are MF_EXPORT.

usage: localize.py LD OBJCOPY OUTPUT.o INPUT.a...

Links every member of the INPUT archives into one relocatable object
(ld -r), then makes each symbol of hidden visibility local to it (objcopy
--localize-hidden). Inside the object the solvers still call each other;
outside it only the functions the public headers mark MF_EXPORT (default
visibility) can be linked. -fvisibility=hidden alone does nothing for a
static archive: every member would still link against every other's hidden
functions.
"""
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit('usage: localize.py LD OBJCOPY OUTPUT.o INPUT.a...')
    ld, objcopy, output, inputs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    try:
        subprocess.run([ld, '-r', '-o', output, '--whole-archive'] + inputs + ['--no-whole-archive'],
                       check=True)
        subprocess.run([objcopy, '--localize-hidden', output], check=True)
    except (OSError, subprocess.CalledProcessError):
        if os.path.exists(output):
            os.remove(output)
        raise


if __name__ == '__main__':
    main()
