#!/usr/bin/env python3
"""Run a command and compare its stdout (and exit status) with a file, byte for byte.

usage: expect_output.py EXPECTED_STDOUT EXPECTED_STATUS [--stdin FILE] [--stderr-has TEXT]
                        [--stdout-has TEXT] [--env NAME=VALUE] [--timeout S] -- COMMAND...

EXPECTED_STDOUT is a file, '-' for no output at all, or '*' for any output
(then --stdout-has says what it must hold). --stderr-has, --stdout-has and
--env may be repeated. The command runs without the caller's MANAFLOW_*
variables, with those --env gives.
"""
import os
import subprocess
import sys

args = sys.argv[1:]
expected_path, status = args[0], int(args[1])
stdin_path = None
stderr_has, stdout_has = [], []
env = {k: v for k, v in os.environ.items() if not k.startswith('MANAFLOW_')}
timeout = 120
i = 2
while args[i] != '--':
    if args[i] == '--stdin':
        stdin_path = args[i + 1]
    elif args[i] == '--stderr-has':
        stderr_has.append(args[i + 1])
    elif args[i] == '--stdout-has':
        stdout_has.append(args[i + 1])
    elif args[i] == '--env':
        name, value = args[i + 1].split('=', 1)
        env[name] = value
    elif args[i] == '--timeout':
        timeout = float(args[i + 1])
    else:
        sys.exit('expect_output.py: unknown option %s' % args[i])
    i += 2
cmd = args[i + 1:]
stdin = open(stdin_path, 'rb') if stdin_path else subprocess.DEVNULL
try:
    proc = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=timeout, env=env)
except subprocess.TimeoutExpired as e:
    sys.exit('still running after %g s: %s\nstderr: %s'
             % (timeout, ' '.join(cmd), (e.stderr or b'').decode(errors='replace')))
ok = True
if expected_path != '*':
    expected = open(expected_path, 'rb').read() if expected_path != '-' else b''
    if proc.stdout != expected:
        sys.stderr.write('stdout differs:\n--- expected\n%s\n--- got\n%s\n' % (expected.decode(errors='replace'), proc.stdout.decode(errors='replace')))
        ok = False
if proc.returncode != status:
    sys.stderr.write('exit status %d, expected %d\nstderr: %s\n' % (proc.returncode, status, proc.stderr.decode(errors='replace')))
    ok = False
for text in stderr_has:
    if text.encode() not in proc.stderr:
        sys.stderr.write('stderr lacks %r: %s\n' % (text, proc.stderr.decode(errors='replace')))
        ok = False
for text in stdout_has:
    if text.encode() not in proc.stdout:
        sys.stderr.write('stdout lacks %r: %s\n' % (text, proc.stdout.decode(errors='replace')))
        ok = False
sys.exit(0 if ok else 1)
