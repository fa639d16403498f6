#!/usr/bin/env python3
"""Run a command and compare its stdout (and exit status) with a file, byte for byte.

usage: expect_output.py EXPECTED_STDOUT EXPECTED_STATUS [--stdin FILE] [--stderr-has TEXT] -- COMMAND...
"""
import subprocess
import sys

args = sys.argv[1:]
expected_path, status = args[0], int(args[1])
stdin_path = stderr_has = None
i = 2
while args[i] != '--':
    if args[i] == '--stdin':
        stdin_path = args[i + 1]
    elif args[i] == '--stderr-has':
        stderr_has = args[i + 1]
    i += 2
cmd = args[i + 1:]
stdin = open(stdin_path, 'rb') if stdin_path else subprocess.DEVNULL
proc = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=120)
expected = open(expected_path, 'rb').read() if expected_path != '-' else b''
ok = True
if proc.stdout != expected:
    sys.stderr.write('stdout differs:\n--- expected\n%s\n--- got\n%s\n' % (expected.decode(errors='replace'), proc.stdout.decode(errors='replace')))
    ok = False
if proc.returncode != status:
    sys.stderr.write('exit status %d, expected %d\nstderr: %s\n' % (proc.returncode, status, proc.stderr.decode(errors='replace')))
    ok = False
if stderr_has is not None and stderr_has.encode() not in proc.stderr:
    sys.stderr.write('stderr lacks %r: %s\n' % (stderr_has, proc.stderr.decode(errors='replace')))
    ok = False
sys.exit(0 if ok else 1)
