#!/usr/bin/env python3
"""Sends SIGTERM to a running manaflow server while a client holds a
keep-alive connection, and reports what readiness looks like afterwards.

Usage: drain_probe.py PORT PID
  1. connection A: GET /readyz (kept alive);
  2. SIGTERM to PID, then a short pause;
  3. connection B, new: GET /readyz (a kubelet probe opens a new one each time);
  4. connection A again: GET /readyz;
  5. close A, so the server has nothing left to drain.
Prints one JSON line: {"before": 200, "new_connection": "refused" | status,
"open_connection": status | "closed"}. Exit 0 iff it could run the steps.
"""

import http.client
import json
import os
import signal
import sys
import time


def get_readyz(conn):
    conn.request("GET", "/readyz")
    resp = conn.getresponse()
    resp.read()
    return resp.status


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    report = {}
    conn_a = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    report["before"] = get_readyz(conn_a)

    os.kill(pid, signal.SIGTERM)
    time.sleep(0.5)

    conn_b = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    try:
        report["new_connection"] = get_readyz(conn_b)
    except (ConnectionError, OSError):
        report["new_connection"] = "refused"
    finally:
        conn_b.close()

    try:
        report["open_connection"] = get_readyz(conn_a)
    except (http.client.HTTPException, ConnectionError, OSError):
        report["open_connection"] = "closed"
    finally:
        conn_a.close()

    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
