#!/usr/bin/env python3
"""Memory has a ceiling: many concurrent maximum batches get 200 or 503, never an OOM.

usage: memory_ceiling.py MANAFLOW [--clients N] [--limit BYTES] [--ceiling BYTES]

Starts `manaflow serve --threads 1` (as deploy/ runs it) with the manifest's
memory limit, then N clients at once each send a maximum mana batch (10,000
queries, about 0.9 MB) and do not read the answer until every body is sent.
Every answer must be 200 with the batch's results or 503 problem+json with
Retry-After, and the server's peak resident memory (VmHWM) must stay under
the pod's 128Mi limit. Prints the figures. Loopback only; every socket has
a timeout, so it stops by itself.
"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

QUERY = {"battlefield": ["Wooded Foothills", "Forest"], "library": ["Steam Vents"],
         "life": 20, "cost": "{1}{G}"}


def batch_body():
    body = json.dumps({"queries": [QUERY] * 10000}, separators=(',', ':')).encode()
    assert len(body) < 1 << 20, len(body)
    return body


def start(binary, limit):
    args = [binary, 'serve', '--host', '127.0.0.1', '--port', '0', '--threads', '1',
            '--no-access-log']
    if limit:
        args += ['--memory-limit', str(limit)]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        m = re.search(r'"msg":"listening".*"port":(\d+)', line)
        if m:
            break
    else:
        sys.exit('the server did not start')
    port = int(m.group(1))
    threading.Thread(target=proc.stderr.read, daemon=True).start()
    return proc, port


def vm(pid, key):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith(key + ':'):
                return int(line.split()[1]) * 1024
    return 0


def read_answer(sock):
    data = b''
    while b'\r\n\r\n' not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None, {}, b''
        data += chunk
    head, body = data.split(b'\r\n\r\n', 1)
    lines = head.decode('latin-1').split('\r\n')
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in (l.split(':', 1) for l in lines[1:] if ':' in l)}
    length = int(headers.get('content-length', '0'))
    while len(body) < length:
        chunk = sock.recv(1 << 20)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def client(port, body, sent, go_read, results, i):
    try:
        s = socket.create_connection(('127.0.0.1', port), timeout=60)
        req = (b'POST /v1/mana/solve/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n'
               b'Content-Length: %d\r\nConnection: close\r\n\r\n' % len(body))
        try:
            s.sendall(req + body)
        except OSError:
            pass  # a 503 may come, and the socket close, before the body is all sent
        sent.release()
        go_read.wait(120)
        results[i] = read_answer(s)
        s.close()
    except OSError as e:
        sent.release()
        results[i] = ('error', {}, str(e).encode())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('--clients', type=int, default=100)
    ap.add_argument('--limit', type=int, default=100663296)  # deploy/deployment.yaml
    ap.add_argument('--ceiling', type=int, default=128 << 20)  # the pod's limit
    args = ap.parse_args()

    body = batch_body()
    proc, port = start(args.binary, args.limit)
    passed = failed = 0
    try:
        base = vm(proc.pid, 'VmRSS')
        sent, go_read = threading.Semaphore(0), threading.Event()
        results = [None] * args.clients
        threads = [threading.Thread(target=client, args=(port, body, sent, go_read, results, i))
                   for i in range(args.clients)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for _ in threads:
            sent.acquire(timeout=120)
        time.sleep(2)  # let the server solve what it admitted while nobody reads
        hwm_unread = vm(proc.pid, 'VmHWM')
        go_read.set()
        for t in threads:
            t.join(120)
        elapsed = time.monotonic() - t0
        hwm = vm(proc.pid, 'VmHWM')

        codes = {}
        for status, headers, data in results:
            codes[status] = codes.get(status, 0) + 1
            if status == 200:
                ok = len(json.loads(data)['results']) == 10000
            elif status == 503:
                doc = json.loads(data)
                ok = (headers.get('retry-after') == '1' and
                      headers.get('content-type') == 'application/problem+json' and
                      doc['type'] == 'urn:manaflow:problem:overloaded')
            else:
                ok = False
            passed, failed = (passed + 1, failed) if ok else (passed, failed + 1)
            if not ok:
                print('FAIL: an answer that is neither 200 with 10000 results nor 503 '
                      'overloaded: %r %r' % (status, data[:200]))
        print('%d clients, %d-byte batches, --memory-limit %d: answers %s in %.1f s'
              % (args.clients, len(body), args.limit, codes, elapsed))
        print('resident memory: %.1f MiB idle, peak %.1f MiB while answers went unread, '
              'peak %.1f MiB in all' % (base / 2**20, hwm_unread / 2**20, hwm / 2**20))
        if codes.get(200, 0) >= 1:
            passed += 1
        else:
            failed += 1
            print('FAIL: no batch was answered 200')
        if hwm < args.ceiling:
            passed += 1
        else:
            failed += 1
            print('FAIL: peak resident memory %d is not under %d' % (hwm, args.ceiling))
        with socket.create_connection(('127.0.0.1', port), timeout=10) as s:
            s.sendall(b'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
            status, _, _ = read_answer(s)
        passed, failed = (passed + 1, failed) if status == 200 else (passed, failed + 1)
    finally:
        proc.terminate()
        rc = proc.wait(30)
    passed, failed = (passed + 1, failed) if rc == 0 else (passed, failed + 1)
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
