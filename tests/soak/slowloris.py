#!/usr/bin/env python3
"""Slow and half-open clients must not stop others from being served.

Against one server, for --seconds (default 30, longer than the server's
10 s idle timeout), this opens and keeps feeding:
  slow-headers  a request's headers one byte at a time, a byte per second
                per connection (classic slowloris);
  silent        connections that send nothing;
  slow-body     full headers announcing a body that then trickles in;
  half-closed   part of a request line, then shutdown(SHUT_WR);
  non-reader    pipelined valid requests whose answers are never read.
Meanwhile a normal client sends a valid query on a new connection and one
on a keep-alive connection every 100 ms.

Passes when every normal request is answered 200 with a complete body
within 5 s (the client's socket timeout: a hung server fails the run, a
slow one does not). Prints the latency percentiles and what became of
the slow connections (still open, or closed by the server).

What this does not cover: libmicrohttpd's timeout is an idle timeout, so a
connection that sends a byte now and then stays until --upload-deadline
(30 s by default) lets it go; until then enough of them to reach
--connection-limit (1024 by default) starve every other client (try --slow
1030). Against that, also set --per-ip-limit when clients connect directly.

usage: slowloris.py [--bin PATH] [--seconds S] [--slow N] [--silent N]
                    [--slow-body N] [--half-closed N] [--non-readers N]
(binary default: $MANAFLOW_BIN, else build/src/cli/manaflow)
"""
import argparse
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BODY = b'{"battlefield":["Wooded Foothills","Forest"],"library":["Steam Vents"],"life":7,"cost":"RG"}'
REQUEST = (b"POST /v1/mana/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           b"Content-Length: %d\r\n\r\n" % len(BODY)) + BODY


def read_answer(sock):
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the headers")
        buf += chunk
    head, body = buf.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    m = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    length = int(m.group(1)) if m else 0
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside the body")
        body += chunk
    close = re.search(rb"(?i)\r\nconnection: *close", head) is not None
    return status, close


class Slow:
    """One misbehaving connection: what it still has to send, and how."""

    def __init__(self, kind, port, payload, step):
        self.kind, self.payload, self.step = kind, payload, step
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.setblocking(False)
        self.closed_by_server = False

    def tick(self):
        if self.closed_by_server:
            return
        try:
            # A read of 0 bytes means the server closed the connection; a
            # non-reader never reads, and learns it from a failed send.
            try:
                if self.kind != "non-reader" and self.sock.recv(65536) == b"":
                    self.closed_by_server = True
                    return
            except BlockingIOError:
                pass
            if self.payload:
                chunk, self.payload = self.payload[:self.step], self.payload[self.step:]
                self.sock.send(chunk)
        except BlockingIOError:
            pass
        except OSError:
            self.closed_by_server = True


def open_slow(port, args):
    conns = []
    headers = b"POST /v1/mana/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    for _ in range(args.slow):
        conns.append(Slow("slow-headers", port, headers + b"X-Pad: " + b"a" * 4000, 1))
    for _ in range(args.silent):
        conns.append(Slow("silent", port, b"", 0))
    for _ in range(args.slow_body):
        conns.append(Slow("slow-body", port, headers + b"Content-Length: 4000\r\n\r\n" +
                          b" " * 4000, 0))
    for c in conns[-args.slow_body:] if args.slow_body else []:
        # the headers go at once, then the body a byte per tick
        c.sock.setblocking(True)
        head_len = c.payload.index(b"\r\n\r\n") + 4
        c.sock.sendall(c.payload[:head_len])
        c.sock.setblocking(False)
        c.payload, c.step = c.payload[head_len:], 1
    for _ in range(args.half_closed):
        c = Slow("half-closed", port, b"", 0)
        c.sock.send(b"POST /v1/mana/so")
        c.sock.shutdown(socket.SHUT_WR)
        conns.append(c)
    for _ in range(args.non_readers):
        c = Slow("non-reader", port, REQUEST * 2000, 65536)
        conns.append(c)
    return conns


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.environ.get("MANAFLOW_BIN",
                                                    os.path.join(ROOT, "build/src/cli/manaflow")))
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--slow", type=int, default=300)
    ap.add_argument("--silent", type=int, default=150)
    ap.add_argument("--slow-body", type=int, default=100)
    ap.add_argument("--half-closed", type=int, default=50)
    ap.add_argument("--non-readers", type=int, default=20)
    args = ap.parse_args()
    if not os.access(args.bin, os.X_OK):
        sys.exit("no manaflow binary at %s: pass --bin or set MANAFLOW_BIN" % args.bin)
    total = args.slow + args.silent + args.slow_body + args.half_closed + args.non_readers
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = total + 256
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))

    log_path = "/tmp/manaflow-slowloris-%d.log" % os.getpid()
    log = open(log_path, "w+")
    proc = subprocess.Popen([args.bin, "serve", "--host", "127.0.0.1", "--port", "0",
                             "--no-access-log"], stderr=log)
    port = None
    for _ in range(100):
        log.seek(0)
        m = re.search(r'"msg":"listening".*"port":(\d+)', log.read())
        if m:
            port = int(m.group(1))
            break
        time.sleep(0.1)
    if port is None:
        proc.kill()
        sys.exit("the server did not start; see " + log_path)

    problems = []
    latencies = []
    conns = open_slow(port, args)
    stop = threading.Event()

    def feed():
        # Its own thread, so that a normal request waiting on the server
        # never pauses the slow clients into the server's idle timeout.
        while not stop.wait(1.0):
            for c in conns:
                c.tick()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    keep = None
    start = time.monotonic()
    normal = 0
    while time.monotonic() - start < args.seconds:
        for mode in ("new", "keep-alive"):
            t0 = time.monotonic()
            normal += 1
            try:
                if mode == "new" or keep is None:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                else:
                    sock = keep
                sock.sendall(REQUEST)
                status, close = read_answer(sock)
                if status != 200:
                    problems.append("%s request answered %d" % (mode, status))
                if mode == "new" or close:
                    sock.close()
                    if mode == "keep-alive":
                        keep = None
                else:
                    keep = sock
                latencies.append(time.monotonic() - t0)
            except OSError as e:
                problems.append("%s request at %.1f s: %s" % (mode, t0 - start, e))
                if mode == "keep-alive":
                    keep = None
        time.sleep(0.1)

    stop.set()
    feeder.join()
    by_kind = {}
    for c in conns:
        open_, closed = by_kind.get(c.kind, (0, 0))
        by_kind[c.kind] = (open_ + (not c.closed_by_server), closed + c.closed_by_server)
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "killed"
    for c in conns:
        c.sock.close()
    if code != 0:
        problems.append("the server exited %s on SIGTERM" % code)

    latencies.sort()

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else 0

    print("slowloris: %d misbehaving connections for %.0f s" % (total, args.seconds))
    for kind, (open_, closed) in by_kind.items():
        print("  %-13s still open %4d, closed by the server %4d" % (kind, open_, closed))
    print("  normal requests: %d sent, %d answered 200; latency ms p50 %.1f p99 %.1f max %.1f" %
          (normal, len(latencies) - sum(1 for p in problems if "answered" in p),
           pct(0.5), pct(0.99), pct(1.0)))
    print("  exit status on SIGTERM: %s" % code)
    for p in problems[:20]:
        print("  FAIL: " + p)
    if not problems:
        os.unlink(log_path)
    print("slowloris: " + ("ok" if not problems else "FAILED"))
    sys.exit(0 if not problems else 1)


if __name__ == "__main__":
    main()
