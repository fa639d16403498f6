#!/usr/bin/env python3
"""Every global symbol a manaflow library defines starts with mf_, and the
solver object the binary links exports the MF_EXPORT functions and nothing else.

usage: check_symbols.py NM [--exports HEADER_DIR PUBLIC.o] LIBRARY.a...

Runs `nm -g --defined-only` on each static library and fails, naming them,
on any defined global symbol (function or data) outside the mf_ prefix, so
that the libraries can be linked into any program without a clash. Names
that start with "__" are the compiler's (sanitizer instrumentation).

With --exports, PUBLIC.o (the solver object the binary links, its
hidden symbols made local by src/localize.py) must define as global only
functions that the headers of HEADER_DIR declare MF_EXPORT, and every such
function must be defined by PUBLIC.o or one of the LIBRARYs (libmfcommon
defines those of common.h).
"""
import glob
import os
import re
import subprocess
import sys


def globals_of(nm, lib):
    out = subprocess.run([nm, '-g', '--defined-only', lib], check=True,
                         capture_output=True, text=True).stdout
    # Names that start with "__" are reserved to the implementation: a
    # sanitizer's instrumentation adds some (__odr_asan.mf_embedded_lands).
    return [line.split()[-1] for line in out.splitlines()
            if len(line.split()) == 3 and not line.split()[-1].startswith('__')]


def exported_names(header_dir):
    names = set()
    for header in sorted(glob.glob(os.path.join(header_dir, '*.h'))):
        with open(header, encoding='utf-8') as f:
            text = f.read()
        # "MF_EXPORT <return type> mf_name(": the declarations, not the #define.
        names.update(re.findall(r'^MF_EXPORT\b[^;(]*?\b(mf_\w+)\s*\(', text, re.M))
    return names


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit('usage: check_symbols.py NM [--exports HEADER_DIR PUBLIC.o] LIBRARY.a...')
    nm, args = args[0], args[1:]
    public = None
    if args[:1] == ['--exports']:
        if len(args) < 3:
            sys.exit('usage: check_symbols.py NM [--exports HEADER_DIR PUBLIC.o] LIBRARY.a...')
        public, args = (args[1], args[2]), args[3:]
    libs = args
    if not libs:
        sys.exit('usage: check_symbols.py NM [--exports HEADER_DIR PUBLIC.o] LIBRARY.a...')
    passed = failed = 0
    defined = set()
    for lib in libs + ([public[1]] if public else []):
        symbols = globals_of(nm, lib)
        defined.update(symbols)
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
    if public:
        header_dir, lib = public
        declared = exported_names(header_dir)
        exported = set(globals_of(nm, lib))
        extra = sorted(exported - declared)
        missing = sorted(declared - defined)
        if not declared:
            print('FAIL: %s declares no MF_EXPORT function (wrong folder?)' % header_dir)
            failed += 1
        elif extra:
            print('FAIL: %s: %d global symbols not MF_EXPORT: %s' % (lib, len(extra), ', '.join(extra)))
            failed += 1
        elif missing:
            print('FAIL: MF_EXPORT functions no library defines: %s' % ', '.join(missing))
            failed += 1
        else:
            print('ok: %s: exports %d symbols, all MF_EXPORT; the %d of %s all defined'
                  % (lib, len(exported), len(declared), header_dir))
            passed += 1
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
