#!/usr/bin/env python3
"""Slow uploads cannot lock others out.

usage: trickle_uploads.py MANAFLOW [--trickles N] [--heads N] [--seconds S]

Starts `manaflow serve --memory-limit 56MiB --upload-deadline 3` (the
smallest memory limit). N connections (from 127.0.0.2, as a separate client
would) send the head of a POST with Content-Length: 1048576, one body byte,
then one more byte every second. Meanwhile one small /v1/mana/solve a tenth
of a second for S seconds, from 127.0.0.1: every one must be answered 200.
And every trickling connection must be closed by the server within the
upload deadline and a margin; so must N more that trickle their request
head a byte a second (the idle timeout alone would keep them for ever). Prints the figures. Loopback only; every
socket has a timeout, so it stops by itself.
"""
import argparse
import json
import re
import socket
import subprocess
import sys
import threading
import time

TIMEOUT = 10
DEADLINE = 3   # --upload-deadline
MARGIN = 4     # seconds beyond it, for a loaded machine: no speed is measured


def start(binary):
    proc = subprocess.Popen([binary, 'serve', '--host', '127.0.0.1', '--port', '0', '--memory-limit',
                             str(56 << 20), '--timeout', '60', '--upload-deadline', str(DEADLINE),
                             '--no-access-log'], stderr=subprocess.PIPE)
    for line in proc.stderr:
        m = re.search(rb'"msg":"listening".*"port":(\d+)', line)
        if m:
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, int(m.group(1))
    sys.exit('the server did not start')


HEAD = (b'POST /v1/mana/solve/batch HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
        b'Content-Length: 1048576\r\n\r\n')


def trickle(port, stop, closed, i, whole_head):
    """Trickles a body (after a whole head) or the head itself until the
    server closes the connection (closed[i]: the seconds it took) or stop
    is set."""
    t0 = time.monotonic()
    rest = iter(HEAD[1:])
    try:
        s = socket.socket()
        s.settimeout(TIMEOUT)
        s.bind(('127.0.0.2', 0))
        s.connect(('127.0.0.1', port))
        s.sendall(HEAD + b'{' if whole_head else HEAD[:1])
        s.setblocking(False)
        while not stop.wait(1):
            try:
                if s.recv(4096) == b'':
                    break
            except BlockingIOError:
                pass
            s.sendall(b' ' if whole_head else bytes([next(rest, 32)]))
        else:
            return
        closed[i] = time.monotonic() - t0
    except OSError:
        closed[i] = time.monotonic() - t0


def small(port):
    body = json.dumps({'battlefield': ['Forest', 'Island'], 'life': 20, 'cost': '{G}{U}'}).encode()
    with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as s:
        s.sendall(b'POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
                  b'Connection: close\r\nContent-Length: %d\r\n\r\n' % len(body) + body)
        data = b''
        while b'\r\n' not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    m = re.match(rb'HTTP/1\.1 (\d{3})', data)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('--trickles', type=int, default=9)
    ap.add_argument('--heads', type=int, default=3)
    ap.add_argument('--seconds', type=float, default=5)
    args = ap.parse_args()
    proc, port = start(args.binary)
    stop = threading.Event()
    n = args.trickles + args.heads
    closed = [None] * n
    threads = [threading.Thread(target=trickle, args=(port, stop, closed, i, i < args.trickles))
               for i in range(n)]
    for t in threads:
        t.start()
    time.sleep(1)
    statuses = []
    try:
        t0 = time.monotonic()
        while time.monotonic() - t0 < args.seconds:
            try:
                statuses.append(small(port))
            except OSError as e:
                statuses.append(repr(e))
            time.sleep(0.1)
        while time.monotonic() - t0 < DEADLINE + MARGIN and None in closed:
            time.sleep(0.1)
    finally:
        stop.set()
        for t in threads:
            t.join(TIMEOUT)
        # SIGTERM, as a deployment stops it: the server exits through
        # main() and a coverage build writes its figures.
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    ok = statuses.count(200)
    print('%d trickling uploads: %d of %d small requests answered 200 (%s)'
          % (args.trickles, ok, len(statuses), sorted(set(map(str, statuses)))), flush=True)
    shut = [c for c in closed if c is not None and c <= DEADLINE + MARGIN + 1]
    print('trickles (%d bodies, %d heads) closed by the server: %d of %d, after %s s (--upload-deadline %d)'
          % (args.trickles, args.heads, len(shut), n, sorted(round(c, 1) for c in shut), DEADLINE),
          flush=True)
    good = ok == len(statuses) and statuses and len(shut) == n
    print('ok' if good else 'FAIL')
    return 0 if good else 1


if __name__ == '__main__':
    sys.exit(main())
