#!/usr/bin/env python3
"""Every global symbol a manaflow library defines starts with mf_.

usage: check_symbols.py NM LIBRARY.a...

Runs `nm -g --defined-only` on each static library and fails, naming them,
on any defined global symbol (function or data) outside the mf_ prefix, so
that the libraries can be linked into any program without a clash. Names
that start with "__" are the compiler's (sanitizer instrumentation).
"""
import subprocess
import sys


def main():
    nm, libs = sys.argv[1], sys.argv[2:]
    if not libs:
        sys.exit('usage: check_symbols.py NM LIBRARY.a...')
    passed = failed = 0
    for lib in libs:
        out = subprocess.run([nm, '-g', '--defined-only', lib], check=True,
                             capture_output=True, text=True).stdout
        # Names that start with "__" are reserved to the implementation: a
        # sanitizer's instrumentation adds some (__odr_asan.mf_embedded_lands).
        symbols = [line.split()[-1] for line in out.splitlines()
                   if len(line.split()) == 3 and not line.split()[-1].startswith('__')]
        bad = sorted(s for s in symbols if not s.startswith('mf_'))
        if not symbols:
            print('FAIL: %s defines no global symbol (wrong file?)' % lib)
            failed += 1
        elif bad:
            print('FAIL: %s: %d global symbols outside mf_: %s' % (lib, len(bad), ', '.join(bad)))
            failed += 1
        else:
            print('ok: %s: %d global symbols, all mf_' % (lib, len(symbols)))
            passed += 1
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
