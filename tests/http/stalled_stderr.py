#!/usr/bin/env python3
"""A stalled log collector never stops the server.

usage: stalled_stderr.py MANAFLOW [--requests N]

Starts `manaflow serve` with stderr a pipe that, once the "listening" line
is read, nobody reads again (a stalled log collector: the pipe fills at
64 KiB). Then N requests with a malformed Content-Length, each of which
libmicrohttpd logs as two error lines, and the access log's line for every
answer. Every one must still be answered 400, /healthz must answer 200 four
times in a row, and /metrics must count the error lines left out
(manaflow_error_log_dropped_total > 0). Loopback only; every socket has a
timeout, so it stops by itself.
"""
import argparse
import re
import socket
import subprocess
import sys
import threading

TIMEOUT = 10  # seconds a socket waits: no speed is measured


def start(binary):
    proc = subprocess.Popen([binary, 'serve', '--host', '127.0.0.1', '--port', '0', '--threads', '2'],
                            stderr=subprocess.PIPE)
    for line in proc.stderr:
        m = re.search(rb'"msg":"listening".*"port":(\d+)', line)
        if m:
            return proc, int(m.group(1))
    sys.exit('the server did not start')


def stop(proc):
    """Stops the server as a deployment does, with SIGTERM, and reads its
    stderr again (the collector comes back), or the drain would wait on the
    full pipe for ever; so it exits through main(), and a coverage build
    writes its figures. SIGKILL only if it is still there 30 s later."""
    proc.terminate()
    threading.Thread(target=proc.stderr.read, daemon=True).start()
    try:
        return proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


def exchange(port, request):
    """The status of the answer to request, or None when none came."""
    with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as s:
        s.sendall(request)
        data = b''
        try:
            while b'\r\n' not in data:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        except OSError:
            return None
    m = re.match(rb'HTTP/1\.1 (\d{3})', data)
    return int(m.group(1)) if m else None


def get(port, path):
    with socket.create_connection(('127.0.0.1', port), timeout=TIMEOUT) as s:
        s.sendall(b'GET %s HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n' % path.encode())
        data = b''
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('--requests', type=int, default=400)
    args = ap.parse_args()
    proc, port = start(args.binary)
    failed = 0
    try:
        bad = b'POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\nContent-Length: 12abc\r\n\r\n'
        answered = unanswered = 0
        for _ in range(args.requests):
            if exchange(port, bad) == 400:
                answered += 1
            else:
                unanswered += 1
                if unanswered == 3:  # each waited TIMEOUT: enough to tell
                    break
        print('%d of %d malformed requests answered 400' % (answered, args.requests), flush=True)
        if answered != args.requests:
            failed += 1
        healthy = 0
        for _ in range(4):
            try:
                healthy += get(port, '/healthz').startswith(b'HTTP/1.1 200')
            except OSError as e:
                print('/healthz: %r' % e, flush=True)
        print('/healthz answered 200 %d of 4 times' % healthy, flush=True)
        if healthy != 4:
            failed += 1
        metrics = get(port, '/metrics').decode('utf-8', 'replace')
        m = re.search(r'\nmanaflow_error_log_dropped_total (\d+)\n', metrics)
        dropped = int(m.group(1)) if m else -1
        print('manaflow_error_log_dropped_total %d' % dropped)
        if dropped <= 0:
            failed += 1
    except OSError as e:
        print('FAIL: %r' % e)
        failed += 1
    finally:
        stop(proc)
    print('FAIL' if failed else 'ok')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
