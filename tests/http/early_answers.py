#!/usr/bin/env python3
"""Every client reads its answer, even one the server gave before the body.

usage: early_answers.py MANAFLOW [--clients N] [--rounds R]

Starts `manaflow serve --threads 1 --memory-limit 56MiB` (the smallest
limit), then R rounds of N clients at once, each of which writes a whole
mana batch of 0.93 MB (9,500 queries) through a small send buffer, as over
a real network, and only then reads. Most are refused 503 before their body
is read (the budget is full); the server must close those connections
lingeringly, so that the client is not reset while it writes and still
reads its status line. Every client must read one: 200 or 503. Prints the
counts. Loopback only; every socket has a timeout, so it stops by itself.
"""
import argparse
import collections
import json
import re
import socket
import subprocess
import sys
import threading

TIMEOUT = 30
SNDBUF = 32 << 10
QUERY = {"battlefield": ["Wooded Foothills", "Forest"], "library": ["Steam Vents"],
         "life": 20, "cost": "{1}{G}"}


def batch_body():
    body = json.dumps({"queries": [QUERY] * 9500}, separators=(",", ":")).encode()
    assert 900000 < len(body) < 950000, len(body)  # 0.93 MB, as in the report
    return body


def start(binary):
    proc = subprocess.Popen([binary, 'serve', '--host', '127.0.0.1', '--port', '0', '--threads',
                             '1', '--memory-limit', str(56 << 20), '--no-access-log'],
                            stderr=subprocess.PIPE)
    for line in proc.stderr:
        m = re.search(rb'"msg":"listening".*"port":(\d+)', line)
        if m:
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, int(m.group(1))
    sys.exit('the server did not start')


def client(port, request, out, i, go):
    """Writes the whole request, then reads the status line: out[i] is the
    status, or what went wrong (and where: writing or reading)."""
    where = 'connect'
    try:
        with socket.socket() as s:
            # A small send buffer, as over a real network: the body is
            # still being written when the answer comes (over loopback the
            # kernel would otherwise take all of it at once).
            s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SNDBUF)
            s.settimeout(TIMEOUT)
            s.connect(('127.0.0.1', port))
            go.wait(TIMEOUT)
            where = 'write'
            s.sendall(request)
            where = 'read'
            data = b''
            while b'\r\n' not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        m = re.match(rb'HTTP/1\.1 (\d{3}) ', data)
        out[i] = int(m.group(1)) if m else '%s: no status line (%r)' % (where, data[:40])
    except OSError as e:
        out[i] = '%s: %s' % (where, type(e).__name__)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('--clients', type=int, default=40)
    ap.add_argument('--rounds', type=int, default=2)
    args = ap.parse_args()
    body = batch_body()
    request = (b'POST /v1/mana/solve/batch HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
               b'Connection: close\r\nContent-Length: %d\r\n\r\n' % len(body)) + body
    proc, port = start(args.binary)
    counts = collections.Counter()
    try:
        for _ in range(args.rounds):
            out = [None] * args.clients
            go = threading.Event()
            threads = [threading.Thread(target=client, args=(port, request, out, i, go))
                       for i in range(args.clients)]
            for t in threads:
                t.start()
            go.set()
            for t in threads:
                t.join(TIMEOUT + 5)
            counts.update(str(o) for o in out)
    finally:
        proc.terminate()
        proc.wait(10)
    total = args.clients * args.rounds
    print('%d clients (%d rounds of %d), %d-byte bodies: %s' %
          (total, args.rounds, args.clients, len(body), dict(sorted(counts.items()))))
    bad = {k: v for k, v in counts.items() if k not in ('200', '503')}
    if bad:
        sys.exit('%d of %d clients did not read a status line: %s' %
                 (sum(bad.values()), total, bad))
    if not counts['503']:
        sys.exit('no client was refused: the scenario did not happen')


if __name__ == '__main__':
    main()
