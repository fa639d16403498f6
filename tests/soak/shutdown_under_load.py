#!/usr/bin/env python3
"""Shutdown under load: SIGTERM while requests are in flight.

Clients on keep-alive connections (opened and answered once before the load
starts, so the server has accepted them) send a mix of quick and heavy
requests in a loop and record, for every request, when its last byte was
handed to the kernel and what came back. Then the server gets SIGTERM.

Passes when, in every round:
  - every request sent before the signal got a complete answer (status line,
    headers, the whole Content-Length body, which parses as JSON) with the
    status its kind expects: no reset, no early close, no 503;
  - the server exits 0 within its drain deadline (plus one second), and its
    "stopped" log line reports no request cut short.
Requests sent after the signal may be answered (with Connection: close) or
refused; they are counted, not judged. With --churn N, N more clients open
a new connection for every request, as curl in a loop does; a request of
theirs sent before the signal on a connection the server had not yet
accepted is reset when the listening socket closes, so their outcomes are
reported (WARN) but not judged.

usage: shutdown_under_load.py [--bin PATH] [--clients N] [--churn N]
                              [--load S] [--drain S] [--rounds N]
(binary default: $MANAFLOW_BIN, else build/src/cli/manaflow)
"""
import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def combat_board(n_att, n_def):
    att = [[(i * 7) % 6 + 1, (i * 5) % 6 + 1] for i in range(n_att)]
    dfn = [[(i * 3) % 5 + 1, (i * 11) % 6 + 1] for i in range(n_def)]
    return {"attackers": att, "defenders": dfn}


def batch(n):
    lands = ["Forest", "Plains", "Wooded Foothills", "Steam Vents", "City of Brass",
             "Urza's Mine", "Godless Shrine", "Marsh Flats"]
    costs = ["RG", "{W/P}{B}", "2W", "{2/U}", "C", "{X}{G}"]
    return {"queries": [{"battlefield": [lands[i % 8], lands[(i + 3) % 8], lands[(i + 5) % 8]],
                         "library": [lands[(i + 1) % 8]], "life": i % 20 + 1,
                         "cost": costs[i % 6], "x": 1} for i in range(n)]}


# kind: (path, body, expected status). Heavy kinds keep requests in flight
# on the worker threads when the signal arrives.
KINDS = [
    ("solve", "/v1/mana/solve",
     {"battlefield": ["Wooded Foothills", "Forest"], "library": ["Steam Vents"],
      "life": 7, "cost": "RG"}, 200),
    ("batch", "/v1/mana/solve/batch", batch(400), 200),
    ("combat", "/v1/combat/blocks", combat_board(12, 12), 200),
    ("deck", "/v1/deck/colors",
     {"cards": [{"name": "Mountain", "type_line": "Basic Land \u2014 Mountain"},
                {"name": "Boros Reckoner", "mana_cost": "{R/W}{R/W}{R/W}"}]}, 200),
    ("bad", "/v1/mana/solve", {"battlefield": ["Forrest"], "life": 3, "cost": "G"}, 400),
    ("camelot", "/v1/camelot/solve/batch", {"decks": ["QJ3J3828Q346KQ5A070J42764Q9J9A25K96A3829554K68007KA7", "654Q4A939708JJ067AKAQQ26A9J7254QJKK25K36590473280388", "72580564AKQ7A847K0347J8QKJA266Q9330JQ056954AJ389922K"]}, 200),
]


def encode(kind):
    name, path, body, _ = kind
    data = json.dumps(body).encode()
    head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\nX-Request-Id: %s\r\n\r\n" % (path, len(data), name))
    return head.encode() + data


REQUESTS = [(k, encode(k)) for k in KINDS]


class Incomplete(Exception):
    pass


def read_answer(sock):
    """Reads one HTTP/1.1 answer; returns (status, headers dict, body)."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise Incomplete("closed before the headers (%d bytes)" % len(buf))
        buf += chunk
    head, body = buf.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    m = re.match(r"HTTP/1\.[01] (\d{3})", lines[0])
    if not m:
        raise Incomplete("bad status line %r" % lines[0])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    length = int(headers.get("content-length", "-1"))
    if length < 0:
        raise Incomplete("no Content-Length")
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise Incomplete("closed after %d of %d body bytes" % (len(body), length))
        body += chunk
    return int(m.group(1)), headers, body[:length]


class Client(threading.Thread):
    def __init__(self, port, index, stop, churn=False):
        super().__init__(daemon=True)
        self.port, self.index, self.stop, self.churn = port, index, stop, churn
        self.records = []  # (sent_at, done_at, kind name, outcome, detail)
        self.sock = None
        self.ready = threading.Event()

    def connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run(self):
        n = self.index
        try:
            self.connect()
            # One answered request: the server has accepted this connection.
            self.sock.sendall(REQUESTS[0][1])
            read_answer(self.sock)
        except OSError as e:
            self.records.append((0.0, 0.0, "warmup", "error", str(e)))
            self.ready.set()
            return
        self.ready.set()
        while not self.stop.is_set():
            kind, raw = REQUESTS[n % len(REQUESTS)]
            n += 1
            if self.sock is None:
                try:
                    self.connect()
                except OSError as e:
                    now = time.monotonic()
                    self.records.append((now, now, kind[0], "refused", str(e)))
                    return
            try:
                self.sock.sendall(raw)
            except OSError as e:
                now = time.monotonic()
                self.records.append((now, now, kind[0], "send-failed", str(e)))
                return
            sent_at = time.monotonic()
            try:
                status, headers, body = read_answer(self.sock)
                json.loads(body)
                ok = status == kind[3]
                self.records.append((sent_at, time.monotonic(), kind[0],
                                     "answered" if ok else "wrong-status", str(status)))
                if self.churn or headers.get("connection", "").lower() == "close":
                    self.sock.close()
                    self.sock = None
            except (OSError, Incomplete, ValueError) as e:
                self.records.append((sent_at, time.monotonic(), kind[0], "cut",
                                     "%s: %s" % (type(e).__name__, e)))
                return


def one_round(binary, clients, churn, load_s, drain_s, round_no):
    log_path = "/tmp/manaflow-shutdown-%d-%d.log" % (os.getpid(), round_no)
    log = open(log_path, "w+")
    proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0",
                             "--no-access-log", "--drain-seconds", str(drain_s)],
                            stderr=log)
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

    stop = threading.Event()
    threads = [Client(port, i, stop) for i in range(clients)]
    threads += [Client(port, clients + i, stop, churn=True) for i in range(churn)]
    for t in threads:
        t.start()
    for t in threads:
        t.ready.wait(30)
    time.sleep(load_s)
    signalled_at = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=drain_s + 5)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "killed (no exit within %d s)" % (drain_s + 5)
    exit_after = time.monotonic() - signalled_at
    stop.set()
    for t in threads:
        t.join(30)
    log.seek(0)
    server_log = log.read()
    log.close()

    before = {"answered": 0, "wrong-status": 0, "cut": 0, "send-failed": 0, "refused": 0}
    after = dict(before)
    churned = dict(before)
    in_flight = 0
    problems = []
    warnings = []
    for t in threads:
        for sent_at, done_at, kind, outcome, detail in t.records:
            if kind == "warmup":
                problems.append("client %d could not start: %s" % (t.index, detail))
                continue
            if t.churn:
                if sent_at < signalled_at:
                    churned[outcome] += 1
                    if outcome != "answered":
                        warnings.append("new connection, %s sent %.3f s before the signal: "
                                        "%s %s" % (kind, signalled_at - sent_at, outcome, detail))
                continue
            side = before if sent_at < signalled_at else after
            side[outcome] += 1
            if sent_at < signalled_at <= done_at:
                in_flight += 1
            if sent_at < signalled_at and outcome != "answered":
                problems.append("%s sent %.3f s before the signal: %s %s" %
                                (kind, signalled_at - sent_at, outcome, detail))
    cut = re.search(r'"requests_cut_short":(\d+)', server_log)
    if code != 0:
        problems.append("the server exited %s" % code)
    if exit_after > drain_s + 1:
        problems.append("the server took %.2f s to exit (deadline %d s)" % (exit_after, drain_s))
    if not cut or cut.group(1) != "0":
        problems.append("stopped line: %s" % (cut.group(0) if cut else "missing"))
    print("round %d: %d clients, SIGTERM after %.1f s of load" % (round_no, clients, load_s))
    print("  sent before the signal: %s; %d of them in flight at the signal" %
          (before, in_flight))
    print("  sent after the signal:  %s" % after)
    print("  exit status %s after %.3f s (drain deadline %d s), %s" %
          (code, exit_after, drain_s, cut.group(0) if cut else "no stopped line"))
    if churn:
        print("  new-connection clients, sent before the signal: %s" % churned)
    if after["cut"]:
        warnings.insert(0, "%d requests sent after the signal were reset instead of refused: "
                        "new connections waited in the listen backlog for the drain to end"
                        % after["cut"])
    for w in warnings[:10]:
        print("  WARN: " + w)
    for p in problems[:20]:
        print("  FAIL: " + p)
    if not problems:
        os.unlink(log_path)
    return not problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.environ.get("MANAFLOW_BIN",
                                                    os.path.join(ROOT, "build/src/cli/manaflow")))
    ap.add_argument("--clients", type=int, default=48)
    ap.add_argument("--churn", type=int, default=0,
                    help="extra clients opening a connection per request (reported, not judged)")
    ap.add_argument("--load", type=float, default=2.0, help="seconds of load before SIGTERM")
    ap.add_argument("--drain", type=int, default=10, help="--drain-seconds of the server")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not os.access(args.bin, os.X_OK):
        sys.exit("no manaflow binary at %s: pass --bin or set MANAFLOW_BIN" % args.bin)
    ok = all([one_round(args.bin, args.clients, args.churn, args.load, args.drain, r + 1)
              for r in range(args.rounds)])
    print("shutdown under load: " + ("ok" if ok else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
